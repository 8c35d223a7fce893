"""slice-to-narrow — bounds-sensitive windows get `narrow`, which errors (pitfall 10), opt-in.

What it does:
    With `--enable slice-to-narrow`, a `slice` call whose window has a computed bound becomes
    one `narrow(dim, start, length)` per sliced dimension, chained:
    `x.slice([a..b, 0..2])` → `x.narrow(0, a, b - a).narrow(1, 0, 2)`, `s![.., a..b]` →
    `narrow(1, a, b - a)`. Windows that would not read well as `narrow` (steps, `..=`, an
    index, a bound counted from the end, an open end) are left with `slice-clamps`' finding.
    Literal windows (`x.slice([0..2])`) are taken as meant and left alone.

Why:
    `slice` clamps its ranges into the shape, so a window that runs past the end silently gets
    shorter and the bug shows far away; `narrow` panics with "start + length exceeds the size"
    at the call — pitfall 10.

Example:
    before: let w = x.slice([start..start + len]);
    after:  let w = x.narrow(0, start, (start + len) - start);

Fix safety:
    opt-in (`--enable slice-to-narrow`): it changes behaviour on purpose (a run that used to
    shrink the window now stops), and `narrow` takes `usize` bounds where a `slice` range may
    have held signed ones.

Reproduction check:
    `Tensor::<1, Int>::arange(0..10, &d).slice([8..12]).dims()` is `[2]`, while
    `.narrow(0, 8, 4)` panics (both compile under 0.22.1).
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, Edit, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text

from ._slices import slice_calls


class SliceToNarrow(SourceRule):
    id = "slice-to-narrow"
    name = "bounds-sensitive slice windows become narrow (opt-in)"
    pitfalls = (10,)
    guide = "R18"
    safety = Safety.OPT_IN
    triggers = (b".slice(",)
    check = Check("`x.slice([8..12])` on 10 elements gives 2; `x.narrow(0, 8, 4)` panics", "cargo test", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for sc in slice_calls(ctx):
            if not sc.narrows:
                continue
            chain = ".".join(f"narrow({k}, {a}, {n})" for k, a, n in sc.narrows)
            out.append(self.change(sc.call, f"`.{text(sc.field)}(..)` → `.{chain}`",
                                   [Edit(sc.field.start_byte, sc.call.end_byte, chain)],
                                   reason="`narrow` panics where `slice` clamped a window that runs past the end "
                                          "(pitfall 10); its bounds are `usize`"))
        return out
