"""Cargo.lock, read with tomllib: which packages (and versions) a lock file resolves."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path


@dataclass
class Lockfile:
    path: Path | None = None
    packages: dict[str, list[str]] = field(default_factory=dict)  # name → versions, in file order

    @classmethod
    def read(cls, path: Path) -> Lockfile:
        """The lock file at `path`; an empty one when it is missing or does not parse. A
        workspace's lock is read once however many crates ask (keyed by path and mtime)."""
        try:
            st = path.stat()
        except OSError:
            return cls(None)
        return _read(str(path.resolve()), st.st_mtime_ns, st.st_size)

    def __bool__(self) -> bool:
        return self.path is not None

    def has(self, name: str) -> bool:
        return name in self.packages

    def version(self, name: str) -> str:
        """The first locked version of `name` ('' when it is not locked)."""
        return (self.packages.get(name) or [""])[0]


# what cargo writes for each package: the header, then `name` and `version`
_PACKAGE = re.compile(r'^\[\[package\]\]\nname = "([^"\\\n]+)"\nversion = "([^"\\\n]+)"\n', re.M)
_HEADER = re.compile(r"^\[\[package\]\]", re.M)


@lru_cache(maxsize=64)
def _read(path: str, mtime_ns: int, size: int) -> Lockfile:
    try:
        text = Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return Lockfile(None)
    out: dict[str, list[str]] = {}
    found = _PACKAGE.findall(text.replace("\r\n", "\n"))
    if found and len(found) == len(_HEADER.findall(text)) and text.lstrip().startswith(("#", "version", "[[package]]")):
        for name, version in found:   # cargo's own layout: read without a TOML parser (10x faster)
            out.setdefault(name, []).append(version)
        return Lockfile(Path(path), out)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return Lockfile(None)
    for p in doc.get("package", []):
        if isinstance(p, dict) and "name" in p:
            out.setdefault(str(p["name"]), []).append(str(p.get("version", "")))
    return Lockfile(Path(path), out)


# systemstat 0.2.8 (released after burn 0.22.1) breaks burn-train 0.21.0 and 0.22.1 (E0277):
# (crate, broken version, the version that works)
HELD_BACK = ("systemstat", "0.2.8", "0.2.7")


# the titles of burn-version's lock findings: `apply --update-lock` drops them once the lock it
# updated no longer says so (the report of that run stays true)
LOCK_PINS_BURN = "Cargo.lock pins burn"
LOCK_HAS_SYSTEMSTAT = "Cargo.lock has systemstat 0.2.8, with which burn-train does not compile"


def systemstat_breaks(lock: Lockfile) -> bool:
    """Does this lock pair burn-train with the systemstat that breaks it?"""
    return lock.has("burn-train") and HELD_BACK[1] in lock.packages.get(HELD_BACK[0], [])


# Crates a project's lock may hold at a version older than burn 0.22.1's graph builds with: the
# crate that needs the newer one asks for the major only, so `cargo update -p burn` keeps the old
# one. (crate, the version the compile tier builds with, the crate that needs it, why)
HELD_FORWARD = (
    ("combine", "4.6.9", "pliron", ("pliron 0.19 (cubecl's MLIR graph under burn 0.22.1's cubecl backends) hashes "
                                    "combine's `SourcePosition`, which derives `Hash` in 4.6.9 and not in 4.6.7 "
                                    "(E0277 in pliron)")),
)


def held_forward(lock: Lockfile) -> list[tuple[str, str, str]]:
    """(crate, locked version, version to move to) for each HELD_FORWARD crate this lock holds
    below the version burn 0.22.1's graph needs, where the crate that needs it is locked too."""
    out: list[tuple[str, str, str]] = []
    for name, minimum, needed_by, _ in HELD_FORWARD:
        if not lock.has(needed_by):
            continue
        out.extend((name, v, minimum) for v in lock.packages.get(name, []) if _version(v) < _version(minimum))
    return out


def _version(v: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in v.split("-")[0].split(".")[:3])
    except ValueError:
        return (0,)


_BLOCK_NAME = re.compile(r'^name = "([^"\n]+)"$', re.M)
_BLOCK_VERSION = re.compile(r'^version = "([^"\n]+)"$', re.M)
_BLOCK_DEPS = re.compile(r'^dependencies = \[(.*?)\]', re.M | re.S)


def burn_dependents(lock: Lockfile, burn_crates: frozenset[str]) -> dict[str, tuple[str, str]]:
    """Packages of the lock, not burn's own, that depend on one of `burn_crates`: name → (its
    version, the burn crate and version it depends on), read off each `[[package]]`'s
    `dependencies` (`"burn"` when one version is locked, `"burn 0.21.0"` when several)."""
    out: dict[str, tuple[str, str]] = {}
    for name, version, deps in _dependencies(lock):
        if name in burn_crates:
            continue
        for dep in deps:
            dname, _, dver = dep.partition(" ")
            if dname in burn_crates:
                out[name] = (version, f"{dname} {dver or lock.version(dname)}".strip())
                break
    return out


def _dependencies(lock: Lockfile) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(name, version, dependencies) of each locked package; the file is read once however many
    manifests ask (keyed by path and mtime, like the lock itself)."""
    if lock.path is None:
        return ()
    try:
        st = lock.path.stat()
    except OSError:
        return ()
    return _read_dependencies(str(lock.path), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=64)
def _read_dependencies(path: str, mtime_ns: int, size: int) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    try:
        text = Path(path).read_text("utf-8").replace("\r\n", "\n")
    except (OSError, UnicodeDecodeError):
        return ()
    out = []
    for block in text.split("[[package]]")[1:]:
        name, version, deps = _BLOCK_NAME.search(block), _BLOCK_VERSION.search(block), _BLOCK_DEPS.search(block)
        if name is not None and deps is not None:
            out.append((name.group(1), version.group(1) if version else "",
                        tuple(re.findall(r'"([^"\n]+)"', deps.group(1)))))
    return tuple(out)


def find_lockfile(dirs) -> Lockfile:
    """The Cargo.lock of the first of `dirs` that has one."""
    for d in dirs:
        if d is not None and (Path(d) / "Cargo.lock").is_file():
            return Lockfile.read(Path(d) / "Cargo.lock")
    return Lockfile(None)
