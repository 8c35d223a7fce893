"""Which type parameters are backend parameters, and which type expressions name a backend.

A backend parameter is recognised by its bound (`Backend`, `AutodiffBackend`, `BackendTypes`, or
a project trait that extends one of them), never by its name. Scopes follow the item nesting of
the concrete tree, so a rule asks "is `B` a backend here?" of the node it is looking at.
"""
from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.generics import bound_names, burn_path_bounds, generic_params, where_clause
from burnmigrate.rust.index import ProjectIndex
from burnmigrate.rust.module_tree import from_project
from burnmigrate.rust.param_uses import leftover, op_level, param_uses
from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.syntax import GENERIC_ITEMS, last_segment, named_args, path_segments, text


def _project_module(at: Node, first: str, crates: frozenset[str] = frozenset()) -> bool:
    """Does a path starting with `first` lead into this crate's modules (`crate`, `self`, `super`,
    a `mod` of the file, or a name imported from one), or into a workspace crate's (`my_lib::`
    in the package's bins)?"""
    if from_project((first,)) or first in crates:
        return True
    found = resolve(at, first)
    if found.kind in ("item", "local"):
        return found.node is not None and found.node.type == "mod_item"
    return found.kind == "import" and from_project(found.path)


@dataclass
class BackendParam:
    name: str
    position: int          # among the item's type and const parameters (lifetimes excluded)
    autodiff: bool
    extension: bool        # bounded by more than a backend: erasing it would lose behaviour (R19)
    node: Node
    extra_bounds: tuple[str, ...] = ()
    macro: str = ""        # a macro call in the item takes the parameter as a token: it must stay
    kept: str = ""         # a use of the parameter no rule rewrites (`v: Vec<B>`): erasing it would break that use
    # kept for type-level uses only (the backend as a value, `Vec<B>`, a type witness, a kept
    # type): its burn types still take their 0.22.1 form (`Tensor<D>`, `Linear`, `Device`), and
    # the parameter stays for those uses (issue 25 item 3). Not when a backend op or primitive
    # uses it (the device and tensors there are the backend's own).
    kept_form: bool = False


def _type_level_only(uses, index) -> bool:
    """Are the uses that keep a parameter all type-level (the backend as a value or field, a
    std container of it, a type witness, a type kept generic for such uses): no backend op
    (`B::float_add`), no primitive (`FloatTensor<B>`, `into_primitive`), no type kept for one?"""
    return not op_level(uses, index)


def _still_names(item: Node, name: str, own: Node, uses, index) -> bool:
    """Once its burn types lose the parameter, does the item still name it where the compiler
    needs it: a field of a type (else E0392), a fn's signature (else its callers cannot infer it),
    an impl's self type?"""
    if item.type == "impl_item":
        return True
    if item.type in ("struct_item", "enum_item", "union_item"):
        return bool(leftover(uses, index))   # its own field, not only another item's use
    if item.type in ("function_item", "function_signature_item"):
        sig = [c for c in (item.child_by_field_name("parameters"), item.child_by_field_name("return_type")) if c is not None]
        return any(leftover(param_uses(c, name, own), index) for c in sig)
    return False


def classify_bounds(names: list[str], backend_traits: frozenset[str] | set[str],
                    autodiff_traits: frozenset[str] | set[str]) -> tuple[bool, bool, tuple[str, ...]]:
    """→ (is_backend, is_autodiff, extra non-marker bounds)."""
    is_backend = any(n in backend_traits for n in names)
    autodiff = any(n in autodiff_traits for n in names)
    extra = tuple(n for n in names if n not in backend_traits and n not in api.MARKER_BOUNDS
                  and n not in api.BACKEND_TRAITS)
    return is_backend, autodiff, extra


def _tokens(tt: Node):
    for c in tt.children:
        if c.type == "token_tree":
            yield from _tokens(c)
        else:
            yield c


