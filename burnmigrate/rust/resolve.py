"""What a name means at a place in a file, resolved the way rustc resolves it (issue 25 item 1),
before a rule acts on it: the innermost scope that binds the name wins.

Scopes, innermost first: the generic parameters of the enclosing items (a type parameter `B`
shadows a module's `type B = ..`), the items declared in an enclosing block (a fn-local `fn` or
`type`, visible in its whole block), then the module: an item it defines, a `use` (or `pub use`)
that binds the name, and only then a glob import (`use a::*`: an item or a named `use` shadows
it). An inline `mod m { .. }` is a module of its own: names inside it are not visible outside,
and outer names are not visible inside unless imported (`use super::*` brings the parent's).
Nothing here guesses: a name bound by a glob is `glob` (its source is another module's
business), a name bound nowhere in the file is `unknown`, and the caller reviews instead of
borrowing some other item's facts by name.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from .imports import UseLeaf, _module_body, use_leaves
from .syntax import GENERIC_ITEMS, descendants, enclosing, last_segment, text

_ITEM_KINDS = frozenset({"function_item", "type_item", "struct_item", "enum_item", "union_item", "trait_item",
                         "const_item", "static_item", "mod_item", "macro_definition", "function_signature_item"})


@dataclass(frozen=True)
class Resolution:
    kind: str                      # "param" | "local" | "item" | "import" | "glob" | "unknown"
    node: Node | None = None       # the item or generic parameter (param, local, item)
    path: tuple[str, ...] = ()     # the `use` path (import), or the glob's module path (glob)


def _item_named(body: Node, name: str) -> Node | None:
    for c in body.named_children:
        if c.type in _ITEM_KINDS:
            n = c.child_by_field_name("name")
            if n is not None and text(n) == name:
                return c
    return None


def defined_once(item: Node) -> bool:
    """Is `item` the only item of its name in its module (or block)? A name defined once per
    `#[cfg]` (`#[cfg(feature = "gpu")] type B = Wgpu;` beside `#[cfg(not(..))] type B = Flex;`)
    resolves to whichever its build compiles: no one definition is the name's."""
    n = item.child_by_field_name("name")
    body = item.parent
    return n is None or body is None or sum(
        1 for c in body.named_children if c.type in _ITEM_KINDS and c.id != item.id
        and (m := c.child_by_field_name("name")) is not None and text(m) == text(n)) == 0


def _generic_param(owner: Node, name: str) -> Node | None:
    params = owner.child_by_field_name("type_parameters")
    for p in params.named_children if params is not None else []:
        n = p.child_by_field_name("name") if p.type != "type_identifier" else p
        if n is not None and text(n) == name:
            return p
    return None


def _module_leaves(body: Node, declarations: list[Node] | None) -> list[UseLeaf]:
    return [leaf for leaf in use_leaves(body, declarations) if _module_body(leaf.declaration).id == body.id]


def resolve(at: Node, name: str, declarations: list[Node] | None = None) -> Resolution:
    """What `name` means at `at` (see the module doc)."""
    cur: Node | None = at
    while cur is not None and cur.type not in ("source_file",) and not (
            cur.type == "declaration_list" and cur.parent is not None and cur.parent.type == "mod_item"):
        if cur.type in GENERIC_ITEMS:
            p = _generic_param(cur, name)
            if p is not None:
                return Resolution("param", p)
        if cur.type == "block":
            local = _item_named(cur, name)
            if local is not None:
                return Resolution("local", local)
        cur = cur.parent
    body = _module_body(at) if cur is None else cur
    while True:
        item = _item_named(body, name)
        if item is not None:
            return Resolution("item", item)
        leaves = _module_leaves(body, declarations)
        named = [leaf for leaf in leaves if leaf.bound == name]
        if named:
            return Resolution("import", None, tuple(named[0].path))
        globs = [leaf for leaf in leaves if leaf.path and leaf.path[-1] == "*"]
        parent_glob = any(tuple(g.path) == ("super", "*") for g in globs)
        if parent_glob and body.type == "declaration_list" and body.parent is not None:
            outer = resolve(body.parent, name, declarations)   # `use super::*`: the parent's names
            if outer.kind != "unknown":
                return outer if outer.kind != "param" else Resolution("unknown")
        if globs:
            return Resolution("glob", None, tuple(globs[0].path[:-1]))
        return Resolution("unknown")


def parameter(fn: Node, name: str) -> Node | None:
    """The parameter of `fn` (a fn item) that binds `name` (`device: &WgpuDevice`, `mut d: D`)."""
    params = fn.child_by_field_name("parameters")
    return next((p for p in (params.named_children if params is not None else ()) if p.type == "parameter"
                 and text(p.child_by_field_name("pattern")).removeprefix("mut ").strip() == name), None)


