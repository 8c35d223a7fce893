"""train-metadata-fields — burn's `Progress` and `MetricMetadata` literals in their 0.22.1 fields (R15).

What it does:
    - `Progress { items_processed, items_total }` (burn's, from `burn::data::dataloader`) gains
      `unit: None`;
    - `MetricMetadata { .., global_progress: .., .. }` (burn-train's) loses `global_progress`;
    - its `lr: Some(x)` becomes `lr: Some(x.into())`, an `Option` value `lr: v` becomes
      `lr: v.map(Into::into)` (`None` stays).
    Only literals whose type name resolves to burn's (an import of a burn path, directly or
    through the parent module's `use super::*;`), with no `..base` tail.

Why:
    burn-core 0.22.1's `Progress` has a third field, `unit: Option<String>` (`data/dataloader/
    base.rs`); burn-train 0.22.1's `MetricMetadata` has no `global_progress` and its `lr` is an
    `Option<ModuleLearningRate>`, not `Option<f64>` (`metric/base.rs`; burn-optim has
    `From<LearningRate> for ModuleLearningRate`):
    0.21 literals fail with E0063 (missing field) and E0560 (no such field). Seen in a metric's
    tests on burn-the-stock.

Example:
    MetricMetadata { progress: Progress { items_processed: 1, items_total: 1 },
                     global_progress: Progress { items_processed: 0, items_total: 1 }, iteration: None, lr: None }
    → MetricMetadata { progress: Progress { items_processed: 1, items_total: 1, unit: None },
                       iteration: None, lr: None }

Fix safety:
    `unit: None` is safe (0.21 had no unit: None renders as before), and so is the `lr` conversion
    (the same rate, for every parameter group; `Into` is the identity on a value that is one
    already). Dropping `global_progress`
    is review: what the literal said about the epoch is gone; a metric that read it reads
    `progress` (the split's) only.

Reproduction check:
    `cargo check` on 0.22.1: E0063 / E0560 at the literals before, none after.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import delete_list_items
from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.syntax import named_args, required_child, text


class TrainMetadataFields(SourceRule):
    id = "train-metadata-fields"
    name = "burn's `Progress` / `MetricMetadata` literals in their 0.22.1 fields"
    pitfalls = (1,)
    guide = "R15"
    safety = Safety.SAFE
    triggers = (b"Progress {", b"Progress{", b"MetricMetadata {", b"MetricMetadata{")
    check = Check("`cargo check` on 0.22.1: E0063 / E0560 at the literal before, none after", "cargo check",
                  ("E0063", "E0560"), matches=(ErrorMatch("E0063", r"`unit`"), ErrorMatch("E0560", r"global_progress")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for lit in ctx.nodes("struct_expression"):
            name_node = lit.child_by_field_name("name")
            body = lit.child_by_field_name("body")
            if name_node is None or body is None or any(c.type == "base_field_initializer" for c in body.named_children):
                continue
            name = text(name_node).rsplit("::", 1)[-1]
            if name not in ("Progress", "MetricMetadata") or not _burns(ctx, name_node):
                continue
            fields = {text(f.child_by_field_name("field")): f for f in body.named_children
                      if f.type in ("field_initializer", "shorthand_field_initializer")
                      and f.child_by_field_name("field") is not None} | \
                     {text(f): f for f in body.named_children if f.type == "shorthand_field_initializer"}
            if name == "Progress" and "unit" not in fields and {"items_processed", "items_total"} <= set(fields):
                out.append(self.change(name_node, "`Progress { .. }` gains `unit: None` (0.22.1)",
                                       [_append_field(ctx.src, body, "unit: None")]))
            if name == "MetricMetadata" and "global_progress" in fields:
                edits = delete_list_items(ctx.src, body, [fields["global_progress"]])
                out.append(self.change(fields["global_progress"], "`MetricMetadata` has no `global_progress` in 0.22.1",
                                       edits, safety=Safety.REVIEW,
                                       reason="what it said about the epoch is gone: a metric reads `progress` (the "
                                              "split's) only in 0.22.1"))
            if name == "MetricMetadata" and "lr" in fields and (lr := _learning_rate(fields["lr"])) is not None:
                out.append(self.change(fields["lr"], f"`lr: {text(fields['lr'].child_by_field_name('value') or fields['lr'])}` "
                                                     f"→ `{lr.new}` (`Option<ModuleLearningRate>` in 0.22.1)", [lr]))
        return out


_SIMPLE = ("identifier", "field_expression", "call_expression", "float_literal", "integer_literal", "self")


def _learning_rate(field: Node) -> Edit | None:
    """0.21's `lr: Option<LearningRate>` (an `f64`) as 0.22.1's `Option<ModuleLearningRate>`, which
    has `From<LearningRate>` (burn-optim 0.22.1 `lr_scheduler/module_lr_scheduler.rs`; `Into` is
    the identity on a value that is one already): `Some(x)` → `Some(x.into())`, an `Option`
    value → `.map(Into::into)`, `None` as it is."""
    if field.type == "shorthand_field_initializer":   # `MetricMetadata { lr, .. }`
        return Edit(field.start_byte, field.end_byte, f"lr: {text(field)}.map(Into::into)")
    value = field.child_by_field_name("value")
    if value is None or text(value) == "None" or text(value).endswith(("map(Into::into)", ".into())")):
        return None
    f = value.child_by_field_name("function") if value.type == "call_expression" else None
    args = named_args(required_child(value, "arguments")) if f is not None else []
    if f is not None and text(f) == "Some" and len(args) == 1:
        x = args[0]
        if text(x).endswith(".into()"):
            return None
        shown = text(x) if x.type in _SIMPLE else f"({text(x)})"
        return Edit(x.start_byte, x.end_byte, f"{shown}.into()")
    shown = text(value) if value.type in _SIMPLE else f"({text(value)})"
    return Edit(value.start_byte, value.end_byte, f"{shown}.map(Into::into)")


def _burns(ctx: FileContext, name_node: Node) -> bool:
    """Does the literal's type name burn's type: a burn path, an import of one (in this module, or
    the parent's through `use super::*;`)?"""
    roots = {*ctx.crate.burn_roots, *api.BURN_CRATE_IDENTS}
    written = text(name_node).split("::")
    if len(written) > 1:
        return written[0] in roots
    at: Node | None = name_node
    for _ in range(8):   # (modules nest; a glob chain longer than this is not followed)
        found = resolve(at, written[0], ctx.use_declarations()) if at is not None else None
        if found is None:
            return False
        if found.kind == "import":
            return bool(found.path) and found.path[0] in roots
        if found.kind == "glob" and found.path == ("super",):
            at = _parent_module_item(at)
            continue
        return False
    return False


def _parent_module_item(at: Node | None) -> Node | None:
    """A node in the module around `at`'s inline `mod` (where `super` points)."""
    cur = at
    while cur is not None and cur.type != "mod_item":
        cur = cur.parent
    return cur


def _append_field(src: bytes, body: Node, field: str) -> Edit:
    """`field` after the literal's last field, in its layout (its own line when the fields are)."""
    last = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")][-1]
    close = body.end_byte - 1
    between = src[last.end_byte:close].decode("utf-8", "replace")
    if "\n" in between:
        line_start = src.rfind(b"\n", 0, last.start_byte) + 1
        indent = src[line_start:last.start_byte].decode("utf-8", "replace")
        comma = "" if between.lstrip().startswith(",") else ","
        at = last.end_byte + (between.index(",") + 1 if comma == "" else 0)
        return Edit(at, at, f"{comma}\n{indent}{field},")
    comma = "" if between.strip().startswith(",") else ","
    at = last.end_byte + (between.index(",") + 1 if comma == "" else 0)
    return Edit(at, at, f"{comma} {field}")
