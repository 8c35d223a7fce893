"""autodiff-module — `AutodiffModule<B>` is merged into `Module` (R10).

What it does:
    `M: AutodiffModule<B>` → `M: Module`; `<M as AutodiffModule<B>>::InnerModule` → `M`;
    `M::from_inner(inner)` / `AutodiffModule::from_inner(inner)` → `inner.train()`.
    (`Tensor::from_inner` still exists and is left alone; the import is fixed by
    backend-import.)

Why:
    burn 0.22.1 folded `AutodiffModule` into `Module` (`valid(&self)` and `train(self)` are
    `Module` methods and `valid()` returns `Self`): the 0.21 trait and its generic argument
    fail with E0405 / E0107 — pitfall 1. It also matters for pitfalls 13 and 16: inference must
    call `valid()` on a plain device.

Example:
    before: fn eval<B: AutodiffBackend, M: AutodiffModule<B>>(m: <M as AutodiffModule<B>>::InnerModule)
    after:  fn eval<M: Module>(m: M)

Fix safety:
    review for `InnerModule`: 0.21 made the validation model a different type (a compile
    error if `valid()` was forgotten); 0.22 keeps the type, so a forgotten `valid()` now runs
    Dropout at evaluation (pitfall 16); review for a bound that names the validation model,
    `AutodiffModule<B, InnerModule = Self::EvalModel>` (`valid()` now returns the module's own
    type, so code taking `EvalModel` where `valid()` is passed fails, E0308). safe otherwise.

Reproduction check:
    E0405 (cannot find trait `AutodiffModule`) / E0107 at the bound under burn 0.22.1; none
    after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import replace
from burnmigrate.rust.generics import generic_params
from burnmigrate.rust.syntax import ancestors, captures, last_segment, named_args, required_child, text

_Q = """
(generic_type type: (_) @head (#match? @head "AutodiffModule$")) @g
(scoped_type_identifier path: (bracketed_type (qualified_type type: (_) @m alias: (_) @alias)) name: (type_identifier) @name) @inner
(call_expression function: (scoped_identifier path: (_) @path name: (identifier) @fn) arguments: (arguments) @args) @call
"""


class AutodiffModuleToModule(SourceRule):
    id = "autodiff-module"
    name = "AutodiffModule<B> becomes Module"
    pitfalls = (1, 16)
    guide = "R10"
    triggers = (b"AutodiffModule", b"from_inner", b"InnerModule")
    check = Check("E0405 (cannot find trait `AutodiffModule`) / E0107 at the bound under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0405|E0107'", ("E0405", "E0107"),
                  matches=(ErrorMatch('E0405', '`AutodiffModule`'),))

    def run(self, ctx: FileContext) -> list[Change]:
        caps = captures(_Q, ctx.root)
        out: list[Change] = []
        done: list[tuple[int, int]] = []

        def inside(n):
            return any(s <= n.start_byte and n.end_byte <= e for s, e in done)

        for node in sorted(caps.get("inner", []), key=lambda n: n.start_byte):
            q = required_child(node, "path").named_children[0]
            if last_segment(q.child_by_field_name("alias")) != "AutodiffModule" or text(node.child_by_field_name("name")) != "InnerModule":
                continue
            m = q.child_by_field_name("type")
            done.append((node.start_byte, node.end_byte))
            out.append(self.change(node, f"`{text(node)}` → `{text(m)}`", [replace(node, text(m))], safety=Safety.REVIEW,
                                   reason="0.22's `valid()` returns the same type: call `valid()` before "
                                          "evaluating, or Dropout stays active (pitfall 16)."))
        for node in ctx.nodes("scoped_type_identifier"):
            if text(node.child_by_field_name("name")) != "InnerModule" or inside(node):
                continue
            path = node.child_by_field_name("path")
            if path is None or path.type not in ("type_identifier", "identifier") or not self._is_type_param(node, text(path)):
                continue
            done.append((node.start_byte, node.end_byte))
            out.append(self.change(node, f"`{text(node)}` → `{text(path)}`", [replace(node, text(path))], safety=Safety.REVIEW,
                                   reason="0.22's `valid()` returns the same type: call `valid()` before "
                                          "evaluating, or Dropout stays active (pitfall 16)."))
        for g in caps.get("g", []):
            if inside(g) or last_segment(g) != "AutodiffModule" or self._in_use(g):
                continue
            head = g.child_by_field_name("type")
            prefix = text(head)[: -len("AutodiffModule")]
            done.append((g.start_byte, g.end_byte))
            ta = g.child_by_field_name("type_arguments")
            bound = [b for b in (ta.named_children if ta is not None else []) if b.type == "type_binding"
                     and text(b.child_by_field_name("name")) == "InnerModule" and text(b.child_by_field_name("type")) != "Self"]
            ev = text(bound[0].child_by_field_name("type")) if bound else ""
            out.append(self.change(g, f"`{text(g)}` → `{prefix}Module`", [replace(g, prefix + "Module")],
                                   safety=Safety.REVIEW if bound else None,
                                   reason=(f"`InnerModule = {ev}` tied the validation model to this type; 0.22's `valid()` "
                                           f"returns the module's own type, so code that takes `{ev}` where `valid()` is "
                                           "passed (E0308) must take the module's type instead (make the two one type).")
                                   if bound else ""))
        # (a bare `AutodiffModule` outside a `use` is no 0.21 code: the trait always takes `<B>`)
        for call in caps.get("call", []):
            fn = required_child(call, "function")
            if text(fn.child_by_field_name("name")) != "from_inner" or inside(call):
                continue
            path = fn.child_by_field_name("path")
            owner = last_segment(path)
            if path is not None and path.type == "bracketed_type" and "AutodiffModule" in text(path):
                owner = text(path)   # `<Model<B> as AutodiffModule<B>>::from_inner(inner)`
            if owner in ("Tensor", "Param", "") or owner.islower():
                continue
            args = named_args(required_child(call, "arguments"))
            if len(args) != 1:
                continue
            a = args[0]
            recv = ctx.text(a)
            if a.type not in ("identifier", "field_expression", "call_expression", "parenthesized_expression"):
                recv = f"({recv})"
            out.append(self.change(call, f"`{owner}::from_inner(..)` → `.train()`", [replace(call, f"{recv}.train()")]))
        return out

    @staticmethod
    def _is_type_param(node, name: str) -> bool:
        for a in ancestors(node):
            for p in generic_params(a) if a.child_by_field_name("type_parameters") is not None else []:
                if p.type != "const_parameter" and text(p.child_by_field_name("name")) == name:
                    return True
        return False

    @staticmethod
    def _in_use(node) -> bool:
        return any(a.type == "use_declaration" for a in ancestors(node))
