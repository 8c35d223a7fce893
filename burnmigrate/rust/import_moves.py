"""Use leaves moved to another path: out of their `use`, back in from where the item is now."""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.model.edits import Edit
from burnmigrate.rust.edits import clear_of_removals
from burnmigrate.rust.imports import UseLeaf, import_edit, remove_leaves


def moved_leaf_edits(src: bytes, leaves: list[UseLeaf], body: Node, base: str, names: list[str],
                     declarations: list[Node]) -> list[Edit]:
    """`leaves` out of their declarations and `base::{names}` into module `body`: merged into one
    of its `use`s where one fits, but not into a list the removal rewrites whole (`use burn::{
    prelude::Backend, tensor::X};` collapses to `use burn::tensor::X;`, which would swallow the
    merge: the import was lost), and never swallowed by a removal (`clear_of_removals`)."""
    removal = remove_leaves(src, leaves)
    added = import_edit(src, body, base, names, declarations)
    if any(r.new and r.start <= added.start <= r.end for r in removal):
        froms = {leaf.declaration.id for leaf in leaves}
        added = import_edit(src, body, base, names, [d for d in declarations if d.id not in froms])
    return clear_of_removals(src, removal + [added])
