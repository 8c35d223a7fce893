"""Edits built from syntax-tree nodes: replace a node, delete a span, delete some elements of
a comma-separated list keeping the others' commas, comments and layout."""
from __future__ import annotations

from collections.abc import Sequence

from tree_sitter import Node

from burnmigrate.model.edits import Edit, line_end, line_start
from burnmigrate.rust.syntax import named_args


def replace(node: Node, new: str) -> Edit:
    return Edit(node.start_byte, node.end_byte, new)


def delete_span(start: int, end: int) -> Edit:
    return Edit(start, end, "")


def _skip_spaces(src: bytes, pos: int, limit: int) -> int:
    while pos < limit and src[pos:pos + 1] in (b" ", b"\t", b"\r", b"\n"):
        pos += 1
    return pos


def delete_list_items(src: bytes, list_node: Node, doomed: Sequence[Node]) -> list[Edit]:
    """Delete some elements of a comma separated list node, keeping the commas, comments and
    layout of the others. Returns [] when nothing is doomed. When every element is doomed the
    caller decides what replaces the whole list (this returns the per-element deletions anyway,
    which leave `<>`)."""
    items = named_args(list_node)
    doomed_ids = {d.id for d in doomed}
    if not doomed_ids:
        return []
    kept = [i for i, n in enumerate(items) if n.id not in doomed_ids]
    edits: list[Edit] = []
    if not kept:
        first, last = items[0], items[-1]
        end = last.end_byte
        nxt = last.next_sibling
        if nxt is not None and nxt.type == ",":
            end = nxt.end_byte
            nxt = nxt.next_sibling
        ls, le = line_start(src, first.start_byte), line_end(src, end)
        if not src[ls:first.start_byte].strip() and not src[end:le].strip():
            return [delete_span(ls, le)]  # the elements had lines of their own: drop the lines
        opener = first.prev_sibling
        if opener is not None and nxt is not None and not opener.is_named and not nxt.is_named:
            return [delete_span(opener.end_byte, nxt.start_byte)]  # `S { x: y }` → `S {}`
        return [delete_span(first.start_byte, end)]
    last_kept = kept[-1]
    for i, n in enumerate(items):
        if n.id not in doomed_ids:
            continue
        if i < last_kept:
            # delete the element, its comma, and the blank after the comma (not a comment)
            comma = n.next_sibling
            while comma is not None and comma.type != ",":
                comma = comma.next_sibling
            end = comma.end_byte if comma is not None else items[i + 1].start_byte
            nxt = items[i + 1]
            after = comma.next_sibling if comma is not None else None
            if (comma is not None and after is not None and after.type == "line_comment"
                    and after.start_point[0] == (comma.end_point[0])
                    and after.start_point[0] == n.start_point[0]):
                end = after.end_byte  # `B, // backend` goes with its comment
            end = _skip_spaces(src, end, nxt.start_byte)
            # keep a line break when the next element starts a new line and we sit on our own
            start = n.start_byte
            edits.append(delete_span(start, end) if end <= nxt.start_byte else delete_span(start, nxt.start_byte))
        else:
            # a trailing run of doomed elements: delete from the end of the last kept element,
            # keeping the plain comments in between (they may speak of more than the deleted
            # element); doc comments go with their element (left alone they document nothing)
            start = items[last_kept].end_byte
            sib = items[last_kept].next_sibling
            while sib is not None and sib.start_byte < n.start_byte:
                if sib.type in ("line_comment", "block_comment") and not src[sib.start_byte:sib.end_byte].startswith((b"///", b"/**", b"//!")):
                    start = sib.end_byte
                sib = sib.next_sibling
            end = items[-1].end_byte
            if start != items[last_kept].end_byte:
                nl = src.rfind(b"\n", start, n.start_byte)
                start = nl if nl >= 0 else start
                comma = items[-1].next_sibling
                if comma is not None and comma.type == ",":
                    end = comma.end_byte  # the kept element keeps its own comma
            edits.append(delete_span(start, end))
            break
    return edits


def insert_statements(src: bytes, fn: Node, lines: list[str]) -> Edit | None:
    """An edit putting `lines` (statements) first in the fn's body, in its indentation: before
    the first statement (on its line when the body is one line), or into an empty body."""
    from burnmigrate.rust.syntax import indentation
    body = fn.child_by_field_name("body")
    if body is None:
        return None
    stmts = named_args(body)
    if stmts:
        first = stmts[0]
        if src.rfind(b"\n", 0, first.start_byte) < body.start_byte:   # `fn f() { body }` on one line
            return Edit(first.start_byte, first.start_byte, " ".join(lines) + " ")
        indent = indentation(src, first.start_byte)
        return Edit(first.start_byte, first.start_byte, ("\n" + indent).join(lines) + "\n" + indent)
    indent = indentation(src, fn.start_byte) + "    "
    return Edit(body.start_byte + 1, body.start_byte + 1, "".join("\n" + indent + l for l in lines))


def drop_generics(src: bytes, type_params: Node | None, doomed: Sequence[Node],
                  where: Node | None, doomed_preds: Sequence[Node]) -> list[Edit]:
    """Delete some generic parameters and `where` predicates of an item: an emptied `<>` and an
    emptied `where` clause disappear with them."""
    edits: list[Edit] = []
    if type_params is not None and doomed:
        if len(named_args(type_params)) == len(doomed):
            edits.append(delete_span(type_params.start_byte, type_params.end_byte))
        else:
            edits += delete_list_items(src, type_params, doomed)
    if where is not None and doomed_preds:
        if len(doomed_preds) == len(named_args(where)):
            prev, nxt = where.prev_sibling, where.next_sibling
            start = prev.end_byte if prev is not None else where.start_byte
            if nxt is not None and nxt.type == ";":
                edits.append(Edit(start, nxt.start_byte, ""))
            elif nxt is not None:
                edits.append(Edit(start, nxt.start_byte, " "))
            else:
                edits.append(Edit(start, where.end_byte, ""))
        else:
            edits += delete_list_items(src, where, doomed_preds)
    return edits


def clear_of_removals(src: bytes, edits: list[Edit]) -> list[Edit]:
    """One change's edits with each insertion that falls inside a span the change deletes moved to
    that span's start: `insertion_edit` goes after the module's last `use`, and when the change
    deletes that very `use` (its leaves moved elsewhere), the deletion would swallow the insertion
    (model/edits.normalise keeps the outer edit) and the moved names would be imported nowhere."""
    out = []
    for e in edits:
        holder = next((r for r in edits if not r.new and r.start < e.start < r.end), None) if e.start == e.end else None
        if holder is not None:
            line = e.new.lstrip("\n")
            head = src[line_start(src, holder.start):holder.start]
            # the deleted line's indentation (kept before the span) indents the moved `use` too
            e = Edit(holder.start, holder.start, (line.lstrip() if head.strip() == b"" and head else line) + "\n")
        out.append(e)
    return out
