"""What a 0.21 backend type chose besides the backend: element types and gradient checkpointing
(what a review of its erasure says, `elem_note`), and the concrete backend whose device 0.22.1
builds for it (`backend_base`, `device_backend`)."""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import last_segment, named_args

from ._local_aliases import local_alias_target

_DTYPE = {"f16": "FloatDType::F16", "bf16": "FloatDType::BF16", "f64": "FloatDType::F64",
          "i64": "IntDType::I64", "i32": "IntDType::I32", "i16": "IntDType::I16", "i8": "IntDType::I8",
          "u32": "IntDType::U32"}


# a backend type as written: its name and its type arguments (`Autodiff<Wgpu<f16>>`, `MyBackend`)
_BACKEND_TYPE = re.compile(r"\s*(?:[\w:]*::)?(\w+)\s*(?:<(.*)>)?\s*$", re.S)


def _top_args(inner: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in inner:
        depth += ch == "<"
        depth -= ch == ">"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [a for a in out + [cur.strip()] if a]


def file_aliases(ctx: FileContext, name: str) -> list[str]:
    """What every `type NAME = ..;` of this file says, fn-local ones included, as written."""
    return [t.decode().strip() for t in re.findall(rb"\btype\s+" + re.escape(name.encode()) + rb"\s*=\s*([^;]+);", ctx.src)]


def elem_args(ctx: FileContext, written: str, depth: int = 0) -> list[str]:
    """The element type arguments a 0.21 backend type chose, through `Autodiff<..>` and the
    project's aliases (`Autodiff<MyBackend>`, `type MyBackend = Cuda<ElemType, i32>`)."""
    m = _BACKEND_TYPE.match(written)
    if m is None or depth > 8:
        return []
    name, inner = m.group(1), m.group(2) or ""
    if name in api.AUTODIFF_BACKENDS or name == "Fusion":
        args = _top_args(inner)
        return elem_args(ctx, args[0], depth + 1) if args else []
    if name in api.CONCRETE_BACKENDS:
        return api.element_args(name, _top_args(inner))
    # this file's own aliases of the name first, fn-local ones included (`type B = Cuda<bf16>;` in a
    # test): each definition counts, as a `#[cfg]` alternative would (never fewer notes than the index's)
    out = [a for t in ([] if inner else file_aliases(ctx, name)) for a in elem_args(ctx, t, depth + 1)]
    if name in ctx.index.backend_aliases:
        if inner:   # `CpuBackend<f32, i32>`: an alias whose parameters are its backend's element types
            return _top_args(inner)
        out += elem_args(ctx, ctx.index.backend_aliases[name].target, depth + 1)
    return list(dict.fromkeys(out))


def checkpointing(ctx: FileContext, written: str, depth: int = 0) -> bool:
    """Does this 0.21 backend type choose gradient checkpointing (`Autodiff<B, BalancedCheckpointing>`,
    through the project's aliases)?"""
    m = _BACKEND_TYPE.match(written)
    if m is None or depth > 8:
        return False
    name, args = m.group(1), _top_args(m.group(2) or "")
    if name in api.AUTODIFF_BACKENDS:
        return any(a.rsplit("::", 1)[-1] == "BalancedCheckpointing" for a in args[1:])
    local = file_aliases(ctx, name) if name not in api.CONCRETE_BACKENDS else []
    if any(checkpointing(ctx, t, depth + 1) for t in local):
        return True   # (this file's own alias of the name, fn-local ones included)
    if name in ctx.index.backend_aliases:
        return checkpointing(ctx, ctx.index.backend_aliases[name].target, depth + 1)
    return False


def _leaves(ctx: FileContext, written: str, depth: int = 0) -> set[tuple[str, tuple[str, ...]]]:
    """The concrete backends a 0.21 backend type stands on, through `Autodiff<..>` and aliases: each
    as its name and its type arguments' last segments (`("CubeBackend", ("WgpuRuntime", "f32", ..))`)."""
    m = _BACKEND_TYPE.match(written)
    if m is None or depth > 8:
        return set()
    name, args = m.group(1), _top_args(m.group(2) or "")
    if name in api.AUTODIFF_BACKENDS or name == "Fusion":
        return _leaves(ctx, args[0], depth + 1) if args else set()
    if name in api.CONCRETE_BACKENDS:
        return {(name, tuple(a.rsplit("::", 1)[-1].strip() for a in args))}
    targets = file_aliases(ctx, name) + ([ctx.index.backend_aliases[name].target] if name in ctx.index.backend_aliases else [])
    return {b for t in targets for b in _leaves(ctx, t, depth + 1)}


def elem_note(ctx: FileContext, written: str, with_checkpointing: bool = True) -> str:
    """What a review says when the erased backend type also chose non-default element types
    (0.22.1 sets them on the device, `Device::configure`, or every tensor is f32 / i32) or
    gradient checkpointing (`device.autodiff().gradient_checkpointing()`)."""
    ckpt = (" It also chose gradient checkpointing (`BalancedCheckpointing`): 0.22.1 sets it on the "
            "autodiff device, `device.autodiff().gradient_checkpointing()`, or the graph keeps every "
            "activation (more memory).") if with_checkpointing and checkpointing(ctx, written) else ""
    leaves = _leaves(ctx, written)
    # CubeCL's own backend, chosen by name rather than as burn's `Wgpu` / `Cuda` (burn's custom-kernel examples)
    cube = (" It also chose CubeCL's own `CubeBackend` (burn's backend of that runtime without fusion, its device "
            "the runtime's own type): 0.22.1's device constructor runs burn's backend (fused where the `fusion` "
            "feature is on), and code that reaches the runtime (custom kernels, `CubeBackend` primitives, the "
            "runtime's device type) goes through a backend extension (R19).") \
        if any(name == "CubeBackend" for name, _ in leaves) else ""
    ckpt = cube + ckpt
    ints = {api.DEFAULT_INT.get(api.named_backend(n, a), "i32") for n, a in leaves} or {"i32"}
    default_int = ints.pop() if len(ints) == 1 else ""   # (`#[cfg]` alternatives that differ: none is the default)
    odd = []
    for a in elem_args(ctx, written):
        # `type ElemType = f16;` in this file: every definition counts (`#[cfg]` alternatives)
        found = [t for t in file_aliases(ctx, a) if re.fullmatch(r"[\w:]+", t)] if a.isidentifier() else []
        for t in found or [a]:
            t = t.rsplit("::", 1)[-1]   # `burn::tensor::bf16`
            if t not in ("f32", default_int, "bool", "u8") and t not in odd:
                odd.append(t)
    if not odd:
        return ckpt
    calls = [_DTYPE[a] for a in odd if a in _DTYPE]
    how = (f"`device.configure({calls[0]})`" if len(calls) == 1 else
           "`device.configure(DeviceConfig::default().float_dtype(..).int_dtype(..))`")
    return (f" It also chose the element types {', '.join('`' + a + '`' for a in odd)}: a 0.22.1 device "
            f"computes in f32 / {default_int or 'the integer type of its backend'} unless configured, so call {how} "
            "(burn::tensor) before its first tensor (pitfall 8)." + ckpt)


def device_backend(ctx: FileContext, base: str) -> str:
    """The backend whose device 0.22.1 builds for `base`: Flex for the CubeCL CPU backend where the crate's `cpu`
    feature is being replaced (pitfall 2), Wgpu for 0.21's WebGpu (native wgpu: `Device::wgpu(..)`), else `base`."""
    return "Wgpu" if base == "WebGpu" else "Flex" if base == "Cpu" and ctx.crate.cpu_to_flex else base


def backend_base(ctx: FileContext, node: Node, _depth: int = 0) -> str:
    """The concrete 0.21 backend a type names (`Autodiff<Wgpu>` → `Wgpu`, an alias → its base;
    '' when unknown). A fn-local alias is read where it is written, as rustc resolves it: the
    project may have other aliases of that name (`type B = Flex;` in a dozen test modules)."""
    name = last_segment(node)
    if name in api.AUTODIFF_BACKENDS or name == "Fusion":
        ta = node.child_by_field_name("type_arguments") if node.type == "generic_type" else None
        args = named_args(ta) if ta is not None else []
        return backend_base(ctx, args[0], _depth + 1) if args and _depth < 8 else ""
    local = local_alias_target(ctx, node) if _depth < 8 else None
    if local is not None:
        return backend_base(ctx, local, _depth + 1)
    if name in ctx.index.backend_aliases:
        base = ctx.index.backend_aliases[name].base
        return base if base in api.CONCRETE_BACKENDS else ""
    if name not in api.CONCRETE_BACKENDS:
        return ""
    ta = node.child_by_field_name("type_arguments") if node.type == "generic_type" else None
    return api.named_backend(name, [last_segment(a) for a in named_args(ta)] if ta is not None else [])
