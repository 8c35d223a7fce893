"""The uses of a backend type parameter inside its item, and which of them no rule rewrites:
what decides whether erasing the parameter is safe. Pass 1 records the uses as plain data (the
index needs them across files); pass 2's scope asks the same question of one item."""
from __future__ import annotations

import dataclasses
import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.syntax import (
    GENERIC_ITEMS,
    ancestors,
    capture,
    enclosing,
    last_segment,
    named_args,
    phantom_marked,
    text,
)

_ITEMS = tuple(GENERIC_ITEMS)   # (the item a where clause belongs to)

# how rules rewrite the parameter's uses: `B::Device`, `B::FloatElem`, …, `B::seed(&d, s)`
_REWRITTEN_MEMBERS = set(api.ASSOCIATED_TYPES) | set(api.ELEM_TYPES) | {"InnerBackend"}
# fns whose turbofish witnesses the type itself: dropping `B` there loses it (E0282)
_WITNESS_TESTS = {"of", "downcast", "downcast_ref", "downcast_mut", "is"}   # type tests (`Any`'s too): erasing
_TYPE_WITNESSES = _WITNESS_TESTS | {"type_name", "size_of", "align_of", "type_id", "needs_drop"}   # changes them
# where a bare type stands: a use of the parameter there is the type itself
_TYPE_POSITIONS = {"field_declaration", "parameter", "let_declaration", "reference_type", "pointer_type",
                   "array_type", "tuple_type", "function_type", "function_item", "function_signature_item",
                   "closure_parameters", "type_cast_expression", "ordered_field_declaration_list", "bounded_type"}


def _phantom_tuple(tup: Node) -> bool:
    args = tup.parent
    owner = args.parent if args is not None and args.type == "type_arguments" else None
    return owner is not None and owner.type == "generic_type" and last_segment(owner.child_by_field_name("type")) == "PhantomData"


def _phantom_arg(ty: Node) -> bool:
    """Is `ty` the one argument of a `PhantomData<..>` field's type?"""
    args = ty.parent
    if args is None or args.type != "type_arguments":
        return False
    owner = args.parent
    return owner is not None and owner.type == "generic_type" and last_segment(owner.child_by_field_name("type")) == "PhantomData" \
        and len(named_args(args)) == 1 and owner.parent is not None and owner.parent.type == "field_declaration"


def param_uses(item: Node, name: str, own: Node) -> list[tuple[str, str, str, str]]:
    """The uses of type parameter `name` in `item` that some rule might not rewrite, as plain
    data (kind, key, shown): ('generic', head, `Vec<B>`) for an argument of a generic type,
    ('witness', '', `TypeId::of::<B>`), ('member', member, `B::name`) for a path member no rule
    maps, ('bare', '', `b: B`) for the type itself, each with the method of an impl whose where
    clause holds it ('' elsewhere: see `stranding_method`). Pass 1 records them; whether
    a 'generic' use is rewritten depends on the project's types, known only once every file is
    indexed."""
    body = item.text or b""
    if body.count(name.encode()) < 2:
        return []
    prim = _PRIMITIVE_CALL.search(body)
    out: list[tuple[str, str, str, str]] = \
        [("primitive", "", f"`{prim.group(0).decode().rstrip('( ')}(..)`", "")] if prim else []
    pattern = f'([(type_identifier) (identifier)] @n (#eq? @n "{name}"))' if name.isidentifier() else \
        "[(type_identifier) (identifier)] @n"
    for n in capture(pattern, item, "n"):
        if text(n) != name or own.start_byte <= n.start_byte < own.end_byte:
            continue
        use = _use_of(item, name, n)
        if use is not None:
            out.append((*use, stranding_method(item, n)))
    return out


def _default_scheme_path(ty: Node) -> bool:
    """Is `ty` the type in 0.21's `<ty as QTensorPrimitive>::default_scheme()`?"""
    q = ty.parent
    path = q.parent if q is not None and q.type == "qualified_type" else None
    scoped = path.parent if path is not None and path.type == "bracketed_type" else None
    return q is not None and scoped is not None and scoped.type == "scoped_identifier" \
        and text(scoped.child_by_field_name("name")) == "default_scheme" \
        and last_segment(q.child_by_field_name("alias")) == "QTensorPrimitive"


