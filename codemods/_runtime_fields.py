"""Struct fields that hold a CubeCL runtime's device (issue 26, readings 16 and 17).

A field whose reads reach CubeCL's setup (`init_setup(&opts.device, ..)`, directly or through a
fn of the file) keeps the runtime's own device type (`_runtime_setup.passed_to_runtime`); so do
the values stored in it (`Self { device: WgpuDevice::default() }`, `self.device = device`) and
a parameter stored in it: a burn `Device` there is E0308.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.rust.resolve import local_binding, parameter
from burnmigrate.rust.syntax import ancestors, descendants, enclosing, last_segment, named_args, required_child, text


def field_read(arg: Node, struct: str) -> str | None:
    """`opts.device`, `&self.device`, `self.device.clone()` → `device` (the field read), unless
    the value read is seen to be another struct than `struct` (`self` in another type's impl, a
    parameter or typed `let` of another type)."""
    node = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
    if node is not None and node.type == "call_expression" and not named_args(required_child(node, "arguments")):
        f = node.child_by_field_name("function")
        if f is not None and f.type == "field_expression" and text(f.child_by_field_name("field")) == "clone":
            node = f.child_by_field_name("value")
    if node is None or node.type != "field_expression":
        return None
    owner = owner_type(node.child_by_field_name("value"))
    return text(node.child_by_field_name("field")) if owner is None or owner == struct else None


def owner_type(value: Node | None) -> str | None:
    """The struct `value` is seen to be, by name: `self` in `impl T`, a parameter or typed `let`
    (`opts: &Options`); None when not seen."""
    if value is None or value.type not in ("self", "identifier"):
        return None
    if value.type == "self":
        return _self_type(value) or None
    fn = enclosing(value, ("function_item",))
    if fn is None:
        return None
    bound = local_binding(fn, text(value), value) or parameter(fn, text(value))
    ty = bound.child_by_field_name("type") if bound is not None and bound.type in ("parameter", "let_declaration") else None
    while ty is not None and ty.type == "reference_type":
        ty = ty.child_by_field_name("type")
    return last_segment(ty) if ty is not None else None


def stored_in_field(value: Node) -> Node | None:
    """The type of the field of a struct of this file that `value` is stored in: a struct
    literal's `field: value` (`Self { .. }` in the struct's impl), or `x.field = value` where `x`
    is seen to be that struct; None otherwise."""
    holder = value.parent
    if holder is None:
        return None
    if holder.type == "field_initializer" and holder.child_by_field_name("value") == value:
        field, struct = text(holder.child_by_field_name("field")), _literal_struct(holder)
    elif holder.type == "assignment_expression" and holder.child_by_field_name("right") == value:
        left = holder.child_by_field_name("left")
        if left is None or left.type != "field_expression":
            return None
        field, struct = text(left.child_by_field_name("field")), owner_type(left.child_by_field_name("value"))
    else:
        return None
    return _field_type(value, struct or "", field)


def stored_param_field(fn: Node, name: str) -> list[Node]:
    """The types of the fields of this file's structs that the parameter `name` of `fn` is stored
    in (`Self { device }`, `Opts { device: device }`, `self.device = device`)."""
    out = []
    for n in descendants(fn):
        if n.type == "shorthand_field_initializer" and text(n) == name:
            if (t := _field_type(n, _literal_struct(n), name)) is not None:
                out.append(t)
        elif n.type == "identifier" and text(n) == name and (t := stored_in_field(n)) is not None:
            out.append(t)
    return out


def _literal_struct(field: Node) -> str:
    """The struct a literal's field initializer `field` fills (`Self` read in its impl)."""
    lit = next((a for a in ancestors(field) if a.type == "struct_expression"), None)
    name = lit.child_by_field_name("name") if lit is not None else None
    return _self_type(field) if name is not None and text(name) == "Self" else last_segment(name)


def _self_type(node: Node) -> str:
    impl = next((a for a in ancestors(node) if a.type == "impl_item"), None)
    return last_segment(impl.child_by_field_name("type")) if impl is not None else ""


def _field_type(at: Node, struct: str, field: str) -> Node | None:
    root = at
    while root.parent is not None:
        root = root.parent
    for item in descendants(root):
        if item.type == "struct_item" and text(item.child_by_field_name("name")) == struct:
            body = item.child_by_field_name("body")
            for f in named_args(body) if body is not None else []:
                if f.type == "field_declaration" and text(f.child_by_field_name("name")) == field:
                    return f.child_by_field_name("type")
    return None
