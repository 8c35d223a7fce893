"""bitwise-scalar-elem — the bitwise scalar ops take any element: `.elem()` in their argument goes (R20).

What it does:
    `t.bitwise_and_scalar(x.elem())` → `t.bitwise_and_scalar(x)`, for the five bitwise scalar
    ops (`bitwise_and_scalar`, `bitwise_or_scalar`, `bitwise_xor_scalar`,
    `bitwise_left_shift_scalar`, `bitwise_right_shift_scalar`). An `.elem::<T>()` that names its
    type is left (it compiles).

Why:
    0.21 took the backend's int element (`other: B::IntElem`, burn-tensor 0.21.0
    `tensor/api/int.rs`), so `x.elem()` converted to it; 0.22.1 takes
    `other: impl ElementConversion` (burn-tensor 0.22.1 `tensor/api/int.rs`) and converts it to
    the tensor's dtype itself, so `x.elem()` has no type to convert to: E0283 "type annotations
    needed".

Example:
    values.bitwise_right_shift_scalar(shift.elem())   →   values.bitwise_right_shift_scalar(shift)

Fix safety:
    safe: `x` has `.elem()`, so it is an `ElementConversion`, which the op now takes, and it is
    converted to the tensor's int type as before (`Scalar::new(other, &self.dtype())`).

Reproduction check:
    `cargo check` on 0.22.1: E0283 "type annotations needed" at the `.elem()` before, none after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import named_args, text

BITWISE_SCALAR_OPS = ("bitwise_and_scalar", "bitwise_or_scalar", "bitwise_xor_scalar", "bitwise_left_shift_scalar",
                      "bitwise_right_shift_scalar")


class BitwiseScalarElem(SourceRule):
    id = "bitwise-scalar-elem"
    name = "bitwise scalar ops take any element"
    pitfalls = (1,)   # a 0.22 API change: a compile failure after the upgrade
    guide = "R20"
    safety = Safety.SAFE
    triggers = tuple(op.encode() for op in BITWISE_SCALAR_OPS)
    check = Check("`cargo check` on 0.22.1: E0283 type annotations needed at `.elem()` in a bitwise scalar op, none after",
                  "cargo check", ("E0283",), matches=(ErrorMatch("E0283", "", r"\.elem\(\)"),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for op in BITWISE_SCALAR_OPS:
            for _call, field, args in ctx.method_calls(op, 1):
                arg = args[0]
                fn = arg.child_by_field_name("function") if arg.type == "call_expression" else None
                inner = arg.child_by_field_name("arguments") if fn is not None else None
                if fn is None or fn.type != "field_expression" or text(fn.child_by_field_name("field")) != "elem" \
                        or inner is None or named_args(inner):
                    continue   # not a bare `x.elem()` (`elem::<T>()` is a generic_function: typed)
                value = fn.child_by_field_name("value")
                if value is None:
                    continue
                # `((k * bits) as i32).elem()` → `(k * bits) as i32`: the parentheses were for the call
                edits = [Edit(value.start_byte, value.start_byte + 1, ""), Edit(value.end_byte - 1, arg.end_byte, "")] \
                    if value.type == "parenthesized_expression" else [Edit(value.end_byte, arg.end_byte, "")]
                out.append(self.change(field, f"`{op}(x.elem())` → `{op}(x)` (0.22.1 converts any element itself)", edits))
        return out
