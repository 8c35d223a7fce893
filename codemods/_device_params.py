"""Devices that arrive as parameters: follow the callers in the file (issue 26 item 1).

A helper `fn input_ids(device: &Device<AB>) -> Tensor<AB, 2, Int>` drops `AB` three times (its
parameter's type, its return type, the tensor it builds), each "the device this code receives must
be built for that backend". When the helper is private and every call of it is seen (`calls_of`),
the device it receives is whatever its callers pass: if each passes a device that is decided for
that same backend (a `let` _device_origin decides, or a parameter of the caller decided the same
way, recursively), the helper's device is decided too, and its drops carry the callers' `let`
constructors (so none lands without them).

A drop in the helper's signature other than a device parameter's (its return type, a value
parameter's) is decided only when everything the helper makes is made from such devices: every
device its calls take is one, it makes none itself (no `Default::default()` but decided `let`s, no
0.21 device constructor, no `.inner()` / `.autodiff()` conversion), reads none off a value
(`.device()`, `self`), and its callers make no device by inference either (a type in its signature
types what they pass).
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import ancestors, descendants, enclosing, named_args, required_child, text

from ._backend_args import DEFAULT_VALUE
from ._callers import calls_of
from ._device_origin import READS_A_DEVICE, Origin, _method_of, let_origin
from ._device_reach import closed
from ._typed_calls import _device_name, _device_slot, typed_call

# a device read off a value, or converted: nothing this module follows
_ELSEWHERE = re.compile(READS_A_DEVICE.pattern + r"|\.inner\(\)|\.autodiff\(\)|from_inner|InnerBackend")
_MADE = re.compile(r"\b(?:" + "|".join(sorted(api.BACKEND_DEVICE_TYPES)) + r")\b|\b[A-Z]\w*\s*::\s*Device\b")


def _params(fn: Node) -> list[Node]:
    ps = fn.child_by_field_name("parameters")
    return [p for p in named_args(ps)] if ps is not None else []


def _param_index(fn: Node, name: str) -> int | None:
    """The position of value parameter `name` (None when `fn` takes `self`: its calls shift)."""
    ps = _params(fn)
    if any(p.type == "self_parameter" for p in ps):
        return None
    for i, p in enumerate(ps):
        pat = p.child_by_field_name("pattern") if p.type == "parameter" else None
        if pat is not None and pat.type == "identifier" and text(pat) == name:
            return i
    return None


def param_origins(ctx: FileContext, fn: Node, index: int, seen: frozenset[int] = frozenset()) -> list[Origin] | None:
    """The decided origins of every device the callers of private `fn` pass as its parameter
    `index`, when they all agree (one backend, autodiff or not); None otherwise."""
    if fn.id in seen or len(seen) > 8:
        return None
    calls = calls_of(ctx, fn)
    if not calls or any(p.type == "self_parameter" for p in _params(fn)):
        return None
    found: list[Origin] = []
    for call in calls:
        if call.type != "call_expression":
            return None   # named in a macro's tokens: its arguments are not read
        args = named_args(required_child(call, "arguments"))
        if index >= len(args):
            return None
        got = arg_origins(ctx, call, args[index], seen | {fn.id})
        if got is None:
            return None
        found += got
    return found if _agree(found) else None


def arg_origins(ctx: FileContext, call: Node, arg: Node, seen: frozenset[int] = frozenset()) -> list[Origin] | None:
    """The decided origins of the device `arg` passes: a decided `let` of the calling fn, or a
    parameter of it that its own callers decide."""
    caller = enclosing(call, ("function_item",))
    name = _device_name(arg)
    if caller is None or name is None:
        return None
    let = local_binding(caller, name, arg)
    if let is not None:
        got = let_origin(ctx, let) if let.type == "let_declaration" else None
        return [got] if got is not None else None
    at = _param_index(caller, name)
    return param_origins(ctx, caller, at, seen) if at is not None else None


def _agree(found: list[Origin]) -> bool:
    return bool(found) and len({(o.base, o.autodiff, o.ctor) for o in found}) == 1


def signature_origins(ctx: FileContext, typed: Node) -> list[Origin] | None:
    """For a drop in a fn's signature: the decided origins of the devices it stands for (see the
    module doc), or None."""
    fn = next((a for a in ancestors(typed) if a.type == "function_item"), None)
    body = fn.child_by_field_name("body") if fn is not None else None
    if fn is None or body is None or body.start_byte <= typed.start_byte < body.end_byte:
        return None
    param = next((a for a in ancestors(typed) if a.type == "parameter"), None)
    if param is not None and param.parent is not None and param.parent.parent == fn:
        pat = param.child_by_field_name("pattern")
        at = _param_index(fn, text(pat)) if pat is not None and pat.type == "identifier" else None
        if at is not None and "Device" in text(param.child_by_field_name("type")):
            return param_origins(ctx, fn, at)   # the device parameter itself: its callers decide it
    return made_from(ctx, fn)


def made_from(ctx: FileContext, fn: Node) -> list[Origin] | None:
    """The decided origins every device `fn` uses comes from, when that is all it uses, and its
    callers (private `fn`, every call seen) take no parameters and use only devices of that same
    origin: a type in `fn`'s signature types what they build and pass (`helper(Model::new(&d))`
    with `d` any 0.21 device of that type). None otherwise."""
    found = _devices_of(ctx, fn)
    if found is None or not _agree(found):
        return None
    calls = calls_of(ctx, fn)
    if calls is None:
        return None
    for c in calls:
        caller = enclosing(c, ("function_item",))
        if c.type != "call_expression" or caller is None:
            return None
        if caller.id == fn.id:
            continue
        if _params(caller):
            return None   # values from further up: their devices are not seen here
        theirs = _devices_of(ctx, caller)
        if theirs is None or not _agree(found + theirs):
            return None
    return found


def _devices_of(ctx: FileContext, fn: Node) -> list[Origin] | None:
    """The decided origins of every device `fn` makes or is given (its device parameters through
    their callers, its decided `let`s, what its calls take), or None when one is not decided, is
    read off a value, converted, or made by a 0.21 constructor or type."""
    body = fn.child_by_field_name("body")
    if body is None or not closed(ctx, fn) or _ELSEWHERE.search(text(body)) or _MADE.search(text(body)):
        return None
    found: list[Origin] = []
    for i, p in enumerate(_params(fn)):
        ty = p.child_by_field_name("type") if p.type == "parameter" else None
        if ty is not None and "Device" in text(ty):
            got = param_origins(ctx, fn, i)
            if got is None:
                return None
            found += got
    for n in descendants(body):
        if n.type == "let_declaration":
            v = n.child_by_field_name("value")
            if v is not None and (DEFAULT_VALUE.fullmatch(text(v).replace(" ", "")) or text(v).startswith("Device::")):
                made = let_origin(ctx, n)
                if made is None:
                    return None
                found.append(made)
                continue
        if n.type == "call_expression":
            got = _call_devices(ctx, n)
            if got is None:
                return None
            found += got
    return found


def _call_devices(ctx: FileContext, call: Node) -> list[Origin] | None:
    """The decided origins of the devices `call` takes (its device slots), or None when one is
    not decided or is made in the argument (typed by the call: not ours to say here)."""
    found: list[Origin] = []
    for arg in named_args(required_child(call, "arguments")):
        inner = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
        if inner is not None and DEFAULT_VALUE.fullmatch(text(inner).replace(" ", "")):
            return None
        if not _device_slot(ctx, call, arg, _device_name(arg) or ""):
            continue
        got = arg_origins(ctx, call, arg)
        if got is None:
            return None
        found += got
    return found


def body_origins(ctx: FileContext, typed: Node) -> list[Origin] | None:
    """For a drop in a call inside a fn's body: the decided origins of the devices that call
    takes when they arrive as parameters of the fn (or are its decided `let`s), all agreeing."""
    call = typed_call(typed)
    if call is None or call.type != "call_expression" or _method_of(call) is not None:
        return None   # a method's value may come with its receiver's device (`model.valid().fork(..)`)
    found = _call_devices(ctx, call)
    return found if found is not None and _agree(found) else None


def no_device(ctx: FileContext, typed: Node, base: str, autodiff: bool) -> Origin | None:
    """`Gpt2::<AB>::layernorm_key_remap()`: a call of a project type's associated fn that takes no
    argument at all, where that fn makes no device by inference (not in the index's
    `default_fns`): no device reaches it, so the drop chooses none (an origin with nothing to write)."""
    call = typed_call(typed)
    if call is None or call.type != "call_expression":
        return None
    f = call.child_by_field_name("function")
    if f is None or f.type != "scoped_identifier" or named_args(required_child(call, "arguments")):
        return None
    path, name = f.child_by_field_name("path"), text(f.child_by_field_name("name"))
    if path is None or not (path.start_byte <= typed.start_byte < path.end_byte) or name in ("default", "new"):
        return None
    head = path.child_by_field_name("type") if path.type.startswith("generic_type") else path
    if head is None or text(head).split("::")[-1] not in ctx.index.user_types or name in ctx.index.default_fns:
        return None
    # its value must not outlive the call with the backend in its type (`let m = Unet::<Cpu>::loaded();`:
    # m's methods may make their device from it), only feed a method that makes none (`.len()`)
    use = call.parent
    method = use.child_by_field_name("field") if use is not None and use.type == "field_expression" else None
    if method is None or use is None or text(method) in ctx.index.default_fns or use.parent is None \
            or use.parent.type != "call_expression":
        return None
    return Origin(None, call, base, autodiff, "", (), True, pending=False)