def _use_of(item: Node, name: str, n: Node) -> tuple[str, str, str] | None:
    """What the mention `n` of parameter `name` is (param_uses' kinds), or None for a mention
    every rule rewrites (a bound, a rewritten member, a phantom, …)."""
    p = n.parent
    owner = enclosing(p, _ITEMS) if p is not None and p.type == "where_predicate" else None
    if p is not None and owner is not None and owner.id != item.id:
        # a bound on an inner item (`fn quantize(..) where B: Quantize` inside the impl):
        # erasing the impl's parameter leaves it naming nothing (E0412)
        return ("bare", "", f"`where {text(p)}`" if len(text(p)) <= 40 else f"`where {name}: ..`")
    if p is None or p.type in ("type_parameters", "constrained_type_parameter", "where_predicate",
                               "optional_type_parameter", "token_tree", "attribute", "trait_bounds"):
        return None
    if p.type == "type_arguments":
        owner = p.parent
        # `any.downcast::<Box<dyn Op<B>>>()`: a type test through a type built of `B` tests `B` too
        test = next((a for a in ancestors(p) if a.type == "generic_function"), None) \
            if owner is not None and owner.type != "generic_function" else None
        called = test.child_by_field_name("function") if test is not None else None
        if called is not None and (text(called.child_by_field_name("field")) if called.type == "field_expression"
                                   else last_segment(called)) in _WITNESS_TESTS:
            return ("witness", "", f"`{text(test)}`")
        if owner is not None and owner.type in ("generic_type", "generic_type_with_turbofish"):   # (`Kept::<B> { .. }`)
            head = last_segment(owner.child_by_field_name("type"))
            if head == "PhantomData" and owner.parent is not None and owner.parent.type == "ordered_field_declaration_list":
                # a tuple struct's marker: removing a positional field renumbers the others
                # and changes every constructor and pattern, which no rule does
                return ("bare", "", f"`{text(owner)}` (a positional field)")
            if head == "QuantizedTensor" and _default_scheme_path(owner):
                return None   # `<QuantizedTensor<B> as QTensorPrimitive>::default_scheme()`: quant-default-scheme
            if head not in api.BURN_GENERIC_TYPES and head != "PhantomData":
                return ("generic", head, f"`{text(owner)}`")
        elif owner is not None and owner.type == "generic_function":
            fn = owner.child_by_field_name("function")
            if last_segment(fn) in _TYPE_WITNESSES or text(fn).startswith(("std::", "core::", "TypeId")):
                return ("witness", "", f"`{text(owner)}`")
            return ("call", last_segment(fn), f"`{text(owner)}`")
        return None
    if p.type in ("scoped_identifier", "scoped_type_identifier") and p.child_by_field_name("path") == n:
        member = text(p.child_by_field_name("name"))
        outer = p.parent
        if member in api.ELEM_TYPES and p.type == "scoped_identifier" and outer is not None \
                and outer.type == "scoped_identifier" and text(outer.child_by_field_name("name")) != "dtype":
            # `B::FloatElem::MAX`: backend-elem-type rewrites the element type in types and
            # `B::FloatElem::dtype()` only
            return ("member", member, f"`{text(outer)}`")
        if member in _REWRITTEN_MEMBERS:
            return None
        if member in api.DEVICE_METHODS:
            call = p.parent
            args = call.child_by_field_name("arguments") if call is not None and call.type == "call_expression" else None
            if args is not None and len(named_args(args)) == api.DEVICE_METHOD_ARITY.get(member, -1):
                return None
        return ("member", member, f"`{name}::{member}`")
    if p.type == "qualified_type":
        return None
    if p.type == "tuple_type" and _phantom_tuple(p):
        return None  # `PhantomData<(B, M)>`: backend-phantom drops `B` from the tuple
    if p.type in ("function_type", "pointer_type") and phantom_marked(p) == n and _phantom_arg(p):
        return None  # `PhantomData<fn() -> B>` / `PhantomData<*const B>`: backend-phantom removes the field
    if n.type == "type_identifier" and p.type in _TYPE_POSITIONS:
        return ("bare", "", f"`{text(p)}`" if len(text(p)) <= 40 else f"`{text(n)}`")
    return None