def local_binding(scope: Node, name: str, at: Node) -> Node | None:
    """The `let name = ..` or `for name in ..` inside `scope` (a fn or closure) whose binding `at`
    sees: the last `let` that ends before `at` in a block holding `at`, or a `for` whose body holds
    `at`; None when `scope` binds `name` neither way there. A closure holding `at` is looked into
    (its `let`s before `at` are seen; a parameter of that name hides the outer ones); a nested fn
    holding `at` sees none of the outer ones, and other nested fns and closures are skipped."""
    best: Node | None = None
    floor = -1   # a binding that starts before this is hidden (by a closure parameter of that name)
    stack = [c for c in scope.named_children if c.type != "parameters"]
    while stack:
        n = stack.pop()
        if n.start_byte >= at.start_byte:
            continue
        if n.type in ("closure_expression", "function_item"):
            if not n.start_byte <= at.start_byte < n.end_byte:
                continue
            if n.type == "function_item":
                return local_binding(n, name, at)
            if _closure_binds(n.child_by_field_name("parameters"), name):
                floor = max(floor, n.start_byte)
        pat = n.child_by_field_name("pattern") if n.type in ("let_declaration", "for_expression") else None
        if pat is not None and text(pat).removeprefix("mut ").strip() == name:
            holder = n.parent if n.type == "let_declaration" else n.child_by_field_name("body")
            visible = n.end_byte <= at.start_byte if n.type == "let_declaration" else True
            if visible and holder is not None and holder.start_byte <= at.start_byte < holder.end_byte \
                    and (best is None or n.start_byte > best.start_byte):
                best = n
        stack.extend(c for c in n.named_children if c.type != "closure_parameters")
    return best if best is None or best.start_byte > floor else None


def binding_uses(scope: Node, let: Node, name: str) -> list[Node]:
    """The identifiers `name` inside `scope` (a fn or closure) after `let` that rustc resolves to
    `let`'s binding (`local_binding`): the uses of the `let`."""
    return [n for n in descendants(scope) if n.type == "identifier" and n.start_byte >= let.end_byte
            and text(n) == name and local_binding(scope, name, n) == let]


def _closure_binds(params: Node | None, name: str) -> bool:
    """Does a closure's parameter list bind `name` (`|device|`, `|(i, device): (usize, D)|`)?"""
    for p in params.named_children if params is not None else []:
        pat = p.child_by_field_name("pattern") if p.type == "parameter" else p
        todo = [pat] if pat is not None else []
        while todo:
            n = todo.pop()
            if n.type == "identifier" and text(n) == name:
                return True
            todo.extend(n.named_children)
    return False


def result_type(at: Node, declarations: list[Node]) -> str:
    """How to write the two-parameter `Result` at `at`: `Result`, or `core::result::Result` where
    the name resolves there to something else than the prelude's (`use std::io::Result;`, the
    module's own `type Result<T> = ..`, a glob that may bring one): a one-parameter alias given
    two arguments is E0107 (reading 28)."""
    found = resolve(at, "Result", declarations)
    plain = found.kind == "unknown" or (found.kind == "glob" and (
        found.path[:2] in (("std", "prelude"), ("core", "prelude")) or found.path[:1] in (("burn",), ("burn_core",))))
    return "Result" if plain else "core::result::Result"


def bound_type(name: Node) -> str:
    """The type (last segment) a local name is bound to where it is read: a `let` from
    `T::new()` / `T::<..>::default()` or typed `T`, or a parameter typed `T`, `&T`, `&mut T`."""
    fn = enclosing(name)
    let = local_binding(fn, text(name), name) if fn is not None else None
    if let is not None and let.type == "let_declaration":
        ty = let.child_by_field_name("type")
        if ty is not None:
            return last_segment(ty)
        m = re.match(r"\s*(\w+)\s*(?:::\s*<[^()]*>\s*)?::\s*(?:new|default)\s*\(", text(let.child_by_field_name("value")))
        return m.group(1) if m else ""
    while fn is not None and fn.type != "function_item":
        fn = enclosing(fn)
    params = fn.child_by_field_name("parameters") if fn is not None else None
    for p in params.named_children if params is not None else []:
        if p.type == "parameter" and text(p.child_by_field_name("pattern")) == text(name):
            return re.sub(r"^&\s*(?:mut\s+)?", "", text(p.child_by_field_name("type"))).split("<")[0].split("::")[-1].strip()
    return ""
