"""quant-scheme-levels — a quantization scheme's level is set with `per_tensor` / `per_block` (R18).

What it does:
    `scheme.with_level(QuantLevel::Tensor)` → `scheme.per_tensor(ScaleDtype::F32)` and
    `scheme.with_level(QuantLevel::block(b))` (or `QuantLevel::Block(BlockSize::new(b))`) →
    `scheme.per_block(b, ScaleDtype::F32)`, importing `ScaleDtype` from
    `burn::tensor::quantization`. A chain that also sets `.with_param(QuantParam::X)` (once)
    gives that dtype to the call, `ScaleDtype::X` (the same variants), and the `.with_param(..)`
    goes; a `with_param` whose dtype is not written out is left to removed-items' finding.
    Quantized data built by hand: `TensorData::quantized(values, shape, scheme, &scales)` gets
    0.22.1's fifth argument, `None` (no per-tensor scale over the block scales). A read of the
    fields 0.22.1's scheme made private, `scheme.level` / `scheme.param` on a parameter or local
    typed `QuantScheme`, gets a finding: `block_size()` (None: per tensor) / `scale_dtype()`.

Why:
    burn 0.22.1's `QuantScheme` is cubecl-common 0.11's: no `with_level`, no `QuantLevel` (E0599,
    E0432); the level and its scale dtype are set together (`quant/scheme.rs`: `per_tensor(dtype)`,
    `per_block(block, dtype)`). 0.21's default scale (`QuantParam::F32`) is `ScaleDtype::F32`.
    burn-std 0.22.1's `TensorData::quantized` takes `global: Option<f32>`, the per-tensor scale
    of a two-level scheme (`tensor/quantization.rs`: `None` is what a one-level scheme takes, and
    every 0.21 scheme was one-level; E0061 without it); the scheme's `level` and `param` fields
    are private `tensor` / `block` (E0609, reading 66).

Example:
    QuantScheme::default().with_value(QuantValue::Q8S).with_level(QuantLevel::block([32]))
    → QuantScheme::default().with_value(QuantValue::Q8S).per_block([32], ScaleDtype::F32)

Fix safety:
    safe on a chain that starts at `QuantScheme::default()` (0.21's default scale dtype and no
    block level before the call). Review on any other receiver: its scale dtype may not have been
    F32, and 0.22.1's `per_tensor` keeps a block level the receiver already has, where 0.21's
    `with_level(QuantLevel::Tensor)` replaced it. The added `None` is safe (0.21 had no
    two-level scheme). The field reads are findings.

Reproduction check:
    `cargo check` on 0.22.1: E0599 no method `with_level` on `QuantScheme` (and E0432 at
    `QuantLevel`) before; none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import binding_scope, binds, import_edit
from burnmigrate.rust.resolve import bound_type
from burnmigrate.rust.syntax import last_segment, named_args, required_child, text

from ._callees import burns

_TENSOR = re.compile(r"(?:[\w:]*::)?QuantLevel\s*::\s*Tensor")
_BLOCK = re.compile(r"(?:[\w:]*::)?QuantLevel\s*::\s*(?:block\s*\((?P<b>.*)\)|Block\s*\(\s*(?:[\w:]*::)?BlockSize\s*::\s*new\s*\((?P<c>.*)\)\s*\))",
                    re.S)
_DEFAULT_ROOT = re.compile(r"(?:[\w:]*::)?QuantScheme\s*::\s*default\s*\(\s*\)")


def level_rewrite(arg: str) -> tuple[str, str] | None:
    """0.22.1's call for 0.21's `with_level(arg)`: (method, its arguments), or None when the
    level is not written out (a variable, a computed level)."""
    arg = arg.strip()
    if _TENSOR.fullmatch(arg):
        return "per_tensor", "ScaleDtype::F32"
    m = _BLOCK.fullmatch(arg)
    if m:
        return "per_block", f"{(m.group('b') or m.group('c')).strip()}, ScaleDtype::F32"
    return None


def chain(call: Node) -> tuple[Node, list[str]]:
    """The root of the method chain `call` is in (what the first method is called on) and the
    names of every method called along the whole chain, before and after `call`."""
    calls, root = _chain_calls(call)
    return root, [text(required_child(c, "function").child_by_field_name("field")) for c in calls]


def _chain_calls(call: Node) -> tuple[list[Node], Node]:
    """The method calls of the chain `call` is in, last first, and the chain's root."""
    top = call
    while top.parent is not None and top.parent.type == "field_expression" and top.parent.parent is not None \
            and top.parent.parent.type == "call_expression":
        top = top.parent.parent
    calls, cur = [], top
    while cur.type == "call_expression":
        fn = cur.child_by_field_name("function")
        value = fn.child_by_field_name("value") if fn is not None and fn.type == "field_expression" else None
        if value is None:
            break
        calls.append(cur)
        cur = value
    return calls, cur


