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
    device keeps the graph and Dropout).

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
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import enclosing, named_args, required_child, text

from ._autodiff import autodiff_sink, device_param, inference_only
from ._device_values import called_item


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
                out.append(self.change(fn.child_by_field_name("name") or fn,
                                       f"`{text(fn.child_by_field_name('name'))}` was generic over an autodiff backend: make `{name}` an autodiff device"
                                       + (f"; {len(inner)} inner-backend use(s) get `{name}.clone().inner()`" if inner else ""),
                                       [edit] + inner,
                                       reason="check that everything built from this device should record gradients: "
                                              "evaluation and validation data belong on the plain device "
                                              f"(`{name}.clone().inner()`, pitfalls 13, 16)."))
        return out

    @staticmethod
    def _inner_uses(ctx: FileContext, body, backend: str, name: str, by_ref: bool, explicit: bool = True) -> list[Edit]:
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
            if not (explicit and generic is not None and inner_arg.search(text(generic))) and not _inferred_inner(ctx, call):
                continue
            for a in named_args(required_child(call, "arguments")):
                t = text(a)
                if t == f"{name}.clone()" or (t == name and not by_ref):
                    out.append(Edit(a.start_byte, a.end_byte, f"{name}.clone().inner()"))
                elif t == f"&{name}" or t == name:
                    out.append(Edit(a.start_byte, a.end_byte, f"&{name}.clone().inner()"))
        return out


def _inferred_inner(ctx: FileContext, call) -> bool:
    """`evaluate(&model.clone().valid(), .., &device)` (or a local `let m = model.valid();` passed
    as `&m`) calling a fn of this file generic over a
    backend whose parameter at the `.valid()` argument names that backend: 0.21 inferred the
    inner backend from the model (`valid()` returns `Self::InnerModule`), so the call ran on it."""
    item = called_item(ctx, call)
    if item is None:
        return False
    backends = [p.name for p in ctx.scope.params_of(item).values() if not p.extension]
    params = [p for p in named_args(required_child(item, "parameters")) if p.type == "parameter"]
    caller = enclosing(call, ("function_item",))
    for k, a in enumerate(named_args(required_child(call, "arguments"))):
        inner = a.child_by_field_name("value") if a.type == "reference_expression" else a
        let = local_binding(caller, text(inner), inner) if caller is not None and inner is not None \
            and inner.type == "identifier" else None
        made = text(let.child_by_field_name("value") or let) if let is not None and let.type == "let_declaration" else ""
        if k < len(params) and (_VALID.search(text(a)) or _VALID.search(made)):
            ty = text(params[k].child_by_field_name("type") or params[k])
            if any(re.search(rf"\b{re.escape(b)}\b", ty) for b in backends):
                return True
    return False


_VALID = re.compile(r"\.valid\(\s*\)")
