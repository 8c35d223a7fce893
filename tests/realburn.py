"""The compile tier's harness: corpus cases checked against the REAL burn crates (0.21.0 and
0.22.1 from the crates registry), not against shims.

Compiling burn once per case would take hours on two cores, so the cases share builds. Each
*group* (corpus/compile/groups.toml) is one generated cargo workspace: every case side assigned to
it becomes a member (package renamed, burn pinned to the group's exact version with the group's
feature set), and one `cargo check --workspace --all-targets --keep-going` type-checks them all
against one build of burn. Diagnostics are split back per member by their manifest path.

Registry versions are pinned by a committed Cargo.lock per group (corpus/compile/<group>.lock):
the harness copies it in, fetches what the cache lacks once, then builds `--offline`. Members
are path packages, so adding a case never moves a registry version; a test fails when a run
would (a new upstream release must not change what CI checks). The target directory lives
outside the clone ($BURNMIGRATE_TARGET_DIR, default ~/.cache/burnmigrate/target) and is reused.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import tomlkit

from burnmigrate import burn_api as api
from burnmigrate.manifest import toml11
from burnmigrate.project import toml_read
from burnmigrate.project.dependencies import KINDS, dependency_tables

REPO = Path(__file__).resolve().parent.parent
COMPILE = REPO / "corpus" / "compile"


class RegistryUnavailable(Exception):
    """The crates are neither cached nor fetchable: the tier cannot run (and must not pass)."""


def cache_dir() -> Path:
    return Path(os.environ.get("BURNMIGRATE_CACHE", Path.home() / ".cache" / "burnmigrate"))


def target_dir() -> Path:
    return Path(os.environ.get("BURNMIGRATE_TARGET_DIR", cache_dir() / "target"))


def groups() -> dict[str, dict]:
    return tomllib.loads((COMPILE / "groups.toml").read_text("utf-8"))["group"]


def held_back() -> dict[str, str]:
    """Transitive crates pinned below their newest version in every lock (groups.toml says why)."""
    return tomllib.loads((COMPILE / "groups.toml").read_text("utf-8")).get("precise", {})


# burn crates crates.io has no 0.22 release of (burn_api's table): never pinned to 0.22
NO_0_22_RELEASE = frozenset(api.NO_0_22_RELEASE)


def is_burn(package: str) -> bool:
    return package == "burn" or package.startswith("burn-")


@dataclass
class Member:
    case_id: str
    side: str              # "before" | "after"
    group: str
    side_dir: Path         # the case side (before/ or after/)
    source: Path           # the crate's folder inside the case side
    rel: str               # that folder relative to the side ('' for the side's root crate)
    package: str           # the member's package name in the generated workspace
    dir: Path = Path()     # where the member is generated

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.case_id, self.side, self.group)


@dataclass
class Outcome:
    """What cargo said of one member."""
    codes: Counter = field(default_factory=Counter)        # error codes
    errors: list[dict] = field(default_factory=list)       # {code, message, file, line}
    warnings: list[dict] = field(default_factory=list)     # {code, message, file, line}
    built: bool = False                                    # cargo reported the member's artifact

    @property
    def ok(self) -> bool:
        return self.built and not self.errors

    def unused_imports(self) -> list[dict]:
        return [w for w in self.warnings if w["code"] == "unused_imports"]

    def summary(self, n: int = 8) -> str:
        return "\n".join(f"{e['code'] or 'error'} {e['file']}:{e['line']}: {e['message']}" for e in self.errors[:n])


@dataclass
class GroupRun:
    name: str
    outcomes: dict[tuple[str, str, str], Outcome]
    seconds: float
    cargo_exit: int
    stderr_tail: str
    lock_drift: list[str]   # registry packages the run resolved differently from the committed lock


# -- generating the workspaces ----------------------------------------------------------------

def _package_name(case_id: str, side: str, rel: str) -> str:
    raw = f"c-{case_id}-{side}" + (f"-{rel}" if rel else "")
    return re.sub(r"[^a-z0-9]+", "-", raw.lower()).strip("-")


def crates_of(side_dir: Path) -> list[tuple[str, Path]]:
    """(folder relative to the side, folder) of every package in a case side."""
    out = []
    for m in sorted(side_dir.rglob("Cargo.toml")):
        if "target" in m.relative_to(side_dir).parts:
            continue
        doc = toml_read.loads(m.read_text("utf-8"))
        if "package" in doc:
            rel = m.parent.relative_to(side_dir).as_posix()
            out.append(("" if rel == "." else rel, m.parent))
    return out


def _root_doc(side_dir: Path) -> dict:
    root = side_dir / "Cargo.toml"
    return toml_read.loads(root.read_text("utf-8")) if root.is_file() else {}


def _dep_tables(doc):
    """Every dependency table of a manifest, target-specific ones included (the engine's walker)."""
    return (table for _, table in dependency_tables(doc, workspace=False))


def _burn_spec(group: dict, package: str, key: str, spec, ws_spec, own_features: bool) -> dict:
    """The member's declaration of a burn crate: the group's pin, and the group's features (or,
    for a group that keeps each case's own features, the case's)."""
    pins = group["pins"]
    out: dict = {"version": f"={pins.get(package, pins['burn'])}"}
    if key != package:
        out["package"] = package
    specs = [s for s in (ws_spec, spec) if hasattr(s, "get")]
    if own_features:
        feats: list[str] = []
        off = False
        for s in specs:
            feats += [str(f) for f in s.get("features", [])]
            off = off or s.get("default-features") is False or s.get("default_features") is False
        if off:
            out["default-features"] = False
        known = group.get("_known_features", {}).get(package)
        keep = [f for f in dict.fromkeys(feats) if known is None or f in known]
        if keep:
            out["features"] = keep
    else:
        out["default-features"] = bool(group.get("default_features", True))
        feats = group.get("features", {}).get(package, [])
        if feats:
            out["features"] = list(feats)
    for s in specs:
        if s.get("optional") is True:
            out["optional"] = True
    return out


def member_manifest(m: Member, group: dict, side_dir: Path, by_source: dict[Path, Member]) -> str:
    """The member's Cargo.toml, made from the case crate's own manifest."""
    doc = tomlkit.parse(toml11.fold((m.source / "Cargo.toml").read_text("utf-8"))[0])
    root = _root_doc(side_dir)
    ws = root.get("workspace") or {}
    ws_deps = ws.get("dependencies") or {}
    ws_pkg = ws.get("package") or {}
    own = bool(group.get("own_features"))
    pkg = doc["package"]
    original = str(pkg.get("name", m.package))
    pkg["name"] = m.package
    lib = doc.get("lib")
    if lib is None and not (m.source / "src" / "lib.rs").is_file():
        lib = {"name": ""}  # a bin-only crate: no library to name
    if lib is None:  # the crate keeps its Rust name (its tests and examples say `original::..`)
        lib = tomlkit.table()
        doc["lib"] = lib
    if "name" not in lib:
        lib["name"] = original.replace("-", "_")
    for k in list(pkg.keys()):
        v = pkg[k]
        if hasattr(v, "get") and v.get("workspace") is True:
            if k in ws_pkg and k != "rust-version":
                pkg[k] = ws_pkg[k]
            else:
                del pkg[k]
    pkg.pop("rust-version", None)  # the tier's toolchain decides
    if "edition" not in pkg:
        pkg["edition"] = "2021"
    for t in ("workspace", "lints", "patch", "profile"):
        doc.pop(t, None)
    for table in _dep_tables(doc):
        for key in list(table.keys()):
            spec = table[key]
            ws_spec = ws_deps.get(key) if hasattr(spec, "get") and spec.get("workspace") is True else None
            package = str((spec.get("package") if hasattr(spec, "get") else None)
                          or (ws_spec.get("package") if hasattr(ws_spec, "get") else None) or key)
            if is_burn(package):
                table[key] = tomlkit.inline_table()
                table[key].update(_burn_spec(group, package, key, spec, ws_spec, own))
                continue
            path = None
            if hasattr(spec, "get") and "path" in spec:
                path = (m.source / str(spec["path"])).resolve()
            elif hasattr(ws_spec, "get") and "path" in ws_spec:
                path = (side_dir / str(ws_spec["path"])).resolve()
            if path is not None and path in by_source:
                other = by_source[path]
                new = tomlkit.inline_table()
                new.update({"path": os.path.relpath(other.dir, m.dir), "package": other.package})
                for k in ("optional", "features", "default-features"):
                    if hasattr(spec, "get") and k in spec:
                        new[k] = spec[k]
                table[key] = new
    feats = doc.get("features")
    if feats is not None:
        for name in list(feats.keys()):
            vals = [str(v) for v in feats[name]]
            kept = []
            for v in vals:
                dep, sep, f = v.partition("/")
                if sep and not own and _is_burn_key(doc, dep.rstrip("?")):
                    continue  # the group sets burn's features for every member
                if sep and own:
                    known = group.get("_known_features", {}).get(_package_of(doc, dep.rstrip("?")))
                    if known is not None and f not in known:
                        continue
                kept.append(v)
            arr = tomlkit.array()
            arr.extend(kept)
            feats[name] = arr
    return doc.as_string()


def _package_of(doc, key: str) -> str:
    for table in _dep_tables(doc):
        if key in table:
            spec = table[key]
            return str(spec.get("package", key)) if hasattr(spec, "get") else key
    return key


def _is_burn_key(doc, key: str) -> bool:
    return is_burn(_package_of(doc, key))


def registry_crate(name: str) -> Path | None:
    """A crate's unpacked sources in cargo's registry cache (`burn-core-0.22.1`), or None."""
    home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
    for src in sorted((home / "registry" / "src").glob("*")):
        if (src / name).is_dir():
            return src / name
    return None


def known_features(package: str, version: str) -> set[str] | None:
    """The features of a burn crate as published (its Cargo.toml in cargo's registry cache)."""
    home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
    for src in sorted((home / "registry" / "src").glob("*")):
        p = src / f"{package}-{version}" / "Cargo.toml"
        if p.is_file():
            doc = toml_read.loads(p.read_text("utf-8"))
            feats = set(doc.get("features", {}))
            # an optional dependency is a feature too (`dep:` syntax aside)
            feats |= {k for t in KINDS for k, v in doc.get(t, {}).items() if isinstance(v, dict) and v.get("optional")}
            return feats
    return None


def generate(name: str, group: dict, members: list[Member], where: Path) -> Path:
    """Write group `name`'s workspace under `where` (re-used between runs: files are only
    rewritten when their content changes, so cargo's fingerprints stay valid)."""
    ws = where / name
    (ws / "members").mkdir(parents=True, exist_ok=True)
    if group.get("own_features"):
        group = dict(group, _known_features={p: known_features(p, v) for p, v in group["pins"].items()})
    for m in members:
        m.dir = ws / "members" / m.package
    by_source = {m.source.resolve(): m for m in members}
    wanted: dict[Path, bytes] = {}
    for m in members:
        side_dir = m.side_dir
        for f in sorted(m.source.rglob("*")):
            relf = f.relative_to(m.source)
            if not f.is_file() or f.name in ("Cargo.toml", "Cargo.lock") or "target" in relf.parts:
                continue
            if any((m.source / p).resolve() in by_source and (m.source / p).resolve() != m.source.resolve()
                   for p in [Path(*relf.parts[:i]) for i in range(1, len(relf.parts))]):
                continue  # a nested member crate: it is generated on its own
            wanted[m.dir / relf] = f.read_bytes()
        wanted[m.dir / "Cargo.toml"] = member_manifest(m, group, side_dir, by_source).encode()
    names = sorted(m.package for m in members)
    wanted[ws / "Cargo.toml"] = ("# generated by tests/realburn.py: do not edit\n[workspace]\nresolver = \"2\"\n"
                                 "members = [\n" + "".join(f'    "members/{n}",\n' for n in names) + "]\n").encode()
    for p, data in wanted.items():
        if not p.is_file() or p.read_bytes() != data:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)
    for p in sorted((ws / "members").rglob("*"), reverse=True):  # drop what no longer belongs
        if p.is_file() and p not in wanted:
            p.unlink()
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    lock = COMPILE / f"{name}.lock"
    if lock.is_file():  # the committed pins, every run (cargo adds the members' path entries offline)
        shutil.copyfile(lock, ws / "Cargo.lock")
    return ws


