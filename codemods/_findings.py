"""Helpers the finding rules of the behaviour chapters share: the fns of a file with their text,
and loops (plain syntax, no rule state)."""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.rust.syntax import text

LOOPS = ("for_expression", "while_expression", "loop_expression")


def fn_bodies(ctx) -> list[tuple[Node, Node, str]]:
    """(fn item or closure, its body, the body's text) for every fn of the file."""
    out = []
    for fn in ctx.nodes("function_item"):
        body = fn.child_by_field_name("body")
        if body is not None:
            out.append((fn, body, text(body)))
    return out


def in_loop(node: Node, stop: Node) -> Node | None:
    """The innermost loop around `node` inside `stop` (None when there is none)."""
    cur = node.parent
    while cur is not None and cur != stop:
        if cur.type in LOOPS:
            return cur
        if cur.type in ("closure_expression", "function_item"):
            return None
        cur = cur.parent
    return None
