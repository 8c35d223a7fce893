"""What PATH names (issue 27 item 5): the project to read, and the part of it to migrate."""
from __future__ import annotations

import os
from pathlib import Path

from burnmigrate.project import toml_read
from burnmigrate.project.errors import UsageError
from burnmigrate.project.inputs import InputError, read_input

SKIP_DIRS = {"target", ".git", "node_modules", ".hg", ".svn", ".burnmigrate"}


def locate(path: Path) -> tuple[Path, Path | None]:
    """PATH means what it says (issue 27 item 5): a folder with a Cargo.toml at or below it is the
    project; a Cargo.toml, its crate's folder; a .rs file, or a folder inside a crate with no
    Cargo.toml of its own, the crate around it with only that file or folder migrated (the scope).
    Anything else is a usage error, not its parent folder's crates."""
    given = path.resolve()
    if not given.exists():
        raise UsageError(f"{path}: no such file or directory")
    if given.is_file():
        if given.name == "Cargo.toml":
            return given.parent, None
        if given.suffix != ".rs":
            raise UsageError(f"{path}: not a Rust source file or a Cargo.toml: give a crate's folder, its Cargo.toml "
                             "or a .rs file")
        crate = _crate_around(given.parent)
        if crate is None:
            raise UsageError(f"{path}: no Cargo.toml in this file's folder or above: not in a Rust crate")
        return crate, given
    if (given / "Cargo.toml").is_file():
        return given, None
    crate = _crate_around(given.parent)
    if crate is not None and not any(True for _ in _manifests_below(given)):
        return crate, given
    return given, None


def _crate_around(d: Path) -> Path | None:
    """The nearest folder at or above d whose Cargo.toml is a package (cargo's own search)."""
    for folder in (d, *d.parents):
        m = folder / "Cargo.toml"
        if m.is_file():
            try:
                if "package" in toml_read.loads(read_input(m).decode("utf-8-sig")):
                    return folder
            except (InputError, UnicodeDecodeError, toml_read.TOMLDecodeError):
                return folder   # (the error is reported when the project is read)
    return None


def _manifests_below(d: Path):
    for dirpath, dirnames, filenames in os.walk(d):
        dirnames[:] = [x for x in dirnames if x not in SKIP_DIRS and not x.startswith(".")]
        if "Cargo.toml" in filenames:
            yield Path(dirpath) / "Cargo.toml"
