"""grad-unwrap — `.grad(&x)` unwrapped: when it is `None`, the chapter's checklist (pitfall 11).

What it does:
    Reports `.grad(&x).unwrap()` / `.expect(..)` (and `grad_remove`) when the fn shows one of
    pitfall 11's causes, with the chapter's causes as a checklist, the shown ones marked: the fn
    calls `.valid()` (inference mode: no graph), a tensor built in the fn is never
    `require_grad()`-ed, the gradients were converted (`GradientsParams::from_grads`) before the
    read. (`detach` keeps `require_grad`, so it is not a cause by itself.)

Why:
    `grad` returns `None` when the tensor took no part in a tracked graph; an `unwrap` there is a
    panic whose cause is elsewhere (pitfall 11 lists nine). A device without `.autodiff()` is the
    0.22 one (R11).

Example:
    let grads = loss.backward();  let g = x.grad(&grads).unwrap();
    → finding: "None when: x not require_grad-ed; .. (marked: `x` is built here without `require_grad()`)".

Fix safety:
    finding only.

Reproduction check:
    `cargo test` of the fn: "called `Option::unwrap()` on a `None` value" when a marked cause holds.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import enclosing, receiver, text

_CHECKLIST = ("the tensor was never `require_grad()`-ed (a parameter is; a tensor built in code is not)",
              "it comes from `.detach()` or from a module after `.valid()`",
              "its device is not an autodiff device (`device.autodiff()`, R11)",
              "the loss does not depend on it (a branch not taken, an integer op, `argmax`)",
              "`backward` was taken on another graph (a clone made before `require_grad`)",
              "the gradients were consumed (`GradientsParams::from_grads`) or the param removed before the read",
              "the module was moved with `to_device` instead of `fork` (pitfall 15)",
              "the read is on the inner (non-autodiff) value",
              "a second `backward` on the same graph (pitfall 12)")


class GradUnwrap(FindingRule):
    id = "grad-unwrap"
    name = "a gradient read that panics when it is None"
    pitfalls = (11,)
    guide = "R11"
    triggers = (b".grad(", b".grad_remove(")
    check = Check("`cargo test`: \"called `Option::unwrap()` on a `None` value\" at the read when a cause holds",
                  "cargo test", ())

    def applies(self, ctx: FileContext) -> bool:
        # a gradient read, unwrapped (what `run` reports)
        return super().applies(ctx) and (b"unwrap" in ctx.src or b"expect" in ctx.src)

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for name in ("grad", "grad_remove"):
            for call, field, args in ctx.method_calls(name, 1):
                parent = call.parent
                nxt = text(parent.child_by_field_name("field")) if parent is not None and parent.type == "field_expression" else ""
                if nxt not in ("unwrap", "expect"):
                    continue
                fn = enclosing(call)
                body = text(fn) if fn is not None else ""
                x = text(receiver(call))
                marked = []
                if ".valid()" in body:   # (`detach` keeps `require_grad`: not a cause by itself)
                    marked.append(1)
                if re.search(rf"\blet\s+(?:mut\s+)?{re.escape(x)}\b[^;]*Tensor(?:::<[^>]*>)?::\w+\(", body) and \
                        not re.search(rf"{re.escape(x)}\b[^;]*\.require_grad\(\)|require_grad\(\)[^;]*;\s*$", body) and \
                        "require_grad" not in body:
                    marked.append(0)
                if "from_grads" in body and body.find("from_grads") < body.find(text(call)):
                    marked.append(5)
                if not marked:
                    continue   # nothing here shows a cause: an unwrap of a tracked gradient is sound
                items = "; ".join(("[x] " if i in marked else "[ ] ") + c for i, c in enumerate(_CHECKLIST))
                shown = ", ".join(_CHECKLIST[i].split(" (")[0] for i in sorted(set(marked)))
                out.append(self.finding(call, f"`{x}.{name}(..)` unwrapped: it is `None` when the tensor had no tracked "
                                              "graph" + (f" — this fn shows: {shown}" if shown else ""),
                                        "pitfall 11's causes: " + items + ". (In 0.22.1, when nothing the loss depends "
                                        "on is tracked, `backward` itself panics first: \"Tensor::backward requires a "
                                        "tracked autodiff tensor\".)"))
        return out