_SCHEME_FIELDS = {
    "level": "0.22.1's scheme keeps its levels private (`tensor`, `block`): `scheme.block_size()` is the block "
             "size (`None` for a per-tensor scheme, 0.21's `QuantLevel::Tensor`), `block_scale()` / `tensor_scale()` "
             "the scale dtype of each level; `QuantLevel` is gone.",
    "param": "0.22.1's scale dtype is `scheme.scale_dtype()`, a `ScaleDtype` (0.21's `QuantParam`, the same variants).",
}
_FIELD_IN_TOKENS = re.compile(r"\b([a-z_]\w*)\s*\.\s*(level|param)\b(?!\s*[(:])")
_PARAM = re.compile(r"(?:[\w:]*::)?QuantParam\s*::\s*(F32|F16|BF16|UE8M0|UE4M3)")   # = 0.22.1's `ScaleDtype`'s


def _param_calls(call: Node) -> list[Node]:
    """The `.with_param(..)` calls of the method chain `call` is in."""
    return [c for c in _chain_calls(call)[0] if text(required_child(c, "function").child_by_field_name("field")) == "with_param"]


class QuantSchemeLevels(SourceRule):
    id = "quant-scheme-levels"
    name = "QuantScheme levels are per_tensor / per_block"
    pitfalls = (1,)   # a 0.22 API change: a compile failure after the upgrade (the chart sends those to chapter 1)
    guide = "R18"
    safety = Safety.SAFE
    triggers = (b"with_level", b"quantized", b".level", b".param")
    check = Check("`cargo check` on 0.22.1: E0599 no method `with_level` on `QuantScheme` before; none after",
                  "cargo check", ("E0599",), matches=(ErrorMatch("E0599", r"no method named `with_level`"),
                                                         ErrorMatch("E0061", r"this function takes 5 arguments"),
                                                         ErrorMatch("E0609", r"no field `(?:level|param)` on type `&?QuantScheme`")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        wanted: dict[int, Node] = {}
        for call, field, args in ctx.method_calls("with_level", 1):
            new = level_rewrite(text(args[0]))
            root, names = chain(call)
            params = _param_calls(call)
            dtype = _PARAM.fullmatch(text(named_args(required_child(params[0], "arguments"))[0]).strip()) \
                if len(params) == 1 and len(named_args(required_child(params[0], "arguments"))) == 1 else None
            if new is None or names.count("with_level") != 1 or (params and dtype is None):
                continue   # removed-items reports it (a scale dtype not written out, or set twice)
            method, arguments = new
            edits = []
            if dtype is not None:   # `.with_param(QuantParam::F16)`: its dtype goes into the level's call
                arguments = arguments.replace("ScaleDtype::F32", f"ScaleDtype::{dtype.group(1)}")
                recv = required_child(required_child(params[0], "function"), "value")
                edits.append(Edit(recv.end_byte, params[0].end_byte, ""))
            arglist = call.child_by_field_name("arguments")
            assert arglist is not None   # a method call has its arguments
            default = _DEFAULT_ROOT.fullmatch(text(root).strip()) is not None
            out.append(self.change(field, f"`with_level({text(args[0])})` → `{method}({arguments})`"
                                          + (" (its `with_param(..)` goes into it)" if edits else ""),
                                   [Edit(field.start_byte, field.end_byte, method),
                                    Edit(arglist.start_byte, arglist.end_byte, f"({arguments})"), *edits],
                                   safety=None if default else Safety.REVIEW,
                                   reason="" if default else (
                                       f"`{text(root)}` is not `QuantScheme::default()`: "
                                       + ("" if edits else "its scale dtype is taken to be 0.21's default `F32`, and ")
                                       + ("0.22.1's `per_tensor` keeps a block level it already has (0.21's "
                                          "`with_level(QuantLevel::Tensor)` replaced it)" if method == "per_tensor" else
                                          "0.22.1's `per_block` keeps a per-tensor level it already has, as the global "
                                          "one (0.21's `with_level(QuantLevel::Block(..))` replaced it)"))))
            body = binding_scope(call)
            wanted.setdefault(body.id, body)
        out += self._quantized_data(ctx) + self._scheme_fields(ctx)
        base = f"{ctx.crate.burn_roots[0]}::tensor::quantization"
        for body in wanted.values():
            if not binds(body, "ScaleDtype", set(), ctx.use_declarations()):
                out.append(self.change((body.start_byte, body.start_byte), "import `ScaleDtype`",
                                       [import_edit(ctx.src, body, base, ["ScaleDtype"], ctx.use_declarations())]))
        return out

    def _quantized_data(self, ctx: FileContext) -> list[Change]:
        """`TensorData::quantized(v, shape, scheme, &scales)` (four arguments: 0.21's) → `.., None)`."""
        out = []
        for call in ctx.nodes("call_expression") if b"quantized" in ctx.src else ():
            f = call.child_by_field_name("function")
            args = call.child_by_field_name("arguments")
            path = f.child_by_field_name("path") if f is not None and f.type == "scoped_identifier" else None
            if f is None or args is None or path is None or text(f.child_by_field_name("name")) != "quantized" \
                    or last_segment(path) != "TensorData" or len(named_args(args)) != 4 or not burns(ctx, path):
                continue
            last = named_args(args)[-1]
            out.append(self.change(f, "`TensorData::quantized(..)` takes 0.22.1's per-tensor scale: `None`",
                                   [Edit(last.end_byte, last.end_byte, ", None")]))
        return out

    def _scheme_fields(self, ctx: FileContext) -> list[Change]:
        """Reads of `level` / `param` on a name bound to a `QuantScheme` (`resolve.bound_type`),
        macro arguments included (`format!("{:?}", scheme.param)`: tokens, read as text)."""
        if b"QuantScheme" not in ctx.src:
            return []
        out = []
        for fe in ctx.nodes("field_expression"):
            field, value = fe.child_by_field_name("field"), fe.child_by_field_name("value")
            if field is None or value is None or text(field) not in _SCHEME_FIELDS or value.type != "identifier" \
                    or (fe.parent is not None and fe.parent.type == "call_expression" and fe.parent.child_by_field_name("function") == fe):
                continue
            if bound_type(value) == "QuantScheme":
                out.append(self._field_finding((fe.start_byte, fe.end_byte), text(field)))
        for tt in ctx.nodes("token_tree"):
            if tt.parent is not None and tt.parent.type == "macro_invocation":
                names = {t.start_byte: t for t in tt.named_children if t.type == "identifier"}
                for m in _FIELD_IN_TOKENS.finditer(text(tt)):
                    name = names.get(tt.start_byte + m.start(1))
                    if name is not None and bound_type(name) == "QuantScheme":
                        out.append(self._field_finding((tt.start_byte + m.start(), tt.start_byte + m.end()), m.group(2)))
        return out

    def _field_finding(self, span: tuple[int, int], field: str) -> Change:
        return self.finding(span, f"`QuantScheme::{field}` is private in burn 0.22.1 (cubecl-common 0.11)", _SCHEME_FIELDS[field])
