"""`use` trees: reading their leaves, removing some, and adding an import where a name is missing.

Removal keeps the rest of the tree byte-for-byte; a brace list left with a single element is
collapsed (`{Tensor}` → `Tensor`), an emptied list or declaration disappears with its line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model.edits import Edit
from burnmigrate.rust.edits import delete_list_items, delete_span, replace
from burnmigrate.rust.syntax import capture, named_args, path_segments, text, whole_line_span


@dataclass
class UseLeaf:
    node: Node            # the leaf as it sits in its list (identifier, scoped_identifier, use_as_clause, use_wildcard)
    path: list[str]       # full path, e.g. ['burn', 'tensor', 'backend', 'Backend'] or [..., '*']
    bound: str            # the name it binds in the module ('' for globs)
    declaration: Node


def _leaves(node: Node, prefix: list[str], decl: Node, out: list[UseLeaf]) -> None:
    t = node.type
    if t == "scoped_use_list":
        path = node.child_by_field_name("path")
        lst = node.child_by_field_name("list")
        p = prefix + (path_segments(path) if path is not None else [])
        if lst is not None:
            _leaves(lst, p, decl, out)
    elif t == "use_list":
        for c in named_args(node):
            _leaves(c, prefix, decl, out)
    elif t in ("scoped_identifier", "identifier", "self", "crate", "super"):
        segs = prefix + path_segments(node) if t == "scoped_identifier" else prefix + [text(node)]
        bound = segs[-1] if segs[-1] != "self" else (segs[-2] if len(segs) > 1 else "")
        out.append(UseLeaf(node, segs, bound, decl))
    elif t == "use_as_clause":
        path = node.child_by_field_name("path")
        alias = node.child_by_field_name("alias")
        out.append(UseLeaf(node, prefix + path_segments(path), text(alias), decl))
    elif t == "use_wildcard":
        inner = node.named_children[0] if node.named_children else None
        segs = prefix + (path_segments(inner) if inner is not None else [])
        out.append(UseLeaf(node, segs + ["*"], "", decl))


def use_leaves(root: Node, declarations: list[Node] | None = None) -> list[UseLeaf]:
    out: list[UseLeaf] = []
    decls = declarations if declarations is not None else capture("(use_declaration) @u", root, "u")
    for decl in decls:
        if declarations is not None and not (root.start_byte <= decl.start_byte and decl.end_byte <= root.end_byte):
            continue
        arg = decl.child_by_field_name("argument")
        if arg is not None:
            _leaves(arg, [], decl, out)
    return out


def _prune(src: bytes, node: Node, doomed: set[int]) -> tuple[bool, list[Edit]]:
    if node.id in doomed:
        return True, []
    if node.type == "scoped_use_list":
        lst = node.child_by_field_name("list")
        return _prune(src, lst, doomed) if lst is not None else (False, [])
    if node.type == "use_list":
        items = named_args(node)
        results = [_prune(src, it, doomed) for it in items]
        if items and all(r[0] for r in results):
            return True, []
        gone = [it for it, r in zip(items, results) if r[0]]
        remaining = [(it, r) for it, r in zip(items, results) if not r[0]]
        edits = [e for _, r in remaining for e in r[1]]
        if not gone:
            return False, edits
        has_comment = any(c.type in ("line_comment", "block_comment") for c in node.children)
        if (len(remaining) == 1 and not remaining[0][1][1] and not has_comment
                and node.parent is not None and node.parent.type == "scoped_use_list"
                and remaining[0][0].type not in ("self",) and text(remaining[0][0]) != "self"):
            return False, [replace(node, text(remaining[0][0]))]
        return False, edits + delete_list_items(src, node, gone)
    return False, []


def remove_leaves(src: bytes, leaves: list[UseLeaf]) -> list[Edit]:
    by_decl: dict[int, tuple[Node, set[int]]] = {}
    for leaf in leaves:
        by_decl.setdefault(leaf.declaration.id, (leaf.declaration, set()))[1].add(leaf.node.id)
    edits: list[Edit] = []
    for decl, doomed in by_decl.values():
        arg = decl.child_by_field_name("argument")
        assert arg is not None   # a use declaration has its argument
        gone, e = _prune(src, arg, doomed)
        if gone:
            # (a doc comment over a `use` documents nothing rustdoc shows: it is the author's prose
            # about the file, kept where it is)
            start, end = whole_line_span(src, decl, with_docs=False)
            edits.append(delete_span(start, end))
        else:
            edits.extend(e)
    return edits


# -- adding imports -------------------------------------------------------------------------

def _module_body(node: Node) -> Node:
    """The declaration list (or source file) whose `use`s are visible at `node`."""
    cur = node.parent
    while cur is not None:
        if cur.type == "source_file":
            return cur
        if cur.type == "declaration_list" and cur.parent is not None and cur.parent.type == "mod_item":
            return cur
        cur = cur.parent
    return node


def _declared_in(decl: Node, body: Node) -> bool:
    """Is this `use` an item of `body` itself (a module's, or a block's own), not of a fn or
    block inside it, whose `use`s bind only there?"""
    return decl.parent is not None and decl.parent.id == body.id


def _glob_from_parent(body: Node) -> bool:
    for c in body.named_children:
        if c.type == "use_declaration" and text(c.child_by_field_name("argument")) in ("super::*",):
            return True
    return False


def _cfg_gated_module(body: Node) -> bool:
    """Is this module body's `mod` compiled only under a `#[cfg(..)]` (`#[cfg(test)]` included)?"""
    return body.parent is not None and _cfg_gated(body.parent)


