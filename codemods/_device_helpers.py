"""A device a project helper makes for a named backend (issue 26 item 1, reading 61).

Test suites make their device in one helper, often in another file, and name the backend in the
types that use it:

    pub type TestBackend = Autodiff<Flex>;
    pub type TestDevice = <TestBackend as Backend>::Device;
    pub fn test_device() -> TestDevice { Default::default() }
    ..
    let x = Tensor::<TestBackend, 2>::ones([2, 2], &test_device());

Dropping `TestBackend` is review where the device is unknown ("the device this code receives must
be built for that backend"). Here the code says which it is: 0.21 typed the helper's value by its
return type, the device of that very backend, and backend-device-value rewrites the helper's
default to that backend's constructor (`Device::flex().autodiff()`). So the drop is decided when:

- one backend is dropped, a concrete one (or the project's alias of one) with a constructor and no
  element types of its own (`backend_constructor`);
- every device the call passes is `helper()` itself, in the argument or in a `let` of the fn (by
  rustc's scoping: the nearest binding of the name);
- the helper is a project fn with no parameters whose whole body is a default of its return type
  (pass 1's `default_bodied_fns`; in this file or a project module the call resolves to);
- its return type is that backend's device: `<X as Backend>::Device`, `Device<X>` or an alias of
  the first (the index's `device_alias_backends`), X being the dropped backend as written (so
  one with a constructor, which the helper's default becomes) and resolved, autodiff alike.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.alias_params import backend_of_device
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.fn_sigs import default_bodied_fns
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import enclosing, named_args, text

from ._backend_choice import device_backend
from ._callees import _module_fn_of_call, called_item, returned_type
from ._device_origin import backend_constructor
from ._typed_calls import _device_name, _device_slot, lent_value, typed_call

_BARE = re.compile(r"<\s*(\w+)\s+as\s+(?:[\w:]*::)?(?:Backend|BackendTypes)\s*>\s*::\s*Device")
_DEVICE_OF = re.compile(r"(?:[\w:]*::)?Device\s*<\s*(.+?)\s*>")


def _helper_call(node: Node | None) -> Node | None:
    """`helper()` in `helper()`, `&helper()`, `helper().clone()`: a call of a path with no arguments."""
    node = lent_value(node)
    f = node.child_by_field_name("function") if node is not None and node.type == "call_expression" else None
    args = node.child_by_field_name("arguments") if f is not None and node is not None else None
    return node if f is not None and f.type in ("identifier", "scoped_identifier") and args is not None \
        and not named_args(args) else None


def _default_bodied(ctx: FileContext, call: Node) -> bool:
    """Is the fn `call` names a project fn whose whole body is a default (this file, or a module)?"""
    item = called_item(ctx, call)
    if item is not None:
        return text(item.child_by_field_name("name")) in default_bodied_fns(text(item).encode())
    at = _module_fn_of_call(ctx, call)
    return at is not None and at[1][-1] in ctx.index.module_default_bodied.get(at[0], set())


def _made_for(ctx: FileContext, call: Node) -> tuple[str, str, bool] | None:
    """(the backend as written, its base, autodiff) of the device the helper `call` returns, read
    off its return type."""
    ret = " ".join(returned_type(ctx, call).split())
    if not ret:
        return None
    alias = ctx.index.device_alias_backends.get(ret)
    of = _DEVICE_OF.fullmatch(ret)   # (0.21's `Device<X>` alias)
    written = f"<{alias[0]} as Backend>::Device" if alias is not None else f"<{of.group(1)} as Backend>::Device" if of else ret
    named, base, autodiff = backend_of_device(written, ctx.index.backend_aliases)
    bare = _BARE.fullmatch(written)
    if not base and bare is not None and bare.group(1) in api.CONCRETE_BACKENDS:   # (`<Flex as Backend>::Device`)
        named, base = bare.group(1), bare.group(1)
    return (named, device_backend(ctx, base), autodiff) if base else None


def helper_made(ctx: FileContext, typed: Node, chosen: list[Node]) -> str | None:
    """The helper's name when every device the call `typed` types comes from a helper made for the
    one backend `chosen` names (see the module doc); None otherwise."""
    ctor = backend_constructor(ctx, chosen[0]) if len(chosen) == 1 else None
    call = typed_call(typed)
    fn = enclosing(typed, ("function_item",))
    if ctor is None or call is None or call.type != "call_expression" or fn is None:
        return None
    helpers: set[str] = set()
    written = " ".join(text(chosen[0]).split())   # (the same backend by name too: one with a constructor)
    for a in named_args(call.child_by_field_name("arguments") or call):
        name = _device_name(a)
        made = _helper_call(a)
        if made is None and name is not None:
            let = local_binding(fn, name, a)
            made = _helper_call(let.child_by_field_name("value")) \
                if let is not None and let.type == "let_declaration" and let.child_by_field_name("type") is None else None
        if not _device_slot(ctx, call, a, name or "device"):
            continue
        if made is None or not _default_bodied(ctx, made) or _made_for(ctx, made) != (written, ctor[0], ctor[1]):
            return None   # a device from elsewhere, or a helper that says nothing of its backend
        helpers.add(text(made.child_by_field_name("function")))
    return next(iter(helpers)) if len(helpers) == 1 else None
