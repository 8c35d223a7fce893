"""Expression macros seen as the code they stand for.

tree-sitter reads a macro call's arguments as a flat token tree, so `assert_eq!(x,
Tensor::<B, 2>::zeros([2], &d))` hides a type from every rule. For the macros whose arguments
are expressions (std's `assert!`, `format!`, `vec!`, …, and the project's own `macro_rules!`
whose every arm is a comma list of `$e:expr`, or of `$t:ty`), the engine parses a *view* of the file in which
each such call is written as what it means, with the same length, so every byte position is
the same in the file and in its view:

    assert_eq!(a, b)   →  assert_eq_(a, b)       a call: the arguments parse as expressions
    vec![a, b; n]      →      [a, b; n]          an array
    matches!(x, P)     →  matches_(x,  )         the scrutinee only: a pattern is not an expression
    my_types!(A, B)    →  my_type::<A, B>        a project macro whose arms take `$t:ty` lists
    thread_local! { static S: T = e; }  →  the `static` item, name and braces blanked

The rules run on the view; `restore` puts the macro's own bytes back. An edit may never touch a
masked byte (it would write the view into the file); one that deletes a whole masked span takes
the span with it. A view that parses worse than the file around a call is not used for that call.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node, Tree

from burnmigrate.model import edits as E
from burnmigrate.rust.scans import macro_call_names
from burnmigrate.rust.syntax import capture, capture_within, error_regions, parse, reparse

# std / core / log macros whose arguments (after a format string, if any) are expressions
CALL_MACROS = frozenset({
    "assert", "assert_eq", "assert_ne", "debug_assert", "debug_assert_eq", "debug_assert_ne",
    "print", "println", "eprint", "eprintln", "format", "format_args", "write", "writeln",
    "panic", "dbg", "vec", "todo", "unimplemented", "unreachable",
    "trace", "debug", "info", "warn", "error",
})
# macros whose first argument is an expression and the rest a pattern (blanked in the view)
PATTERN_MACROS = frozenset({"matches", "assert_matches", "debug_assert_matches"})
# macros whose body is items: `thread_local! { static S: RefCell<State<Flex>> = .. }` is read as
# the `static` items it declares (the name and the braces blanked)
ITEM_MACROS = frozenset({"thread_local"})
_DEPTH = 4   # nested calls (`vec![format!(..)]`) are found one level per parse


@dataclass(frozen=True)
class Mask:
    start: int
    end: int
    original: bytes     # the file's bytes at start..end (the view has others there)
    call: int           # start of the macro call it belongs to
    call_end: int

    def signature(self, view: bytes) -> bytes:
        """The view's bytes here and just after: found in an edit's new text, they mean the
        edit copied view text (which would write `assert_eq_(` into the file)."""
        return view[self.start:min(len(view), self.end + 8)]


@dataclass
class View:
    text: bytes
    tree: Tree
    masks: list[Mask]


def _bang(inv: Node) -> Node | None:
    for c in inv.children:
        if c.type == "!":
            return c
    return None


def _blank(src: bytes, a: int, b: int) -> bytes:
    return bytes(c if c in b"\r\n" else 0x20 for c in src[a:b])


_REWRITABLE = (b"::", b"<", b".get(", b".iter()", b".into_scalar()", b".dtype", b".shape.", b".shape,", b".shape)",
               b".bytes.")


def _call_masks(src: bytes, inv: Node, names: frozenset[str], types: frozenset[str] = frozenset()) -> list[tuple[int, int, bytes]]:
    """The same-length replacements that turn one macro call into its view ([] when it is not
    a macro this module reads, or it holds nothing a rule could rewrite)."""
    head = inv.child_by_field_name("macro")
    tt = inv.named_children[-1] if inv.named_children else None
    bang = _bang(inv)
    if head is None or head.type != "identifier" or tt is None or tt.type != "token_tree" or bang is None:
        return []
    name = src[head.start_byte:head.end_byte].decode()
    if (name not in names and name not in types) or bang.start_byte != head.end_byte:
        return []
    body = src[tt.start_byte:tt.end_byte]
    if not any(t in body for t in _REWRITABLE):
        return []   # nothing a rule rewrites: leave the call as tree-sitter reads it
    delim = body[:1]
    if name in ITEM_MACROS:
        if delim not in (b"{", b"("):
            return []
        close = tt.children[-1]
        return [(head.start_byte, tt.start_byte + 1, b" " * (tt.start_byte + 1 - head.start_byte)),
                (close.start_byte, close.end_byte, b" ")]
    if name in types:
        return _type_list_masks(src, inv, head, tt, name) if delim == b"(" else []
    if name in PATTERN_MACROS:
        if delim != b"(":
            return []
        # the scrutinee ends at the first comma before which the arguments parse as one
        # expression (`Tensor::<B, 1>` holds commas of its own)
        opening = tt.children[0].end_byte
        comma = next((c for c in tt.children if c.type == "," and
                      not parse(b"fn _f() { _m(" + src[opening:c.start_byte] + b"); }").root_node.has_error), None)
        if comma is None:
            return []
        close = tt.children[-1].start_byte
        return [(bang.start_byte, bang.end_byte, b"_"), (comma.end_byte, close, _blank(src, comma.end_byte, close))]
    if delim == b"(":
        return [(bang.start_byte, bang.end_byte, b"_")]
    if delim == b"[":   # `vec![..]` is an array with the name in front
        return [(head.start_byte, bang.end_byte, b" " * (bang.end_byte - head.start_byte))]
    return []


def _type_list_masks(src: bytes, inv: Node, head: Node, tt: Node, name: str) -> list[tuple[int, int, bytes]]:
    """A call of a project macro taking a list of types, as the turbofish of the types it
    names: `my_types!(A, B)` → `my_type::<A, B>` (tree-sitter reads that at item level too;
    names of 2+ bytes)."""
    if head.end_byte - head.start_byte < 2:
        return []
    close = tt.children[-1]
    return [(head.end_byte - 1, tt.start_byte + 1, b"::<"), (close.start_byte, close.end_byte, b">")]


def _has_call(text: bytes, names: frozenset[str]) -> bool:
    """A call `name!(..)` / `name![..]` of one of these macros (the name not a path's last
    segment) whose arguments, up to the next `;`, could hold something to rewrite."""
    for name, after in macro_call_names(text):
        if name in names:
            end = text.find(b";", after)
            seg = text[after:end if end >= 0 else len(text)]
            if any(t in seg for t in _REWRITABLE):
                return True
    return False


def expression_view(text: bytes, tree: Tree, project_macros: frozenset[str] = frozenset(),
                    other_macros: frozenset[str] = frozenset(), type_macros: frozenset[str] = frozenset(),
                    calls: list[Node] | None = None) -> View:
    """The view of `text` (parsed as `tree`): every expression-macro call that parses as the
    code it stands for is written so. No mask when nothing qualifies (the view is the file).
    `other_macros`: the project's own macros that are not expression lists (a project
    `macro_rules! info` is not log's). `calls`: the tree's macro invocations when the caller
    has them (its node index)."""
    names = (CALL_MACROS | PATTERN_MACROS | ITEM_MACROS | project_macros) - other_macros - type_macros
    if not _has_call(text, names | type_macros):
        return View(text, tree, [])   # no call of a macro this module reads: the view is the file
    view, vtree = text, tree
    masks: list[Mask] = []
    seen: set[int] = set()
    spans: list[tuple[int, int]] | None = None   # where new calls can appear (inside the last masked ones)
    for _ in range(_DEPTH):
        new: list[tuple[int, int, bytes, int, int]] = []
        if spans is None:
            found = calls if calls is not None else capture("(macro_invocation) @m", vtree.root_node, "m")
        else:
            found = capture_within("(macro_invocation) @m", vtree.root_node, "m", spans)
        for node in found:
            if node.start_byte not in seen:
                seen.add(node.start_byte)
                new.extend((a, b, r, node.start_byte, node.end_byte) for a, b, r in _call_masks(view, node, names, type_macros))
        if not new:
            break
        spans = sorted({(call, end) for _, _, _, call, end in new})
        edits = [E.Edit(a, b, r.decode()) for a, b, r, _, _ in new]
        nxt = E.apply(view, edits)
        ntree = reparse(vtree.copy(), view, nxt, edits)
        added = [Mask(a, b, view[a:b], call, end) for a, b, _, call, end in new]
        view, vtree, masks = nxt, ntree, masks + added
        view, vtree, masks = _drop_unreadable(view, vtree, masks, text)
    return View(view, vtree, sorted(masks, key=lambda m: m.start))


def _drop_unreadable(view: bytes, vtree: Tree, masks: list[Mask], text: bytes):
    """Undo the masks of every call whose view does not parse where the file did (all of them
    when a new error is not inside any call)."""
    if not vtree.root_node.has_error:
        return view, vtree, masks
    base = set(error_regions(parse(text)))
    for _ in range(_DEPTH * 2):
        bad = [r for r in error_regions(vtree) if r not in base]
        if not bad or not masks:
            break
        calls = {m.call for m in masks for s, e in bad if m.call < e and s < m.call_end}
        if not calls:
            calls = {m.call for m in masks}
        undo = [m for m in masks if m.call in calls]
        edits = [E.Edit(m.start, m.end, m.original.decode()) for m in undo]
        nxt = E.apply(view, edits)
        vtree = reparse(vtree.copy(), view, nxt, edits)
        view, masks = nxt, [m for m in masks if m.call not in calls]
    return view, vtree, masks


def touches(edit: E.Edit, masks: list[Mask], view: bytes) -> bool:
    """Would this edit write view bytes into the file? (An edit inside or across a masked span,
    or whose new text copies one.) Deleting a whole masked span is fine."""
    for m in masks:
        if edit.start < m.end and m.start < edit.end:
            if not edit.new and edit.start <= m.start and edit.end >= m.end:
                continue
            return True
        if edit.start == edit.end and m.start < edit.start < m.end:
            return True
    if edit.new:
        new = edit.new.encode()
        return any(m.signature(view) in new for m in masks if m.end - m.start > 0)
    return False


def shift(masks: list[Mask], edits: list[E.Edit]) -> list[Mask]:
    """The masks after `edits` (sorted, none touching a mask): shifted, and gone where an edit
    deleted them."""
    out = []
    for m in masks:
        delta = 0
        gone = False
        for e in edits:
            if e.end <= m.start:
                delta += len(e.new.encode()) - (e.end - e.start)
            elif e.start <= m.start and e.end >= m.end:
                gone = True
                break
            elif e.start >= m.end:
                break
        if not gone:
            out.append(Mask(m.start + delta, m.end + delta, m.original, m.call + delta, m.call_end + delta))
    return out


def restore(view: bytes, masks: list[Mask]) -> bytes:
    """The file's text from a view: every mask's own bytes put back."""
    return E.apply(view, [E.Edit(m.start, m.end, m.original.decode()) for m in masks]) if masks else view


_LIST_PUNCT = frozenset({"$", "(", ")", "[", "]", "*", "+", "?", ",", "metavariable", ":"})


def _list_arm(pattern: Node) -> str:
    """'expr' / 'ty' when this `macro_rules!` matcher is a comma list of `$e:expr` (or of
    `$t:ty`), repetitions allowed; '' otherwise."""
    stack = list(pattern.children)
    frags = set()
    while stack:
        n = stack.pop()
        if n.type == "token_binding_pattern":
            frag = n.child_by_field_name("type")
            frag_text = frag.text if frag is not None else None   # (None only for a tree without its source)
            frags.add(frag_text.decode() if frag_text is not None else "?")
        elif n.type == "token_repetition_pattern":
            stack.extend(n.children)
        elif n.type not in _LIST_PUNCT:
            return ""
    return frags.pop() if len(frags) == 1 and frags <= {"expr", "ty"} else ""


def expression_macros(root: Node) -> tuple[set[str], set[str], set[str]]:
    """The file's `macro_rules!` whose every arm takes a comma list of expressions (their calls
    are read like std's `assert_eq!`), those whose arms take lists of types, and the names of
    its other macros."""
    out: set[str] = set()
    types: set[str] = set()
    other: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "macro_definition":
            name = node.child_by_field_name("name")
            arms = [c for c in node.named_children if c.type == "macro_rule"]
            pats = [a.child_by_field_name("left") for a in arms]
            kinds = {_list_arm(p) if p is not None else "" for p in pats}
            if name is not None and name.text is not None:
                {"expr": out, "ty": types}.get(kinds.pop() if len(kinds) == 1 else "", other).add(name.text.decode())
        elif node.type not in ("token_tree", "string_literal", "line_comment", "block_comment"):
            stack.extend(node.named_children)
    return out, types, other


_MACRO_RULES = re.compile(rb"\bmacro_rules!\s*([A-Za-z_]\w*)\s*([(\[{])")
_INVOCATION = re.compile(rb"(?<![\w$])([A-Za-z_]\w*)\s*!\s*([(\[{])")
_META_TURBOFISH = re.compile(rb"\$[A-Za-z_]\w*\s*::\s*<")
_FN_WORD = re.compile(rb"\b[a-z_][a-z0-9_]*\b")
_CLOSE = {ord("("): ord(")"), ord("["): ord("]"), ord("{"): ord("}")}


def _group_end(src: bytes, at: int) -> int:
    """The end of the bracketed group opening at `at` (its closing bracket's position + 1;
    the file's end when it never closes). Brackets are counted, not parsed: enough to find a
    macro's body or a call's arguments."""
    depth, i = 0, at
    while i < len(src):
        c = src[i]
        if c in _CLOSE:
            depth += 1
        elif c in (0x29, 0x5D, 0x7D):
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(src)


def macro_turbofish_facts(src: bytes) -> tuple[set[str], dict[str, set[str]]]:
    """(the file's `macro_rules!` whose expansion applies a turbofish to a `$` fragment — `$job::<Flex>(..)`
    calls whatever fn the caller names with a type argument —, each non-std macro called here →
    the lowercase words of its calls' arguments: the fns such a macro may call). Read from the
    text, so every file counts, parsed in pass 1 or not."""
    turbofish = {m.group(1).decode() for m in _MACRO_RULES.finditer(src)
                 if _META_TURBOFISH.search(src, m.end(2), _group_end(src, m.start(2)))}
    args: dict[str, set[str]] = {}
    for m in _INVOCATION.finditer(src):
        name = m.group(1).decode()
        if name == "macro_rules" or name in CALL_MACROS or name in PATTERN_MACROS or name in ITEM_MACROS:
            continue
        words = _FN_WORD.findall(src, m.end(2), _group_end(src, m.start(2)))
        args.setdefault(name, set()).update(w.decode() for w in words)
    return turbofish, args
