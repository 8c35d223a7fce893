"""removed-items — 0.21 items that burn 0.22.1 no longer has, reported where the project uses them.

What it does:
    Reports, with what replaces each, the burn 0.21 items the project uses that the released
    burn 0.22.1 removed outright (checked against the crate's sources): `burn::module::Reinitializer`
    (burn-core 0.21's `module/reinit.rs` has no 0.22.1 counterpart), the associated type
    `ItemLazy::ItemSync` in an `impl ItemLazy for ..` (0.22.1's `ItemLazy::sync(self)` returns
    `Result<Self, ExecutionError>`), and `pub use` re-exports of paths 0.22.1 does not have
    (`burn::tensor::backend::Backend`, `burn::prelude::Backend`).

Why:
    These fail to compile under burn 0.22.1 (E0432 unresolved import, E0437 `type ItemSync` is
    not a member of trait `ItemLazy`) and no mechanical rewrite keeps their behaviour: the
    project must decide (copy its own `Reinitializer`, sync in place, re-export
    `burn::backend::Backend` or nothing) — pitfall 1.

Example:
    before: impl ItemLazy for MyOutput { type ItemSync = MyOutput; fn sync(self) -> Self { self } }
    after:  (unchanged; a finding at `type ItemSync` says: 0.22.1's `fn sync(self) ->
            Result<Self, ExecutionError>`, no associated type)

Fix safety:
    findings only: nothing is rewritten.

Reproduction check:
    E0437 at `type ItemSync` / E0432 at the `use` under burn 0.22.1, before and after (the
    finding covers the line).
"""
from __future__ import annotations

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, ErrorMatch, RuleKind, Safety
from burnmigrate.rules import Rule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import use_leaves
from burnmigrate.rust.syntax import last_segment, text

_REEXPORTS = {("tensor", "backend"): "burn::backend", ("prelude",): "burn::backend"}


class RemovedItems(Rule):
    id = "removed-items"
    name = "0.21 items burn 0.22.1 removed"
    pitfalls = (1,)
    guide = "R19"
    safety = Safety.REVIEW
    kind = RuleKind.FINDING
    triggers = (b"Reinitializer", b"ItemSync", b"pub use burn")
    check = Check("E0437 / E0432 at the reported line under burn 0.22.1, before and after (finding only)",
                  "burnmigrate verify", ("E0437", "E0432"),
                  matches=(ErrorMatch("E0437", r"`ItemSync`"), ErrorMatch("E0432", r"Reinitializer")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        roots = set(ctx.crate.burn_roots) | {"burn", "burn_core"}
        if b"Reinitializer" in ctx.src or b"pub use" in ctx.src:
            for leaf in use_leaves(ctx.tree.root_node, ctx.use_declarations()):
                p = leaf.path
                if not p or p[0] not in roots:
                    continue
                if p[-1] in api.REMOVED_ITEMS:
                    out.append(self.finding(leaf.declaration, f"`{'::'.join(p)}` does not exist in burn 0.22.1",
                                            api.REMOVED_ITEMS[p[-1]] + "."))
                    continue
                public = any(c.type == "visibility_modifier" for c in leaf.declaration.children)
                where = _REEXPORTS.get(tuple(p[1:-1]))
                if public and where and p[-1] in ("Backend", "AutodiffBackend"):
                    out.append(self.finding(leaf.declaration, f"`pub use {'::'.join(p)}` re-exports a path burn 0.22.1 does not have",
                                            f"the project's API re-exports burn's backend trait: in 0.22.1 it lives at "
                                            f"`{where}::{p[-1]}` (for backend authors); re-export that, or drop the "
                                            "re-export if the API no longer needs a backend type."))
        if b"ItemSync" in ctx.src and b"ItemLazy" in ctx.src:
            for impl in ctx.nodes("impl_item"):
                trait = impl.child_by_field_name("trait")
                if trait is None or last_segment(trait) != "ItemLazy":
                    continue
                body = impl.child_by_field_name("body")
                for item in (body.named_children if body is not None else []):
                    if item.type == "type_item" and text(item.child_by_field_name("name")) == "ItemSync":
                        # the finding covers the rest of the impl: `Self::ItemSync` in `sync` fails too (E0220)
                        out.append(self.finding((item.start_byte, impl.end_byte),
                                                "`ItemLazy::ItemSync` does not exist in burn 0.22.1 (E0437)",
                                                "0.22.1's `ItemLazy` has no associated type: `fn sync(self) -> "
                                                "Result<Self, ExecutionError>` syncs the item in place. Drop `type "
                                                "ItemSync`, return `Ok(self)` (or the synced value of the same type), "
                                                "and read metrics from `Self`."))
        return out

