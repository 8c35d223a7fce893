"""After `apply --verify`: which rule changes brought errors the original did not have (for
the report and `--back-out`)."""
from __future__ import annotations

import difflib
import re

from burnmigrate.model import Change
from burnmigrate.verify.diagnostics import Diagnostic


def error_keys(diags: list[Diagnostic]) -> dict[str, set[tuple[str, str]]]:
    """path → the errors it has, with names blanked (to compare before and after a rewrite)."""
    out: dict[str, set[tuple[str, str]]] = {}
    for d in diags:
        if d.level == "error":
            out.setdefault(d.path, set()).add((d.code, re.sub(r"`[^`]*`", "`_`", d.message)))
    return out


def final_line_owners(original: bytes, final: bytes, changes: list[Change]) -> dict[int, set[str]]:
    """line of the rewritten file → the rules whose changes produced it (through the diff's
    hunks: a new line belongs to the changes on the old lines it replaced)."""
    a = original.decode("utf-8", "replace").splitlines()
    b = final.decode("utf-8", "replace").splitlines()
    out: dict[int, set[str]] = {}
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        rules = {c.rule for c in changes if c.edits and c.start_line <= max(i2, i1 + 1) and c.end_line >= i1 + 1}
        for j in range(j1, max(j2, j1 + 1)):
            out.setdefault(j + 1, set()).update(rules)
    return out


def blame(after: list[Diagnostic], before: dict[str, set[tuple[str, str]]],
          owners: dict[str, dict[int, set[str]]], item_range=None) -> dict[str, set[str]]:
    """path → rules whose changes sit on the line of an error the original did not have, or
    elsewhere in the item holding it (`item_range(path, line) -> (first, last)`)."""
    out: dict[str, set[str]] = {}
    for d in after:
        if d.level != "error" or d.path not in owners:
            continue
        key = (d.code, re.sub(r"`[^`]*`", "`_`", d.message))
        if key in before.get(d.path, set()):
            continue
        first, last = item_range(d.path, d.line) if item_range is not None else (d.line, d.line)
        for line in range(first, last + 1):
            for rule in owners[d.path].get(line, set()):
                out.setdefault(d.path, set()).add(rule)
    return out
