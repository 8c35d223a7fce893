"""tensor-backend-paths — items 0.22.1 moved out of `burn::tensor::backend` (R13).

What it does:
    A `use burn::tensor::backend::{ExecutionError, DeviceError, DeviceId}` leaf (any burn root)
    that the code still names becomes an import from `burn::tensor` (where burn-tensor 0.22.1
    re-exports them, `device.rs`); the old leaf goes. (The module's backend traits go with
    `backend-import`.)

Why:
    0.22.1 has no `burn::tensor::backend` module: the import fails with E0432 although the item
    still exists one level up.

Example:
    use burn::tensor::backend::ExecutionError;   →   use burn::tensor::ExecutionError;

Fix safety:
    safe: the same types, re-exported.

Reproduction check:
    `cargo check` on 0.22.1: E0432 unresolved import `burn::tensor::backend` before, none after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import Rule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import binding_scope, import_edit, remove_leaves, use_leaves

MOVED = frozenset({"ExecutionError", "DeviceError", "DeviceId"})


class TensorBackendPaths(Rule):
    id = "tensor-backend-paths"
    name = "items moved out of burn::tensor::backend"
    pitfalls = (1,)
    guide = "R13"
    safety = Safety.SAFE
    triggers = (b"tensor::backend",)
    check = Check("`cargo check` on 0.22.1: E0432 at `burn::tensor::backend::X` before, none after", "cargo check",
                  ("E0432",), matches=(ErrorMatch("E0432", r"burn::tensor::backend", r"ExecutionError|DeviceError|DeviceId"),))

    def run(self, ctx: FileContext) -> list[Change]:
        leaves = [l for l in use_leaves(ctx.tree.root_node, ctx.use_declarations())
                  if len(l.path) == 4 and l.path[1:3] == ["tensor", "backend"] and l.path[3] in MOVED
                  and l.path[0] in (*ctx.crate.burn_roots, "burn", "burn_tensor") and l.bound == l.path[3]
                  and not any(c.type == "visibility_modifier" for c in l.declaration.children)]
        if not leaves:
            return []
        used = [l for l in leaves if ctx.names_outside_uses(l.bound)]
        if not used:
            return []
        out = []
        edits = []
        alone = [l for l in used if l.declaration.child_by_field_name("argument") == l.node]
        for l in alone:   # `use burn::tensor::backend::X;`: the path is rewritten in place
            edits.append(Edit(l.node.start_byte, l.node.end_byte, f"{l.path[0]}::tensor::{l.bound}"))
        listed = [l for l in used if l not in alone]
        if listed:
            edits += remove_leaves(ctx.src, listed)
            by_root = {}
            for l in listed:
                body = binding_scope(l.declaration)
                by_root.setdefault((body.id, l.path[0]), (body, []))[1].append(l.bound)
            for (_, root), (body, names) in by_root.items():
                edits.append(import_edit(ctx.src, body, f"{root}::tensor", sorted(set(names)), ctx.use_declarations()))
        out.append(self.change(used[0].declaration, f"{', '.join('`'+l.bound+'`' for l in used)}: from `burn::tensor` in 0.22.1",
                               edits))
        return out
