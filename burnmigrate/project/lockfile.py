"""Cargo.lock, read with tomllib: which packages (and versions) a lock file resolves."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Lockfile:
    path: Path | None = None
    packages: dict[str, list[str]] = field(default_factory=dict)  # name → versions, in file order

    @classmethod
    def read(cls, path: Path) -> "Lockfile":
        """The lock file at `path`; an empty one when it is missing or does not parse."""
        try:
            doc = tomllib.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return cls(None)
        out: dict[str, list[str]] = {}
        for p in doc.get("package", []):
            if isinstance(p, dict) and "name" in p:
                out.setdefault(str(p["name"]), []).append(str(p.get("version", "")))
        return cls(path, out)

    def __bool__(self) -> bool:
        return self.path is not None

    def has(self, name: str) -> bool:
        return name in self.packages

    def version(self, name: str) -> str:
        """The first locked version of `name` ('' when it is not locked)."""
        return (self.packages.get(name) or [""])[0]


def find_lockfile(dirs) -> Lockfile:
    """The Cargo.lock of the first of `dirs` that has one."""
    for d in dirs:
        if d is not None and (Path(d) / "Cargo.lock").is_file():
            return Lockfile.read(Path(d) / "Cargo.lock")
    return Lockfile(None)
