"""A device value passed where a fn turbofish chose its backend (issue 26 item 1).

`launch::<Autodiff<Cuda>>(CudaDevice::default())`, `train::<Autodiff<Metal>>(config,
WgpuDevice::default())`, `run::<Autodiff<Flex>>(Default::default())`: in 0.21 the type system
made the device passed the chosen backend's own, so the 0.22.1 constructor of that backend, made
autodiff where the backend was (`Device::cuda(DeviceIndex::Default).autodiff()`), says everything
the turbofish said, and the drop is decided. `Device::autodiff` leaves an autodiff device as it is
(burn-tensor 0.22.1 `device.rs`), so a callee that makes its device autodiff itself is unaffected.

One 0.21 device type served several backends: `WgpuDevice` was Wgpu's, WebGpu's, Vulkan's and
Metal's, and 0.22.1 names them apart (`Device::metal(kind)` is not `Device::wgpu(kind)`, which
needs the `wgpu` feature and picks the graphics API itself): the backend the turbofish chose
decides, for a value made in the argument and for an untyped `let device = WgpuDevice::default();`
whose every passing to a fn turbofish names one backend.

backend-device-value writes a device value's constructor through `slot_text`, backend-turbofish's
drop carries the identical edit (`inline_device`): neither lands without the other.
"""
from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import binding_uses, defined_once, local_binding, resolve
from burnmigrate.rust.syntax import (
    enclosing,
    last_segment,
    named_args,
    required_child,
    returned_values,
    text,
)

from ._backend_args import DEFAULT_VALUE, decide, head_name
from ._backend_choice import backend_base, checkpointing, device_backend, elem_note
from ._callees import burns, called_item, callee

_WGPU_HEAD = "Device::wgpu("
_WGPU_KINDS = {"DiscreteGpu", "IntegratedGpu", "VirtualGpu", "Cpu", "DefaultDevice", "Existing", "BestAvailable"}
_WGPU_INDEXED = frozenset({"DiscreteGpu", "IntegratedGpu", "VirtualGpu"})   # tuple variants: `(index)` in both versions


def device_constructor(ctx: FileContext, ty: str, member: str, args: list[str]) -> tuple[str, str] | None:
    """(new expression, review reason or '') for `ty::member(args)`; member '' = the bare
    value (`FlexDevice`), 'default' = `::default()`."""
    cpu = "flex()" if ctx.crate.cpu_to_flex else "cpu()"
    if ty == "WgpuDevice":
        if member in ("default", "DefaultDevice", "BestAvailable"):
            return "Device::wgpu(DeviceKind::DefaultDevice)", ""
        if member in _WGPU_KINDS - _WGPU_INDEXED or (member in _WGPU_INDEXED and args):
            return f"Device::wgpu(DeviceKind::{member}({', '.join(args)}))" if args else f"Device::wgpu(DeviceKind::{member})", ""
        return None   # (`WgpuDevice::DiscreteGpu` named as a fn, `make: fn(usize) -> WgpuDevice`: no `Device` value is it)
    if ty in ("CudaDevice", "RocmDevice"):
        ctor = "cuda" if ty == "CudaDevice" else "rocm"
        if member == "default":
            return f"Device::{ctor}(DeviceIndex::Default)", ""
        if member == "new" and len(args) == 1:
            return f"Device::{ctor}({args[0]})", ""
        return None
    if ty == "DispatchDevice" and member == "autodiff" and len(args) == 1:
        return f"{args[0]}.autodiff()", ""  # the 0.21 `dispatch` feature's device is 0.22's Device
    if ty == "DispatchDevice" and member == "default" and not args:
        return "Device::default()", ""   # 0.22.1's `Device::default()` is `DispatchDevice::default()`
    if ty == "DispatchDevice" and len(args) == 1 and DEFAULT_VALUE.fullmatch(args[0].replace(" ", "")):
        made = api.DEFAULT_DEVICE.get(member)   # `DispatchDevice::Cuda(Default::default())`
        return (made[0], "") if made is not None else None
    if ty == "FlexDevice" and member in ("", "default"):
        return "Device::flex()", ""
    if ty == "CpuDevice" and member in ("", "default"):
        return f"Device::{cpu}", ("Flex replaces the CubeCL CPU backend (no fusion, no autotune; pitfall 2)"
                                  if ctx.crate.cpu_to_flex else "")
    if ty == "NdArrayDevice" and member in ("Cpu", "default"):
        return "Device::ndarray()", ""
    if ty == "LibTorchDevice":
        table = {"Cpu": "libtorch()", "Mps": "libtorch_mps()", "Vulkan": "libtorch_vulkan()", "default": "libtorch()"}
        if member in table:
            return f"Device::{table[member]}", ""
        if member == "Cuda" and len(args) == 1:
            return f"Device::libtorch_cuda({args[0]})", ""
    return None


