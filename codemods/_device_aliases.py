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
from burnmigrate.rust.syntax import ancestors, last_segment, path_segments, text

from ._backend_choice import elem_note
from ._callees import burns
from ._device_values import defaults_typed_by
from ._device_variant import alias_uses


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
