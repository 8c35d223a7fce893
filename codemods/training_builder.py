"""training-builder — `SupervisedTraining` / `RLTraining` builder methods as 0.22.1 has them (R24, R15).

What it does:
    - `.with_file_checkpointer(recorder)` → `.with_default_checkpointers()` on a
      `SupervisedTraining` chain, `.with_checkpointer()` on an `RLTraining` chain (the recorder
      argument goes; its import goes with `backend-import` once unused);
    - `.renderer(r)` → `.renderer(Box::new(r))` on those chains (0.22.1 takes a
      `Box<dyn MetricsRenderer>`; 0.21's was generic);
    - `AurocMetric::new()` → `AurocMetric::binary()` (0.21's AUROC was binary only; 0.22.1's
      constructors are `binary()`, `multiclass(..)`, `multilabel(..)`);
    - `evaluator.eval(name, loader)` whose value is used → `evaluator.eval(name, loader).renderer`
      (0.22.1 returns an `EvaluationResult { renderer, interrupted, error }`; 0.21 the renderer),
      where `evaluator` is built by an `EvaluatorBuilder` chain in the same fn.

Why:
    burn-train 0.22.1 has no `with_file_checkpointer` (E0599): checkpoints are burnpack files,
    written by `with_default_checkpointers()` (model, optimizer, scheduler under
    `<dir>/checkpoint`, `learner/supervised/paradigm.rs`) or `with_checkpointer()` for RL
    (`learner/rl/paradigm.rs`); `renderer` takes a box (E0308 on a bare value); `AurocMetric::new`
    is private (E0624) and the metric adapts from `ClassificationOutput` (`metric/auroc.rs`);
    `Evaluator::eval` returns `EvaluationResult` (E0308 where a `Box<dyn MetricsRenderer>` is
    expected, `evaluator/base.rs`).

Example:
    SupervisedTraining::new(dir, train, valid).with_file_checkpointer(CompactRecorder::new())
    → SupervisedTraining::new(dir, train, valid).with_default_checkpointers()

Fix safety:
    the checkpointers are decided where the chain is a `SupervisedTraining` / `RLTraining` one
    and its recorder is one of 0.21's, built in place, whose extension no string of the project
    names (the checkpoints keep their place and names, `<dir>/checkpoint/model-{epoch}`, burn-train
    0.22.1 `checkpoint/file.rs`; only the format and extension change). The run then notes once
    that a run cannot resume from checkpoints 0.21 wrote (and that 0.22.1 stores what the module
    holds where 0.21's `CompactRecorder` stored f16). Else review with that reason. The boxed
    renderer is safe. `.eval(..).renderer` is review: 0.22.1 stops evaluating at a data-loading
    error or an interrupt and says so in `.error` / `.interrupted`, which taking the renderer
    alone ignores.

Reproduction check:
    `cargo check` on 0.22.1: E0599 no method `with_file_checkpointer`, E0308 at `renderer(..)`;
    none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.record_files import RECORDER, WAS_F16, half_precision, old_name_in_use
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import enclosing, named_args, required_child, text


def _chain(call: Node) -> str:
    """The text of the method chain `call` belongs to (down to its root), and the `let`s of the
    fn that built its root, when the chain starts at a variable."""
    cur = call
    while cur is not None and cur.type in ("call_expression", "field_expression", "generic_function"):
        nxt = cur.child_by_field_name("function") if cur.type == "call_expression" else cur.child_by_field_name("value")
        if nxt is None:
            break
        cur = nxt
    return text(cur) if cur is not None else ""


def _paradigm(call: Node) -> str:
    chain = text(call)
    root = _chain(call)
    if root and root.isidentifier():   # `training.with_file_checkpointer(..)`: how was it built?
        fn = call
        while fn is not None and fn.type not in ("function_item", "closure_expression"):
            fn = fn.parent
        body = text(fn) if fn is not None else ""
        chain += body[:body.find(text(call))] if text(call) in body else body
    if "RLTraining" in chain:
        return "rl"
    if "SupervisedTraining" in chain:
        return "supervised"
    return ""


class TrainingBuilder(SourceRule):
    id = "training-builder"
    name = "SupervisedTraining / RLTraining builder methods"
    pitfalls = (1,)   # a 0.22 API change: a compile failure after the upgrade (the chart sends those to chapter 1)
    guide = "R24 R15"
    safety = Safety.SAFE
    triggers = (b"with_file_checkpointer", b".renderer(", b"AurocMetric", b"EvaluatorBuilder")
    check = Check("`cargo check` on 0.22.1: E0599 no method `with_file_checkpointer`, E0308 at `renderer(..)`; none after",
                  "cargo check", ("E0599",), matches=(ErrorMatch("E0599", r"with_file_checkpointer"),))

    @classmethod
    def project_notes(cls, changes: list[Change]) -> list[str]:
        """What a person must know of the checkpointers decided safe: the checkpoints 0.21 wrote."""
        decided = [c for c in changes if c.safety is Safety.SAFE and "(burnpack checkpoints" in c.message]
        if not decided:
            return []
        return [f"{cls.id}: {len(decided)} learner(s) now write burnpack checkpoints (`<dir>/checkpoint/model-{{epoch}}.bpk`: "
                "0.21's place and names): a run cannot resume (`.checkpoint(epoch)`) from checkpoints burn 0.21 wrote; "
                "start it again (pitfall 17)" + ("; 0.21's half-precision recorder stored f16, 0.22.1 stores the module's "
                                                  "dtype: checkpoints about twice as large"
                                                  if any(WAS_F16 in c.message for c in decided) else "")]

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for call, field, args in ctx.method_calls("with_file_checkpointer", 1):
            kind = _paradigm(call) or "supervised"
            new = "with_checkpointer" if kind == "rl" else "with_default_checkpointers"
            arglist = required_child(call, "arguments")
            edits = [Edit(field.start_byte, field.end_byte, new), Edit(arglist.start_byte, arglist.end_byte, "()")]
            recorder = RECORDER.match(text(args[0]).strip())
            if _paradigm(call) and recorder is not None and not old_name_in_use(ctx.index, recorder.group(1)):
                # decided: the checkpoints keep their place and names (`<dir>/checkpoint/model-{epoch}`,
                # RL's `policy-{epoch}`: burn-train 0.21.0 / 0.22.1 `learner/*/paradigm.rs`) and nothing here looks for 0.21's extension;
                # what becomes of an old run's checkpoints is the run's note (project_notes)
                f16 = half_precision(text(args[0]))
                out.append(self.change(field, f"`.with_file_checkpointer(..)` → `.{new}()` (burnpack checkpoints"
                                       + (f"{WAS_F16})" if f16 else ")"), edits, safety=Safety.SAFE))
                continue
            out.append(self.change(field, f"`.with_file_checkpointer(..)` → `.{new}()` (burnpack checkpoints)", edits,
                                   safety=Safety.REVIEW,
                                   reason="0.22.1 checkpoints are burnpack files (under `<dir>/checkpoint`): a run cannot "
                                          "resume from checkpoints 0.21 wrote; the recorder argument has no 0.22.1 "
                                          "counterpart" + ("" if _paradigm(call) else
                                                           " (the chain's root is not visible here: "
                                                           "`with_default_checkpointers` is SupervisedTraining's name, "
                                                           "RLTraining's is `with_checkpointer`)")))
        for call, field, args in ctx.method_calls("renderer", 1):
            if not _paradigm(call):
                continue
            arg = args[0]
            if text(arg).replace(" ", "").startswith(("Box::new(", "Box::<")):
                continue
            out.append(self.change(field, "`.renderer(r)` takes a `Box<dyn MetricsRenderer>` in 0.22.1",
                                   [Edit(arg.start_byte, arg.start_byte, "Box::new("), Edit(arg.end_byte, arg.end_byte, ")")]))
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "scoped_identifier" or text(fn.child_by_field_name("name")) != "new":
                continue
            path = fn.child_by_field_name("path")
            if path is None or text(path).rsplit("::", 1)[-1] != "AurocMetric" or named_args(required_child(call, "arguments")):
                continue
            name = required_child(fn, "name")   # (its text is `new`)
            out.append(self.change(name, "`AurocMetric::new()` → `AurocMetric::binary()`",
                                   [Edit(name.start_byte, name.end_byte, "binary")], safety=Safety.REVIEW,
                                   reason="0.21's AUROC supported binary classification only (two output columns, "
                                          "the second read as the positive class); 0.22.1's `binary()` reads the "
                                          "positive-class score from the `ClassificationOutput` it adapts: check the "
                                          "metric's input is that output"))
        for call, field, args in ctx.method_calls("eval", 2):
            p = call.parent
            if p is None or p.type == "expression_statement" or not _built_by(call, "EvaluatorBuilder"):
                continue   # a discarded result compiles as it is
            if p.type == "field_expression" and (p.parent is None or p.parent.type != "call_expression"):
                continue   # a field of the result (`.renderer`): 0.22.1's already
            out.append(self.change(field, "`evaluator.eval(..)` returns an `EvaluationResult`: its `.renderer` is 0.21's value",
                                   [Edit(call.end_byte, call.end_byte, ".renderer")], safety=Safety.REVIEW,
                                   reason="0.22.1 stops evaluating at a data-loading error or an interrupt and reports it "
                                          "in the result's `.error` / `.interrupted`, which taking `.renderer` alone "
                                          "ignores: check them where a failed evaluation matters"))
        return out


def _built_by(call: Node, builder: str) -> bool:
    """The method chain of `call` starts at `builder` (`EvaluatorBuilder::new(..)...build(..).eval(..)`),
    or at a variable whose last `let` before the call in the same fn is such a chain."""
    root = _chain(call)
    if builder in root:
        return True
    if not root.isidentifier():
        return False
    scope = enclosing(call)
    value = local_binding(scope, root, call) if scope is not None else None
    if value is not None and value.type != "let_declaration":
        return False
    init = value.child_by_field_name("value") if value is not None else None
    return init is not None and re.match(rf"(?:[\w:]*::)?{builder}\b", text(init).strip()) is not None
