"""real_check: burnmigrate on real 0.21 code, judged by the real burn crates.

burn's own `examples/` at tag v0.21.0 (read from the burn mirror, extracted into a temp dir at run
time; nothing of burn's is stored in this repo) become a user workspace on the registry's burn
0.21.0: burn's root `[workspace.dependencies]` without their `path` keys, its `[workspace.package]`
and lints, burn's own Cargo.lock for the versions it tested. Then, per example:

1. `cargo check --workspace --all-targets --keep-going --message-format=json` against burn
   0.21.0: does it build as a 0.21 project? (an example that does not is listed with the reason:
   a harness on which nothing builds measures nothing);
2. `burnmigrate apply` on the workspace;
3. the same cargo check against burn 0.22.1; each error left is classified by
   `burnmigrate verify --cargo-log` (flagged / pending / not covered) from that same cargo run.

Examples whose burn features need a build script that downloads (`tch`: libtorch; `cpu`, `cuda`,
`rocm`: LLVM) cannot build on a machine without the internet; they are listed, not built. All
examples are checked together (one build of burn per version, features unified across them).

    python bench/real_check.py [--rev v0.21.0] [--keep DIR]

Writes bench/results/real_check.json and prints the table (Markdown) on stdout.
"""
from __future__ import annotations

import argparse
import json
import re
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
from _common import RESULTS, burnmigrate_cmd, die, extract, machine, mirror, repo_state  # noqa: E402

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