@dataclass(frozen=True)
class SlotBackend:
    base: str            # the concrete backend the turbofish chose (`Metal`)
    autodiff: bool
    checkpointing: bool  # `Autodiff<B, BalancedCheckpointing>`

    @property
    def suffix(self) -> str:
        return (".autodiff().gradient_checkpointing()" if self.checkpointing else ".autodiff()") if self.autodiff else ""


def passed_as(use: Node) -> Node:
    """The expression a local's use is passed as: up through `&device`, `device.clone()`,
    `&device.clone()`."""
    arg = use
    while arg.parent is not None and (arg.parent.type in ("reference_expression", "field_expression") or (
            arg.parent.type == "call_expression" and arg.parent.child_by_field_name("function") == arg)):
        arg = arg.parent
    return arg


def arg_of(value: Node) -> Node:
    """`value` or the `&value` it stands in."""
    p = value.parent
    return p if p is not None and p.type == "reference_expression" else value


def call_slot(ctx: FileContext, arg: Node) -> SlotBackend | None:
    """The backend chosen by the turbofish of the project fn `arg` is passed to, when `arg` is in
    that fn's device parameter and its type arguments choose one concrete backend with no element
    types of their own (`Wgpu<f16, i32>`: the device must be configured, a person's call)."""
    holder = arg.parent
    call = holder.parent if holder is not None and holder.type == "arguments" else None
    if call is None or call.type != "call_expression":
        return None
    gf = call.child_by_field_name("function")
    if gf is None or gf.type != "generic_function":
        return None
    fn, ta = gf.child_by_field_name("function"), gf.child_by_field_name("type_arguments")
    if fn is None or ta is None or fn.type == "field_expression":
        return None   # a method: its receiver's type is not resolved here
    own = callee(ctx, fn)
    if own is None and head_name(fn) not in ctx.index.user_fns:
        return None   # another crate's fn: nothing says which parameter is the device
    slots = own.devices if own is not None else ctx.index.device_params.get(head_name(fn), set())
    args = named_args(required_child(call, "arguments"))
    if not any(i < len(args) and args[i].id == arg.id for i in slots):
        return None
    scope = ctx.scope.in_scope(gf)
    d = decide(ctx, fn, named_args(ta), scope, is_fn=True)
    chosen = d.chosen or []
    if not chosen or len(chosen) != len(d.doomed) or any(elem_note(ctx, text(a), with_checkpointing=False) for a in chosen):
        return None
    pairs = {(backend_base(ctx, a), ctx.scope.is_autodiff_type(a, scope), checkpointing(ctx, text(a))) for a in chosen}
    if len(pairs) != 1:
        return None
    base, autodiff, ckpt = next(iter(pairs))
    base = device_backend(ctx, base)
    return SlotBackend(base, autodiff, ckpt) if base in api.DEFAULT_DEVICE else None


