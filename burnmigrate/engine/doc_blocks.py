"""Code in documentation: Rust code blocks in doc comments (`///`, `//!`) and in Markdown files,
migrated by the same rules as the code, each block as its own snippet in its crate's context.

A block is found by its fence; its lines lose their comment prefix and rustdoc's hidden-line
marker (`# `) for the rewrite and get them back after: unchanged lines keep their bytes, changed
and added lines take the prefix of the block and the hidden flag of the line they replace (or
follow). A snippet that is not a file of items is wrapped in `fn main() { .. }` (what rustdoc
does) for the rewrite. A block that does not parse on its own is left alone, with a note;
`compile_fail` blocks and blocks in another language are not touched; Markdown blocks holding
an mdBook `{{#include ..}}` directive are left alone (the included file is migrated as code).
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from burnmigrate.model import Change, Safety, edits as E
from burnmigrate.model.results import LineIndex
from burnmigrate.rust.syntax import error_count, parse

_DOC_LINE = re.compile(r"^([ \t]*)(///|//!)(?!/)( ?)(.*)$")
_FENCE = re.compile(r"^([ \t]*)(```+|~~~+)\s*([^`]*)$")
_RUST_TOKENS = {"", "rust", "no_run", "should_panic", "ignore", "test_harness", "standalone_crate", "allow_fail"}
_WRAP_HEAD, _WRAP_TAIL = "fn main() {\n", "}\n"
_Line = tuple[int, str, str, str]   # (offset, raw line, prefix, content)
_BURNISH = re.compile(r"\b(?:burn|Backend|Tensor|Device|Module|Autodiff\w*|Wgpu|NdArray|Flex|Cuda|Recorder)\b")


@dataclass
class Block:
    start: int                     # byte offset (in the text) of the first code line
    end: int                       # byte offset after the last code line's newline
    raw: list[str]                 # the code lines as they are in the text (with newline)
    prefix: list[str]              # per line: what precedes the code (indent, `///`, one space)
    code: list[str]                # per line: the code, hidden marker removed (no newline)
    hidden: list[bool]
    new_prefix: str                # the prefix for a new line (`    /// `)
    info: str
    doc_comment: bool


def _is_rust(info: str) -> bool:
    tokens = [t for t in re.split(r"[,\s]+", info.strip().strip("{}").lstrip(".")) if t]
    if any(t == "compile_fail" or t.startswith("compile_fail") for t in tokens):
        return False
    return all(t in _RUST_TOKENS or t.startswith(("edition", "ignore-")) for t in tokens)


def _split_hidden(code: str) -> tuple[str, bool]:
    stripped = code.lstrip()
    if stripped == "#" or stripped.startswith("# "):
        lead = code[:len(code) - len(stripped)]
        return lead + stripped[2:], True
    return code, False


def doc_comment_blocks(text: str) -> list[Block]:
    """The fenced Rust blocks of the doc comments of a Rust file (`text` decoded, LF only)."""
    out: list[Block] = []
    pos = 0
    cur: tuple[str, str, list[_Line], tuple[str, str], str] | None = None   # (fence, info, lines, marker key, prefix)
    for raw in text.splitlines(True):
        line = raw.rstrip("\n")
        m = _DOC_LINE.match(line)
        if m is None:
            cur = None
            pos += len(raw.encode("utf-8"))
            continue
        indent, marker, space, content = m.groups()
        key = (indent, marker)
        f = _FENCE.match(content)
        if cur is not None and key != cur[3]:
            cur = None
        if cur is None:
            if f is not None and f.group(1) == "":
                cur = (f.group(2), f.group(3).strip(), [], key, indent + marker + (space or " "))
        elif f is not None and f.group(2).startswith(cur[0][0] * len(cur[0])) and not f.group(3).strip():
            _fence, info, lines, _, new_prefix = cur
            if lines and _is_rust(info):
                out.append(_block(lines, new_prefix, info, True))
            cur = None
        else:
            cur[2].append((pos, raw, indent + marker + space, content))
        pos += len(raw.encode("utf-8"))
    return out


def markdown_blocks(text: str) -> list[Block]:
    """The fenced Rust blocks of a Markdown file: ```` ```rust ```` (and its rustdoc attributes),
    and unlabelled blocks whose code mentions burn."""
    out: list[Block] = []
    pos = 0
    cur: tuple[str, str, list[_Line], int] | None = None   # (fence, info, lines, indent)
    for raw in text.splitlines(True):
        line = raw.rstrip("\n")
        f = _FENCE.match(line)
        if cur is None:
            if f is not None and len(f.group(1)) <= 3:
                cur = (f.group(2), f.group(3).strip(), [], len(f.group(1)))
        elif f is not None and f.group(2).startswith(cur[0]) and not f.group(3).strip():
            _fence, info, lines, indent = cur
            if lines and _is_rust(info) and not any("{{#" in ln[1] for ln in lines):
                block = _block(lines, " " * indent, info, False)
                if info or _BURNISH.search("\n".join(block.code)):
                    out.append(block)
            cur = None
        else:
            indent = cur[3]
            lead = len(line) - len(line.lstrip(" "))
            cut = min(indent, lead)
            cur[2].append((pos, raw, line[:cut], line[cut:]))
        pos += len(raw.encode("utf-8"))
    return out


def _block(lines: list[_Line], new_prefix: str, info: str, doc_comment: bool) -> Block:
    code, hidden = [], []
    for _, raw, prefix, content in lines:
        c, h = _split_hidden(content)
        code.append(c)
        hidden.append(h)
    first, last = lines[0], lines[-1]
    return Block(first[0], last[0] + len(last[1].encode("utf-8")), [ln[1] for ln in lines],
                 [ln[2] for ln in lines], code, hidden, new_prefix, info, doc_comment)


def snippet(block: Block) -> tuple[str, bool] | None:
    """The block as a file to migrate: (text, wrapped in fn main) or None when it does not parse.
    As rustdoc does, a block without its own `fn main` is the body of one."""
    src = "\n".join(block.code) + "\n"
    candidates = [(src, False)] if re.search(r"\bfn\s+main\s*\(", src) else []
    candidates += [(_WRAP_HEAD + src + _WRAP_TAIL, True), (src, False)]
    for text, wrapped in candidates:
        if error_count(parse(text.encode("utf-8"))) == 0:
            return text, wrapped
    return None


def unwrap(final: str, wrapped: bool) -> str | None:
    """The migrated snippet without the `fn main` wrapper (lines a rule put before it, imports,
    move inside); None when a rule touched the wrapper itself."""
    if not wrapped:
        return final
    head = final.find(_WRAP_HEAD)
    if head < 0 or not final.endswith(_WRAP_TAIL):
        return None
    return final[:head] + final[head + len(_WRAP_HEAD):-len(_WRAP_TAIL)]


def rebuild(block: Block, new_code: str) -> str:
    """The block's new lines: unchanged lines as they were, the others with the block's prefix
    and the hidden flag of the line they replace (or follow)."""
    old = block.code
    new = new_code.split("\n")
    if new and new[-1] == "":
        new = new[:-1]
    out: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            out.extend(block.raw[i1:i2])
            continue
        for k, j in enumerate(range(j1, j2)):
            src_i = _source_line(old, i1, i2, new[j], k)
            hidden = block.hidden[src_i] if block.hidden else False
            prefix = block.prefix[src_i] if i2 > i1 and block.prefix else block.new_prefix
            if block.doc_comment and i2 > i1 and not block.code[src_i] and not block.hidden[src_i]:
                prefix = block.new_prefix   # an empty `///` line says nothing of the block's style
            body = ("# " + new[j] if new[j] else "#") if hidden else new[j]
            line = (prefix + body) if (body or not block.doc_comment) else prefix.rstrip(" ")
            out.append(line + "\n")
    return "".join(out)


