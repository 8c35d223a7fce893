"""Generic parameter lists, where clauses and trait bounds of an item (plain syntax)."""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.burn_api import BURN_CRATE_IDENTS, CONCRETE_BACKENDS
from burnmigrate.rust.syntax import last_segment, named_args, phantom_marked, text


def renamed_bound_names(bounds: Node | None, renamed: dict[str, str]) -> list[str]:
    """`bound_names`, a renamed import of burn's backend trait read as the trait (imports.renamed_imports)."""
    return [renamed.get(n, n) for n in bound_names(bounds)]


def bound_names(bounds: Node | None) -> list[str]:
    """Last path segments of the traits in a `trait_bounds` node (lifetimes left out)."""
    if bounds is None:
        return []
    out = []
    for b in bounds.named_children:
        if b.type in ("lifetime", "line_comment", "block_comment"):
            continue
        if b.type == "removed_trait_bound":
            continue
        if b.type == "higher_ranked_trait_bound":
            b = b.child_by_field_name("type") or b
        out.append(last_segment(b) or text(b))
    return out


def burn_path_bounds(bounds: Node | None) -> list[str]:
    """`burn::` + the last segment of each bound written as a path into a burn crate
    (`B: burn::tensor::backend::Backend`): burn's trait whatever a local `trait Backend` shadows."""
    out = []
    for b in (bounds.named_children if bounds is not None else []):
        head = b.child_by_field_name("type") if b.type == "generic_type" else b
        if head is not None and head.type == "scoped_type_identifier" and \
                text(head).replace(" ", "").split("::")[0] in BURN_CRATE_IDENTS:
            out.append("burn::" + last_segment(head))
    return out


def generic_params(item: Node) -> list[Node]:
    tp = item.child_by_field_name("type_parameters")
    if tp is None:
        return []
    return [p for p in named_args(tp) if p.type in ("type_parameter", "const_parameter", "optional_type_parameter", "constrained_type_parameter")]


def where_clause(item: Node) -> Node | None:
    for c in item.children:
        if c.type == "where_clause":
            return c
    return None


def fn_owner(item: Node) -> str:
    """The impl's self type (or the trait) a fn item belongs to; "" for a free fn."""
    cur = item.parent
    while cur is not None:
        if cur.type == "impl_item":
            return last_segment(cur.child_by_field_name("type"))
        if cur.type in ("trait_item",):
            return text(cur.child_by_field_name("name"))
        if cur.type in ("function_item", "source_file"):
            return ""
        cur = cur.parent
    return ""


def backend_marker(field: Node, backend_params: set[str]) -> tuple[str, ...]:
    """The types a `PhantomData` field marks when they are nothing but the struct's backend
    parameters or concrete backends (`_b: PhantomData<fn() -> B>`, `PhantomData<(B, Flex)>`):
    such a field disappears with its initialisers. () for any other field."""
    ty = field.child_by_field_name("type")
    if ty is None or ty.type != "generic_type" or last_segment(ty) != "PhantomData":
        return ()
    ta = ty.child_by_field_name("type_arguments")
    marked = named_args(ta) if ta is not None else []
    if len(marked) == 1 and marked[0].type == "tuple_type":
        marked = named_args(marked[0])
    names = tuple(text(phantom_marked(a)) for a in marked)
    return names if names and all(n in backend_params or n in CONCRETE_BACKENDS for n in names) else ()
