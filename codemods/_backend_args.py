"""Shared by the erasure rules: which arguments of a generic list are the backend, and how to
delete them (individually, or the whole `<..>` / `::<..>` when nothing is left)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Edit, Safety
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import delete_list_items, delete_span
from burnmigrate.rust.generics import generic_params
from burnmigrate.rust.imports import use_leaves
from burnmigrate.rust.module_tree import from_project
from burnmigrate.rust.param_uses import _TYPE_WITNESSES
from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.scope import BackendParam
from burnmigrate.rust.syntax import ancestors, capture, enclosing, last_segment, named_args, text

from ._backend_choice import elem_note
from ._callees import burn_config_init, burn_item, burn_path, burn_rl_item, callee, names_burn
from ._local_aliases import PRIMITIVES, a_tensors_backend, alias_target, local_alias_target


@dataclass
class ArgDecision:
    doomed: list[Node]
    safety: Safety = Safety.SAFE
    reason: str = ""
    blocked: list[Node] | None = None   # backend args that cannot be erased (extension params)
    left: str = ""   # why backend-looking args are left alone (the rule reports it as a finding)
    chosen: list[Node] | None = None   # the doomed args that chose a concrete backend (the review's reason)


# a value whose type the place it goes to chooses: `Default::default()` in each spelling (spaces removed)
DEFAULT_VALUE = re.compile(r"(?:(?:(?:std|core)::default::)?Default::default|<_>::default|<_asDefault>::default)\(\)")


def untyped_default_let(at: Node, name: str) -> Node | None:
    """The value node of the last `let <name> = Default::default();` (no type) before `at` in
    its fn: a local whose type came from the call it is passed to."""
    fn_item = enclosing(at, ("function_item",))
    if fn_item is None:
        return None
    lets = [let for let in capture("(let_declaration pattern: (identifier) @p) @l", fn_item, "l")
            if text(let.child_by_field_name("pattern")) == name and let.end_byte <= at.start_byte]
    if not lets or lets[-1].child_by_field_name("type") is not None:
        return None
    value = lets[-1].child_by_field_name("value")
    if value is None or not DEFAULT_VALUE.fullmatch(text(value).replace(" ", "")):
        return None
    return value


def head_name(head: Node) -> str:
    if head.type == "field_expression":
        return text(head.child_by_field_name("field"))
    return last_segment(head)


def _resolved_burn_type(ctx: FileContext, head: Node, name: str) -> bool:
    """One of burn-rl's items that lost their backend parameter (not a project item of that name),
    or another of burn's (`Sgd<B>`, `AdamWState<B, 2>`: burn_api.crate_generic_types) named as rustc
    resolves it to burn."""
    if name in ctx.index.defined_types:
        return False
    if (name in api.BURN_RL_GENERIC_TYPES and burn_rl_item(ctx, head)) or (name in api.crate_generic_types() and burn_item(ctx, head)):
        return True
    # `use burn::tensor::Tensor as BurnTensor;`: the name the import gives one of burn's (reading 27)
    path = burn_path(ctx, head)
    return bool(path) and path[-1] != name and burn_item(ctx, head) \
        and (path[-1] in api.BURN_GENERIC_TYPES or path[-1] in api.crate_generic_types())


def _another_crates(ctx: FileContext, head: Node) -> bool:
    """Does `head` name, as rustc resolves it, another crate's type (`Normalizer` after `use
    mobilenetv2_burn::model::imagenet::Normalizer;`, named like burn-train's): not burn's, whatever its name."""
    path = burn_path(ctx, head)
    return len(path) > 1 and path[0] not in ("burn", "crate", "super", "self", *ctx.crate.burn_roots, *api.BURN_CRATE_IDENTS) \
        and path[0] not in ctx.crate.project_crates


# burn-backend 0.22.1's primitive aliases and enum, which still take the backend (`alias.rs`, `primitive.rs`)
_PRIMITIVE_ALIASES = frozenset({"FloatTensor", "IntTensor", "BoolTensor", "QuantizedTensor", "TensorPrimitive"})

# GradientsParams' methods whose 0.21 turbofish was `<B, const D>` (0.22.1: `<const D>`)
_GRADS_METHODS = frozenset({"get", "remove", "register"})


def _not_a_backend(ctx: FileContext, head: Node, cand: Node, exact: bool = False) -> bool:
    """An argument no backend can be: a literal or block (a const argument), `Self`, a primitive,
    a project type (not a backend alias), or a generic parameter of the caller that is not a
    backend parameter (those are in the scope). A type alias seen from here (a fn-local `type B =
    burn::backend::Cuda<bf16>;`, `type B = bunsen::PerfTestBackend;`) of a burn backend is one; so
    is one of another crate's type where the callee is resolved (`exact`: this is its backend
    parameter's place, and 0.21 compiled it there) or where the file also gives that alias to a
    `Tensor` as its backend."""
    target = alias_target(ctx, cand)
    if exact and target is None and cand.type in ("scoped_type_identifier", "generic_type") \
            and last_segment(cand) not in PRIMITIVES:
        return False   # `ones_sum::<base::Prod>(..)`: another crate's path at the resolved callee's backend place
    if target is not None and (
            ctx.scope.backend_kind(target) in ("concrete", "alias", "components")
            or (last_segment(target) not in ctx.index.defined_types and text(target) not in PRIMITIVES and (
                exact or a_tensors_backend(ctx, cand)))):
        return False
    return (cand.type not in ("type_identifier", "scoped_type_identifier", "generic_type")
            or text(cand) == "Self" or last_segment(cand) in ctx.index.defined_types
            or _enclosing_param(head, text(cand)))


def _enclosing_params(at: Node):
    """The generic parameters (type, const) of every item enclosing `at`, innermost first."""
    for item in ancestors(at):
        if item.type in ("function_item", "impl_item", "struct_item", "enum_item", "trait_item", "type_item"):
            yield from generic_params(item)


def _enclosing_param(at: Node, name: str) -> bool:
    """Is `name` a generic parameter of an item enclosing `at`? (Backend parameters are in the
    scope already: the callers ask about the others.)"""
    return any(text(p.child_by_field_name("name") or p) == name for p in _enclosing_params(at))


def gradients_params_call(ctx: FileContext, head: Node, type_args: list[Node]) -> bool:
    """`grads.register::<B, D>(..)` / `.get` / `.remove` on a `GradientsParams` (the file names
    it): 0.21's `<B: Backend, const D: usize>`, 0.22.1's `<const D>`."""
    return (head.type == "field_expression" and text(head.child_by_field_name("field")) in _GRADS_METHODS
            and len(type_args) == 2 and _is_rank(head, type_args[1]) and b"GradientsParams" in ctx.src)


def _is_rank(at: Node, arg: Node) -> bool:
    """Is `arg` a const argument: a literal, a block, or a const generic parameter of an item
    enclosing `at`?"""
    if arg.type in ("integer_literal", "block"):
        return True
    return arg.type == "type_identifier" and any(
        p.type == "const_parameter" and text(p.child_by_field_name("name")) == text(arg) for p in _enclosing_params(at))


def _tensor_0_21_backend(head: Node, args: list[Node]) -> bool:
    """Is this `Tensor<X, D[, K]>` the 0.21 form, whatever `X` is? 0.22.1's `Tensor<const D, K>`
    takes at most two arguments, the first a rank; a type first and a rank second (or three
    arguments) is 0.21's backend-first list. `X` must be a type, not a parameter of the item."""
    if len(args) not in (2, 3) or args[0].type not in ("type_identifier", "scoped_type_identifier", "generic_type"):
        return False
    if args[0].type == "type_identifier" and (text(args[0]) == "Self" or _enclosing_param(head, text(args[0]))):
        return False   # `Tensor<Self, 2>` in a backend trait is the extension's (backend-extension)
    return len(args) == 3 or _is_rank(head, args[1])


def _project_tensor(ctx: FileContext, head: Node) -> bool:
    """Is this `Tensor` the project's own type (the project defines one, and this name resolves
    to it: defined here, or imported from a project module, by name or glob)?"""
    if "Tensor" not in ctx.index.defined_types or head.type != "type_identifier":
        return "Tensor" in ctx.index.defined_types and not text(head).startswith(tuple(ctx.crate.burn_roots))
    found = resolve(head, "Tensor", ctx.use_declarations())
    return found.kind in ("item", "local") or (found.kind in ("import", "glob") and from_project(found.path))


def _call_has_no_args(head: Node) -> bool:
    """Is `head::<..>` called with no value arguments (`x.init::<B, M>()`)?"""
    gf = head.parent
    call = gf.parent if gf is not None else None
    if call is None or call.type != "call_expression":
        return False
    args = call.child_by_field_name("arguments")
    return args is not None and not named_args(args)


def _project_rename(ctx: FileContext, name: str) -> str:
    """The project type a `use` of this file renames to `name` (`use crate::hooks::Module as
    BurnModule;`, or from another crate of the workspace), as rustc resolves the name; ''."""
    return next((leaf.path[-1] for leaf in use_leaves(ctx.root, ctx.use_declarations()) if leaf.bound == name
                 and len(leaf.path) > 1 and leaf.path[-1] != name
                 and (leaf.path[0] in ("crate", "super", "self") or leaf.path[0] in ctx.crate.project_crates)), "")


def decide(ctx: FileContext, head: Node, args: list[Node], scope: dict[str, BackendParam], *,
           is_fn: bool) -> ArgDecision:
    name = head_name(head)
    if name == "PhantomData" or name in api.CONCRETE_BACKENDS:
        return ArgDecision([])  # backend-phantom owns these; `Autodiff<MyBackend>` is an alias body
    if not is_fn and name in _PRIMITIVE_ALIASES and name not in ctx.index.defined_types:
        return ArgDecision([])  # burn-backend 0.22.1 keeps `FloatTensor<B>` (`<B as BackendTypes>::FloatTensorPrimitive`)
    if is_fn and name in ("from_primitive", "try_into_primitive"):
        return ArgDecision([])  # 0.22.1's `Tensor::from_primitive::<B>` / `try_into_primitive::<B>` take the backend
    if is_fn and name in api.RUNTIME_SETUP_FNS:
        return ArgDecision([])  # `init_setup::<Metal>(..)` names a graphics API (backend-device-value's finding)
    if is_fn and (name in _TYPE_WITNESSES or text(head).startswith(("std::any::", "core::any::", "std::mem::", "core::mem::"))):
        return ArgDecision([])  # `type_name::<B>()`: the argument is what the call is about (E0282 without it)
    own_name = (_project_rename(ctx, name) or name) if not is_fn else name   # (`use my_lib::Agent as BurnAgent;`)
    if not is_fn and own_name in ctx.index.kept_types:
        return ArgDecision([])  # a project type kept generic (erase both or neither)
    # positional arguments only: lifetimes and associated-type bindings (`State = S`) are not counted
    non_lifetime = [a for a in args if a.type not in ("lifetime", "type_binding")]
    if not is_fn and name == "Optimizer" and name not in ctx.index.user_types and len(non_lifetime) == 2:
        # 0.21's module `Optimizer<M, B>`: 0.22.1's `Optimizer` takes no generics at all, so
        # `Optimizer<M>` would be no nearer; module-optimizer replaces the parameter it bounds by
        # `ModuleOptimizer`, or reports the bound (burn-trait-impl an impl of it)
        return ArgDecision([])
    kinds = [ctx.scope.backend_kind(a, scope) for a in args]
    # a parameter kept for type-level uses still leaves burn's own types (`Tensor<B, 2>` →
    # `Tensor<2>`: 0.22.1 has no other form of them); the project's and others' keep it
    burn_type = not is_fn and (name in api.BURN_GENERIC_TYPES or _resolved_burn_type(ctx, head, name)) \
        and not _another_crates(ctx, head)
    kept_form = burn_type
    by_kind = [a for a, k in zip(args, kinds) if (k is not None and k not in ("extension", "kept")) or (k == "kept" and kept_form)]
    blocked = [a for a, k in zip(args, kinds) if k == "extension" or (k == "kept" and not kept_form)]
    if is_fn and head.type == "field_expression" and name in api.BACKEND_AUTHOR_METHODS and len(non_lifetime) == 1 \
            and kinds[0] in ("concrete", "alias", "components"):
        # a backend author's call (burn-autodiff's `Gradients`, burn-ir's `HandleContainer`) still
        # takes the backend in 0.22.1: left, with no record (the backend type itself is the
        # extension's, whose finding says so)
        return ArgDecision([])
    own = callee(ctx, head) if is_fn else None
    if is_fn and own is None and name in ctx.index.kept_fns and name not in ctx.index.user_fns \
            and all(k in ("concrete", "alias") for k in kinds if k is not None):
        # another file's fn kept generic (the only project fn of that name): its turbofish of a
        # backend type stays, as for one of this file (`probe::<Autodiff<Flex>>(&FlexDevice)`)
        return ArgDecision([])
    if own is not None and own.kept:
        # the callee keeps its backend parameter (an op or extension needs it): a backend type
        # named at that place stays (`run::<burn::backend::Flex>(..)`: a 0.22.1 backend still, and
        # so does the project's alias of one, which then stays with its "still used" finding); the
        # caller's own parameter, erased with the caller, cannot (it goes, with backend-extension's finding)
        keep = {non_lifetime[pos].id for pos, count in own.kept if len(non_lifetime) == count and pos < count
                and ctx.scope.backend_kind(non_lifetime[pos], scope) in ("concrete", "alias")}
        by_kind = [a for a in by_kind if a.id not in keep]
        if not by_kind:
            return ArgDecision([])
        if not own.backend:
            shown = ", ".join(f"`{text(a)}`" for a in by_kind)
            return ArgDecision([], left=(f"`{name}` here is {own.where}, which keeps its backend parameter (its "
                                         f"backend-extension finding says why), while {shown} here is erased with "
                                         "the code around it: neither keeping nor dropping the argument compiles "
                                         "(E0425 / E0283); migrate the two together, by hand (R19)."))
    if own is not None and not own.backend and by_kind:
        shown = ", ".join(f"`{text(a)}`" for a in by_kind)
        return ArgDecision([], left=(f"`{name}` here is {own.where}, which has no backend parameter: "
                                     f"its type argument {shown} is left as it is (another fn of that name elsewhere "
                                     "in the crate is not this one). 0.22 has no backend types: pass a `Device` "
                                     "value, or drop the parameter, by hand."))
    table = (own.backend or None) if own is not None else (ctx.index.user_fns.get(name) if is_fn else None)
    user = ctx.index.user_types.get(own_name) if not is_fn else None
    doomed = by_kind
    reason = gone = ""
    grads_params = False   # a `GradientsParams` read (`grads.remove::<B, D>(id)`): no device is made
    safety = Safety.SAFE
    if is_fn and name == "init" and len(args) == 2 and kinds[0] not in (None, "extension") \
            and _call_has_no_args(head):
        # OptimizerConfig::init::<B, M>() (no value arguments) takes no generics in 0.22 (R16);
        # any other `init::<B, T>(..)` keeps its other arguments
        return ArgDecision(list(args))   # (the module argument is no backend: nothing is blocked)
    if user is not None:
        pos, count = user
        if len(non_lifetime) == count and pos < count:
            cand = non_lifetime[pos]
            kind = ctx.scope.backend_kind(cand, scope)
            # only an argument that can be a backend goes: not a rank (`Tensor<BOR>` after a first
            # round, when the project also has a type named `Tensor`), a literal, `Self`, ... A
            # parameter kept for an extension goes too: the project's type has lost its parameter
            # (`GraphData<B>` in a fn kept for `B: MemoryReport` is `GraphData`, E0107 otherwise)
            if not (kind is None and _not_a_backend(ctx, head, cand, exact=True)):
                doomed = [cand] + [a for a in by_kind if a.id != cand.id]
                blocked = [a for a in blocked if a.id != cand.id]
    elif table:
        if len(table) == 1:
            pos, count = next(iter(table))
            if len(non_lifetime) == count and pos < count:
                cand = non_lifetime[pos]
                kind = ctx.scope.backend_kind(cand, scope)
                # a generic parameter of the caller that is not a backend (`get::<T>()` with
                # `T: Numeric`) is not the callee's backend, whatever the callee's name says
                # (the caller's own parameter kept for an extension goes too where the callee,
                # resolved as rustc does, lost its parameter: `build_metrics::<B>()` is E0107 otherwise)
                if (kind != "extension" or (own is not None and not own.kept)) \
                        and not (kind is None and _not_a_backend(ctx, head, cand, exact=own is not None)):
                    doomed = [cand] + [a for a in by_kind if a.id != cand.id]
                    blocked = [a for a in blocked if a.id != cand.id]
                elif kind is None and not by_kind and (t := alias_target(ctx, cand)) is not None \
                        and last_segment(t) not in ctx.index.defined_types and text(t) not in PRIMITIVES:
                    return ArgDecision([], left=(
                        f"`{text(cand)}` (`{text(t)}`, another crate's type) stands where the project's `{name}` "
                        "takes its backend, by name: this call's receiver is not resolved here, so the argument "
                        "is left. If it is a backend, drop it (0.22 has no backend types, and that fn lost its "
                        "parameter); the device passed must then be built for it (R12)."))
    elif not by_kind and name in _GRADS_METHODS and len(non_lifetime) == 2 and text(non_lifetime[0]) == "_" \
            and head.type == "field_expression":
        # `grads.get::<_, D>(id)`: 0.21's `GradientsParams::get<B: Backend, const D: usize>` with its
        # backend inferred; 0.22.1's is `get<const D: usize>` (burn-optim 0.22.1 `optim/grads.rs`)
        doomed = [non_lifetime[0]]
        if b"GradientsParams" not in ctx.src:
            safety = Safety.REVIEW
            reason = (f"`.{name}::<_, D>` is read as `GradientsParams::{name}` (0.21: backend then rank); this "
                      "file does not name `GradientsParams`: check the receiver is one.")
    elif is_fn and name in api.TURBOFISH_DROP_ALL and doomed:
        doomed = list(args)
    elif doomed and not is_fn and name not in ctx.index.defined_types and (
            name in api.REMOVED_GENERIC_TYPES or (name in api.gone_names() and burn_item(ctx, head))):
        # (kept whatever the arguments are: a drop inside a type 0.22.1 lacks is never a device
        # question another drop of the fn answers, nor decided by where a device is made)
        gone = (f"burn 0.22.1 has no `{name}` (its removed-items finding says what replaces it): the "
                "argument is dropped only because 0.22 has no backend types; this code needs the 0.22.1 "
                "API by hand.")
    elif doomed and not burn_type and not is_fn:
        safety = Safety.REVIEW
        if name in ctx.index.defined_types:
            reason = (f"`{name}` is the project's own type, but its parameter has no backend bound (a type "
                      "alias, or a type bounded elsewhere); its backend argument was erased: check that "
                      f"`{name}` no longer takes one (erase its parameter too, or keep both).")
        else:
            reason = (f"`{name}` is not a burn type this tool knows nor a project type; its backend "
                      "argument was erased because 0.22 has no backend types: check that the 0.22 "
                      "version of this type takes no backend either.")
    elif doomed and is_fn and name not in api.BURN_GENERIC_TYPES:
        grads_params = doomed == non_lifetime[:1] and gradients_params_call(ctx, head, non_lifetime)
        if not table and not names_burn(ctx, head) and not grads_params and not burn_config_init(ctx, head):   # burn's own generic fns lost their backend parameter
            safety = Safety.REVIEW
            reason = (f"`{name}` is not a project fn: if it comes from a crate built for burn "
                      "0.21, that crate must be upgraded too (R8).")
    if not is_fn and not doomed and name == "Tensor" and _tensor_0_21_backend(head, non_lifetime) \
            and not _project_tensor(ctx, head):
        doomed = [non_lifetime[0]]   # `Tensor<other_crate::Fast, 2>`: a backend by its place
    if gone:
        return ArgDecision(doomed, Safety.REVIEW, gone, blocked or None)
    unknown = [a for a in doomed if a.type in ("type_identifier", "scoped_type_identifier", "generic_type")
               and text(a) != "_" and ctx.scope.backend_kind(a, scope) is None and not _enclosing_param(head, text(a))]
    local = [(a, t) for a in unknown if (t := alias_target(ctx, a)) is not None
             and ctx.scope.backend_kind(t) in ("concrete", "alias", "components")]
    if local and len(local) == len(unknown):
        # an alias the index does not hold (a fn-local one) of a backend it knows
        safety = Safety.REVIEW
        ad = any(ctx.scope.is_autodiff_type(t) for _, t in local)
        names = ", ".join(f"`{text(a)}` (`{text(t)}`)" for a, t in local)
        reason = (f"the backend {names} was chosen by type here; in 0.22 the device value chooses "
                  "it (R12): the device this code receives must be built for that backend"
                  + (" and be an autodiff device (`device.autodiff()`, R11)." if ad else ".")
                  + "".join(elem_note(ctx, text(t)) for _, t in local))
        unknown = []
    if unknown:
        safety = Safety.REVIEW
        names = ", ".join(f"`{text(a)}`" for a in unknown)
        reason = (f"{names} stands where 0.21 took the backend, and is no backend this tool knows (another "
                  "crate's type?): in 0.22 the device value chooses the backend (R12), so the device this "
                  "code receives must be built for it; if that crate is itself on burn 0.21, it must move "
                  "first (R8).")
    concrete = [a for a in doomed if ctx.scope.backend_kind(a, scope) in ("concrete", "alias", "components")
                and not _dispatch(ctx, a)]
    if grads_params:
        concrete = []   # `grads.remove::<NdArray, 2>(id)` reads a gradient: none is chosen
    if concrete:
        safety = Safety.REVIEW
        # a fn-local alias is read where it is written (the crate's aliases of that name may differ)
        meant = [(t, None) if (t := local_alias_target(ctx, a)) is not None else (a, scope) for a in concrete]
        ad = any(ctx.scope.is_autodiff_type(t, sc) for t, sc in meant)
        names = ", ".join(f"`{text(a)}`" for a in concrete)
        reason = (f"the backend {names} was chosen by type here; in 0.22 the device value chooses "
                  "it (R12): the device this code receives must be built for that backend"
                  + (" and be an autodiff device (`device.autodiff()`, R11)." if ad else ".")
                  + "".join(elem_note(ctx, text(t)) for t, _ in meant))
    if own is not None and own.optimizer and doomed:   # module-optimizer makes the callee's `O` `ModuleOptimizer`
        ids = {a.id for a in doomed}
        doomed = doomed + [a for i, a in enumerate(non_lifetime) if i in own.optimizer and a.id not in ids]
        if len(doomed) < len(non_lifetime):
            safety, reason = Safety.REVIEW, (
                f"`{name}`'s optimizer parameter becomes `ModuleOptimizer` (module-optimizer), and a module parameter "
                "only its bound named goes with it: the turbofish's other arguments must match what is left (E0107 "
                "otherwise), by hand.")
    return ArgDecision(doomed, safety, reason, blocked or None, chosen=concrete)


def _dispatch(ctx: FileContext, arg: Node) -> bool:
    """Is `arg` burn 0.21's `Dispatch` (or a project alias of it)? That backend ran wherever its
    device value said (burn-dispatch's `DispatchDevice`), as every 0.22.1 tensor does (burn-tensor
    0.22.1 is built on burn-dispatch): dropping it leaves the choice where it was, with the device."""
    if arg.type in ("type_identifier", "scoped_type_identifier") and last_segment(arg) == "Dispatch":
        return "Dispatch" not in ctx.index.defined_types
    alias = ctx.index.backend_aliases.get(text(arg)) if arg.type == "type_identifier" else None
    return alias is not None and alias.base == "Dispatch" and not alias.autodiff


def erase_args(ctx: FileContext, head: Node, type_args: Node, doomed: list[Node], *,
               turbofish: bool) -> list[Edit]:
    """Edits removing `doomed` from `type_args`; the whole `<..>` (with its `::`) when nothing
    or only `_` placeholders of a turbofish would be left."""
    args = named_args(type_args)
    ids = {d.id for d in doomed}
    left = [a for a in args if a.id not in ids]
    if not left or (turbofish and all(text(a) == "_" for a in left)):
        return [delete_span(head.end_byte, type_args.end_byte)]
    return delete_list_items(ctx.src, type_args, doomed)
