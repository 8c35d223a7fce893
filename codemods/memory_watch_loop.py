"""memory-watch-loop — a loop that watches device memory and never frees the pool (pitfall 25).

What it does:
    Reports a loop that reads device memory (`memory_usage()`, `memory_static_allocations`,
    `nvidia-smi`, `sysinfo` memory) while tensors are made in it, when the fn never calls
    `device.memory_cleanup()`.

Why:
    Dropped tensors go back to CubeCL's memory pool, not to the driver: the memory a monitor
    sees does not go down (pitfall 25). `device.memory_cleanup()` releases the pool's free
    pages where the number matters (between phases, before measuring).

Example:
    for step in 0..n { let y = model.forward(x.clone()); log(device.memory_usage()); }
    → finding: "`device.memory_cleanup()` before reading memory".

Fix safety:
    finding only.

Reproduction check:
    a loop that drops its tensors: the reported device memory stays high, and drops after
    `memory_cleanup()`.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import enclosing, text

from ._findings import LOOPS

_WATCH = re.compile(r"memory_usage\s*\(|memory_static_allocations|nvidia-smi|used_memory\s*\(|MemoryUsage")
_MAKES = re.compile(r"Tensor::|\.forward\(|\.matmul\(|\.clone\(\)")


class MemoryWatchLoop(FindingRule):
    id = "memory-watch-loop"
    name = "a loop watching device memory without memory_cleanup"
    pitfalls = (25,)
    guide = "R6"
    triggers = (b"memory_usage", b"nvidia-smi", b"used_memory", b"memory_static_allocations", b"MemoryUsage")
    check = Check("a loop dropping its tensors: the memory reading stays high until `memory_cleanup()`", "cargo run", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for loop in ctx.nodes(*LOOPS):
            body = text(loop.child_by_field_name("body"))
            if not _WATCH.search(body) or not _MAKES.search(body):
                continue
            fn = enclosing(loop)
            if fn is not None and "memory_cleanup" in text(fn):
                continue
            out.append(self.finding(loop, "this loop reads device memory but never frees the pool: dropped tensors' "
                                          "memory stays reserved",
                                    "CubeCL keeps freed memory in its pool: the reading does not go down after a drop "
                                    "(pitfall 25); `device.memory_cleanup()` before reading where the number matters"))
        return out
