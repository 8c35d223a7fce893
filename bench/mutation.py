"""Mutation testing of the rules and the Rust layer (mutmut 3), against the fast tests.

    python bench/mutation.py                  # every mutant of codemods/, manifest_fixers/, burnmigrate/rust/ (hours)
    python bench/mutation.py --record-lines   # only mutants on lines that set a record's safety, kind or position
    python bench/mutation.py --ci             # the CI subset: canaries + record-line mutants of a few rules, with a floor

Why a staging tree: pyproject.toml installs `codemods/` as `burnmigrate.codemods` (package-dir
mapping). mutmut 3 names a mutant after its file's path and the tests import it by module name,
so under the mapping no test ever "covers" a mutant. The script therefore copies the repository
to a staging folder where the two rule folders sit inside the package (`burnmigrate/codemods/`),
runs mutmut there (it forks one process per mutant and runs only the tests that reach the mutated
function: per-rule test selection), and reads the verdicts back.

Results: bench/results/mutation.json (score, survivors with their diffs, the record-line
enumeration: every mutant on a line that sets a record's safety, kind or position, with its
status; a survivor there is either killed by a new corpus case or listed in EQUIVALENT below with
its reason). Mutants that did not run (no tests, timeout, not checked) count as survivors.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULT = ROOT / "bench" / "results" / "mutation.json"
ROOT_FOLDERS = {"codemods": ROOT / "codemods", "manifest_fixers": ROOT / "manifest_fixers", "rust": ROOT / "burnmigrate" / "rust"}
STAGE = Path(os.environ.get("BURNMIGRATE_CACHE", Path.home() / ".cache" / "burnmigrate")) / "mutation-stage"

MUTATED = ["burnmigrate/codemods/*", "burnmigrate/manifest_fixers/*", "burnmigrate/rust/*"]
# The lines that decide what a record says about itself: its safety, its kind (change or
# finding), its position. A mutant on such a line that survives is the bug issue 24 is about.
RECORD_LINE = re.compile(r"Safety\.|safety\s*=|RuleKind|RecordKind|\bself\.(change|finding|changed)\(|"
                         r"\bspan\s*=|\bstart_(line|col)\b|\bend_(line|col)\b")

# Mutants on record lines that no test can tell apart from the original, each with its reason:
# (mutant name glob without its number, regex a removed line matches, regex an added line matches,
# why). mutmut numbers
# mutants in source order, so a number would drift with every edit; the mutation itself does not.
# Listed here, reviewed by a person, never generated.
EQUIVALENT: list[tuple[str, str, str, str]] = [
    ("*._backend_args.x_decide__mutmut_*", r"Safety\.SAFE", r"^\s*safety = None$|ArgDecision\(list\(args\), None,",
     "`ArgDecision.safety` reaches `Rule.change(safety=..)`, where None means the rule's own safety; "
     "both rules that call `decide` (backend-type-argument, backend-turbofish) declare `Safety.SAFE`"),
]

# CI: the rules whose record lines are mutated, and the least share of those mutants killed.
CI_RULES = ("dataset_result", "timing_without_sync", "module_optimizer", "valid_for_inference")
CI_FLOOR = 0.99   # measured 0.994 (155 of 156) on 2026-12-01; bench/README.md

# Two mutants of our own that must die (the two shapes issue 24 found unguarded): a wrong "safe"
# and a finding on a declared near miss. Each is (the rule's corpus folder, which selects the
# tests, the file in the staging tree, text, replacement).
CANARIES = (
    ("dataset-result", "burnmigrate/codemods/dataset_result.py",
     "safety=Safety.REVIEW, reason=_OOB_REASON)]\n\n",
     "safety=Safety.SAFE, reason=_OOB_REASON)]\n\n"),
    ("timing-without-sync", "burnmigrate/codemods/timing_without_sync.py",
     "if not _TENSOR_WORK.search(between) or _SYNCED.search(between):",
     "if not _TENSOR_WORK.search(between):"),
)


def stage(dest: Path) -> None:
    """The repository's files (tracked and new, not ignored) with the rule folders inside the package."""
    if dest.exists():
        shutil.rmtree(dest)
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if not src.is_file():
            continue
        parts = Path(rel).parts
        if parts[0] in ("codemods", "manifest_fixers"):
            rel = str(Path("burnmigrate", *parts))
        out = dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, out)


