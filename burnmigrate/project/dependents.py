"""Crates that use a migrated crate's API without depending on burn themselves.

A workspace member with no burn dependency of its own is not migrated. When it names a
backend-generic item of a member that is (`PPOBurnAgent<BurnBackend>`, whose parameter the
erasure removes), it stops compiling after `apply` (E0107). The pipeline reads those members'
sources for such names once the index knows them, and a note names the files, instead of
silence (reading 31: afgTheCat/r2l's zoo evaluator).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

_SHOWN = 3


def dependent_notes(dependents: Iterable[tuple], generic_types: Iterable[str], root: Path) -> list[str]:
    """One note per crate of `dependents` (crate, its dependency's key) whose sources name one of
    `generic_types` with type arguments (`Name<..>` or `Name::<..>`)."""
    names = sorted(set(generic_types))
    if not names:
        return []
    rx = re.compile(rb"\b(" + b"|".join(re.escape(n.encode()) for n in names) + rb")\s*(?:::\s*)?<")
    keys: dict[Path, list[str]] = {}
    crates = {}
    for crate, key in dependents:
        keys.setdefault(crate.dir, []).append(key)
        crates[crate.dir] = crate
    notes = []
    for cdir, crate in crates.items():
        hits: dict[str, set[str]] = {}
        for f in sorted(cdir.rglob("*.rs")):
            if "target" in f.relative_to(cdir).parts:
                continue
            try:
                found = {m.decode() for m in rx.findall(f.read_bytes())}
            except OSError:
                continue
            if found:
                hits[f.relative_to(root).as_posix()] = found
        if hits:
            files = sorted(hits)
            named = sorted(set().union(*hits.values()))
            shown = ", ".join(files[:_SHOWN]) + (f" and {len(files) - _SHOWN} more" if len(files) > _SHOWN else "")
            where = cdir.relative_to(root).as_posix() or "."
            deps = ", ".join(f"`{k}`" for k in sorted(set(keys[cdir])))
            notes.append(f"{where}: no burn dependency of its own, so it is not migrated, but it names "
                         f"{', '.join('`' + n + '<..>`' for n in named[:5])} of the migrated crates it depends on "
                         f"({deps}), whose backend parameter the migration erases ({shown}): those uses stop "
                         "compiling (E0107); migrate them by hand, or add burn to that crate's dependencies so that "
                         "burnmigrate migrates it")
    return notes
