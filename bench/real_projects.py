"""real_projects: burnmigrate on public burn 0.21 projects nobody here wrote a test from.

The projects are listed in bench/real_projects.toml (repository, commit, why chosen). Each is
exported from its mirror at run time (`/work/.mirror/OWNER+NAME/repo`, or $REAL_PROJECTS_MIRRORS/
OWNER+NAME; the `fetch` tool makes them) into a temp dir: no third-party code is stored in this
repository. Then, per project:

1. `cargo metadata` (does the manifest load?) and `cargo check --workspace --all-targets
   --keep-going` on the project as written (burn 0.21, its own lock when it has one);
2. `burnmigrate apply --update-lock` (as a user runs it), then a **second** `apply` (it must change nothing), a parse check of every
   `.rs` file (no new tree-sitter error), and the 0.21 idioms left in code (not comments);
3. `cargo metadata` and the same `cargo check` on burn 0.22.1; each error left is classified by
   `burnmigrate verify --cargo-log` (flagged / pending / not covered).

`RUSTUP_TOOLCHAIN=stable` overrides a project's pinned toolchain (only one is installed). A
project whose burn features download at build time (`tch`, `cpu`, `cuda`, `rocm`) or that has git
dependencies is migrated and checked for the second apply, but not compiled.

    python bench/real_projects.py [--only NAME ...] [--keep DIR] [--no-build]

Writes bench/results/real_projects.json (with the commits it ran on) and prints the table.
Exit 1 when a second apply changes anything, 2 on a set-up error. A bench (hours cold), not CI.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import BENCH, RESULTS, burnmigrate_cmd, die, machine, repo_state  # noqa: E402

LIST = BENCH / "real_projects.toml"
DOWNLOADING = {"tch": "libtorch (torch-sys)", "cpu": "LLVM (tracel-llvm-bundler)", "cuda": "LLVM (through cubecl)",
               "rocm": "LLVM (through cubecl)"}
# 0.21 idioms that should not survive a migration, in code (comments and strings blanked)
IDIOMS = {
    "Tensor<B, D>": re.compile(r"\bTensor\s*<\s*[A-Z]\w*\s*,"),
    "B::Device": re.compile(r"\b[A-Z]\w*::Device\b"),
    "AutodiffBackend": re.compile(r"\bAutodiffBackend\b"),
    "AutodiffModule": re.compile(r"\bAutodiffModule\b"),
    "tensor::backend::": re.compile(r"\btensor::backend::"),
    "burn::record": re.compile(r"\bburn::record\b"),
    "XDevice::": re.compile(r"\b(?:Wgpu|NdArray|Flex|Cuda|LibTorch|Cpu|Candle|Rocm|Metal|Vulkan)Device\b"),
}


def mirror_of(repo: str) -> Path:
    base = os.environ.get("REAL_PROJECTS_MIRRORS")
    name = repo.replace("/", "+")
    for cand in ([Path(base) / name, Path(base) / name / "repo"] if base else []) + \
                [Path("/work/.mirror") / name / "repo", Path("/work/.mirror") / name]:
        if cand.exists() and subprocess.run(["git", "-C", str(cand), "rev-parse", "--git-dir"],
                                            capture_output=True).returncode == 0:
            return cand
    die(f"no mirror of {repo} (fetch github:{repo}, or set REAL_PROJECTS_MIRRORS)")
    raise AssertionError


def export(m: Path, commit: str, dest: Path) -> list[str]:
    """The files of `commit` into `dest`; blobs the mirror does not hold (large data files a
    snapshot leaves out) are skipped and returned. No code of the project is stored in this repo."""
    ls = subprocess.run(["git", "-C", str(m), "ls-tree", "-r", "-z", "--full-tree", commit], capture_output=True)
    if ls.returncode != 0:
        die(f"{commit} not found in the mirror {m}")
    entries = []
    for rec in ls.stdout.split(b"\0"):
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode != b"120000":
            entries.append((sha.decode(), path.decode("utf-8", "replace")))
    batch = subprocess.run(["git", "-C", str(m), "cat-file", "--batch"], input=b"".join(s.encode() + b"\n" for s, _ in entries),
                           capture_output=True).stdout
    missing, pos = [], 0
    for sha, path in entries:
        nl = batch.index(b"\n", pos)
        head = batch[pos:nl].split()
        if len(head) < 3 or head[1] != b"blob":
            missing.append(path)
            pos = nl + 1
            continue
        size = int(head[2])
        body = batch[nl + 1:nl + 1 + size]
        pos = nl + 1 + size + 1
        out = dest / path
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(body)
    return missing


def target_dir() -> Path:
    base = Path(os.environ.get("BURNMIGRATE_CACHE", Path.home() / ".cache" / "burnmigrate"))
    return Path(os.environ.get("BURNMIGRATE_REALPROJECTS_TARGET", base / "target-realprojects"))


def cargo_env() -> dict:
    return dict(os.environ, CARGO_TARGET_DIR=str(target_dir()), CARGO_TERM_COLOR="never", RUSTUP_TOOLCHAIN="stable")


def metadata_loads(root: Path) -> tuple[bool, str]:
    p = subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps"], cwd=root, capture_output=True,
                       text=True, env=cargo_env(), timeout=600)
    last = [l for l in p.stderr.strip().splitlines() if l.strip()]
    return p.returncode == 0, (last[-1] if last and p.returncode else "")


def cargo_check(root: Path, log: Path, cargo_args: list[str]) -> tuple[int, float]:
    t0 = time.monotonic()
    with log.open("w") as out:
        p = subprocess.run(["cargo", "check", "--workspace", "--keep-going", "--message-format=json", *cargo_args],
                           cwd=root, env=cargo_env(), stdout=out, stderr=subprocess.STDOUT, timeout=6 * 3600)
    return p.returncode, time.monotonic() - t0


def error_codes(log: Path) -> Counter:
    codes: Counter = Counter()
    seen = set()
    for line in log.read_text(errors="replace").splitlines():
        if not line.startswith("{"):
            continue
        msg = json.loads(line)
        if msg.get("reason") != "compiler-message" or msg["message"]["level"] != "error":
            continue
        m = msg["message"]
        spans = [s for s in m.get("spans") or [] if s.get("is_primary")]
        key = ((m.get("code") or {}).get("code"), m["message"], (spans[0]["file_name"], spans[0]["line_start"]) if spans else None)
        if key in seen or m["message"].startswith(("aborting", "could not compile")):
            continue
        seen.add(key)
        codes[(m.get("code") or {}).get("code") or "error"] += 1
    if not codes and "error: failed to select a version" in log.read_text(errors="replace"):
        codes["resolution"] += 1
    return codes


def blocked(root: Path, cargo_args: list[str]) -> str:
    """Why this project cannot be compiled here ('' when it can): a git dependency, or a burn
    feature whose build script downloads (LLVM, libtorch) that the build enables: on a burn
    dependency, or forwarded (`burn/cpu`) by a project feature the build turns on (`default`
    unless `cargo_args` say `--no-default-features`, plus the `--features` they name). A project
    feature that merely shares a name (`cpu = ["burn/flex"]`) is not one."""
    from burnmigrate.project.dependencies import dependency_tables
    asked = {f for i, a in enumerate(cargo_args) if i and cargo_args[i - 1] == "--features" for f in a.split(",")}
    for m in root.rglob("Cargo.toml"):
        if "target" in m.parts:
            continue
        text = m.read_text("utf-8", errors="replace")
        if re.search(r"\bgit\s*=", text):
            return f"git dependency ({m.relative_to(root)})"
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            continue
        features = doc.get("features", {})
        todo = list(asked | ({"default"} if "--no-default-features" not in cargo_args else set()))
        enabled: set[str] = set()
        while todo:   # the project features the build turns on, forwarded ones included
            f = todo.pop()
            if f in enabled:
                continue
            enabled.add(f)
            todo += [v for v in features.get(f, []) if isinstance(v, str) and v in features]
        burn_feats = {v.split("/", 1)[1] for f in enabled for v in features.get(f, [])
                      if isinstance(v, str) and re.match(r"burn[\w-]*\??/", v)}
        for _, table in dependency_tables(doc):
            for name, spec in table.items():
                if re.fullmatch(r"burn[\w-]*", name) and isinstance(spec, dict):
                    burn_feats |= set(spec.get("features", []))
        for feat, what in DOWNLOADING.items():
            if feat in burn_feats:
                return f"burn feature `{feat}` downloads {what} at build time ({m.relative_to(root)})"
    return ""


def rs_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*.rs") if "target" not in p.relative_to(root).parts]


def parse_errors(root: Path) -> int:
    from burnmigrate.rust.syntax import error_count, parse
    return sum(error_count(parse(p.read_bytes())) for p in rs_files(root))


def idioms_left(root: Path) -> Counter:
    from burnmigrate.rust.uses import without_comments_and_strings
    out: Counter = Counter()
    for p in rs_files(root):
        code = without_comments_and_strings(p.read_bytes()).decode("utf-8", "replace")
        for name, rx in IDIOMS.items():
            out[name] += len(rx.findall(code))
    return Counter({k: v for k, v in out.items() if v})


def apply(bm: str, root: Path, update_lock: bool = False) -> dict:
    """`burnmigrate apply` as a user runs it: the first run with `--update-lock` (the project's own
    Cargo.lock moves to burn 0.22.1 with what its graph needs), the second without."""
    p = subprocess.run([bm, "apply", "--allow-dirty", "--allow-no-vcs", "--no-progress", "--format", "json",
                        *(["--update-lock"] if update_lock else []), str(root)],
                       capture_output=True, text=True, env=cargo_env())
    if p.returncode not in (0, 1):
        die(f"burnmigrate apply failed on {root} ({p.returncode}): {p.stderr.strip()[-500:]}", 1)
    return json.loads(p.stdout)


def count(report: dict, kind: str) -> int:
    return sum(1 for f in report["files"] for c in f["changes"] if c["kind"] == kind)


def run_project(spec: dict, base: Path, bm: str, build: bool) -> dict:
    repo, commit = spec["repository"], spec["commit"]
    name = repo.split("/")[1]
    root = base / name
    if root.exists():
        shutil.rmtree(root)
    missing = export(mirror_of(repo), commit, root)
    if spec.get("subdir"):
        root = root / spec["subdir"]
    subprocess.run(["git", "init", "-q"], cwd=root)
    row: dict = dict(project=name, repository=repo, commit=commit, files_not_in_mirror=len(missing))
    cargo_args = [str(a) for a in spec.get("cargo_args", [])]   # e.g. a feature set that builds offline
    # which targets: all, unless a target's own dependencies cannot build here (a dev-dependency that
    # downloads a native library in its build script)
    cargo_args = [str(a) for a in spec.get("targets", ["--all-targets"])] + cargo_args
    why_not = blocked(root, cargo_args) if build else "--no-build"
    row["loads_before"], row["load_error_before"] = metadata_loads(root)
    if not why_not:
        rc, s = cargo_check(root, base / f"{name}-0.21.log", cargo_args)
        row["errors_0_21"] = dict(error_codes(base / f"{name}-0.21.log"))
        row["seconds_0_21"] = round(s, 1)
    parse_before = parse_errors(root)
    t0 = time.monotonic()
    first = apply(bm, root, update_lock=build)
    row["apply_seconds"] = round(time.monotonic() - t0, 1)
    row["changes"], row["findings"] = count(first, "change"), count(first, "finding")
    row["review"] = sum(1 for f in first["files"] for c in f["changes"] if c["kind"] == "change" and c.get("safety") == "review")
    second = apply(bm, root)
    row["second_apply_changes"] = count(second, "change")
    row["new_parse_errors"] = parse_errors(root) - parse_before
    row["idioms_left"] = dict(idioms_left(root))
    row["loads_after"], row["load_error_after"] = metadata_loads(root)
    if why_not:
        row["not_built"] = why_not
        return row
    subprocess.run(["cargo", "update", "-p", "systemstat", "--precise", "0.2.7"], cwd=root, capture_output=True, env=cargo_env())
    log = base / f"{name}-0.22.log"
    rc, s = cargo_check(root, log, cargo_args)
    if "failed to select a version" in log.read_text(errors="replace"):
        subprocess.run(["cargo", "update"], cwd=root, capture_output=True, env=cargo_env())
        subprocess.run(["cargo", "update", "-p", "systemstat", "--precise", "0.2.7"], cwd=root, capture_output=True, env=cargo_env())
        rc, s = cargo_check(root, log, cargo_args)
    row["errors_0_22"] = dict(error_codes(log))
    row["seconds_0_22"] = round(s, 1)
    v = subprocess.run([bm, "verify", "--no-progress", "--format", "json", "--cargo-log", str(log), str(root)],
                       capture_output=True, text=True)
    if v.returncode in (0, 1) and v.stdout.strip():
        acc = json.loads(v.stdout)
        row.update(flagged=acc["flagged"], pending=acc["pending"], not_covered=acc["not_covered"])
    else:
        row["verify_error"] = v.stderr.strip()[-300:]
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", help="project names (the repository's name part)")
    ap.add_argument("--keep", type=Path, help="work here and keep it (default: a temp dir)")
    ap.add_argument("--no-build", action="store_true", help="migrate and check the second apply only (no cargo check)")
    a = ap.parse_args()
    if shutil.which("cargo") is None:
        die("cargo is not on PATH")
    projects = tomllib.loads(LIST.read_text("utf-8"))["project"]
    if a.only:
        projects = [p for p in projects if p["repository"].split("/")[1] in a.only]
    bm = burnmigrate_cmd()
    state0 = repo_state()   # the code measured is the code at the start
    base = a.keep or Path(tempfile.mkdtemp(prefix="bm-realprojects-"))
    base.mkdir(parents=True, exist_ok=True)
    rows = [run_project(p, base, bm, not a.no_build) for p in projects]
    result = dict(date=time.strftime("%Y-%m-%d"), machine=machine(), burnmigrate=state0, repo_changed_during_run=(state0 != repo_state()), projects=rows)
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / ("real_projects.json" if not a.only else "real_projects-partial.json")
    out.write_text(json.dumps(result, indent=2) + "\n")
    print("| project | errors on 0.21 | changes (review) | findings | 2nd apply | errors on 0.22.1 | flagged | not covered |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        e21 = sum(r["errors_0_21"].values()) if "errors_0_21" in r else "—"
        e22 = sum(r["errors_0_22"].values()) if "errors_0_22" in r else "—"
        print(f"| {r['project']} | {e21} | {r['changes']} ({r['review']}) | {r['findings']} | {r['second_apply_changes']} | "
              f"{e22} | {r.get('flagged', '—')} | {r.get('not_covered', '—')} |")
    for r in rows:
        if r.get("not_built"):
            print(f"- not compiled: `{r['project']}`: {r['not_built']}")
        if r["new_parse_errors"] > 0:
            print(f"- `{r['project']}`: {r['new_parse_errors']} new parse errors")
        if r["loads_before"] and not r["loads_after"]:
            print(f"- `{r['project']}`: the manifests no longer load: {r['load_error_after']}")
    if not a.keep:
        shutil.rmtree(base, ignore_errors=True)
    return 1 if any(r["second_apply_changes"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
