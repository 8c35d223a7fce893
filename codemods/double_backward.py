"""double-backward — a second `backward` on the same graph (pitfall 12).

What it does:
    In one fn, reports `x.backward()` called twice on the same `x`, or inside a loop on a value
    computed before the loop (each iteration reuses the consumed tape).

Why:
    `backward` consumes the graph's tape: a second call on the same graph panics with "graph
    tape has already been consumed" (pitfall 12). Recompute the loss in the loop, `detach` what
    must not be differentiated again, or sum the losses and call `backward` once.

Example:
    let loss = model.forward(x).sum();
    for _ in 0..3 { let grads = loss.backward(); .. }
    → finding: "the loss is computed once, outside the loop".

Fix safety:
    finding only (summing losses changes the gradients).

Reproduction check:
    `cargo test`: "graph tape has already been consumed" at the second `backward`.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import enclosing, receiver, text

from ._findings import in_loop


class DoubleBackward(FindingRule):
    id = "double-backward"
    name = "backward twice on one graph"
    pitfalls = (12,)
    guide = "R11"
    triggers = (b".backward()",)
    check = Check("`cargo test`: \"graph tape has already been consumed\" at the second backward", "cargo test", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        seen: dict[tuple[int, str], int] = {}
        for call, field, args in ctx.method_calls("backward", 0):
            recv = receiver(call)
            if recv is None or recv.type != "identifier":
                continue
            name = text(recv)
            fn = enclosing(call)
            if fn is None:
                continue
            key = (fn.id, name)
            loop = in_loop(call, fn)
            if loop is not None:
                body = loop.child_by_field_name("body")
                pattern = loop.child_by_field_name("pattern")
                in_pattern = pattern is not None and re.search(rf"\b{re.escape(name)}\b", text(pattern))
                defined_inside = in_pattern or (body is not None and re.search(rf"\blet\s+(?:mut\s+)?{re.escape(name)}\b|\b{re.escape(name)}\s*=[^=]",
                                                                text(body)))
                if not defined_inside:
                    out.append(self.finding(call, f"`{name}.backward()` in a loop on a value computed before it: the "
                                                  "second iteration finds the tape consumed",
                                            "recompute the loss inside the loop (forward pass included), or call "
                                            "`backward` once (pitfall 12)"))
                    continue
            if key in seen and loop is None and not re.search(
                    rf"\blet\s+(?:mut\s+)?{re.escape(name)}\b|\b{re.escape(name)}\s*=[^=]",
                    ctx.src[seen[key]:call.start_byte].decode("utf-8", "replace")):
                out.append(self.finding(call, f"a second `{name}.backward()` in this fn: the first consumed the graph's tape",
                                        "sum the losses and call `backward` once, or recompute the second loss "
                                        "(pitfall 12)"))
            seen[key] = call.end_byte
        return out
