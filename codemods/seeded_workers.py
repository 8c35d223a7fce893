"""seeded-workers — a seeded, shuffled dataloader with several workers (pitfall 20).

What it does:
    Reports a `DataLoaderBuilder` chain with `.shuffle(..)` and `.num_workers(n)` (n not a
    literal 1) in a crate file that seeds for reproducibility (`.seed(..)` on a device or
    backend, a `seed` config field).

Why:
    With several workers, batches come back in the order the workers finish: the same seed
    gives a different batch order from run to run (pitfall 20). One worker (or a
    deterministic sampler) makes the order reproducible.

Example:
    DataLoaderBuilder::new(b).shuffle(config.seed).num_workers(4).build(ds)
    → finding: "`num_workers(1)` where the order must repeat".

Fix safety:
    finding only (one worker is slower).

Reproduction check:
    two runs with the same seed: the first batches differ with 4 workers, match with 1.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text


class SeededWorkers(FindingRule):
    id = "seeded-workers"
    name = "seeded shuffle with several dataloader workers"
    pitfalls = (20,)
    guide = "R14"
    triggers = (b"num_workers",)
    check = Check("two runs with one seed: different first batches with several workers, the same with one",
                  "cargo run (twice)", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        if not re.search(rb"\.seed\(|\bseed\b", ctx.src):
            return out
        for call, field, args in ctx.method_calls("num_workers", 1):
            if text(args[0]).strip() in ("1", "1usize", "0"):
                continue
            chain, cur = [], call
            while cur is not None and cur.type in ("call_expression", "field_expression"):
                chain.append(text(cur))
                cur = cur.parent
            whole = chain[-1] if chain else text(call)
            if ".shuffle(" not in whole or "DataLoaderBuilder" not in whole:
                continue
            out.append(self.finding(call, f"`.num_workers({text(args[0])})` with a seeded `.shuffle(..)`: the batch order "
                                          "depends on which worker finishes first",
                                    "batches come back in completion order, so one seed gives different orders from run "
                                    "to run (pitfall 20); `num_workers(1)` where the order must repeat"))
        return out
