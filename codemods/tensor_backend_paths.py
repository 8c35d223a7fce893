"""tensor-backend-paths — items 0.22.1 moved out of `burn::tensor::backend` (R13).

What it does:
    A `use burn::tensor::backend::{ExecutionError, DeviceError, DeviceId}` leaf (any burn root)
    that the code still names becomes an import from `burn::tensor` (where burn-tensor 0.22.1
    re-exports them, `device.rs`), and `burn::tensor::backend::distributed::{DistributedConfig,
    ReduceOperation}` one from `burn::tensor::distributed` (burn-std's, re-exported by
    burn-tensor 0.22.1 `tensor/distributed.rs`); the old leaf goes. (The module's backend traits
    go with `backend-import`; `DistributedBackend` has no 0.22.1 counterpart: the device value
    carries the backend.) In code, a bound written as a path, `burn::tensor::backend::Backend`
    (`AutodiffBackend`, `BackendTypes`), that stays — a project trait's supertrait
    (`trait Backend: burn::tensor::backend::Backend`), the bound of a parameter kept generic —
    becomes `burn::backend::Backend`, and a backend-author item named by its path
    (`<Self as burn::tensor::ops::FloatTensorOps<Self>>::float_neg`, `burn::tensor::TensorPrimitive`)
    takes the path 0.22.1 has it at (`burn::backend::ops::FloatTensorOps`): E0433 before.

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

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext, cfg_attributes
from burnmigrate.rust.edits import clear_of_removals
from burnmigrate.rust.imports import binding_scope, import_edit, remove_leaves, use_leaves
from burnmigrate.rust.syntax import ancestors, capture, text

_DEVICE_TRAIT = ("it was imported for its methods on a backend's device type (`B::Device::from_id(id)`, `.to_id()`); "
                 "0.22.1's `burn::tensor::Device` is one device struct for every backend, with no `from_id`: list the "
                 "devices with `Device::enumerate(DeviceType::X)` and pick one, or build one with its constructor "
                 "(`Device::cuda(DeviceIndex::Index(i))`).")
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
    reads_others = True   # backend-import's removals can leave a list that now moves whole
    triggers = (b"tensor::backend", b"backend::", b"backend::distributed", b"tensor::ops::", b"tensor::TensorPrimitive",
                b"tensor::TensorMetadata")
    check = Check("`cargo check` on 0.22.1: E0432 at `burn::tensor::backend::X` before, none after", "cargo check",
                  ("E0432",), matches=(ErrorMatch("E0432", r"burn::tensor::backend", r"ExecutionError|DeviceError|DeviceId|DistributedConfig|ReduceOperation"),
                                       ErrorMatch("E0433", r"cannot find `backend` in `tensor`")))

    def run(self, ctx: FileContext) -> list[Change]:
        return self._imports(ctx) + self._code_paths(ctx)

    def _code_paths(self, ctx: FileContext) -> list[Change]:
        """Paths in code (not in a `use`) into modules 0.22.1 does not have: a backend-author item
        (`burn::tensor::ops::FloatTensorOps`, `burn::tensor::TensorPrimitive`) → where 0.22.1 has
        it; `burn::tensor::backend::Backend` written in a bound that stays (a supertrait, a kept
        parameter's bound) → `burn::backend::Backend`."""
        out = []
        roots = {*ctx.crate.burn_roots, "burn", "burn_core"} - {"burn_tensor"}
        for t in ctx.nodes("scoped_type_identifier", "scoped_identifier"):
            path, name = t.child_by_field_name("path"), text(t.child_by_field_name("name"))
            segs = text(path).replace(" ", "").split("::") if path is not None else []
            if path is None or not segs or segs[0] not in roots or ctx.in_use_declaration(t.start_byte):
                continue
            moved = api.MOVED_BACKEND_PATHS.get((tuple(segs[1:]), name)) if segs[1:2] == ["tensor"] else None
            if moved is None and segs[1:] == ["tensor", "backend"] and name in api.MOVED_BACKEND_TRAITS \
                    and t.type == "scoped_type_identifier" and self._stays(ctx, t):
                moved = "backend"
            if moved is None:
                continue
            out.append(self.change(path, f"`{text(t)}` → `{segs[0]}::{moved}::{name}`",
                                   [Edit(path.start_byte, path.end_byte, f"{segs[0]}::{moved}")],
                                   reason="" if moved == "backend" else "where burn 0.22.1 has it (burn-backend, "
                                          "re-exported as `burn::backend`)"))
        return out

    @staticmethod
    def _stays(ctx: FileContext, t: Node) -> bool:
        """Is the bound `t` is part of one no rule erases: a trait's supertraits or where clause
        on `Self`, or the bound of a parameter that stays generic (an extension or kept one)?"""
        bounds = t.parent
        while bounds is not None and bounds.type not in ("trait_bounds", "function_item", "block"):
            bounds = bounds.parent
        owner = bounds.parent if bounds is not None and bounds.type == "trait_bounds" else None
        if owner is None:
            return False
        if owner.type == "trait_item":
            return True
        name = owner.child_by_field_name("name") if owner.type in ("type_parameter", "constrained_type_parameter") \
            else owner.child_by_field_name("left") if owner.type == "where_predicate" else None
        if name is None:
            return False
        if text(name) == "Self":
            return any(a.type == "trait_item" for a in ancestors(owner))
        param = ctx.scope.in_scope(owner).get(text(name))
        return param is not None and param.extension

    def _imports(self, ctx: FileContext) -> list[Change]:
        all_leaves = use_leaves(ctx.root, ctx.use_declarations())
        # 0.21's `burn::tensor::backend::Device` is cubecl's device trait (`from_id`, `to_id`): no path has it in 0.22.1
        out = [self.finding(l.node, f"`{'::'.join(l.path)}` (cubecl's device trait) is not in burn 0.22.1", _DEVICE_TRAIT)
               for l in all_leaves if l.path[1:] == ["tensor", "backend", "Device"] and l.path[0] in (*ctx.crate.burn_roots, "burn")
               and ctx.names_outside_uses(l.bound)]
        return out + self._moved_imports(ctx, all_leaves)

    def _moved_imports(self, ctx: FileContext, all_leaves) -> list[Change]:
        leaves = [l for l in all_leaves if len(l.path) >= 4 and _moved(l.path) is not None
                  and l.path[0] in (*ctx.crate.burn_roots, "burn", "burn_tensor")]
        # a re-export (`pub use`) is used by whoever imports it; a private leaf the code no
        # longer names is backend-import's (an unused 0.21 import: it goes)
        kept = [l for l in leaves if _public(l) or ctx.names_outside_uses(l.bound)]
        if not kept:
            return []
        edits: list[Edit] = []
        listed = []
        for decl_id in dict.fromkeys(l.declaration.id for l in kept):
            group = [l for l in kept if l.declaration.id == decl_id]
            rewrite = _module_segment_edit(group, [x for x in all_leaves if x.declaration.id == decl_id])
            if rewrite is not None:   # every leaf under `tensor::backend` here moves: drop the `backend` segment
                edits.append(rewrite)
            else:
                listed += group
        movable = [l for l in listed if not _public(l) and l.bound == l.path[-1]]
        if movable:   # the declaration keeps other leaves: move these out, import them where they are now
            edits += remove_leaves(ctx.src, movable)
            by_root: dict[tuple[int, str, str], tuple[Node, list[str]]] = {}
            for l in movable:
                body = binding_scope(l.declaration)
                key = (body.id, f"{l.path[0]}::{_moved(l.path)}", _cfg_attributes(l.declaration))
                by_root.setdefault(key, (l.declaration if key[2] else body, []))[1].append(l.bound)
            for (_, base, cfg), (at, names) in by_root.items():
                listed_names = sorted(set(names))
                if cfg:   # (under its own `#[cfg(..)]`: the new import keeps it, next to the old one)
                    one = listed_names[0] if len(listed_names) == 1 else "{" + ", ".join(listed_names) + "}"
                    edits.append(Edit(at.end_byte, at.end_byte, f"\n{cfg}\nuse {base}::{one};"))
                else:
                    edits.append(import_edit(ctx.src, at, base, listed_names, ctx.use_declarations()))
        out = []
        moved = [l for l in kept if l not in listed or l in movable]
        if moved:
            out.append(self.change(moved[0].declaration, f"{', '.join('`'+l.path[-1]+'`' for l in moved)}: from "
                                   "`burn::tensor` in 0.22.1", clear_of_removals(ctx.src, edits)))
        for l in listed:
            if l not in movable:   # `pub use` or `as` beside leaves that stay: one path cannot say both
                out.append(self.finding(l.node, f"`{'::'.join(l.path)}` is `{l.path[0]}::{_moved(l.path)}::{l.path[-1]}` in 0.22.1",
                                        "this leaf is re-exported or renamed in a `use` whose other leaves stay: "
                                        "split it into its own `use` with the new path by hand."))
        return out


def _cfg_attributes(decl: Node) -> str:
    """The `#[cfg(..)]` attributes written on a `use` declaration, in order ('' when none): an
    import moved out of it is built under the same conditions (a native-only burn, reading 65)."""
    return "\n".join(text(a) for a in reversed(cfg_attributes(decl)))


def _public(leaf) -> bool:
    return any(c.type == "visibility_modifier" for c in leaf.declaration.children)


def _module_segment_edit(group: list, whole: list) -> Edit | None:
    """One edit for a declaration whose leaves under `..::tensor::backend` all move (all named by
    the code or re-exported): `tensor::backend` → `tensor` in its path, aliases and `pub` kept."""
    decl = group[0].declaration
    found = None
    for n in capture("(scoped_identifier) @s", decl, "s"):
        if text(n.child_by_field_name("name")) == "backend":
            p = n.child_by_field_name("path")
            if p is not None and text(p).rsplit("::", 1)[-1].strip() == "tensor":
                if found is not None:
                    return None
                found = n
    if found is None:
        return None
    under = [l for l in whole if len(l.path) > 3 and l.path[1:3] == ["tensor", "backend"]]
    ids = {id(l) for l in group}
    if not under or any(id(l) not in ids for l in under):
        return None
    path = found.child_by_field_name("path")
    assert path is not None
    return Edit(found.start_byte, found.end_byte, text(path))

