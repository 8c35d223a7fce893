"""Discover: the package / workspace / folder of crates under PATH, their Rust files, and how
each crate depends on burn (name in Rust paths, version from Cargo.toml or Cargo.lock).
"""
from __future__ import annotations

import errno
import glob
import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import tomlkit
from tomlkit.exceptions import ParseError

from burnmigrate import burn_api as api
from burnmigrate.model import CrateFacts
from burnmigrate.project import toml_read
from burnmigrate.project.dependencies import BurnDependency, burn_dependencies, dependency_tables
from burnmigrate.project.errors import UsageError
from burnmigrate.project.inputs import InputError, check_input, read_input
from burnmigrate.project.lints import denies_deprecated
from burnmigrate.project.locate import SKIP_DIRS, locate
from burnmigrate.project.lockfile import Lockfile
from burnmigrate.project.vendored import copy_note, is_burns_own, vendored_folders, vendored_note


@dataclass
class Crate:
    name: str
    dir: Path                      # absolute
    manifest: Path                 # absolute path of its Cargo.toml
    burn_deps: list[BurnDependency] = field(default_factory=list)
    locked_version: str = ""       # burn's version in Cargo.lock, when found
    workspace_root: Path | None = None
    notes: list[str] = field(default_factory=list)
    burn_features: set[str] = field(default_factory=set)  # burn features declared or forwarded
    lib_name: str = ""             # the Rust name its library target has (`[lib] name`, else the package's, `-` → `_`)

    @property
    def uses_burn(self) -> bool:
        return bool(self.burn_deps)

    def burn_version(self) -> str:
        """The best known burn version requirement ('' when unknown)."""
        if self.locked_version:
            return self.locked_version
        for d in self.burn_deps:
            if d.package in ("burn", "burn-core", "burn-tensor") and d.version:
                return d.version
        for d in self.burn_deps:
            if d.version:
                return d.version
        return ""

    def facts(self, keep_cpu_feature: bool = False, migrate_docs: bool = True) -> CrateFacts:
        roots = []
        device_path = "burn::tensor::Device"
        order = sorted(self.burn_deps, key=lambda d: ("burn", "burn-core", "burn-tensor").index(d.package)
                       if d.package in ("burn", "burn-core", "burn-tensor") else 9)
        for d in order:
            if d.rust_name not in roots:
                roots.append(d.rust_name)
        for d in order:
            if d.package in api.DEVICE_PATH_UNDER:
                device_path = f"{d.rust_name}::{api.DEVICE_PATH_UNDER[d.package]}"
                break
        return CrateFacts(name=self.name, burn_roots=tuple(roots) or ("burn",), device_path=device_path,
                          burn_version=self.burn_version(),
                          cpu_to_flex="cpu" in self.burn_features and not keep_cpu_feature,
                          migrate_docs=migrate_docs, denies_deprecated=denies_deprecated(self.manifest, self.workspace_root))


@dataclass
class Project:
    root: Path                      # absolute: the PATH given (or the folder holding it)
    crates: list[Crate]
    rust_files: list[tuple[str, Path, Crate]]  # (path relative to root, absolute, crate)
    manifests: list[Path]
    notes: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)   # (path, why) of what cannot be read
    # PATH when it is a .rs file or a folder inside a crate: the whole crate is read (its index),
    # only what lies in PATH is migrated (pipeline), manifests outside it are left
    scope: Path | None = None
    # crates with no burn dependency that depend by path on one that has: (crate, the dependency's key)
    path_dependents: list[tuple[Crate, str]] = field(default_factory=list)

    def rel(self, p: Path) -> str:
        return p.relative_to(self.root).as_posix()

    def in_scope(self, p: Path) -> bool:
        return self.scope is None or p == self.scope or p.is_relative_to(self.scope)


