"""autodiff-device — autodiff is a property of the device: make it where the device arrives (R11).

What it does:
    For a fn that was generic over an autodiff backend (`fn train<B: AutodiffBackend>(device:
    B::Device)`) and hands the device to no other autodiff fn (it is the sink), inserts, as the
    first statement, `let device = device.autodiff();` (or `let device =
    &device.clone().autodiff();` for `&B::Device`). Everything the fn builds from that device —
    the model, the inputs, the optimizer state — then records the graph as it did in 0.21.

Why:
    0.21 chose autodiff by the type (`B: AutodiffBackend`, `Autodiff<Wgpu>`); 0.22 chooses it by
    the device value. Erasing the type without making the device autodiff compiles and then
    fails at run time in `backward()` (or silently trains nothing) — pitfalls 1 and 11.

Example:
    before: pub fn train<B: AutodiffBackend>(device: B::Device) { let m = Model::<B>::new(&device); .. }
    after:  pub fn train(device: Device) { let device = device.autodiff(); let m = Model::new(&device); .. }

Fix safety:
    review: what 0.21 built on `B::InnerBackend` from the same device (a validation batcher,
    `valid()` evaluation) now receives the autodiff device — pass `device.clone().inner()` there
    (pitfalls 13 and 16: inference on an autodiff device keeps the graph and Dropout).

Reproduction check:
    a training step on the migrated code: without the change `backward()` panics ("no autodiff
    on this device") or gradients are `None` (pitfall 11); with it the step runs.
"""
from __future__ import annotations

from burnmigrate.changes import REVIEW, Change, Check
from burnmigrate.edits import Edit
from burnmigrate.rule import FileContext, Rule
from burnmigrate.syntax import indentation, named_args, text

from ._autodiff import autodiff_sink


class AutodiffDevice(Rule):
    id = "autodiff-device"
    name = "make the device autodiff where an autodiff backend was erased"
    pitfalls = (1, 11)
    guide = "R11"
    safety = REVIEW
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
                if sink is None:
                    continue
                _, name, by_ref = sink
                body = fn.child_by_field_name("body")
                if body is None or f"{name}.autodiff()" in text(body) or f"{name}.clone().autodiff()" in text(body):
                    continue
                stmts = named_args(body)
                line = (f"let {name} = &{name}.clone().autodiff();" if by_ref else f"let {name} = {name}.autodiff();")
                if stmts:
                    first = stmts[0]
                    indent = indentation(ctx.src, first.start_byte)
                    same_line = ctx.src.rfind(b"\n", 0, first.start_byte) < body.start_byte
                    if same_line:  # `fn f() { body }` on one line
                        edit = Edit(first.start_byte, first.start_byte, line + " ")
                    else:
                        edit = Edit(first.start_byte, first.start_byte, line + "\n" + indent)
                else:
                    indent = indentation(ctx.src, fn.start_byte) + "    "
                    edit = Edit(body.start_byte + 1, body.start_byte + 1, "\n" + indent + line)
                out.append(self.change(fn.child_by_field_name("name") or fn,
                                       f"`{text(fn.child_by_field_name('name'))}` was generic over an autodiff backend: make `{name}` an autodiff device",
                                       [edit],
                                       reason="what 0.21 built on `B::InnerBackend` from this device (a validation batcher, "
                                              "`valid()` evaluation) now gets the autodiff device: pass "
                                              f"`{name}.clone().inner()` there (pitfalls 13, 16)."))
        return out