def _let_slot(ctx: FileContext, value: Node) -> SlotBackend | None:
    """`let device = WgpuDevice::default();` (untyped) whose every passing to a fn turbofish's
    device parameter chooses one backend: that backend, made plain (backend-turbofish makes the
    argument autodiff where it is passed)."""
    let = value.parent
    if let is None or let.type != "let_declaration" or let.child_by_field_name("value") != value \
            or let.child_by_field_name("type") is not None:
        return None
    pat, fn = let.child_by_field_name("pattern"), enclosing(let, ("function_item",))
    if pat is None or pat.type != "identifier" or fn is None:
        return None
    found: set[str] = set()
    for use in binding_uses(fn, let, text(pat)):
        slot = call_slot(ctx, passed_as(use))
        if slot is not None:
            found.add(slot.base)
    return SlotBackend(found.pop(), False, False) if len(found) == 1 else None


def for_backend(new: str, ty: str | None, slot: SlotBackend) -> str | None:
    """`new` (a device value's 0.22.1 constructor; `ty` its 0.21 device type, None for
    `Default::default()`) as the device of the backend `slot` chose, or None when that type was no
    device of it."""
    if ty is None:
        return api.DEFAULT_DEVICE[slot.base][0] + slot.suffix
    if slot.base not in api.DEVICE_TYPE_BACKENDS.get(ty, ()) or not new.startswith("Device::"):
        return None
    head = api.DEFAULT_DEVICE[slot.base][0].split("(")[0] + "("
    if new.startswith(_WGPU_HEAD) and head != _WGPU_HEAD:
        new = head + new[len(_WGPU_HEAD):]   # `Device::metal(DeviceKind::DefaultDevice)`
    return new + slot.suffix


def slot_text(ctx: FileContext, value: Node, ty: str, new: str) -> str:
    """What backend-device-value writes for the device value `value` of 0.21 type `ty` (its own
    rewrite `new`): the chosen backend's device where a fn turbofish chose it."""
    slot = call_slot(ctx, arg_of(value)) or _let_slot(ctx, value)
    got = for_backend(new, ty, slot) if slot is not None else None
    return got if got is not None else new


def device_names(new: str) -> set[str]:
    """The burn names a device constructor needs in scope (`Device`, `DeviceKind`, `DeviceIndex`)."""
    return ({"Device"} if "Device" in new.split("(")[0] else set()) | {
        n for n in ("DeviceKind", "DeviceIndex") if f"{n}::" in new}


def inline_device(ctx: FileContext, call: Node) -> tuple[Node, str] | None:
    """(the value, its new text) that writes the device a fn turbofish call passes in its device
    parameter as the chosen backend's, when it is made in the argument: `Default::default()` or
    one of the backend's own device values (as backend-device-value rewrites it). None otherwise."""
    for arg in named_args(required_child(call, "arguments")):
        slot = call_slot(ctx, arg)
        if slot is None:
            continue
        value = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
        if value is None:
            return None
        written = text(value).replace(" ", "")
        if DEFAULT_VALUE.fullmatch(written):
            ty, new = None, ""
        else:
            ty, new = own_device_value(ctx, value)
            if ty is None:
                return None
        got = for_backend(new, ty, slot)
        return (value, got) if got is not None else None
    return None


def own_device_value(ctx: FileContext, value: Node) -> tuple[str | None, str]:
    """(0.21 device type, backend-device-value's rewrite) for `CudaDevice::default()`,
    `WgpuDevice::DefaultDevice`, `LibTorchDevice::Cuda(0)`, `FlexDevice`; (None, '') otherwise or
    where that rewrite is review (the CPU backend replaced by Flex)."""
    if value.type == "identifier" or (value.type == "scoped_identifier"
                                      and last_segment(value) in ("FlexDevice", "CpuDevice")):
        ty, member, args = last_segment(value), "", []   # (a unit value, by its path too)
    elif value.type in ("call_expression", "scoped_identifier"):
        head = value.child_by_field_name("function") if value.type == "call_expression" else value
        if head is None or head.type != "scoped_identifier":
            return None, ""
        path = head.child_by_field_name("path")
        ty = last_segment(path) if path is not None else ""
        member = text(head.child_by_field_name("name"))
        args = [text(a) for a in named_args(required_child(value, "arguments"))] if value.type == "call_expression" else []
        value = path if path is not None else value
    else:
        return None, ""
    if ty not in api.DEVICE_TYPE_BACKENDS or ty in ctx.index.defined_types or not burns(ctx, value):
        return None, ""
    got = device_constructor(ctx, ty, member, args)
    if got is None or got[1]:
        return None, ""
    return ty, got[0]


