"""`Default::default()` values a burn device type chose in 0.21 where the rule's own file does not
say it: a parameter of a fn in another module, a field of a struct that derives `Default`. With
`Device` in the type's place they are `Device::default()`, a pick by priority at run time (pitfall 5)."""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import derives, named_args, required_child, text

from ._callees import callee_device_types
from ._device_values import default_passed


def derived_default_holder(t: Node) -> str:
    """The struct whose field `t` types (through `&`, `Option<..>`, none of them) when that struct
    derives `Default` (`#[derive(Default)] struct Holder { device: NdArrayDevice }`); '' otherwise."""
    field = t.parent
    while field is not None and field.type in ("reference_type", "type_arguments", "generic_type"):
        field = field.parent
    if field is None or field.type != "field_declaration" or field.parent is None:
        return ""
    item = field.parent.parent
    if item is None or item.type != "struct_item":
        return ""
    return text(item.child_by_field_name("name")) if derives(item, "Default") else ""


def derived_default_note(holder: str, field_type: str, ctor: str) -> tuple[str, str]:
    """The finding's message and note for such a field."""
    return (f"`{holder}`'s derived `Default` fills this field by priority",
            (f"`#[derive(Default)]` on `{holder}` made this field `{field_type}::default()`, that backend's device; "
            f"as `Device` it is `Device::default()`, which picks a backend by priority at run time (pitfall 5): "
            f"implement `Default` for `{holder}` by hand with `{ctor}` here, or build the value with it."))


def defaults_typed_elsewhere(ctx: FileContext) -> list[tuple[Node, str]]:
    """(value, its 0.21 device type) for each `Default::default()` this file passes to a project fn
    of another module whose parameter there is a burn device type (`pub fn train(device:
    &WgpuDevice)` in lib.rs; `train(&Default::default())`, or `let device = Default::default();`
    and `train(&device)`, in main.rs): 0.21 typed it by that parameter; as `Device` it would pick
    a backend by priority at run time (pitfall 5). This file's own fns: `defaults_typed_by`."""
    out = []
    for call in ctx.nodes("call_expression") if ctx.index.module_fn_devices else []:
        args = named_args(required_child(call, "arguments"))
        for at, ty in callee_device_types(ctx, call).items():
            if at < len(args) and (value := default_passed(call, args[at])) is not None:
                out.append((value, ty))
    return out
