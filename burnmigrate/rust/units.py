"""Compilation units: the facts a file sees are those of its own crate first (issue 25 item 1).

The project index is merged by name over the whole workspace, and a workspace often defines one
name in several crates: burn's own examples have a `Model`, a `TrainingConfig` and a
`fn run<B: ..>` in each example crate, each with its own backend position, device parameters,
config fields and reasons to keep a parameter. Read by name, one crate's `run` lent its device
slots or its "kept" to every other crate's `run`. rustc resolves a name in the crate that uses it
(its own items, then the crates it depends on), so a unit that defines a name another unit also
defines gets a view of the index of its own: merged from its files and its package's library,
with the other units' facts about those names left out.

A unit is a target as cargo builds it, read off the path: a package's `src/` (library and
binaries together: the binaries reach the library's items through the crate name), and each
`tests/x.rs` / `examples/x.rs` / `benches/x.rs` (or its `x/` folder): `pkg::tests/x`. A unit with nothing in
common with another keeps the workspace-wide index.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

# the index fields that hold facts about a name a crate defines (by-name, merged across files)
PER_UNIT_FIELDS = ("user_types", "user_fns", "autodiff_fns", "device_params", "module_fns", "kept_types",
                   "op_kept_types", "op_kept_why", "kept_fns", "op_kept_fns", "alias_backend_params", "phantom_fields",
                   "module_types", "generic_value_fns", "to_f32_fns", "forward_only_fns", "config_types", "dataset_types",
                   "default_fns", "macro_kept_fns")
_TARGET_DIRS = ("tests", "examples", "benches")
_DEFINED = re.compile(rb"\b(?:fn|struct|enum|union|trait|type)\s+([A-Za-z_]\w*)")


def defined_names(src: bytes) -> set[str]:
    """The names of the fns and types a file defines (read from the text: every file, parsed or not)."""
    return {m.decode() for m in _DEFINED.findall(src)}


def unit_of(path: str, package: str | None = None) -> str:
    """The unit (`package`, or `package::tests/x` for a target) a file belongs to. `package` is the crate's
    directory relative to the project root ('' for the root crate); None reads it off the path
    (the part before the last `src/`, `tests/`, `examples/` or `benches/`)."""
    parts = path.split("/")
    if package is None:
        cut = max((i for i, p in enumerate(parts[:-1]) if p == "src"), default=None)
        if cut is None:
            cut = max((i for i, p in enumerate(parts[:-1]) if p in _TARGET_DIRS), default=None)
        package = "/".join(parts[:cut]) if cut is not None else "/".join(parts[:-1])
    inner = parts[len(package.split("/")):] if package else parts
    if len(inner) >= 2 and inner[0] in _TARGET_DIRS:
        return f"{package}::{inner[0]}/{inner[1].removesuffix('.rs')}"
    return package


def package_of(unit: str) -> str:
    """The package whose library a unit sees by name (`pkg::tests/x` → `pkg`; a package: itself)."""
    return unit.partition("::")[0]


def _seed(whole, names: set[str]) -> dict:
    """The workspace's by-name facts without those about `names` (copies: a merge adds to them)."""
    out: dict = {}
    for k in PER_UNIT_FIELDS:
        v = getattr(whole, k)
        if k == "module_fns":
            out[k] = {m: {n: sig for n, sig in fns.items() if n not in names} for m, fns in v.items()}
        elif isinstance(v, dict):
            out[k] = {n: (set(x) if isinstance(x, set) else x) for n, x in v.items() if n not in names}
        else:
            out[k] = set(v) - names
    return out


def unit_views(all_facts: list, whole, merge: Callable[..., object]) -> tuple[dict[str, dict], dict[str, str]]:
    """(unit → how its values of PER_UNIT_FIELDS differ from `whole`'s (`delta`), file → unit) for the units that define a name
    another unit (not their own package's library) defines too, where the workspace-wide index
    `whole` holds a fact about that name. A view is the unit's own files (and its package's
    library) merged by `merge` onto the workspace's facts less those names: what other crates
    say of other names stands (a type another crate keeps stays kept here too)."""
    known: set[str] = set()
    for k in PER_UNIT_FIELDS:
        v = getattr(whole, k)
        known.update((n for fns in v.values() for n in fns) if k == "module_fns" else v)
    by_unit: dict[str, list] = {}
    for f in all_facts:
        by_unit.setdefault(f.unit if f.unit is not None else unit_of(f.path), []).append(f)
    names = {u: set().union(*(known & f.defined_names for f in fs)) for u, fs in by_unit.items()}
    views: dict[str, dict] = {}
    files: dict[str, str] = {}
    for unit, fs in by_unit.items():
        home = {unit, package_of(unit)}
        seen = set().union(*(names.get(u, set()) for u in home))
        others: Iterable[str] = [u for u in by_unit if u not in home]
        clash = seen & set().union(*(names[u] for u in others))
        if not clash:
            continue
        mine = sorted((f for u in home for f in by_unit.get(u, [])), key=lambda f: f.path)
        sub = merge(mine, seed=_seed(whole, clash))
        views[unit] = {k: delta(getattr(whole, k), getattr(sub, k)) for k in PER_UNIT_FIELDS
                       if getattr(whole, k) != getattr(sub, k)}
        files.update((f.path, unit) for f in fs)
    return views, files


def delta(base, new) -> tuple:
    """What turns `base` (a dict or set) into `new`: (entries added or changed, keys removed)."""
    if isinstance(base, dict):
        return {k: v for k, v in new.items() if k not in base or base[k] != v}, set(base) - set(new)
    return set(new) - set(base), set(base) - set(new)


def apply_delta(base, change: tuple):
    """`base` with a `delta` applied (a new object; `base` is left as it is)."""
    added, removed = change
    if isinstance(base, dict):
        return {**{k: v for k, v in base.items() if k not in removed}, **added}
    return type(base)((set(base) - removed) | added)
