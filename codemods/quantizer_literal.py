"""quantizer-literal — burn's `Quantizer` is built with `Quantizer::new(calibration, scheme)` (R18).

What it does:
    `Quantizer { calibration: c, scheme: s }` (fields in either order, shorthand fields too) →
    `Quantizer::new(c, s)`, where the name resolves to burn's `Quantizer` (`burn::module`). A
    literal with a base (`..other`) or other fields is left to the compiler (none existed in 0.21).

Why:
    burn-core 0.21.0's `Quantizer` had two public fields, `calibration` and `scheme`, and burn's
    book built it as a literal. burn-core 0.22.1's has a private `path` and a new `group:
    ParamGroup` (`module/quantize.rs`): the literal is an error rustc gives no code ("cannot
    construct `Quantizer` with struct literal syntax due to private fields"). Its `new(calibration, scheme)` sets `group` to `ParamGroup::all()`, so every float
    parameter is quantized, as 0.21's mapper did.

Example:
    let mut quantizer = Quantizer { calibration: Calibration::MinMax, scheme };
    → let mut quantizer = Quantizer::new(Calibration::MinMax, scheme);

Fix safety:
    safe: the same calibration and scheme, every parameter in the group (0.21 quantized every
    float parameter the mapper visited).

Reproduction check:
    `cargo check` on 0.22.1: "cannot construct `Quantizer` with struct literal syntax due to
    private fields" before; none after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, Edit, ErrorMatch
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.syntax import last_segment, named_args, text

from ._callees import burns

_FIELDS = ("calibration", "scheme")   # burn-core 0.21.0 `module/quantize.rs`, in `new`'s order (0.22.1)


def _field_values(body) -> dict[str, str] | None:
    """`{ calibration: c, scheme }` → {"calibration": "c", "scheme": "scheme"}; None for any other shape."""
    out: dict[str, str] = {}
    for f in named_args(body):
        if f.type == "shorthand_field_initializer":
            out[text(f)] = text(f)
        elif f.type == "field_initializer" and (name := f.child_by_field_name("field")) is not None \
                and (value := f.child_by_field_name("value")) is not None:
            out[text(name)] = text(value)
        elif f.type not in ("line_comment", "block_comment"):
            return None   # `..base`, an attribute
    return out if sorted(out) == sorted(_FIELDS) else None


class QuantizerLiteral(SourceRule):
    id = "quantizer-literal"
    name = "burn's Quantizer is built with Quantizer::new"
    pitfalls = (1,)   # a 0.22 API change: a compile failure after the upgrade
    guide = "R18"
    triggers = (b"Quantizer",)
    check = Check("`cargo check` on 0.22.1: \"cannot construct `Quantizer` with struct literal syntax due to private "
                  "fields\" before (rustc gives it no code); none after", "cargo check", (),
                  matches=(ErrorMatch("", r"cannot construct `[\w:]*Quantizer` with struct literal syntax"),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for lit in ctx.nodes("struct_expression"):
            name, body = lit.child_by_field_name("name"), lit.child_by_field_name("body")
            if name is None or body is None or last_segment(name) != "Quantizer" or not burns(ctx, name):
                continue
            if name.type == "type_identifier" and "Quantizer" in ctx.index.defined_types \
                    and resolve(name, "Quantizer", ctx.use_declarations()).kind not in ("import", "glob"):
                continue   # imported nowhere here, and the project has a `Quantizer` of its own
            values = _field_values(body)
            if values is None:
                continue
            new = f"{text(name)}::new({', '.join(values[f] for f in _FIELDS)})"
            out.append(self.change(lit, f"`{text(name)} {{ .. }}` → `{text(name)}::new(calibration, scheme)`",
                                   [Edit(lit.start_byte, lit.end_byte, new)]))
        return out
