"""module-optimizer — 0.21's optimizer generics become 0.22.1's `ModuleOptimizer` (R16).

What it does:
    - `OptimizerAdaptor<O, M, B>` (a type anywhere) → `ModuleOptimizer`;
    - `impl Optimizer<M, B>` (a parameter's or a return type, burn's trait) → `ModuleOptimizer`;
    - `type Opt<M, B> = OptimizerAdaptor<AdamW, M, B>;` → `type Opt = ModuleOptimizer;`, and every
      `Opt<M, B>` in the project → `Opt`;
    - in a fn or an impl, a type parameter `O` bounded by the 0.21 module optimizer trait
      (`O: Optimizer<M, B>`, inline or in the `where` clause) goes, and each `O` in that item
      becomes `ModuleOptimizer` (`impl<B, O> Learner<B, O> where O: Optimizer<Model<B>, B>` →
      `impl<B> Learner<B, ModuleOptimizer>`), a module parameter only that bound named goes with
      it, and a call through the trait's qualified path (`<O as Optimizer<M, B>>::step(..)`)
      becomes `ModuleOptimizer::step(..)`; in a struct or enum the bound goes and the parameter
      stays (its impls and uses name the concrete type);
    - a `use burn::optim::Optimizer;` nothing else names any more goes (0.21 needed it in scope
      for `optim.step(..)`; `ModuleOptimizer::step` is an inherent method).
    A project's own impl of `SimpleOptimizer<B>` or of the module `Optimizer<M, B>` is left to
    `burn-trait-impl` (no rule edits inside it; its finding says what 0.22.1 asks).

Why:
    burn-optim 0.22.1 has one module optimizer, the struct `ModuleOptimizer` (what every
    `XConfig::init()` returns); `Optimizer` is now the per-tensor trait 0.21 called
    `SimpleOptimizer<B>`, without parameters, and `OptimizerAdaptor` is gone. 0.21 bounds fail
    with E0107 (wrong number of generic arguments), the adaptor with E0412.

Example:
    fn fit<B: AutodiffBackend, O: Optimizer<Model<B>, B>>(model: Model<B>, mut optim: O) { .. }
    → fn fit<B: AutodiffBackend>(model: Model<B>, mut optim: ModuleOptimizer) { .. }   (then the erasure)

Fix safety:
    safe: `ModuleOptimizer` is the only module optimizer 0.22.1 has, so the parameter had one
    possible value. A custom optimizer impl is left to a person (`burn-trait-impl`). Review where
    `-> impl Optimizer<M, B>` was all that named the fn's `M`: callers inferring `M` get E0282.

Reproduction check:
    `cargo check` on 0.22.1: E0107 at `Optimizer<M, B>`, E0412 at `OptimizerAdaptor`; none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Edit, ErrorMatch, RecordKind, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import delete_span, drop_generics
from burnmigrate.rust.generics import generic_params, where_clause
from burnmigrate.rust.imports import binding_scope, binds, import_edit, remove_leaves, use_leaves
from burnmigrate.rust.resolve import local_binding, resolve
from burnmigrate.rust.syntax import capture, enclosing, last_segment, named_args, required_child, text

from ._callees import burns, optimizer_bound

_ITEMS = ("function_item", "impl_item", "struct_item", "enum_item")
_OPTIM_NAMES = frozenset({"Optimizer", "OptimizerAdaptor", "Adam", "AdamW", "Sgd", "RmsProp", "AdaGrad", "Adan",
                          "Lbfgs", "Muon"})


# 0.21 module `Optimizer` methods that 0.22.1's `ModuleOptimizer` has as its own (burn-optim 0.22.1
# `optim/module`): a call through the trait's qualified path calls the struct's
_INHERENT = frozenset({"step", "to_record", "load_record"})


def _alias_use(ctx: FileContext, g: Node) -> str:
    """The head to write for a use of a project alias of `OptimizerAdaptor` (`Opt<M, B>`,
    `crate::train::Opt<M, B>`), as rustc resolves the name: its path, or '' when the name is
    another item here (a generic parameter, a local type, an import from another crate)."""
    head = g.child_by_field_name("type")
    name = last_segment(head) if head is not None else ""
    if head is None or name not in ctx.index.optimizer_aliases:
        return ""
    segments = text(head).replace(" ", "").split("::")
    if len(segments) > 1:
        return text(head) if segments[0] in ("crate", "super", "self") else ""
    found = resolve(head, name, ctx.use_declarations())
    if found.kind in ("param", "local"):
        return ""
    if found.kind == "item":
        return name if found.node is not None and found.node.type == "type_item" else ""
    if found.kind == "import" and found.path and found.path[0] in (*ctx.crate.burn_roots, *api.BURN_CRATE_IDENTS,
                                                                   "std", "core", "alloc"):
        return ""   # burn's or the standard library's own name (another workspace crate's alias is read as one)
    return name


def _orphaned_modules(item: Node, optimizers: dict[str, Node], preds: list[Node]) -> dict[str, Node]:
    """The item's module parameters (`M` of `O: Optimizer<M, B>`) that nothing but the optimizer
    bounds going away names: with `O` gone they constrain nothing (E0282 / E0283 at the callers)."""
    gone = [(o.start_byte, o.end_byte) for o in optimizers.values()] + [(p.start_byte, p.end_byte) for p in preds]
    params = {text(q.child_by_field_name("name")): q for q in generic_params(item) if q.type == "type_parameter"}
    out = {}
    for o in optimizers.values():
        scope = [o.child_by_field_name("bounds")] + [p.child_by_field_name("bounds") for p in preds]
        for g in (g for b in scope if b is not None for g in capture("(generic_type) @g", b, "g")):
            args = g.child_by_field_name("type_arguments") if last_segment(g) == "Optimizer" else None
            first = named_args(args)[0] if args is not None and named_args(args) else None
            name = text(first) if first is not None and first.type == "type_identifier" else ""
            if name not in params or name in out or name in optimizers:
                continue
            own = params[name]
            uses = [t for t in capture("(type_identifier) @t", item, "t") if text(t) == name
                    and not (own.start_byte <= t.start_byte < own.end_byte)
                    and not any(a <= t.start_byte < b for a, b in gone)
                    and not _own_predicate(t, name)]
            if not uses:
                out[name] = own
    return out


def _inferred_only_here(a: Node, tr: Node) -> str:
    """`fn init_optimizer<B, M: AutodiffModule<B>>(&self) -> impl Optimizer<M, B>`: the module
    parameter `M` that only the returned optimizer named. With `ModuleOptimizer` in its place no
    argument or return type names `M`, so a caller that let the optimizer's use infer it
    (`cfg.init_optimizer()`) gets E0282; one that names it (`::<M>`) compiles. Why, or ''."""
    fn = enclosing(a, ("function_item",))
    ret = fn.child_by_field_name("return_type") if fn is not None else None
    args = named_args(required_child(tr, "type_arguments"))
    if fn is None or ret is None or not (ret.start_byte <= a.start_byte < ret.end_byte) or not args \
            or args[0].type != "type_identifier":
        return ""
    name = text(args[0])
    own = next((p for p in generic_params(fn) if p.type == "type_parameter" and text(p.child_by_field_name("name")) == name), None)
    if own is None:
        return ""
    sig = [n for f in ("parameters", "return_type") if (n := fn.child_by_field_name(f)) is not None]
    wc = where_clause(fn)
    named = [t for s in sig + ([wc] if wc is not None else []) for t in capture("(type_identifier) @t", s, "t")
             if text(t) == name and not (a.start_byte <= t.start_byte < a.end_byte) and not _own_predicate(t, name)]
    if named:
        return ""
    label = text(fn.child_by_field_name("name"))
    return (f"`{name}` was named only by the optimizer `{label}` returns: with `ModuleOptimizer` there, a caller "
            f"that left `{name}` to be inferred (`.{label}()`) gets E0282 (type annotations needed), one that names "
            f"it (`::<{name}>`) compiles. Drop `{name}` from `{label}` and from its callers' turbofish if none needs it.")


def _own_predicate(t: Node, name: str) -> bool:
    """Is `t` the left side of a `where name: ..` predicate (a bound on the parameter itself)?"""
    p = t.parent
    return p is not None and p.type == "where_predicate" and p.child_by_field_name("left") == t and text(t) == name


class ModuleOptimizerRule(SourceRule):
    id = "module-optimizer"
    name = "optimizer generics → ModuleOptimizer"
    pitfalls = (1,)
    guide = "R16"
    safety = Safety.SAFE
    triggers = (b"Optimizer", b"optim")
    reads_others = True   # the imports it cleans up are freed by the erasure's edits
    check = Check("`cargo check` on 0.22.1: E0107 at `Optimizer<M, B>`, E0412 at `OptimizerAdaptor`; none after",
                  "cargo check", ("E0107", "E0412"),
                  matches=(ErrorMatch("E0107", "", r"Optimizer<"), ErrorMatch("E0412", r"`OptimizerAdaptor`")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        wanted: dict[int, Node] = {}   # binding scope → a place in it that now names `ModuleOptimizer`

        def want(node: Node) -> None:
            body = binding_scope(node)
            wanted.setdefault(body.id, body)

        for g in ctx.nodes("generic_type"):
            if last_segment(g) == "OptimizerAdaptor" and not ctx.frozen(g):
                want(g)
                edits = [Edit(g.start_byte, g.end_byte, "ModuleOptimizer")]
                holder = g.parent   # `type Opt<M, B> = OptimizerAdaptor<..>;`: its parameters go with it
                tp = holder.child_by_field_name("type_parameters") if holder is not None and holder.type == "type_item" else None
                wc = where_clause(holder) if holder is not None and tp is not None else None   # (`where M: Clone` names them)
                if tp is not None:
                    edits.append(delete_span(tp.start_byte, wc.end_byte if wc is not None else tp.end_byte))
                stranded = _stranded(g)
                out.append(self.change(g, "`OptimizerAdaptor<..>` → `ModuleOptimizer`", edits,
                                       safety=Safety.REVIEW if stranded else None, reason=stranded))
            elif not ctx.frozen(g) and (head := _alias_use(ctx, g)):   # a use of such an alias: its arguments go
                out.append(self.change(g, f"`{text(g)}` → `{head}` (an alias of `ModuleOptimizer` now)",
                                       [Edit(g.start_byte, g.end_byte, head)]))
        for a in ctx.nodes("abstract_type"):   # `optim: &mut impl Optimizer<M, B>`: one type it can be
            tr = a.child_by_field_name("trait")
            if tr is not None and tr.type == "generic_type" and last_segment(tr) == "Optimizer" and not ctx.frozen(a) \
                    and named_args(required_child(tr, "type_arguments")) and burns(ctx, tr):
                want(a)
                stranded = _inferred_only_here(a, tr)
                out.append(self.change(a, f"`{text(a)}` → `ModuleOptimizer`", [Edit(a.start_byte, a.end_byte, "ModuleOptimizer")],
                                       safety=Safety.REVIEW if stranded else None, reason=stranded))
        for item in ctx.nodes(*_ITEMS):
            if ctx.frozen(item):
                continue
            change = self._item(ctx, item)
            if change is not None:
                if change.kind is RecordKind.CHANGE:
                    want(item)
                out.append(change)
        out += self._step_rate(ctx)
        root = ctx.crate.burn_roots[0]
        for body in wanted.values():   # (each module that names it gets its own import)
            if not binds(body, "ModuleOptimizer", set(), ctx.use_declarations()):
                out.append(self.change((body.start_byte, body.start_byte), f"import `{root}::optim::ModuleOptimizer`",
                                       [import_edit(ctx.src, body, f"{root}::optim", ["ModuleOptimizer"], ctx.use_declarations())]))
        if not wanted:
            out += self._unused_trait_import(ctx)
        return out

    def _step_rate(self, ctx: FileContext) -> list[Change]:
        """`optim.step(lr.into(), model, grads)`: 0.21's `step` took `LearningRate` (f64), so `.into()`
        meant `f64`; 0.22.1's takes `impl Into<ModuleLearningRate>`, which `f64` and
        `ModuleLearningRate` both are (E0283). The conversion 0.21 made is written out; review where
        the project defines a `step` of its own (a `TrainStep` impl, a helper): the call may be that one."""
        own = "step" in ctx.index.project_names
        out: list[Change] = []
        seen: set[int] = set()
        for call in ctx.nodes("call_expression"):
            f = call.child_by_field_name("function")
            args = named_args(required_child(call, "arguments"))
            if f is None or f.type != "field_expression" or text(f.child_by_field_name("field")) != "step" \
                    or len(args) != 3 or ctx.frozen(call):
                continue
            rate = args[0]
            fn = enclosing(call, ("function_item",)) if rate.type == "identifier" else None
            let = local_binding(fn, text(rate), rate) if fn is not None else None
            if let is not None and let.type == "let_declaration" and let.child_by_field_name("type") is None:
                rate = let.child_by_field_name("value") or rate   # `let lr = cfg.lr.into(); optim.step(lr, ..)`
            if rate.type != "call_expression" or rate.id in seen:
                continue
            seen.add(rate.id)
            into, inner = rate.child_by_field_name("function"), named_args(required_child(rate, "arguments"))
            if into is None or into.type != "field_expression" or inner or text(into.child_by_field_name("field")) != "into":
                continue
            value = into.child_by_field_name("value")
            if value is None:
                continue
            out.append(self.change(rate, f"`{text(rate)}` → `Into::<f64>::into({text(value)})`: 0.22.1's "
                                         "`ModuleOptimizer::step` takes `impl Into<ModuleLearningRate>`, so "
                                         "`.into()` has no single target (E0283); 0.21's `step` took the f64 "
                                         "`LearningRate`",
                                   [Edit(rate.start_byte, rate.end_byte, f"Into::<f64>::into({text(value)})")],
                                   safety=Safety.REVIEW if own else None,
                                   reason="the project defines a `step` too: if this call is that one, check that its "
                                          "first parameter takes an f64" if own else ""))
        return out

    def _item(self, ctx: FileContext, item: Node) -> Change | None:
        tp = item.child_by_field_name("type_parameters")
        wc = where_clause(item)
        names: dict[str, Node] = {}
        for p in generic_params(item):
            if p.type == "type_parameter" and optimizer_bound(p.child_by_field_name("bounds")):
                names[text(p.child_by_field_name("name"))] = p
        preds = []
        label = text(item.child_by_field_name("name")) or last_segment(item.child_by_field_name("type")) or item.type
        for pred in (named_args(wc) if wc is not None else []):
            if pred.type == "where_predicate" and optimizer_bound(pred.child_by_field_name("bounds")):
                left = text(pred.child_by_field_name("left"))
                p = next((q for q in generic_params(item) if q.type == "type_parameter"
                          and text(q.child_by_field_name("name")) == left), None)
                if p is None:
                    # the bound names what this item does not declare (the impl's `O` on a
                    # method): dropping it leaves `O` without `step`, and the parameter to make
                    # `ModuleOptimizer` belongs to another item
                    # (the span runs to the item's end: the calls the bound allowed fail there too)
                    return self.finding((pred.start_byte, item.end_byte), f"the 0.21 optimizer bound on `{left}`: `{label}` does not declare `{left}`",
                                        f"0.22.1's module optimizer is the struct `ModuleOptimizer` and its `Optimizer` "
                                        f"trait takes no generics: make `{left}` `ModuleOptimizer` where it is declared "
                                        "(`impl Holder<ModuleOptimizer>`) and drop this bound, by hand (R16).")
                preds.append(pred)
                names[left] = p
        if not names:
            return None
        assert tp is not None   # (a parameter of the item is declared in its own list)
        edits: list[Edit] = []
        keep_param = item.type in ("struct_item", "enum_item")
        if keep_param:   # the bound goes, the parameter stays
            for p in names.values():
                b = p.child_by_field_name("bounds")
                if b is not None and optimizer_bound(b):
                    colon = b.prev_sibling
                    edits.append(delete_span(colon.start_byte if colon is not None and colon.type == ":" else b.start_byte, b.end_byte))
        modules = {} if keep_param else _orphaned_modules(item, names, preds)
        gone = set(modules) | (set() if keep_param else set(names))
        projection = re.compile(r"<?\s*(?:" + "|".join(map(re.escape, sorted(gone))) + r")\s*(?:::|as\b)") if gone else None
        preds += [pr for pr in (named_args(wc) if wc is not None else []) if pr.type == "where_predicate"
                  and pr not in preds and (text(pr.child_by_field_name("left")) in modules or (
                      projection is not None and projection.match(text(pr.child_by_field_name("left")))))]   # `O::Record: Record<B>`
        edits += drop_generics(ctx.src, tp, [] if keep_param else [*names.values(), *modules.values()], wc, preds)
        if not keep_param:
            # `<O as Optimizer<M, B>>::step(..)`: the qualified path names 0.21's trait, whose
            # `step` is `ModuleOptimizer`'s own method in 0.22.1
            for q in capture("(bracketed_type (qualified_type) @q)", item, "q"):
                alias = q.child_by_field_name("alias")
                outer = q.parent
                path = outer.parent if outer is not None else None
                method = text(path.child_by_field_name("name")) if path is not None and path.type == "scoped_identifier" else ""
                if text(q.child_by_field_name("type")) in names and alias is not None and optimizer_bound(alias) \
                        and method in _INHERENT and outer is not None:
                    edits.append(Edit(outer.start_byte, outer.end_byte, "ModuleOptimizer"))
            gone = [(e.start, e.end) for e in edits]
            for t in capture("(type_identifier) @t", item, "t"):
                if text(t) in names and not any(a <= t.start_byte and t.end_byte <= b for a, b in gone):
                    edits.append(Edit(t.start_byte, t.end_byte, "ModuleOptimizer"))
        what = ", ".join(f"`{n}`" for n in names) + "".join(f" (and `{m}`, which only it used)" for m in modules)
        return self.change(tp,
                           f"optimizer parameter {what} of `{label}` → `ModuleOptimizer`" if not keep_param else
                           f"`{label}`: the 0.21 optimizer bound on {what} goes (0.22.1's module optimizer is `ModuleOptimizer`)",
                           edits)

    def _unused_trait_import(self, ctx: FileContext) -> list[Change]:
        """Imports from burn's `optim` that no code names any more: `Optimizer` (0.21 needed it in
        scope for `step`), `adaptor::OptimizerAdaptor` (gone), the optimizers its type named."""
        if b"optim" not in ctx.src:
            return []
        leaves = [l for l in use_leaves(ctx.root, ctx.use_declarations())
                  if l.bound in _OPTIM_NAMES and "optim" in l.path[:-1]
                  and l.path[0] in (*ctx.crate.burn_roots, "burn_optim", "burn_core")]
        if not leaves:
            return []
        # a `pub use` is API (a `prelude` module's `pub use ..::Optimizer` is what other modules
        # reach through `prelude::*`): it stays while 0.22.1 still has the item
        unused = [l for l in leaves if not ctx.names_outside_uses(l.bound)
                  and (l.bound == "OptimizerAdaptor" or not any(c.type == "visibility_modifier" for c in l.declaration.children))]
        if not unused or not (b"ModuleOptimizer" in ctx.src or any(l.bound == "Optimizer" for l in unused)):
            return []
        names = ", ".join(f"`{l.bound}`" for l in unused)
        return [self.change(unused[0].node, f"{names}: no longer named by the code (`ModuleOptimizer::step` is inherent)",
                            remove_leaves(ctx.src, unused))]


def _stranded(g: Node) -> str:
    """The reason to ask when a fn's type parameter (`M` of `fn adamw<B, M>() -> OptimizerAdaptor<AdamW,
    M, B>`) is named in its signature only inside the `OptimizerAdaptor` that becomes `ModuleOptimizer`:
    nothing infers it then, and a call that let it be inferred fails (E0282; reading 26). '' otherwise."""
    fn = g.parent
    while fn is not None and fn.type not in ("function_item", "function_signature_item", "block"):
        fn = fn.parent
    if fn is None or fn.type == "block":
        return ""
    inside = {text(n) for n in capture("(type_identifier) @t", g, "t")}
    sig = [n for f in ("parameters", "return_type") if (n := fn.child_by_field_name(f)) is not None]
    elsewhere = {text(n) for part in sig for n in capture("(type_identifier) @t", part, "t")
                 if not (g.start_byte <= n.start_byte < g.end_byte)}
    names = [text(p.child_by_field_name("name")) for p in generic_params(fn) if p.type != "const_parameter"
             and p.child_by_field_name("name") is not None and "Backend" not in text(p)]
    gone = [n for n in names if n in inside and n not in elsewhere]
    return (f"`{gone[0]}` is named in this signature only by the `OptimizerAdaptor` that becomes `ModuleOptimizer`, so "
            "nothing infers it any more: a call that let it be inferred fails (E0282). Remove it with its bounds (and "
            "its turbofish argument at the calls that pass one), or keep naming it at every call.") if gone else ""
