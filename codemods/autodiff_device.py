"""autodiff-device — autodiff is a property of the device: make it where the device arrives (R11).

What it does:
    For a fn that was generic over an autodiff backend (`fn train<B: AutodiffBackend>(device:
    B::Device)`) and hands the device to no other autodiff fn (it is the sink), inserts, as the
    first statement, `let device = device.autodiff();` (or `let device =
    &device.clone().autodiff();` for `&B::Device`). Everything the fn builds from that device —
    the model, the inputs, the optimizer state — then records the graph as it did in 0.21.
    Calls that 0.21 made on the inner backend with the same device
    (`Batcher::<B::InnerBackend>::new(device.clone())`, `evaluate::<B::InnerBackend>(.., &device)`,
    or `evaluate(&model.valid(), .., &device)`, whose backend the valid model fixed by inference)
    get the plain device instead: `device.clone().inner()`; in a fn that is not the sink the
    inferred ones get it in a change of their own (safe: `inner()` leaves a plain device as it is).

Why:
    0.21 chose autodiff by the type (`B: AutodiffBackend`, `Autodiff<Wgpu>`); 0.22 chooses it by
    the device value. Erasing the type without making the device autodiff compiles and then
    fails at run time in `backward()` (or silently trains nothing) — pitfalls 1 and 11.

Example:
    before: pub fn train<B: AutodiffBackend>(device: B::Device) { let m = Model::<B>::new(&device); .. }
    after:  pub fn train(device: Device) { let device = device.autodiff(); let m = Model::new(&device); .. }

Fix safety:
    review: anything else built from the device now records the graph; evaluation and
    validation data belong on the plain device (pitfalls 13 and 16: inference on an autodiff
    device keeps the graph and Dropout). Safe where the fn hands its device only to calls that
    build tensors and modules and names nothing 0.21 may have put on the inner backend by
    inference (loaders, batchers, learners, evaluators, valid models, records: `graph_only`):
    everything it builds was on the autodiff backend in 0.21 too.

Reproduction check:
    a training step on the migrated code: without the change `backward()` panics ("no autodiff
    on this device") or gradients are `None` (pitfall 11); with it the step runs.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check, Edit, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import insert_statements
from burnmigrate.rust.syntax import descendants, enclosing, named_args, required_child, text

from ._autodiff import autodiff_sink, device_param, graph_only, inference_only
from ._callees import called_item


class AutodiffDevice(SourceRule):
    id = "autodiff-device"
    name = "make the device autodiff where an autodiff backend was erased"
    pitfalls = (1, 11)
    guide = "R11"
    safety = Safety.REVIEW
    triggers = (b"AutodiffBackend",)
    check = Check("a training step: `backward()` needs an autodiff device; without `.autodiff()` gradients are None",
                  None, ())

    def applies(self, ctx: FileContext) -> bool:
        return b"AutodiffBackend" in ctx.src or (bool(ctx.index.autodiff_extension_traits)
                                                 and ctx.mentions_any(ctx.index.autodiff_extension_traits))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for fn in ctx.nodes("function_item"):
            params = ctx.scope.params_of(fn)
            for p in params.values():
                if not p.autodiff or p.extension:
                    continue
                sink = autodiff_sink(ctx, fn, p.name)
                if sink is None and (dp := device_param(ctx, fn, p.name)) is not None \
                        and inference_only(ctx, fn, p.name) is None:
                    # not the sink: its device arrives autodiff (or is made so further in); the calls
                    # 0.21 made on the inner backend with it still get the plain one (a no-op on a plain device)
                    body = fn.child_by_field_name("body")
                    inner = self._inner_uses(ctx, body, p.name, dp[1], dp[2], explicit=False) if body is not None else []
                    if inner:
                        out.append(self.change(fn.child_by_field_name("name") or fn,
                                               f"{len(inner)} call(s) 0.21 made on the inner backend get "
                                               f"`{dp[1]}.clone().inner()`", inner, safety=Safety.SAFE))
                    out.extend(self._likely(ctx, fn, body, p.name, dp[1], dp[2]))
                    continue
                if sink is None or inference_only(ctx, fn, p.name) is not None:
                    continue   # a forward-only fn gets the plain device instead (valid-for-inference)
                _, name, by_ref = sink
                body = fn.child_by_field_name("body")
                if body is None or f"{name}.autodiff()" in text(body) or f"{name}.clone().autodiff()" in text(body):
                    continue
                line = (f"let {name} = &{name}.clone().autodiff();" if by_ref else f"let {name} = {name}.autodiff();")
                edit = insert_statements(ctx.src, fn, [line])
                assert edit is not None   # (the fn has its body)
                inner = self._inner_uses(ctx, body, p.name, name, by_ref)
                out.extend(self._likely(ctx, fn, body, p.name, name, by_ref))
                message = (f"`{text(fn.child_by_field_name('name'))}` was generic over an autodiff backend: make `{name}` an autodiff device"
                           + (f"; {len(inner)} inner-backend use(s) get `{name}.clone().inner()`" if inner else ""))
                if not inner and graph_only(ctx, fn, name):   # everything it builds was the autodiff backend's in 0.21
                    out.append(self.change(fn.child_by_field_name("name") or fn, message + " (it builds only tensors and "
                                           "modules from it, as 0.21's autodiff type did)", [edit], safety=Safety.SAFE))
                    continue
                out.append(self.change(fn.child_by_field_name("name") or fn, message, [edit] + inner,
                                       reason="check that everything built from this device should record gradients: "
                                              "evaluation and validation data belong on the plain device "
                                              f"(`{name}.clone().inner()`, pitfalls 13, 16)."))
        return out

    def _likely(self, ctx: FileContext, fn, body, backend: str, name: str, by_ref: bool) -> list[Change]:
        """A call whose argument 0.21 had on the inner backend and whose callee is not resolved
        here (`Evaluator::new(inner_model, device.clone())`): the plain device, for a person to confirm."""
        edits = self._inner_uses(ctx, body, backend, name, by_ref, explicit=False, want="likely") if body is not None else []
        return [self.change(fn.child_by_field_name("name") or fn,
                            f"{len(edits)} call(s) given a value 0.21 had on the inner backend get `{name}.clone().inner()`",
                            edits, safety=Safety.REVIEW,
                            reason="an argument of these calls was on the inner backend in 0.21 (a valid model, or a value "
                                   "built `::<B::InnerBackend>`), so the callee's backend was probably inferred as the inner "
                                   "one and the call ran off the graph; with the autodiff device it would record one (and "
                                   "BatchNorm / Dropout take their training path). Keep the plain device unless the callee "
                                   "takes the autodiff one on purpose.")] if edits else []

    @staticmethod
    def _inner_uses(ctx: FileContext, body, backend: str, name: str, by_ref: bool, explicit: bool = True,
                    want: str = "sure") -> list[Edit]:
        """Calls that 0.21 made on the inner backend (`X::<B::InnerBackend>::new(device.clone())`,
        `evaluate::<B::InnerBackend>(.., &device)`, or `evaluate(&model.valid(), .., &device)`,
        whose backend the valid model fixed) get the plain device: `device.clone().inner()`
        (borrowed where the argument was: `&device`, or `device` when the fn got a reference)."""
        out: list[Edit] = []
        inner_arg = re.compile(rf"(?:\b{re.escape(backend)}|<{re.escape(backend)} as \w+>)::InnerBackend\b")
        for call in ctx.nodes("call_expression"):
            if not (body.start_byte <= call.start_byte and call.end_byte <= body.end_byte):
                continue
            fn = call.child_by_field_name("function")
            if fn is None:
                continue
            generic = None
            if fn.type == "generic_function":
                generic = fn.child_by_field_name("type_arguments")
            elif fn.type == "scoped_identifier":
                path = fn.child_by_field_name("path")
                if path is not None and path.type == "generic_type":
                    generic = path.child_by_field_name("type_arguments")
            # (outside the sink backend-turbofish gives `f::<B::InnerBackend>(..)` the plain device itself)
            how = "sure" if explicit and generic is not None and inner_arg.search(text(generic)) else _inferred_inner(ctx, call)
            if not how or how != want:
                continue
            for a in named_args(required_child(call, "arguments")):
                t = text(a)
                if t == f"{name}.clone()" or (t == name and not by_ref):
                    out.append(Edit(a.start_byte, a.end_byte, f"{name}.clone().inner()"))
                elif t == f"&{name}" or t == name:
                    out.append(Edit(a.start_byte, a.end_byte, f"&{name}.clone().inner()"))
        return out


def _binds(let, name: str) -> bool:
    """Does the `let`'s pattern bind `name` (`let m`, `let (m, _)`, `let Some(m)`)?"""
    pat = let.child_by_field_name("pattern")
    return pat is not None and any(i.type == "identifier" and text(i) == name for i in (pat, *descendants(pat)))


