"""Cargo manifests in TOML 1.1, which cargo reads since 1.94 and tomlkit / Python's tomllib do not.

What TOML 1.1 adds that manifests use is the inline table written over several lines, with
comments and a trailing comma:

    reqwest = {
      workspace = true,   # TLS from the workspace
      features = ["json"],
    }

Reading is project/toml_read.py (tomli >= 2.4 reads TOML 1.1). Editing keeps tomlkit (it keeps formatting):
`fold` turns each such table into its one-line TOML 1.0 form before tomlkit parses the file, and
`unfold` puts the user's own text back afterwards: verbatim where the table did not change, and
where a rule changed it, in the table's own layout (one item per line, its indentation, its
trailing comma), each unchanged item with its own text and comments. An item a rule removed goes
with its comments. The fold is one more edit step, so records still point at the user's lines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from burnmigrate.model import edits as E


@dataclass(frozen=True)
class Fold:
    start: int          # the `{` in the original text (character offset)
    end: int            # after the matching `}`
    prefix: str         # the line's text before the `{` (`reqwest = `)
    original: str       # the table as the user wrote it
    folded: str         # its one-line form


def _skip_string(s: str, i: int) -> int:
    """The offset after the string that starts at s[i] (a quote)."""
    q = s[i]
    if s.startswith(q * 3, i):
        j = i + 3
        while True:
            k = s.find(q * 3, j)
            if k < 0:
                return len(s)
            if q == '"' and _escaped(s, k):
                j = k + 1
                continue
            k += 3
            while k < len(s) and s[k] == q:   # `""""` ends with the quote as content
                k += 1
            return k
    j = i + 1
    while j < len(s) and s[j] != "\n":
        if q == '"' and s[j] == "\\":
            j += 2
            continue
        if s[j] == q:
            return j + 1
        j += 1
    return j


