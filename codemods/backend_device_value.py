"""backend-device-value — 0.21 backend device values become `Device` constructors (R12).

What it does:
    Rewrites device values of 0.21 backend device types to burn 0.22's `Device` constructors:
    `WgpuDevice::default()` / `WgpuDevice::DefaultDevice` / `WgpuDevice::BestAvailable` →
    `Device::wgpu(DeviceKind::DefaultDevice)`, `WgpuDevice::DiscreteGpu(i)` →
    `Device::wgpu(DeviceKind::DiscreteGpu(i))` (likewise `IntegratedGpu`, `VirtualGpu`, `Cpu`, `Existing`),
    `CudaDevice::default()` → `Device::cuda(DeviceIndex::Default)`, `CudaDevice::new(i)` / `CudaDevice { index: i }`
    → `Device::cuda(i)` (likewise Rocm), `FlexDevice` → `Device::flex()`, `CpuDevice` → `Device::cpu()`
    (`Device::flex()` when the `cpu` feature is being replaced, pitfall 2), `NdArrayDevice::Cpu` →
    `Device::ndarray()`, `LibTorchDevice::Cpu` / `Cuda(i)` / `Mps` / `Vulkan` → `Device::libtorch()` /
    `libtorch_cuda(i)` / `libtorch_mps()` / `libtorch_vulkan()`, and the 0.21 `dispatch` feature's
    `DispatchDevice::autodiff(d)` → `d.autodiff()`. The device types themselves, in type position (`DispatchDevice`
    included), become `Device`. `DeviceKind` / `DeviceIndex` / `Device` are imported where the module does not bind
    them. A name is burn's only where it resolves to a burn crate the way rustc resolves it: cubecl's own
    `WgpuDevice` / `CudaDevice` (`use cubecl::wgpu::WgpuDevice;`, `cubecl::wgpu::WgpuDevice::default()`), which
    cubecl's runtimes take, are left as they are. Where a fn turbofish chose the backend the value is passed to
    (`train::<Autodiff<Metal>>(config, WgpuDevice::default())`, also through an untyped `let`), the value becomes
    that backend's device: `Device::metal(DeviceKind::DefaultDevice)` (`WgpuDevice` was Metal's, Vulkan's and
    WebGpu's device too), `.autodiff()` where it is the argument of an autodiff backend (_device_values.py). A
    backend's own value whose every use is that backend made autodiff (`type TestBackend = Autodiff<Flex>; let
    device = FlexDevice;`) becomes `Device::flex().autodiff()`. A
    `Default::default()` that 0.21 typed through a device type (a fn's `-> NdArrayDevice`, the `&NdArrayDevice`
    parameter of a fn its callers pass it to, in this file or through another module's path (fn_sigs.py), or a
    project alias of the type: `type TestDevice = FlexDevice; fn device() -> TestDevice { Default::default() }`; an
    alias `<NdArray<f32> as BackendTypes>::Device` names `NdArrayDevice`) becomes that type's constructor, not
    `Device::default()`; through a backend alias or `Autodiff<..>` (`type Device = <DefaultAutodiffBackend as
    BackendTypes>::Device;`, codemods/_device_aliases.py) it is that backend's constructor, `.autodiff()` where the
    backend was. An alias defined once per `#[cfg]` leaves what code built with either definition types, with a
    finding at each value; so does a device field of a struct deriving `Default`. A value handed to CubeCL's setup
    or runtime calls (`init_setup::<G>(&device, ..)`, `WgpuRuntime::client(&device)`), or to an item kept generic
    (`Normalize::<B>::new(.., &d)`, which takes `B::Device`), keeps its type, with a finding; so does a device alias
    one of whose values goes there.

Why:
    0.22 chooses the backend by the device value — pitfall 1. Its backend device types survive
    only behind the `extension` feature (burn-core 0.22.1 `pub mod backend` is
    `#[cfg(feature = "extension")]`; burn-dispatch re-exports `FlexDevice`, `WgpuDevice`, ... with
    `Into<Device>`): without it `burn::backend::wgpu::WgpuDevice` fails with E0432 / E0433, so the
    tool writes the `Device` constructors, right with or without `extension`. Each constructor
    needs its backend's Cargo feature (burn-backend-feature adds it, pitfall 3).

Example:
    before: let device = burn::backend::wgpu::WgpuDevice::default();
    after:  let device = Device::wgpu(DeviceKind::DefaultDevice);

Fix safety:
    safe for the one-to-one mappings, NdArray and LibTorch included (0.22.1 keeps both, deprecated:
    the manifest's `ndarray` / `tch` feature carries that finding once per crate, from
    burn-feature-rename or burn-backend-feature); review for `CpuDevice` replaced by Flex (no
    fusion, no autotune).

Reproduction check:
    E0432 / E0433 (unresolved `burn::backend::wgpu`) at the device value under burn 0.22.1;
    none after, and E0599 at the constructor until its backend feature is on.
"""
from __future__ import annotations

