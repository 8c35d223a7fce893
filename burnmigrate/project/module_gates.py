"""The `#[cfg(..)]` a module file is compiled under, read off the `mod` item that declares it.

`#[cfg(feature = "tch")] mod tch;` in `src/lib.rs` puts all of `src/tch.rs` (and the modules it
declares) under the project feature `tch`; `#[cfg(test)] mod tests;` puts `src/tests.rs` in the
test build only. rust/uses.py labels code gated inside a file; this gives the label of the file
as a whole, so a backend only such a file needs goes to that feature (or to the tests' table)
and not into every build (reading 30: a libtorch backend made unconditional downloads libtorch
in the default build).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

_GATED_MOD = re.compile(rb'#\[cfg\(\s*(test|feature\s*=\s*"([\w-]+)")\s*\)\]\s*(?:#\[[^\]]*\]\s*)*'
                        rb'(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;')
_ROOTS = ("lib.rs", "main.rs")


def _declaring_files(path: Path, src: Path) -> tuple[str, list[Path]] | None:
    """(the module's name, the files that may declare it) for a module file under `src/`; None
    for a crate root (`lib.rs`, `main.rs`, `src/bin/*.rs`)."""
    rel = path.relative_to(src).parts
    if len(rel) == 1:
        return None if rel[0] in _ROOTS else (rel[0][:-3], [src / r for r in _ROOTS])
    if rel[0] == "bin" and len(rel) == 2:
        return None
    name = rel[-2] if rel[-1] == "mod.rs" else rel[-1][:-3]
    parent_dir = path.parent.parent if rel[-1] == "mod.rs" else path.parent
    if parent_dir == src:
        return name, [src / r for r in _ROOTS]
    return name, [parent_dir.with_suffix(".rs"), parent_dir / "mod.rs"]


def module_gate(path: Path, crate_dir: Path, read: Callable[[Path], bytes | None], depth: int = 0) -> str:
    """'dev' (a `#[cfg(test)]` module), 'feat:x' (a `#[cfg(feature = "x")]` one), or '' for a
    file of `crate_dir/src` compiled in every build; the nearest gated `mod` up the tree decides.
    `read` gives a file's bytes (None when it has none): the caller's, so that a `lib.rs` many
    modules ask about is read once."""
    src = crate_dir / "src"
    try:
        found = _declaring_files(path, src) if path.is_relative_to(src) and depth < 16 else None
    except ValueError:
        return ""
    if found is None:
        return ""
    name, parents = found
    if not name.isidentifier():
        return ""   # (no `mod` names a file whose name is no identifier: `é.rs` read as bytes)
    for parent in parents:
        text = read(parent)
        if text is None:
            continue
        for m in _GATED_MOD.finditer(text):
            if m.group(3).decode() == name:
                return "dev" if m.group(1) == b"test" else f"feat:{m.group(2).decode()}"
        if re.search(rb"\bmod\s+" + re.escape(name.encode()) + rb"\s*;", text):
            return module_gate(parent, crate_dir, read, depth + 1)   # declared ungated here: its own module decides
    return ""


def file_reader() -> Callable[[Path], bytes | None]:
    """A reader for `module_gate` that reads each file once (None for one that cannot be read)."""
    seen: dict[Path, bytes | None] = {}

    def read(p: Path) -> bytes | None:
        if p not in seen:
            try:
                seen[p] = p.read_bytes()
            except OSError:
                seen[p] = None
        return seen[p]
    return read