def _escaped(s: str, k: int) -> bool:
    n = 0
    while k - n - 1 >= 0 and s[k - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def _tokens(s: str, i: int = 0):
    """(kind, start, end) over s from i: 'str', 'comment', 'nl', 'ws', or the character itself."""
    n = len(s)
    while i < n:
        c = s[i]
        if c in "\"'":
            j = _skip_string(s, i)
            yield "str", i, j
        elif c == "#":
            j = s.find("\n", i)
            j = n if j < 0 else j
            yield "comment", i, j
        elif c == "\n":
            j = i + 1
            yield "nl", i, j
        elif c in " \t\r":
            j = i
            while j < n and s[j] in " \t\r":
                j += 1
            yield "ws", i, j
        else:
            j = i + 1
            yield c, i, j
        i = j


def _matching_brace(s: str, start: int) -> int:
    """The offset after the `}` that closes the `{` at s[start], or -1."""
    depth = 0
    for kind, a, b in _tokens(s, start):
        if kind == "{":
            depth += 1
        elif kind == "}":
            depth -= 1
            if depth == 0:
                return b
    return -1


def _one_line(table: str) -> str:
    """The TOML 1.0 form of an inline table: no comments, no line breaks outside strings, no
    comma before a closing brace."""
    parts: list[str] = []
    for kind, a, b in _tokens(table):
        if kind in ("comment",):
            continue
        if kind in ("nl", "ws"):
            if parts and parts[-1] != " ":
                parts.append(" ")
            continue
        if kind == "}":
            while parts and parts[-1] == " ":
                parts.pop()
            if parts and parts[-1] == ",":
                parts.pop()
            while parts and parts[-1] == " ":
                parts.pop()
            parts.append(" " if parts and parts[-1] != "{" else "")
        parts.append(table[a:b])
        if kind == "{":
            parts.append(" ")
    out = "".join(parts)
    return re.sub(r"\{ \}", "{}", out)


def _needs_fold(table: str) -> bool:
    """TOML 1.1 only: a line break or comment directly inside braces (inside brackets, TOML 1.0
    allows them), or a comma before a closing brace."""
    toks = [(k, a, b) for k, a, b in _tokens(table) if k != "ws"]
    opened: list[str] = []
    for (k, _, _), nxt in zip(toks, toks[1:] + [("", 0, 0)]):
        if k in ("{", "["):
            opened.append(k)
        elif k in ("}", "]"):
            opened.pop() if opened else None
        elif k in ("nl", "comment") and opened and opened[-1] == "{":
            return True
        elif k == "," and nxt[0] == "}":
            return True
    return False


def fold(text: str) -> tuple[str, list[Fold]]:
    """`text` with every TOML 1.1 inline table in its one-line form, and the folds made."""
    folds: list[Fold] = []
    for kind, a, _ in _tokens(text):
        if kind == "{" and not (folds and folds[-1].start <= a < folds[-1].end):
            end = _matching_brace(text, a)
            if end < 0:
                break
            table = text[a:end]
            if _needs_fold(table):
                line_start = text.rfind("\n", 0, a) + 1
                folds.append(Fold(a, end, text[line_start:a], table, _one_line(table)))
    if not folds:
        return text, []
    out, at = [], 0
    for f in folds:
        out.append(text[at:f.start])
        out.append(f.folded)
        at = f.end
    out.append(text[at:])
    return "".join(out), folds


@dataclass
class _Item:
    lead: str = ""        # comment lines above the item, as written
    code: str = ""        # `key = value`, as written (a nested value may span lines)
    comment: str = ""     # the comment after it on its line, with the space before it
    comma: bool = False   # a comma follows it

    @property
    def key(self) -> str:
        for kind, a, _ in _tokens(self.code):
            if kind == "=":
                return self.code[:a].strip()
        return self.code.strip()

    @property
    def value(self) -> str:
        """The value with no spaces, comments or trailing commas outside strings: equal when
        TOML reads them equal in the ways tomlkit renders (same order, same quoting)."""
        for kind, a, b in _tokens(self.code):
            if kind == "=":
                return _squeeze(self.code[b:])
        return ""


def _squeeze(value: str) -> str:
    parts = [value[a:b] for kind, a, b in _tokens(value) if kind not in ("ws", "nl", "comment")]
    out = "".join(parts)
    return re.sub(r",([\]}])", r"\1", out)


def _items(table: str) -> tuple[list[_Item], str, str]:
    """The items of an inline table (its text, braces included), the indentation of its first
    item's line, and the comment lines after its last item."""
    inner = table[1:-1]
    items: list[_Item] = []
    cur, depth, code_at, code_end, items_end = _Item(), 0, -1, 0, 0
    since_nl = after_comma = False
    indent, pending = "  ", ""
    for kind, a, b in _tokens(inner):
        if depth == 0 and kind == "comment":
            if after_comma and not since_nl and items:
                items[-1].comment = inner[items_end:a] + inner[a:b]
            elif code_at >= 0 and not since_nl:
                cur.comment = inner[code_end:a] + inner[a:b]
            else:
                line_start = inner.rfind("\n", 0, a) + 1
                pending += inner[line_start:b] + "\n"
            continue
        if kind == "nl":
            since_nl = since_nl or depth == 0
            continue
        if kind == "ws":
            continue
        if depth == 0 and kind == ",":
            if code_at >= 0:
                cur.code, cur.comma, cur.lead = inner[code_at:code_end], True, pending
                items.append(cur)
                items_end = b
            cur, code_at, pending, since_nl, after_comma = _Item(), -1, "", False, True
            continue
        if code_at < 0:
            code_at = a
            line_start = inner.rfind("\n", 0, a) + 1
            if not items and "\n" in inner[:a]:
                indent = inner[line_start:a]
            since_nl, after_comma = False, False
        if kind in ("[", "{"):
            depth += 1
        elif kind in ("]", "}"):
            depth -= 1
        code_end = b
    if code_at >= 0:
        cur.code, cur.lead = inner[code_at:code_end], pending
        items.append(cur)
        pending = ""
    return items, indent, pending


def _reexpand(f: Fold, new_table: str) -> str:
    """A table a rule changed, in the layout the user wrote it in: each item on its line; an
    item whose value is unchanged keeps its text and comments; a changed one keeps its comments."""
    old, indent, tail = _items(f.original)
    trailing = bool(old) and old[-1].comma
    by_key = {i.key: i for i in old}
    new, _, _ = _items(new_table)
    lines = []
    for n, item in enumerate(new):
        comma = "," if (n < len(new) - 1 or trailing) else ""
        was = by_key.get(item.key)
        if was is not None:
            code = was.code if was.value == item.value else item.code
            lines.append(was.lead + indent + code + comma + was.comment)
        else:
            lines.append(indent + item.code + comma)
    close_indent = re.match(r"[ \t]*", f.original[f.original.rfind("\n") + 1:])
    return "{\n" + "\n".join(lines) + "\n" + tail + (close_indent.group(0) if close_indent else "") + "}"


def fold_edits(text: str, folds: list[Fold]) -> list[E.Edit]:
    """The fold as edits of `text` (byte offsets), for the pass's edit history."""
    return [E.Edit(len(text[:f.start].encode("utf-8")), len(text[:f.end].encode("utf-8")), f.folded) for f in folds]


def unfold(text: str, folds: list[Fold]) -> str:
    """`text` (tomlkit's output over the folded manifest) with the user's own layout back."""
    if not folds:
        return text
    out, at = [], 0
    for f in folds:
        needle = f.prefix + f.folded
        i = _at_line_start(text, needle, at)
        if i >= 0:
            j = i + len(f.prefix)
            out.append(text[at:j])
            out.append(f.original)
            at = j + len(f.folded)
            continue
        if not f.prefix.strip():
            continue   # a table inside an array: left in its one-line form
        i = _at_line_start(text, f.prefix + "{", at)
        if i < 0:
            continue   # the item is gone
        j = i + len(f.prefix)
        end = _matching_brace(text, j)
        if end < 0 or "\n" in text[j:end]:
            continue
        out.append(text[at:j])
        out.append(_reexpand(f, text[j:end]))
        at = end
    out.append(text[at:])
    return "".join(out)


def _at_line_start(text: str, needle: str, at: int) -> int:
    i = text.find(needle, at)
    while i >= 0 and i > 0 and text[i - 1] != "\n":
        i = text.find(needle, i + 1)
    return i
