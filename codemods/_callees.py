"""What a call's head names (issue 25 item 1): the fn item its path resolves to, in this file
(burnmigrate.rust.resolve) or in a project module (burnmigrate.rust.module_tree), with that fn's
own backend position, device parameters and autodiff bound, never those of another fn of the same
name elsewhere in the workspace."""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.generics import generic_params, where_clause
from burnmigrate.rust.module_tree import Module, from_project, module_of_use
from burnmigrate.rust.resolve import Resolution, local_binding, resolve
from burnmigrate.rust.scans import split_top_level
from burnmigrate.rust.syntax import ancestors, capture, last_segment, named_args, path_segments, required_child, text


@dataclass
class Callee:
    """A called fn resolved to its item (burnmigrate.rust.resolve, rust.module_tree): its own
    facts, not those of some other fn of the same name elsewhere in the workspace."""
    where: str                      # "this file's own fn (line 12)", "`crate::a::run` (src/a.rs)"
    backend: set[tuple[int, int]]   # (backend parameter position, type + const parameter count)
    devices: set[int]               # value parameters typed `B::Device` / `&B::Device`
    autodiff: bool
    kept: frozenset[tuple[int, int]] = frozenset()   # backend parameters the fn keeps (its callers keep their argument)
    optimizer: frozenset[int] = frozenset()   # parameters bounded by 0.21's `Optimizer<M, B>` (module-optimizer's)


def _module_fn(ctx: FileContext, fn: Node, found: Resolution | None) -> tuple[Module, tuple[str, ...]] | None:
    """(the project module, the path) a call's head names through a path (`use crate::train::run;`
    then `run`, a glob from one, `crate::train::run`, `train::run` after `use crate::train;`,
    `my_lib::train::run` from an example, a test, a bin or another member); None when it leads
    elsewhere. `found` is what a bare name resolved to."""
    libs = dict(ctx.crate.project_libs)
    if found is not None:
        path = found.path if found.kind == "import" else (*found.path, text(fn))
    elif fn.type == "scoped_identifier":
        path = tuple(path_segments(fn))
        if not from_project(path) and path[0] not in libs:
            first = resolve(fn, path[0], ctx.use_declarations())   # `train::run` after `use crate::train;`
            if first.kind != "import" or not (from_project(first.path) or first.path[0] in libs):
                return None
            path = (*first.path, *path[1:])
    else:
        return None
    key = (libs[path[0]], tuple(path[1:-1])) if path and path[0] in libs and len(path) > 1 else module_of_use(ctx.path, path)
    return (key, path) if key is not None else None


def _module_callee(ctx: FileContext, fn: Node, found: Resolution | None) -> Callee | None:
    """A call through a path into a project module: that module's generic fn, when the index
    knows it (one it keeps generic has its backend parameters as `kept`)."""
    at = _module_fn(ctx, fn, found)
    sig = ctx.index.module_fns.get(at[0], {}).get(at[1][-1]) if at is not None else None
    if at is None or sig is None:
        return None
    path = at[1]
    if sig.kept:   # the fn keeps its backend parameter (backend-extension says why): so do its callers
        return Callee(f"`{'::'.join(path)}`", set(), set(), sig.autodiff, frozenset(sig.backend))
    return Callee(f"`{'::'.join(path)}`", set(sig.backend), set(sig.devices), sig.autodiff, optimizer=sig.optimizer)


def callee(ctx: FileContext, fn: Node) -> Callee | None:
    """The fn item a call's head names, when the name resolves to a fn of this file (an item of
    its module or a fn-local one) or, through a path, to a generic fn of a project module; None
    when it resolves elsewhere (another crate, a method, a name the index does not know)."""
    if fn.type != "identifier":
        item = inline_super(fn)
        return _own_fn(ctx, item) if item is not None else _module_callee(ctx, fn, None)
    found = resolve(fn, text(fn), ctx.use_declarations())
    if found.kind in ("import", "glob"):
        return _module_callee(ctx, fn, found)
    if found.kind not in ("item", "local") or found.node is None or found.node.type != "function_item":
        return None
    return _own_fn(ctx, found.node)


def inline_super(fn: Node) -> Node | None:
    """`super::f` (`super::super::f`) called inside an inline `mod tests { .. }`: the fn item `f`
    of the module that many modules up, when that module is still this file (an inline module's
    body or the file itself); None otherwise."""
    segments = path_segments(fn)
    ups = 0
    while ups < len(segments) - 1 and segments[ups] == "super":
        ups += 1
    if ups == 0 or len(segments) != ups + 1:
        return None
    bodies = [a for a in ancestors(fn) if a.type == "source_file" or (
        a.type == "declaration_list" and a.parent is not None and a.parent.type == "mod_item")]
    if ups >= len(bodies):
        return None   # `super` leaves the file: the module tree's business
    for c in bodies[ups].named_children:
        if c.type == "function_item" and text(c.child_by_field_name("name")) == segments[-1]:
            return c
    return None


