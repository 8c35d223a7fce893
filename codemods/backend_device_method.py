"""backend-device-method — backend associated functions become `Device` methods (R6).

What it does:
    `B::seed(&device, s)` → `device.seed(s)`, `B::sync(&device)` → `device.sync()`,
    `B::memory_cleanup(&device)` → `device.memory_cleanup()`, `B::ad_enabled(&device)` →
    `device.is_autodiff()`, `B::supports_dtype(&device, dt)` → `device.supports_dtype(dt)`,
    `B::memory_persistent_allocations(&device, input, f)` → `device.memory_persistent_allocations(input, f)`,
    for a backend parameter, a project backend alias or a concrete backend before `::`.

Why:
    The backend trait is gone in 0.22; these operations are methods of the `Device` value.
    Pitfall 25 (GPU memory only returns to the system through `memory_cleanup`) and pitfall 21
    (timings need `sync`) both depend on these calls surviving the upgrade.

Example:
    before: B::seed(&device, config.seed);  B::memory_cleanup(&device);
    after:  device.seed(config.seed);       device.memory_cleanup();

Fix safety:
    safe: the same operation on the same device. `B::name(&d)` and other backend functions have
    no device method: backend-extension reports them.

Reproduction check:
    E0433 / E0412 (failed to resolve `B`) at the call under burn 0.22.1; none after.
"""
from __future__ import annotations

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import BurnImports, FileContext
from burnmigrate.rust.edits import replace
from burnmigrate.rust.resolve import parameter
from burnmigrate.rust.syntax import enclosing, last_segment, named_args, required_child, text

from ._backend_args import DEFAULT_VALUE, untyped_default_let
from ._backend_choice import backend_base
from ._device_origin import backend_constructor, let_origin, origin_edit

_SIMPLE = ("identifier", "field_expression", "call_expression", "self", "scoped_identifier",
           "parenthesized_expression", "index_expression")


