"""A project's aliases of a backend's device type, where their values are made.

`type Dev = CudaDevice;` and `type Dev = <NdArray<f32> as BackendTypes>::Device;` become `Device`
(backend-device-type), so `Dev::default()` would pick a backend at run time: it is written as the
constructor of the backend the alias named. The same holds for an alias through a backend alias or
`Autodiff<..>` (`type Device = <DefaultAutodiffBackend as BackendTypes>::Device;`), whose values
0.21 made autodiff by type: they become the constructor with `.autodiff()` (reading 55:
Rayato159/multiscreen-rs's `Device::default()` picked CUDA where one was enabled, and was never
autodiff, so `backward()` panicked). Element types the backend chose make it review (the device
computes in f32 / i32 unless configured)."""
from __future__ import annotations

from collections.abc import Callable, Iterator

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.alias_params import backend_of_device, qualified_device
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.syntax import ancestors, last_segment, named_args, path_segments, required_child, text

from ._backend_choice import elem_note
from ._callees import burns
from ._device_values import burn_device_type, defaults_typed_by, device_constructor, own_device_value
from ._device_variant import alias_uses
from ._runtime_setup import runtime_aliases


def alias_target(ctx: FileContext, node: Node | None, device_type: Callable[[Node | None], str]) -> str:
    """The 0.21 device type an alias's type names: a device type, `<NdArray as Backend>::Device`,
    or `<X as Backend>::Device` through a backend alias or `Autodiff<..>` (the backend is burn's)."""
    named, backend = qualified_device(node)
    if backend is not None:
        return named if last_segment(backend) not in ctx.index.defined_types and burns(ctx, backend) else ""
    via = backend_of_device(text(node), ctx.index.backend_aliases) if node is not None else ("", "", False)
    return api.DEVICE_TYPE_OF.get(via[1], "") if via[0] else device_type(node)


def through(ctx: FileContext, node: Node | None) -> tuple[str, bool]:
    """(X as written, autodiff) of an alias type `<X as Backend>::Device` read through a backend
    alias or `Autodiff<..>`; ('', False) for any other type."""
    via = backend_of_device(text(node), ctx.index.backend_aliases) if node is not None else ("", "", False)
    return (via[0], via[2]) if via[0] else ("", False)


def imported_alias(ctx: FileContext, path: Node | None) -> str:
    """`Dev` imported from the crate (`use crate::Dev;`) or named by its path from the crate
    (`crate::runtime::Dev`), defined once as `pub type Dev = CudaDevice;`: its type."""
    if path is not None and path.type == "scoped_identifier":
        segments = path_segments(path)
        crate = segments[0] in ("crate", "super", "self") and segments[-1] in ctx.index.device_aliases
        return ctx.index.device_aliases[segments[-1]] if crate else ""
    if path is None or path.type != "identifier" or text(path) not in ctx.index.device_aliases:
        return ""
    found = resolve(path, text(path), ctx.use_declarations())
    if found.kind == "import" and found.path[:1] in (("crate",), ("super",), ("self",)) and found.path[-1] == text(path):
        return ctx.index.device_aliases[text(path)]
    return ""


def project_alias_device(ctx: FileContext, path: Node | None) -> str:
    """The 0.21 device type of the crate's alias `path` names (`type Dev = FlexDevice;`, defined once
    in the crate), where `path` is that alias as rustc resolves it: this file's own definition, an
    import from the crate, or its path from the crate. '' for an alias read through a backend alias
    or `Autodiff<..>` (its values take `.autodiff()` from it), one kept for a CubeCL runtime API, or
    anything else."""
    if path is None:
        return ""
    name = last_segment(path)
    target = ctx.index.device_aliases.get(name, "")
    if not target or name in ctx.index.device_alias_backends:
        return ""
    if path.type == "identifier":
        found = resolve(path, name, ctx.use_declarations())
        if found.kind == "item" and found.node is not None and found.node.type == "type_item":
            own = burn_device_type(ctx, found.node.child_by_field_name("type"))
            kept = runtime_aliases(ctx, lambda n: burn_device_type(ctx, n))   # (backend-device-value's reading)
            return target if own == target and own in api.DEVICE_TYPE_BACKENDS and name not in kept else ""
    return target if imported_alias(ctx, path) == target else ""


def own_or_alias_value(ctx: FileContext, value: Node) -> tuple[str | None, str]:
    """`own_device_value`, and the same for a value made through the crate's alias of a backend's
    device type (`Dev::default()`, `Dev::Cpu` of `type Dev = NdArrayDevice;`), which
    backend-device-value rewrites to that backend's constructor as it does the type's own values
    (kaizen-recsys's `let device = Dev::default();` passed to `Tensor::<AB, 1>::from_data`)."""
    ty, new = own_device_value(ctx, value)
    if ty is not None or value.type not in ("call_expression", "scoped_identifier"):
        return ty, new
    head = value.child_by_field_name("function") if value.type == "call_expression" else value
    if head is None or head.type != "scoped_identifier":
        return None, ""
    target = project_alias_device(ctx, head.child_by_field_name("path"))
    if not target:
        return None, ""
    args = [text(a) for a in named_args(required_child(value, "arguments"))] if value.type == "call_expression" else []
    got = device_constructor(ctx, target, text(head.child_by_field_name("name")), args)
    return (target, got[0]) if got is not None and not got[1] else (None, "")