# -- running cargo ----------------------------------------------------------------------------

def _cargo(args: list[str], cwd: Path, timeout: int = 3600) -> subprocess.CompletedProcess:
    env = dict(os.environ, CARGO_TARGET_DIR=str(target_dir()), CARGO_TERM_COLOR="never")
    return subprocess.run(["cargo", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


_OFFLINE_MISS = re.compile(r"attempting to make an HTTP request, but --offline|no matching package named|"
                           r"failed to download|--offline was specified|failed to load source for dependency|"
                           r"no matching versions for")


def ensure_fetched(ws: Path) -> None:
    """The crates the group needs, in cargo's cache: resolve offline first; fetch only what is
    missing. Raises RegistryUnavailable with one line when nothing can be had."""
    p = _cargo(["metadata", "--offline", "--format-version", "1"], ws, timeout=600)
    if p.returncode == 0:
        q = _cargo(["fetch", "--offline"], ws, timeout=600)  # every locked crate downloaded?
        if q.returncode == 0:
            return
    f = _cargo(["fetch"], ws, timeout=3600)
    if f.returncode != 0:
        last = next((l for l in reversed(f.stderr.strip().splitlines()) if l.strip()), "")
        raise RegistryUnavailable(f"the burn crates are not in cargo's cache and cannot be fetched "
                                  f"(the crates registry is unreachable?): {last.strip()}")


def _lock_packages(text: str) -> set[str]:
    doc = tomllib.loads(text)
    return {f"{p['name']} {p['version']}" for p in doc.get("package", []) if "source" in p}


def run_group(name: str, group: dict, members: list[Member], where: Path) -> GroupRun:
    import time
    ws = generate(name, group, members, where)
    ensure_fetched(ws)
    t0 = time.monotonic()
    p = _cargo(["check", "--offline", "--workspace", "--all-targets", "--keep-going", "--message-format=json"], ws)
    seconds = time.monotonic() - t0
    by_dir = {str(m.dir.resolve()): m for m in members}
    outcomes = {m.key: Outcome() for m in members}
    for line in p.stdout.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        member = by_dir.get(str(Path(msg.get("manifest_path", "/")).parent.resolve()))
        if member is None:
            continue
        o = outcomes[member.key]
        if msg.get("reason") == "compiler-artifact":
            o.built = True
            continue
        if msg.get("reason") != "compiler-message":
            continue
        m = msg["message"]
        if m["level"] not in ("error", "warning") or m["message"].startswith(("aborting due to", "could not compile")):
            continue
        spans = [s for s in m.get("spans") or [] if s.get("is_primary")] or (m.get("spans") or [])
        file, line_no = "", 0
        if spans:
            fp = Path(spans[0]["file_name"])
            fp = fp if fp.is_absolute() else ws / fp   # cargo's relative paths start at the workspace
            try:  # the file as the case side names it (what our findings' paths are relative to)
                file = fp.resolve().relative_to(member.dir.resolve()).as_posix()
                file = f"{member.rel}/{file}" if member.rel else file
            except ValueError:
                file = str(fp)
            line_no = spans[0]["line_start"]
        code = (m.get("code") or {}).get("code") or ""
        rec = {"code": code, "message": m["message"], "file": file, "line": line_no}
        if rec in o.errors or rec in o.warnings:
            continue  # the same diagnostic for the lib and its test target (--all-targets)
        if m["level"] == "error":
            o.errors.append(rec)
            if code:
                o.codes[code] += 1
        else:
            o.warnings.append(rec)
    drift: list[str] = []
    lock = COMPILE / f"{name}.lock"
    if lock.is_file() and (ws / "Cargo.lock").is_file():
        drift = sorted(_lock_packages((ws / "Cargo.lock").read_text()) ^ _lock_packages(lock.read_text()))
    return GroupRun(name, outcomes, seconds, p.returncode, p.stderr[-3000:], drift)


# -- the plan: which case side goes to which group ----------------------------------------------

def doc_side(case_dir: Path, side: str) -> Path:
    """A case side whose documentation code is made code: a copy of the side whose `src/lib.rs`
    gains each Rust block of its doc comments and Markdown files (hidden lines included, what
    rustdoc compiles) as a module (items) or a fn (statements), the crate's own name read as
    `crate`. `cargo check` on it is what `cargo test --doc` would type-check, in one crate."""
    from burnmigrate.engine.doc_blocks import doc_comment_blocks, markdown_blocks, snippet
    src = case_dir / side
    dest = cache_dir() / "doc-sides" / case_dir.parent.name / case_dir.name / side
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(src, dest)
    name = toml_read.loads((src / "Cargo.toml").read_text("utf-8"))["package"]["name"].replace("-", "_")
    blocks = []
    for f in sorted(src.rglob("*")):
        if f.suffix == ".rs":
            blocks += doc_comment_blocks(f.read_text("utf-8"))
        elif f.suffix == ".md":
            blocks += markdown_blocks(f.read_text("utf-8"))
    lib = dest / "src" / "lib.rs"
    parts = [lib.read_text("utf-8"), "\n// -- the documentation's code blocks (generated by the compile tier) --\n"]
    for k, b in enumerate(blocks):
        sn = snippet(b)
        if sn is None:
            continue
        code = re.sub(rf"\b{name}::", "crate::", "\n".join(b.code))
        if sn[1]:
            parts.append(f"#[allow(unused, clippy::all)]\npub fn __doc_block_{k}() {{\n{code}\n}}\n")
        else:
            parts.append(f"#[allow(unused, clippy::all)]\npub mod __doc_block_{k} {{\n{code}\n}}\n")
    lib.write_text("".join(parts), "utf-8")
    return dest


def plan(cases) -> dict[str, list[Member]]:
    """Every compiled case side in its group: before/ on burn 0.21 (unless it is 0.22 code on
    purpose), before/ and after/ on burn 0.22.1 (before/ in the own-features group when its
    declared error depends on its own features, pitfall 3's E0599)."""
    out: dict[str, list[Member]] = {name: [] for name in groups()}
    for case in cases:
        if case.meta.get("check", "compile") != "compile":
            continue
        sides = []
        if not case.meta.get("before_is_0_22"):
            sides.append(("before", "burn-0.21"))
        sides.append(("before", "burn-0.22-own" if case.meta.get("own_features") else "burn-0.22"))
        sides.append(("after", "burn-0.22"))
        if case.meta.get("docs_check"):   # the documentation's code, as code
            sides += [("before-docs", "burn-0.21"), ("before-docs", "burn-0.22"), ("after-docs", "burn-0.22")]
        for side, group in sides:
            side_dir = case.dir / side if not side.endswith("-docs") else doc_side(case.dir, side.split("-")[0])
            for rel, src in crates_of(side_dir):
                out[group].append(Member(case.id, side, group, side_dir, src, rel, _package_name(case.id, side, rel)))
    return out


def resolve(side_dir: Path, pin: dict[str, str], work: Path, edges: str = "normal,build",
            features: list[str] | None = None) -> tuple[bool, str, dict[str, set[str]]]:
    """Resolution only (no compiling): `cargo tree --offline` of a copy of a case side with every
    burn crate pinned to `pin`; `edges` as cargo tree's `-e` (add `dev` for what tests build);
    `features`: the crate's own features to turn on, defaults off (None: its defaults).
    → (resolved, cargo's last error lines, package → features)."""
    dest = work / side_dir.parent.name / side_dir.name
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(side_dir, dest)
    for m in dest.rglob("Cargo.toml"):
        doc = tomlkit.parse(toml11.fold(m.read_text("utf-8"))[0])
        tables = list(_dep_tables(doc))
        ws = doc.get("workspace")
        if ws is not None and "dependencies" in ws:
            tables.append(ws["dependencies"])
        for t in tables:
            for key in list(t.keys()):
                spec = t[key]
                package = str(spec.get("package", key)) if hasattr(spec, "get") else key
                if not is_burn(package) or package in NO_0_22_RELEASE:
                    continue   # (a crate with no 0.22 release resolves as the case wrote it)
                version = f"={pin.get(package, pin['burn'])}"
                if hasattr(spec, "get"):
                    if "version" in spec:
                        spec["version"] = version
                else:
                    t[key] = version
        m.write_text(doc.as_string())
    roots = [m.parent for m in dest.rglob("Cargo.toml") if "workspace" in toml_read.loads(m.read_text("utf-8"))]
    cwd = roots[0] if roots else dest
    # `cargo tree` (not `cargo metadata`, whose resolve lists optional packages no feature
    # turns on): the packages this platform's build really compiles, with their features
    tree = ["tree", "--offline", "-e", edges, "--prefix", "none", "--format", "{p}|{f}"]
    if features is not None:
        tree += ["--no-default-features"] + (["--features", ",".join(features)] if features else [])
    p = _cargo(tree, cwd, 600)
    if p.returncode != 0 and _OFFLINE_MISS.search(p.stderr):
        # a feature of this case pulls crates no group build needed: fetch them once
        if _cargo(["fetch"], cwd, 1800).returncode == 0:
            p = _cargo(tree, cwd, 600)
    if p.returncode != 0:
        last = [l for l in p.stderr.strip().splitlines() if l.strip()]
        return False, "\n".join(last[-6:]), {}
    feats: dict[str, set[str]] = {}
    for line in p.stdout.splitlines():
        pkg, _, fs = line.partition("|")
        if not pkg.strip():
            continue
        name = pkg.split()[0]
        feats.setdefault(name, set()).update(f for f in fs.replace(" (*)", "").split(",") if f)
    return True, "", feats