def stranding_method(item: Node, n: Node) -> str:
    """The method of the inherent impl `item` whose where clause holds `n`, else ''.

    A bound there (`fn quantize(self) where B: Quantize`) is the method's alone: erasing the
    impl's parameter leaves that one method to a person (backend-extension's finding, which the
    migrated text still shows: a bound on a name nothing declares) while its signature, and so
    every caller, still type-checks. Elsewhere (parameters, return type, body) a use keeps the
    impl."""
    if item.type != "impl_item" or item.child_by_field_name("trait") is not None:
        return ""
    cur: Node | None = n
    clause = None
    while cur is not None and cur.id != item.id:
        if cur.type == "where_clause":
            clause = cur
        if cur.type == "function_item":
            return text(cur.child_by_field_name("name")) if clause is not None and clause.parent is not None and clause.parent.id == cur.id else ""
        cur = cur.parent
    return ""


def leftover(uses, index) -> str:
    """The first of `uses` (param_uses) no rule rewrites, given the project index ('' if none):
    erasing the parameter would break it. A bound in a method's where clause strands that method
    (`stranding_method`) instead."""
    for kind, key, shown, method in uses:
        if method:
            continue
        if kind == "generic" and key in index.defined_types and key not in index.user_types and key not in index.type_aliases:
            return shown   # a project struct or trait whose parameter no rule erases (`struct Sources<B, R>`: unbounded)
        if kind == "generic" and key not in _STD_GENERICS and key not in PRIMITIVE_GENERICS and key not in api.REMOVED_ITEMS \
                and key not in index.kept_types:
            # a burn type, a project type with a backend parameter, or a type of another crate:
            # backend-type-argument drops its backend argument (at review level when unknown)
            continue
        if kind == "call" and key not in index.kept_fns:
            continue  # the turbofish rule drops (or, for a type witness, keeps) the argument
        # (a fn that keeps its parameter keeps it at its calls too: erasing the caller's would
        # leave `f::<B>` naming nothing, E0412)
        return shown
    return ""


# std generics whose argument is the backend type itself (`Vec<B>`, `Option<B>`, `Box<B>`): a
# container of backends, not a backend-generic type, so nothing can drop the argument
_STD_GENERICS = frozenset({"Vec", "VecDeque", "Option", "Box", "Rc", "Arc", "Weak", "RefCell", "Cell", "Mutex",
                           "RwLock", "OnceCell", "OnceLock", "HashMap", "BTreeMap", "HashSet", "BTreeSet",
                           "Result", "Cow", "Pin", "LinkedList", "BinaryHeap", "Reverse", "Wrapping",
                           "ManuallyDrop", "MaybeUninit"})

# backend primitives and autodiff ops: code on this side of the boundary stays generic (R19)
PRIMITIVE_GENERICS = frozenset({"FloatTensor", "IntTensor", "BoolTensor", "QuantizedTensor", "Backward", "Ops",
                                 "OpsPrep", "OpsStep", "TensorPrimitive", "BackendTensor", "FloatTensorOps",
                                 "IntTensorOps", "BoolTensorOps", "ModuleOps", "ActivationOps", "QTensorOps",
                                 "TransactionOps"})
_PRIMITIVE_CALL = re.compile(rb"\b(?:into_primitive|from_primitive|into_float|into_int)\s*\(")


def op_level(uses, index) -> bool:
    """Does one of `uses` keep the parameter for the backend itself: a backend op
    (`B::float_add`), a primitive (`FloatTensor<B>`, `into_primitive`), or a type kept for
    one (`Worker<B>` whose impl calls `B::float_add`)? Such an item stays in its 0.21 form."""
    return any((kind in ("member", "primitive") and not method and leftover([(kind, key, shown, method)], index))
               or (kind == "generic" and (key in PRIMITIVE_GENERICS or key in index.op_kept_types))
               or (kind == "call" and key in index.op_kept_fns)
               for kind, key, shown, method in uses)