import re
from functools import partial

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import BurnImports, FileContext, item_cfg
from burnmigrate.rust.edits import replace
from burnmigrate.rust.imports import use_leaves
from burnmigrate.rust.syntax import ancestors, enclosing, last_segment, named_args, required_child, text

from . import _device_aliases as aliases
from ._autodiff import MIXED_AUTODIFF, autodiff_uses
from ._backend_args import DEFAULT_VALUE
from ._device_origin import autodiff_slot, let_origin
from ._device_reach import autodiff_note
from ._device_values import (
    burn_device_type,
    defaults_typed_by,
    device_constructor,
    device_names,
    device_type_identifiers,
    dispatch_variant,
    slot_text,
)
from ._device_variant import VARIANT_NOTE, alias_uses, type_test, variant_spans
from ._runtime_setup import (
    KEPT_NOTE,
    SETUP_NOTE,
    alias_value_kept,
    cubecl_default,
    given_a_setup_device,
    kept_receiver,
    left_span,
    passed_to_runtime,
    returns_a_setup_device,
    runtime_aliases,
    runtime_setup,
    setup_shadow,
    typed_by,
)
from ._typed_defaults import defaults_typed_elsewhere, derived_default_holder, derived_default_note

_DEVICE_TYPES = api.BACKEND_DEVICE_TYPES


