"""timing-without-sync — a clock read after tensor work that was never synchronised (pitfall 21).

What it does:
    In one fn, reports `t.elapsed()` (of a `let t = Instant::now()`) when tensor work happens
    between the two and nothing waits for the device before the read (`.sync()`,
    `.into_data()`, `.to_data()`, `.into_scalar`, `try_into_data`).

Why:
    burn's ops are queued: the clock measures the enqueueing, not the work; the first run also
    includes autotune (pitfall 21). Sync the device before reading the clock, and warm up once.

Example:
    let start = Instant::now();  let y = x.matmul(w);  println!("{:?}", start.elapsed());
    → finding: "`device.sync()` before `elapsed()`".

Fix safety:
    finding only.

Reproduction check:
    time a large matmul with and without `device.sync()` before `elapsed()`: microseconds vs the
    real duration.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.uses import without_comments_and_strings

from ._findings import fn_bodies

_START = re.compile(r"let\s+(?:mut\s+)?(\w+)\s*=\s*(?:std::time::)?Instant::now\(\)")
_TENSOR_WORK = re.compile(r"\.(?:forward|matmul|backward|step|sum|mean|exp|log|add|mul|sub|div|conv\w*|cat|reshape|"
                          r"swap_dims|transpose|softmax|relu|sigmoid)\s*\(|Tensor::")
_SYNCED = re.compile(r"\.sync\(\)|\.into_data\(\)|\.to_data\(\)|\.into_scalar|try_into_data|\.into_vec|into_data_async")


class TimingWithoutSync(FindingRule):
    id = "timing-without-sync"
    name = "a clock read over unsynchronised tensor work"
    pitfalls = (21,)
    guide = "R28"
    triggers = (b"Instant::now",)
    check = Check("timing a big matmul: microseconds without `device.sync()` before `elapsed()`, the real time with it",
                  "cargo run --release", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        if not _burn_work_here(ctx):
            return out
        for fn, body, raw in fn_bodies(ctx):
            # (a clock in a comment, `//eprintln!("{:?}", t.elapsed());`, is no clock; byte lengths kept)
            src = without_comments_and_strings(raw.encode("utf-8")).decode("utf-8")
            for m in _START.finditer(src):
                name = m.group(1)
                for e in re.finditer(rf"\b{re.escape(name)}\.elapsed\(\)", src[m.end():]):
                    between = src[m.end():m.end() + e.start()]
                    if not _TENSOR_WORK.search(between) or _SYNCED.search(between):
                        break
                    at = body.start_byte + len(src[:m.end() + e.start()].encode("utf-8"))
                    out.append(self.finding((at, at + len(e.group(0))),
                                            f"`{name}.elapsed()` after tensor work nothing waited for: the clock measures "
                                            "the enqueueing",
                                            "ops are queued on the device: `device.sync()` (or a read such as "
                                            "`into_data`) before `elapsed()`, and a warm-up run first (autotune, pitfall "
                                            "21)"))
                    break
        return out


def _burn_work_here(ctx: FileContext) -> bool:
    """Can the file's code run burn tensor work at all: does it name burn, a tensor, or one of the
    project's modules? (A physics integrator's `state.step(..)` or an iterator's `.sum()` in a
    file that does neither queues nothing on a device: reading 34.)"""
    return b"burn" in ctx.src or b"Tensor" in ctx.src or any(
        t.encode() in ctx.src for t in ctx.index.module_types)