def load_manifest(path: Path) -> dict:
    """Read a manifest (tomli: fast, read-only, TOML 1.1 as cargo reads it), as cargo does: a UTF-8 BOM and CRLF line
    ends are accepted. A manifest cargo would reject is a UsageError naming file:line:column
    (1-based) and why: a parse error, a duplicate key."""
    try:
        text = read_input(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: Cargo.toml is not UTF-8") from None
    except InputError as e:
        raise UsageError(f"{path}: {e.reason}") from None
    try:
        return toml_read.loads(text)
    except toml_read.TOMLDecodeError as e:
        msg = str(e)
        m = re.search(r"\s*\(at line (\d+), column (\d+)\)$", msg)
        if m:
            reason = msg[: m.start()]
            if reason.startswith(("Cannot overwrite a value", "Cannot declare")):
                reason = f"duplicate key ({reason[0].lower()}{reason[1:]})"
            raise UsageError(f"{path}:{m.group(1)}:{m.group(2)}: Cargo.toml does not parse: {reason}") from None
        try:
            tomlkit.parse(text)
        except ParseError as pe:
            raise UsageError(f"{path}:{pe.line}:{pe.col + 1}: Cargo.toml does not parse: {pe}") from None
        except Exception:  # tomlkit's other errors (a duplicate key...): tomli's message says it
            pass
        raise UsageError(f"{path}: Cargo.toml does not parse: {msg}") from None


_GIT_UNREADABLE = re.compile(r"could not open directory '(.+?)/?': (.+)$", re.M)


def _list_files(root: Path) -> tuple[list[Path], list[InputError], list[Path]]:
    """Files under root, without target/.git and what git ignores (when root is in a git repo);
    the folders that could not be read; the symlinks to folders (neither git nor the walk enters
    them)."""
    try:
        r = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=root, capture_output=True, timeout=60, check=False)
        if r.returncode == 0:
            out, folder_links = [], []
            for rel in r.stdout.split(b"\0"):
                if not rel:
                    continue
                parts = rel.decode("utf-8", "surrogateescape").split("/")
                if any(p in SKIP_DIRS for p in parts[:-1]):
                    continue
                p = root / Path(*parts)
                if p.is_symlink() and p.is_dir():
                    folder_links.append(p)
                elif os.path.lexists(p) and not p.is_dir():
                    out.append(p)   # (what is not a regular file is judged by discover, with a note)
            unreadable = [InputError(root / m.group(1), f"a folder that cannot be read ({m.group(2).strip()})", errno.EACCES)
                          for m in _GIT_UNREADABLE.finditer(r.stderr.decode("utf-8", "replace"))]
            return out, unreadable, folder_links
    except (OSError, subprocess.SubprocessError):
        pass
    out, failed, folder_links = [], [], []

    def _failed(e: OSError) -> None:
        failed.append(InputError(e.filename, f"a folder that cannot be read ({e.strerror})", e.errno or errno.EACCES))

    for dirpath, dirnames, filenames in os.walk(root, onerror=_failed):
        folder_links += [Path(dirpath) / d for d in dirnames if (Path(dirpath) / d).is_symlink()]
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")
                             and not (Path(dirpath) / d).is_symlink())
        for f in filenames:
            out.append(Path(dirpath) / f)
    return out, failed, folder_links


def burn_deps_of(doc, workspace_deps: dict | None) -> list[BurnDependency]:
    return burn_dependencies(doc, api.BURN_CRATES, workspace_deps)


def burn_features(doc: dict, deps: list[BurnDependency], workspace_deps: dict | None) -> set[str]:
    """burn features a crate declares (its own and its workspace root's) or forwards."""
    out: set[str] = set()
    keys = {d.key for d in deps if d.package == "burn"}
    for _, body in dependency_tables(doc, workspace=False):
        for key, spec in body.items():
            if key in keys and isinstance(spec, dict):
                out |= set(spec.get("features", []))
                if spec.get("workspace") is True and isinstance(ws_spec := (workspace_deps or {}).get(key), dict):
                    out |= set(ws_spec.get("features", []))
    for vals in (doc.get("features") or {}).values():
        for v in vals:
            dep, sep, feat = v.partition("/")
            if sep and dep.rstrip("?") in keys:
                out.add(feat)
    return out


def _target(f: Path) -> Path | None:
    """Where a file (or a symlink) leads; None for a link that loops or leads nowhere."""
    try:
        return f.resolve(strict=True)
    except (OSError, RuntimeError):
        return None


