"""What types a call's device (issue 26 item 1): the type arguments of its path
(`Tensor::<B, 2>::zeros`, `run::<B>`), of the struct literal whose field it initialises, or of
the `let` its result goes to (through `?`, `.unwrap()`, `.expect(..)`)."""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.rust.syntax import descendants, named_args, text

from ._backend_args import DEFAULT_VALUE
from ._callees import device_type_arg

_UNWRAPS = frozenset({"unwrap", "expect"})


def _unwrapped(value: Node) -> Node | None:
    """`value?`, `value.unwrap()`, `value.expect(..)`: the expression that unwraps `value`, else None."""
    p = value.parent
    if p is not None and p.type == "try_expression":
        return p
    call = p.parent if p is not None and p.type == "field_expression" else None
    if p is not None and call is not None and call.type == "call_expression" \
            and text(p.child_by_field_name("field")) in _UNWRAPS:
        return call
    return None


def typing_args(call: Node) -> tuple[list[Node], bool]:
    """The type arguments that type this call (its path's `Tensor::<B, 2>`, or the type of the
    `let` it initialises), and whether a fn turbofish is among them."""
    f = call.child_by_field_name("function")
    found: list[Node] = []
    turbofish = False
    if f is not None:
        for n in (f, *descendants(f)):
            if n.type in ("generic_type", "generic_type_with_turbofish", "generic_function"):
                ta = n.child_by_field_name("type_arguments")
                if ta is not None:
                    found += named_args(ta)
                    turbofish = turbofish or n.type == "generic_function"
    if not found:   # `Linear::<TB> { weight: Param::from_data(.., &device), bias: Some(..) }`: the literal's type
        lit = _literal_of_field_value(call)
        name = lit.child_by_field_name("name") if lit is not None else None
        if name is not None and name.type in ("generic_type", "generic_type_with_turbofish"):
            ta = name.child_by_field_name("type_arguments")
            found += named_args(ta) if ta is not None else []
    value = call   # through `?`, `.unwrap()`, `.expect(..)` to the `let` the result goes to
    while (up := _unwrapped(value)) is not None:
        value = up
    let = value.parent
    if let is not None and let.type == "let_declaration" and let.child_by_field_name("value") == value:
        ty = let.child_by_field_name("type")
        for n in (ty, *descendants(ty)) if ty is not None else ():
            if n.type == "generic_type":
                ta = n.child_by_field_name("type_arguments")
                found += named_args(ta) if ta is not None else []
    return found, turbofish


def _literal_of_field_value(call: Node) -> Node | None:
    """The struct literal whose field `call` initialises, directly or wrapped in `Some(..)`."""
    node = call
    p = node.parent
    if p is not None and p.type == "arguments" and p.parent is not None and p.parent.type == "call_expression" \
            and text(p.parent.child_by_field_name("function")) == "Some" and len(named_args(p)) == 1:
        node, p = p.parent, p.parent.parent
    if p is None or p.type != "field_initializer" or p.child_by_field_name("value") != node:
        return None
    lit = p.parent.parent if p.parent is not None else None
    return lit if lit is not None and lit.type == "struct_expression" else None


def typed_call(typed: Node) -> Node | None:
    """The call `typed` (a generic type) types: the nearest call whose path holds it, or the call
    a typed `let` initialises; the `let` itself when it is `let d: Device<X> = Default::default();`."""
    node: Node | None = typed
    while node is not None and node.type not in ("block", "function_item", "source_file"):
        if node.type == "call_expression" and typed.start_byte < (node.child_by_field_name("arguments") or node).start_byte:
            return node
        if node.type == "let_declaration":
            v = node.child_by_field_name("value")
            if node.child_by_field_name("type") is not None and typed.start_byte < (v or node).start_byte \
                    and v is not None and DEFAULT_VALUE.fullmatch(text(v).replace(" ", "")):
                return node
            return v if v is not None and v.type == "call_expression" else None
        node = node.parent
    return None


def returned_device(typed: Node) -> Node | None:
    """`fn device() -> Device<X> { Default::default() }`: the body's tail, when `typed` is the
    fn's return type `Device<X>` and the tail is the only value it returns (no `return`)."""
    fn = typed.parent
    if device_type_arg(typed) is None or fn is None or fn.type != "function_item" \
            or fn.child_by_field_name("return_type") != typed:
        return None
    body = fn.child_by_field_name("body")
    last = body.named_children[-1] if body is not None and body.named_children else None
    if last is None or last.type.endswith("_statement") or last.type.endswith("_declaration") \
            or last.type.endswith("_item") or body is None or any(d.type == "return_expression" for d in descendants(body)):
        return None
    return last
