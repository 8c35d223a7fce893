"""training-traits — the project's impls of burn-train and burn-rl traits whose 0.22.1 shape changed (R15).

What it does:
    Reports, at the impl, what 0.22.1 requires of:
    - `impl Metric for X`: `update(..)` returns `Result<SerializedEntry, TensorReadError>`, and a
      new required `fn compute(&mut self) -> Result<SerializedEntry, TensorReadError>`;
    - `impl Numeric for X`: `value()` / `running_value()` return `Option<NumericEntry>`, and a new
      required `fn final_value(&self) -> NumericEntry`;
    - `impl ItemLazy for X`: no `type ItemSync`; `fn sync(self) -> Result<Self, ExecutionError>`;
    - `impl MetricsRenderer…` / `impl MetricsRendererTraining` / `…Evaluation`: `render_train` /
      `render_valid` / `render_test` are gone; a renderer also implements `TrainingProgressLogger`
      and `EvaluationProgressLogger`;
    - `impl Checkpointer<R, B> for X`: `Checkpointer<R: Checkpoint>`, `restore(&self, epoch)`
      without a device.
    - `impl Policy for X` / `impl PolicyLearner for X` (burn-rl, `burn::rl`, resolved as rustc
      does): 0.22.1 requires `fn to_device(self, device: &Device) -> Self` / `fn device(&self) ->
      Device` (their backend argument is dropped by backend-type-argument).
    Each finding names what the impl lacks or has in the 0.21 shape (read off its items). A
    `.value().current()` / `.running_value().current()` read (a metric's test) gets one too:
    `Numeric::value` returns `Option<NumericEntry>` in 0.22.1.

Why:
    burn-train 0.22.1 (`metric/base.rs`, `metric/processor/base.rs`, `renderer/base.rs`,
    `logger/progress.rs`, `checkpoint/base.rs`; burn PR #5768 lists them) and burn-rl 0.22.1
    (`policy/base.rs`): every 0.21 impl fails
    with E0046 (missing items), E0053 (incompatible signatures) or E0437 (`ItemSync`). What the
    new methods compute (a metric's epoch value) is the project's, so nothing is written.

Example:
    impl Metric for MyMetric { fn update(&mut self, ..) -> SerializedEntry { .. } fn clear(&mut self) { .. } }
    → finding: "`update` returns `Result<SerializedEntry, TensorReadError>`; add `fn compute(&mut self) ->
      Result<SerializedEntry, TensorReadError>` (the epoch's value)".

Fix safety:
    finding only.

Reproduction check:
    `cargo check` on 0.22.1: E0046 / E0053 / E0437 at the impl, before and after (a person
    writes the new items).
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check, ErrorMatch
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import last_segment, receiver, text

from ._callees import burn_rl_item

_WHY = "burn-train 0.22.1 changed this trait (burn PR #5768): {}"


def _items(body) -> dict[str, str]:
    """fn / type names of an impl body → their text."""
    out = {}
    for c in (body.named_children if body is not None else []):
        if c.type in ("function_item", "type_item", "function_signature_item"):
            out[text(c.child_by_field_name("name"))] = text(c)
    return out


class TrainingTraits(FindingRule):
    id = "training-traits"
    name = "burn-train and burn-rl trait impls in their 0.21 shape"
    pitfalls = (1,)
    guide = "R15"
    triggers = (b"Metric", b"Numeric", b"ItemLazy", b"Renderer", b"Checkpointer", b"Policy")
    check = Check("`cargo check` on 0.22.1: E0046 / E0053 / E0437 at the impl (finding only)", "cargo check",
                  ("E0046", "E0053", "E0437"),
                  matches=(ErrorMatch("E0046", r"`compute`|`final_value`|`start`|`update_split`|`to_device`|`device`"),
                           ErrorMatch("E0053", r"method `(?:update|value|running_value|sync|restore)`"),
                           ErrorMatch("E0437", r"`ItemSync`"), ErrorMatch("E0407", r"render_(?:train|valid|test)"),
                           ErrorMatch("E0599", r"no method named `current` found for enum `(?:std::option::)?Option")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for impl in ctx.nodes("impl_item"):
            tr = impl.child_by_field_name("trait")
            if tr is None:
                continue
            name = last_segment(tr)
            items = _items(impl.child_by_field_name("body"))
            need = []
            if name == "Metric" and "update" in items:
                if not re.search(r"->\s*Result\s*<", items["update"].split("{", 1)[0]):
                    need.append("`update` returns `Result<SerializedEntry, TensorReadError>`")
                if re.search(r"\.update\([^;]*,[^;]*,[^;]*FormatOptions", items["update"]):
                    need.append("`NumericMetricState::update(value, count)` takes no format and returns nothing: "
                                "`state.compute_update(format)` gives the entry")
                if "compute" not in items:
                    need.append("add `fn compute(&mut self) -> Result<SerializedEntry, TensorReadError>` (the value "
                                "over the epoch; `NumericMetricState::compute_final` gives it for numeric state)")
            elif name == "Numeric":
                for m in ("value", "running_value"):
                    if m in items and "Option" not in items[m].split("{", 1)[0]:
                        need.append(f"`{m}` returns `Option<NumericEntry>`")
                if "final_value" not in items:
                    need.append("add `fn final_value(&self) -> NumericEntry` (the epoch's value, after `compute`)")
            elif name == "ItemLazy":
                if "ItemSync" in items:
                    need.append("`type ItemSync` is gone")
                if "sync" in items and "Result" not in items["sync"].split("{", 1)[0]:
                    need.append("`fn sync(self) -> Result<Self, ExecutionError>` (return the item itself, e.g. "
                                "`Ok(Self { loss: self.loss.without_autodiff(), .. })`)")
            elif name in ("MetricsRenderer", "MetricsRendererTraining", "MetricsRendererEvaluation"):
                gone = [m for m in ("render_train", "render_valid", "render_test") if m in items]
                if gone:
                    need.append(f"{', '.join('`'+m+'`' for m in gone)} {'are' if len(gone) > 1 else 'is'} gone: a renderer implements "
                                "`TrainingProgressLogger` (`start`, `update_epoch`, `start_split`, `update_split`, "
                                "`end_split`, `end`, `log_event_training`) and `EvaluationProgressLogger`")
                elif name == "MetricsRenderer" and not _implemented(ctx, ("TrainingProgressLogger", "EvaluationProgressLogger")):
                    # (burn 0.21 had neither trait: a 0.21 renderer implements none of them)
                    need.append("0.22.1's `MetricsRenderer` also requires `TrainingProgressLogger` (`start`, "
                                "`update_epoch`, `start_split`, `update_split`, `end_split`, `end`, "
                                "`log_event_training`) and `EvaluationProgressLogger` (`start_global_progress`, "
                                "`start_test`, `update_test_progress`, `end_test`, `end_global_progress`, "
                                "`log_event_evaluation`) for the type (E0277)")
            elif name == "Checkpointer":
                args = tr.child_by_field_name("type_arguments") if tr.type == "generic_type" else None
                if args is not None and args.named_child_count >= 2:
                    need.append("`Checkpointer<R: Checkpoint>` has no backend parameter")
                if "restore" in items and re.search(r"restore\s*\([^)]*,[^)]*,", items["restore"]):
                    need.append("`restore(&self, epoch: usize)` takes no device")
            elif name in _RL_REQUIRED and _RL_REQUIRED[name][0] not in items and burn_rl_item(ctx, tr.child_by_field_name("type") or tr):
                method, signature, what = _RL_REQUIRED[name]
                out.append(self.finding(impl, f"`impl {name}`: burn-rl 0.22.1 also requires `{signature}`",
                                        f"burn-rl 0.22.1's `{name}` (`policy/base.rs`) has a new required method, "
                                        f"`{method}` ({what}): without it the impl fails with E0046."))
            if need:
                out.append(self.finding(impl, f"`impl {name}` in its 0.21 shape: " + "; ".join(need),
                                        _WHY.format(f"see burn-train 0.22.1's `{name}`")))
        if b"Numeric" in ctx.src:   # a metric's `value()` read as 0.21's entry
            for call, field, _ in ctx.method_calls("current", 0):
                inner = receiver(call)
                inner_fn = inner.child_by_field_name("function") if inner is not None and inner.type == "call_expression" else None
                method = text(inner_fn.child_by_field_name("field")) if inner_fn is not None and inner_fn.type == "field_expression" else ""
                if method in ("value", "running_value"):
                    out.append(self.finding(call, f"`.{method}().current()` reads 0.21's `NumericEntry`",
                                            _WHY.format(f"`Numeric::{method}` returns `Option<NumericEntry>` in 0.22.1: take "
                                                        "the entry out first (`.expect(..)`, or handle `None`: not available)")))
        return out


# burn-rl 0.22.1's traits with a required method 0.21's lacked: trait → (method, signature, what it does)
_RL_REQUIRED = {
    "Policy": ("to_device", "fn to_device(self, device: &Device) -> Self",
               "the policy moved to a device: its modules' `.to_device(device)`"),
    "PolicyLearner": ("device", "fn device(&self) -> Device", "the device the learner trains on"),
}


def _implemented(ctx: FileContext, traits: tuple[str, ...]) -> bool:
    """The project names one of `traits` somewhere (this file, or another: the index's mentions)."""
    return any(t.encode() in ctx.src or ctx.index.mentions.get(t) for t in traits)
