"""quant-default-scheme — a backend's default quantization scheme is `QuantScheme::default()` (R18).

What it does:
    `<QuantizedTensor<B> as QTensorPrimitive>::default_scheme()` → `QuantScheme::default()`
    (written with its path where the file does not import `QuantScheme`). The backend parameter
    it was the last use of can then be erased (the index does not count it as a primitive use).

Why:
    burn 0.22.1 has no `QTensorPrimitive` (E0432) and a quantized tensor's scheme is no longer the
    backend's: `Tensor::quantize_dynamic(&scheme)` takes it. 0.21's `default_scheme` was
    `QuantScheme::default()` on the cubecl backends and `.with_store(QuantStore::Native)` on
    NdArray / Flex (burn-flex 0.21.0 `qtensor.rs`); 0.22.1's Flex stores natively whatever the
    scheme says (burn-flex 0.22.1 `ops/qtensor.rs`).

Example:
    <QuantizedTensor<B> as QTensorPrimitive>::default_scheme().with_value(QuantValue::Q8S)
    → QuantScheme::default().with_value(QuantValue::Q8S)

Fix safety:
    review: code that reads the scheme's `store` (a packing check) sees `PackedU32` where a CPU
    backend said `Native` in 0.21.

Reproduction check:
    `cargo check` on 0.22.1: E0432 at `QTensorPrimitive` before; none after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import use_leaves
from burnmigrate.rust.syntax import last_segment, text

_REASON = ("0.21's default scheme was the backend's: `QuantStore::Native` on NdArray / Flex, `PackedU32` on the "
           "cubecl backends. `QuantScheme::default()` is the cubecl one; 0.22.1's Flex stores natively whatever "
           "the scheme says, but code that reads `scheme.store` (a packing check) now sees `PackedU32` on CPU too")


def backend_default_scheme(call) -> bool:
    """Is `call` 0.21's `<QuantizedTensor<B> as QTensorPrimitive>::default_scheme()`?"""
    fn = call.child_by_field_name("function")
    if fn is None or fn.type != "scoped_identifier" or text(fn.child_by_field_name("name")) != "default_scheme":
        return False
    path = fn.child_by_field_name("path")
    qualified = path.named_children[0] if path is not None and path.type == "bracketed_type" and path.named_children else None
    return qualified is not None and qualified.type == "qualified_type" \
        and last_segment(qualified.child_by_field_name("type")) == "QuantizedTensor" \
        and last_segment(qualified.child_by_field_name("alias")) == "QTensorPrimitive"


class QuantDefaultScheme(SourceRule):
    id = "quant-default-scheme"
    name = "a backend's default quantization scheme is `QuantScheme::default()`"
    pitfalls = (1,)
    guide = "R18"
    safety = Safety.REVIEW
    triggers = (b"default_scheme",)
    check = Check("`cargo check` on 0.22.1: E0432 at `QTensorPrimitive` before, none after", "cargo check", ("E0432",),
                  matches=(ErrorMatch("E0432", r"QTensorPrimitive"),))

    def run(self, ctx: FileContext) -> list[Change]:
        imported = any(leaf.bound == "QuantScheme" for leaf in use_leaves(ctx.root, ctx.use_declarations()))
        scheme = "QuantScheme" if imported else f"{ctx.crate.device_path.split('::', 1)[0] or 'burn'}::tensor::quantization::QuantScheme"
        return [self.change(call, f"`{text(call)}` → `{scheme}::default()`",
                            [Edit(call.start_byte, call.end_byte, f"{scheme}::default()")], reason=_REASON)
                for call in ctx.nodes("call_expression") if backend_default_scheme(call)]
