"""tensor-data-fields — `TensorData`'s fields are read through methods (R27).

What it does:
    On a value that is certainly a `TensorData` (the result of `.into_data()`, `.to_data()`,
    `.try_into_data()?` / `.unwrap()`, `TensorData::new(..)`, of a project fn whose signature
    returns one (`-> Result<TensorData, E>` read through `?` / `.unwrap()`), or a local or
    parameter typed or bound so):
    - `data.dtype` → `data.dtype()`;
    - `data.shape.dims` / `data.shape[0]` / `data.shape.num_elements()` → `data.shape()...`,
      `&data.shape` → `data.shape()`, a `data.shape` taken by value → `data.shape().clone()`;
    - the same for `bytes` (`data.bytes()`, `data.bytes().clone()`).
    An assignment to a field (`data.dtype = ..`) gets a finding: 0.22.1 has no setter.

Why:
    0.21's `TensorData` had public fields (burn-backend 0.21.0 `data/tensor.rs`); 0.22.1's are
    `pub(in crate::data)`, read with `shape() -> &Shape`, `dtype() -> DType` and
    `bytes() -> &Bytes` (burn-std 0.22.1 `data/tensor/base.rs`): E0616 "field `dtype` of
    struct `TensorData` is private".

Example:
    assert_eq!(t.into_data().dtype, DType::F32);   →   assert_eq!(t.into_data().dtype(), DType::F32);

Fix safety:
    safe: the accessor returns the field (`DType` is `Copy`; `&Shape` / `&Bytes` are cloned
    where the field was moved). A value whose type is not certain is left alone.

Reproduction check:
    `cargo check` on 0.22.1: E0616 (private field) at the access before, none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import FN_KINDS, capture, enclosing, text

from ._callees import returned_type

FIELDS = ("dtype", "shape", "bytes")
_DATA_CALLS = re.compile(r"\.(?:into_data|to_data|try_into_data)\s*\(\s*\)\s*(?:\?|\.unwrap\(\)|\.expect\([^()]*\))?$|"
                         r"^TensorData::(?:new|from|zeros|random|from_bytes\w*)\s*(?:::<[^()]*>)?\(")
_DATA_TYPE = re.compile(r"^&?\s*(?:mut\s+)?(?:[\w:]+::)?TensorData$")


class TensorDataFields(SourceRule):
    id = "tensor-data-fields"
    name = "TensorData fields are read through methods"
    pitfalls = (1,)   # a 0.22 API change: a compile failure after the upgrade
    guide = "R27"
    safety = Safety.SAFE
    triggers = (b".dtype", b".shape", b".bytes")
    check = Check("`cargo check` on 0.22.1: E0616 private field of `TensorData` before, none after", "cargo check",
                  ("E0616",), matches=(ErrorMatch("E0616", r"TensorData"),))

    def applies(self, ctx: FileContext) -> bool:
        return (b"data" in ctx.src or b"TensorData" in ctx.src) and super().applies(ctx)

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for fe in ctx.nodes("field_expression"):
            field = fe.child_by_field_name("field")
            name = text(field)
            if field is None or name not in FIELDS:
                continue
            parent = fe.parent
            if parent is not None and parent.type == "call_expression" and parent.child_by_field_name("function") == fe:
                continue   # already `data.shape()`
            value = fe.child_by_field_name("value")
            if value is None or not self._is_tensor_data(ctx, value):
                continue
            if parent is not None and parent.type in ("assignment_expression", "compound_assignment_expr") \
                    and parent.child_by_field_name("left") == fe:
                out.append(self.finding(fe, f"`TensorData::{name}` is private in 0.22.1 and has no setter",
                                        "0.22.1 builds a `TensorData` whole (`TensorData::new(values, shape)`, "
                                        "`.convert::<E>()` for another dtype): rewrite this assignment by hand."))
                continue
            out.append(self._read(fe, field, name, parent))
        return out

    def _read(self, fe: Node, field: Node, name: str, parent: Node | None) -> Change:
        call = f"{name}()"
        if name == "dtype" or (parent is not None and (parent.type in ("field_expression", "index_expression")
                                                       and parent.child(0) == fe)):
            return self.change(fe, f"`data.{name}` → `data.{call}` (0.22.1's fields are private)",
                               [Edit(field.start_byte, field.end_byte, call)])
        if parent is not None and parent.type == "reference_expression" and text(parent).startswith("&") \
                and not text(parent).startswith("&mut"):
            return self.change(fe, f"`&data.{name}` → `data.{call}` (0.22.1's fields are private)",
                               [Edit(parent.start_byte, fe.start_byte, ""), Edit(field.start_byte, field.end_byte, call)])
        return self.change(fe, f"`data.{name}` → `data.{call}.clone()` (0.22.1's fields are private; the field was moved)",
                           [Edit(field.start_byte, field.end_byte, call + ".clone()")])

    def _is_tensor_data(self, ctx: FileContext, value: Node) -> bool:
        while value.type == "parenthesized_expression" and value.named_child_count == 1:
            value = value.named_children[0]
        if value.type in ("call_expression", "try_expression"):
            return _DATA_CALLS.search(text(value)) is not None or _DATA_TYPE.match(returned_type(ctx, value).strip()) is not None
        if value.type != "identifier":
            return False
        return self._bound_to_data(ctx, value)

    def _bound_to_data(self, ctx: FileContext, ident: Node) -> bool:
        """The local `ident` is bound, in its fn or closure, by a parameter typed `TensorData` or
        by the nearest `let` before it with that type or a `TensorData` value (a closure's own
        `let`: what it captures is not looked up, its parameters may shadow)."""
        fn = enclosing(ident, FN_KINDS)
        if fn is None:
            return False
        name = text(ident)
        best: Node | None = None
        for node in _lets_and_params(fn):
            pat = node.child_by_field_name("pattern")
            if pat is not None and pat.type == "mut_pattern" and pat.named_child_count:
                pat = pat.named_children[0]
            if pat is None or pat.type != "identifier" or text(pat) != name or node.start_byte > ident.start_byte:
                continue
            scope = node.parent
            if node.type == "let_declaration" and scope is not None and not (scope.start_byte <= ident.start_byte < scope.end_byte):
                continue   # a `let` of an inner block the use is not in
            if best is None or node.start_byte > best.start_byte:
                best = node
        if best is None or _other_bindings(fn, name):
            return False
        ty = best.child_by_field_name("type")
        if ty is not None:
            return _DATA_TYPE.match(text(ty)) is not None
        val = best.child_by_field_name("value")
        return val is not None and val.type in ("call_expression", "try_expression") and (
            _DATA_CALLS.search(text(val)) is not None or _DATA_TYPE.match(returned_type(ctx, val).strip()) is not None)


def _lets_and_params(fn: Node) -> list[Node]:
    out: list[Node] = []
    params = fn.child_by_field_name("parameters")
    out.extend(p for p in (params.named_children if params is not None else []) if p.type == "parameter")
    stack = [fn.child_by_field_name("body")]
    while stack:
        n = stack.pop()
        if n is None or n.type in ("function_item", "closure_expression"):
            continue
        if n.type == "let_declaration":
            out.append(n)
        stack.extend(n.named_children)
    return out


# patterns that bind a name besides `let` and parameters (`for x in ..`, `if let Some(x)`, match arms)
_BINDING_PARENTS = frozenset({"for_expression", "tuple_pattern", "tuple_struct_pattern", "slice_pattern", "or_pattern",
                              "captured_pattern", "ref_pattern", "field_pattern", "match_pattern", "let_condition",
                              "closure_parameters", "struct_pattern"})


def _other_bindings(fn: Node, name: str) -> bool:
    """Does `fn` bind `name` in a pattern other than a plain `let` or parameter (it may shadow)?"""
    for n in _identifiers(fn, name):
        p = n.parent
        if p is not None and p.type in _BINDING_PARENTS and (p.type != "for_expression" or p.child_by_field_name("pattern") == n):
            return True
    return False


def _identifiers(node: Node, name: str) -> list[Node]:
    return capture(f'((identifier) @n (#eq? @n "{name}"))', node, "n") if name.isidentifier() else []
