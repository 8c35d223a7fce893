"""slice-clamps — a finding at every `slice` window with computed bounds (pitfall 10).

What it does:
    Reports each `slice` call whose window has a computed bound (a variable, an expression, a
    bound counted from the end) and that is still a `slice` after the fixes: `slice` clamps
    into the shape. Where the window reads as `narrow`, the finding says that
    `--enable slice-to-narrow` rewrites it; literal windows are left alone, silently.

Why:
    An out-of-bounds window silently shrinks under `slice`; the wrong shape surfaces later, far
    from the cause — pitfall 10. Whether a window may run past the end is the program's
    knowledge, not the tool's: a person decides. burn 0.21.0 clamped the same way (burn-std
    0.21.0 and 0.22.1 `tensor/slice.rs`: `into_slices` clamps each range to its dimension), so
    the finding says it is a check, not a change the upgrade makes.

Example:
    let w = x.slice([start..start + len]);
    → finding: "`slice` clamps: an out-of-bounds window silently gets shorter".

Fix safety:
    finding only: nothing is rewritten (the rewrite is `slice-to-narrow`, opt-in).

Reproduction check:
    `Tensor::<1, Int>::arange(0..10, &d).slice([8..12]).dims()` is `[2]` (no error).
"""
from __future__ import annotations

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext

from ._slices import slice_calls


class SliceClamps(FindingRule):
    id = "slice-clamps"
    name = "slice windows with computed bounds clamp silently"
    pitfalls = (10,)
    guide = "R18"
    triggers = (b".slice(",)
    check = Check("`x.slice([8..12])` on 10 elements gives 2 elements, no error", "cargo test", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for sc in slice_calls(ctx):
            how = ("`burnmigrate apply --enable slice-to-narrow` rewrites it as `narrow`, which errors"
                   if sc.narrows else f"it does not read well as `narrow` ({sc.why_not}): check the window by hand")
            out.append(self.finding(sc.call, "`slice` clamps: an out-of-bounds window silently gets shorter",
                                    f"`slice` clamps its ranges into the shape (pitfall 10; 0.21.0's did too, burn-std's "
                                    f"`slice.rs` is unchanged: a check, not a change the upgrade makes); where the window "
                                    f"may run past the end, `narrow(dim, start, len)` stops with an error instead: {how}."))
        return out
