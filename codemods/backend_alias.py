"""backend-alias — delete backend type aliases nothing refers to any more (R12).

What it does:
    Deletes `type MyBackend = Wgpu<f32, i32>;` / `type MyAutodiffBackend = Autodiff<MyBackend>;`
    once the other rules have removed every use (a `pub` alias also needs no other file of the
    project to mention it). An alias still in use is reported with what replaces it: a `Device`
    constructor for the backend (`Device::wgpu(DeviceKind::DefaultDevice)`, `Device::flex()`,
    …) and `.autodiff()` for `Autodiff<..>`.

Why:
    0.22 has no backend types: the alias names `burn::backend::*` items that do not exist
    (E0432 / E0412) — pitfall 1. The backend is chosen by the device value.

Example:
    before: type MyBackend = Wgpu<f32, i32>;
            type MyAutodiffBackend = Autodiff<MyBackend>;
            train::<MyAutodiffBackend>(device);
    after:  train(device);

Fix safety:
    safe when the alias only named a backend; review when it also fixed element types
    (`Wgpu<f16, i32>`, `NdArray<f64>`): those are now device settings,
    `device.configure(DeviceConfig::default().float_dtype(..))` before the first tensor
    (pitfall 8).

Reproduction check:
    E0412 / E0432 (cannot find `Wgpu` / unresolved import `burn::backend`) at the alias under
    burn 0.22.1; none after.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import delete_span
from burnmigrate.rust.imports import UseLeaf, remove_leaves, use_leaves
from burnmigrate.rust.resolve import defined_once, resolve
from burnmigrate.rust.scans import has_word
from burnmigrate.rust.syntax import descendants, named_args, text, whole_line_span


class BackendAlias(SourceRule):
    id = "backend-alias"
    name = "Delete unused backend type aliases"
    pitfalls = (1,)
    guide = "R12"
    triggers = (b"type ",)
    reads_others = True
    check = Check("E0412 / E0432 (cannot find the backend type) at the alias under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0412|E0432'", ("E0412", "E0432"),
                  matches=(ErrorMatch('E0412', r'`\w+`', r'^\s*(?:pub(?:\([^)]*\))?\s+)?type\s+\w+\s*='),))

    def applies(self, ctx: FileContext) -> bool:
        return bool(ctx.index.backend_aliases) and b"type " in ctx.src

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        items = [i for i in ctx.nodes("type_item") if self._backend_alias(ctx, i)]
        # an alias named only by aliases that go is unused too (`type CpuConfig = CpuBackend<f32, i32>;`)
        uses_of = {i.id: (_alias_uses(ctx, i, text(i.child_by_field_name("name")))
                          if has_word(ctx.src[:i.start_byte] + ctx.src[i.end_byte:],
                                      text(i.child_by_field_name("name")).encode()) else []) for i in items}
        going: set[int] = set()
        while more := {i.id for i in items if i.id not in going and not self._kept_elsewhere(ctx, i) and all(
                any(g.start_byte <= u.start_byte < g.end_byte for g in items if g.id in going) for u in uses_of[i.id])}:
            going |= more
        for item in items:
            name = text(item.child_by_field_name("name"))
            alias = ctx.index.backend_aliases[name]
            uses = [u for u in uses_of[item.id] if not any(g.start_byte <= u.start_byte < g.end_byte
                                                          for g in items if g.id in going)]
            # other files' imports and `Tensor<Alias, ..>` arguments go with the erasure there
            elsewhere = ctx.index.sticky_mentions.get(name, set()) - {ctx.path} \
                - {p for p, names in ctx.index.shadowed_aliases.items() if name in names}   # (another item there)
            public = any(c.type == "visibility_modifier" for c in item.children)
            if uses or (public and elsewhere):
                where = "this file" if uses else ", ".join(sorted(elsewhere)[:3])
                # (a name defined more than once reads "one of ..": this item's own target says which)
                base = text(item.child_by_field_name("type")) if alias.base.startswith("one of ") else alias.base
                out.append(self.finding(
                    item, f"backend alias `{name}` is still used ({where})",
                    f"0.22 chooses the backend with the device value: replace uses of `{name}` by a "
                    f"`Device` built for `{base}`" + (" made autodiff with `.autodiff()`" if alias.autodiff else "")
                    + " (R12), then delete the alias."))
                continue
            target = item.child_by_field_name("type")
            elems = []
            if target is not None and target.type == "generic_type":
                ta = target.child_by_field_name("type_arguments")
                elems = [text(a) for a in named_args(ta)] if ta is not None else []
            odd = [e for e in elems if e in ("f16", "bf16", "f64", "i8", "i16") or e.startswith("Elem")]
            start, end = whole_line_span(ctx.src, item)
            if "BalancedCheckpointing" in text(target):
                out.append(self.change(item, f"delete unused backend alias `{name}`", [delete_span(start, end)],
                                       safety=Safety.REVIEW, pitfalls=(1, 11),
                                       reason=f"`{text(target)}` also chose gradient checkpointing: 0.22.1 sets it on "
                                              "the autodiff device, `device.autodiff().gradient_checkpointing()`; "
                                              "check that the device this code trains on has it."))
            elif odd:
                out.append(self.change(item, f"delete unused backend alias `{name}`", [delete_span(start, end)],
                                       safety=Safety.REVIEW, pitfalls=(1, 8),
                                       reason=f"`{text(target)}` also chose element types ({', '.join(odd)}): "
                                              "set them on the device with `device.configure(DeviceConfig::default()"
                                              ".float_dtype(..))` before its first tensor (R12, pitfall 8)."))
            else:
                orphan = self._orphaned_import(ctx, item, [i for i in items if i.id in going])
                out.append(self.change(item, f"delete unused backend alias `{name}`" + (
                    f" and the import of `{orphan[0].bound}` it alone used" if orphan else ""),
                    [delete_span(start, end), *remove_leaves(ctx.src, orphan)]))
        return out

    @staticmethod
    def _orphaned_import(ctx: FileContext, item: Node, going: list[Node]) -> list[UseLeaf]:
        """The `use` leaf of another crate's name the deleted alias alone used (`use other::TestBackend;`
        for `type B = TestBackend;`, reading 46): left, it is an unused import (an error under
        `deny(warnings)`). burn's own names are backend-import's to remove; a `pub use` stays."""
        target = item.child_by_field_name("type")
        names = sorted({text(n) for n in descendants(target) if n.type == "type_identifier"
                        and text(n) not in api.CONCRETE_BACKENDS}) if target is not None else []
        if len(names) != 1 or any(g.start_byte < item.start_byte and has_word(g.text or b"", names[0].encode())
                                  for g in going):
            return []   # (one other-crate name, claimed by the first alias that goes naming it)
        name = names[0]
        roots = {*ctx.crate.burn_roots, "burn"}
        leaves = [leaf for leaf in use_leaves(ctx.root, ctx.use_declarations()) if leaf.bound == name and leaf.path
                  and leaf.path[0] not in (*roots, "crate", "super", "self", *ctx.crate.project_crates)
                  and not leaf.path[0].startswith("burn_")   # (burn's and the project's: backend-import's)
                  and not any(c.type == "visibility_modifier" for c in leaf.declaration.children)]
        if len(leaves) != 1:
            return []
        rest = bytearray(ctx.src)
        for node in (*going, leaves[0].declaration):   # (what goes, and the import itself)
            rest[node.start_byte:node.end_byte] = b" " * (node.end_byte - node.start_byte)
        return [] if has_word(bytes(rest), name.encode()) else leaves


    @staticmethod
    def _backend_alias(ctx: FileContext, item: Node) -> bool:
        alias = ctx.index.backend_aliases.get(text(item.child_by_field_name("name")))
        # (an alias with parameters only where it is the index's: `type B<E, I> = Flex<E, I>;`)
        return alias is not None and (item.child_by_field_name("type_parameters") is None
                                      or text(item.child_by_field_name("type")) == alias.target)

    @staticmethod
    def _kept_elsewhere(ctx: FileContext, item: Node) -> bool:
        name = text(item.child_by_field_name("name"))
        public = any(c.type == "visibility_modifier" for c in item.children)
        return public and bool(ctx.index.sticky_mentions.get(name, set()) - {ctx.path})


_LOCAL_ITEMS = ("type_item", "struct_item", "enum_item", "union_item", "trait_item")


def _alias_uses(ctx: FileContext, alias: Node, name: str) -> list[Node]:
    """The places in the file that name the alias: not comments or strings, not the alias
    itself, not a generic parameter of the same name nor what it shadows (`impl<B: Walk> W<B>`),
    not outside the block of a fn-local alias nor inside a block with its own `B`."""
    out = []
    # a fn-local alias is visible in its block only; a block with its own item of the name hides
    # an outer alias (Rust's item scoping)
    block = alias.parent if alias.parent is not None and alias.parent.type == "block" else None
    stack = [block if block is not None else ctx.root]
    while stack:
        n = stack.pop()
        if n.id == alias.id or n.type in ("line_comment", "block_comment", "string_literal", "raw_string_literal"):
            continue
        if n.type == "block" and n is not block and any(
                c.type in _LOCAL_ITEMS and text(c.child_by_field_name("name")) == name for c in n.named_children):
            continue
        if n.type in ("type_identifier", "identifier") and n.text == name.encode():
            if n.parent is not None and n.parent.type in _LOCAL_ITEMS and n.parent.child_by_field_name("name") == n \
                    and n.parent.parent is not None and alias.parent is not None and n.parent.parent.id != alias.parent.id:
                continue   # another module's item of that name (`type InferBackend` once per `#[cfg]` module);
                # (a `#[cfg]` twin in this module keeps both: their findings name each build's backend)
            if not (n.parent is not None and n.parent.type in ("type_parameter", "constrained_type_parameter",
                                                                 "optional_type_parameter")) \
                    and not ctx.scope.generic_param(n, name) and not _names_another_item(ctx, n, alias):
                out.append(n)
            continue
        stack.extend(n.children)
    return out


def _names_another_item(ctx: FileContext, n: Node, alias: Node) -> bool:
    """Does `n` resolve (as rustc does) to another item of the file than `alias`: the alias of
    the same name its own module defines?"""
    found = resolve(n, text(n), ctx.use_declarations())
    return found.kind == "item" and found.node is not None and found.node.id != alias.id and defined_once(found.node)
