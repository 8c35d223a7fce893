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


def systemstat_breaks(lock: Lockfile) -> bool:
    """Does this lock pair burn-train with the systemstat that breaks it?"""
    return lock.has("burn-train") and HELD_BACK[1] in lock.packages.get(HELD_BACK[0], [])


def find_lockfile(dirs) -> Lockfile:
    """The Cargo.lock of the first of `dirs` that has one."""
    for d in dirs:
        if d is not None and (Path(d) / "Cargo.lock").is_file():
            return Lockfile.read(Path(d) / "Cargo.lock")
    return Lockfile(None)
