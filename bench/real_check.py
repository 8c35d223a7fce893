"""real_check: burnmigrate on real 0.21 code, judged by the real burn crates.

burn's own `examples/` at tag v0.21.0 (read from the burn mirror, extracted into a temp dir at run
time; nothing of burn's is stored in this repo) become a user workspace on the registry's burn
0.21.0: burn's root `[workspace.dependencies]` without their `path` keys, its `[workspace.package]`
and lints, burn's own Cargo.lock for the versions it tested, one workspace per example (with the
sibling examples it depends on by path). Then, per example:

1. `cargo check --workspace --all-targets --keep-going --message-format=json` against burn
   0.21.0: does it build as a 0.21 project? (an example that does not is listed with the reason:
   a harness on which nothing builds measures nothing);
2. `burnmigrate apply` on the workspace;
3. the same cargo check against burn 0.22.1; each error left is classified by
   `burnmigrate verify --cargo-log` (flagged / pending / not covered) from that same cargo run.

Examples whose burn features need a build script that downloads (`tch`: libtorch; `cpu`, `cuda`,
`rocm`: LLVM) cannot build on a machine without the internet; they are listed, not built. Each
example is its own workspace, so another example's dependencies cannot keep it from resolving
with burn 0.22.1 (together, 13 of 18 did not); one target dir is shared.

    python bench/real_check.py [--rev v0.21.0] [--keep DIR] [--only EXAMPLE ...]

Writes bench/results/real_check.json and prints the table (Markdown) on stdout.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import tomlkit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import RESULTS, burnmigrate_cmd, die, extract, machine, mirror, repo_state

DOWNLOADING = {"tch": "libtorch (torch-sys)", "cpu": "LLVM (tracel-llvm-bundler)", "cuda": "LLVM (through cubecl)",
               "rocm": "LLVM (through cubecl)"}


def target_dir() -> Path:
    base = Path(os.environ.get("BURNMIGRATE_CACHE", Path.home() / ".cache" / "burnmigrate"))
    return Path(os.environ.get("BURNMIGRATE_REALCHECK_TARGET", base / "target-realcheck"))


def burn_features(manifest: Path) -> set[str]:
    doc = tomlkit.parse(manifest.read_text("utf-8"))
    out: set[str] = set()
    for t in ("dependencies", "dev-dependencies", "build-dependencies"):
        spec = (doc.get(t) or {}).get("burn")
        if hasattr(spec, "get"):
            out |= {str(f) for f in spec.get("features", [])}
    for name, vals in (doc.get("features") or {}).items():
        if name == "default":
            out |= {str(v).split("/", 1)[1] for v in vals if str(v).startswith(("burn/", "burn?/"))}
    return out


def _path_deps(manifest: Path) -> list[str]:
    """The sibling examples an example depends on by path (`guide = { path = "../guide" }`)."""
    doc = tomlkit.parse(manifest.read_text("utf-8"))
    out = []
    for t in ("dependencies", "dev-dependencies", "build-dependencies"):
        for spec in (doc.get(t) or {}).values():
            if hasattr(spec, "get") and "path" in spec and str(spec["path"]).startswith("../"):
                out.append(str(spec["path"])[3:].strip("/"))
    return out


def examples(src: Path) -> tuple[list[str], dict[str, str]]:
    """→ (the examples to judge, {example: why it is not built})."""
    root = tomlkit.parse((src / "Cargo.toml").read_text("utf-8"))
    excluded = {str(e).split("/", 1)[-1] for e in root["workspace"].get("exclude", [])}
    members, skipped = [], {}
    for d in sorted((src / "examples").iterdir()):
        if not (d / "Cargo.toml").is_file():
            continue
        if d.name in excluded:
            skipped[d.name] = "excluded from burn's own workspace at this tag"
            continue
        dl = sorted(f for f in burn_features(d / "Cargo.toml") if f in DOWNLOADING)
        if dl:
            skipped[d.name] = "needs " + ", ".join(f"`{f}` (its build script downloads {DOWNLOADING[f]})" for f in dl)
            continue
        members.append(d.name)
    return members, skipped


def make_workspace(src: Path, dest: Path, example: str) -> None:
    """A user workspace of one example under dest: `examples/<example>` and the sibling examples
    it depends on by path (members by being path dependencies inside the workspace), a root
    manifest of burn's workspace tables without paths, burn's Cargo.lock for the versions it
    tested. One example per workspace: another example's dependencies cannot stop this one from
    resolving with burn 0.22.1."""
    todo, seen = [example], set()
    while todo:
        ex = todo.pop()
        if ex in seen:
            continue
        seen.add(ex)
        shutil.copytree(src / "examples" / ex, dest / "examples" / ex)
        todo += _path_deps(src / "examples" / ex / "Cargo.toml")
    ws = tomlkit.parse((src / "Cargo.toml").read_text("utf-8"))["workspace"]
    new = tomlkit.document()
    wst = tomlkit.table()
    wst["resolver"] = "2"
    wst["members"] = [f"examples/{example}"]
    if "package" in ws:
        wst["package"] = ws["package"]
    if "lints" in ws:
        wst["lints"] = ws["lints"]
    deps = ws["dependencies"]
    for key in list(deps.keys()):
        spec = deps[key]
        if hasattr(spec, "get") and "path" in spec:
            del spec["path"]
    wst["dependencies"] = deps
    new["workspace"] = wst
    (dest / "Cargo.toml").write_text(new.as_string())
    if (src / "Cargo.lock").is_file():
        shutil.copyfile(src / "Cargo.lock", dest / "Cargo.lock")


def cargo_check(ws: Path, log: Path) -> tuple[int, float]:
    env = dict(os.environ, CARGO_TARGET_DIR=str(target_dir()), CARGO_TERM_COLOR="never")
    t0 = time.monotonic()
    with log.open("w") as out:
        p = subprocess.run(["cargo", "check", "--workspace", "--all-targets", "--keep-going", "--message-format=json"],
                           cwd=ws, env=env, stdout=out, stderr=subprocess.STDOUT, timeout=4 * 3600)
    return p.returncode, time.monotonic() - t0


def errors_by_example(log: Path, ws: Path) -> tuple[dict[str, Counter], dict[str, bool]]:
    """example → error codes, and whether cargo built it (an artifact), from a JSON log."""
    codes: dict[str, Counter] = defaultdict(Counter)
    built: dict[str, bool] = defaultdict(bool)
    seen = set()
    for line in log.read_text(errors="replace").splitlines():
        if not line.startswith("{"):
            continue
        msg = json.loads(line)
        mp = Path(msg.get("manifest_path", "/"))
        try:
            rel = mp.parent.resolve().relative_to((ws / "examples").resolve())
        except ValueError:
            continue
        ex = rel.parts[0] if rel.parts else ""
        if msg.get("reason") == "compiler-artifact":
            built[ex] = True
        if msg.get("reason") == "compiler-message" and msg["message"]["level"] == "error":
            m = msg["message"]
            spans = [s for s in m.get("spans") or [] if s.get("is_primary")]
            key = (ex, (m.get("code") or {}).get("code"), m["message"],
                   (spans[0]["file_name"], spans[0]["line_start"]) if spans else None)
            if key in seen or m["message"].startswith(("aborting", "could not compile")):
                continue
            seen.add(key)
            codes[ex][(m.get("code") or {}).get("code") or "error"] += 1
    return codes, built


def _systemstat_pin(ws: Path) -> bool:
    """Hold systemstat at 0.2.7 (0.2.8 breaks burn-train 0.21.0 and 0.22.1, as in the compile
    tier's groups.toml; `burnmigrate apply --update-lock` does the same for a user). True when it
    downgraded."""
    p = subprocess.run(["cargo", "update", "-p", "systemstat", "--precise", "0.2.7"], cwd=ws, capture_output=True,
                       text=True, env=dict(os.environ, CARGO_TARGET_DIR=str(target_dir())))
    return p.returncode == 0 and "Downgrading" in p.stderr


def _changes(applied: dict, ex: str) -> int:
    return sum(1 for f in applied["files"] if Path(f["path"]).parts[:2] == ("examples", ex)
               for c in f["changes"] if c["kind"] == "change")


def judge(src: Path, base: Path, ex: str, bm: str) -> dict:
    """One example in a workspace of its own: check on 0.21.0, apply, check on 0.22.1 (after a
    fresh `cargo update` when burn's 0.21 lock cannot hold burn 0.22.1), verify's accounting."""
    ws = base / ex
    make_workspace(src, ws, ex)
    subprocess.run(["git", "init", "-q"], cwd=ws)
    log21, log22 = base / f"{ex}-0.21.log", base / f"{ex}-0.22.log"
    _, s21 = cargo_check(ws, log21)
    codes21, built21 = errors_by_example(log21, ws)
    t0 = time.monotonic()
    a = subprocess.run([bm, "apply", "--allow-dirty", "--allow-no-vcs", "--no-progress", "--format", "json", str(ws)],
                       capture_output=True, text=True)
    apply_s = time.monotonic() - t0
    if a.returncode != 0:
        die(f"burnmigrate apply failed on {ex} ({a.returncode}): {a.stderr.strip()[-500:]}", 1)
    applied = json.loads(a.stdout)
    _systemstat_pin(ws)
    _, s22 = cargo_check(ws, log22)
    relocked = False
    if "failed to select a version" in log22.read_text(errors="replace"):
        # burn 0.22.1's dependencies may not fit burn's 0.21 lock: resolve afresh, as a user would
        subprocess.run(["cargo", "update"], cwd=ws, capture_output=True, env=dict(os.environ, CARGO_TARGET_DIR=str(target_dir())))
        relocked = True
        _systemstat_pin(ws)
        _, s22 = cargo_check(ws, log22)
    if _systemstat_pin(ws):   # the resolution cargo check made picked 0.2.8 after all
        _, s22 = cargo_check(ws, log22)
    text22 = log22.read_text(errors="replace")
    unresolved = ""
    if "failed to select a version" in text22 or "failed to load manifest" in text22:
        unresolved = " — ".join(l.strip() for l in text22.splitlines()
                                if l.startswith("error:") or l.strip().startswith("... required by package"))[:400]
    codes22, _ = errors_by_example(log22, ws)
    status: Counter = Counter()
    rules_nc: Counter = Counter()
    e21 = sum(codes21[ex].values())
    row = dict(example=ex, builds_on_0_21=e21 == 0 and built21[ex], errors_0_21=e21,
               errors_0_21_codes=dict(codes21[ex]), changes=_changes(applied, ex), resolves_on_0_22=True,
               unresolved="", relocked=relocked, errors_0_22=0, errors_0_22_codes={}, flagged=0, pending=0,
               not_covered=0, not_covered_by_rule={},
               seconds={"check_0.21": round(s21, 1), "apply": round(apply_s, 1), "check_0.22.1": round(s22, 1)})
    if unresolved:   # cargo compiled nothing: no diagnostics to account for
        return {**row, "resolves_on_0_22": False, "unresolved": unresolved}
    v = subprocess.run([bm, "verify", "--no-progress", "--format", "json", "--cargo-log", str(log22), str(ws)],
                       capture_output=True, text=True)
    if v.returncode not in (0, 1):   # cargo failed before compiling the example (a dependency)
        why = v.stderr.strip().splitlines()[-1][:400] if v.stderr.strip() else f"verify exited {v.returncode}"
        return {**row, "resolves_on_0_22": False, "unresolved": why}
    for d in json.loads(v.stdout)["diagnostics"]:
        parts = Path(d["path"]).parts
        if d["level"] != "error" or parts[:2] != ("examples", ex):
            continue   # a sibling it depends on is judged in its own workspace
        status[d["status"]] += 1
        if d["status"] == "not-covered":
            rules_nc[d["rule"] or "(no rule)"] += 1
    return {**row, "errors_0_22": sum(codes22[ex].values()), "errors_0_22_codes": dict(codes22[ex]),
            "flagged": status["flagged"], "pending": status["pending"], "not_covered": status["not-covered"],
            "not_covered_by_rule": dict(rules_nc)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="v0.21.0")
    ap.add_argument("--keep", type=Path, help="build the workspaces here and keep them (default: a temp dir)")
    ap.add_argument("--only", nargs="+", metavar="EXAMPLE", help="judge these examples only (no JSON written)")
    args = ap.parse_args()
    if shutil.which("cargo") is None:
        die("cargo is not on PATH")
    state0 = repo_state()   # the code measured is the code at the start
    m = mirror()
    bm = burnmigrate_cmd()
    base = args.keep or Path(tempfile.mkdtemp(prefix="bm-realcheck-"))
    if base.exists():
        shutil.rmtree(base)
    src = base / "burn-src"
    extract(m, args.rev, src)
    members, skipped = examples(src)
    if args.only:
        unknown = set(args.only) - set(members) - set(skipped)
        if unknown:
            die(f"no such example: {', '.join(sorted(unknown))}")
        members = [e for e in members if e in args.only]
    rows = []
    for ex in members:
        t0 = time.monotonic()
        rows.append(judge(src, base, ex, bm))
        print(f"real_check: {ex}: {time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)
    judged = [r for r in rows if r["resolves_on_0_22"] and r["builds_on_0_21"]]
    rules_nc: Counter = Counter()
    for r in judged:
        rules_nc.update(r["not_covered_by_rule"])
    totals = dict(built_on_0_21=sum(r["builds_on_0_21"] for r in rows), judged=len(judged),
                  error_free_after=sum(r["errors_0_22"] == 0 for r in judged),
                  errors_0_22=sum(r["errors_0_22"] for r in judged), flagged=sum(r["flagged"] for r in judged),
                  pending=sum(r["pending"] for r in judged), not_covered=sum(r["not_covered"] for r in judged))
    result = dict(date=time.strftime("%Y-%m-%d"), rev=args.rev, machine=machine(), burnmigrate=state0, repo_changed_during_run=(state0 != repo_state()),
                  examples=rows, skipped=skipped, not_covered_by_rule=dict(rules_nc.most_common()), totals=totals)
    if not args.only:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "real_check.json").write_text(json.dumps(result, indent=2) + "\n")
    print("| example | builds on 0.21.0 | changes | errors on 0.22.1 | flagged | pending | not covered |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in rows:
        b = "yes" if r["builds_on_0_21"] else f"no ({r['errors_0_21']} errors: {', '.join(sorted(r['errors_0_21_codes']))})"
        if not r["resolves_on_0_22"]:
            print(f"| {r['example']} | {b} | {r['changes']} | does not resolve | | | |")
            continue
        print(f"| {r['example']} | {b} | {r['changes']} | {r['errors_0_22']} | {r['flagged']} | {r['pending']} | {r['not_covered']} |")
    t = totals
    print(f"| **total** | {t['built_on_0_21']}/{len(rows)} | {sum(r['changes'] for r in rows)} | "
          f"{t['errors_0_22']} | {t['flagged']} | {t['pending']} | {t['not_covered']} |")
    print(f"- judged after migration: {t['judged']} (built on 0.21.0 and resolved with 0.22.1); error-free: {t['error_free_after']}")
    for ex, why in sorted(skipped.items()):
        print(f"- not built: `{ex}`: {why}")
    for r in rows:
        if not r["resolves_on_0_22"]:
            print(f"- built on 0.21.0, but does not resolve with burn 0.22.1: `{r['example']}`: {r['unresolved']}")
    print(f"- not covered, by the rule whose kind of error it is: {dict(rules_nc.most_common())}")
    if not args.keep:
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
