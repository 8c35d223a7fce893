"""burn-store-path — `burn_store::` paths become `burn::store::` (R22, pitfall 19).

What it does:
    In a crate that depends on both `burn` and `burn-store`, rewrites the `burn_store` path root
    to burn's re-export `burn::store` (through the crate's own name for burn): in `use`
    declarations and in paths (`burn_store::SafetensorsStore::from_file(..)`). Once no
    `burn_store` path is left, burn-feature-rename drops the `burn-store` dependency and turns
    on burn's `safetensors` / `pytorch` features instead.

Why:
    burn 0.22.1 ships the stores behind its own `safetensors` and `pytorch` features (they imply
    `store`): one dependency, one version, no skew between burn and burn-store. The PyTorch
    adapter (`PyTorchToBurnAdapter`) that pitfall 19's transposed `Linear` weights need comes
    with it.

Example:
    before: use burn_store::{ModuleSnapshot, SafetensorsStore};
    after:  use burn::store::{ModuleSnapshot, SafetensorsStore};

Fix safety:
    safe: `burn::store` re-exports burn-store's public items unchanged.

Reproduction check:
    with the `burn-store` dependency dropped, E0433 ("failed to resolve: use of undeclared crate
    `burn_store`") before; none after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, ErrorMatch
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import replace
from burnmigrate.rust.syntax import text


class BurnStorePath(SourceRule):
    id = "burn-store-path"
    name = "burn_store:: paths become burn::store::"
    pitfalls = (19,)
    guide = "R22"
    triggers = (b"burn_store",)
    check = Check("E0433 (undeclared crate `burn_store`) once the dependency is dropped; none after",
                  "cargo check --message-format short 2>&1 | grep -c E0433", ("E0433",),
                  matches=(ErrorMatch('E0432', 'burn_store'), ErrorMatch('E0433', 'burn_store')))

    def applies(self, ctx: FileContext) -> bool:
        return ctx.crate.store_via_burn and b"burn_store" in ctx.src

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        root = ctx.root
        burn = ctx.crate.burn_roots[0]
        start = 0
        while True:
            i = ctx.src.find(b"burn_store", start)
            if i < 0:
                break
            start = i + len(b"burn_store")
            node = root.named_descendant_for_byte_range(i, start)
            if node is None or node.type != "identifier" or text(node) != "burn_store":
                continue  # a comment, a string, or a longer name
            parent = node.parent
            # only a path root: `burn_store::x`, `use burn_store::{..}`
            if parent is None or parent.type not in ("scoped_identifier", "scoped_use_list", "scoped_type_identifier",
                                                      "use_as_clause", "use_wildcard"):
                continue
            if (path_child := parent.child_by_field_name("path")) is not None and path_child.id != node.id:
                continue
            out.append(self.change(node, f"`burn_store` → `{burn}::store`", [replace(node, f"{burn}::store")]))
        return out