def as_the_alias_made_it(ctx: FileContext, written: tuple[str, bool], got: tuple[str, str]) -> tuple[str, str]:
    """The constructor `got` (new expression, reason) for a value of an alias read through
    `written` (X, autodiff): `.autodiff()` where X was autodiff, review where X chose element types."""
    backend, autodiff = written
    if not backend:
        return got
    new, reason = got
    if autodiff and not new.endswith(".autodiff()"):
        new += ".autodiff()"
    return new, reason or elem_note(ctx, backend, with_checkpointing=True).strip()


PER_CFG_NOTE = ("each definition names another backend's device; in 0.22 this is `Device::default()`, a pick by "
                "priority at run time (pitfall 5): write each build's constructor here (`#[cfg(..)]`).")


def per_cfg_where(alias: str, per_cfg: bool) -> str:
    """Where an alias's `::default()` calls are rewritten (its finding says)."""
    if per_cfg:
        return (f"under the same `#[cfg]` as this definition (code built with either of `{alias}`'s definitions "
                "is left, with a finding)")
    return f"(where `{alias}` is this alias: its own file, and files that import it from the crate)"


def per_cfg_defaults(ctx: FileContext, t: Node) -> list[tuple[Node, str]]:
    """(`Default::default()`, the alias) for each value an alias defined once per `#[cfg]` build
    types (`fn dev() -> TrainDevice { Default::default() }`): which device it is depends on the build."""
    return [(value, text(spot)) for spot in alias_uses(ctx, t, per_cfg=True) for value in defaults_typed_by(ctx, spot)]


_NOT_A_VALUE = ("scoped_identifier", "use_as_clause", "use_list", "scoped_use_list", "call_expression")


def unit_values(ctx: FileContext, inside: Callable[[Node], bool]) -> Iterator[tuple[Node, str]]:
    """burn's unit device values `FlexDevice` / `CpuDevice` (by name or by their path), not a path
    segment, an import or another crate's type; `inside(node)`: already rewritten (read as the
    caller's rewrites go)."""
    if b"FlexDevice" not in ctx.src and b"CpuDevice" not in ctx.src:
        return
    for name in ("FlexDevice", "CpuDevice"):
        start = 0
        while (i := ctx.src.find(name.encode(), start)) >= 0:
            start = i + len(name)
            n = ctx.root.named_descendant_for_byte_range(i, start)
            if n is None or n.type != "identifier" or text(n) != name or inside(n):
                continue
            whole = n.parent   # `burn::backend::flex::FlexDevice`: the unit value by its path
            if whole is not None and whole.type == "scoped_identifier" and whole.child_by_field_name("name") == n \
                    and whole.parent is not None and whole.parent.type not in _NOT_A_VALUE \
                    and not any(a.type == "use_declaration" for a in ancestors(whole)) and not inside(whole):
                n = whole
            elif n.parent is not None and n.parent.type in _NOT_A_VALUE:
                continue   # a path segment or an import, handled elsewhere
            elif ctx.src[start:start + 64].lstrip().startswith(b"::") or ctx.src[max(0, i - 64):i].rstrip().endswith(b"::"):
                continue   # a segment of a path in a macro's tokens (`burn::backend::cpu::CpuDevice::default()`)
            if burns(ctx, n):   # (not another crate's `FlexDevice`)
                yield n, name


def per_cfg_backend_values(ctx: FileContext, t: Node) -> list[tuple[Node, str]]:
    """(value, the backend alias) for each `Default::default()` and `Alias::default()` of this file
    that an alias `type Dev = <B as BackendTypes>::Device;` types, where `B` is a backend alias
    defined once per `#[cfg]` (its device differs per build: nothing single to write)."""
    via = backend_of_device(text(t), ctx.index.backend_aliases)
    item = t.parent
    if not via[1].startswith("one of") or item is None or item.type != "type_item":
        return []
    name = text(item.child_by_field_name("name"))
    spots = alias_uses(ctx, t)
    calls = [c for c in ctx.nodes("call_expression") if (f := c.child_by_field_name("function")) is not None
             and f.type == "scoped_identifier" and text(f.child_by_field_name("path")) == name
             and text(f.child_by_field_name("name")) == "default"]
    return [(v, via[0]) for v in [v for s in spots for v in defaults_typed_by(ctx, s)] + calls]
