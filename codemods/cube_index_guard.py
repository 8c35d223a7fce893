"""cube-index-guard — a `#[cube(launch)]` kernel indexing by position with no bounds guard (pitfall 26).

What it does:
    In a fn with `#[cube(launch)]` / `#[cube(launch_unchecked)]`, reports array indexing whose
    index is (or is bound from) `ABSOLUTE_POS*` when no `if` compares that position with a
    length (`.len()`, `.shape(..)`, a size parameter) before it.

Why:
    A launch covers whole cubes, so the last cube runs positions past the data. With
    `launch_unchecked` nothing stops the read; on MSL / WGSL the checked launch does not either
    in cubecl 0.11.3 — the kernel reads (or writes) out of bounds, silently (pitfall 26).

Example:
    #[cube(launch)] fn k(input: &Array<f32>, out: &mut Array<f32>) { out[ABSOLUTE_POS] = input[ABSOLUTE_POS]; }
    → finding: "`if ABSOLUTE_POS < out.len() { .. }` around the accesses".

Fix safety:
    finding only.

Reproduction check:
    launch with one more cube than the data needs: garbage or a device fault without the guard,
    correct results with it.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import required_child, text

_POS = re.compile(r"ABSOLUTE_POS(?:_X|_Y|_Z)?")


class CubeIndexGuard(FindingRule):
    id = "cube-index-guard"
    name = "a CubeCL kernel indexing by position without a guard"
    pitfalls = (26,)
    guide = "R19"
    triggers = (b"#[cube",)
    check = Check("one cube more than the data: garbage or a fault without the guard, right results with it",
                  "cargo test (on the device)", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for fn in ctx.nodes("function_item"):
            attrs, prev = [], fn.prev_named_sibling
            while prev is not None and prev.type in ("attribute_item", "line_comment"):
                attrs.append(text(prev))
                prev = prev.prev_named_sibling
            if not any(re.search(r"#\[cube\s*\([^)]*launch", a) for a in attrs):
                continue
            body = text(fn.child_by_field_name("body"))
            names = [m.group(1) for m in re.finditer(r"let\s+(?:mut\s+)?(\w+)\s*=\s*ABSOLUTE_POS", body)]
            pos = "|".join(["ABSOLUTE_POS\\w*"] + [re.escape(n) for n in names])
            idx = re.search(r"\[\s*(?:" + pos + r")\b", body)
            if idx is None:
                continue
            g = re.search(r"\bif\b[^{]*(?:" + pos + r")", body)   # any test of the position (`<`, `is_in_bounds`, ..)
            if g is not None and g.start() < idx.start():
                continue
            out.append(self.finding(required_child(fn, "name"), "this kernel indexes by `ABSOLUTE_POS` with no bounds "
                                    "guard: the last cube reads past the data",
                                    "a launch covers whole cubes; with `launch_unchecked`, and on MSL / WGSL even with "
                                    "the checked launch (cubecl 0.11.3), nothing stops the out-of-bounds access "
                                    "(pitfall 26): `if ABSOLUTE_POS < output.len() { .. }` around the accesses"))
        return out