class BackendDeviceMethod(SourceRule):
    id = "backend-device-method"
    name = "B::seed(&d, s) becomes d.seed(s)"
    pitfalls = (1, 25)
    guide = "R6"
    triggers = tuple(f"::{n}(".encode() for n in api.DEVICE_METHODS)
    reads_others = True   # a kept item's device parameter becomes `Device` (backend-device-type) in round one
    check = Check("E0433 (failed to resolve: use of undeclared type `B`) at the call under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0433|E0412'", ("E0433", "E0412"),
                  matches=(ErrorMatch('E0433', '', r'::(?:seed|sync|memory_cleanup|ad_enabled)\s*\('),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        found = {}
        imports = BurnImports(ctx)
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "scoped_identifier":
                continue
            path = fn.child_by_field_name("path")
            if path is None or call.child_by_field_name("arguments") is None:
                continue
            name = text(fn.child_by_field_name("name"))
            if name not in api.DEVICE_METHODS:
                continue
            scope = ctx.scope.in_scope(call)
            shown = text(path)
            inner = path.child_by_field_name("path") if path.type == "scoped_identifier" \
                and text(path.child_by_field_name("name")) == "InnerBackend" else None
            if inner is not None and (inner.type == "bracketed_type" or text(inner) in scope):
                path = inner   # `B::InnerBackend::seed(&d, s)`: 0.21's autodiff backend passed it on; the device's own call
            if path.type == "bracketed_type":   # `<B as Backend>::seed(..)`: the type is `B`
                q = path.named_children[0] if path.named_children else None
                if q is None or q.type != "qualified_type" or last_segment(q.child_by_field_name("alias")) not in api.BACKEND_TRAITS:
                    continue
                path = required_child(q, "type")
            if path.type == "generic_type":   # `Flex::<f32>::seed(..)`: the backend with its element type
                path = required_child(path, "type")
            pname = text(path)
            if path.type == "scoped_identifier":   # `backend::InferBackend::seed(..)`, `burn::backend::Flex::seed(..)`
                head = text(path).replace(" ", "").split("::")[0]
                pname = last_segment(path)
                if not ((pname in ctx.index.backend_aliases and head not in ctx.crate.burn_roots)
                        or (pname in api.CONCRETE_BACKENDS and head in (*ctx.crate.burn_roots, "burn"))):
                    continue
                path = required_child(path, "name")
            # a parameter in scope shadows a project alias of its name (`type B = Flex;` in a test
            # module): one kept generic keeps its 0.22.1 `B::sync(&device)` (burn-backend's `Backend`)
            is_backend = path.type in ("identifier", "type_identifier") and (
                not scope[pname].extension if pname in scope else not ctx.scope.generic_param(path, pname) and (
                    pname in ctx.index.backend_aliases or (pname in api.CONCRETE_BACKENDS and pname not in ctx.index.defined_types)))
            args = named_args(required_child(call, "arguments"))
            if not is_backend and pname in scope and args and _device_value_param(call, args[0]):
                is_backend = True   # kept generic, but its device parameter is 0.22.1's `Device` now: its method
            if not is_backend:
                continue
            if not args:
                continue
            want = api.DEVICE_METHOD_ARITY.get(name)
            if want is not None and len(args) != want:
                continue   # not 0.21's `Backend::name(device, ..)` (a 0.21 crate would not compile): not ours
            recv = args[0]
            if recv.type == "reference_expression":
                recv = required_child(recv, "value")
            rtext = ctx.text(recv)
            if recv.type not in _SIMPLE:
                rtext = f"({rtext})"
            rest = ", ".join(ctx.text(a) for a in args[1:])
            method, pits = api.DEVICE_METHODS[name]
            if recv.type == "call_expression" and DEFAULT_VALUE.fullmatch(rtext.replace(" ", "")):
                # `B::seed(&Default::default(), s)`: the default device took its type from this
                # call, and `Default::default().seed(s)` has none (E0282): the backend's constructor
                made = backend_constructor(ctx, path)
                if made is not None:
                    ctor = imports.write(recv, made[2], made[3])
                    found[call.id] = self.change(call, f"`{shown}::{name}(..)` → `{ctor}.{method}({rest})`",
                                                 [replace(call, f"{ctor}.{method}({rest})")], pitfalls=pits)
                else:
                    device = f"{imports.spelling(recv, 'Device')}::default()"
                    found[call.id] = self.change(
                        call, f"`{shown}::{name}(..)` → `{device}.{method}({rest})`",
                        [replace(call, f"{device}.{method}({rest})")], pitfalls=(*pits, 5), safety=Safety.REVIEW,
                        reason=f"the default device here took its type from this call; `Device::default()` picks "
                               f"the backend by priority among those enabled (pitfall 5): write the constructor of "
                               f"the backend `{shown}` was where several are enabled.")
                continue
            new = f"{rtext}.{method}({rest})"
            # (the head only, when other arguments follow: an edit inside them, `f::<B>(..)` in a
            # closure, is another rule's, and a replaced whole call would carry their 0.21 text)
            edits = [replace(call, new) if len(args) == 1 else Edit(call.start_byte, args[1].start_byte, f"{rtext}.{method}(")]
            if "\n" in new or len(new) > 80:   # (a closure argument: the message names the call, the diff shows it)
                new = f"{rtext}.{method}(..)"
            untyped = untyped_default_let(call, text(recv)) if recv.type == "identifier" else None
            origin = let_origin(ctx, untyped.parent) if untyped is not None and untyped.parent is not None else None
            if origin is not None and origin.pending and (origin.base, origin.autodiff) == (
                    backend_base(ctx, path), ctx.scope.is_autodiff_type(path, scope)):
                # the `let`'s other uses say which backend's device it is, as this call does: it is
                # written as that backend's constructor (with the drops that pass it, issue 26 item 1)
                edits.append(origin_edit(origin, imports))
                found[call.id] = self.change(call, f"`{shown}::{name}(..)` → `{new}`", edits, pitfalls=pits)
                continue
            if untyped is not None:
                # `let device = Default::default();` took its type from this call (`B::seed(&device, ..)`):
                # `device.seed(..)` cannot give it one (E0282), so the `let` names it
                edits.append(replace(untyped, f"{imports.spelling(untyped, 'Device')}::default()"))
                found[call.id] = self.change(call, f"`{shown}::{name}(..)` → `{new}`, and `{rtext}` a `Device`", edits,
                                             pitfalls=(*pits, 5), safety=Safety.REVIEW,
                                             reason=f"`{rtext}` got its type from this call; it is `Device::default()` "
                                                    "now, which picks the backend by priority among those enabled "
                                                    f"(pitfall 5): write the constructor of the backend `{shown}` was "
                                                    "where several are enabled.")
                continue
            found[call.id] = self.change(call, f"`{shown}::{name}(..)` → `{new}`", edits, pitfalls=pits)
        out.extend(found.values())
        out.extend(imports.changes(self))
        return out


def _device_value_param(call, arg) -> bool:
    """Is `arg` (`&device`) a parameter of the fn around `call` typed 0.22.1's `Device` (`device:
    Device`, `&Device`: what backend-device-type made of a kept item's `B::Device`)? Then `B::seed(&device,
    s)` does not type-check (`B::seed` takes `&B::Device`), and `device.seed(s)` is the call."""
    inner = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
    fn = enclosing(call, ("function_item",))
    param = parameter(fn, text(inner)) if fn is not None and inner is not None and inner.type == "identifier" else None
    ty = param.child_by_field_name("type") if param is not None else None
    while ty is not None and ty.type == "reference_type":
        ty = ty.child_by_field_name("type")
    return ty is not None and text(ty).replace(" ", "") in ("Device", "burn::tensor::Device", "burn::prelude::Device")

