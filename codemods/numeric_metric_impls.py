"""numeric-metric-impls — a `Metric` / `Numeric` impl over a `NumericMetricState` in 0.22.1's shape (R15).

What it does:
    For a project metric that keeps its value in a `NumericMetricState` field (burn's own 0.21
    metrics and its book's custom metric do):
    - `impl Metric`: `fn update(..) -> SerializedEntry` whose value is
      `self.state.update(value, count, format)` becomes `-> Result<SerializedEntry,
      TensorReadError>` ending `self.state.update(value, count); Ok(self.state.compute_update(format))`
      (an early `return entry` becomes `return Ok(entry)`),
      and the impl gains `fn compute(&mut self) -> Result<SerializedEntry, TensorReadError> {
      Ok(self.state.compute_final(format)) }` (the same format, when it reads only `self` and
      constants);
    - `impl Numeric`: `value` / `running_value` returning `self.state.current_value()` /
      `running_value()` return them in `Some(..)` as `Option<NumericEntry>`, and the impl gains
      `fn final_value(&self) -> NumericEntry { self.state.final_value() }`.
    A read `metric.value().current()` of such a metric (its `value` is always `Some` now) gets
    `.unwrap()`. Anything else in such an impl (another state, a body that does more) is left to
    training-traits' finding.

Why:
    burn-train 0.22.1 (`metric/base.rs`, `metric/state.rs`): `Metric::update` returns
    `Result<SerializedEntry, TensorReadError>` and a metric must `compute` its epoch value;
    `NumericMetricState::update(value, count)` takes no format (`compute_update(format)` gives the
    entry, `compute_final(format)` the epoch's); `Numeric::value` / `running_value` return
    `Option<NumericEntry>` and `final_value` is required. burn's own `LossMetric` is written so.

Example:
    fn update(&mut self, i: &Self::Input, _m: &MetricMetadata) -> SerializedEntry { ..; self.state.update(v, n, fmt) }
    → fn update(..) -> Result<SerializedEntry, TensorReadError> { ..; self.state.update(v, n); Ok(self.state.compute_update(fmt)) }
      fn compute(&mut self) -> Result<SerializedEntry, TensorReadError> { Ok(self.state.compute_final(fmt)) }

Fix safety:
    safe: the same state calls in 0.22.1's names; the added methods are what burn's `LossMetric`
    does. Callers of `value()` get an `Option` (training-traits' finding says so at the impl).

Reproduction check:
    `cargo check` on 0.22.1: E0053 / E0046 / E0061 at the impls before, none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import BurnImports, FileContext
from burnmigrate.rust.resolve import bound_type, result_type
from burnmigrate.rust.syntax import (
    enclosing,
    indentation,
    last_segment,
    named_args,
    required_child,
    returned_values,
    text,
)


class NumericMetricImpls(SourceRule):
    id = "numeric-metric-impls"
    name = "`Metric` / `Numeric` impls over a `NumericMetricState` in 0.22.1's shape"
    pitfalls = (1,)
    guide = "R15"
    triggers = (b"NumericMetricState",)
    check = Check("`cargo check` on 0.22.1: E0053 / E0046 / E0061 at the impls before, none after", "cargo check",
                  ("E0053", "E0046", "E0061"), matches=(ErrorMatch("E0053", r"`(?:update|value|running_value)`"),
                                                        ErrorMatch("E0046", r"`compute`|`final_value`")))

    def run(self, ctx: FileContext) -> list[Change]:
        states = _state_fields(ctx)
        rewritten: set[str] = set()   # types whose `Numeric` impl now returns `Some(..)`
        updated: set[str] = set()     # types whose `Metric::update` now returns `Ok(..)`
        out: list[Change] = []
        imports = BurnImports(ctx)
        for impl in ctx.nodes("impl_item"):
            tr, self_ty, body = (impl.child_by_field_name(f) for f in ("trait", "type", "body"))
            if tr is None or self_ty is None or body is None:
                continue
            fields = states.get(last_segment(self_ty), set())
            fns = {text(c.child_by_field_name("name")): c for c in body.named_children if c.type == "function_item"}
            if not fields:
                continue
            if last_segment(tr) == "Metric" and "update" in fns and "compute" not in fns:
                found = self._metric(ctx, imports, body, fns["update"], fields)
                if found:
                    out += found
                    updated.add(last_segment(self_ty))
            elif last_segment(tr) == "Numeric" and "final_value" not in fns:
                found = self._numeric(ctx, body, fns, fields)
                if found:
                    out += found
                    rewritten.add(last_segment(self_ty))
        out += self._entry_reads(ctx, rewritten) + self._update_calls(ctx, updated)
        out.extend(imports.changes(self))
        return out

    def _entry_reads(self, ctx: FileContext, types: set[str]) -> list[Change]:
        """`metric.value().current()` where `metric` is one of `types` (a `let` built by
        `T::new()` / `T::default()`, or a parameter of type `T` / `&T`), whose `value` this rule
        made `Some(..)`: `.unwrap()` takes the entry out, as 0.21 handed it."""
        out: list[Change] = []
        # (by text: such reads sit in `assert!(..)` as often as not, where the tree has tokens)
        for m in _ENTRY_READ.finditer(ctx.src) if types else []:
            metric = ctx.root.descendant_for_byte_range(m.start(1), m.end(1))
            if metric is None or metric.type != "identifier" or bound_type(metric) not in types:
                continue
            read = m.group(0).decode()
            out.append(self.change((m.start(), m.end()), f"`{read}` is an `Option` in 0.22.1: `.unwrap()` (this metric's "
                                                         "value is always `Some`)", [Edit(m.end(), m.end(), ".unwrap()")]))
        return out

    def _update_calls(self, ctx: FileContext, types: set[str]) -> list[Change]:
        """`metric.update(&input, &meta)` where `metric` is one of `types`, whose `update` this rule
        made return `Ok(..)`: 0.22.1 hands a `Result` (an entry read from it, or passed on, fails:
        E0609 / E0308; reading 20, reading 24), so `.unwrap()` takes the entry out, as 0.21 handed it."""
        out: list[Change] = []
        for m in _UPDATE_CALL.finditer(ctx.src) if types else []:
            metric = ctx.root.descendant_for_byte_range(m.start(1), m.end(1))
            call = enclosing(metric, ("call_expression",)) if metric is not None else None
            head = call.child_by_field_name("function") if call is not None else None
            if call is None or metric is None or metric.type != "identifier" or head is None or head.type != "field_expression" \
                    or head.child_by_field_name("value") != metric or bound_type(metric) not in types \
                    or len(named_args(required_child(call, "arguments"))) != 2:
                continue
            out.append(self.change(call, f"`{m.group(1).decode()}.update(..)` returns a `Result` in 0.22.1: `.unwrap()` "
                                         "(this metric's `update` is always `Ok`)", [Edit(call.end_byte, call.end_byte, ".unwrap()")]))
        return out

    def _metric(self, ctx: FileContext, imports: BurnImports, body: Node, update: Node, fields: set[str]) -> list[Change]:
        ret, fbody = update.child_by_field_name("return_type"), update.child_by_field_name("body")
        tail = _tail(fbody)
        if ret is None or fbody is None or tail is None or last_segment(ret) != "SerializedEntry" \
                or tail.type != "call_expression":
            return []
        m = re.fullmatch(r"self\s*\.\s*(\w+)\s*\.\s*update", text(tail.child_by_field_name("function")).replace("\n", " "))
        args = named_args(required_child(tail, "arguments"))
        if m is None or m.group(1) not in fields or len(args) != 3:
            return []
        field, fmt = m.group(1), text(args[2])
        if not _reads_only_self(fmt, update):
            return []
        err = imports.write(ret, "TensorReadError", ["TensorReadError"])
        result = f"{result_type(ret, ctx.use_declarations())}<SerializedEntry, {err}>"
        indent = indentation(ctx.src, update.start_byte)
        inner = indentation(ctx.src, tail.start_byte)
        compute = (f"\n\n{indent}fn compute(&mut self) -> {result} {{\n{inner}Ok(self.{field}.compute_final({fmt}))\n"
                   f"{indent}}}")
        # an early `return entry;` (`_ => return SerializedEntry::new(..)`, a `let .. else`) returns
        # the `Result` too: wrapped in `Ok(..)` (not a closure's own `return`)
        early = returned_values(update)
        edits = [Edit(ret.start_byte, ret.end_byte, result),
                 *[e for v in early for e in (Edit(v.start_byte, v.start_byte, "Ok("), Edit(v.end_byte, v.end_byte, ")"))],
                 Edit(args[1].end_byte, args[2].end_byte, ""),
                 Edit(tail.end_byte, tail.end_byte, f";\n{inner}Ok(self.{field}.compute_update({fmt}))"),
                 Edit(update.end_byte, update.end_byte, compute)]
        return [self.change(update.child_by_field_name("name") or update,
                            "`Metric::update` returns a `Result` and the state takes no format; `compute` added "
                            "(`NumericMetricState::compute_final`)", edits)]

    def _numeric(self, ctx: FileContext, body: Node, fns: dict[str, Node], fields: set[str]) -> list[Change]:
        edits: list[Edit] = []
        field = None
        for name, read in (("value", "current_value"), ("running_value", "running_value")):
            fn = fns.get(name)
            if fn is None:
                return []
            ret, tail = fn.child_by_field_name("return_type"), _tail(fn.child_by_field_name("body"))
            m = re.fullmatch(rf"self\s*\.\s*(\w+)\s*\.\s*{read}\s*\(\s*\)", text(tail)) if tail is not None else None
            if ret is None or tail is None or text(ret) != "NumericEntry" or m is None or m.group(1) not in fields:
                return []
            field, inner = m.group(1), indentation(ctx.src, tail.start_byte)
            edits += [Edit(ret.start_byte, ret.end_byte, "Option<NumericEntry>"),
                      Edit(tail.start_byte, tail.start_byte, "Some("), Edit(tail.end_byte, tail.end_byte, ")")]
        last = fns["running_value"]
        indent = indentation(ctx.src, last.start_byte)
        edits.append(Edit(last.end_byte, last.end_byte,
                          f"\n\n{indent}fn final_value(&self) -> NumericEntry {{\n{inner}self.{field}.final_value()\n{indent}}}"))
        return [self.change(fns["value"].child_by_field_name("name") or fns["value"],
                            "`Numeric::value` / `running_value` return `Option<NumericEntry>`; `final_value` added "
                            "(`NumericMetricState::final_value`)", edits)]


_UPDATE_CALL = re.compile(rb"(?<![\w.])(\w+)\s*\.\s*update\s*\(")
_ENTRY_READ = re.compile(rb"(?<![\w.])(\w+)\s*\.\s*(?:value|running_value)\s*\(\s*\)(?=\s*\.\s*current\s*\()")


def _state_fields(ctx: FileContext) -> dict[str, set[str]]:
    """struct name → its fields typed `NumericMetricState` (this file's structs)."""
    out: dict[str, set[str]] = {}
    for s in ctx.nodes("struct_item"):
        body = s.child_by_field_name("body")
        for f in body.named_children if body is not None else []:
            if f.type == "field_declaration" and last_segment(f.child_by_field_name("type")) == "NumericMetricState":
                out.setdefault(text(s.child_by_field_name("name")), set()).add(text(f.child_by_field_name("name")))
    return out


def _reads_only_self(expr: str, fn: Node) -> bool:
    """Does `expr` name nothing of `fn`'s own (its parameters, its `let`s): only `self`, paths
    and literals, so it means the same in another method?"""
    body = fn.child_by_field_name("body")
    params = fn.child_by_field_name("parameters")
    locals_ = set(re.findall(r"\blet\s+(?:mut\s+)?(\w+)", text(body))) | {
        text(p.child_by_field_name("pattern")) for p in (params.named_children if params is not None else [])
        if p.type == "parameter"}
    return not any(re.search(rf"(?<![\w.:]){re.escape(n)}\b", expr) for n in locals_ if n)


def _tail(block: Node | None) -> Node | None:
    kids = [c for c in block.named_children if c.type not in ("line_comment", "block_comment")] if block is not None else []
    if not kids or kids[-1].type == "expression_statement" or kids[-1].type.endswith(("_declaration", "_item")):
        return None
    return kids[-1]
