"""tensor-backend-paths — items 0.22.1 moved out of `burn::tensor::backend` (R13).

What it does:
    A `use burn::tensor::backend::{ExecutionError, DeviceError, DeviceId}` leaf (any burn root)
    that the code still names becomes an import from `burn::tensor` (where burn-tensor 0.22.1
    re-exports them, `device.rs`), and `burn::tensor::backend::distributed::{DistributedConfig,
    ReduceOperation}` one from `burn::tensor::distributed` (burn-std's, re-exported by
    burn-tensor 0.22.1 `tensor/distributed.rs`); the old leaf goes. (The module's backend traits
    go with `backend-import`; `DistributedBackend` has no 0.22.1 counterpart: the device value
    carries the backend.)

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

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import binding_scope, import_edit, remove_leaves, use_leaves

MOVED = {("tensor", "backend"): ("tensor", frozenset({"ExecutionError", "DeviceError", "DeviceId"})),
         ("tensor", "backend", "distributed"): ("tensor::distributed", frozenset({"DistributedConfig", "ReduceOperation"}))}


def _moved(path: list[str]) -> str | None:
    """The 0.22.1 module (under the burn root) of a moved item's 0.21 path, or None."""
    target = MOVED.get(tuple(path[1:-1]))
    return target[0] if target is not None and path[-1] in target[1] else None


class TensorBackendPaths(SourceRule):
    id = "tensor-backend-paths"
    name = "items moved out of burn::tensor::backend"
    pitfalls = (1,)
    guide = "R13"
    safety = Safety.SAFE
    triggers = (b"tensor::backend", b"backend::distributed")
    check = Check("`cargo check` on 0.22.1: E0432 at `burn::tensor::backend::X` before, none after", "cargo check",
                  ("E0432",), matches=(ErrorMatch("E0432", r"burn::tensor::backend", r"ExecutionError|DeviceError|DeviceId|DistributedConfig|ReduceOperation"),))

    def run(self, ctx: FileContext) -> list[Change]:
        leaves = [l for l in use_leaves(ctx.root, ctx.use_declarations())
                  if len(l.path) >= 4 and _moved(l.path) is not None
                  and l.path[0] in (*ctx.crate.burn_roots, "burn", "burn_tensor") and l.bound == l.path[-1]
                  and not any(c.type == "visibility_modifier" for c in l.declaration.children)]
        if not leaves:
            return []
        used = [l for l in leaves if ctx.names_outside_uses(l.bound)]
        if not used:
            return []
        out = []
        edits = []
        all_leaves = use_leaves(ctx.root, ctx.use_declarations())
        by_decl: dict[int, list] = {}
        for l in used:
            by_decl.setdefault(l.declaration.id, []).append(l)
        listed = []
        for group in by_decl.values():
            decl = group[0].declaration
            bases = {f"{l.path[0]}::{_moved(l.path)}" for l in group}
            whole = [x for x in all_leaves if x.declaration.id == decl.id]
            if len(bases) == 1 and len(whole) == len(group):   # every leaf moves to one place: rewrite the path
                base = bases.pop()
                names = sorted({l.bound for l in group})
                arg = decl.child_by_field_name("argument")
                edits.append(Edit(arg.start_byte, arg.end_byte,
                                  f"{base}::{names[0]}" if len(names) == 1 else f"{base}::{{{', '.join(names)}}}"))
            else:
                listed += group
        if listed:   # the declaration keeps other leaves: move these out, import them where they are now
            edits += remove_leaves(ctx.src, listed)
            by_root: dict[tuple[int, str], tuple[Node, list[str]]] = {}
            for l in listed:
                body = binding_scope(l.declaration)
                by_root.setdefault((body.id, f"{l.path[0]}::{_moved(l.path)}"), (body, []))[1].append(l.bound)
            for (_, base), (body, names) in by_root.items():
                edits.append(import_edit(ctx.src, body, base, sorted(set(names)), ctx.use_declarations()))
        out.append(self.change(used[0].declaration, f"{', '.join('`'+l.bound+'`' for l in used)}: from `burn::tensor` in 0.22.1",
                               edits))
        return out