def _inner_values(call) -> list[int]:
    """The positions of `call`'s arguments whose value 0.21 had on the inner backend: a valid
    model (`model.valid()`) or a local made so (`let m = model.valid();`, `let (m, _) =
    load::<B::InnerBackend>(..)?;`)."""
    caller = enclosing(call, ("function_item",))
    out = []
    for k, a in enumerate(named_args(required_child(call, "arguments"))):
        inner = a.child_by_field_name("value") if a.type == "reference_expression" else a
        made = ""
        if caller is not None and inner is not None and inner.type == "identifier":
            lets = [n for n in descendants(caller) if n.type == "let_declaration" and n.end_byte <= call.start_byte
                    and _binds(n, text(inner))]
            made = text(lets[-1].child_by_field_name("value") or lets[-1]) if lets else ""
        if _VALID.search(text(a)) or _VALID.search(made) or _INNER.search(made):
            out.append(k)
    return out


def _inferred_inner(ctx: FileContext, call) -> str:
    """'sure' for `evaluate(&model.clone().valid(), .., &device)` (or a local of a valid model, or
    of a value built `::<B::InnerBackend>`) calling a fn of this file generic over a backend
    whose parameter at that argument names that backend: 0.21 inferred the inner backend from it,
    so the call ran there; 'likely' for such an argument to a callee not resolved here
    (`Evaluator::new(inner_model, device.clone())`); '' otherwise."""
    at = _inner_values(call)
    if not at:
        return ""
    item = called_item(ctx, call)
    if item is None:
        f = call.child_by_field_name("function")
        return "likely" if f is not None and f.type == "scoped_identifier" else ""
    backends = [p.name for p in ctx.scope.params_of(item).values() if not p.extension]
    params = [p for p in named_args(required_child(item, "parameters")) if p.type == "parameter"]
    for k in at:
        ty = text(params[k].child_by_field_name("type") or params[k]) if k < len(params) else ""
        if any(re.search(rf"\b{re.escape(b)}\b", ty) for b in backends):
            return "sure"
    return ""


_VALID = re.compile(r"\.valid\(\s*\)")
_INNER = re.compile(r"::\s*<[^;]*\bInnerBackend\b")
