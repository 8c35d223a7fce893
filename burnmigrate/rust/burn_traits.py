"""Impls of burn traits whose shape changed in 0.22.1 (burn_api.CHANGED_TRAITS), resolved the
way rustc resolves the trait's name in the impl's module: a path written out (`burn::module::
Module<B>`), a `use` that binds the name, a local item of that name (which shadows any glob),
or a glob import from burn. A name the module binds from elsewhere is the project's own trait."""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api

from .imports import _module_body, binding_scope, defines, use_leaves
from .syntax import last_segment, text


def trait_of_impl(impl: Node, burn_roots: tuple[str, ...], declarations: list[Node]) -> api.ChangedTrait | None:
    """The changed burn trait this impl implements, or None (no trait, another trait, the
    0.22.1 form, or a trait of the project's own)."""
    tr = impl.child_by_field_name("trait")
    if tr is None:
        return None
    spec = api.CHANGED_TRAITS.get(last_segment(tr) or "")
    if spec is None:
        return None
    has_args = tr.type == "generic_type" and tr.child_by_field_name("type_arguments") is not None
    if spec.with_args_only and not has_args:
        return None
    body = impl.child_by_field_name("body")
    if spec.shape_0_21 and (body is None or not re.search(spec.shape_0_21, text(body))):
        return None   # the 0.22.1 shape already (same name, same arguments)
    base = tr.child_by_field_name("type") if tr.type == "generic_type" else tr
    roots = set(burn_roots) | api.BURN_CRATE_IDENTS
    if base is not None and base.type == "scoped_type_identifier":
        return spec if text(base).split("::", 1)[0] in roots else None
    return spec if _binds_from_burn(impl, spec.name, roots, declarations) else None


def _binds_from_burn(at: Node, name: str, roots: set[str], declarations: list[Node]) -> bool:
    """Does the module around `at` bind `name` to burn's item? Its own item of that name, or a
    `use` binding it from elsewhere, says no; a `use` from burn, or a glob from burn with neither,
    says yes. A module that glob-imports its parent (`use super::*;`) sees the parent's names."""
    body = _module_body(at)
    while True:
        if defines(body, name):
            return False
        own = [leaf for leaf in use_leaves(body, declarations) if _module_body(leaf.declaration).id == body.id]
        named = [leaf for leaf in own if leaf.bound == name]
        if named:
            return named[0].path[0] in roots
        if any(leaf.path and leaf.path[-1] == "*" and leaf.path[0] in roots for leaf in own):
            return True
        parent = binding_scope(body.named_children[0]) if body.type == "declaration_list" and body.named_children else body
        if parent.id == body.id:
            return False
        body = parent


def changed_trait_impls(burn_roots: tuple[str, ...], declarations: list[Node],
                        impls: list[Node]) -> list[tuple[Node, api.ChangedTrait]]:
    out = []
    for impl in impls:
        spec = trait_of_impl(impl, burn_roots, declarations)
        if spec is not None:
            out.append((impl, spec))
    return out
