#!/usr/bin/env python3
"""Migration fidelity of burnmigrate on burn's own examples (the hand migration of #4717).

    python bench/fidelity.py [--keep]

Extracts `dbf03c516^:examples` (before, burn 0.21 idioms) and `dbf03c516:examples` (golden,
migrated by hand) from the burn mirror into a temp dir, then:

  1. runs shared/tools/fidelity.py with `--only tier-a.txt` (the gate) and over all examples
     (and, for information, over burn's R12 device-constructor pair 803730970^ → 803730970, and
     over the same before/ against burn's examples at 2c06be351, the burn team's later hand
     migration: its precision says how much of the tool's output burn kept in the end);
  2. on the tool's output (the all-examples run):
     a. idempotence: a second `burnmigrate apply --allow-dirty` must change no file
        (sha256 of every file outside .git, before and after);
     b. leftovers explained: every .rs file still holding a 0.21 backend generic (the LEFTOVER
        regexes of fidelity.py, matches inside `//` comments ignored) must have at least one
        `"kind": "finding"` in `burnmigrate --dry-run --format json` of the migrated tree.

Prints one JSON summary line, writes bench/results/fidelity.json, and exits 1 when Tier-A
recall < 0.90 or precision < 0.95, an apply exits non-zero, new parse errors appear, the second
apply changes something, or a leftover file has no finding; 2 on a setup problem (no mirror,
no shared/ tools, no burnmigrate).

Environment: BURN_MIRROR (default /work/.mirror/tracel-ai+burn/repo), BURNMIGRATE_SHARED
(default $REPO/../shared), BURNMIGRATE_BIN (default `burnmigrate` on PATH).
"""
from __future__ import annotations

import argparse
import difflib
import hashlib
import importlib.util
import json
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (RESULTS, burnmigrate_cmd, die, extract, machine, mirror, repo_state,  # noqa: E402
                     mirror_rev, shared_dir, tool_version)

COMMIT = "dbf03c516"
# the device-constructor pair (golden-pairs.md section 2): `WgpuDevice::default()`-style device
# values → `Device::wgpu(..)`-style constructors, done by hand in burn's 803730970 (R12)
R12_COMMIT = "803730970"
R12_FILES = """mnist/examples/mnist.rs mnist/src/data.rs wgan/examples/wgan-mnist.rs
wgan/examples/wgan-generate.rs modern-lstm/examples/lstm-train.rs modern-lstm/examples/lstm-infer.rs
simple-regression/examples/regression.rs guide/src/bin/train.rs guide/src/bin/infer.rs
guide/src/bin/print.rs custom-renderer/examples/custom-renderer.rs
custom-training-loop/examples/custom-training-loop.rs
custom-learning-strategy/examples/custom-learning-strategy.rs""".split()
# burn's examples at the newest commit the mirror holds (2026-08-21, after 0.22.0-pre.2): the burn
# team's later hand migration, past dbf03c516's intermediate API (`with_default_checkpointers()`,
# `Device::flex()`); information only, and recall is low by nature (later features changed them too)
HEAD_COMMIT = "2c06be351"
MIN_RECALL, MIN_PRECISION = 0.90, 0.95