def defaults_typed_by(ctx: FileContext, t: Node) -> list[Node]:
    """The `Default::default()` values 0.21 typed by the device type `t` through inference: the
    fn's return value when `t` is its return type (`fn cpu() -> NdArrayDevice { Default::default() }`),
    and, when `t` types a parameter of a fn of this file, what its callers pass there: made in the
    argument or an untyped `let device = Default::default();` of theirs. With `Device` in `t`'s
    place they would pick a backend by priority at run time (pitfall 5): they become `t`'s
    constructor instead."""
    node = t
    while node.parent is not None and node.parent.type == "reference_type":
        node = node.parent
    holder = node.parent
    out: list[Node] = []
    if holder is not None and holder.type == "function_item" and holder.child_by_field_name("return_type") == node:
        body = holder.child_by_field_name("body")
        tail = body.named_children[-1] if body is not None and body.named_children else None
        values = [tail] if tail is not None and tail.type != "expression_statement" else []
        values += returned_values(holder)
        return [v for v in values if DEFAULT_VALUE.fullmatch(text(v).replace(" ", ""))]
    if holder is None or holder.type != "parameter" or holder.child_by_field_name("type") != node:
        return []
    params = holder.parent
    fn = params.parent if params is not None else None
    if params is None or fn is None or fn.type != "function_item" \
            or any(p.type == "self_parameter" for p in named_args(params)):
        return []
    at = named_args(params).index(holder)
    for call in ctx.nodes("call_expression"):
        args = named_args(required_child(call, "arguments"))
        if at < len(args) and called_item(ctx, call) == fn and (value := default_passed(call, args[at])) is not None:
            out.append(value)
    return out


def default_passed(call: Node, arg: Node) -> Node | None:
    """The `Default::default()` a call's argument `arg` (or `&arg`) is: made there, or the value of
    the untyped `let device = Default::default();` it names (typed by this call); None otherwise."""
    arg = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
    if arg is None or DEFAULT_VALUE.fullmatch(text(arg).replace(" ", "")):
        return arg
    caller = enclosing(call, ("function_item",))
    let = local_binding(caller, text(arg), arg) if caller is not None and arg.type == "identifier" else None
    value = let.child_by_field_name("value") if let is not None and let.type == "let_declaration" \
        and let.child_by_field_name("type") is None else None
    return value if value is not None and DEFAULT_VALUE.fullmatch(text(value).replace(" ", "")) else None


def burn_device_type(ctx: FileContext, node: Node | None) -> str:
    """The 0.21 device type a path names (`WgpuDevice`, `burn::backend::wgpu::WgpuDevice`), when the
    name is burn's: not a project type, nor cubecl's own `WgpuDevice` / `CudaDevice`; '' otherwise."""
    name = last_segment(node) if node is not None else ""
    return name if name in api.BACKEND_DEVICE_TYPES and name not in ctx.index.defined_types \
        and node is not None and burns(ctx, node) else ""


def param_device_backend(ctx: FileContext, ty: Node) -> str:
    """The one backend a parameter's 0.21 device type was the device of (`NdArrayDevice` →
    `NdArray`; `WgpuDevice` → `Wgpu`, whose device `Device::wgpu(..)` is), when the name is burn's;
    '' otherwise."""
    name = burn_device_type(ctx, ty)
    if name not in api.DEVICE_TYPE_BACKENDS:
        return ""
    if name == "WgpuDevice":
        return "Wgpu"
    backends = api.DEVICE_TYPE_BACKENDS[name]
    base = next(iter(backends)) if len(backends) == 1 else ""
    return device_backend(ctx, base)


