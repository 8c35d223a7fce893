"""backend-elem-type — backend element types are gone (R7).

What it does:
    Drops conversions to the backend's element type, which `Tensor::from_data` now does from
    the device's dtype: `data.convert::<B::FloatElem>()` → `data`,
    `(x as i64).elem::<B::IntElem>()` → `x as i64` (parentheses that only served the method
    call go too), `.elem::<IntElem<Flex>>()` → dropped, where the value goes straight to a call
    that converts any element itself (`Tensor::from_data([..], d)`, `add_scalar(..)`); elsewhere
    (a closure's result, a value collected or stored) `.elem::<B::FloatElem>()` →
    `.elem::<f32>()`, at review level; an int collected into a local `Vec` that only
    `TensorData::new(v, shape)` given straight to `from_data` reads → `.elem::<i64>()` (safe).
    Any other `B::FloatElem` / `B::IntElem` / `B::BoolElem` type becomes `f32` / `i32` / `bool`
    (the 0.22.1 devices' defaults: Int is I32 on Flex and every CubeCL device), at review level.

Why:
    0.22 backends have no element type parameters (#5000): `B::FloatElem` fails with E0220 /
    E0433 — pitfall 1. The float and int dtypes are device settings (`device.configure(..)`,
    pitfall 8).

Example:
    before: let data = TensorData::from(item.image).convert::<B::FloatElem>();
    after:  let data = TensorData::from(item.image);

Fix safety:
    safe for dropped conversions (`from_data` converts to the device's dtype). review for the
    `f32` / `i32` replacement of a remaining element type: the device's dtype may differ (`Int`
    is I64 on NdArray and LibTorch, or whatever `configure` set, pitfall 8), so `into_scalar`
    reads may need a type.

Reproduction check:
    E0220 (associated type `FloatElem` not found) / E0433 at the type under burn 0.22.1; none
    after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import replace
from burnmigrate.rust.imports import use_leaves
from burnmigrate.rust.resolve import binding_uses, local_binding
from burnmigrate.rust.syntax import enclosing, last_segment, named_args, required_child, text

from ._typed_calls import map_call_of

_UNWRAP_PARENTS = ("array_expression", "arguments", "let_declaration", "tuple_expression",
                   "field_initializer", "return_expression", "block", "assignment_expression")


# calls that convert any element themselves: a conversion in their arguments can go
_CONVERTING = frozenset({
    "from_data", "from_floats", "from_ints", "from_bool", "full", "add_scalar", "sub_scalar", "mul_scalar",
    "div_scalar", "remainder_scalar", "powf_scalar", "powi_scalar", "clamp", "clamp_min", "clamp_max",
    "mask_fill", "fill", "greater_elem", "greater_equal_elem", "lower_elem", "lower_equal_elem", "equal_elem",
    "not_equal_elem",
})
_THROUGH = ("array_expression", "parenthesized_expression", "reference_expression", "tuple_expression",
            "arguments")


def _converted_anyway(call: Node) -> bool:
    """Is this `.elem::<..>()` an argument (directly, or inside an array or tuple) of a call that
    converts any element itself (`Tensor::from_data([x.elem::<B::IntElem>()], d)`, `add_scalar`)?"""
    node = call.parent
    while node is not None and node.type in _THROUGH:
        if node.type == "arguments":
            f = node.parent.child_by_field_name("function") if node.parent is not None else None
            if f is not None and f.type == "generic_function":
                f = f.child_by_field_name("function")
            name = text(f.child_by_field_name("field") or f.child_by_field_name("name")) if f is not None \
                and f.type in ("field_expression", "scoped_identifier") else ""
            return name in _CONVERTING or (name == "from" and "TensorData" in text(f))
        node = node.parent
    return False


def _collected_for_tensor(call: Node) -> bool:
    """Is this `.elem::<..>()` the body of a `.map(|..| ..)` whose items a local `Vec` takes
    (`let v = ..map(..).collect::<Vec<_>>();` or `v.extend(..map(..))`), and is every other use of
    that `Vec` an `.extend(..)` / `.push(..)` or `TensorData::new(v, shape)` given straight to a
    call that converts any element (`Tensor::from_data`)? Then the element's type only reaches
    that conversion (reading 60's batchers)."""
    mapped = map_call_of(call)
    holder, let, fn = mapped.parent if mapped is not None else None, None, enclosing(call, ("function_item",))
    if fn is None or holder is None:
        return False
    if holder.type == "arguments" and holder.parent is not None:   # `v.extend(it.map(..))`
        g = holder.parent.child_by_field_name("function")
        recv = g.child_by_field_name("value") if g is not None and g.type == "field_expression" else None
        if g is not None and recv is not None and recv.type == "identifier" and text(g.child_by_field_name("field")) == "extend":
            let = local_binding(fn, text(recv), recv)
    elif holder.type == "field_expression" and text(holder.child_by_field_name("field")) == "collect" \
            and "Vec<_>" in text(holder.parent).replace(" ", ""):
        collect = holder.parent.parent if holder.parent is not None and holder.parent.type == "generic_function" else None
        let = collect.parent if collect is not None else None   # `let v = it.map(..).collect::<Vec<_>>();`
        let = let if let is not None and let.type == "let_declaration" and let.child_by_field_name("value") == collect else None
    pat = let.child_by_field_name("pattern") if let is not None and let.type == "let_declaration" else None
    if let is None or pat is None or let.child_by_field_name("type") is not None:
        return False
    name = text(pat).removeprefix("mut ").strip()
    uses = binding_uses(fn, let, name)
    for u in uses:
        p = u.parent
        if p is not None and p.type == "field_expression" and text(p.child_by_field_name("field")) in ("extend", "push"):
            continue
        new = p.parent if p is not None and p.type == "arguments" and [a.id for a in named_args(p)[:1]] == [u.id] else None
        if new is None or text(new.child_by_field_name("function")).replace(" ", "") not in ("TensorData::new", "burn::tensor::TensorData::new") \
                or not _converted_anyway(new):
            return False
    return bool(uses)


_ELEM_USE = re.compile(rb"::\s*(?:Float|Int|Bool)Elem\b|\b(?:Float|Int|Bool)Elem\s*<")


class BackendElemType(SourceRule):
    id = "backend-elem-type"
    name = "Drop backend element type conversions"
    pitfalls = (1, 8)
    guide = "R7"
    triggers = (b"FloatElem", b"IntElem", b"BoolElem")
    check = Check("E0220 (associated type `FloatElem` not found) / E0433 at the type under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0220|E0433'", ("E0220", "E0433"),
                  matches=(ErrorMatch('E0220', '`(?:Float|Int|Bool)Elem`'),))

    def applies(self, ctx: FileContext) -> bool:
        # `.convert::<B::FloatElem>()`, `B::IntElem`, `FloatElem<B>`: not every mention of the word
        return super().applies(ctx) and _ELEM_USE.search(ctx.src) is not None

    def _elem_kind(self, ctx: FileContext, node: Node, scope) -> str | None:
        """'FloatElem' etc. when `node` is a backend element type."""
        if node.type == "scoped_type_identifier":
            name = text(node.child_by_field_name("name"))
            path = node.child_by_field_name("path")
            if name in api.ELEM_TYPES and path is not None and (
                    ctx.scope.is_backendish(path, scope) or path.type == "bracketed_type"):
                return name
            return None
        if node.type == "generic_type":
            name = last_segment(node)
            ta = node.child_by_field_name("type_arguments")
            if name in api.ELEM_TYPES and ta is not None:
                args = named_args(ta)
                if len(args) == 1 and ctx.scope.is_backendish(args[0], scope):
                    return name
        return None

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        covered: list[tuple[int, int]] = []
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "generic_function":
                continue
            inner = fn.child_by_field_name("function")
            type_args = fn.child_by_field_name("type_arguments")
            if inner is None or inner.type != "field_expression" or type_args is None:
                continue
            method = text(inner.child_by_field_name("field"))
            if method not in ("convert", "elem"):
                continue
            args = named_args(type_args)
            if len(args) != 1:
                continue
            scope = ctx.scope.in_scope(call)
            elem_kind = self._elem_kind(ctx, args[0], scope)
            if elem_kind is None:
                continue
            arglist = call.child_by_field_name("arguments")
            if arglist is not None and named_args(arglist):
                continue
            if method == "elem" and elem_kind == "IntElem" and _collected_for_tensor(call):
                # only `TensorData::new` → `from_data` reads the `Vec`: i64 keeps every 0.21 value
                covered.append((call.start_byte, call.end_byte))
                out.append(self.change(args[0], f"`.elem::<{text(args[0])}>()` → `.elem::<i64>()` (collected for "
                                                "`from_data`, which converts to the device's dtype)", [replace(args[0], "i64")]))
                continue
            if method == "elem" and not _converted_anyway(call):
                # a value whose type matters (collected, stored, returned from a closure): the
                # conversion stays, to the 0.22.1 default element type
                new = api.ELEM_TYPES[elem_kind]
                covered.append((call.start_byte, call.end_byte))
                out.append(self.change(args[0], f"`.elem::<{text(args[0])}>()` → `.elem::<{new}>()`",
                                       [replace(args[0], new)], safety=Safety.REVIEW,
                                       reason=f"the conversion gives this value its type (here it is not handed to "
                                              f"a tensor constructor or scalar op that converts by itself), so it stays, "
                                              f"to {new}: a device configured to another dtype (`device.configure(..)`) "
                                              "converts again when the tensor is built (pitfall 8)."))
                continue
            recv = required_child(inner, "value")
            new_node = recv
            parent = call.parent
            if (recv.type == "parenthesized_expression" and parent is not None
                    and parent.type in _UNWRAP_PARENTS and recv.named_children):
                new_node = recv.named_children[0]
            new = ctx.text(new_node)
            covered.append((call.start_byte, call.end_byte))
            out.append(self.change(call, f"drop `.{method}::<{text(args[0])}>()`", [replace(call, new)]))
        out += self._dtype_reads(ctx)
        for t in ctx.nodes("scoped_type_identifier", "generic_type"):
            if last_segment(t) not in api.ELEM_TYPES:
                continue  # cheap test first: most types are not element types
            if any(s <= t.start_byte and t.end_byte <= e for s, e in covered):
                continue
            if t.parent is not None and t.parent.type in ("scoped_type_identifier", "generic_type") and \
                    t.parent.child_by_field_name("type") == t:
                continue
            scope = ctx.scope.in_scope(t)
            kind = self._elem_kind(ctx, t, scope)
            if kind is None:
                continue
            # a where-predicate on the element type goes with the backend parameter
            if t.parent is not None and t.parent.type == "where_predicate":
                continue
            new = api.ELEM_TYPES[kind]
            q = t.parent
            if q is not None and q.type == "qualified_type" and q.parent is not None and \
                    b"dtype" in ctx.src[q.parent.start_byte:q.parent.end_byte + 16]:
                # `<B::FloatElem as Element>::dtype()`: a dtype read at run time
                out.append(self.change(t, f"`{text(t)}` → `{new}`", [replace(t, new)], safety=Safety.REVIEW,
                                       reason=f"this read the backend's dtype at run time; `<{new} as ..>::dtype()` "
                                              f"is always {new.upper()}, so an f16 / bf16 device would get {new}'s "
                                              "epsilons and ranges: use the tensor's `x.dtype()` where one is in "
                                              "reach, or the dtype the device was configured with (pitfall 8)."))
                continue
            out.append(self.change(t, f"`{text(t)}` → `{new}`", [replace(t, new)], safety=Safety.REVIEW,
                                   reason=f"the element type is now a device setting: {api.ELEM_DEFAULT_NOTE[kind]}; "
                                          "a device configured otherwise (`device.configure(..)`) needs that type "
                                          "here (pitfall 8)."))
        return out

    def _dtype_reads(self, ctx: FileContext) -> list[Change]:
        """`B::FloatElem::dtype()` in an expression (a path, not a type, to tree-sitter): the
        element type becomes the 0.22.1 default, called through `Element` (in scope, or named)."""
        out: list[Change] = []
        element_in_scope = any(leaf.path[-1:] == ["Element"] for leaf in use_leaves(ctx.root, ctx.use_declarations()))
        for node in ctx.nodes("scoped_identifier"):
            path = node.child_by_field_name("path")
            if path is None or path.type != "scoped_identifier" or text(node.child_by_field_name("name")) != "dtype":
                continue
            kind = text(path.child_by_field_name("name"))
            owner = path.child_by_field_name("path")
            if kind not in api.ELEM_TYPES or owner is None or not ctx.scope.is_backendish(owner, ctx.scope.in_scope(node)):
                continue
            new = api.ELEM_TYPES[kind]
            written = f"{new}::dtype" if element_in_scope else f"<{new} as {ctx.crate.burn_roots[0]}::tensor::Element>::dtype"
            out.append(self.change(node, f"`{text(node)}` → `{written}`", [replace(node, written)], safety=Safety.REVIEW,
                                   reason=f"this read the backend's dtype at run time; `{new}::dtype()` is always "
                                          f"{new.upper()}, so an f16 / bf16 device would get {new}'s epsilons and "
                                          "ranges: use the tensor's `x.dtype()` where one is in reach, or the dtype "
                                          "the device was configured with (pitfall 8)."))
        return out
