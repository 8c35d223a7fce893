#!/usr/bin/env python3
"""Speed of `burnmigrate --dry-run` on the whole burn v0.21.0 tree, against ast-grep.

    python bench/speed.py [--runs 3] [--profile] [--strict] [--keep] [--tree DIR]

Extracts `git archive v0.21.0` of the burn mirror into a temp dir (or uses --tree) and, in that
tree, times (best of --runs after one warm-up run; stdout to a file):

  ast-grep-10       ast-grep scan -r bench/ast-grep-rules.yml .    (the baseline: ten rewrite rules)
  ast-grep-1        ast-grep run -p 'fn $F(d: &$B::Device) {}' --selector scoped_type_identifier .
  parse-floor       bench/parse_floor.py: Python reads and tree-sitter parses every .rs file once,
                    one process per core, nothing else (the floor under any Python + tree-sitter run)
  cold-FORMAT       burnmigrate --dry-run --no-progress --color never --no-cache --format FORMAT .
  warm-FORMAT       the same with --cache (its own empty cache dir, filled by the warm-up run)

for FORMAT in text, json, sarif. Checks, and fails on: every ast-grep rule matches something
(a broken rule would make the baseline fast), every warm timed run was a cache hit, and each
format's output is byte-identical cold and warm, on the tree and on its examples/ alone. Records the ratio cold / ast-grep-10 (target
<= 1.0, best wall times), the parses per file (BURNMIGRATE_STATS of a cold run), the phase times
of that run, the CPU seconds of the costliest rules' `run` (summed over the workers) and the peak RSS: the largest single process of the command's tree (wait4 rusage:
the main process or one worker), not their sum.

Writes bench/results/speed.json, prints a summary and exits 1 when a command fails or a check
does (with --strict also when the ratio misses its target); 2 on a setup problem. --profile also
writes bench/results/speed-profile.txt (cProfile with --jobs 1, top 40 by own time).

Environment: BURN_MIRROR (default /work/.mirror/tracel-ai+burn/repo), BURNMIGRATE_BIN
(default `burnmigrate` on PATH), AST_GREP_BIN (default `ast-grep` on PATH; /usr/bin/sg is not
ast-grep).
"""
from __future__ import annotations

import argparse
import collections
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
TARGET_RATIO = 1.0       # cold burnmigrate / ten-rule ast-grep
TARGET_WARM_S = 1.0      # a preview of an unchanged tree
AG_RULES = Path(__file__).resolve().parent / "ast-grep-rules.yml"
AG_PATTERN = "fn $F(d: &$B::Device) {}"
AG_SELECTOR = "scoped_type_identifier"
FORMATS = ("text", "json", "sarif")


def run_once(argv: list[str], cwd: Path, out: Path, env: dict | None = None) -> dict:
    """Run argv with stdout to `out`; wall time, exit code and the rusage of its process tree."""
    with open(out, "wb") as f:
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, cwd=cwd, stdout=f, stderr=subprocess.PIPE, env=env)
        err = p.stderr.read()
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
    p.stderr.close()
    return dict(wall=wall, exit=os.waitstatus_to_exitcode(status), rss_kb=ru.ru_maxrss, user=ru.ru_utime,
                sys=ru.ru_stime, stderr=err.decode(errors="replace")[-2000:])


def measure(name: str, argv: list[str], cwd: Path, runs: int, out: Path, ok_exits=(0,), env=None,
            after_run=None) -> dict:
    """One warm-up run (its output kept in `out`), then `runs` timed ones (the last one's output
    in `out`.last). `after_run(k)` is called after each timed run."""
    warm = run_once(argv, cwd, out, env)
    rows = []
    if warm["exit"] in ok_exits:
        for k in range(runs):
            rows.append(run_once(argv, cwd, out.with_suffix(out.suffix + ".last"), env))
            if after_run:
                after_run(k)
    rows = rows or [warm]
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
    print(f"  {name:13s} best {res['best_s']:7.3f}s  median {res['median_s']:7.3f}s  "
          f"cpu {res['cpu_s']:7.3f}s  rss {res['peak_rss_mb']:7.1f} MB  exit {res['exit']}", file=sys.stderr)
    return res