class BackendDeviceValue(SourceRule):
    id = "backend-device-value"
    name = "Backend device values become Device constructors"
    pitfalls = (1, 3)
    guide = "R12"
    triggers = tuple(t.encode() for t in _DEVICE_TYPES)
    check = Check("E0432 / E0433 (no `burn::backend::wgpu`) at the device value under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0432|E0433'", ("E0432", "E0433"),
                  matches=(ErrorMatch('E0433', r'`\w+Device`|`(?:wgpu|cuda|rocm|vulkan|metal|ndarray|libtorch|tch|cpu)`', r'Device\s*(?:::|\{|\()'),))

    def applies(self, ctx: FileContext) -> bool:
        # (a file that only names the crate's device alias, `use crate::Dev;`, has no trigger word)
        return super().applies(ctx) or (bool(ctx.index.device_aliases) and ctx.mentions_any(ctx.index.device_aliases)) \
            or (b">::Device" in ctx.src and b"type " in ctx.src) or (b"default()" in ctx.src and any(
                ctx.mentions_any(f) for f in ctx.index.module_fn_devices.values()))   # (`train(&device)`, fn_sigs.py)

    def run(self, ctx: FileContext) -> list[Change]:
        device_type = partial(burn_device_type, ctx)   # (the 0.21 device type a path names, when it is burn's)
        out: list[Change] = []
        imports = BurnImports(ctx)
        done: list[tuple[int, int]] = []
        for pattern, ty, typed in variant_spans(ctx, device_type):   # a match on its variants: left, with a finding
            done += [(n.start_byte, n.end_byte) for n in (pattern, typed) if n is not None]
            out.append(self.finding(pattern, f"`{ctx.file_text(pattern)}` matches the 0.21 device type `{ty}`'s variants: "
                                             "left as it is", VARIANT_NOTE))

        def inside(n: Node) -> bool:
            return any(s <= n.start_byte and n.end_byte <= e for s, e in done)

        def left_per_cfg(value: Node, what: str) -> None:   # (each build's device differs: nothing single to write)
            done.append((value.start_byte, value.end_byte))
            out.append(self.finding(value, f"{what}: left as it is", aliases.PER_CFG_NOTE, pitfalls=(1, 5)))

        def emit(node: Node, new: str, reason: str, ty: str = "") -> None:
            if ty and (alias := typed_by(node, runtime_aliases(ctx, device_type))):   # (its type keeps cubecl's)
                done.append((node.start_byte, node.end_byte))
                return out.append(self.finding(node, f"`{ctx.text(node)}` is a `{alias}`, kept for a CubeCL runtime API: "
                                                     "left as it is", SETUP_NOTE))
            variant = dispatch_variant(node)
            if variant:
                # `DispatchDevice::LibTorch(LibTorchDevice::Mps)`: the whole variant is `Device::libtorch_mps()`, or it is left
                if variant in ("Metal", "Vulkan") and new.startswith("Device::wgpu("):
                    new = f"Device::{variant.lower()}(" + new[len("Device::wgpu("):]
                ctor = new.removeprefix("Device::").split("(")[0]
                call = node.parent.parent if node.parent is not None else None
                if call is None or not new.startswith("Device::") or not ctor.startswith(variant.lower()):
                    done.append((node.start_byte, node.end_byte))
                    return
                node = call
            # `WgpuDevice::default().into()` converted a backend device into `Device`: the constructor already is one
            parent = node.parent
            if (parent is not None and parent.type == "field_expression" and text(parent.child_by_field_name("field")) == "into"
                    and parent.parent is not None and parent.parent.type == "call_expression"
                    and not named_args(required_child(parent.parent, "arguments"))):
                node = parent.parent
            done.append((node.start_byte, node.end_byte))
            setup = runtime_setup(node) if ty else ""
            shadow = setup_shadow(node) if setup else None
            kept = cubecl_default(node) if setup else ""
            default = [replace(node, kept)] if kept and kept != ctx.text(node) else []   # (`DefaultDevice`: a struct in 0.11)
            if shadow is not None:   # the runtime's device for the setup, burn's `Device` after it
                at, indent, name = shadow
                code = imports.write(node, f"Device::from({name})", {"Device"})
                out.append(self.change(node, f"`{name}` stays cubecl's `{ty}` for `{setup}`; after it, "
                                             f"`let {name} = {code};` (what `Device::wgpu_options().init()` does)",
                                       [*default, Edit(at, at, f"\n{indent}let {name} = {code};")]))
                return
            if default:
                out.append(self.change(node, f"`{ctx.text(node)}` → `{kept}` (cubecl 0.11's `WgpuDevice` is a struct; "
                                             "its default is this device)", default))
            if setup:   # (the finding runs to the value's last use: each later use as burn's device fails until fixed)
                out.append(self.finding(left_span(node), f"`{ctx.text(node)}` is passed to `{setup}`: left as it is", SETUP_NOTE))
                return
            if ty and not reason and not variant:
                # passed where a fn turbofish chose the backend: that backend's device (`Device::metal(..)`
                # for `WgpuDevice`), autodiff where it was; the drop carries the same edit
                new = slot_text(ctx, node, ty, new)
                let = node.parent
                made = let_origin(ctx, let) if let is not None and let.type == "let_declaration" \
                    and let.child_by_field_name("value") == node else None
                if made is not None and made.pending and made.autodiff and made.value.id == node.id:
                    new = made.ctor   # every use is an autodiff backend's: `Device::flex().autodiff()`, as its drops carry
                elif made is None and autodiff_slot(ctx, node, ty) and not new.endswith(".autodiff()"):
                    new += ".autodiff()"   # `Tensor::<Autodiff<Flex>, 1>::ones(.., &FlexDevice)`: made in the argument
            fn = next((a for a in ancestors(node) if a.type == "function_item"), None)
            sig = ctx.src[fn.start_byte:(fn.child_by_field_name("body") or fn).start_byte] if fn is not None else b""
            impl = next((a for a in ancestors(node) if a.type == "impl_item"), None)
            if b"Self::Device" in sig or (impl is not None and re.search(rb"\btype\s+Device\s*=", impl.text or b"")):
                # the signature still speaks of a backend's own device type: a `Device` value there is E0308
                out.append(self.finding(node, f"`{ctx.text(node)}` is returned as a backend's `Device` type: left as it is",
                    "this impl (a backend's own, or one naming `Self::Device`) still speaks of the 0.21 device type; "
                    f"`{new}` is a 0.22 `Device`, a different type (E0308). Migrate the impl as a whole (R19)."))
                done.append((node.start_byte, node.end_byte))
                return
            if ty and (kept_by := kept_receiver(ctx, node)):   # (`Normalize::<B>::new(.., &device)`, kept generic)
                out.append(self.finding(left_span(node), f"`{ctx.text(node)}` is passed to `{kept_by}`, kept generic: "
                                                         "left as it is", KEPT_NOTE))
                return
            if "(" in new and any(a.type in ("const_item", "static_item") for a in ancestors(node)):
                # `Device` constructors are not `const fn` (E0015): nothing to write here
                out.append(self.finding(node, f"`{ctx.text(node)}` in a `const` / `static`: its 0.22 form `{new}` is not const",
                    "`Device` constructors are not `const fn` in burn 0.22.1 (E0015 in a const or static "
                    "initializer): build the device at run time (a fn returning it, or a `std::sync::LazyLock<Device>`)."))
                return
            # (in a `#[cfg]` arm with no block, the names are written with their path)
            new, reason = imports.write(node, new, device_names(new)), reason or autodiff_note(ctx, node, new)
            out.append(self.change(node, f"`{ctx.text(node)}` → `{new}`", [replace(node, new)],
                                   safety=Safety.REVIEW if reason else None, reason=reason))

        # `type InferenceDevice = FlexDevice;` becomes `Device`: its values name the backend it did (not a pick by
        # priority). One defined per `#[cfg]` (`#[cfg(feature = "cuda")] type Device = CudaDevice;`) is read in the
        # build of its use: the definition under the same `#[cfg]`, or none (nothing says which backend it is)
        defs: dict[str, list[tuple[str, str]]] = {}
        vias: dict[str, list[tuple[str, tuple[str, bool]]]] = {}   # (`<DefaultAutodiffBackend as ..>::Device`: its X)
        read: dict[int, tuple[str, tuple[str, bool]]] = {}   # type item → (its device type, the X it is read through)
        for item in ctx.nodes("type_item"):
            if item.child_by_field_name("type_parameters") is None:
                t, name = item.child_by_field_name("type"), text(item.child_by_field_name("name"))
                read[item.id] = aliases.alias_target(ctx, t, device_type), aliases.through(ctx, t)
                defs.setdefault(name, []).append((item_cfg(item), read[item.id][0]))
                vias.setdefault(name, []).append((item_cfg(item), read[item.id][1]))

        kept = runtime_aliases(ctx, device_type)

        def alias_at(name: str, at: Node) -> str:   # the alias at a use, read in that use's build
            found = [t for c, t in defs.get(name, []) if len(defs[name]) == 1 or c == item_cfg(at)]
            return found[0] if len(found) == 1 and name not in kept else ""

        for item in ctx.nodes("type_item"):
            if item.id in read:
                target, via = read[item.id]
                alias = text(item.child_by_field_name("name"))
                if target:
                    if any(c.type == "visibility_modifier" for c in item.children) and alias not in kept:
                        got = device_constructor(ctx, target, "default", [])
                        got = aliases.as_the_alias_made_it(ctx, via, got) if got else None
                        named = f"the device of `{via[0]}`" if via[0] else f"= `{target}`"
                        where = aliases.per_cfg_where(alias, len(defs.get(alias, [])) > 1)
                        out.append(self.finding(item, f"`{alias}` ({named}) becomes `Device`: its `::default()` elsewhere picks a backend",
                            f"the crate's `{alias}::default()` calls are rewritten to `{got[0] if got else 'the constructor'}` "
                            f"{where}; "
                            f"where other crates call `{alias}::default()` it now picks a backend by priority at run "
                            f"time (pitfall 5): write `{got[0] if got else 'the constructor'}` there.", pitfalls=(1, 5)))
        # calls: `WgpuDevice::default()`, `WgpuDevice::DiscreteGpu(0)`, `CudaDevice::new(0)`
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "scoped_identifier" or inside(call):
                continue
            path = fn.child_by_field_name("path")
            own = device_type(path)
            ty = own or (alias_at(text(path), call) if path is not None else None) or aliases.imported_alias(ctx, path)
            if not ty and path is not None and len({t for _, t in defs.get(text(path), [])} - {""}) > 1 \
                    and text(fn.child_by_field_name("name")) == "default":
                left_per_cfg(call, f"`{ctx.text(call)}`: `{text(path)}` is defined per `#[cfg]`")
            if not ty:
                continue
            args = [ctx.text(a) for a in named_args(required_child(call, "arguments"))]
            member = text(fn.child_by_field_name("name"))
            got = device_constructor(ctx, ty, member, args)
            if got is not None and not own and path is not None:   # an alias's value: autodiff where its backend was
                name = last_segment(path)
                local = [v for c, v in vias.get(name, []) if len(vias[name]) == 1 or c == item_cfg(call)]
                got = aliases.as_the_alias_made_it(ctx, (local[0] if len(local) == 1 else ("", False)) if path.type == "identifier"
                                           and name in defs else ctx.index.device_alias_backends.get(name, ("", False)), got)
            if got is not None:
                emit(call, *got, ty=ty)
        # struct expressions: `CudaDevice { index: 0 }`
        for s in ctx.nodes("struct_expression"):
            ty = device_type(s.child_by_field_name("name"))
            if not ty or inside(s):
                continue
            fields = named_args(required_child(s, "body"))
            if ty in ("CudaDevice", "RocmDevice") and len(fields) == 1:
                f = fields[0]
                value = None
                if f.type == "field_initializer" and text(f.child_by_field_name("field")) == "index":
                    value = ctx.text(f.child_by_field_name("value"))
                elif f.type == "shorthand_field_initializer" and text(f) == "index":
                    value = "index"
                if value is not None:
                    ctor = "cuda" if ty == "CudaDevice" else "rocm"
                    emit(s, f"Device::{ctor}({value})", "")
        # bare values: `WgpuDevice::DefaultDevice`, `NdArrayDevice::Cpu`, `FlexDevice`
        for node in ctx.nodes("scoped_identifier"):
            if inside(node) or (node.parent is not None and node.parent.type in ("call_expression", "scoped_identifier",
                                                                                "use_declaration", "scoped_use_list")):
                continue
            if any(a.type == "use_declaration" for a in ancestors(node)):
                continue
            path = node.child_by_field_name("path")
            ty = device_type(path) or (alias_at(text(path), node) if path is not None else None)
            if ty:
                got = device_constructor(ctx, ty, text(node.child_by_field_name("name")), [])
                if got is not None:
                    emit(node, *got, ty=ty)
        for n, name in aliases.unit_values(ctx, inside):   # `FlexDevice`, `burn::backend::flex::FlexDevice`: the unit value
            got = device_constructor(ctx, name, "", [])
            if got is not None:
                emit(n, *got, ty=name)

        def typed_defaults(t: Node, ty: str, made: tuple[str, str] | None, alias_only: bool = False) -> None:
            ctor, why = made if made is not None else ("", "")
            for spot in ([] if alias_only else [t]) + alias_uses(ctx, t) if made is not None else []:
                # (`type TestDevice = FlexDevice;`: its uses type as it did) `fn cpu() -> NdArrayDevice { Default::default() }`,
                # `helper(&device)` (`device: &NdArrayDevice`) with `let device = Default::default();`: typed by `spot`;
                # as `Device` they would pick a backend at run time
                for value in defaults_typed_by(ctx, spot):
                    if not inside(value):
                        emit(value, ctor, why, ty=ty)
                # `let device: FlexDevice = Default::default();`: the type chose the backend, so it becomes that
                # constructor (autodiff where its calls are; as `Device` it would be picked at run time)
                let = spot.parent
                value = let.child_by_field_name("value") if let is not None and let.type == "let_declaration" \
                    and let.child_by_field_name("type") == spot else None
                if value is not None and not inside(value) and DEFAULT_VALUE.fullmatch(ctx.text(value).replace(" ", "")):
                    ad = {True} if ctor.endswith(".autodiff()") else autodiff_uses(ctx, let) if let is not None else set()
                    emit(value, ctor + ".autodiff()" * (ad == {True} and not ctor.endswith(".autodiff()")),
                         why or MIXED_AUTODIFF * (ad == {True, False}))

        # types: `device: WgpuDevice` → `device: Device`
        tested: set[str] = set()
        for t in ctx.nodes("scoped_type_identifier") + [n for n in device_type_identifiers(ctx, _DEVICE_TYPES)]:
            if inside(t) or any(a.type == "use_declaration" for a in ancestors(t)):
                continue
            if t.parent is not None and t.parent.type in ("scoped_type_identifier", "struct_expression", "struct_pattern"):
                continue  # a path segment, or a struct literal this rule could not convert
            if any(a.type in ("const_item", "static_item") for a in ancestors(t)):
                continue  # its value cannot become a constructor (not const): the finding says so
            ty = device_type(t)
            if ty and type_test(t):
                tested.add(ctx.text(t).rsplit("::", 1)[-1])
                out.append(self.finding(t, f"`{ctx.text(type_test(t))}` tests for the 0.21 device type `{ty}`: "
                                           "left as it is (with `Device` it would always hold)",
                    "0.22.1 has one `Device` type for every backend: compare with a constructor "
                    "(`device == &Device::ndarray()`; equality ignores autodiff) or match `device.as_dispatch()` "
                    "(the `extension` feature)"))
                continue
            alias = t.parent.child_by_field_name("name") if t.parent is not None and t.parent.type == "type_item" else None
            runtime = (kept.get(text(alias), "") if alias is not None else "") or (passed_to_runtime(t) if ty else "")
            given = given_a_setup_device(t) if ty and not runtime else ""   # (a caller keeps its device for the setup)
            runtime = runtime or given
            setup = returns_a_setup_device(t) if ty and not runtime else ""
            if runtime or setup:
                done.append((t.start_byte, t.end_byte))
                holder = enclosing(t, ("function_item",)) if given else None
                # (a parameter given cubecl's device: the fn's uses of it as burn's device fail with it)
                out.append(self.finding((t.start_byte, holder.end_byte) if holder is not None else t,
                                        f"`{ctx.text(t)}` is " + (f"given a device kept for `{given}`" if given else
                                           f"passed to `{runtime or setup}`") + ": left as it is",
                    "a CubeCL runtime API takes the runtime's own device type (cubecl's `WgpuDevice`, "
                    "`CudaDevice`), not burn 0.22.1's `Device` (E0308); the parameter, field or `let` keeps its type, and "
                    "callers that now hold a `Device` convert it by hand (R19); where its value goes on to burn, "
                    "that place takes `Device::from(value.clone())` (burn-tensor 0.22.1 `device.rs`)." if runtime else SETUP_NOTE))
                continue
            if ty and (kept_by := alias_value_kept(ctx, t)):
                out.append(self.finding(t, f"`{ctx.text(t)}`: a value of this alias is passed to `{kept_by}`, kept "
                                           "generic: left as it is", KEPT_NOTE))
            elif ty:
                emit(t, "Device", "")
                typed_defaults(t, ty, made := device_constructor(ctx, ty, "default", []))
                if (holder := derived_default_holder(t)) and made is not None:   # (its derived value: `Device::default()`)
                    out.append(self.finding(t, *derived_default_note(holder, ty, made[0]), pitfalls=(1, 5)))
                for value, alias in aliases.per_cfg_defaults(ctx, t):   # (one definition per `#[cfg]`: each build's device)
                    if not inside(value):
                        left_per_cfg(value, f"`{ctx.text(value)}` is typed by `{alias}`, defined per `#[cfg]`")
        for value, ty in defaults_typed_elsewhere(ctx):   # (typed by a fn of another module: `train(&device)`)
            if not inside(value) and (made := device_constructor(ctx, ty, "default", [])) is not None:
                emit(value, *made, ty=ty)
        for item in ctx.nodes("type_item") if defs else []:   # `type Dev = <Autodiff<Flex> as BackendTypes>::Device;`
            t = item.child_by_field_name("type")   # (backend-device-type rewrites the type; its typed values are ours)
            target, via = read[item.id] if item.id in read and t is not None and t.type == "scoped_type_identifier" \
                and not device_type(t) else ("", ("", False))
            made = device_constructor(ctx, target, "default", []) if target else None
            if t is not None and made is not None:
                typed_defaults(t, target, aliases.as_the_alias_made_it(ctx, via, made), alias_only=True)
            for value, backend in aliases.per_cfg_backend_values(ctx, t) if t is not None and made is None else []:
                if not inside(value):   # (`<B as BackendTypes>::Device`, `B` defined per `#[cfg]`: each build's device)
                    left_per_cfg(value, f"`{ctx.text(value)}` is a device of `{backend}`, defined per `#[cfg]`")
        for leaf in use_leaves(ctx.root, ctx.use_declarations()) if tested else []:
            if leaf.bound in tested and leaf.path and leaf.path[0] not in ("crate", "self", "super"):
                out.append(self.finding(leaf.node, f"`{'::'.join(leaf.path)}` is kept for a runtime type test of the "
                                                   "0.21 device type", "it goes with that test's rewrite (see its finding)"))
        out.extend(imports.changes(self))
        return out