def _own_fn(ctx: FileContext, item: Node) -> Callee:
    """The facts of a fn item of this file."""
    params = generic_params(item)
    backend: set[tuple[int, int]] = set()
    kept: set[tuple[int, int]] = set()
    devices: set[int] = set()
    autodiff = False
    values = [c for c in named_args(required_child(item, "parameters")) if c.type == "parameter"]
    for name, bp in ctx.scope.params_of(item).items():
        if bp.extension:   # kept generic (backend-extension says why): its callers keep their argument
            kept.add((bp.position, len(params)))
            continue
        backend.add((bp.position, len(params)))
        autodiff = autodiff or bp.autodiff
        device = re.compile(rf"&?\s*(?:{re.escape(name)}|<{re.escape(name)} as \w+>)::Device")
        devices |= {i for i, v in enumerate(values) if device.fullmatch(text(v.child_by_field_name("type")).strip())}
    line = ctx.src.count(b"\n", 0, item.start_byte) + 1
    wc = where_clause(item)
    bounded = {text(p.child_by_field_name("left")) for p in (named_args(wc) if wc is not None else [])
               if p.type == "where_predicate" and optimizer_bound(p.child_by_field_name("bounds"))}
    optimizer = frozenset(i for i, p in enumerate(params) if p.type == "type_parameter" and (
        text(p.child_by_field_name("name")) in bounded or optimizer_bound(p.child_by_field_name("bounds"))))
    return Callee(f"this file's own fn (line {line})", backend, devices, autodiff, frozenset(kept), optimizer)


def optimizer_bound(bounds: Node | None) -> bool:
    """Do these bounds hold the 0.21 `Optimizer<M, B>`? (0.22.1's `Optimizer` takes no generic
    arguments, so any argument list is 0.21's: `Optimizer<M>` once the erasure took `B`.)"""
    if bounds is None:
        return False
    for g in capture("(generic_type) @g", bounds, "g"):
        if last_segment(g) == "Optimizer":
            args = g.child_by_field_name("type_arguments")
            if args is not None and named_args(args):
                return True
    return False


def names_burn(ctx: FileContext, head: Node, *, globs: bool = False) -> bool:
    """Does a call's head lead into a burn crate: a path starting with a burn crate's name
    (`burn::tensor::module::interpolate`), or a first segment that resolves to an import of a burn
    path (`activation::relu` after `use burn::tensor::activation;`, `relu` after `use
    burn::tensor::activation::relu;`), or with `globs` to a glob of a burn module? A method
    (`x.f::<B>()`) is not known; a project fn of the same name is not burn's."""
    if head.type not in ("identifier", "scoped_identifier"):
        return False
    first = path_segments(head)[0] if head.type == "scoped_identifier" else text(head)
    roots = {*ctx.crate.burn_roots, *api.BURN_CRATE_IDENTS}
    if first in roots and head.type == "scoped_identifier":
        return True
    found = resolve(head, first, ctx.use_declarations())
    return found.kind in (("import", "glob") if globs else ("import",)) and bool(found.path) and found.path[0] in roots


_PROJECT_ROOTS = frozenset({"crate", "self", "super"})


def burns(ctx: FileContext, node: Node) -> bool:
    """Is the type (or value) `node` names burn's, as rustc would resolve it? cubecl has a
    `WgpuDevice` and a `CudaDevice` of its own, which its runtimes take. A path is burn's when it
    starts at a burn crate (`burn::backend::wgpu::WgpuDevice`, `burn_wgpu::WgpuDevice`) or at a
    name imported from one (`wgpu::WgpuDevice` after `use burn::backend::wgpu;`); a bare name when
    its `use` (or glob) comes from one. Another crate's path (`cubecl::wgpu::WgpuDevice`, `use
    cubecl::wgpu::WgpuDevice;`) is not. The project's own paths (`crate::prelude::WgpuDevice`,
    `use super::*`) and names imported nowhere keep the burn reading: the callers check that the
    project defines no type of that name, so these can only re-export burn's."""
    roots = {*ctx.crate.burn_roots, *api.BURN_CRATE_IDENTS}
    segments = [s for s in text(node).replace(" ", "").split("<")[0].split("::") if s]
    if not segments:
        return False
    # (a workspace crate's own path, `my_lib::backend::FlexDevice` in its bins, is a project path too)
    own = _PROJECT_ROOTS | ctx.crate.project_crates
    if len(segments) > 1 and (segments[0] in own or segments[0] in roots):
        return True
    found = resolve(node, segments[0], ctx.use_declarations())
    if found.kind in ("import", "glob"):
        return bool(found.path) and (found.path[0] in own or found.path[0] in roots)
    if found.kind != "unknown":
        return False   # a module or type of the project's own (`mod wgpu { .. }`)
    return len(segments) == 1   # an extern crate's path (`cubecl::wgpu::..`); a bare name imported nowhere


