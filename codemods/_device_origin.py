"""Where a device is made (issue 26 item 1: decide what the code already says).

A dropped backend argument is review because in 0.22 the device value chooses the backend: "the
device this code receives must be built for that backend". Often the code says which device it
is, two lines up: `let device = Default::default();` has no type of its own, and 0.21 took it
from the backend a type argument names where the device is passed
(`Tensor::<TestBackend, 2>::zeros([2, 2], &device)`). That device *is* `TestBackend`'s, so the
0.22.1 constructor of that backend (`Device::flex()`, `Device::flex().autodiff()` for
`Autodiff<Flex>`) written into the `let` says the same, and the drops that pass it are decided.

Only where the code leaves no doubt: the `let` is untyped and `Default::default()`, every call in
the fn that passes it with a backend type argument names one and the same backend, that backend
has a constructor and no element types of its own (`Wgpu<f16, i32>`: the device must be
configured, a person's call), and no fn turbofish of an autodiff backend passes it (there
backend-turbofish makes the argument autodiff, `device.clone().autodiff()`, itself).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Edit
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import binding_uses, local_binding
from burnmigrate.rust.syntax import descendants, enclosing, last_segment, named_args, required_child, text

from ._backend_args import DEFAULT_VALUE
from ._backend_choice import backend_base, device_backend, elem_note
from ._callees import callee_device_param, callee_param_type, device_type_arg
from ._device_aliases import own_or_alias_value
from ._device_lets import own_device_let
from ._device_values import (
    SlotBackend,
    backend_of_default,
    chosen_backend,
    device_names,
    for_backend,
    own_definition,
    own_device_value,
    param_device_backend,
    passed_as,
)
from ._device_variant import device_variant
from ._runtime_setup import runtime_setup
from ._typed_calls import _device_name, _device_slot, returned_device, typed_call, typing_args


@dataclass(frozen=True)
class Origin:
    let: Node | None   # `let device = Default::default();` (None: made in the argument itself)
    value: Node        # its `Default::default()`
    base: str          # the backend the type arguments name (`Flex`)
    autodiff: bool
    ctor: str          # what the value becomes: `Device::flex()`, `Device::flex().autodiff()`
    names: tuple[str, ...]   # the burn names `ctor` needs in scope
    by_type: bool      # a type's arguments type one of its calls (backend-type-argument records the
                       # `let`'s change); else only fn turbofishes do (backend-turbofish records it)
    pending: bool = True   # the value is still `Default::default()` (False: already `ctor`)
    also: tuple[Origin, ...] = ()   # the other callers' `let`s when the device is a parameter (_device_params)
    from_callers: bool = False   # the device arrives as a parameter its callers decide
    own: bool = False   # a `let` of the backend's own 0.21 device value (`FlexDevice`): backend-device-value records its rewrite
    returned: bool = False   # the value a fn typed `-> Device<X>` returns (its body's tail)


def autodiff_slot(ctx: FileContext, value: Node, ty: str) -> bool:
    """Is the backend's own device value `value` (0.21 type `ty`: `FlexDevice`) made in the device
    argument of a call whose type arguments name only autodiff backends over that backend
    (`Tensor::<Autodiff<Flex>, 1>::from_floats(.., &FlexDevice)`)? 0.21's one device served the
    autodiff backend by type; in 0.22.1 the value must be made autodiff itself."""
    arg = passed_as(value)
    holder = arg.parent
    if holder is not None and holder.type == "field_initializer" and holder.parent is not None \
            and (lit := holder.parent.parent) is not None and lit.type == "struct_expression":
        # `LearnerConfig { device: LibTorchDevice::Cuda(0), .. }`, its field `device: B::Device` of an
        # autodiff `B`: the value was the autodiff backend's device (reading 41)
        field = text(holder.child_by_field_name("field"))
        return field in ctx.index.autodiff_device_fields.get(last_segment(lit.child_by_field_name("name")), set())
    call = holder.parent if holder is not None and holder.type == "arguments" else None
    if call is None or call.type != "call_expression" or not _device_slot(ctx, call, arg, ty):   # (its type says device)
        return False
    args, _ = typing_args(call)
    scope = ctx.scope.in_scope(call)
    backends = [a for a in args if ctx.scope.backend_kind(a, scope) in ("concrete", "alias")]
    return bool(backends) and all(ctx.scope.is_autodiff_type(a, scope) and not elem_note(ctx, text(a))
                                  and backend_base(ctx, a) in api.DEVICE_TYPE_BACKENDS.get(ty, ()) for a in backends)


def inline_origin(ctx: FileContext, call: Node, value: Node) -> Origin | None:
    """`Tensor::<Flex, 1>::ones([4], &Default::default())`, `launch::<Wgpu>(Default::default())`:
    a device made in the argument itself, typed by the call's one backend (the constructor is
    written there, in the same change as the drop)."""
    args, turbofish = typing_args(call)
    scope = ctx.scope.in_scope(call)
    backends = [a for a in args if ctx.scope.backend_kind(a, scope) in ("concrete", "alias", "components")]
    if not backends or (turbofish and any(ctx.scope.is_autodiff_type(a, scope) for a in backends)) \
            or any(elem_note(ctx, text(a)) for a in backends):
        return None   # (an autodiff fn turbofish: backend-turbofish makes that argument autodiff itself)
    made = _constructor(ctx, {chosen_backend(ctx, a, scope) for a in backends})
    if made is None:
        return None
    base, autodiff, ctor, names = made
    return Origin(None, value, base, autodiff, ctor, names, not turbofish)


def _constructor(ctx: FileContext, chosen: set[tuple[str, bool]]) -> tuple[str, bool, str, tuple[str, ...]] | None:
    """(backend, autodiff, its 0.22.1 constructor, the names it needs) when `chosen` (backend,
    autodiff) pairs name exactly one backend that has a constructor; None otherwise."""
    if len(chosen) != 1:
        return None
    base, autodiff = next(iter(chosen))
    base = device_backend(ctx, base)
    if base not in api.DEFAULT_DEVICE:
        return None
    ctor, names = api.DEFAULT_DEVICE[base]
    return base, autodiff, ctor + (".autodiff()" if autodiff else ""), names


def backend_constructor(ctx: FileContext, backend: Node) -> tuple[str, bool, str, tuple[str, ...]] | None:
    """(base, autodiff, the 0.22.1 constructor of its default device, the names it needs) for one
    concrete backend type (or the project's alias of one); None for a parameter, an unknown
    backend, or one with element types of its own (the device must be configured)."""
    own = own_definition(ctx, backend)
    scope = ctx.scope.in_scope(own)
    if ctx.scope.backend_kind(own, scope) not in ("concrete", "alias") or elem_note(ctx, text(own), with_checkpointing=False):
        return None
    return _constructor(ctx, {chosen_backend(ctx, own, scope)})


def default_origin(ctx: FileContext, value: Node) -> Origin | None:
    """The origin `value` is by itself when it is a backend's default device named through the
    backend (`backend_of_default`): that backend's 0.22.1 constructor. `own`: the drop that
    names it (backend-type-argument's `Device::<X>`) or backend-device-type records it."""
    backend = backend_of_default(ctx, value)
    made = backend_constructor(ctx, backend) if backend is not None else None
    variant = device_variant(ctx, value) if backend is None else None
    if variant is not None and variant.new is not None and not elem_note(ctx, text(variant.backend), with_checkpointing=False):
        made = variant.base, variant.autodiff, variant.new, tuple(sorted(variant.names))   # `Device::<X>::Mps`
    if made is None:
        return None
    base, autodiff, ctor, names = made
    let = value.parent if value.parent is not None and value.parent.type == "let_declaration" \
        and value.parent.child_by_field_name("value") == value else None
    return Origin(let, value, base, autodiff, ctor, names, True, own=True)


def let_origin(ctx: FileContext, let: Node) -> Origin | None:
    """The constructor an untyped `let NAME = Default::default();` stands for (see the module
    doc), or None when the code does not say it beyond doubt."""
    pat, value = let.child_by_field_name("pattern"), let.child_by_field_name("value")
    fn = enclosing(let, ("function_item",))
    if pat is None or pat.type != "identifier" or value is None or fn is None or runtime_setup(value):
        return None   # (a device handed to CubeCL's setup stays its runtime's own type)
    written = text(value).replace(" ", "")
    scope = ctx.scope.in_scope(let)
    chosen: set[tuple[str, bool]] = set()
    annotated = let.child_by_field_name("type")
    typed = device_type_arg(annotated)
    if typed is not None:   # `let device: Device<NdArray> = Default::default();`: typed by its own annotation
        if ctx.scope.backend_kind(typed, scope) not in ("concrete", "alias", "components") or elem_note(ctx, text(typed)):
            return None
        chosen.add((backend_base(ctx, typed), ctx.scope.is_autodiff_type(typed, scope)))
    pending = DEFAULT_VALUE.fullmatch(written) is not None and (annotated is None or typed is not None)
    named = default_origin(ctx, value)   # `Device::<NdArray>::default()`: typed by its own turbofish
    if named is not None:
        chosen.add((named.base, named.autodiff))
    own = None   # `let device = FlexDevice;`: a backend's own 0.21 device value
    if named is None and not pending and not written.startswith("Device::"):
        own = own_or_alias_value(ctx, value) if annotated is None else (None, "")
        if own[0] is None:
            return None   # neither to decide nor a constructor (an earlier round's, another rule's)
    name = text(pat)
    by_type = typed is not None
    autodiff_fish = False   # an autodiff backend's fn turbofish passes it
    for call, arg, args, turbofish in device_uses(ctx, fn, let, name):
        if not args:   # `tensor_from_array(.., &device)` whose parameter is `&Device<CpuBackend>`
            args = callee_device_param(ctx, call, arg)
            param = callee_param_type(ctx, call, arg) if not args else None
            if param is not None and (own_base := param_device_backend(ctx, param)):
                chosen.add((own_base, False))   # `helper(&device)` whose parameter is `&NdArrayDevice`
                by_type = True
                continue
        backends = [a for a in args if ctx.scope.backend_kind(a, scope) in ("concrete", "alias", "components")]
        autodiff_fish = autodiff_fish or (turbofish and any(ctx.scope.is_autodiff_type(a, scope) for a in backends))
        by_type = by_type or (bool(backends) and not turbofish)
        for a in backends:
            if elem_note(ctx, text(a)):
                return None   # element types or checkpointing chosen with the backend: a person's call
            chosen.add(chosen_backend(ctx, a, scope))
    plain: set[tuple[str, bool]] = {(device_backend(ctx, b), ad) for b, ad in chosen if not ad}
    if autodiff_fish and not by_type and pending and named is None and own is None and annotated is None \
            and len(plain) == 1 and {(device_backend(ctx, b), False) for b, _ in chosen} == plain:
        # plain fn turbofishes and autodiff ones of one backend: the `let` is that backend's plain
        # device, and backend-turbofish passes `device.clone().autodiff()` to the autodiff ones (its
        # `_default_let_ctor` writes the same constructor)
        chosen, autodiff_fish = plain, False
    if autodiff_fish and not (by_type and pending and named is None and own is None):
        return None   # backend-turbofish makes that argument autodiff where it is passed
    made = _constructor(ctx, chosen)
    if made is None:
        return None
    base, autodiff, ctor, names = made
    if autodiff_fish and not autodiff:
        return None   # (a plain device typed by a type beside an autodiff fn turbofish: turbofish converts)
    if named is not None:   # (its rewrite is recorded where the value names the backend)
        return Origin(let, value, base, autodiff, named.ctor, named.names, by_type, own=True)
    if own is not None and own[0] is not None:
        # every use is an autodiff backend's (0.21's one device served it): that backend's device made
        # autodiff, as backend-device-value writes it too; a plain one is its rewrite alone
        if not autodiff or base not in api.DEVICE_TYPE_BACKENDS.get(own[0], ()):
            return None
        new = for_backend(own[1], own[0], SlotBackend(base, True, False))
        return Origin(let, value, base, True, new, tuple(sorted(device_names(new or ""))), by_type, True,
                      own=True) if new else None
    if not pending and written != ctor.replace(" ", ""):
        return None   # made by another constructor: not this backend's device as far as we can tell
    return Origin(let, value, base, autodiff, ctor, names, by_type, pending)


def device_uses(ctx: FileContext, fn: Node, let: Node, name: str):
    """Each call of `fn` after `let` that is given the `let`'s `name` as its device (the binding
    rustc resolves there): (the call, the argument, its typing backend arguments, whether they
    are a fn turbofish)."""
    for use in binding_uses(fn, let, name):
        arg = passed_as(use)
        holder = arg.parent
        if holder is None or holder.type != "arguments" or _device_name(arg) != name:
            continue
        call = holder.parent
        if call is None or call.type != "call_expression" or not _device_slot(ctx, call, arg, name):
            continue
        args, turbofish = typing_args(call)
        yield call, arg, args, turbofish


def origin_edit(origin: Origin, imports) -> Edit:
    """`Default::default()` → the constructor (its names imported through `imports`)."""
    v = origin.value
    return Edit(v.start_byte, v.end_byte, imports.write(v, origin.ctor, origin.names))


def call_origin(ctx: FileContext, typed: Node) -> Origin | None:
    """The origin of the device passed to the call that `typed` (a generic type in its path, or in
    the type of the `let` it initialises) types."""
    tail = returned_device(typed)
    if tail is not None:
        return _return_origin(ctx, typed, tail)
    call = typed_call(typed)
    if call is not None and call.type == "call_expression" and (named := default_origin(ctx, call)) is not None:
        return let_origin(ctx, named.let) if named.let is not None else named   # `Device::<X>::default()` itself
    if call is not None and call.type == "let_declaration":
        return let_origin(ctx, call)   # the device is this `let`: `let d: Device<X> = Default::default();`
    fn = enclosing(typed, ("function_item",))
    lit = typed.parent
    if lit is not None and lit.type == "let_declaration" and lit.child_by_field_name("type") == typed:
        lit = lit.child_by_field_name("value")   # `let net: Net<X> = Net { fc: .. }`: the literal it types
    elif lit is None or lit.child_by_field_name("name") != typed:
        lit = None
    if call is None and fn is not None and lit is not None and lit.type == "struct_expression":
        return _literal_origin(ctx, fn, lit)
    if call is None or fn is None:
        return None
    recv = _method_of(call)
    if recv is not None and recv.type in ("call_expression", "try_expression") and call.parent is not None \
            and call.parent.type == "let_declaration":
        return _chain_origin(ctx, fn, call)   # a chain of calls (a single method call is read below)
    for arg in named_args(required_child(call, "arguments")):
        inner = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
        if inner is not None and DEFAULT_VALUE.fullmatch(text(inner).replace(" ", "")) \
                and _device_slot(ctx, call, arg, ""):
            return inline_origin(ctx, call, inner)
        if inner is not None and (named := default_origin(ctx, inner)) is not None and _device_slot(ctx, call, arg, ""):
            return named   # `&Device::<Flex>::default()` made in the argument
        name = _device_name(arg)
        let = local_binding(fn, name, arg) if name else None
        if let is not None and let.type == "let_declaration":
            found = let_origin(ctx, let)
            if found is not None:
                return found
            own = own_device_let(ctx, let, arg) if _device_slot(ctx, call, arg, name or "") else None
            if own is not None:   # `let device = NdArrayDevice::Cpu;`: that backend's own device
                value = let.child_by_field_name("value")
                assert value is not None
                return Origin(let, value, own[0], False, own[1], (), False, pending=False, own=True)
    if recv is not None and recv.type == "identifier" and call.parent is not None and call.parent.type == "let_declaration":
        return _chain_origin(ctx, fn, call)   # `let t2: Tensor<AB, 2> = t.unsqueeze_dim(1);`: `t`'s own devices
    return None


def _return_origin(ctx: FileContext, typed: Node, tail: Node) -> Origin | None:
    """The device a `-> Device<X>` fn returns: `Default::default()` (typed by the return type in
    0.21) becomes X's constructor; X's own 0.21 device value (`RocmDevice::default()`, which
    backend-device-value rewrites) is X's device already."""
    backend = device_type_arg(typed)
    made = backend_constructor(ctx, backend) if backend is not None else None
    if made is None:
        return None
    base, autodiff, ctor, names = made
    if DEFAULT_VALUE.fullmatch(text(tail).replace(" ", "")):
        return Origin(None, tail, base, autodiff, ctor, names, True, returned=True)
    own, new = own_device_value(ctx, tail)
    if own is not None and not autodiff and base in api.DEVICE_TYPE_BACKENDS.get(own, ()):
        if new.startswith("Device::wgpu(") and base != "Wgpu":
            return None   # (`WgpuDevice` of a Vulkan / Metal backend: backend-device-value's text is not that device)
        return Origin(None, tail, base, False, new, (), True, pending=False, own=True, returned=True)
    return None


def _literal_origin(ctx: FileContext, fn: Node, lit: Node) -> Origin | None:
    """`Linear::<AB> { weight: Param::from_data(.., &device), bias: None }`: the devices the calls
    initialising its fields take, when they are all one decided `let`'s (made for one backend)."""
    found: list[Origin] = []
    body = lit.child_by_field_name("body")
    for init in named_args(body) if body is not None else []:
        value = init.child_by_field_name("value") if init.type == "field_initializer" else None
        if value is None:
            return None   # `..base` or a shorthand field: values made elsewhere
        if text(value) == "None" or ("default" not in text(value) and not any(n.type == "identifier" and n.parent
                                     is not None and n.parent.type != "scoped_identifier" for n in [value, *descendants(value)])):
            continue   # (`key: 1`, `name: "x".into()`, `None`: it reads no variable and makes no device)
        if value.type != "call_expression":
            return None   # a value made elsewhere carries its own device
        if text(value.child_by_field_name("function")) == "Some":
            inner = named_args(required_child(value, "arguments"))
            if len(inner) != 1 or inner[0].type != "call_expression":
                return None
            value = inner[0]
        got = _chain_devices(ctx, fn, value)   # `Param::from_data(.., &device).set_require_grad(false)`
        if got is None:
            return None
        found += got
    if not found or len({(o.base, o.autodiff, o.ctor) for o in found}) != 1:
        return None
    return found[0]


def _method_of(call: Node) -> Node | None:
    """The receiver of a method call (`recv.m(..)`, `recv.m::<T>(..)`), None for a path call."""
    f = call.child_by_field_name("function")
    if f is not None and f.type == "generic_function":
        f = f.child_by_field_name("function")
    return f.child_by_field_name("value") if f is not None and f.type == "field_expression" else None


READS_A_DEVICE = re.compile(r"\.devices?\(\)|\bself\b")   # a device read off a value or a field


def _chain_origin(ctx: FileContext, fn: Node, call: Node) -> Origin | None:
    """`let m: Model<Infer> = Model::new(&device).load_file(p, &rec, &device).expect("load");`:
    the value a typed `let` holds is built by a chain of calls that starts at a path call (not a
    value from elsewhere, which would carry its own device); every device the chain passes must
    be made for one and the same backend (decided `let`s, or devices made in the argument)."""
    found = _chain_devices(ctx, fn, call)
    if not found or len({(o.base, o.autodiff, o.ctor) for o in found}) != 1:
        return None
    return found[0]


def _chain_devices(ctx: FileContext, fn: Node, call: Node, depth: int = 0) -> list[Origin] | None:
    """The decided origins of every device a chain of calls (from a path call) passes; None when
    one is not decided or the chain starts at a value made elsewhere."""
    chain = [call]
    found: list[Origin] = []
    while (recv := _method_of(chain[-1])) is not None:
        while recv.type in ("try_expression", "parenthesized_expression") and recv.named_children:
            recv = recv.named_children[0]
        if recv.type == "identifier" and depth < 4:
            # a local value (`t` of `t.unsqueeze_dim(1)`): the devices its own `let` was built on
            let = local_binding(fn, text(recv), recv)
            if let is None or let.type != "let_declaration":
                return None
            value, pat = let.child_by_field_name("value"), let.child_by_field_name("pattern")
            if value is None or value.type != "call_expression" or pat is None or pat.type != "identifier":
                return None
            got = _chain_devices(ctx, fn, value, depth + 1)
            if not got:
                return None
            found += got
            break
        if recv.type != "call_expression":
            return None   # `model.clone().load_file(..)`: the chain starts at a value made elsewhere
        chain.append(recv)
    for c in chain:
        for arg in named_args(required_child(c, "arguments")):
            if READS_A_DEVICE.search(text(arg)):
                return None
            inner = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
            name = _device_name(arg)
            if not _device_slot(ctx, c, arg, name or ""):
                continue
            if inner is not None and DEFAULT_VALUE.fullmatch(text(inner).replace(" ", "")):
                return None   # typed by the chain itself: a person's call
            let = local_binding(fn, name, arg) if name else None
            got = let_origin(ctx, let) if let is not None and let.type == "let_declaration" else None
            if got is None:
                return None
            found.append(got)
    return found
