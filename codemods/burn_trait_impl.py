"""burn-trait-impl — a project's own impl of a burn trait whose shape changed in 0.22.1.

What it does:
    Reports each impl of `Module<B>`, `AutodiffModule<B>`, `SimpleOptimizer<B>`, the module
    optimizer trait `Optimizer<M, B>` or burn-store's `ModuleAdapter` written by hand (the trait resolved in the impl's module:
    a burn path, a `use` from burn or a glob from burn; the project's own trait of that name is
    not burn's), with what 0.22.1 asks of it, and each import of a trait 0.22.1 removed that is
    left in the code, and each burn import only such an impl still uses. No rule edits inside
    such an impl: it stays as 0.21 wrote it.

Why:
    These traits changed shape, not only name. 0.22.1's `Module` has no backend and no `Record`
    and asks for `train`, `valid`, `materialize`; `AutodiffModule` is gone; `Optimizer` is the
    per-tensor trait 0.21 called `SimpleOptimizer`, and the module optimizer is the struct
    `ModuleOptimizer`; burn-store's `ModuleAdapter::adapt` takes a `burn_pack::Tensor` by value
    and a `ModuleContext` (E0050 on a 0.21 impl). Erasing the backend from such an impl gives an impl of the wrong trait
    (`impl Optimizer<M> for W`: E0107; `impl Module` twice: E0119; E0407, E0437).

Example:
    impl<B: Backend> SimpleOptimizer<B> for PlainSgd { type State<const D: usize> = (); .. }
    → unchanged; finding: "a hand-written `impl SimpleOptimizer<B>` for `PlainSgd` ...".

Fix safety:
    finding only: the new items (state types, `train` / `valid`) are the project's to write.

Reproduction check:
    `cargo check` on 0.22.1: E0432 / E0405 / E0107 at the impl and its imports, all on the lines
    the finding covers.
"""
from __future__ import annotations

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, ErrorMatch
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import use_leaves
from burnmigrate.rust.syntax import text


class BurnTraitImpl(FindingRule):
    id = "burn-trait-impl"
    name = "hand-written impl of a burn trait whose shape changed"
    pitfalls = (1,)
    guide = "R10 R16"
    triggers = tuple(n.encode() for n in api.CHANGED_TRAITS)
    check = Check("cargo check on 0.22.1: the impl's errors (E0050, E0107, E0405, E0407, E0432, E0437) are on the "
                  "lines the finding covers", "burnmigrate verify",
                  ("E0050", "E0107", "E0405", "E0407", "E0432", "E0437"),
                  matches=(ErrorMatch("E0432", r"SimpleOptimizer|AutodiffModule"),
                           ErrorMatch("E0405", r"SimpleOptimizer|AutodiffModule")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for impl, spec in ctx.changed_trait_impls():
            trait = text(impl.child_by_field_name("trait"))
            typ = text(impl.child_by_field_name("type"))
            out.append(self.finding(impl, f"a hand-written `impl {trait}` for `{typ}`: left as 0.21 wrote it "
                                          f"(`{spec.name}` changed shape in 0.22.1)", spec.asks))
        frozen = ctx.frozen_spans()
        gone = {n for n, t in api.CHANGED_TRAITS.items() if t.gone}
        if not frozen and not any(n.encode() in ctx.src for n in gone):
            return out
        roots = set(ctx.crate.burn_roots) | api.BURN_CRATE_IDENTS
        uses = ctx.use_declarations()
        for leaf in use_leaves(ctx.root, uses):
            if not leaf.path or leaf.path[0] not in roots or not leaf.bound:
                continue
            path = "::".join(leaf.path)
            if leaf.path[0] == "burn_store" or leaf.path[1:2] == ["store"]:
                continue  # burn-store's surface stays; removed-items reports the items it lost
            if leaf.path[-1] in gone:
                out.append(self.finding(leaf.node, f"`{path}` does not exist in 0.22.1",
                                        api.CHANGED_TRAITS[leaf.path[-1]].asks))
            elif frozen and _only_inside(ctx, leaf.bound, frozen, uses):
                out.append(self.finding(leaf.node, f"`{path}` is kept for the impl left as 0.21 wrote it",
                                        "it goes (or moves to its 0.22.1 path) with that impl's rewrite"))
        return out


def _only_inside(ctx: FileContext, name: str, spans: list[tuple[int, int]], uses) -> bool:
    """Is every mention of `name` outside `use` declarations inside one of `spans`?"""
    seen = False
    for node in ctx.nodes("type_identifier", "identifier"):
        if node.text != name.encode() or any(u.start_byte <= node.start_byte < u.end_byte for u in uses):
            continue
        if not any(s <= node.start_byte < e for s, e in spans):
            return False
        seen = True
    return seen