def backend_of_default(ctx: FileContext, value: Node) -> Node | None:
    """`Device::<X>::default()`, `<X as Backend>::Device::default()`, `X::Device::default()` with X
    one concrete backend (or the project's alias of one, never a parameter): X, whose default
    device 0.21's value was (`Device<B>` was `B::Device`). None for anything else."""
    f = value.child_by_field_name("function") if value.type == "call_expression" else None
    if f is None or f.type != "scoped_identifier" or text(f.child_by_field_name("name")) != "default" \
            or named_args(required_child(value, "arguments")):
        return None
    path = f.child_by_field_name("path")
    backend: Node | None = None
    if path is not None and path.type in ("generic_type", "generic_type_with_turbofish"):
        head = path.child_by_field_name("type")
        ta = path.child_by_field_name("type_arguments")
        args = named_args(ta) if ta is not None else []
        if head is not None and last_segment(head) == "Device" and "Device" not in ctx.index.defined_types \
                and burns(ctx, head) and len(args) == 1:
            backend = args[0]
    elif path is not None and path.type == "scoped_identifier" and text(path.child_by_field_name("name")) == "Device":
        inner = path.child_by_field_name("path")
        qualified = inner.named_children[0] if inner is not None and inner.type == "bracketed_type" \
            and inner.named_children else None
        if qualified is not None and qualified.type == "qualified_type" \
                and last_segment(qualified.child_by_field_name("alias")) in ctx.scope.backend_traits:
            backend = qualified.child_by_field_name("type")
        elif inner is not None and inner.type == "identifier":
            backend = inner
    return backend


def own_definition(ctx: FileContext, backend: Node) -> Node:
    """An alias of this file as rustc resolves it at `backend` (the `type InferBackend = ..;` of
    the use's own module, which a `#[cfg]` may define once per module): the type it names, so a
    name defined per build is read in the build of its use. Otherwise `backend` itself."""
    for _ in range(4):
        if backend.type not in ("type_identifier", "identifier"):
            break
        found = resolve(backend, text(backend), ctx.use_declarations())
        target = found.node.child_by_field_name("type") if found.kind == "item" and found.node is not None \
            and found.node.type == "type_item" and found.node.child_by_field_name("type_parameters") is None \
            and defined_once(found.node) else None
        if target is None:
            break
        backend = target
    return backend


def chosen_backend(ctx: FileContext, a: Node, scope) -> tuple[str, bool]:
    """(the concrete backend, autodiff?) a dropped argument chose, its alias read at its own
    definition (`own_definition`)."""
    own = own_definition(ctx, a)
    if own.id != a.id:
        scope = ctx.scope.in_scope(own)
    return device_backend(ctx, backend_base(ctx, own)), ctx.scope.is_autodiff_type(own, scope)


def dispatch_variant(node: Node) -> str:
    """The variant (`LibTorch`) when `node` is the one argument of a `DispatchDevice::Variant(..)`
    (0.21's `dispatch` feature, still burn-dispatch's enum in 0.22.1), which holds that backend's
    own device type, not `Device`; '' otherwise."""
    args = node.parent
    call = args.parent if args is not None and args.type == "arguments" and len(named_args(args)) == 1 else None
    f = call.child_by_field_name("function") if call is not None and call.type == "call_expression" else None
    if f is None or f.type != "scoped_identifier":
        return ""
    path = f.child_by_field_name("path")
    return text(f.child_by_field_name("name")) if path is not None and last_segment(path) == "DispatchDevice" else ""


def device_type_identifiers(ctx: FileContext, names) -> list[Node]:
    """Every type identifier of the file that is one of `names` (0.21's device types), in order."""
    found = []
    for name in sorted(names):  # a set: sorted, so output order never depends on hashing
        start = 0
        while (i := ctx.src.find(name.encode(), start)) >= 0:
            start = i + len(name)
            n = ctx.root.named_descendant_for_byte_range(i, start)
            if n is not None and n.type == "type_identifier" and text(n) == name:
                found.append(n)
    return sorted(found, key=lambda n: n.start_byte)