def _cfg_gated(item: Node) -> bool:
    """Is this item compiled only under a `#[cfg(..)]` of its own?"""
    attr = item.prev_named_sibling
    while attr is not None and attr.type in ("attribute_item", "line_comment", "block_comment"):
        if attr.type == "attribute_item" and re.match(r"#\s*\[\s*cfg\s*\(", text(attr)):
            return True
        attr = attr.prev_named_sibling
    return False


def binding_scope(node: Node) -> Node:
    """The module body an import for `node` belongs in: following `use super::*;` out of a module,
    but not out of a `#[cfg(..)]`-gated one (the parent's import would be unused, or name an
    optional crate, in the builds that leave the module out)."""
    body = _module_body(node)
    while body.type == "declaration_list" and _glob_from_parent(body) and not _cfg_gated_module(body):
        assert body.parent is not None   # a declaration list sits in its item
        parent = _module_body(body.parent)
        if parent is body:
            break
        body = parent
    return body


def sees_imports_of(body: Node, outer: Node) -> bool:
    """Are `outer`'s imports in scope in `body` (a block of its module, or a module reaching it
    through `use super::*;` globs)?"""
    if body.type == "block" and outer.type == "block":
        return True   # a block sees the `use`s of the blocks around it
    cur = _module_body(body) if body.type == "block" else body
    while cur.id != outer.id:
        if cur.type != "declaration_list" or not _glob_from_parent(cur) or cur.parent is None:
            return False
        cur = _module_body(cur.parent)
    return True


def renamed_imports(root: Node, roots, names, declarations: list[Node] | None = None) -> dict[str, str]:
    """burn's `names` imported under another name (`use burn::tensor::backend::Backend as
    BurnBackend;`): {"BurnBackend": "Backend"}, for imports from the crates `roots` (None: burn's
    crates by their own names)."""
    roots = roots if roots is not None else {"burn", *api.BURN_CRATE_IDENTS}
    return {leaf.bound: leaf.path[-1] for leaf in use_leaves(root, declarations)
            if leaf.path and leaf.path[0] in roots and leaf.path[-1] in names and leaf.bound != leaf.path[-1]}


def gated_binding(body: Node, name: str, declarations: list[Node] | None = None) -> bool:
    """Does a `#[cfg(..)]`-gated `use` of this module body bind `name` (`#[cfg(test)] use
    burn::tensor::Device;`)? A second, ungated `use` of it would be E0252 in that build."""
    return any(leaf.bound == name and _declared_in(leaf.declaration, body) and _cfg_gated(leaf.declaration)
               for leaf in use_leaves(body, declarations))


def binds(body: Node, name: str, glob_modules: set[tuple[str, ...]],
          declarations: list[Node] | None = None) -> bool:
    """Does this module body bind `name` through a `use` (or a glob of one of glob_modules)?"""
    for leaf in use_leaves(body, declarations):
        if not _declared_in(leaf.declaration, body) or _cfg_gated(leaf.declaration):
            continue   # (a `#[cfg(test)] use` binds nothing in the other builds; a fn's own binds in the fn)
        if leaf.bound == name:
            return True
        if leaf.path and leaf.path[-1] == "*" and tuple(leaf.path[:-1]) in glob_modules:
            return True
        if leaf.path == ["super", "*"] and body.type == "declaration_list" and body.parent is not None:
            parent = _module_body(body.parent)   # `use super::*;` binds what the parent binds
            if parent.id != body.id and binds(parent, name, glob_modules, declarations):
                return True
    return False


