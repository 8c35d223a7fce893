"""Byte-exact text edits: plain data and byte arithmetic (no syntax tree here; the
tree-aware helpers that build edits from nodes live in rust/edits.py).

An `Edit` replaces `src[start:end]` by `new`. Edits from one rule step are applied together;
nested edits (an inner edit inside a span that an outer edit replaces) are dropped in favour of
the outer one, so a rule can say "delete this argument" and "rewrite inside it" without caring.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def line_start(src: bytes, pos: int) -> int:
    return src.rfind(b"\n", 0, pos) + 1


def line_end(src: bytes, pos: int) -> int:
    """Index just past the newline that ends the line holding pos (or len(src))."""
    nl = src.find(b"\n", pos)
    return len(src) if nl < 0 else nl + 1



@dataclass(frozen=True, order=True, slots=True)
class Edit:
    start: int
    end: int
    new: str = ""

    def to_json(self) -> dict:
        return {"start_byte": self.start, "end_byte": self.end, "new_text": self.new}


def normalise(edits: Iterable[Edit]) -> list[Edit]:
    """Sorted, de-duplicated edits with nested or overlapping ones removed (the outer or the
    earlier edit wins), and `use` lines that two rules insert at one point without importing a
    name twice."""
    out: list[Edit] = []
    # insertions at a point come before an edit that starts there (both apply)
    for e in sorted(set(edits), key=lambda e: (e.start, e.end != e.start, -e.end, -len(e.new) if e.start == e.end else 0, e.new)):
        if out and e.start < out[-1].end:
            continue  # inside (or overlapping) the previous edit
        if e.start == e.end and out and out[-1].start == e.start:
            e = _without_imported(e, [x for x in out if x.start == x.end == e.start])
            if e is None:
                continue
        out.append(e)
    return out


_USE_LINE = re.compile(r"^(\s*)use ([\w:]+)::(?:\{([^{}]*)\}|(\w+));(\s*)$")


def _imports(new: str) -> tuple[str, set[str]] | None:
    m = _USE_LINE.match(new)
    if m is None:
        return None
    names = m.group(3).split(",") if m.group(3) is not None else [m.group(4)]
    return m.group(2), {n.strip() for n in names if n.strip()}


def imported_names(new: str) -> set[str]:
    """The names a `use` line (as an insertion's text) imports; empty when it is no such line."""
    got = _imports(new)
    return got[1] if got is not None else set()


def brought_in(line: list[Edit], kept, body_start: int) -> set[str]:
    """The names of the `use` line `line` (one insertion) that `kept` edits import in its module:
    those from its body's start to the line (a parent's import is not in scope in a `mod tests`)."""
    wanted = imported_names(line[0].new) if len(line) == 1 else set()
    return wanted & {w for e in kept for w in re.findall(r"\w+", e.new) if ("use " in e.new or "{" in e.new)
                     and body_start <= e.start <= line[0].start and e is not line[0]}


def without_names(e: Edit, names: set[str]) -> Edit | None:
    """The `use` line `e` less `names` (None when nothing is left; `e` itself when none is in it)."""
    mine = _imports(e.new)
    if mine is None or not names & mine[1]:
        return e
    left = sorted(mine[1] - names, key=lambda n: (n != "self", n[:1].isupper(), n))
    if not left:
        return None
    m = _USE_LINE.match(e.new)
    assert m is not None
    body = left[0] if len(left) == 1 else "{" + ", ".join(left) + "}"
    return Edit(e.start, e.end, f"{m.group(1)}use {mine[0]}::{body};{m.group(5)}")


def _without_imported(e: Edit, before: list[Edit]) -> Edit | None:
    """`e`, a `use` line inserted where `before` already insert `use` lines, less the names they
    import (None when nothing is left): two rules that each need `Device`
    must not import it twice (E0252). The longer line comes first, so a subset goes whole.
    (One name from two paths is E0252 too.)"""
    return without_names(e, {n for x in before for n in imported_names(x.new)})


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