def write_config(dest: Path, only: list[str], tests: list[str]) -> None:
    """The staging tree's pyproject.toml: the repository's pytest settings and mutmut's."""
    import tomllib

    import tomlkit
    pytest_opts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    doc = tomlkit.document()
    doc["tool"] = {"pytest": pytest_opts, "mutmut": {
        "source_paths": ["burnmigrate"],
        "only_mutate": only,
        "also_copy": ["corpus/", "tests/", "README.md", "CHANGELOG.md", "examples/", "action.yml", "bench/"],
        "pytest_add_cli_args_test_selection": tests,
        # test_scaffold copies the repository with git (the stage is no repository) and runs
        # the whole fast suite again: it kills nothing the suite itself does not
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "-m", "not compile_tier", "--ignore=tests/test_scaffold.py"],
        "use_git_change_detection": False,
        "timeout_multiplier": 5.0,
    }}
    (dest / "pyproject.toml").write_text(tomlkit.dumps(doc))


# -- inside the staging tree (run with cwd = the stage, by the functions below) -------------------

_ENUMERATE = r"""
import ast, difflib, json, os, sys
from mutmut.__main__ import copy_src_dir, create_mutants, setup_source_paths
from mutmut.utils.file_utils import copy_also_copy_files, walk_mutatable_files
from mutmut.mutation.data import SourceFileMutationData
from mutmut.stats import status_by_exit_code
os.makedirs("mutants", exist_ok=True)
if sys.argv[1] == "generate":
    copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants(int(sys.argv[2]))
out = []
want_diff = sys.argv[1] in ("generate", "diffs")
for path in walk_mutatable_files():
    m = SourceFileMutationData(path=path)
    m.load()
    defs = {}
    if want_diff and m.exit_code_by_key:   # each mutant is a def beside `<name>__mutmut_orig` in the mutated file
        text = open(os.path.join("mutants", path), encoding="utf-8").read()
        lines = text.splitlines()   # (ast.get_source_segment splits the file again on every call)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "__mutmut_" in node.name:
                defs[node.name] = "\n".join(lines[node.lineno:node.end_lineno])   # its body, without the def line
    for name, code in m.exit_code_by_key.items():
        row = {"name": name, "path": str(path), "status": status_by_exit_code[code]}
        if want_diff:
            fn = name.rsplit(".", 1)[1]
            orig = defs.get(fn.rsplit("__mutmut_", 1)[0] + "__mutmut_orig", "").splitlines()
            new = defs.get(fn, "").splitlines()
            diff = [l for l in difflib.unified_diff(orig, new, lineterm="", n=0) if not l.startswith(("---", "+++"))]
            row["removed"] = [l[1:] for l in diff if l.startswith("-")]
            row["added"] = [l[1:] for l in diff if l.startswith("+")]
        out.append(row)
json.dump(out, open(sys.argv[3], "w"))
"""


def _in_stage(dest: Path, *args: str, capture: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(dest))
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return subprocess.run(list(args), cwd=dest, env=env, capture_output=capture, text=True)


def enumerate_mutants(dest: Path, how: str, jobs: int) -> list[dict]:
    """Every mutant of the staged files: name, file, status, and (when asked) its diff lines."""
    out = dest / "mutants-enumerated.json"
    p = _in_stage(dest, sys.executable, "-c", _ENUMERATE, how, str(jobs), str(out))
    if p.returncode:
        raise SystemExit(f"mutmut could not enumerate the mutants:\n{p.stderr[-3000:]}")
    return json.loads(out.read_text())


def on_record_line(m: dict) -> bool:
    return any(RECORD_LINE.search(line) for line in m["removed"] + m["added"])


def equivalent_reason(row: dict) -> str | None:
    import fnmatch
    return next((why for pat, removed, added, why in EQUIVALENT
                 if fnmatch.fnmatch(row["name"], pat) and any(re.search(removed, line) for line in row.get("removed", []))
                 and any(re.search(added, line) for line in row.get("added", []))), None)


def run_mutants(dest: Path, names: list[str], jobs: int) -> None:
    if not names:
        return
    p = _in_stage(dest, "mutmut", "run", "--max-children", str(jobs), *names)
    if p.returncode:
        raise SystemExit(f"mutmut run failed ({p.returncode}):\n{(p.stdout or '')[-3000:]}\n{(p.stderr or '')[-3000:]}")


def run_canaries(dest: Path, tests: list[str]) -> list[dict]:
    """Apply each hand-written mutant to the staged source, run the tests, restore: each must fail."""
    out = []
    for rule, rel, old, new in CANARIES:
        f = dest / rel
        text = f.read_text()
        assert text.count(old) == 1, f"canary text not found exactly once in {rel}: {old!r}"
        f.write_text(text.replace(old, new))
        try:
            p = _in_stage(dest, sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                          "-m", "not compile_tier", "-k", rule, *tests)
        finally:
            f.write_text(text)
        out.append({"file": rel, "mutation": f"{old.strip()} -> {new.strip()}", "killed": p.returncode == 1})
    return out


