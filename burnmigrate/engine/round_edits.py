"""A round's edits from several rules, made whole: which changes apply (a change never lands in
part), which take their fallback (an import on a line of its own), and no name imported twice."""
from __future__ import annotations

import dataclasses
import re

from burnmigrate.model import Change, edits as E


def whole_changes(changes: list[Change]) -> list[Change]:
    """The changes of a round that apply whole: one of whose edits loses to another change's
    (overlapping: the outer or earlier wins) takes its fallback edits where it has them (an
    import merged into a busy `use` list comes in on a line of its own), else waits whole for
    the next round, so a change never lands in part (its import without its removal, or the
    reverse). Edits of one change that nest in each other are that change's own business."""
    start = list(changes)
    pool = list(start)
    while True:
        kept = set(E.normalise([e for c in pool for e in c.edits]))
        broken, satisfied = set(), set()
        swapped = False
        for i, c in enumerate(pool):
            own = set(E.normalise(c.edits))
            if own <= kept:
                continue
            if _imported_already(c, kept):
                satisfied.add(i)   # another rule's line at the same place brings its names: it goes, its users stay
                continue
            if c.fallback is not None and c.edits != c.fallback:
                way = [E.without_names(c.fallback[0], E.brought_in(c.fallback, kept, c.span[0]))] if len(c.fallback) == 1 else c.fallback
                if way[0] is None or way == c.edits:
                    broken.add(i)   # the edits that won import these names already
                    continue
                c.edits = [e for e in way if e is not None]   # its other way in (an import on a line of its own), less what won
                swapped = True
            else:   # (in part, or not at all: it waits whole, with the changes that need its import)
                broken.add(i)
        if not broken and not swapped and not satisfied:
            return one_import_each(pool)
        orphans = _orphaned_imports(pool, broken)
        if orphans:   # those names leave their imports, and the round is settled again without them
            start = [t for c in start if (t := orphans.get(id(c), c)) is not None]
            pool = list(start)
            continue
        broken |= _users_of(pool, broken)
        pool = [c for i, c in enumerate(pool) if i not in broken and i not in satisfied]


def _imported_already(c: Change, kept: set) -> bool:
    """Is `c` a `use` line whose every name a kept edit's `use` line brings into its module (two
    rules inserting `use burn::tensor::Device;` and `use burn::tensor::{Device, DeviceKind};` at
    one place: one wins the place)? It went whole then, but made the changes that write its names
    wait a round, when the erased `B` of `B::Device` was gone (left as it was, E0433)."""
    names = E.imported_names(c.edits[0].new) if c.message.startswith("import `") and len(c.edits) == 1 else set()
    return bool(names) and E.brought_in(c.edits, kept, c.span[0]) >= names


def _orphaned_imports(pool: list[Change], broken: set[int]) -> dict[int, Change | None]:
    """id → the import change of a rule less the names only its waiting changes write (None when
    none is left): turbofish's `Device::wgpu(DeviceKind::DefaultDevice)` lost to another rule's
    edit of the same `let`, and `DeviceKind` would land unused (a warning, an error under
    `deny(warnings)`; reading 34). A name no change writes at all (a trait for its methods) stays."""
    lost: dict[str, str] = {}
    for i in broken:
        c = pool[i]
        if not c.message.startswith("import `"):
            lost[c.rule] = lost.get(c.rule, "") + " " + " ".join(e.new for e in c.edits)
    out: dict[int, Change | None] = {}
    for i, c in enumerate(pool):
        if i in broken or c.rule not in lost or not c.message.startswith("import `") or len(c.edits) != 1:
            continue
        kept = " ".join(e.new for j, d in enumerate(pool) if j not in broken and j != i and d.rule == c.rule
                        for e in d.edits)
        gone = {n for n in E.imported_names(c.edits[0].new)
                if re.search(rf"\b{re.escape(n)}\b", lost[c.rule]) and not re.search(rf"\b{re.escape(n)}\b", kept)}
        if gone:
            left = E.without_names(c.edits[0], gone)
            names = sorted(E.imported_names(left.new)) if left is not None else []
            out[id(c)] = dataclasses.replace(c, edits=[left], fallback=None,
                                             message="import " + ", ".join(f"`{n}`" for n in names)) if left else None
    return out


def _users_of(pool: list[Change], broken: set[int]) -> set[int]:
    """The changes of the rules whose import waits (in `broken`) that write a name it imports
    (`Device::flex()` beside `import `Device``): they wait with it, so no name lands without its
    import (the rule proposes both again next round)."""
    waiting: dict[str, set[str]] = {}
    for i in broken:
        c = pool[i]
        if c.message.startswith("import `"):
            waiting.setdefault(c.rule, set()).update(n for e in c.edits for n in E.imported_names(e.new))
    return {i for i, c in enumerate(pool) if i not in broken and c.rule in waiting
            and any(re.search(rf"\b{re.escape(n)}\b", e.new) for e in c.edits for n in waiting[c.rule])}


def one_import_each(pool: list[Change]) -> list[Change]:
    """A `use` line a rule inserts leaves out the names the round's other edits bring into that
    module already (two rules that need `Device`, one merging it into a list: E0252 otherwise).
    The line with more names goes first, so a subset goes whole."""
    lines = {id(c): names for c in pool if c.message.startswith("import `") and len(c.edits) == 1
             and (names := E.imported_names(c.edits[0].new))}
    settled = {id(c) for c in pool if id(c) not in lines}   # whose edits stand as they are
    dropped: set[int] = set()
    for c in sorted((c for c in pool if id(c) in lines), key=lambda c: -len(lines[id(c)])):
        # (another module body's import line brings nothing here: `mod gpu { use ..::{Device, ..}; }`
        # sits between this file's top and its last `use`, and does not reach the file's own fns)
        others = {e for d in pool if id(d) in settled and not (d.message.startswith("import `") and d.span[0] != c.span[0])
                  for e in d.edits}
        line = E.without_names(c.edits[0], E.brought_in(c.edits, others, c.span[0]))
        if line is None:
            dropped.add(id(c))
        else:
            c.edits = [line]
            settled.add(id(c))
    return [c for c in pool if id(c) not in dropped]