def make_workspace(src: Path, dest: Path) -> tuple[list[str], dict[str, str]]:
    """The user workspace under dest: examples/ copied, a root manifest of burn's workspace
    tables without paths. → (members built, {example: why it is not built})."""
    shutil.copytree(src / "examples", dest / "examples")
    root = tomlkit.parse((src / "Cargo.toml").read_text("utf-8"))
    ws = root["workspace"]
    members, skipped = [], {}
    excluded = {str(e).split("/", 1)[-1] for e in ws.get("exclude", [])}
    for d in sorted((dest / "examples").iterdir()):
        if not (d / "Cargo.toml").is_file():
            continue
        if d.name in excluded:
            skipped[d.name] = "excluded from burn's own workspace at this tag"
            continue
        dl = sorted(f for f in burn_features(d / "Cargo.toml") if f in DOWNLOADING)
        if dl:
            skipped[d.name] = "needs " + ", ".join(f"`{f}` (its build script downloads {DOWNLOADING[f]})" for f in dl)
            continue
        members.append(f"examples/{d.name}")
    new = tomlkit.document()
    wst = tomlkit.table()
    wst["resolver"] = "2"
    wst["members"] = members
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
    return members, skipped


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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="v0.21.0")
    ap.add_argument("--keep", type=Path, help="build the workspace here and keep it (default: a temp dir)")
    args = ap.parse_args()
    if shutil.which("cargo") is None:
        die("cargo is not on PATH")
    m = mirror()
    bm = burnmigrate_cmd()
    base = args.keep or Path(tempfile.mkdtemp(prefix="bm-realcheck-"))
    src = base / "burn-src"
    ws = base / "workspace"
    for d in (src, ws):
        if d.exists():
            shutil.rmtree(d)
    extract(m, args.rev, src)
    ws.mkdir(parents=True)
    members, skipped = make_workspace(src, ws)
    subprocess.run(["git", "init", "-q"], cwd=ws)
    log21, log22 = base / "check-0.21.log", base / "check-0.22.log"
    rc21, s21 = cargo_check(ws, log21)
    codes21, built21 = errors_by_example(log21, ws)
    t0 = time.monotonic()
    a = subprocess.run([bm, "apply", "--allow-dirty", "--allow-no-vcs", "--no-progress", "--format", "json", str(ws)],
                       capture_output=True, text=True)
    apply_s = time.monotonic() - t0
    if a.returncode != 0:
        die(f"burnmigrate apply failed ({a.returncode}): {a.stderr.strip()[-500:]}", 1)
    applied = json.loads(a.stdout)
    # hold back what the compile tier holds back (corpus/compile/groups.toml): systemstat 0.2.8
    # breaks burn-train 0.22.1; `burnmigrate apply --update-lock` does the same for a user
    subprocess.run(["cargo", "update", "-p", "systemstat", "--precise", "0.2.7"], cwd=ws, capture_output=True,
                   env=dict(os.environ, CARGO_TARGET_DIR=str(target_dir())))
    rc22, s22 = cargo_check(ws, log22)
    unresolved: dict[str, str] = {}
    relocked = relocked_ever = False
    env_ = dict(os.environ, CARGO_TARGET_DIR=str(target_dir()))
    for _ in range(2 * len(members)):
        text_ = log22.read_text(errors="replace")
        if "failed to select a version" not in text_:
            break
        if not relocked:
            # burn 0.22.1's dependencies may not fit burn's 0.21 lock: resolve afresh first, as a
            # user upgrading would (`cargo update`)
            subprocess.run(["cargo", "update"], cwd=ws, capture_output=True, env=env_)
            relocked = relocked_ever = True
        else:
            # still no resolution: the example at the end of cargo's conflict chain has its own
            # dependencies that do not fit with burn 0.22.1's; left out of the 0.22.1 check, with why
            m_ = re.findall(r"of package `([\w-]+) v[\d.]+ \([^)]*/examples/([\w-]+)\)`", text_)
            if not m_:
                break
            ex = m_[0][1]
            conflict = next((l.strip() for l in text_.splitlines() if l.startswith("error: failed to select")), "")
            unresolved[ex] = (conflict + " — " + " ".join(l.strip() for l in text_.splitlines()
                                                            if l.strip().startswith("... required by package"))[:300])
            doc = tomlkit.parse((ws / "Cargo.toml").read_text())
            arr = tomlkit.array()
            arr.extend([x for x in doc["workspace"]["members"] if x != f"examples/{ex}"])
            doc["workspace"]["members"] = arr
            (ws / "Cargo.toml").write_text(doc.as_string())
            relocked = False
        rc22, s22 = cargo_check(ws, log22)
    pin = subprocess.run(["cargo", "update", "-p", "systemstat", "--precise", "0.2.7"], cwd=ws, capture_output=True,
                         text=True, env=dict(os.environ, CARGO_TARGET_DIR=str(target_dir())))
    if pin.returncode == 0 and "Downgrading" in pin.stderr:  # the fresh resolution picked 0.2.8 after all
        rc22, s22 = cargo_check(ws, log22)
    codes22, built22 = errors_by_example(log22, ws)
    # the examples left out above are not part of the migrated workspace any more (verify runs on it)
    v = subprocess.run([bm, "verify", "--no-progress", "--format", "json", "--cargo-log", str(log22), str(ws)],
                       capture_output=True, text=True)
    if v.returncode not in (0, 1):
        die(f"burnmigrate verify failed ({v.returncode}): {v.stderr.strip()[-500:]}", 1)
    acc = json.loads(v.stdout)
    status: dict[str, Counter] = defaultdict(Counter)
    rules_nc: Counter = Counter()
    for d in acc["diagnostics"]:
        if d["level"] != "error":
            continue
        parts = Path(d["path"]).parts
        ex = parts[1] if len(parts) > 1 and parts[0] == "examples" else "(workspace)"
        status[ex][d["status"]] += 1
        if d["status"] == "not-covered":
            rules_nc[d["rule"] or "(no rule)"] += 1
    changes_by_ex: Counter = Counter()
    for f in applied["files"]:
        parts = Path(f["path"]).parts
        ex = parts[1] if len(parts) > 1 and parts[0] == "examples" else "(workspace)"
        changes_by_ex[ex] += sum(1 for c in f["changes"] if c["kind"] == "change")
    rows = []
    for mem in members:
        ex = mem.split("/", 1)[1]
        if ex in unresolved:
            continue
        e21 = sum(codes21[ex].values())
        rows.append(dict(example=ex, builds_on_0_21=e21 == 0 and built21[ex], errors_0_21=e21,
                         errors_0_21_codes=dict(codes21[ex]), changes=changes_by_ex[ex],
                         errors_0_22=sum(codes22[ex].values()), errors_0_22_codes=dict(codes22[ex]),
                         flagged=status[ex]["flagged"], pending=status[ex]["pending"],
                         not_covered=status[ex]["not-covered"]))
    result = dict(date=time.strftime("%Y-%m-%d"), rev=args.rev, machine=machine(), burnmigrate=repo_state(),
                  cargo_exit={"0.21": rc21, "0.22.1": rc22}, unresolved_on_0_22=unresolved, relocked=relocked_ever, seconds={"check_0.21": round(s21, 1), "apply": round(apply_s, 1),
                                                                       "check_0.22.1": round(s22, 1)},
                  examples=rows, skipped=skipped, not_covered_by_rule=dict(rules_nc.most_common()),
                  totals=dict(errors_0_22=acc["errors"], flagged=acc["flagged"], pending=acc["pending"],
                              not_covered=acc["not_covered"]))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "real_check.json").write_text(json.dumps(result, indent=2) + "\n")
    print("| example | builds on 0.21.0 | changes | errors on 0.22.1 | flagged | pending | not covered |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in rows:
        b = "yes" if r["builds_on_0_21"] else f"no ({r['errors_0_21']} errors: {', '.join(sorted(r['errors_0_21_codes']))})"
        print(f"| {r['example']} | {b} | {r['changes']} | {r['errors_0_22']} | {r['flagged']} | {r['pending']} | {r['not_covered']} |")
    t = result["totals"]
    print(f"| **total** | {sum(r['builds_on_0_21'] for r in rows)}/{len(rows)} | {sum(r['changes'] for r in rows)} | "
          f"{t['errors_0_22']} | {t['flagged']} | {t['pending']} | {t['not_covered']} |")
    for ex, why in sorted(skipped.items()):
        print(f"- not built: `{ex}`: {why}")
    for ex, why in sorted(unresolved.items()):
        print(f"- built on 0.21.0, but does not resolve with burn 0.22.1: `{ex}`: {why}")
    print(f"- not covered, by the rule whose kind of error it is: {dict(rules_nc.most_common())}")
    print(f"- times: check 0.21.0 {s21:.0f} s, apply {apply_s:.1f} s, check 0.22.1 {s22:.0f} s")
    if not args.keep:
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