def discover(path: Path) -> Project:
    root, scope = locate(path)
    files, unreadable, folder_links = _list_files(root)
    # vendored crates (`cargo vendor`) are not the project's code, and cargo checks their bytes
    vendored = vendored_folders(root, files)
    vendored_note_text = None
    if vendored:
        kept = [f for f in files if not _under(f, set(vendored), root)]
        vendored_note_text = vendored_note(root, vendored, len(files) - len(kept))
        files = kept
        unreadable = [e for e in unreadable if not _under(Path(e.filename), set(vendored), root)]
        folder_links = [f for f in folder_links if not _under(f, set(vendored), root)]
    # a symlink to a file that is listed itself is the same file: migrated (and written) once.
    # Only a listed file itself can be a link (neither git nor the walk enters linked folders,
    # and root is resolved): the others are where they are, no need to resolve them.
    links = {f: _target(f) for f in files if f.is_symlink()}
    real = {f for f in files if f not in links}
    broken = [f for f in links if f.suffix in (".rs", ".toml") and links[f] is None]
    files = [f for f in files if f not in links or (links[f] is not None and links[f] not in real)]
    # only regular files are read (a FIFO would block, `/dev/zero` never ends), each up to a limit
    # (project/inputs.py): the others are a note, the unreadable ones an error unless skipped
    not_regular: list[InputError] = []
    for f in [f for f in files if f.suffix == ".rs" or f.name == "Cargo.toml"]:
        problem = check_input(f)
        if problem is not None:
            (not_regular if problem.not_regular else unreadable).append(problem)
    dropped = {Path(e.filename) for e in (*not_regular, *unreadable)}
    files = [f for f in files if f not in dropped]
    manifests = sorted(p for p in files if p.name == "Cargo.toml")
    if not manifests:
        raise UsageError(f"{path}: no Cargo.toml here or below: not a Rust project")
    docs = {m: load_manifest(m) for m in manifests}
    # a copy of burn's own crate in the tree (a `[patch]` of burn-cubecl 0.21.0) is burn's code, not the project's
    copies = {m.parent: n for m, d in docs.items() if m.parent != root and is_burns_own(
        n := str((p := d.get("package") or {}).get("name", "")), str(p.get("version", "")))}
    if copies:
        files = [f for f in files if not _under(f, set(copies), root)]
        manifests, docs = [m for m in manifests if m in files], {m: d for m, d in docs.items() if m in files}
    # workspaces: root manifests with [workspace]
    workspaces = {}
    ws_notes: list[str] = []
    for m, doc in docs.items():
        ws = doc.get("workspace")
        if ws is not None:
            members: set[Path] = set()
            for pat in ws.get("members", []):
                hits = glob.glob(str(m.parent / pat))
                if not hits:
                    ws_notes.append(f"{m.parent.relative_to(root).as_posix() or '.'}: workspace member `{pat}` matches "
                                    "nothing (cargo rejects the workspace: failed to load manifest for that member)")
                for hit in hits:
                    members.add(Path(hit).resolve())
            excluded = set()
            for pat in ws.get("exclude", []):
                for hit in glob.glob(str(m.parent / pat)):
                    excluded.add(Path(hit).resolve())
            workspaces[m.parent] = (ws, members - excluded, excluded)
    crates: list[Crate] = []
    notes: list[str] = []
    for m, doc in docs.items():
        if "package" not in doc:
            continue
        name = str(doc["package"].get("name", m.parent.name))
        ws_root = None
        for wdir, (ws, members, excluded) in sorted(workspaces.items(), key=lambda kv: -len(str(kv[0]))):
            if m.parent == wdir or m.parent in members:
                ws_root = wdir
                break
            if m.parent in excluded:
                ws_root = None
                break
        ws_deps = workspaces[ws_root][0].get("dependencies") if ws_root is not None else None
        lib = doc.get("lib")
        lib_name = str(lib.get("name", "")) if isinstance(lib, dict) else ""
        crate = Crate(name=name, dir=m.parent, manifest=m, workspace_root=ws_root,
                      lib_name=lib_name or name.replace("-", "_"))
        crate.burn_deps = burn_deps_of(doc, ws_deps)
        crate.burn_features = burn_features(doc, crate.burn_deps, ws_deps)
        for lock_dir in (m.parent, ws_root):
            if lock_dir is not None and (lock_dir / "Cargo.lock").exists():
                crate.locked_version = Lockfile.read(lock_dir / "Cargo.lock").version("burn")
                if crate.locked_version:
                    break
        orphans = [d.key for d in crate.burn_deps if d.source == "workspace"
                   and (ws_deps is None or d.key not in ws_deps)]
        if orphans:
            crate.notes.append(f"{name}: {', '.join(f'`{k} = {{ workspace = true }}`' for k in orphans)} but no workspace "
                               "root declares it in [workspace.dependencies] (cargo rejects this manifest)")
        unknown = [d for d in crate.burn_deps if not d.version]
        if unknown and not crate.locked_version:
            crate.notes.append(
                f"{name}: burn version unknown ({', '.join(sorted({d.key + ' is a ' + d.source + ' dependency' for d in unknown}))}"
                "); taken at the version the code's idioms show")
        crates.append(crate)
    crates.sort(key=lambda c: str(c.dir))
    # each .rs file belongs to the nearest crate above it
    by_dir = {c.dir: c for c in crates}
    rust_files = []
    for f in sorted(files):
        if f.suffix != ".rs":
            continue
        d = f.parent
        owner: Crate | None = None
        while True:
            if d in by_dir:
                owner = by_dir[d]
                break
            if d == root or d.parent == d:
                break
            d = d.parent
        if owner is None and root in by_dir:
            owner = by_dir[root]
        if owner is None or not owner.uses_burn:
            continue
        rust_files.append((f.relative_to(root).as_posix(), f, owner))
    notes.extend(ws_notes)
    if scope is not None:
        left = [m for m in manifests if not m.is_relative_to(scope)]
        manifests = [m for m in manifests if m.is_relative_to(scope)]
        notes.extend(f"{_shown(m, root)}: outside {_shown(scope, root)}: left as it is (run burnmigrate on "
                     "the crate's folder to upgrade its dependencies)" for m in left if any(c.manifest == m and c.uses_burn for c in crates))
    if vendored_note_text:
        notes.append(vendored_note_text)
    notes.extend(copy_note(_shown(d, root), n) for d, n in sorted(copies.items()))
    facade_notes, dependents = _through_a_facade(crates, docs, root)
    notes.extend(facade_notes)
    notes.extend(f"{f.relative_to(root).as_posix()}: a symlink that loops or leads nowhere: skipped" for f in broken)
    notes.extend(f"{_shown(Path(e.filename), root)}: {e.what}: skipped" for e in not_regular)
    notes.extend(f"{_shown(f, root)}: a symlink to a folder ({_target(f) or 'nowhere'}): not followed, its files are "
                 "not migrated (migrate that folder on its own)" for f in folder_links
                 if (_target(f) is None or not _target(f).is_relative_to(root)))   # type: ignore[union-attr]
    for c in crates:
        notes.extend(c.notes)
    return Project(root=root, crates=crates, rust_files=rust_files, manifests=manifests, notes=notes,
                   unreadable=sorted({(_shown(Path(e.filename), root), e.what) for e in unreadable
                                      if scope is None or Path(e.filename).is_relative_to(scope)}),
                   scope=scope, path_dependents=dependents)