def block_binds(at: Node, name: str, glob_modules: set[tuple[str, ...]], declarations: list[Node] | None = None) -> bool:
    """Does a `use` of a block around `at` bind `name` (itself, or through a glob of one of
    glob_modules)? A block's `use` is seen by everything inside that block (a doc block's snippet
    wrapped in `fn main() { use burn::prelude::*; fn f() {..} }`), and by nothing outside it."""
    for decl in declarations or ():
        block = decl.parent
        if block is None or block.type != "block" or not block.start_byte <= at.start_byte < block.end_byte \
                or _cfg_gated(decl):
            continue
        if any(leaf.bound == name or (leaf.path[-1:] == ["*"] and tuple(leaf.path[:-1]) in glob_modules)
               for leaf in use_leaves(block, [decl])):
            return True
    return False


def binds_elsewhere(body: Node, name: str, roots: set[str], declarations: list[Node] | None = None) -> bool:
    """Does this module body `use` `name` from outside burn (`use cubecl::device::Device;`), or see
    the parent's `name` through `use super::*;` (its import from elsewhere, or its own item)? Then
    a bare `name` written there is that item, not burn's."""
    own = [leaf for leaf in use_leaves(body, declarations) if _declared_in(leaf.declaration, body)]
    named = [leaf for leaf in own if leaf.bound == name and leaf.path and leaf.path[-1] != "*"]
    if named:   # an import of the name itself shadows every glob
        return any(leaf.path[0] not in roots for leaf in named)
    if body.type == "declaration_list" and body.parent is not None and any(leaf.path == ["super", "*"] for leaf in own):
        parent = _module_body(body.parent)
        if parent.id != body.id:
            return defines(parent, name) or binds_elsewhere(parent, name, roots, declarations)
    return False


def defines(body: Node, name: str) -> bool:
    for c in body.named_children:
        if c.type in ("struct_item", "enum_item", "type_item", "trait_item", "union_item"):
            if text(c.child_by_field_name("name")) == name:
                return True
    return False


def insertion_edit(src: bytes, body: Node, use_line: str) -> Edit:
    """Insert `use_line` after the last `use` of the module body, else at its top."""
    uses = [c for c in body.named_children if c.type == "use_declaration"]
    if uses:
        last = uses[-1]
        end = last.end_byte
        indent = _indent_of(src, last.start_byte)
        return Edit(end, end, "\n" + indent + use_line)
    # top of the body: after inner attributes and leading comments
    pos = body.start_byte + (1 if body.type in ("declaration_list", "block") else 0)
    indent, gap = "", ""
    for c in body.children:
        if c.type in ("{",):
            continue
        if c.type in ("inner_attribute_item", "line_comment", "block_comment"):
            if c.type == "line_comment" and not text(c).startswith(("//!", "///")) and body.type == "source_file":
                break
            if text(c).startswith(("///", "/**")) and not text(c).startswith(("////", "/***")):
                indent, gap = _indent_of(src, c.start_byte), "\n"
                break   # an outer doc comment belongs to the item after it: the `use` goes above
            pos = c.end_byte
            continue
        indent = _indent_of(src, c.start_byte)
        break
    if body.type == "source_file" and pos == 0:
        return Edit(0, 0, use_line + "\n" + gap)
    if pos > 0 and src[pos - 1:pos] == b"\n":
        return Edit(pos, pos, indent + use_line + "\n" + gap)   # (a line comment's node ends with its newline)
    nl = src.find(b"\n", pos)
    at = nl + 1 if nl >= 0 else len(src)
    return Edit(at, at, indent + use_line + "\n")


def import_edit(src: bytes, body: Node, base: str, names: list[str], declarations: list[Node]) -> Edit:
    """Bring `base::{names}` into the module body: merged into one of its `use`s when one fits
    (`merge_edit`), else as a new line after its last `use`."""
    merged = merge_edit(src, body, base, names, declarations)
    if merged is not None:
        return merged
    return insertion_edit(src, body, f"use {base}::{_listed(names)};")