def rule_matches(ag: str, tree: Path) -> collections.Counter:
    r = subprocess.run([ag, "scan", "-r", str(AG_RULES), "--json=stream", "."], cwd=tree, capture_output=True, text=True)
    return collections.Counter(json.loads(line)["ruleId"] for line in r.stdout.splitlines() if line.strip())


def rule_ids() -> list[str]:
    return [line.split(":", 1)[1].strip() for line in AG_RULES.read_text().splitlines() if line.startswith("id:")]


def profile(bm: str, tree: Path, out: Path) -> None:
    import pstats
    with tempfile.TemporaryDirectory() as d:
        prof = Path(d) / "prof.out"
        subprocess.run([sys.executable, "-m", "cProfile", "-o", str(prof), bm, "--dry-run", "--no-progress", "--color",
                        "never", "--no-cache", "--jobs", "1", "."], cwd=tree, stdout=subprocess.DEVNULL)
        with open(out, "w") as f:
            f.write("### burnmigrate --dry-run --no-progress --no-cache --jobs 1 .  (cProfile, top 40 by own time)\n")
            pstats.Stats(str(prof), stream=f).sort_stats("tottime").print_stats(40)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="also write results/speed-profile.txt")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a ratio misses the target")
    ap.add_argument("--keep", action="store_true", help="keep the extracted tree (printed on stderr)")
    ap.add_argument("--tree", help="measure this extracted burn tree instead of extracting one")
    ap.add_argument("--out", default=str(RESULTS / "speed.json"))
    a = ap.parse_args()

    m = mirror() if not a.tree else None
    state0 = repo_state()
    bm = burnmigrate_cmd()
    ag = os.environ.get("AST_GREP_BIN") or shutil.which("ast-grep")
    if not ag:
        die("`ast-grep` is not on PATH (pip install ast-grep-cli; /usr/bin/sg is not ast-grep) or set AST_GREP_BIN")
    ag_version = tool_version([ag, "--version"])
    if not ag_version.startswith("ast-grep"):
        die(f"{ag} does not look like ast-grep (`--version` says {ag_version!r})")

    tmp = Path(tempfile.mkdtemp(prefix="bm-speed-"))
    failures: list[str] = []
    try:
        tree = Path(a.tree).resolve() if a.tree else tmp / "burn"
        if not a.tree:
            extract(m, TAG, tree)
        n_rs = sum(1 for p in tree.rglob("*.rs"))
        n_bytes = sum(p.stat().st_size for p in tree.rglob("*.rs"))
        print(f"burn {TAG}: {n_rs} .rs files, {n_bytes / 1e6:.1f} MB in {tree}", file=sys.stderr)

        matches = rule_matches(ag, tree)
        silent = [r for r in rule_ids() if not matches.get(r)]
        if silent:
            failures.append(f"ast-grep rules matching nothing (broken?): {', '.join(silent)}")
        base = [bm, "--dry-run", "--no-progress", "--color", "never"]
        res = {}
        res["parse-floor"] = measure("parse-floor", [sys.executable, str(Path(__file__).resolve().parent / "parse_floor.py"), "."],
                                     tree, a.runs, tmp / "floor.out")
        res["ast-grep-10"] = measure("ast-grep-10", [ag, "scan", "-r", str(AG_RULES), "."], tree, a.runs,
                                     tmp / "ag10.out", ok_exits=(0, 1))
        res["ast-grep-1"] = measure("ast-grep-1", [ag, "run", "-p", AG_PATTERN, "--selector", AG_SELECTOR, "-l", "rust", "."],
                                    tree, a.runs, tmp / "ag1.out", ok_exits=(0, 1))
        stats_file = tmp / "stats.json"
        env_stats = dict(os.environ, BURNMIGRATE_STATS=str(stats_file))
        cold_stats = {}
        for fmt in FORMATS:
            res[f"cold-{fmt}"] = measure(f"cold-{fmt}", [*base, "--no-cache", "--format", fmt, "."], tree, a.runs,
                                         tmp / f"cold.{fmt}", env=env_stats)
            if fmt == "text" and stats_file.exists():
                cold_stats = json.loads(stats_file.read_text())
        hits = []

        def saw_hit(_k):
            hits.append(stats_file.exists() and json.loads(stats_file.read_text()).get("cache_hit") is True)

        for fmt in FORMATS:
            env_warm = dict(env_stats, BURNMIGRATE_CACHE=str(tmp / f"cache-{fmt}"))
            res[f"warm-{fmt}"] = measure(f"warm-{fmt}", [*base, "--cache", "--format", fmt, "."], tree, a.runs,
                                         tmp / f"warm.{fmt}", env=env_warm, after_run=saw_hit)
        if not all(hits):
            failures.append(f"warm runs that missed the cache: {hits.count(False)} of {len(hits)}")
        identical = {}
        for fmt in FORMATS:
            cold, warm = (tmp / f"cold.{fmt}").read_bytes(), (tmp / f"warm.{fmt}.last").read_bytes()
            identical[fmt] = cold == warm and cold == (tmp / f"cold.{fmt}.last").read_bytes()
            if not identical[fmt]:
                failures.append(f"{fmt}: the output differs between runs (cold warm-up, cold, warm)")
        # the same on burn's examples/ alone (a project of its own: other crates, another key)
        examples = tree / "examples"
        for fmt in FORMATS:
            env_ex = dict(os.environ, BURNMIGRATE_CACHE=str(tmp / f"cache-examples-{fmt}"))
            outs = []
            for flag in ("--no-cache", "--cache", "--cache"):
                r = run_once([*base, flag, "--format", fmt, "."], examples, tmp / f"ex.{fmt}{len(outs)}", env_ex)
                outs.append((tmp / f"ex.{fmt}{len(outs)}").read_bytes() if r["exit"] == 0 else None)
            identical[f"examples-{fmt}"] = outs[0] is not None and outs[0] == outs[1] == outs[2]
            if not identical[f"examples-{fmt}"]:
                failures.append(f"examples/ {fmt}: the output differs with the cache (or a run failed)")
        for r in res.values():
            if not r["ok"]:
                failures.append(f"{r['name']} exited {r['exit']}: {r.get('stderr_tail', '')[-500:]}")

        ag10 = res["ast-grep-10"]["best_s"]

        def ratio(name):
            r = res[name]
            return round(r["best_s"] / ag10, 2) if res["ast-grep-10"]["ok"] and r["ok"] and ag10 else None

        ratios = {fmt: ratio(f"cold-{fmt}") for fmt in FORMATS}
        meets = all(x is not None and x <= TARGET_RATIO for x in ratios.values())
        warm_ok = all(res[f"warm-{f}"]["best_s"] <= TARGET_WARM_S for f in FORMATS)
        if a.strict and not meets:
            failures.append(f"cold / ast-grep-10 ratios {ratios} > {TARGET_RATIO}")
        parses = cold_stats.get("parses", {})
        files = cold_stats.get("rust_files") or 0
        summary = dict(
            bench="speed", burn_tag=TAG, rs_files=n_rs, rs_mb=round(n_bytes / 1e6, 1),
            ast_grep_10_s=ag10, ast_grep_1_s=res["ast-grep-1"]["best_s"], parse_floor_s=res["parse-floor"]["best_s"],
            cold_s={f: res[f"cold-{f}"]["best_s"] for f in FORMATS},
            warm_s={f: res[f"warm-{f}"]["best_s"] for f in FORMATS},
            ratio_cold=ratios, target_ratio=TARGET_RATIO, meets_target=meets,
            warm_under_s=TARGET_WARM_S, warm_meets=warm_ok, identical_cold_warm=identical,
            parses_per_file=dict(full=round(parses.get("full", 0) / files, 2) if files else None,
                                 incremental=round(parses.get("incremental", 0) / files, 2) if files else None,
                                 full_mb=round(parses.get("full_bytes", 0) / 1e6, 1)),
            phases_s=cold_stats.get("seconds", {}),
            rules_cpu_s=dict(list(cold_stats.get("rule_seconds", {}).items())[:8]),
            peak_rss_mb={k: r["peak_rss_mb"] for k, r in res.items()},
            passed=not failures, failures=failures,
        )
        detail = dict(
            summary, date=time.strftime("%Y-%m-%d"), machine=machine(), repo=state0,
            repo_changed_during_run=(state0 != repo_state()),
            burn_commit=mirror_rev(m, TAG) if m else "", burnmigrate=tool_version([bm, "--version"]),
            ast_grep=ag_version, ast_grep_rules=str(AG_RULES.name), ast_grep_matches=dict(matches),
            cold_stats=cold_stats, measurements=list(res.values()),
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
