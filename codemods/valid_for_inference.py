"""valid-for-inference — a forward-only fn gets the validation model and the plain device (pitfalls 13, 16).

What it does:
    For a fn generic over an autodiff backend in 0.21 that only runs a model forward (its body
    has no backward pass, optimizer step, gradients or learner, hands the device only to calls
    that build tensors or modules on it, and its name is not a training one), inserts at its
    start `let model = model.valid();` for each model parameter it calls `forward` on, and
    `let device = device.inner();` (`&device.clone().inner()` for a reference): the callers
    pass an autodiff device, and this fn should not record on it. `autodiff-device` leaves
    such a fn alone. In a fn that trains, a `for` loop that runs the trained model forward only
    (an evaluation pass without `valid()`) gets a finding. `InferenceStep` impls are not touched: burn-train 0.22.1 calls
    `model.valid()` before them (learner/supervised/strategies/base.rs).

Why:
    On an autodiff device every op of a forward pass is recorded, so a forward-only loop grows
    the graph without bound (pitfall 13), and a model that was not switched with `valid()`
    keeps Dropout dropping, so evaluation differs on every run (pitfall 16).

Example:
    before: fn evaluate<B: AutodiffBackend>(model: Model<B>, device: &B::Device) -> Tensor<B, 2> {
                model.forward(Tensor::ones([1, 2], device)) }
    after:  fn evaluate(model: Model, device: &Device) -> Tensor<2> {
                let model = model.valid();
                let device = &device.clone().inner();
                model.forward(Tensor::ones([1, 2], device)) }

Fix safety:
    review: the decision rests on what the body does; a fn that hands its outputs to a caller
    that takes gradients of them would lose them (the returned tensors no longer track).

Reproduction check:
    both compile under 0.22.1; at run time the tensors the fn returns are not autodiff
    (`x.is_require_grad()` false) and two calls give the same result with Dropout in the model.
"""
from __future__ import annotations

import re

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import insert_statements
from burnmigrate.rust.syntax import enclosing, text

from ._autodiff import inference_only


class ValidForInference(SourceRule):
    id = "valid-for-inference"
    name = "forward-only code gets the validation model and the plain device"
    pitfalls = (13, 16)
    guide = "R10 R11"
    safety = Safety.REVIEW
    triggers = (b"AutodiffBackend", b".forward(")
    check = Check("the fn's outputs are not autodiff and repeat exactly with Dropout in the model",
                  "cargo test (two calls, same output)", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for fn in ctx.nodes("function_item"):
            for p in ctx.scope.params_of(fn).values():
                if not p.autodiff or p.extension:
                    continue
                found = inference_only(ctx, fn, p.name)
                if found is None:
                    continue
                (_, dev, dev_ref), models = found
                lines = [f"let {m} = &{m}.valid();" if r else f"let {m} = {m}.valid();" for m, r in models]
                lines.append(f"let {dev} = &{dev}.clone().inner();" if dev_ref else f"let {dev} = {dev}.inner();")
                edit = insert_statements(ctx.src, fn, lines)
                if edit is None:
                    continue
                name = text(fn.child_by_field_name("name"))
                what = (f"`{name}` only runs {', '.join('`' + m + '`' for m, _ in models)} forward: the validation "
                        "model on the plain device") if models else \
                    f"`{name}` only runs forward the models it builds: build them on the plain device"
                out.append(self.change(fn.child_by_field_name("name") or fn, what,
                                       [edit],
                                       reason=f"`{name}` has no backward pass, step or gradients: on the autodiff device "
                                              "its callers pass, the graph only grows (pitfall 13) and Dropout stays on "
                                              "(16). Check that no caller takes gradients of what it returns."))
                break
        out += self._forward_only_loops(ctx)
        return out

    def _forward_only_loops(self, ctx: FileContext) -> list[Change]:
        """In a fn that trains, a `for` loop that only runs the training model forward (an
        evaluation pass on the training model and device) is a finding: `valid()` and the plain
        device need the loop's data moved too, which a person has to decide."""
        out: list[Change] = []
        for loop in ctx.nodes("for_expression"):
            body = loop.child_by_field_name("body")
            src = text(body) if body is not None else ""
            if ".forward(" not in src or api.TRAINING_CALLS.search(src) or ".valid()" in src:
                continue
            fn = enclosing(loop, ("function_item",))
            if fn is None or not api.TRAINING_CALLS.search(text(fn.child_by_field_name("body"))):
                continue
            receivers = {m.group(1) for m in re.finditer(r"\b(\w+)\.forward\(", src)}
            fn_src = text(fn)
            trained = {r for r in receivers if re.search(rf"\.step\([^;]*\b{re.escape(r)}\b|from_grads\([^;]*\b{re.escape(r)}\b", fn_src)}
            if not trained:
                continue   # `model_valid.forward(..)` or a loss's `forward`: not the trained model
            m = sorted(trained)[0]
            out.append(self.finding(loop, f"this loop runs `{m}` forward only, on the training model and device",
                                    f"an evaluation pass on the training model records a graph that nothing reads "
                                    f"(pitfall 13) and keeps Dropout on (16): use `let {m}_valid = {m}.valid();` before "
                                    "the loop and feed it data built on the plain device (`device.clone().inner()`)."))
        return out
