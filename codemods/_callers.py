"""Where a private fn is called from (issue 26 item 1: follow the callers in the crate).

A type in a fn's signature types what its callers pass; a device parameter is made by its
callers. Both are decided only where every caller is seen: the fn is private to its file, not
a trait's (callable through the trait from anywhere), no child module in another file can name
it, no macro can expand to a call of it, and every mention of its name is a call.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import ancestors, enclosing, text

# std's macros (the index's `other_macros` counts them with the project's)
_STD_MACROS = frozenset({"assert", "assert_eq", "assert_ne", "debug_assert", "debug_assert_eq", "debug_assert_ne",
                         "vec", "format", "println", "eprintln", "print", "eprint", "write", "writeln", "panic",
                         "unreachable", "todo", "unimplemented", "matches", "dbg", "concat", "stringify", "include_str",
                         "include_bytes", "env", "option_env", "cfg", "line", "file", "column", "module_path",
                         "format_args", "thread_local", "compile_error"})


def calls_of(ctx: FileContext, fn: Node) -> list[Node] | None:
    """The `call_expression`s of this file that call `fn`, or None when a call may be made where
    it is not seen (see the module doc)."""
    if any(c.type == "visibility_modifier" for c in fn.children):
        return None
    for a in ancestors(fn):
        if a.type == "trait_item" or (a.type == "impl_item" and a.child_by_field_name("trait") is not None):
            return None   # callable through the trait, from anywhere
    name_node = fn.child_by_field_name("name")
    name = text(name_node)
    if any(m.child_by_field_name("body") is None and not child_cannot_call(ctx, m, name) for m in ctx.nodes("mod_item")):
        return None   # a child module in another file sees this fn, and may call it
    if any(name in text(m) for m in ctx.nodes("macro_definition")):
        return None   # a macro's expansion calls it with arguments made wherever the macro is used
    project_macros = ctx.index.expr_macros | ctx.index.type_macros | (ctx.index.other_macros - _STD_MACROS)
    if any(text(m.child_by_field_name("macro")).split("::")[-1] in project_macros for m in ctx.nodes("macro_invocation")):
        return None   # (a project macro defined elsewhere may expand to a call of it)
    calls = []
    for ident in ctx.nodes("identifier", "field_identifier"):
        if text(ident) != name or (name_node is not None and ident.id == name_node.id):
            continue
        call = _call_of(ident)
        if call is None or enclosing(ident, ("function_item",)) is None:
            return None
        calls.append(call)
    return calls


def child_cannot_call(ctx: FileContext, mod: Node, name: str) -> bool:
    """`mod common;`: is its file known, without modules of its own, and naming no `name` (a
    child reaches its parent's items only through `super::` or `crate::` paths, so a file with
    neither names none)? Then it cannot call this file's private fn `name`."""
    if any(a.type == "attribute_item" and "path" in text(a) for a in prev_siblings(mod)):
        return False   # `#[path = ".."]`: the file is elsewhere
    child = text(mod.child_by_field_name("name"))
    folder, _, stem = ctx.path.rpartition("/")
    base = f"{folder}/" if folder else ""
    if stem not in ("main.rs", "lib.rs", "mod.rs") and not _crate_root(ctx.path):
        base += stem.removesuffix(".rs") + "/"
    found = [ctx.index.file_words[c] for c in (f"{base}{child}.rs", f"{base}{child}/mod.rs") if c in ctx.index.file_words]
    return len(found) == 1 and not found[0][1] and name not in found[0][0]


def _crate_root(path: str) -> bool:
    """`tests/x.rs`, `examples/x.rs`, `benches/x.rs`, `build.rs`: a file that is its crate's root."""
    parts = path.split("/")
    return parts[-1] == "build.rs" or (len(parts) >= 2 and parts[-2] in ("tests", "examples", "benches"))


def prev_siblings(node: Node):
    p = node.prev_sibling
    while p is not None and p.type in ("attribute_item", "line_comment", "block_comment"):
        yield p
        p = p.prev_sibling


def _call_of(ident: Node) -> Node | None:
    """The call that `ident` names: `name(..)`, `Self::name(..)`, `x.name(..)`, `name::<..>(..)`
    (its `call_expression`), or `name(` in a macro's tokens (`ident` itself: the arguments are
    tokens); None when the mention is no call."""
    node = ident
    parent = node.parent
    if parent is not None and parent.type == "token_tree":
        nxt = ident.next_sibling
        return ident if nxt is not None and nxt.type == "token_tree" and text(nxt).startswith("(") else None
    while parent is not None and parent.type in ("scoped_identifier", "field_expression", "generic_function") \
            and (parent.child_by_field_name("name") == node or parent.child_by_field_name("field") == node
                 or parent.child_by_field_name("function") == node):
        node, parent = parent, parent.parent
    if parent is not None and parent.type == "call_expression" and parent.child_by_field_name("function") == node:
        return parent
    return None