def burn_path(ctx: FileContext, node: Node) -> tuple[str, ...]:
    """The path the type or trait path `node` names, as rustc resolves its first segment through
    the module's imports (`Sgd` after `use burn::optim::Sgd;` or `use burn::optim::*;`,
    `optim::Sgd` after `use burn::optim;`); () when that segment is the module's own or unknown."""
    segs = [s for s in text(node).replace(" ", "").split("<")[0].split("::") if s]
    if not segs:
        return ()
    found = resolve(node, segs[0], ctx.use_declarations())
    if found.kind in ("import", "glob") and found.path:
        return (*found.path, *segs[1:]) if found.kind == "import" else (*found.path, *segs)
    return tuple(segs) if len(segs) > 1 and found.kind == "unknown" else ()


def burn_rl_item(ctx: FileContext, node: Node) -> bool:
    """Does the type or trait path `node` name an item of burn-rl, as rustc resolves it:
    `burn::rl::Policy`, or a name its module imports (or globs) from `burn::rl` / `burn_rl`?"""
    path = burn_path(ctx, node)
    return len(path) > 1 and (path[0] == "burn_rl" or (path[0] in ctx.crate.burn_roots and path[1] == "rl"))


def burn_item(ctx: FileContext, node: Node) -> bool:
    """Does the type or trait path `node` lead into a burn crate, as rustc resolves it (not a
    bare name imported nowhere, nor the project's own re-export)?"""
    path = burn_path(ctx, node)
    return len(path) > 1 and (path[0] in ctx.crate.burn_roots or path[0] in api.BURN_CRATE_IDENTS)


def device_type_arg(ty: Node | None) -> Node | None:
    """`Device<NdArray>` / `burn::tensor::Device<AB>` (0.21's `Device<B>` alias): its one argument."""
    if ty is None or ty.type != "generic_type" or last_segment(ty.child_by_field_name("type")) != "Device":
        return None
    ta = ty.child_by_field_name("type_arguments")
    args = named_args(ta) if ta is not None else []
    return args[0] if len(args) == 1 else None


def callee_device_param(ctx: FileContext, call: Node, arg: Node) -> list[Node]:
    """The backend a project fn of this file types the device parameter `arg` is passed to with
    (`fn tensor_from_array(.., device: &Device<CpuBackend>)`): [that argument], or []."""
    got = device_type_arg(callee_param_type(ctx, call, arg))
    return [got] if got is not None else []


def called_item(ctx: FileContext, call: Node) -> Node | None:
    """The fn item of this file a path call names (rustc's resolution; `super::f(..)` from an
    inline test module), else None."""
    f = call.child_by_field_name("function")
    head = f.child_by_field_name("function") if f is not None and f.type == "generic_function" else f
    if head is None:
        return None
    if head.type == "scoped_identifier":
        return inline_super(head)
    if head.type != "identifier":
        return None
    found = resolve(head, text(head), ctx.use_declarations())
    return found.node if found.kind in ("item", "local") and found.node is not None \
        and found.node.type == "function_item" else None


def callee_param_type(ctx: FileContext, call: Node, arg: Node) -> Node | None:
    """The type (behind `&`) of the parameter of a fn of this file that `arg` is passed to."""
    item = called_item(ctx, call)
    ps = item.child_by_field_name("parameters") if item is not None else None
    if ps is None or any(p.type == "self_parameter" for p in named_args(ps)):
        return None
    at = next((i for i, a in enumerate(named_args(required_child(call, "arguments"))) if a.id == arg.id), -1)
    params = named_args(ps)
    if not 0 <= at < len(params) or params[at].type != "parameter":
        return None
    ty = params[at].child_by_field_name("type")
    while ty is not None and ty.type == "reference_type":
        ty = ty.child_by_field_name("type")
    return ty