def load_ruler(path: Path):
    spec = importlib.util.spec_from_file_location("shared_fidelity", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def strip_line_comments(text: str) -> str:
    """Blank out `//` comments (doc comments included) while keeping string and char literals
    intact, so `"http://x"` is not cut and line numbers are kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c == "/" and text.startswith("/*", i):  # block comment: kept, only skipped over
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(text[i:j])
            i = j
        elif c == "r" and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")) and \
                text[i + 1:i + 2] in ('"', "#"):
            j = i + 1
            while j < n and text[j] == "#":
                j += 1
            if j < n and text[j] == '"':
                hashes = j - i - 1
                end = text.find('"' + "#" * hashes, j + 1)
                end = n if end < 0 else end + 1 + hashes
                out.append(text[i:end])
                i = end
            else:
                out.append(c)
                i += 1
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif c == "'":
            # char literal ('x', '\n', '\u{..}', '"') or a lifetime ('a): only skip literals
            if text.startswith("\\", i + 1):
                j = text.find("'", i + 3)
                j = i + 1 if j < 0 else j + 1
            elif i + 2 < n and text[i + 2] == "'":
                j = i + 3
            else:
                j = i + 1
            out.append(text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def leftovers(tree: Path, regexes: dict) -> dict:
    """{rel path: [{kind, line, text}]} for every .rs file with a LEFTOVER match outside `//`."""
    found = {}
    for p in sorted(tree.rglob("*.rs")):
        rel = p.relative_to(tree).as_posix()
        if rel.startswith(".git/") or "/target/" in f"/{rel}":
            continue
        raw = p.read_text(errors="replace")
        text = strip_line_comments(raw)
        lines = raw.splitlines()
        hits = []
        for kind, rx in regexes.items():
            for m in rx.finditer(text):
                ln = text.count("\n", 0, m.start()) + 1
                hits.append(dict(kind=kind, line=ln, text=lines[ln - 1].strip()[:160] if ln <= len(lines) else ""))
        if hits:
            found[rel] = sorted(hits, key=lambda h: h["line"])
    return found


def hash_tree(tree: Path) -> dict:
    out = {}
    for p in sorted(tree.rglob("*")):
        rel = p.relative_to(tree).as_posix()
        if rel == ".git" or rel.startswith(".git/") or not p.is_file():
            continue
        out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def run_ruler(ruler: Path, before: Path, golden: Path, cmd: str, out_json: Path, only: Path | None,
              keep: bool) -> tuple[dict, Path | None]:
    argv = [sys.executable, str(ruler), str(before), str(golden), "--cmd", cmd, "--json", str(out_json)]
    if only:
        argv += ["--only", str(only)]
    if keep:
        argv.append("--keep")
    t0 = time.perf_counter()
    r = subprocess.run(argv, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if r.returncode != 0 or not out_json.exists():
        die(f"fidelity.py failed (exit {r.returncode}):\n{r.stdout[-2000:]}\n{r.stderr[-4000:]}", 1)
    res = json.loads(out_json.read_text())
    res["ruler_seconds"] = round(wall, 2)
    kept = None
    for line in r.stderr.splitlines():
        if line.startswith("kept "):
            kept = Path(line[5:].strip())
    return res, kept


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (printed on stderr)")
    ap.add_argument("--out", default=str(RESULTS / "fidelity.json"), help="result file")
    a = ap.parse_args()

    m = mirror()
    state0 = repo_state()
    shared = shared_dir()
    ruler, tier_a = shared / "tools" / "fidelity.py", shared / "tools" / "tier-a.txt"
    for f in (ruler, tier_a):
        if not f.exists():
            die(f"{f} not found (set BURNMIGRATE_SHARED to the shared/ folder)")
    bm = burnmigrate_cmd()
    shared_ruler = load_ruler(ruler)
    try:
        import tree_sitter, tree_sitter_rust  # noqa: F401  (fidelity.py silently skips parse checks without them)
    except ImportError:
        die("tree_sitter / tree_sitter_rust not importable: the parse-error check would be skipped")

    tmp = Path(tempfile.mkdtemp(prefix="bm-fidelity-"))
    failures: list[str] = []
    try:
        before, golden = tmp / "before", tmp / "golden"
        extract(m, f"{COMMIT}^:examples", before)
        extract(m, f"{COMMIT}:examples", golden)
        cmd = f"{shlex.quote(bm)} apply --allow-no-vcs {{dir}}"

        # 1. the ruler: Tier-A (the gate) and all examples (kept for the checks below)
        tier, _ = run_ruler(ruler, before, golden, cmd, tmp / "tier-a.json", tier_a, keep=False)
        allx, work = run_ruler(ruler, before, golden, cmd, tmp / "all.json", None, keep=True)
        if work is None or not work.exists():
            die("fidelity.py --keep did not report its work dir", 1)
        shutil.move(str(work.parent), str(tmp / "migrated"))
        work = tmp / "migrated" / work.name

        for name, res in (("tier-a", tier), ("all", allx)):
            if res["exit"] != 0:
                failures.append(f"{name}: `burnmigrate apply` exited {res['exit']}: {res['stderr_tail'][-300:]}")
        if tier["recall"] is None or tier["recall"] < MIN_RECALL:
            failures.append(f"tier-a recall {tier['recall']} < {MIN_RECALL}")
        if tier["precision"] is None or tier["precision"] < MIN_PRECISION:
            failures.append(f"tier-a precision {tier['precision']} < {MIN_PRECISION}")
        new_err = sorted(set(tier["new_parse_errors"]) | set(allx["new_parse_errors"]))
        if new_err:
            failures.append(f"new parse errors in {len(new_err)} file(s): {', '.join(new_err[:10])}")

        # 2b. leftovers on the tool's output, each explained by a finding
        left = leftovers(work, shared_ruler.LEFTOVER)
        t0 = time.perf_counter()
        dr = subprocess.run([bm, "--dry-run", "--no-progress", "--color", "never", "--format", "json", str(work)],
                            capture_output=True, text=True)
        dry_secs = time.perf_counter() - t0
        findings, pending = {}, {}
        if dr.returncode != 0:
            failures.append(f"dry-run on the migrated tree exited {dr.returncode}: {dr.stderr[-500:]}")
            report = {"files": []}
        else:
            try:
                report = json.loads(dr.stdout)
            except json.JSONDecodeError as e:
                failures.append(f"dry-run JSON does not parse: {e}")
                report = {"files": []}
        for f in report.get("files", []):
            for ch in f.get("changes", []):
                bucket = findings if ch.get("kind") == "finding" else pending
                bucket.setdefault(f["path"], []).append(ch)
        unexplained = {}
        for rel, hits in left.items():
            if rel in findings:
                continue
            unexplained[rel] = dict(leftovers=hits[:20], other_changes=[
                dict(rule=c.get("rule"), kind=c.get("kind"), safety=c.get("safety"),
                     line=c.get("start", {}).get("line"), message=c.get("message"))
                for c in pending.get(rel, [])][:10])
        if unexplained:
            failures.append(f"{len(unexplained)} leftover file(s) without a finding: {', '.join(list(unexplained)[:10])}")
        # line coverage (information only): leftover lines not inside any finding's range
        uncovered = {}
        for rel, hits in left.items():
            spans = [(c["start"]["line"], c["end"]["line"]) for c in findings.get(rel, []) if "start" in c]
            miss = sorted({h["line"] for h in hits if not any(s <= h["line"] <= e for s, e in spans)})
            if miss and rel in findings:
                uncovered[rel] = miss

        # 2a. idempotence: a second apply must change nothing
        h1 = hash_tree(work)
        snap = tmp / "snapshot"
        shutil.copytree(work, snap, ignore=shutil.ignore_patterns(".git"))
        t0 = time.perf_counter()
        ap2 = subprocess.run([bm, "apply", "--allow-dirty", "--allow-no-vcs", "--no-progress", "--color", "never", str(work)],
                             capture_output=True, text=True)
        apply2_secs = time.perf_counter() - t0
        h2 = hash_tree(work)
        changed2 = sorted(k for k in set(h1) | set(h2) if h1.get(k) != h2.get(k))
        diffs2 = {}
        for rel in changed2[:20]:
            a_ = (snap / rel).read_text(errors="replace").splitlines() if (snap / rel).exists() else []
            b_ = (work / rel).read_text(errors="replace").splitlines() if (work / rel).exists() else []
            diffs2[rel] = "\n".join(list(difflib.unified_diff(a_, b_, f"a/{rel}", f"b/{rel}", lineterm="", n=1))[:60])
        if ap2.returncode != 0:
            failures.append(f"second apply exited {ap2.returncode}: {ap2.stderr[-500:]}")
        if changed2:
            failures.append(f"second apply changed {len(changed2)} file(s): {', '.join(changed2[:10])}")

        def brief(res):
            return {k: res[k] for k in ("files", "recall", "precision", "closure", "exit", "seconds")}

        # 3. information, not a gate: the R12 device-constructor pair
        r12_before, r12_golden = tmp / "r12-before", tmp / "r12-golden"
        extract(m, f"{R12_COMMIT}^:examples", r12_before)
        extract(m, f"{R12_COMMIT}:examples", r12_golden)
        r12_only = tmp / "r12-only.txt"
        r12_only.write_text("\n".join(R12_FILES) + "\n")
        r12, _ = run_ruler(ruler, r12_before, r12_golden, cmd, tmp / "r12.json", r12_only, keep=False)
        if r12["new_parse_errors"]:
            failures.append(f"R12 pair: new parse errors {r12['new_parse_errors']}")

        # 4. information, not a gate: the same before/ against burn's later examples (HEAD_COMMIT)
        head = None
        if subprocess.run(["git", "-C", str(m), "cat-file", "-e", f"{HEAD_COMMIT}^{{commit}}"]).returncode == 0:
            head_golden = tmp / "head-golden"
            extract(m, f"{HEAD_COMMIT}:examples", head_golden)
            head, _ = run_ruler(ruler, before, head_golden, cmd, tmp / "head.json", None, keep=False)

        summary = dict(
            bench="fidelity", burn_commit=mirror_rev(m, COMMIT),
            tier_a=brief(tier), all=brief(allx), r12_device_constructors=brief(r12),
            later_examples=dict(brief(head), commit=HEAD_COMMIT) if head is not None else None,
            leftover_counts=allx["leftovers"], new_parse_errors=new_err,
            leftover_files=len(left), leftover_files_with_finding=len(left) - len(unexplained),
            unexplained_leftover_files=sorted(unexplained),
            second_apply_changed=changed2, second_apply_exit=ap2.returncode,
            dry_run_findings=sum(len(v) for v in findings.values()),
            dry_run_pending_changes=sum(len(v) for v in pending.values()),
            passed=not failures, failures=failures,
        )
        detail = dict(
            summary, date=time.strftime("%Y-%m-%d"), machine=machine(), repo=state0, repo_changed_during_run=(state0 != repo_state()),
            burnmigrate=tool_version([bm, "--version"]),
            targets=dict(tier_a_recall=MIN_RECALL, tier_a_precision=MIN_PRECISION),
            timings=dict(tier_a_ruler=tier["ruler_seconds"], all_ruler=allx["ruler_seconds"],
                         dry_run_migrated=round(dry_secs, 2), second_apply=round(apply2_secs, 2)),
            tier_a_per_file=tier["per_file"], all_per_file=allx["per_file"],
            apply_stderr_tail=allx["stderr_tail"][-1000:],
            leftovers=left, unexplained=unexplained, leftover_lines_outside_findings=uncovered,
            pending_after_apply={k: [dict(rule=c.get("rule"), safety=c.get("safety"),
                                          line=c.get("start", {}).get("line"), message=c.get("message"))
                                     for c in v][:10] for k, v in pending.items()},
            second_apply_diffs=diffs2,
        )
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