def summarise(rows: list[dict]) -> dict:
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    killed = counts.get("killed", 0) + counts.get("caught by type check", 0)
    return {"mutants": len(rows), "killed": killed, "by_status": dict(sorted(counts.items())),
            "score": round(killed / len(rows), 4) if rows else None}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--record-lines", action="store_true", help="only mutants on record lines (safety, kind, position)")
    ap.add_argument("--ci", action="store_true", help="CI subset: canaries, record-line mutants of CI_RULES, floor")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--stage", type=Path, default=STAGE)
    ap.add_argument("--no-write", action="store_true", help="do not write bench/results/mutation.json")
    ap.add_argument("--modules", default="", help="comma-separated module names to mutate (`backend_phantom,burn_version`); "
                    "a partial run never writes bench/results/mutation.json")
    a = ap.parse_args(argv)
    t0 = time.monotonic()
    only = [f"burnmigrate/codemods/{r}.py" for r in CI_RULES] if a.ci else MUTATED
    if a.modules:
        only = [f"burnmigrate/{folder}/{m}.py" for m in a.modules.split(",")
                for folder in ("codemods", "manifest_fixers", "rust") if (ROOT_FOLDERS[folder] / f"{m}.py").exists()]
        if not only:
            raise SystemExit(f"no module named {a.modules!r} under codemods/, manifest_fixers/ or burnmigrate/rust/")
        a.no_write = True
    # The tests that judge the rules without compiling: the corpus (records, near misses, safety
    # caps, before -> after) and the unit tests of the Rust layer. mutmut picks, per mutant, the
    # ones that reached the mutated function.
    # --record-lines: the tests that judge the rules in-process (the corpus, the rule contract,
    # the manifests, removed items, config files); the others spend their time in subprocesses
    # (the CLI, PR, verify, `explain` per chapter), which reach these lines where mutmut's
    # per-function selection does not see them
    tests = (["tests/test_corpus.py"] if a.ci else
             ["tests/test_corpus.py", "tests/test_rules.py", "tests/test_manifests.py",
              "tests/test_removed_items.py", "tests/test_config_files.py"] if a.record_lines else ["tests/"])
    stage(a.stage)
    write_config(a.stage, only, tests)
    canaries = run_canaries(a.stage, ["tests/test_corpus.py"])
    rows = enumerate_mutants(a.stage, "generate", a.jobs)
    chosen = [r for r in rows if on_record_line(r)] if (a.record_lines or a.ci) else rows
    run_mutants(a.stage, [r["name"] for r in chosen], a.jobs)
    status = {r["name"]: r["status"] for r in enumerate_mutants(a.stage, "status", a.jobs)}
    for r in chosen:
        r["status"] = status[r["name"]]
    record_rows = [r for r in chosen if on_record_line(r)]
    survivors = [r for r in chosen if r["status"] not in ("killed", "caught by type check")]
    record_survivors = [dict(r, equivalent=equivalent_reason(r)) for r in record_rows
                        if r["status"] not in ("killed", "caught by type check")]
    report = {
        "mode": "ci" if a.ci else ("record-lines" if a.record_lines else "all"),
        "mutated": only, "tests": tests, "seconds": round(time.monotonic() - t0, 1),
        "all": summarise(chosen), "record_lines": summarise(record_rows),
        "canaries": canaries,
        "record_line_survivors": record_survivors,
        "survivors": [{k: r[k] for k in ("name", "status", "removed", "added")} for r in survivors],
    }
    if a.ci:
        report["floor"] = CI_FLOOR
    (a.stage / "mutation-report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    if not a.no_write and not a.ci:
        RESULT.parent.mkdir(parents=True, exist_ok=True)
        RESULT.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    s, rl = report["all"], report["record_lines"]
    print(f"mutation ({report['mode']}): {s['killed']}/{s['mutants']} killed (score {s['score']}), "
          f"record lines {rl['killed']}/{rl['mutants']}, {report['seconds']} s")
    failed = False
    for c in canaries:
        if not c["killed"]:
            print(f"canary survived: {c['file']}: {c['mutation']}")
            failed = True
    unexplained = [r for r in record_survivors if not r["equivalent"]]
    for r in unexplained:
        print(f"record-line survivor ({r['status']}): {r['name']}\n  - " + "\n  - ".join(r["removed"])
              + "\n  + " + "\n  + ".join(r["added"]))
    if a.ci and (s["score"] or 0) < CI_FLOOR:
        print(f"mutation score {s['score']} is under the floor {CI_FLOOR}")
        failed = True
    if a.record_lines and unexplained:   # the bench's target; CI holds the floor and the canaries
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