def chain_start(expr: Node | None) -> Node | None:
    """The expression a method chain starts from (`X::new(..)` of `X::new(..).a(..).b`)."""
    while expr is not None and expr.type == "call_expression":
        fn = expr.child_by_field_name("function")
        if fn is None or fn.type != "field_expression":
            return expr
        expr = fn.child_by_field_name("value")
    return expr


def burn_config_init(ctx: FileContext, head: Node) -> bool:
    """Is `head` (`x.init` of `x.init::<B>(&device)`) the `init` of one of burn's configs, as
    rustc resolves the receiver: a chain from `LinearConfig::new(..)` (burn's), or a `let` of
    the fn bound to one? Those lost their backend parameter in 0.22.1 (`init(&self, device:
    &Device)`), so the turbofish goes like any of burn's own fns' (reading 31)."""
    if head.type != "field_expression" or text(head.child_by_field_name("field")) != "init":
        return False
    start = chain_start(head.child_by_field_name("value"))
    if start is not None and start.type == "identifier":
        fn = next((a for a in ancestors(head) if a.type in ("function_item", "closure_expression")), None)
        let = local_binding(fn, text(start), head) if fn is not None else None
        start = chain_start(let.child_by_field_name("value")) if let is not None and let.type == "let_declaration" else None
    f = start.child_by_field_name("function") if start is not None and start.type == "call_expression" else None
    path = f.child_by_field_name("path") if f is not None and f.type == "scoped_identifier" else None
    return path is not None and last_segment(path).endswith("Config") and burn_item(ctx, path)


_WRAPPER = re.compile(r"^(?:[\w:]*::)?(?:Result|Option)\s*<(.*)>$", re.S)


def returned_type(ctx: FileContext, value: Node | None) -> str:
    """The type, as its fn's signature writes it, of a project fn call's value (`load(..)`, and
    the inside of its `Result` / `Option` for `load(..)?`, `.unwrap()`, `.expect(..)`): the fn a
    path names in this file (rustc's resolution) or in a project module (the index's
    `module_fn_returns`); '' when the call names anything else or the signature is not read."""
    wrapped = ""
    if value is not None and value.type == "try_expression":
        value, wrapped = value.named_children[0] if value.named_children else None, "?"
    elif value is not None and value.type == "call_expression":
        f = value.child_by_field_name("function")
        if f is not None and f.type == "field_expression" and text(f.child_by_field_name("field")) in ("unwrap", "expect"):
            value, wrapped = f.child_by_field_name("value"), "."   # (`.unwrap()` / `.expect(..)`: the inside)
    if value is None or value.type != "call_expression":
        return ""
    item = called_item(ctx, value)
    if item is not None:
        ret = item.child_by_field_name("return_type")
        ty = text(ret) if ret is not None else ""
    else:
        at = _module_fn_of_call(ctx, value)
        ty = ctx.index.module_fn_returns.get(at[0], {}).get(at[1][-1], "") if at is not None else ""
    if wrapped:
        m = _WRAPPER.match(ty.strip())
        return split_top_level(m.group(1), "<([", ">)]")[0] if m else ""
    return ty


def _module_fn_of_call(ctx: FileContext, call: Node) -> tuple[Module, tuple[str, ...]] | None:
    """(the project module, the path) of the fn a call names through a path or an import (`_module_fn`)."""
    f = call.child_by_field_name("function")
    head = f.child_by_field_name("function") if f is not None and f.type == "generic_function" else f
    if head is None or head.type not in ("identifier", "scoped_identifier"):
        return None
    found = resolve(head, text(head), ctx.use_declarations()) if head.type == "identifier" else None
    if found is not None and found.kind != "import":
        return None
    return _module_fn(ctx, head, found)


def callee_device_types(ctx: FileContext, call: Node) -> dict[int, str]:
    """{argument position: burn device type} for a call of a project fn in another module whose
    parameters there are typed by one (`pub fn train(device: &WgpuDevice)`; fn_sigs.fn_device_params)."""
    if called_item(ctx, call) is not None:
        return {}   # (this file's own fn: its signature is read where it is, `defaults_typed_by`)
    at = _module_fn_of_call(ctx, call)
    return ctx.index.module_fn_devices.get(at[0], {}).get(at[1][-1], {}) if at is not None else {}


def tuple_parts(ty: str) -> list[str]:
    """The element types of a tuple type `(A, B<C, D>)`; [] for any other type."""
    ty = ty.strip()
    return split_top_level(ty[1:-1], "<([", ">)]") if ty.startswith("(") and ty.endswith(")") else []
