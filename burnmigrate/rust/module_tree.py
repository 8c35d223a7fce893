"""Where a path leads in the project's module tree, read off the file layout (`src/a/b.rs` and
`src/a/b/mod.rs` are `crate::a::b`; `src/lib.rs` and `src/main.rs` are the crate root); tests,
examples and benches are crates of their own, each file its own root. Used to resolve a name a file
imports from a project module (`use crate::train::B;`, `use super::run;`) to the item that module
defines, instead of any item of that name in the workspace (issue 25 item 1).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

Module = tuple[str, tuple[str, ...]]   # (the crate's directory, the module path under `crate`)


@dataclass(frozen=True)
class FnSig:
    """A generic free fn of a project module, as a call through its path sees it."""
    backend: frozenset[tuple[int, int]]   # (backend parameter position, type + const parameter count)
    devices: frozenset[int]               # value parameters typed `B::Device` / `&B::Device`
    autodiff: bool
    kept: bool = False                    # keeps its backend parameter (param_uses.keep_both_or_neither)
    optimizer: frozenset[int] = frozenset()   # parameters bounded by 0.21's `Optimizer<M, B>` (module-optimizer's)


_PROJECT_USE = re.compile(rb"\buse\s+((?:crate|super)(?:\s*::\s*\w+)*)\s*::\s*(?:\{([^{}]*)\}|(\w+)(?:\s+as\s+(\w+))?)\s*;")
_LIST_LEAF = re.compile(r"^(\w+(?:\s*::\s*\w+)*)(?:\s+as\s+(\w+))?$")


def project_uses(src: bytes) -> dict[str, tuple[str, ...]]:
    """name → its path, for each `use crate::..` / `use super::..` that binds a name (a plain
    path, `as` renames, one level of `{..}` list), read from the text: pass 1 does not parse
    every file."""
    out: dict[str, tuple[str, ...]] = {}
    for m in _PROJECT_USE.finditer(src):
        base = tuple(p.strip() for p in m.group(1).decode().split("::"))
        if m.group(3) is not None:
            out[(m.group(4) or m.group(3)).decode()] = (*base, m.group(3).decode())
            continue
        for leaf in m.group(2).decode().split(","):
            lm = _LIST_LEAF.match(leaf.strip())
            if lm is not None:
                path = tuple(p.strip() for p in lm.group(1).split("::"))
                if path[-1] != "self":
                    out[lm.group(2) or path[-1]] = (*base, *path)
    return out


def module_path(path: str) -> tuple[str, tuple[str, ...]] | None:
    """(the crate's directory, the file's module path under `crate`) for a file in a crate's
    `src/` (`crates/a/src/train/mod.rs` → (`crates/a`, (`train`,))); None elsewhere (tests,
    examples and benches are crates of their own)."""
    parts = path.split("/")
    if "src" not in parts:
        return None
    i = len(parts) - 1 - parts[::-1].index("src")
    mods = parts[i + 1:]
    if not mods or not mods[-1].endswith(".rs"):
        return None
    mods[-1] = mods[-1][:-3]
    if mods[-1] == "mod" or (len(mods) == 1 and mods[0] in ("lib", "main")):
        mods = mods[:-1]
    return "/".join(parts[:i]), tuple(mods)


def from_project(path: tuple[str, ...] | list[str]) -> bool:
    """Does a path start in this crate's modules (`crate::`, `self::`, `super::`)?"""
    return bool(path) and path[0] in ("crate", "self", "super")


def module_of_use(file: str, path: tuple[str, ...]) -> Module | None:
    """The module that `use <path>` (its last segment the imported name) in `file` names, for a
    path from `crate` or `super`; None otherwise (another crate, `self`, a file outside `src/`)."""
    here = module_path(file)
    if here is None or len(path) < 2:
        return None
    crate_dir, mods = here
    if path[0] == "crate":
        return crate_dir, tuple(path[1:-1])
    if path[0] != "super":
        return None
    ups = 0
    while ups < len(path) - 1 and path[ups] == "super":
        ups += 1
    # `super` of a `mod.rs` / `lib.rs` module is its parent; of `a/b.rs` (module a::b) also `a`
    if ups > len(mods):
        return None
    return crate_dir, tuple(mods[:len(mods) - ups]) + tuple(path[ups:-1])
