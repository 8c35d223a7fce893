"""Mentions of a name that are no mention of an item so named: every use of `B` in a file may be a
generic parameter `B` of the items that use it (`fn build<B: Index>() { B::build() }`), and then
the file says nothing of another file's backend alias `B` (issue 25 item 1: a name means what it
resolves to, burnmigrate/rust/resolve.py)."""
from __future__ import annotations

import re

from burnmigrate.rust.generics import generic_params
from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.syntax import GENERIC_ITEMS, ancestors, capture, parse, text

_GENERIC_ITEMS_Q = "[" + " ".join(f"({k})" for k in sorted(GENERIC_ITEMS)) + "] @item"
_NOT_CODE = ("line_comment", "block_comment", "string_content", "string_literal", "raw_string_literal", "doc_comment")
# `fn f<B: ..>`, `impl<B>`, `struct S<B, ..>`: where a file may declare capitalised generic parameters
_GENERIC_DECL = re.compile(rb"\b(?:fn\s+\w+|impl|struct\s+\w+|enum\s+\w+|trait\s+\w+|union\s+\w+|type\s+\w+)\s*<")


def param_only_mentions(src: bytes, tree) -> set[str]:
    """The capitalised names declared as generic parameters here whose every mention in code
    resolves to such a parameter (rust/resolve.py): the file says nothing of an item so named."""
    if not _GENERIC_DECL.search(src):
        return set()
    tree = tree if tree is not None else parse(src)
    root = tree.root_node
    params = {text(p.child_by_field_name("name") if p.type != "type_identifier" else p)
              for it in capture(_GENERIC_ITEMS_Q, root, "item") for p in generic_params(it)}
    out = set()
    for name in params:
        if not name[:1].isupper():
            continue
        only = True
        for m in re.finditer(rb"\b" + re.escape(name.encode()) + rb"\b", src):
            node = root.descendant_for_byte_range(m.start(), m.end())
            if node is None or node.type in _NOT_CODE or any(a.type in _NOT_CODE for a in ancestors(node)):
                continue
            if resolve(node, name).kind != "param":
                only = False
                break
        if only:
            out.add(name)
    return out
