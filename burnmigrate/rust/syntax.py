"""tree-sitter plumbing: one parser per process, cached queries, small node helpers.

Everything that knows tree-sitter node kinds but nothing about burn lives here.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

import tree_sitter_rust as _tsr
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

from burnmigrate.model.edits import line_end, line_start

LANGUAGE = Language(_tsr.language())

# Items that can carry generic parameters (and so can introduce a backend type parameter).
GENERIC_ITEMS = frozenset({
    "function_item", "function_signature_item", "impl_item", "struct_item", "enum_item",
    "union_item", "trait_item", "type_item",
})


@cache
def _parser() -> Parser:
    return Parser(LANGUAGE)


# Parses done by this process (the benchmark reports them per file: engine/pipeline.py stats).
PARSES = {"full": 0, "full_bytes": 0, "incremental": 0}


def parse(src: bytes, old: Tree | None = None) -> Tree:
    if old is not None:
        PARSES["incremental"] += 1
        return _parser().parse(src, old)
    PARSES["full"] += 1
    PARSES["full_bytes"] += len(src)
    return _parser().parse(src)


@cache
def query(pattern: str) -> Query:
    return Query(LANGUAGE, pattern)


def _doc_order(n: Node) -> tuple[int, int]:
    return n.start_byte, -n.end_byte


def captures(pattern: str, node: Node) -> dict[str, list[Node]]:
    """Every capture of the query under node, by name, in document order. (py-tree-sitter's
    own order within a name varies from run to run: the report must not.)"""
    return {k: sorted(v, key=_doc_order) for k, v in QueryCursor(query(pattern)).captures(node).items()}


def capture(pattern: str, node: Node, name: str) -> list[Node]:
    """Nodes captured as `name`, in document order."""
    return captures(pattern, node).get(name, [])


def capture_within(pattern: str, node: Node, name: str, spans: Iterable[tuple[int, int]]) -> list[Node]:
    """Nodes captured as `name` that intersect one of the byte spans, in document order (each
    span's search visits only that part of the tree)."""
    found: dict[int, Node] = {}
    for s, e in spans:
        qc = QueryCursor(query(pattern))
        qc.set_byte_range(s, e)
        for n in qc.captures(node).get(name, []):
            found.setdefault(n.id, n)
    return sorted(found.values(), key=_doc_order)


# Node kinds the rules look at. One combined query collects all of them in a single traversal
# per tree (about five times cheaper than one query per rule).
INDEXED_KINDS = (
    "use_declaration", "generic_type", "generic_type_with_turbofish", "generic_function",
    "call_expression", "scoped_type_identifier", "scoped_identifier", "field_declaration",
    "struct_expression", "struct_pattern", "attribute", "attribute_item", "macro_definition",
    "macro_invocation", "type_item", "mod_item", "for_expression",
) + tuple(sorted(GENERIC_ITEMS - {"type_item"}))


@lru_cache(maxsize=256)
def _kinds_query(kinds: frozenset[str]) -> Query:
    return Query(LANGUAGE, "\n".join(f"({k}) @{k}" for k in sorted(kinds)))


def node_index(root: Node, kinds: Iterable[str] = INDEXED_KINDS) -> dict[str, list[Node]]:
    """Every node of the given kinds under root, by kind, in document order (one traversal)."""
    kinds = frozenset(kinds)
    if not kinds:
        return {}
    found = QueryCursor(_kinds_query(kinds)).captures(root)
    out = {k: sorted(v, key=_doc_order) for k, v in found.items()}
    for k in kinds:
        out.setdefault(k, [])
    return out


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def identifiers(src: bytes) -> frozenset[str]:
    """Every identifier-like word of the text: a cheap prefilter for rules and passes."""
    return frozenset(_IDENT.findall(src.decode("utf-8", "replace")))


def _point(line_starts: list[int], pos: int) -> tuple[int, int]:
    row = bisect.bisect_right(line_starts, pos) - 1
    return row, pos - line_starts[row]


def edit_tree(tree: Tree, old: bytes, edits) -> Tree:
    """Tell `tree` (of `old`) where `edits` (sorted, non-overlapping, in old coordinates)
    change the text, last edit first; the next parse with it re-reads only those places."""
    starts = [0] + [m.end() for m in re.finditer(b"\n", old)]
    for e in reversed(edits):
        ins = e.new.encode("utf-8")
        sp = _point(starts, e.start)
        ep = _point(starts, e.end)
        nl = ins.count(b"\n")
        if nl:
            np_ = (sp[0] + nl, len(ins) - ins.rfind(b"\n") - 1)
        else:
            np_ = (sp[0], sp[1] + len(ins))
        tree.edit(start_byte=e.start, old_end_byte=e.end, new_end_byte=e.start + len(ins),
                  start_point=sp, old_end_point=ep, new_end_point=np_)
    return tree


def reparse(tree: Tree, old: bytes, new: bytes, edits) -> Tree:
    """Parse `new` reusing `tree` (of `old`, edited in place): `edits` turned old into new."""
    return parse(new, edit_tree(tree, old, edits))


def item_lines(src: bytes, line: int) -> tuple[int, int]:
    """1-based line range of the outermost item (not a module) holding `line`: where a
    compiler error's cause may sit (an `impl` header for an error in one of its methods)."""
    root = parse(src).root_node
    row = line - 1
    node = root.named_descendant_for_point_range((row, 0), (row, 0))
    best = None
    while node is not None and node.type != "source_file":
        if node.type.endswith("_item") and node.type != "mod_item":
            best = node
        node = node.parent
    if best is None:
        return line, line
    return best.start_point[0] + 1, best.end_point[0] + 1


def error_regions(tree: Tree) -> list[tuple[int, int]]:
    """Byte spans of the ERROR nodes (outermost) and MISSING nodes of a tree: the parts of the
    file tree-sitter could not read. A MISSING node is empty: its span is widened to its parent's."""
    root = tree.root_node
    if not root.has_error:
        return []
    out: list[tuple[int, int]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error:
            out.append((node.start_byte, node.end_byte))
            continue
        if node.is_missing:
            p = node.parent or node
            out.append((p.start_byte, p.end_byte))
            continue
        if node.has_error:
            stack.extend(reversed(node.children))
    return sorted(out)


def error_count(tree: Tree) -> int:
    """Number of ERROR and MISSING nodes: the measure a rewrite must never increase."""
    root = tree.root_node
    if not root.has_error:
        return 0
    count = 0
    cursor = root.walk()
    visited_children = False
    while True:
        node = cursor.node
        assert node is not None   # the cursor walks the tree's own nodes
        if not visited_children:
            if node.is_error or node.is_missing:
                count += 1
            if node.has_error and cursor.goto_first_child():
                continue
        if cursor.goto_next_sibling():
            visited_children = False
            continue
        if not cursor.goto_parent():
            break
        visited_children = True
    return count


def text(node: Node | None) -> str:
    if node is None:
        return ""
    t = node.text   # (each access copies the bytes out of the tree: read it once)
    return t.decode("utf-8") if t is not None else ""


def required_child(node: Node, name: str) -> Node:
    """The child in field `name` of a node whose grammar always has one (`arguments` of a call,
    `function` of a call): tree-sitter types every field as optional."""
    child = node.child_by_field_name(name)
    assert child is not None, f"{node.type} without its {name}"
    return child


def receiver(call: Node) -> Node | None:
    """`x` of a method call `x.m(..)` (a call of FileContext.method_calls)."""
    return required_child(call, "function").child_by_field_name("value")


def ancestors(node: Node) -> Iterator[Node]:
    cur = node.parent
    while cur is not None:
        yield cur
        cur = cur.parent


FN_KINDS = ("function_item", "closure_expression")


def descendants(node: Node) -> Iterator[Node]:
    """`node` and every named node below it, in document order."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.named_children))


def enclosing(node: Node, kinds: tuple[str, ...] = FN_KINDS) -> Node | None:
    """The nearest ancestor of one of these kinds (by default the fn or closure around `node`)."""
    return next((a for a in ancestors(node) if a.type in kinds), None)


def returned_values(fn: Node) -> list[Node]:
    """The values the `return`s of fn item `fn` give (not those of a closure or fn nested in it)."""
    body = fn.child_by_field_name("body")
    return [r.named_children[0] for r in descendants(body) if r.type == "return_expression" and r.named_children
            and enclosing(r, ("function_item", "closure_expression")) == fn] if body is not None else []


def last_segment(node: Node | None) -> str:
    """`burn::tensor::Tensor` → `Tensor`; `Tensor` → `Tensor`; `Foo<X>` → `Foo`."""
    if node is None:
        return ""
    if node.type in ("generic_type", "generic_type_with_turbofish"):   # (`Worker::<B> { .. }`)
        return last_segment(node.child_by_field_name("type"))
    if node.type in ("scoped_type_identifier", "scoped_identifier"):
        return text(node.child_by_field_name("name"))
    if node.type in ("type_identifier", "identifier", "primitive_type"):
        return text(node)
    return ""


def path_ending_at(name: Node) -> Node:
    """The path a name ends (`burn::record::Recorder` for its `Recorder`), or the name itself."""
    whole = name.parent
    if whole is not None and whole.type in ("scoped_identifier", "scoped_type_identifier") \
            and (last := whole.child_by_field_name("name")) is not None and last.id == name.id:
        return whole
    return name


def path_segments(node: Node | None) -> list[str]:
    """`burn::tensor::Tensor` → ['burn', 'tensor', 'Tensor'] (type or expression paths)."""
    if node is None:
        return []
    if node.type in ("scoped_type_identifier", "scoped_identifier"):
        return path_segments(node.child_by_field_name("path")) + [text(node.child_by_field_name("name"))]
    if node.type == "generic_type":
        return path_segments(node.child_by_field_name("type"))
    return [text(node)] if node.type in ("type_identifier", "identifier", "crate", "self", "super") else []


def phantom_marked(arg: Node) -> Node:
    """The type a `PhantomData` argument marks: `fn() -> B`, `*const B`, `*mut B` → `B` (the
    variance and auto-trait idioms of a marker), anything else itself."""
    if arg.type == "function_type":
        params = arg.child_by_field_name("parameters")
        ret = arg.child_by_field_name("return_type")
        if ret is not None and (params is None or not params.named_children):
            return ret
    if arg.type == "pointer_type":
        inner = arg.child_by_field_name("type")
        if inner is not None:
            return inner
    return arg


def named_args(list_node: Node) -> list[Node]:
    """The elements of a comma separated list node (type_arguments, type_parameters, use_list,
    where_clause, arguments, field lists), without comments and punctuation."""
    return [c for c in list_node.named_children if c.type not in ("line_comment", "block_comment", "attribute_item")]


def indentation(src: bytes, pos: int) -> str:
    start = line_start(src, pos)
    end = start
    while end < len(src) and src[end:end + 1] in (b" ", b"\t"):
        end += 1
    return src[start:end].decode("utf-8")


def whole_line_span(src: bytes, node: Node, with_attributes: bool = True, with_docs: bool = True) -> tuple[int, int]:
    """The span to delete so that `node` disappears together with its line, when the node is the
    only thing on its lines; otherwise just the node. An item's outer attributes
    (`#[cfg(..)]`) and doc comments go with it: left behind, they would attach to the next item.
    `with_docs=False` keeps the doc comments (a `use`'s: prose about the file, reading 39)."""
    start, end = node.start_byte, node.end_byte
    if with_attributes:
        prev = node.prev_sibling
        while prev is not None and (prev.type == "attribute_item" or (with_docs and
                prev.type in ("line_comment", "block_comment") and text(prev).startswith(("///", "/**")))):
            start = prev.start_byte
            prev = prev.prev_sibling
    ls = line_start(src, start)
    le = line_end(src, end)
    before = src[ls:start].strip()
    after = src[end:le].strip()
    if not before and not after:
        return ls, le
    return start, end


def derives(item: Node, trait: str) -> bool:
    """Does one of the attributes before `item` derive `trait` (`#[derive(Clone, Module)]`)?"""
    derive = re.compile(rf"#\[derive\([^)]*\b{re.escape(trait)}\b")
    prev = item.prev_named_sibling
    while prev is not None and prev.type in ("attribute_item", "line_comment", "block_comment"):
        if prev.type == "attribute_item" and derive.match(text(prev)):
            return True
        prev = prev.prev_named_sibling
    return False


_DIVERGES = re.compile(r"(?:return\b|(?:panic|unreachable|todo|unimplemented)!).*", re.S)


def value_branches(value: Node) -> Iterator[Node | None]:
    """The values an expression may end in: each arm of a `match`, each branch of an `if`, a
    block's tail, through parentheses (an arm that returns or panics gives none); None for a
    block or an `if` branch with no value."""
    if value.type == "parenthesized_expression" and value.named_children:
        yield from value_branches(value.named_children[0])
    elif value.type == "match_expression":
        block = value.child_by_field_name("body")
        for arm in block.named_children if block is not None else ():
            if arm.type == "match_arm" and (v := arm.child_by_field_name("value")) is not None:
                yield from value_branches(v)
    elif value.type == "if_expression":
        for part in (value.child_by_field_name("consequence"), value.child_by_field_name("alternative")):
            yield from value_branches(part) if part is not None else [None]
    elif value.type in ("block", "else_clause"):
        last = value.named_children[-1] if value.named_children else None
        if last is not None and last.type == "expression_statement" and _DIVERGES.fullmatch(text(last)):
            return
        yield from value_branches(last) if last is not None and not last.type.endswith(("_statement", "_declaration")) else [None]
    elif _DIVERGES.fullmatch(text(value)) is None:
        yield value


def associated(item: Node) -> bool:
    """Is this item an associated one (in an `impl` or `trait` body), which no path in its module names?"""
    body = item.parent
    return body is not None and body.type == "declaration_list" and body.parent is not None \
        and body.parent.type in ("impl_item", "trait_item")


def without_uses(src: bytes, declarations) -> bytes:
    """`src` with these `use` declarations blanked, but the first segment of each path (`cubecl` of
    `use cubecl::{a, b};`): that is a use of a name another `use` may have imported
    (`use burn_cubecl::cubecl;`). A `use` naming nothing else is no use of what it imports."""
    out = bytearray(src)
    for decl in declarations:
        arg = head = decl.child_by_field_name("argument")
        while head is not None and head.type in ("scoped_identifier", "scoped_use_list", "use_as_clause", "use_wildcard"):
            head = head.child_by_field_name("path") if head.type != "use_wildcard" else head.named_child(0)
        out[decl.start_byte:decl.end_byte] = b" " * (decl.end_byte - decl.start_byte)
        if head is not None and head is not arg and head.type == "identifier":   # (not `use x;` itself)
            out[head.start_byte:head.end_byte] = src[head.start_byte:head.end_byte]
    return bytes(out)