def _macro_taking(item: Node, name: str) -> str:
    """The macro called inside `item` whose arguments name `name` as a token ('' if none):
    tree-sitter cannot see what the macro does with it, so the parameter cannot be erased."""
    body = item.text or b""
    if b"!" not in body or name.encode() not in body:
        return ""
    from burnmigrate.rust.syntax import capture
    root = item
    while root.parent is not None:
        root = root.parent
    for inv in capture("(macro_invocation) @m", item, "m"):
        tt = inv.named_children[-1] if inv.named_children else None
        if tt is None or tt.type != "token_tree":
            continue
        if any(t.type in ("identifier", "type_identifier") and text(t) == name for t in _tokens(tt)):
            return text(inv.child_by_field_name("macro"))
        if _expands_naming(root, text(inv.child_by_field_name("macro")), name):
            return text(inv.child_by_field_name("macro"))
    return ""


def _expands_naming(root: Node, macro: str, name: str) -> bool:
    """Does this file's `macro_rules! macro` write `name` in an arm's expansion (not as a `$`
    metavariable)? A type name there resolves where the macro is called (`train::<B>(..)` in
    `train_for_model!`), so the caller's parameter of that name stays."""
    from burnmigrate.rust.syntax import capture
    for d in capture("(macro_definition) @d", root, "d"):
        if text(d.child_by_field_name("name")) != macro:
            continue
        for rule in d.named_children:
            body = rule.child_by_field_name("right") if rule.type == "macro_rule" else None
            if body is not None and any(t.type == "identifier" and text(t) == name for t in _tokens(body)):
                return True
    return False