def mark_op_kept(idx, items: list) -> None:
    """The kept types kept for a backend op or primitive, in their own items or through a kept
    type that is, until nothing changes (`ProjectIndex.op_kept_types`)."""
    changed = True
    while changed:
        changed = False
        for it in items:
            fn = it.kind.startswith("function")
            kept, op_kept = (idx.kept_fns, idx.op_kept_fns) if fn else (idx.kept_types, idx.op_kept_types)
            if it.name not in kept or it.name in op_kept:
                continue
            blocking = next((u for uses in it.uses.values() for u in uses if op_level([u], idx)), None)
            if blocking is not None:
                op_kept.add(it.name)
                kind, key, shown, _ = blocking
                idx.op_kept_why.setdefault(it.name, idx.op_kept_why.get(key, "") if kind in ("generic", "call")
                                           and key in idx.op_kept_why else f"`{it.name}`'s {shown}")
                changed = True
        # and the other way round (issue 26 item 2: the whole connected set or none of it): an
        # op-kept type stays in its 0.21 form, naming the project's generic types with its
        # parameter (`S: Strategy<B>`), so they stay with it (erased, that use would have one
        # argument too many, E0107); index.py reruns keep_both_or_neither for their users
        for it in items:   # (types only: a fn's name stands for many fns across a workspace, `run`)
            op = not it.kind.startswith("function") and it.name in idx.op_kept_types
            for uses in it.uses.values() if op else ():
                for kind, key, _shown, method in uses:
                    if kind == "generic" and not method and (key in idx.kept_types or key in idx.user_types) \
                            and key not in idx.op_kept_types:
                        idx.kept_types.add(key)
                        idx.user_types.pop(key, None)
                        idx.op_kept_types.add(key)
                        idx.op_kept_why.setdefault(key, idx.op_kept_why.get(it.name, f"`{it.name}`"))
                        changed = True


def keep_both_or_neither(idx, items: list) -> None:
    """A type (or fn) whose backend parameter has a use no rule rewrites (in its definition or an
    impl) keeps it everywhere: it leaves the user-type table (no use of it loses its argument) and
    every item using it with its own parameter keeps that too, until nothing changes. `idx` is
    the project index being merged, `items` every file's `ItemFacts`."""
    changed = True
    while changed:
        changed = False
        for it in items:
            if not it.uses or not any(leftover(u, idx) for u in it.uses.values()):
                continue
            if it.kind.startswith("function"):
                # fns are not propagated: a name (`run`, `launch`) stands for many fns across
                # a workspace, and a caller's turbofish is dropped as before
                changed = _keep_fn(idx, it.name) or changed
            elif it.name not in idx.kept_types:
                if it.kind == "impl_item" and (it.name in api.CONCRETE_BACKENDS or it.name in api.BURN_GENERIC_TYPES
                                               or it.name not in idx.defined_types):
                    continue  # an impl for burn's type (`impl Ext for Autodiff<B, C>`): not ours to keep
                idx.kept_types.add(it.name)
                idx.user_types.pop(it.name, None)
                changed = True


def _keep_fn(idx, name: str) -> bool:
    """Keep fn `name`'s backend parameter (by name: a caller's `f::<B>` keeps its `B` too, its
    callers keep their arguments). Was it new?"""
    idx.user_fns.pop(name, None)
    for fns in idx.module_fns.values():
        if name in fns and fns[name].backend:
            fns[name] = dataclasses.replace(fns[name], kept=True)
    new = name not in idx.kept_fns
    idx.kept_fns.add(name)
    return new


def keep_macro_turbofish_fns(idx, all_facts: list) -> None:
    """A generic fn a project macro calls with a turbofish on a `$` fragment (`macro_rules!
    dispatch { ($job:path) => { $job::<Flex>(..) } }`, `dispatch!(embed)`) keeps its backend
    parameter: erased, the expansion would pass one type argument too many (E0107), and the
    tool does not rewrite macro bodies (every fn the macro is called with would have to go, and
    the device each gets must be made for that backend). Its finding names the macro."""
    macros = {m for f in all_facts for m in f.turbofish_macros}
    for f in all_facts if macros else ():
        for m in sorted(macros & f.macro_args.keys()):
            for name in sorted(f.macro_args[m] & idx.user_fns.keys()):
                idx.macro_kept_fns.setdefault(name, m)
                _keep_fn(idx, name)
