"""Byte-exact text edits on a concrete syntax tree.

An `Edit` replaces `src[start:end]` by `new`. Edits from one rule step are applied together;
nested edits (an inner edit inside a span that an outer edit replaces) are dropped in favour of
the outer one, so a rule can say "delete this argument" and "rewrite inside it" without caring.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from tree_sitter import Node

from .syntax import line_end, line_start, named_args


@dataclass(frozen=True, order=True)
class Edit:
    start: int
    end: int
    new: str = ""

    def to_json(self) -> dict:
        return {"start_byte": self.start, "end_byte": self.end, "new_text": self.new}


def normalise(edits: Iterable[Edit]) -> list[Edit]:
    """Sorted, de-duplicated edits with nested or overlapping ones removed (the outer or the
    earlier edit wins)."""
    out: list[Edit] = []
    # insertions at a point come before an edit that starts there (both apply)
    for e in sorted(set(edits), key=lambda e: (e.start, e.end != e.start, -e.end, e.new)):
        if out and e.start < out[-1].end:
            continue  # inside (or overlapping) the previous edit
        out.append(e)
    return out


def apply(src: bytes, edits: Sequence[Edit]) -> bytes:
    parts: list[bytes] = []
    pos = 0
    for e in normalise(edits):
        parts.append(src[pos:e.start])
        parts.append(e.new.encode("utf-8"))
        pos = e.end
    parts.append(src[pos:])
    return b"".join(parts)


def tidy_line_deletions(src: bytes, edits: Sequence[Edit]) -> list[Edit]:
    """Deleting whole lines must not leave two blank lines in a row, nor a blank line at the
    top of the file or of a block: adjacent line deletions are merged, and a blank line that
    would follow a blank line (or the file's or a block's start) goes with them."""
    out: list[Edit] = []
    merged_whole = False  # is out[-1] a whole-line deletion?
    for e in normalise(edits):
        whole = (not e.new and e.end > e.start
                 and (e.start == 0 or src[e.start - 1:e.start] == b"\n")
                 and (e.end == len(src) or src[e.end - 1:e.end] == b"\n"))
        if whole and merged_whole and out[-1].end == e.start:
            e = Edit(out.pop().start, e.end, "")
        if whole:
            a, b = e.start, e.end
            before = src[:a].rstrip(b" \t")
            prev_blank = a == 0 or before.endswith((b"\n\n", b"{\n"))
            nl = line_end(src, b) if b < len(src) else b
            if prev_blank and b < len(src) and not src[b:nl].strip():
                e = Edit(a, nl, "")
        out.append(e)
        merged_whole = whole
    return out


def map_back(pos: int, edits: Sequence[Edit]) -> int:
    """A byte position in the text after `edits` → the position in the text before them
    (positions inside a replacement map to the replaced span's start)."""
    delta = 0
    for e in normalise(edits):
        new_start = e.start + delta
        new_len = len(e.new.encode("utf-8"))
        if pos < new_start:
            break
        if pos < new_start + new_len:
            return e.start
        delta += new_len - (e.end - e.start)
    return pos - delta


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
            if (after is not None and after.type == "line_comment"
                    and after.start_point[0] == (comma.end_point[0])
                    and after.start_point[0] == n.start_point[0]):
                end = after.end_byte  # `B, // backend` goes with its comment
            end = _skip_spaces(src, end, nxt.start_byte)
            # keep a line break when the next element starts a new line and we sit on our own
            start = n.start_byte
            edits.append(delete_span(start, end) if end <= nxt.start_byte else delete_span(start, nxt.start_byte))
        else:
            # a trailing run of doomed elements: delete from the end of the last kept element
            edits.append(delete_span(items[last_kept].end_byte, items[-1].end_byte))
            break
    return edits