class BackendScope:
    """Per-file, per-tree helper answering scope questions; caches per item node."""

    def __init__(self, index: ProjectIndex, project_crates: frozenset[str] = frozenset()):
        self.index = index
        self.project_crates = project_crates   # the workspace's lib crate names (`my_lib::backend::Fast`)
        self._items: dict[int, dict[str, BackendParam]] = {}
        self._scopes: dict[int, dict[str, BackendParam]] = {}
        self._param_names: dict[int, set[str]] = {}
        self.backend_traits = set(api.BACKEND_TRAITS) | set(index.extension_traits)
        self.autodiff_traits = set(api.AUTODIFF_TRAITS) | set(index.autodiff_extension_traits)

    def resolve_names(self, shadowed: set[str], aliases: dict[str, str]) -> None:
        """Names as this file resolves them: a trait the file defines or imports from the project
        (`trait Backend {..}`, `use crate::engine::Backend`) is not burn's and shadows burn's glob
        imports; `use burn::..::Backend as BackendTrait` makes `BackendTrait` burn's."""
        self.backend_traits -= shadowed
        self.autodiff_traits -= shadowed
        for alias, target in aliases.items():
            if target in api.BACKEND_TRAITS:
                self.backend_traits.add(alias)
            if target in api.AUTODIFF_TRAITS:
                self.autodiff_traits.add(alias)

    # -- parameters -------------------------------------------------------------------------
    def params_of(self, item: Node) -> dict[str, BackendParam]:
        cached = self._items.get(item.id)
        if cached is not None:
            return cached
        found: dict[str, BackendParam] = {}
        params = generic_params(item)
        wc = where_clause(item)
        preds: dict[str, list[Node]] = {}
        if wc is not None:
            for pred in named_args(wc):
                if pred.type == "where_predicate":
                    left = pred.child_by_field_name("left")
                    if left is not None and left.type == "type_identifier":
                        preds.setdefault(text(left), []).append(pred)
        position = 0
        for p in params:
            if p.type == "const_parameter":
                position += 1
                continue
            name_node = p.child_by_field_name("name")
            name = text(name_node) if name_node is not None else ""
            names = bound_names(p.child_by_field_name("bounds"))
            burnish = burn_path_bounds(p.child_by_field_name("bounds"))
            for pred in preds.get(name, []):
                names += bound_names(pred.child_by_field_name("bounds"))
                burnish += burn_path_bounds(pred.child_by_field_name("bounds"))
            is_backend, autodiff, extra = classify_bounds(names, self.backend_traits, self.autodiff_traits)
            # a bound written as a burn path (`B: burn::tensor::backend::Backend`) is burn's trait,
            # even in a file whose own `trait Backend` shadows the bare name
            burn_traits = {b[6:] for b in burnish} & api.BACKEND_TRAITS
            if burn_traits and not is_backend:
                is_backend, autodiff = True, autodiff or bool(burn_traits & api.AUTODIFF_TRAITS)
                extra = tuple(e for e in extra if e not in burn_traits)
            if not is_backend and item.type == "type_item" and not names:
                # `type Net<B> = Model<B>;`: unbounded, but only ever a backend argument (the index says)
                alias = item.child_by_field_name("name")
                is_backend = alias is not None and self.index.alias_backend_params.get(text(alias)) == name
            ext_traits = [n for n in names if n in self.index.extension_traits]
            if is_backend:
                macro = _macro_taking(item, name)
                if macro:
                    extra = extra + (f"{macro}!",)
                # a use no rule rewrites (the type itself in a field or signature, the argument of a
                # type the rules do not know, a type witness, a member no rule maps): erasing the
                # parameter would leave it undefined (E0412, E0433), so the item keeps it (a finding says why)
                uses = [] if (extra or ext_traits) else param_uses(item, name, p)
                kept = "" if (extra or ext_traits) else leftover(uses, self.index)
                if not kept and not (extra or ext_traits):
                    kept = self._kept_by_others(item)
                kept_form = (bool(kept) and not macro and _type_level_only(uses, self.index)
                             and _still_names(item, name, p, uses, self.index))
                found[name] = BackendParam(
                    name=name, position=position, autodiff=autodiff or any(
                        n in self.index.autodiff_extension_traits for n in names),
                    extension=bool(extra) or bool(ext_traits) or bool(kept),
                    node=p,
                    extra_bounds=extra + tuple(ext_traits), macro=macro, kept=kept, kept_form=kept_form)
            position += 1
        self._items[item.id] = found
        return found

    def _kept_by_others(self, item: Node) -> str:
        """A type (or fn) the index keeps generic because another item's use of its parameter
        cannot be rewritten (its impl, a caller): its own definition keeps it too."""
        name_node = item.child_by_field_name("name")
        name = text(name_node) if name_node is not None else ""
        if item.type in ("struct_item", "enum_item", "type_item", "union_item", "trait_item") and name in self.index.kept_types:
            return f"`{name}`'s other items (an impl or a use elsewhere)"
        if item.type == "function_item" and name in self.index.macro_kept_fns:
            return f"the call `{name}::<..>` that `{self.index.macro_kept_fns[name]}!` writes with a turbofish"
        if item.type == "impl_item" and last_segment(item.child_by_field_name("type")) in self.index.kept_types:
            return f"the type `{last_segment(item.child_by_field_name('type'))}` itself (kept generic)"
        return ""

    def in_scope(self, node: Node) -> dict[str, BackendParam]:
        item = node if node.type in GENERIC_ITEMS else self._enclosing_item(node)
        return self._item_scope(item) if item is not None else {}

    def generic_param(self, node: Node, name: str) -> bool:
        """Is `name` a generic parameter (of any bound) of an item enclosing `node`?"""
        item = node if node.type in GENERIC_ITEMS else self._enclosing_item(node)
        while item is not None:
            names = self._param_names.get(item.id)
            if names is None:
                names = self._param_names[item.id] = {text(p.child_by_field_name("name") or p) for p in generic_params(item)}
            if name in names:
                return True
            item = self._enclosing_item(item)
        return False

    @staticmethod
    def _enclosing_item(node: Node) -> Node | None:
        cur = node.parent
        while cur is not None:
            if cur.type in GENERIC_ITEMS:
                return cur
            cur = cur.parent
        return None

    def _item_scope(self, item: Node) -> dict[str, BackendParam]:
        cached = self._scopes.get(item.id)
        if cached is not None:
            return cached
        outer = self._enclosing_item(item)
        scope = dict(self._item_scope(outer)) if outer is not None else {}
        for p in generic_params(item):  # inner items shadow outer parameters
            scope.pop(text(p.child_by_field_name("name")), None)
        scope.update(self.params_of(item))
        self._scopes[item.id] = scope
        return scope

    # -- type expressions -------------------------------------------------------------------
    def backend_kind(self, node: Node, scope: dict[str, BackendParam] | None = None) -> str | None:
        """None when `node` does not name a backend; otherwise one of
        'param' (an erasable backend parameter), 'extension' (a backend parameter that carries
        more than a backend), 'alias' (a project backend alias), 'concrete' (Wgpu, Autodiff<..>,
        burn::backend::X), 'inner' (B::InnerBackend), 'components' (TrainingBackend<LC>)."""
        if scope is None:
            scope = self.in_scope(node)
        t = node.type
        if t in ("type_identifier", "identifier"):
            name = text(node)
            if name in scope:
                if scope[name].kept_form:
                    return "kept"
                return "extension" if scope[name].extension else "param"
            if (name in self.index.backend_aliases or name in api.CONCRETE_BACKENDS) and self.generic_param(node, name):
                return None   # `impl<B: Locomotion> Walker<B>`: the parameter shadows `type B = Flex`
            if name in self.index.backend_aliases:
                return "alias"
            if name in api.CONCRETE_BACKENDS and name not in self.index.defined_types:
                return "concrete"
            return None
        if t == "scoped_type_identifier":
            name = text(node.child_by_field_name("name"))
            if name == "InnerBackend":
                return "inner"
            segs = path_segments(node)
            if name in api.CONCRETE_BACKENDS and len(segs) > 1 and (
                    "backend" in segs[:-1] or segs[0].startswith("burn")):
                return "concrete"
            if name in self.index.backend_aliases and _project_module(node, segs[0], self.project_crates):
                return "alias"   # `crate::common::InferBackend`, `backends::Fast`: the project's alias by its path
            return None
        if t == "generic_type":
            head = node.child_by_field_name("type")
            name = last_segment(head)
            if name in api.CONCRETE_BACKENDS and name not in self.index.defined_types:
                return "concrete"
            if name in api.BACKEND_FROM_COMPONENTS:
                return "components"
            if name in self.index.backend_aliases:
                return "alias"
            return None
        return None

    def is_backendish(self, node: Node, scope: dict[str, BackendParam] | None = None) -> bool:
        kind = self.backend_kind(node, scope)
        return kind is not None and kind not in ("extension", "kept")

    def is_autodiff_type(self, node: Node, scope: dict[str, BackendParam] | None = None) -> bool:
        if scope is None:
            scope = self.in_scope(node)
        name = last_segment(node)
        if node.type == "type_identifier" and name in scope:
            return scope[name].autodiff
        if name in api.AUTODIFF_BACKENDS:
            return True
        if node.type == "type_identifier" and (local := _local_alias(node)) is not None:
            return self.is_autodiff_type(local, scope)   # (a fn-local alias, read where it is written)
        alias = self.index.backend_aliases.get(name)
        return bool(alias and alias.autodiff)


def _local_alias(node: Node) -> Node | None:
    """The target of the fn-local `type X = ..;` a bare name resolves to where it is written (the
    project's aliases of that name elsewhere do not count there); None otherwise."""
    found = resolve(node, text(node))
    item = found.node if found.kind == "local" else None
    if item is None or item.type != "type_item" or item.child_by_field_name("type_parameters") is not None:
        return None
    return item.child_by_field_name("type")