def merge_edit(src: bytes, body: Node, base: str, names: list[str], declarations: list[Node]) -> Edit | None:
    """`base::{names}` merged into a `use` of the module body, as a person would write it: into
    `use base::X;` / `use base::{..};` (`use burn::tensor::{Device, Tensor};`), else into the
    root's list, `use burn::{optim::AdamConfig, tensor::Device};` (its `tensor::{..}` or
    `tensor::X` item, or a new item beside the others, the list's layout kept). None when no
    `use` fits: a gated or `pub` one, a list with comments, a line that would pass 100 columns."""
    mine = []
    for decl in declarations:
        if not _declared_in(decl, body) or any(c.type == "visibility_modifier" for c in decl.children):
            continue   # (a fn's own `use` does not bind at the module's level)
        if _cfg_gated(decl):   # (a name merged into `#[cfg(bf16)] use burn::tensor::bf16;` is gone in the other builds)
            continue
        arg = decl.child_by_field_name("argument")
        if arg is not None:
            mine.append(arg)
    for arg in mine:
        if "\n" in text(arg):
            continue
        if arg.type == "scoped_identifier" and text(arg.child_by_field_name("path")) == base:
            return replace(arg, f"{base}::{_braced({text(arg.child_by_field_name('name')), *names})}")
        if arg.type == "scoped_use_list" and text(arg.child_by_field_name("path")) == base:
            lst = arg.child_by_field_name("list")
            assert lst is not None   # a scoped use list has its list
            if _commented(lst):
                continue
            return replace(lst, _braced({text(i) for i in named_args(lst)} | set(names)))
    root, _, rest = base.partition("::")
    for arg in mine if rest else []:
        if arg.type == "scoped_use_list" and text(arg.child_by_field_name("path")) == root:
            edit = _into_root_list(src, arg, rest, names)
            if edit is not None:
                return edit
    return None


def _into_root_list(src: bytes, arg: Node, rest: str, names: list[str]) -> Edit | None:
    """`rest::{names}` into the list of `use root::{..};`."""
    lst = arg.child_by_field_name("list")
    if lst is None or _commented(lst):
        return None
    items = named_args(lst)
    for it in items:
        path = it.child_by_field_name("path")
        if it.type == "scoped_use_list" and path is not None and text(path) == rest:
            inner = it.child_by_field_name("list")
            if inner is None or "\n" in text(inner) or _commented(inner):
                return None
            return _fits(src, replace(inner, _braced({text(i) for i in named_args(inner)} | set(names))))
        if it.type == "scoped_identifier" and path is not None and text(path) == rest:
            return _fits(src, replace(it, f"{rest}::{_braced({text(it.child_by_field_name('name')), *names})}"))
    if not items:
        return None
    new = f"{rest}::{_listed(names)}"
    after = next((it for it in items if text(it) > new), None)   # (byte order: rustfmt 2024's, near enough)
    one_per_line = "\n" in text(lst) and len({it.start_point[0] for it in items}) == len(items) \
        and items[0].start_point[0] > lst.start_point[0]
    if after is not None:
        if one_per_line:
            at = src.rfind(b"\n", 0, after.start_byte) + 1
            return Edit(at, at, _indent_of(src, after.start_byte) + new + ",\n")
        inline = _fits(src, Edit(after.start_byte, after.start_byte, new + ", "))
        if inline is not None or "\n" not in text(lst):
            return inline
    last = items[-1]
    comma = last.next_sibling
    end = comma.end_byte if comma is not None and comma.type == "," else last.end_byte
    sep = "" if end != last.end_byte else ","
    inline = None if one_per_line else _fits(src, Edit(end, end, f"{sep} {new}" + ("," if sep == "" else "")))
    if inline is not None or "\n" not in text(lst):
        return inline
    # a list on several lines: the new item on a line of its own at the end, indented as the first
    return Edit(end, end, f"{sep}\n{_indent_of(src, items[0].start_byte)}{new}" + ("," if sep == "" else ""))


def _fits(src: bytes, edit: Edit) -> Edit | None:
    """The edit, unless the line it lands on would pass 100 columns (rustfmt's width)."""
    start = src.rfind(b"\n", 0, edit.start) + 1
    end = src.find(b"\n", edit.end)
    line = src[start:edit.start].decode("utf-8", "replace") + edit.new + src[edit.end:end if end >= 0 else len(src)].decode("utf-8", "replace")
    return edit if "\n" not in edit.new and len(line) <= 100 else None


def _braced(items) -> str:
    """`{a, B, C}` in rustfmt's order."""
    return "{" + ", ".join(sorted(set(items), key=_use_order)) + "}"


def _listed(names: list[str]) -> str:
    """One name as it is, several braced: what follows `base::` in a `use`."""
    return names[0] if len(names) == 1 else _braced(names)


def _commented(lst: Node) -> bool:
    return any(i.type in ("line_comment", "block_comment") for i in lst.children)


def _use_order(item: str) -> tuple:
    """rustfmt's order inside a use list: `self` first, then lowercase paths, then types."""
    return (item != "self", item[:1].isupper(), item)


def _indent_of(src: bytes, pos: int) -> str:
    start = src.rfind(b"\n", 0, pos) + 1
    return src[start:pos].decode("utf-8") if not src[start:pos].strip() else ""