def _under(p: Path, folders: set[Path], root: Path) -> bool:
    """Whether p lies in one of `folders` (all under root)."""
    for d in p.parents:
        if d in folders:
            return True
        if d == root:
            return False
    return False


def _shown(p: Path, root: Path) -> str:
    return p.relative_to(root).as_posix() if p.is_relative_to(root) else str(p)


def version_family(version: str) -> str:
    """'0.21' for '0.21.0', '=0.21.0', '^0.21', '~0.21'; '' when unknown."""
    m = re.search(r"(\d+)\.(\d+)", version or "")
    return f"{m.group(1)}.{m.group(2)}" if m else ""


# `pub use burn::*;`, `pub use burn;`, `pub use burn as b;`, `pub extern crate burn;`
_REEXPORTS_BURN = re.compile(rb"\bpub\s+(?:use\s+(?:::)?burn\s*(?:::\s*\*|;|\s+as\b)|extern\s+crate\s+burn\b)")


def _through_a_facade(crates: list[Crate], docs: dict, root: Path) -> tuple[list[str], list[tuple[Crate, str]]]:
    """A crate with no burn dependency of its own that depends (by path) on one of the project's
    crates re-exporting burn reaches burn through it (`rwkv::custom::tensor::Tensor`): its files
    are not migrated (only crates that depend on burn are), which a note says instead of silence.
    Also the other path dependencies on a burn-using crate, (crate, key): the pipeline says which
    of their files name that crate's backend-generic items."""
    by_dir = {c.dir.resolve(): c for c in crates}
    notes: list[str] = []
    dependents: list[tuple[Crate, str]] = []
    for c in crates:
        if c.uses_burn:
            continue
        ws = (docs.get(c.workspace_root / "Cargo.toml") or {}).get("workspace", {}) if c.workspace_root else {}
        for _, table in dependency_tables(docs.get(c.manifest, {}), workspace=False):
            for key, spec in table.items():
                base = c.dir
                if hasattr(spec, "get") and spec.get("workspace") is True and c.workspace_root is not None:
                    spec, base = ws.get("dependencies", {}).get(key), c.workspace_root   # `x = { workspace = true }`
                if not hasattr(spec, "get") or "path" not in spec:
                    continue
                dep = by_dir.get((base / str(spec["path"])).resolve())
                where = _reexport_of_burn(dep.dir) if dep is not None and dep.uses_burn else ""
                if dep is not None and dep.uses_burn and not where:
                    dependents.append((c, key))
                if where:
                    notes.append(f"{c.dir.relative_to(root).as_posix() or '.'}: no burn dependency of its own, but it "
                                 f"depends on `{key}`, which re-exports burn ({where}): its code reaches burn through "
                                 "that crate and is not migrated; depend on burn directly, or migrate it by hand")
    return notes, dependents


def _reexport_of_burn(crate_dir: Path) -> str:
    """Where a crate's sources re-export burn (`src/lib.rs`), '' when they do not."""
    for f in sorted((crate_dir / "src").rglob("*.rs")) if (crate_dir / "src").is_dir() else []:
        try:
            if _REEXPORTS_BURN.search(f.read_bytes()):
                return f.relative_to(crate_dir).as_posix()
        except OSError:
            continue
    return ""
