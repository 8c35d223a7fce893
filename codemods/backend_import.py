"""backend-import — remove imports of what 0.22 no longer has (R13).

What it does:
    Removes `use` leaves that name 0.21-only items once nothing in the file uses them any more
    (and `ElementConversion` once no `.elem` call is left, as after `into_scalar().elem()` →
    `into_scalar()`):
    the backend traits (`burn::tensor::backend::{Backend, AutodiffBackend}`,
    `burn::prelude::Backend`, `DeviceOps`), backend types and modules (`burn::backend::{Autodiff,
    Wgpu}`, `burn::backend::wgpu::WgpuDevice`, …), element types (`burn::tensor::ops::IntElem`),
    the project's own backend aliases imported from another module, a project module the
    rewrite left unused (`use crate::engines as eng;` once `eng::Fast` was erased), `PhantomData`, and a
    burn type named only in type arguments the rewrite dropped (`init::<B, Linear<B>>()`). An
    `AutodiffModule` import becomes `Module` (or goes, when `Module` is already imported).
    Lists collapse (`{Tensor}` → `Tensor`); an emptied `use` disappears with its line. A backend
    trait still used (by code kept generic, with its finding) is imported from where 0.22.1 has
    it: `burn::tensor::backend::Backend` → `burn::backend::Backend`.

Why:
    `burn::tensor::backend` does not exist in 0.22.1: these imports fail with E0432 ("unresolved
    import") — pitfall 1. `burn::backend` still re-exports the backend traits (`Backend`,
    `AutodiffBackend`, `BackendTypes`) and the 0.21 backend types for backend authors; code
    migrated to `Device` no longer needs them, and code that still does has a finding.

Example:
    before: use burn::{prelude::*, tensor::backend::AutodiffBackend, train::TrainStep};
    after:  use burn::{prelude::*, train::TrainStep};

Fix safety:
    safe: only imports without a remaining use go; `pub use` re-exports are kept.

Reproduction check:
    E0432 (unresolved import `burn::tensor::backend`) at the `use` under burn 0.22.1; none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Edit, ErrorMatch
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import replace
from burnmigrate.rust.import_moves import moved_leaf_edits
from burnmigrate.rust.imports import UseLeaf, _module_body, binding_scope, import_edit, remove_leaves, use_leaves
from burnmigrate.rust.scans import has_word, only_in_type_arguments
from burnmigrate.rust.syntax import GENERIC_ITEMS, required_child, text, without_uses
from burnmigrate.rust.uses import without_comments_and_strings

from ._local_aliases import backend_fn_calls, unused_crate_alias
from ._prelude import named_here, prelude_unused
from .record_to_store import _derived_record

_OLD_NAMES = api.BACKEND_TRAITS | api.BACKEND_DEVICE_TYPES | {"DeviceOps", "FloatElem", "IntElem", "BoolElem",
                                                               "ElementConversionBackend"}


_USES = re.compile(rb"\buse\s[^;]*;")
# a `use` this rule may remove names one of these (or a project backend alias)
_HINTS = (b"Backend", b"backend", b"record::", b"AutodiffModule", b"PhantomData", b"DeviceOps", b"FloatElem", b"IntElem",
          b"BoolElem", b"prelude::*", b"DispatchDevice", b"ElementConversion", b"TensorPrimitive", b"Tensor,",
          b"TensorOps", b"Tensor}", b"Tensor;", b"QuantLevel", b"QuantParam", b"QTensorPrimitive", b"QuantizedTensor",
          *(n.encode() for n in api.CONCRETE_BACKENDS))

# cubecl 0.10's, gone from burn 0.22.1; `QTensorPrimitive` too, and `QuantizedTensor` moved (the
# quant rules rewrite their uses: an import left unused goes)
_GONE_QUANT = frozenset({"QuantLevel", "QuantParam", "QTensorPrimitive", "QuantizedTensor"})
_MODULE_METHOD = re.compile(rb"\.\s*valid\s*\(\s*\)")
_TRAIT_METHODS = {"ElementConversion": re.compile(rb"\.elem\b")}   # (imported for their methods alone)
_RECORDER_CALL = re.compile(rb"\.\s*(?:load|record)\s*\(")
_USE_DECL = re.compile(rb"(?m)^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?use\b[^;]*;")

_MODULE_PATH_HEADS = ("self", "super", "crate")
_MOD_DECL = re.compile(rb"\bmod\s+([A-Za-z_]\w*)")


def _blank_non_references(root: Node, body: bytearray, path: str) -> None:
    """Blank in `body` the names that rustc never resolves through an imported name: an enum
    variant's own name and the last segment of a path (`Choice::Flex`, `BackendKind::Cuda { .. }`).
    Kept: a tail after a path that may be a module of this crate (`super::Flex`, `self::m::Flex`
    may name an import), that is `self` / `super` / `crate` followed by segments that can be
    modules here (not a capitalised name this file does not declare with `mod` nor is a file of:
    `super::Choice::Flex` is an enum's variant)."""
    own_mods = {m.decode() for m in _MOD_DECL.findall(bytes(body))} | set(re.split(r"[/\\.]", path))

    def module_path(p: str) -> bool:
        segs = [x.strip() for x in p.split("::")]
        return segs[0] in _MODULE_PATH_HEADS and all(
            x in _MODULE_PATH_HEADS or not x[:1].isupper() or x in own_mods for x in segs[1:])

    stack = [root]
    while stack:
        n = stack.pop()
        name = None
        if n.type in ("scoped_identifier", "scoped_type_identifier"):
            prefix, name = n.child_by_field_name("path"), n.child_by_field_name("name")
            if prefix is None or module_path(text(prefix)):
                name = None
        elif n.type == "enum_variant":
            name = n.child_by_field_name("name")
        if name is not None:
            body[name.start_byte:name.end_byte] = b" " * (name.end_byte - name.start_byte)
        stack.extend(n.named_children)


class BackendImport(SourceRule):
    id = "backend-import"
    name = "Remove imports of 0.21-only items"
    pitfalls = (1,)
    guide = "R13"
    triggers = (b"use ",)
    reads_others = True
    check = Check("E0432 (unresolved import) at the `use` under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -c E0432", ("E0432",),
                  matches=(ErrorMatch('E0432', r'burn(?:_\w+)?::(?:tensor::)?backend|`Backend`|`AutodiffBackend`|backend'), ErrorMatch('unused_imports')))

    def applies(self, ctx: FileContext) -> bool:
        src = ctx.src
        if b"use " not in src:
            return False
        aliases = {*ctx.index.backend_aliases, *ctx.index.device_aliases}   # (the project's, imported: `use crate::Dev;`)
        if not (any(k in src for k in _HINTS) or ctx.mentions_any(aliases)):
            return False
        # only `use` declarations matter: look at their text, not the whole file
        names = _HINTS + tuple(a.encode() for a in aliases)
        return any(any(k in m.group(0) for k in names) for m in _USE_DECL.finditer(src))

    def run(self, ctx: FileContext) -> list[Change]:
        if not (leaves := use_leaves(ctx.root, ctx.use_declarations())):
            return []
        # the file's text with every `use` (and comment: `// the Cpu backend`) blanked out: where names are really used
        body = without_comments_and_strings(without_uses(ctx.src, {l.declaration.id: l.declaration for l in leaves}.values()))
        # only for a backend type's import: `enum Choice { Flex }`, `Choice::Flex` are not uses of `Flex`
        # (other names keep the plain text: `B::Device` stands for the `Device` its rewrite needs)
        blanked = bytearray(body)
        _blank_non_references(ctx.root, blanked, ctx.path)
        refs = bytes(blanked)
        found: dict[tuple[bool, int, str], bool] = {}

        def used_by(leaf: UseLeaf, as_reference: bool = False):
            """`used`, read in the module the `use` is in (with its inline child modules): an
            import in `mod cuda { .. }` is not kept by a use in `mod wgpu { .. }`."""
            module = _module_body(leaf.declaration)
            text_ = refs if as_reference else body

            def in_module(name: str) -> bool:
                key = (as_reference, module.id, name)
                if key not in found:
                    found[key] = has_word(text_[module.start_byte:module.end_byte], name.encode())
                return found[key]
            return in_module

        def underscore_used(leaf: UseLeaf):
            """`Backend as _`: used by a fn called through a backend type (`Flex::name(..)`), not by a `_`."""
            m = leaf.declaration.parent or ctx.root   # (its block, module or file: where it binds)
            return lambda _name: backend_fn_calls(ctx, body[m.start_byte:m.end_byte])

        def file_used(name: str) -> bool:
            key = (False, -1, name)
            if key not in found:
                found[key] = has_word(body, name.encode())
            return found[key]

        roots = set(ctx.crate.burn_roots) | {"burn", "burn_core", "burn_tensor"}
        bound_names = {l.bound for l in leaves}
        doomed: list[UseLeaf] = []
        out: list[Change] = []
        for leaf in leaves:
            used = used_by(leaf) if leaf.bound != "_" else underscore_used(leaf)
            if (vis := next((c for c in leaf.declaration.children if c.type == "visibility_modifier"), None)) is not None:
                doomed += [leaf] if unused_crate_alias(ctx, leaf, vis, used) else []
                continue  # `pub use`: a re-export is API, not ours to remove (a crate's own unused alias goes)
            path, bound = leaf.path, leaf.bound
            if not path:
                continue
            from_burn = path[0] in roots or (path[0].startswith("burn_") and path[0] not in ("burn_import", *ctx.crate.project_crates))
            local = path[0] in ("crate", "super", "self") or path[0] in ctx.crate.project_crates
            why = ""
            if path[-1] == "*":
                if from_burn and "backend" in path[1:-1] and not any(
                        used(n) for n in api.CONCRETE_BACKENDS | api.BACKEND_TRAITS):
                    why = "glob of a 0.21 backend module"
                elif from_burn and path[1:-1] == ["prelude"] and ctx.original is not ctx.src and prelude_unused(
                        body, used, frozenset({"Backend"} & bound_names) | named_here(leaves, leaf)):
                    # (read once the other rules' rewrites are in: `FlexDevice` → `Device::flex()` takes
                    # `Device` from this glob, here or through a child's `use super::*`)
                    why = "nothing from burn's prelude is used any more"
                if why:
                    doomed.append(leaf)
                continue
            if from_burn and bound == "AutodiffModule" and used("AutodiffModule") and used("Module") \
                    and "Module" not in bound_names and not any(l.path[1:] == ["prelude", "*"] and l.path[0] in roots
                                                                for l in leaves):
                # kept for an impl left as 0.21 wrote it, while a rewritten bound says `Module`
                name_node = leaf.node.child_by_field_name("name") if leaf.node.type == "scoped_identifier" else leaf.node
                if name_node is not None and text(name_node) == "AutodiffModule" and leaf.node.type == "scoped_identifier":
                    out.append(self.change(leaf.node, "import `Module` beside `AutodiffModule`",
                                           [replace(name_node, "{AutodiffModule, Module}")]))
                continue
            if from_burn and bound == "AutodiffModule" and not used("AutodiffModule"):
                prelude = any(l.path[1:] == ["prelude", "*"] and l.path[0] in roots for l in leaves)
                # `model.valid()` (an `AutodiffModule` method in 0.21, `Module`'s in 0.22.1) needs the trait in scope
                if (used("Module") or _MODULE_METHOD.search(body)) and "Module" not in bound_names and not prelude:
                    name_node = leaf.node.child_by_field_name("name") if leaf.node.type == "scoped_identifier" else leaf.node
                    if name_node is not None and text(name_node) == "AutodiffModule":
                        out.append(self.change(leaf.node, "import `Module` instead of `AutodiffModule`",
                                               [replace(name_node, "Module")]))
                        continue
                doomed.append(leaf)
                continue
            if from_burn and len(path) > 2 and path[1] == "record":   # gone in 0.22.1 (record-to-store)
                if not used(bound) and not (bound == "Recorder" and _RECORDER_CALL.search(body)):
                    why = "0.21 recorder"   # (a `recorder.load(..)` left to a person still needs the trait)
            elif from_burn and bound in _GONE_QUANT and not used(bound):
                why = "0.21 quantization name, no longer used"   # (quant-scheme-levels rewrote its uses)
            elif (from_burn or (local and path[-1] in api.BACKEND_DEVICE_TYPES - ctx.index.defined_types)) and (
                    path[-1] in _OLD_NAMES or "backend" in path[1:-1] or (bound in api.CONCRETE_BACKENDS and len(path) > 1)):
                if (path[-1] in api.CONCRETE_BACKENDS or path[-1] in api.BACKEND_TRAITS) and bound != "_":   # (`RunError::Backend` is no use)
                    used = used_by(leaf, as_reference=True)
                if not used(bound) and not (path[-1] in api.METHOD_TRAITS and self._keeps_backend_code(ctx)):
                    why = "0.21 backend item"
            elif from_burn and bound in _TRAIT_METHODS and not used(bound) and _TRAIT_METHODS[bound].search(body) is None:
                why = "no method of the trait is called any more"   # (`into_scalar().elem()` → `into_scalar()`)
            elif local and path[-1] in ctx.index.backend_aliases and not used(bound) and path[-1] not in (
                    ctx.index.extension_traits | ctx.index.shadowing_traits):   # (`Fast as Fx` too)
                why = "project backend alias"
            elif local and not used(bound) and (path[-1] in api.BACKEND_TRAITS or path[-1] in ctx.index.extension_traits
                                                or path[-1] in ctx.index.autodiff_extension_traits):
                # a project's backend trait (its own `Backend`, an extension) bounded the erased
                # parameters; its fns take backend types, never a value's method call, so no use is hidden
                why = "project backend trait the migration left unused"
            elif local and bound[:1].islower() and not used(bound) and ctx.original is not ctx.src \
                    and has_word(_USES.sub(b"", ctx.original), bound.encode()):
                why = "project module the migration left unused"   # `eng` of `eng::Fast`, erased
            elif local and path[-1] in ctx.index.device_aliases and not used(bound) and ctx.original is not ctx.src \
                    and has_word(_USES.sub(b"", ctx.original), bound.encode()):   # (`Dev::default()` → `Device::flex()`)
                why = "project device alias whose values became constructors"
            elif local and _derived_record(ctx, bound) and not used(bound):
                why = "0.21 derived record type"
            elif bound == "PhantomData" and path[0] in ("std", "core") and not used(bound):
                why = "no `PhantomData` left"
            elif from_burn and bound[:1].isupper() and not used(bound) and only_in_type_arguments(ctx, _USES, bound):
                why = "burn type only dropped type arguments named"   # `.init::<B, Linear<B>>()` → `.init()`
            if why:
                doomed.append(leaf)
        out += self._moved_traits(ctx, leaves, doomed, roots, file_used)
        out += self._prelude_backend(ctx, leaves, doomed, roots, file_used, bytes(body))
        by_decl: dict[int, list[UseLeaf]] = {}
        for leaf in doomed:
            by_decl.setdefault(leaf.declaration.id, []).append(leaf)
        for group in by_decl.values():
            names = ", ".join(f"`{'::'.join(l.path)}`" for l in group)
            out.append(self.change(group[0].declaration, f"remove unused 0.21 import {names}",
                                   remove_leaves(ctx.src, group)))
        return out

    def _prelude_backend(self, ctx: FileContext, leaves: list[UseLeaf], doomed: list[UseLeaf], roots, used,
                         body: bytes) -> list[Change]:
        """Code kept generic names `Backend`, which 0.21's `burn::prelude::*` provided and 0.22.1's
        does not (burn-core 0.21 `lib.rs` prelude; 0.22.1 has it at `burn::backend::Backend`)."""
        gone = {id(l) for l in doomed}
        prelude = [l for l in leaves if l.path[1:] == ["prelude", "*"] and l.path[0] in roots and id(l) not in gone]
        if not prelude or not used("Backend") or any(l.bound == "Backend" for l in leaves) \
                or not self._keeps_backend_code(ctx):
            return []
        decl, root = prelude[0].declaration, prelude[0].path[0]
        if any(c.type in ("trait_item", "struct_item", "enum_item", "type_item", "union_item")
               and text(c.child_by_field_name("name")) == "Backend" for c in binding_scope(decl).named_children):
            return []   # the module's own `Backend` (a glob's name yields to it; an import would be E0255)
        if not prelude_unused(body, used, frozenset({"Backend"})) or ctx.original is ctx.src \
                or any(c.type == "visibility_modifier" for c in decl.children):   # (first round: see above)
            edit = import_edit(ctx.src, binding_scope(decl), f"{root}::backend", ["Backend"], ctx.use_declarations())
        else:   # `Backend` was all the file took from the prelude
            edit = Edit(decl.start_byte, decl.end_byte, f"use {root}::backend::Backend;")
        return [self.change(decl, f"import `{root}::backend::Backend` (0.21's prelude had it; code kept "
                                  "generic still names it)", [edit],
                            reason="still used by code kept generic over a backend (its finding says why); this is "
                                   "where burn 0.22.1 has it")]

    def _moved_traits(self, ctx: FileContext, leaves: list[UseLeaf], doomed: list[UseLeaf], roots, used) -> list[Change]:
        """A backend trait still used (by code kept generic, which has its finding) is imported
        from where 0.22.1 has it: `burn::tensor::backend::Backend` → `burn::backend::Backend`."""
        out: list[Change] = []
        gone = {id(l) for l in doomed}
        seen: set[int] = set()
        nested: dict[tuple[int, str], tuple[Node, list[UseLeaf]]] = {}   # (module, new base) → leaves
        kept_spans = self._kept_spans(ctx)

        def kept_use(name: str) -> bool:
            """Is `name` used inside an item that stays generic? (A use only in items whose
            parameter is erased this round goes with them: moving its import would be wasted,
            and its edit would collide with the imports the erasure adds to the same list.) A
            trait imported for its methods is, wherever such an item is."""
            if name in api.METHOD_TRAITS:
                return bool(kept_spans)
            return any(s <= n.start_byte < e for n in ctx.nodes("type_identifier", "identifier")
                       if n.text == name.encode() for s, e in kept_spans)
        def primitive_kept(leaf: UseLeaf) -> bool:
            """`burn::tensor::TensorPrimitive` / `TensorMetadata` still named (`TensorPrimitive<Cpu>` of a
            concrete alias): no rule erases it, kept generic code or not (primitive aliases keep their argument)."""
            return leaf.path[1:-1] == ["tensor"] and (("tensor",), leaf.path[-1]) in api.MOVED_BACKEND_PATHS \
                and used(leaf.bound)
        if not any((l.path[1:3] == ["tensor", "backend"] and l.path[-1] in api.MOVED_BACKEND_TRAITS)
                   or (tuple(l.path[1:-1]), l.path[-1]) in api.MOVED_BACKEND_PATHS for l in leaves) \
                or not (self._keeps_backend_code(ctx) or any(primitive_kept(l) for l in leaves)):
            return out  # every use will be erased by the other rules: the import just goes
        for leaf in leaves:
            p = leaf.path
            if id(leaf) in gone or len(p) < 3 or p[0] not in roots \
                    or not (used(leaf.bound) or (p[-1] in api.METHOD_TRAITS and kept_spans)) \
                    or any(c.type == "visibility_modifier" for c in leaf.declaration.children):
                continue
            moved = api.MOVED_BACKEND_PATHS.get((tuple(p[1:-1]), p[-1]))
            whole = leaf.node.type == "scoped_identifier" and leaf.node.parent is not None \
                and leaf.node.parent.type == "use_declaration"   # the leaf's path is the whole 0.21 path
            if moved is not None and not whole and (kept_use(leaf.bound) or primitive_kept(leaf)):
                # in a list (`use burn::tensor::{Tensor, TensorPrimitive}`): out of it, and back
                # from where 0.22.1 has it
                nested.setdefault((_module_body(leaf.declaration).id, f"{p[0]}::{moved}"), (leaf.declaration, []))[1].append(leaf)
                continue
            if moved is not None and whole:
                # `burn::tensor::ops::FloatTensor` → `burn::backend::tensor::FloatTensor`
                path_node = required_child(leaf.node, "path")   # (a path of three segments or more)
                old_prefix = text(path_node)
                new_prefix = old_prefix[: len(old_prefix) - len("::".join(p[1:-1]))] + moved
                if path_node.id not in seen:
                    seen.add(path_node.id)
                    out.append(self.change(path_node, f"`{old_prefix}::{p[-1]}` → `{new_prefix}::{p[-1]}`",
                                           [replace(path_node, new_prefix)],
                                           reason="still used by code kept generic over a backend (its finding says "
                                                  "why); this is where burn 0.22.1 has it"))
                continue
            if len(p) != 4 or p[1:3] != ["tensor", "backend"] or p[3] not in api.MOVED_BACKEND_TRAITS:
                continue
            node = leaf.node
            target = None
            if node.type == "scoped_identifier":
                target = node.child_by_field_name("path")
            elif node.parent is not None and node.parent.type == "use_list" and node.parent.parent is not None \
                    and node.parent.parent.type == "scoped_use_list":
                siblings = [c for c in node.parent.named_children if c.type not in ("line_comment", "block_comment")]
                if all(c.type == "identifier" and text(c) in api.MOVED_BACKEND_TRAITS for c in siblings):
                    target = node.parent.parent.child_by_field_name("path")
            if target is not None and target.id in seen:
                continue
            old = text(target) if target is not None else ""
            if (target is None or not old.endswith("tensor::backend")) and kept_use(leaf.bound):
                # nested (`use burn::{tensor::{backend::Backend, Tensor}}`): the leaf leaves its
                # list and comes back as `use burn::backend::Backend;` in the same module
                nested.setdefault((_module_body(leaf.declaration).id, f"{p[0]}::backend"), (leaf.declaration, []))[1].append(leaf)
                continue
            if target is None or not old.endswith("tensor::backend"):
                continue  # used only by items the erasure rewrites this round: it goes next round
            seen.add(target.id)
            new = old[: -len("tensor::backend")] + "backend"
            out.append(self.change(target, f"`{old}::{p[3]}` → `{new}::{p[3]}`", [replace(target, new)],
                                   reason="still used by code kept generic over a backend (its finding says "
                                          "why); 0.22.1 has the backend traits under `burn::backend`"))
        for (_body, base), (decl, moved_leaves) in nested.items():
            # (a rename stays one: `Backend as BurnBackend` is what the code names)
            names = sorted({leaf.path[-1] if leaf.bound == leaf.path[-1] else f"{leaf.path[-1]} as {leaf.bound}"
                            for leaf in moved_leaves})
            edits = moved_leaf_edits(ctx.src, moved_leaves, _module_body(decl), base, names, ctx.use_declarations())
            shown = ", ".join(f"`{n}`" for n in names)
            kept = any(kept_use(leaf.bound) for leaf in moved_leaves)
            out.append(self.change(decl, f"{shown}: imported from `{base}` (where burn 0.22.1 has it)",
                                   edits, reason=("still used by code kept generic over a backend (its finding says why)"
                                                  if kept else "still used by code on a backend's primitives, which "
                                                  "no rule rewrites") + "; this is where burn 0.22.1 has it"))
        return out

    @staticmethod
    def _kept_spans(ctx: FileContext) -> list[tuple[int, int]]:
        """The spans of items that stay generic over a backend: traits extending it, items with a kept parameter."""
        out = [(m.start(), ctx.src.find(b"}", m.end()) + 1) for m in _EXTENDS_BACKEND.finditer(ctx.src)]
        out += [(item.start_byte, item.end_byte) for item in ctx.nodes(*sorted(GENERIC_ITEMS))
                if any(p.extension for p in ctx.scope.params_of(item).values())]
        return out

    @staticmethod
    def _keeps_backend_code(ctx: FileContext) -> bool:
        """Does the file hold code that stays generic over a backend (an extension's parameter, a trait extending it)?"""
        return bool(BackendImport._kept_spans(ctx))


_EXTENDS_BACKEND = re.compile(rb"\btrait\s+\w+\s*(?:<[^>{]*>)?\s*:[^{;]*\b(?:Autodiff)?Backend\b")