def _source_line(old: list[str], i1: int, i2: int, line: str, k: int) -> int:
    """The old line a new line of a replaced range stands for (its hidden flag and prefix): the
    most alike in the range (a hidden `# use ..` removed above an edited line must not lend the
    edited line its `# `), by position when none is alike; the line before an insertion."""
    if i2 <= i1:
        return max(i1 - 1, 0)
    ratios = [difflib.SequenceMatcher(None, old[i], line, autojunk=False).ratio() for i in range(i1, i2)]
    best = max(range(len(ratios)), key=lambda n: ratios[n])
    return i1 + best if ratios[best] >= 0.5 else i1 + min(k, i2 - i1 - 1)


def migrate_blocks(path: str, text: str, blocks: list[Block], migrate) -> tuple[list[E.Edit], list[Change]]:
    """Edits (in `text`'s byte offsets) and records for the blocks that change. `migrate(src)`
    runs the rules over one snippet and returns its FileResult."""
    edits: list[E.Edit] = []
    changes: list[Change] = []
    lines = LineIndex(text.encode("utf-8"))
    line_starts = lines.starts
    for block in blocks:
        sn = snippet(block)
        first_line = lines.line_col(block.start)[0] - 1   # 0-based line of the block's first code line
        if sn is None:
            # (an unlabelled Markdown block is Rust only if it parses: a directory tree or a shell
            # session naming burn is not code to migrate)
            if _BURNISH.search("\n".join(block.code)) and (block.info or block.doc_comment):
                changes.append(Change(rule="engine", message="a Rust block in the documentation that does not parse on "
                                      "its own: left as it is", safety=Safety.REVIEW, path=path,
                                      span=(block.start, block.start + 1), reason="migrate it by hand if it shows burn "
                                      "0.21 code (rustdoc could not compile it either)", doc=True))
            continue
        src, wrapped = sn
        res = migrate(src.encode("utf-8"))
        final = res.final.decode("utf-8") if res.final is not None else src
        body = unwrap(final, wrapped)
        if body is None:
            changes.append(Change(rule="engine", message="a documentation block whose migration rewrote its "
                                  "`fn main` wrapper: left as it is", safety=Safety.REVIEW, path=path,
                                  span=(block.start, block.start + 1), reason="migrate it by hand", doc=True))
            continue
        raw = "".join(block.raw)
        new_text = rebuild(block, body) if res.final is not None else raw
        edit = E.Edit(block.start, block.end, new_text) if new_text != raw else None
        offset = 1 if wrapped else 0
        for c in res.changes:
            if c.rule == "engine" and c.failed:
                continue
            line = first_line + max(c.start_line - 1 - offset, 0)
            line = min(line, len(line_starts) - 1)
            k = line - first_line
            col = len(block.prefix[k].encode("utf-8")) + (2 if block.hidden[k] else 0) if 0 <= k < len(block.prefix) else 0
            at = line_starts[line] + col + max(c.start_col - 1, 0)
            c.span = (at, at)
            c.step = 0
            c.doc = True
            c.edits = [edit] if (edit is not None and c.edits) else []
            changes.append(c)
        if edit is not None:
            edits.append(edit)
    return edits, changes
