#!/usr/bin/env python3
"""Speed of `burnmigrate --dry-run` on the whole burn v0.21.0 tree, against an ast-grep baseline.

    python bench/speed.py [--runs 3] [--profile] [--strict] [--keep]

Extracts `git archive v0.21.0` of the burn mirror into a temp dir and, in that tree, times
(best of --runs after one warm-up; stdout to /dev/null):

  ast-grep        ast-grep run -p 'fn $F(d: &$B::Device) {}' --selector scoped_type_identifier -l rust .
                  (every `X::Device` type; the pattern is checked to parse without an ERROR node)
  burnmigrate     burnmigrate --dry-run --no-progress --color never .
  burnmigrate-json  the same with --format json

Peak RSS is the max resident set of the process tree (wait4 rusage: the largest single
process among the command and its worker processes, not their sum). The ratio
burnmigrate / ast-grep (best wall times) has a target of <= 2.0.

Writes bench/results/speed.json, prints a summary and exits 1 when burnmigrate exits non-zero
(or, with --strict, when the ratio misses the target); 2 on a setup problem. --profile also
writes bench/results/speed-profile.txt (cProfile, top 25 by cumulative time, default jobs and
--jobs 1).

Environment: BURN_MIRROR (default /work/.mirror/tracel-ai+burn/repo), BURNMIGRATE_BIN
(default `burnmigrate` on PATH), AST_GREP_BIN (default `ast-grep` on PATH; /usr/bin/sg is not
ast-grep).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (RESULTS, burnmigrate_cmd, die, extract, machine, mirror, repo_state,  # noqa: E402
                     mirror_rev, tool_version)

TAG = "v0.21.0"
TARGET_RATIO = 2.0
AG_PATTERN = "fn $F(d: &$B::Device) {}"
AG_SELECTOR = "scoped_type_identifier"


def run_once(argv: list[str], cwd: Path, stdout=None) -> dict:
    """Run argv; wall time, exit code and the rusage of its process tree (os.wait4)."""
    out = stdout if stdout is not None else subprocess.DEVNULL
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    p.stderr.close()
    return dict(wall=wall, exit=p.returncode, rss_kb=ru.ru_maxrss, user=ru.ru_utime, sys=ru.ru_stime,
                stderr=err.decode(errors="replace")[-2000:])


def measure(name: str, argv: list[str], cwd: Path, runs: int, warm_out: Path, ok_exits=(0,)) -> dict:
    with open(warm_out, "wb") as f:
        warm = run_once(argv, cwd, stdout=f)
    rows = [warm] if warm["exit"] not in ok_exits else [run_once(argv, cwd) for _ in range(runs)]
    bad = [r for r in [warm, *rows] if r["exit"] not in ok_exits]
    walls = [r["wall"] for r in rows]
    best = min(rows, key=lambda r: r["wall"])
    res = dict(
        name=name, cmd=" ".join(argv), runs=len(rows),
        best_s=round(best["wall"], 3), median_s=round(statistics.median(walls), 3),
        all_s=[round(w, 3) for w in walls], warmup_s=round(warm["wall"], 3),
        cpu_s=round(best["user"] + best["sys"], 3), peak_rss_mb=round(max(r["rss_kb"] for r in rows) / 1024, 1),
        exit=bad[0]["exit"] if bad else 0, ok=not bad,
    )
    if bad:
        res["stderr_tail"] = bad[0]["stderr"]
    print(f"  {name:17s} best {res['best_s']:7.3f}s  median {res['median_s']:7.3f}s  "
          f"cpu {res['cpu_s']:7.3f}s  rss {res['peak_rss_mb']:7.1f} MB  exit {res['exit']}", file=sys.stderr)
    return res


def pattern_is_clean(ag: str) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run([ag, "run", "-p", AG_PATTERN, "--selector", AG_SELECTOR, "-l", "rust",
                            "--debug-query=ast", d], capture_output=True, text=True)
    out = r.stdout + r.stderr
    return ("ERROR" not in out and r.returncode in (0, 1)), out


def profile(bm: str, tree: Path, out: Path) -> str:
    parts = []
    for label, extra in (("default jobs (main process only; workers are not profiled)", []),
                         ("--jobs 1 (everything in one process)", ["--jobs", "1"])):
        argv = [sys.executable, "-m", "cProfile", "-s", "cumtime", bm, "--dry-run", "--no-progress",
                "--color", "never", *extra, "."]
        r = subprocess.run(argv, cwd=tree, capture_output=True, text=True)
        # cProfile prints its table after the program's own stdout: keep the table only
        text = r.stdout
        i = text.find(" function calls")
        head = text[text.rfind("\n", 0, i) + 1:] if i >= 0 else text[-6000:]
        lines = head.splitlines()
        parts.append(f"### burnmigrate --dry-run --no-progress {' '.join(extra)} .  [{label}]  exit {r.returncode}\n"
                     + "\n".join(lines[:25 + 7]))
    text = "\n\n".join(parts) + "\n"
    out.write_text(text)
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="also write results/speed-profile.txt")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a ratio misses the target")
    ap.add_argument("--keep", action="store_true", help="keep the extracted tree (printed on stderr)")
    ap.add_argument("--out", default=str(RESULTS / "speed.json"))
    a = ap.parse_args()

    m = mirror()
    state0 = repo_state()
    bm = burnmigrate_cmd()
    ag = os.environ.get("AST_GREP_BIN") or shutil.which("ast-grep")
    if not ag:
        die("`ast-grep` is not on PATH (pip install ast-grep-cli; /usr/bin/sg is not ast-grep) or set AST_GREP_BIN")
    ag_version = tool_version([ag, "--version"])
    if not ag_version.startswith("ast-grep"):
        die(f"{ag} does not look like ast-grep (`--version` says {ag_version!r})")
    clean, dbg = pattern_is_clean(ag)
    if not clean:
        die(f"the ast-grep pattern {AG_PATTERN!r} does not parse cleanly:\n{dbg}")

    tmp = Path(tempfile.mkdtemp(prefix="bm-speed-"))
    failures: list[str] = []
    try:
        tree = tmp / "burn"
        extract(m, TAG, tree)
        n_rs = sum(1 for p in tree.rglob("*.rs"))
        n_bytes = sum(p.stat().st_size for p in tree.rglob("*.rs"))
        print(f"burn {TAG}: {n_rs} .rs files, {n_bytes / 1e6:.1f} MB in {tree}", file=sys.stderr)

        base = [bm, "--dry-run", "--no-progress", "--color", "never"]
        ag_res = measure("ast-grep", [ag, "run", "-p", AG_PATTERN, "--selector", AG_SELECTOR, "-l", "rust", "."],
                         tree, a.runs, tmp / "ag.out", ok_exits=(0, 1))
        bm_res = measure("burnmigrate", [*base, "."], tree, a.runs, tmp / "bm.out")
        bmj_res = measure("burnmigrate-json", [*base, "--format", "json", "."], tree, a.runs, tmp / "bm.json")

        ag_matches = sum(1 for _ in open(tmp / "ag.out", errors="replace"))
        summary_json = {}
        try:
            summary_json = json.loads((tmp / "bm.json").read_text()).get("summary", {})
        except (OSError, json.JSONDecodeError):
            pass
        for r in (bm_res, bmj_res):
            if not r["ok"]:
                failures.append(f"{r['name']} exited {r['exit']}: {r.get('stderr_tail', '')[-500:]}")
        if not ag_res["ok"]:
            failures.append(f"ast-grep exited {ag_res['exit']}: {ag_res.get('stderr_tail', '')[-500:]}")

        def ratio(r):
            return round(r["best_s"] / ag_res["best_s"], 2) if ag_res["ok"] and r["ok"] and ag_res["best_s"] else None

        ratio_text, ratio_json = ratio(bm_res), ratio(bmj_res)
        meets = all(x is not None and x <= TARGET_RATIO for x in (ratio_text, ratio_json))
        if a.strict and not meets:
            failures.append(f"ratio burnmigrate/ast-grep {ratio_text} (json {ratio_json}) > {TARGET_RATIO}")

        summary = dict(
            bench="speed", burn_tag=TAG, rs_files=n_rs, rs_mb=round(n_bytes / 1e6, 1),
            ast_grep_s=ag_res["best_s"], burnmigrate_s=bm_res["best_s"], burnmigrate_json_s=bmj_res["best_s"],
            ratio=ratio_text, ratio_json=ratio_json, target_ratio=TARGET_RATIO, meets_target=meets,
            peak_rss_mb=dict(ast_grep=ag_res["peak_rss_mb"], burnmigrate=bm_res["peak_rss_mb"],
                             burnmigrate_json=bmj_res["peak_rss_mb"]),
            burnmigrate_exit=bm_res["exit"], passed=not failures, failures=failures,
        )
        detail = dict(
            summary, date=time.strftime("%Y-%m-%d"), machine=machine(), repo=state0, repo_changed_during_run=(state0 != repo_state()),
            burn_commit=mirror_rev(m, TAG),
            burnmigrate=tool_version([bm, "--version"]), ast_grep=ag_version,
            ast_grep_pattern=AG_PATTERN, ast_grep_selector=AG_SELECTOR, ast_grep_matches=ag_matches,
            burnmigrate_summary={k: v for k, v in summary_json.items() if k != "by_rule"},
            measurements=[ag_res, bm_res, bmj_res],
        )
        if a.profile:
            prof_out = Path(a.out).with_name("speed-profile.txt")
            profile(bm, tree, prof_out)
            detail["profile"] = str(prof_out)
        out = Path(a.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(detail, indent=1) + "\n")
        print(json.dumps(summary))
    finally:
        if a.keep:
            print(f"kept {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
