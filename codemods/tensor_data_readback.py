"""tensor-data-readback — `TensorData::to_vec` / `into_vec` are `try_to_vec` / `try_into_vec` (R27).

What it does:
    `data.to_vec::<E>()` → `data.try_to_vec::<E>()` and `into_vec::<E>()` → `try_into_vec::<E>()`
    (the turbofish says it is `TensorData`'s: a slice's `to_vec` takes none), and the same
    without a turbofish right after `.to_data()` / `.into_data()` (or their `.convert::<E>()`).

Why:
    burn-std 0.22.1 deprecates `TensorData::to_vec` / `into_vec` ("use try_to_vec::<E>()",
    `data/tensor/conversion.rs`): each is now a call of its `try_` twin, so every 0.21 readback
    warns on 0.22.1. (`try_to_vec_as` converts between dtypes; neither does.)

Example:
    let values = tensor.into_data().to_vec::<f32>().unwrap();
    → let values = tensor.into_data().try_to_vec::<f32>().unwrap();

Fix safety:
    safe: 0.22.1's deprecated methods call exactly these (same result, same error on a dtype
    mismatch).

Reproduction check:
    `cargo check` on 0.22.1: "use of deprecated method `TensorData::to_vec`" warnings before,
    none after.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check, Edit, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text

_NEW = {"to_vec": "try_to_vec", "into_vec": "try_into_vec"}


class TensorDataReadback(SourceRule):
    id = "tensor-data-readback"
    name = "TensorData to_vec / into_vec → try_to_vec / try_into_vec"
    pitfalls = (1,)   # a 0.22 API change: deprecation warnings after the upgrade (the compile chapter)
    guide = "R27"
    safety = Safety.SAFE
    triggers = (b"to_vec", b"into_vec")
    check = Check("`cargo check` on 0.22.1: deprecation warnings for `TensorData::to_vec` / `into_vec`, none after",
                  "cargo check", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for node in ctx.nodes("field_expression"):
            field = node.child_by_field_name("field")
            name = text(field)
            if field is None or name not in _NEW:
                continue
            parent = node.parent
            recv = text(node.child_by_field_name("value")).rstrip()
            turbofish = parent is not None and parent.type == "generic_function"
            after_data = re.search(r"\.(?:to|into)_data\(\)(?:\s*\.\s*convert\s*::\s*<[^<>()]*>\s*\(\))?$", recv) is not None
            call = parent.parent if turbofish and parent is not None else parent
            if call is None or call.type != "call_expression" or not (turbofish or after_data):
                continue
            out.append(self.change(field, f"`TensorData::{name}` is deprecated in 0.22.1: `{_NEW[name]}`",
                                   [Edit(field.start_byte, field.end_byte, _NEW[name])]))
        return out
