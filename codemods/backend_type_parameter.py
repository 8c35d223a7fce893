"""backend-type-parameter — erase backend type parameters and their bounds (R4).

What it does:
    Removes every type parameter whose bound is a backend trait (`B: Backend`,
    `B: AutodiffBackend + 'static`, bounds in `where` clauses) from impls, fns, structs, enums,
    traits and type aliases; its `where` predicates (also those on derived types such as
    `B::FloatElem: From<f32>`) go with it. Other parameters stay: `<B: Backend, const D: usize>`
    → `<const D: usize>`; an emptied `<>` and an emptied `where` disappear.

Why:
    In 0.22 there is no `Backend` trait in `burn::prelude` nor in `burn::tensor::backend`: the
    bound fails with E0405 ("cannot find trait `Backend`") or E0432 — pitfall 1.

Example:
    before: impl<B: Backend> Model<B> { pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> }
    after:  impl Model { pub fn forward(&self, x: Tensor<2>) -> Tensor<2> }

Fix safety:
    safe for `Backend` parameters. review for `AutodiffBackend` ones: 0.21 made autodiff a
    property of the type, 0.22 of the device value, so the device this code receives must now
    be an autodiff device (`device.autodiff()`, R11) or `backward()` fails at run time; safe
    again for a fn that touches no device at all (its values keep the devices they arrive on).
    review too where the fn makes a device its caller's backend typed (`Default::default()`,
    `.unwrap_or_default()`, or `Tensor::<B, D>::from(v)`, which is `from_data(v, &Default::default())`):
    erased, it is `Device::default()`, the first enabled backend, never autodiff.
    A parameter bounded by more than a backend (a backend extension, `DistributedBackend`) is
    not erased: backend-extension reports it (R19).

Reproduction check:
    E0405 (cannot find trait `Backend` in this scope) at the bound under burn 0.22.1; none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import drop_generics
from burnmigrate.rust.generics import generic_params, where_clause
from burnmigrate.rust.inferred_devices import TENSOR_FROM, makes_inferred_device
from burnmigrate.rust.syntax import GENERIC_ITEMS, descendants, named_args, path_segments, required_child, text

from ._autodiff import autodiff_sink, calls_autodiff_fn
from ._callers import calls_of


def _mentions_param(node: Node, names: set[str]) -> bool:
    """Is `node` a projection of one of `names`: `B::FloatElem`, `<B as Backend>::FloatElem`?"""
    if node.type == "scoped_type_identifier":
        path = node.child_by_field_name("path")
        if path is not None and path.type == "bracketed_type":
            q = path.named_children[0] if path.named_children else None
            ty = q.child_by_field_name("type") if q is not None and q.type == "qualified_type" else None
            return ty is not None and text(ty) in names
        segs = path_segments(node)
        return bool(segs) and segs[0] in names
    return False


class BackendTypeParameter(SourceRule):
    id = "backend-type-parameter"
    name = "Erase backend type parameters and their bounds"
    pitfalls = (1,)
    guide = "R4"
    triggers = (b"Backend",)
    check = Check("E0405 (cannot find trait `Backend` in this scope) at the bound under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0405|E0432'", ("E0405", "E0432"),
                  matches=(ErrorMatch('E0405', '`(?:Autodiff)?Backend`'), ErrorMatch('E0412', r'`[A-Z]\w*`'), ErrorMatch('E0433')))

    def applies(self, ctx: FileContext) -> bool:
        return b"Backend" in ctx.src or ctx.mentions_any(ctx.index.extension_traits)

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for item in ctx.nodes(*GENERIC_ITEMS):
            params = ctx.scope.params_of(item)
            erasable = {n: p for n, p in params.items() if not p.extension}
            if not erasable:
                continue
            tp = item.child_by_field_name("type_parameters")
            assert tp is not None   # (an item's own parameters are declared in its `<..>`)
            self_ty = item.child_by_field_name("type") if item.type == "impl_item" else None
            if self_ty is not None and text(self_ty) in erasable:
                trait = text(item.child_by_field_name("trait")) or "its methods"
                out.append(self.finding(item, f"`impl {trait} for {text(self_ty)}` is a blanket impl over every backend: left as it is",
                    f"erasing `{text(self_ty)}` would leave the impl for a type nothing declares (E0412); 0.22 values "
                    "carry no backend type, so decide by hand what it is implemented for now (`Device`, the "
                    "project's own types, nothing) (R19)."))
                continue
            wc = where_clause(item)
            names = set(erasable)
            preds = [p for p in named_args(wc) if p.type == "where_predicate" and (
                text(p.child_by_field_name("left")) in names
                or _mentions_param(required_child(p, "left"), names))] if wc is not None else []
            edits = drop_generics(ctx.src, tp, [p.node for p in erasable.values()], wc, preds)
            if item.type == "impl_item":
                edits += _method_predicates(ctx, item, names)   # `fn new(..) where B::Device: Send`
            # autodiff parameters: impls get autodiff from the values they receive, and a fn that
            # receives the device gets `.autodiff()` from autodiff-device; the rest need a look
            autodiff = [n for n, p in erasable.items() if p.autodiff and item.type == "function_item"
                        and autodiff_sink(ctx, item, n) is None and calls_autodiff_fn(ctx, item) is False
                        and not _no_device(ctx, item)]
            safety = Safety.REVIEW if autodiff else None
            reason = ""
            if autodiff:
                reason = (f"`{autodiff[0]}` was an autodiff backend and this fn does not receive the device: "
                          "in 0.22 autodiff is a property of the device value, so the device it builds or "
                          "gets must be made with `.autodiff()` (R11), or `backward()` fails at run time.")
            made = makes_inferred_device(item) if item.type in ("function_item", "impl_item") \
                and any(not p.kept_form for p in erasable.values()) else ""
            if made and not reason:
                # its device took the backend its caller chose; 0.22.1 builds `Device::default()`
                safety = Safety.REVIEW
                params = ", ".join("`" + n + "`" for n in erasable)
                reason = (f"this code makes a device with `{made}`, whose backend was the one its caller chose for "
                          f"{params}; in 0.22 it is `Device::default()`: the first "
                          "enabled backend by priority, never autodiff (R28, pitfall 5). Pass the device in, or "
                          "check every caller runs on that default.") if not (TENSOR_FROM.match(made) or made.endswith(".into()")) else (
                          f"`{made}` builds its tensor on the default device of the backend its caller chose for "
                          f"{params} (`Tensor::from` is `from_data(.., &Default::default())`); in 0.22 that is "
                          "`Device::default()`: the first enabled backend by priority, never autodiff (R28, "
                          "pitfall 5). Pass the device in (`Tensor::from_data(v, &device)`), or check every caller "
                          "runs on that default.")
            label = text(item.child_by_field_name("name")) or item.type.replace("_item", "")
            if not reason and (chosen := _chosen_by_default(ctx, item, erasable)):
                # `struct Model<B: Backend = Autodiff<Flex>>`: the bare `Model` meant that backend
                safety = Safety.REVIEW
                ad = ctx.scope.is_autodiff_type(chosen, ctx.scope.in_scope(item))
                reason = (f"`{label}` written without arguments meant `{label}<{text(chosen)}>` (the parameter's "
                          f"default): values of the bare type were built for `{text(chosen)}`; in 0.22 the device value "
                          "chooses the backend (R12), so where a bare `" + label + "` is built, the device passed must "
                          "be that backend's" + (" and autodiff (`device.autodiff()`, R11: `backward()` panics on a "
                          "plain device)." if ad else "."))
            out.append(self.change(tp,
                                   f"erase backend parameter {', '.join('`'+n+'`' for n in erasable)} of `{label}`",
                                   edits, safety=safety, reason=reason))
        return out


_DEVICE_TOUCH = re.compile(r"(?i)device|\bdefault\b|unwrap_or_default|DataLoaderBuilder")


def _no_device(ctx: FileContext, fn: Node) -> bool:
    """Does `fn` touch no device at all: none in its signature or body (no `device` / `Device` word,
    no `default()`, no DataLoader), and no call of a project fn that makes one by inference? Its
    values then keep the devices they arrive on, autodiff or not: erasing an autodiff `B` changes
    nothing there (a fn that only reads gradients, moves parameters or saves a module). Only for a
    fn whose every caller is seen (private, `calls_of`): the callers' devices are judged where
    they are made, while a public fn's callers lose the type's promise of autodiff values."""
    if _DEVICE_TOUCH.search(text(fn)) or calls_of(ctx, fn) is None:
        return False   # (a public fn's callers are not all seen: the type promised them autodiff values)
    body = fn.child_by_field_name("body")
    return body is not None and not any(
        t.type == "identifier" and text(t) in ctx.index.default_fns for t in descendants(body))


def _method_predicates(ctx: FileContext, impl: Node, names: set[str]) -> list:
    """The `where` predicates of an impl's methods that bound a projection of the impl's erased
    parameters (`B::Device: Send`): they go with the parameter (E0433 after)."""
    edits = []
    body = impl.child_by_field_name("body")
    for fn in body.named_children if body is not None else []:
        if fn.type != "function_item":
            continue
        wc = where_clause(fn)
        if wc is None:
            continue
        own = {text(p.child_by_field_name("name") or p) for p in generic_params(fn)}
        # a projection only (`B::Device`, `B::FloatElem`): `B: Quantizable` itself is backend-extension's
        # (the method is stranded, and says so)
        preds = [p for p in named_args(wc) if p.type == "where_predicate"
                 and _mentions_param(required_child(p, "left"), names)
                 and not _mentions_param(required_child(p, "left"), own)]
        edits += drop_generics(ctx.src, None, [], wc, preds)
    return edits


def _chosen_by_default(ctx: FileContext, item: Node, erasable: dict) -> Node | None:
    """The concrete backend an erased parameter's default names (`B: Backend = Autodiff<Flex>`), or None."""
    for p in erasable.values():
        node = p.node
        default = node.child_by_field_name("default_type") if node is not None else None
        if default is not None and ctx.scope.backend_kind(default, ctx.scope.in_scope(item)) in ("concrete", "alias", "components"):
            return default
    return None
