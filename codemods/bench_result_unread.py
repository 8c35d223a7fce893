"""bench-result-unread — a benchmark whose tensor result is never read (pitfall 23).

What it does:
    In a benchmark (a file under `benches/`, or a closure given to `b.iter(..)` /
    `bencher.iter(..)`), reports a closure whose last value is a tensor expression (or a
    `let _ = ..` of one) with nothing that waits for the device (`into_data`, `sync`,
    `into_scalar`, `black_box`).

Why:
    burn queues the work: a benchmark that never reads its result measures the enqueueing, and
    independent computations may fuse or be skipped (pitfall 23). Read the result
    (`.into_data()`) or `device.sync()` inside the timed closure.

Example:
    b.iter(|| x.clone().matmul(w.clone()))
    → finding: "`.into_data()` on the result (or `device.sync()`) inside the closure".

Fix safety:
    finding only.

Reproduction check:
    the benchmark with and without `.into_data()`: a time that does not grow with the size, then one that does.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import receiver, text

_READ = re.compile(r"\.into_data\(|\.to_data\(|\.sync\(|\.into_scalar|black_box|try_into_data|\.into_vec|\.to_vec")
_TENSOR = re.compile(r"\.(?:matmul|forward|sum|mean|exp|log|add|mul|sub|div|conv\w*|cat|reshape|softmax|relu|clone)\s*\(|Tensor::")
_BENCHER = re.compile(rb"b(?<![\w.:]b)(?:ench(?:er)?)?\b")   # (the literal first: a fast scan)


class BenchResultUnread(FindingRule):
    id = "bench-result-unread"
    name = "a benchmark that never reads its tensor result"
    pitfalls = (23,)
    guide = "R28"
    triggers = (b".iter(",)
    check = Check("with and without `.into_data()`: a time flat in the size, then one that grows", "cargo bench", ())

    def applies(self, ctx: FileContext) -> bool:
        # a bench file, or a receiver named like a bencher (what `run` needs): no parse otherwise
        return super().applies(ctx) and ("benches/" in "/" + ctx.path or _BENCHER.search(ctx.src) is not None)

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        in_benches = "benches/" in ("/" + ctx.path)
        for call, field, args in ctx.method_calls("iter", 1):
            recv = text(receiver(call))
            if not (in_benches or recv in ("b", "bencher", "bench")) or args[0].type != "closure_expression":
                continue
            body = text(args[0].child_by_field_name("body"))
            if _READ.search(body) or not _TENSOR.search(body):
                continue
            out.append(self.finding(args[0], "the benchmark's tensor result is never read: it times the enqueueing",
                                    "burn queues device work; read the result (`.into_data()`) or `device.sync()` "
                                    "inside the timed closure, else independent work may fuse or be skipped (pitfall "
                                    "23)"))
        return out
