"""Labelled unified diffs: each hunk header names the rules (and pitfalls) whose changes it
covers, e.g. `@@ -3,7 +3,6 @@ [backend-type-parameter · pitfall 1]`."""
from __future__ import annotations

import difflib
import re

from burnmigrate.model import Change

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def label(c: Change) -> str:
    pits = ",".join(str(p) for p in c.pitfalls)
    doc = " · doc" if c.doc else ""
    return f"[{c.rule} · pitfall {pits}{doc}]" if pits else f"[{c.rule}{doc}]"


def _shift(header: str, by: int) -> str:
    m = _HUNK.match(header)
    if not m:
        return header
    a1, a2, b1, b2 = m.group(1), m.group(2), m.group(3), m.group(4)
    old = f"-{int(a1) + by}" + (f",{a2}" if a2 is not None else "")
    new = f"+{int(b1) + by}" + (f",{b2}" if b2 is not None else "")
    return f"@@ {old} {new} @@" + header[m.end():]


def file_diff(r) -> list[str]:
    """The labelled diff of a FileResult (computed once, in the worker that rewrote it)."""
    if not r.changed:
        return []
    if r.diff is None:
        r.diff = labelled_diff(r.path, r.original, r.final, r.changes)
    return r.diff


def labelled_diff(path: str, original: bytes, final: bytes, changes: list[Change]) -> list[str]:
    """Unified diff lines (with newlines) of one file; each hunk header carries the labels of
    the changes whose original lines it covers."""
    a = original.decode("utf-8", "replace").splitlines(True)
    b = final.decode("utf-8", "replace").splitlines(True)
    # difflib is quadratic-ish on long files: diff only the middle that differs (plus context)
    head = 0
    while head < len(a) and head < len(b) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < len(a) - head and tail < len(b) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    start = max(0, head - 3)
    keep_tail = max(0, tail - 3)
    a_mid, b_mid = a[start:len(a) - keep_tail], b[start:len(b) - keep_tail]
    lines = list(difflib.unified_diff(a_mid, b_mid, f"a/{path}", f"b/{path}", n=3))
    if start:
        lines = [_shift(line, start) if line.startswith("@@") else line for line in lines]
    edits = [c for c in changes if c.edits]
    out = []
    for line in lines:
        if line.endswith("\r"):   # a classic-Mac line end (CR only): a line of its own, shown like CRLF's
            line += "\n"
        elif not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        m = _HUNK.match(line)
        if m:
            start = int(m.group(1))
            length = int(m.group(2)) if m.group(2) is not None else 1
            lo, hi = start, start + max(length, 1) - 1
            tags = []
            for c in edits:
                if c.start_line <= hi and c.end_line >= lo:
                    t = label(c)
                    if t not in tags:
                        tags.append(t)
            line = line.rstrip("\n") + (" " + " ".join(tags) if tags else "") + "\n"
        out.append(line)
    return out


