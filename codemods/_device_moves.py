"""Where a device passed on as `device.clone().autodiff()` may be moved instead: `device.autodiff()`.

`Device::autodiff` takes the device by value (burn-tensor 0.22.1 `device.rs`), so the migration
writes `device.clone().autodiff()` where the device is used again; at its last use the clone is
noise a person removes by hand (burn's own migration writes `autodiff(&device.autodiff())`). It is
left out only where a move cannot fail to compile: the device is an owned local (a `let` of a
device value, or a parameter taken by value), nothing from the statement that makes the call to
the end of the fn names it again (text, so macros and format strings count), and no loop, closure
or async block between the binding and the call repeats or captures the move. An owned local
is a `let` of a device value, of `.clone()`, or of a project fn's call whose signature returns a device
by value (`-> Device`, `-> B::Device`)."""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import ancestors, descendants, enclosing, named_args, text, value_branches

from ._backend_args import DEFAULT_VALUE
from ._callees import returned_type
from ._device_aliases import own_or_alias_value

_REPEATS = ("for_expression", "while_expression", "loop_expression", "closure_expression", "async_block")
_OWNED_TEXT = re.compile(r"Device::\w+\(.*\)(?:\.autodiff\(\))?|.+\.clone\(\)|(?:[\w:<>]+::)?default\(\)", re.S)
_DEVICE_PARAM = re.compile(r"(?:[\w:<> ]+::)?\w*Device")


def may_move(ctx: FileContext, call: Node, ident: Node) -> bool:
    """May the identifier `ident`, passed to `call` as `ident.clone().autodiff()`, be moved there?"""
    fn = enclosing(call, ("function_item",))
    body = fn.child_by_field_name("body") if fn is not None else None
    if fn is None or body is None or ident.type != "identifier":
        return False
    name = text(ident)
    # the `let`s of the name in scope at the call (`#[cfg]` alternatives among them), or none: a parameter
    lets = [n for n in descendants(body) if n.type == "let_declaration" and n.end_byte <= call.start_byte
            and (p := n.child_by_field_name("pattern")) is not None and text(p).removeprefix("mut ").strip() == name
            and n.parent is not None and n.parent.start_byte <= call.start_byte < n.parent.end_byte]
    scope = lets[-1].parent if lets else body
    if scope is None or bool(lets) != (local_binding(fn, name, ident) is not None):
        return False   # (a closure parameter hides the `let`s; a `for` binding is no owned local)
    top = call
    for a in ancestors(call):
        if a.id == scope.id:
            break
        if a.type in _REPEATS:
            return False
        top = a
    # no other mention from the statement holding the call to the end of the binding's block (a
    # borrow of it earlier in that statement may still be alive at the call)
    later = ctx.src[top.start_byte:ident.start_byte] + ctx.src[ident.end_byte:scope.end_byte]
    if re.search(rb"\b" + re.escape(name.encode()) + rb"\b", later):
        return False
    if not lets:   # a parameter taken by value: `device: Device`, `device: B::Device`
        params = fn.child_by_field_name("parameters")
        own = [p for p in named_args(params) if p.type == "parameter" and text(p.child_by_field_name("pattern")) == name] \
            if params is not None else []
        return len(own) == 1 and _DEVICE_PARAM.fullmatch(text(own[0].child_by_field_name("type"))) is not None
    for let in lets:
        ty, value = let.child_by_field_name("type"), let.child_by_field_name("value")
        if value is None or (ty is not None and ty.type == "reference_type"):
            return False
        for leaf in value_branches(value):   # (`match kind { "cpu" => WgpuDevice::Cpu, .. }`: each arm's)
            written = text(leaf).replace(" ", "") if leaf is not None else ""
            if leaf is None or not (DEFAULT_VALUE.fullmatch(written) or _OWNED_TEXT.fullmatch(written) or own_or_alias_value(ctx, leaf)[0]
                    or _DEVICE_PARAM.fullmatch(returned_type(ctx, leaf))):   # (`backend::device()`, `-> Device`)
                return False
    return True

