"""from-bool-into — `Tensor::from_bool(x.into(), ..)` loses its `.into()` (R27).

What it does:
    `Tensor::<B, 1, Bool>::from_bool(values.as_slice().into(), &device)` →
    `Tensor::<1, Bool>::from_bool(values.as_slice(), &device)`: the `.into()` of the first
    argument of burn's `Tensor::from_bool` goes (only there: a project's own `from_bool`, or a
    `Tensor` that is not burn's, is left).

Why:
    burn-tensor 0.21.0 took `from_bool(data: TensorData, ..)`, so `x.into()` was typed by the
    parameter; 0.22.1 takes `from_bool<A: Into<TensorData>>(data: A, ..)` (`tensor/api/bool.rs`),
    where `x.into()` has no target type: E0283 "type annotations needed". (It is the only tensor
    creation fn whose parameter became generic between the two releases.)

Example:
    Tensor::<B, 1, Bool>::from_bool(mask.as_slice().into(), device)
    → Tensor::<1, Bool>::from_bool(mask.as_slice(), device)

Fix safety:
    safe: the 0.21 code converted `x` into `TensorData`, so `x: Into<TensorData>` holds and
    0.22.1's `from_bool` makes the same `data.into()` itself (same data, same device).

Reproduction check:
    `cargo check` on 0.22.1: E0283 at the `.into()` before, none after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import named_args, required_child, text

from ._callees import burns


class FromBoolInto(SourceRule):
    id = "from-bool-into"
    name = "Tensor::from_bool(x.into(), ..) → from_bool(x, ..)"
    pitfalls = (1,)   # a 0.22 API change: a compile error after the upgrade (the compile chapter)
    guide = "R27"
    safety = Safety.SAFE
    triggers = (b"from_bool",)
    check = Check("`cargo check` on 0.22.1: E0283 (type annotations needed) at the `.into()` before, none after",
                  "cargo check", ("E0283",), matches=(ErrorMatch("E0283", line=r"from_bool"),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "scoped_identifier" or text(fn.child_by_field_name("name")) != "from_bool":
                continue
            owner = fn.child_by_field_name("path")
            if owner is None or text(owner).replace(" ", "").split("<")[0].rstrip(":").split("::")[-1] != "Tensor" \
                    or not burns(ctx, owner):
                continue
            args = named_args(required_child(call, "arguments"))
            first = args[0] if args else None
            if first is None or first.type != "call_expression":
                continue
            into = required_child(first, "function")
            if into.type != "field_expression" or text(into.child_by_field_name("field")) != "into" \
                    or named_args(required_child(first, "arguments")):
                continue
            recv = required_child(into, "value")
            out.append(self.change(first, "`from_bool` takes `impl Into<TensorData>` in 0.22.1: `.into()` dropped",
                                   [Edit(recv.end_byte, first.end_byte, "")]))
        return out
