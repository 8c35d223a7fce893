"""discrete-gpu-index — `DiscreteGpu(n)` names a GPU that machines like Apple silicon do not have (pitfall 7).

What it does:
    Reports `DeviceKind::DiscreteGpu(n)` / `WgpuDevice::DiscreteGpu(n)` (and `IntegratedGpu(n)`
    with n > 0), with `DeviceKind::DefaultDevice` as the portable choice.

Why:
    A Mac (Metal) and most laptops have no discrete adapter: the device thread panics with "No
    Discrete GPU device found" and the main thread only sees `RecvError` on its next call
    (pitfall 7). `DefaultDevice` picks the high-power adapter where there is one.

Example:
    let device = Device::wgpu(DeviceKind::DiscreteGpu(0));
    → finding: "`DeviceKind::DefaultDevice` where any GPU will do; `Device::enumerate(..)` to choose one".

Fix safety:
    finding only: a machine with two GPUs may mean this one.

Reproduction check:
    on a machine without a discrete GPU: "No Discrete GPU device found" in the device thread and
    `RecvError` on the main thread; with `DefaultDevice` the program runs.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import named_args, required_child, text

from ._callees import burns


class DiscreteGpuIndex(FindingRule):
    id = "discrete-gpu-index"
    name = "DiscreteGpu(n) where a machine may have none"
    pitfalls = (7,)
    guide = "R18"
    triggers = (b"DiscreteGpu", b"IntegratedGpu")
    check = Check("on a machine without a discrete GPU: a panic in the device thread, `RecvError` in the main one",
                  "cargo run (on such a machine)", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        multi = {m.group(1) for m in re.finditer(rb"DiscreteGpu\s*\(\s*(\d+)", ctx.src)}
        if len(multi) > 1:
            return out   # two GPU indices: code written for a multi-GPU machine on purpose
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "scoped_identifier":
                continue
            variant = text(fn.child_by_field_name("name"))
            owner = text(fn.child_by_field_name("path")).rsplit("::", 1)[-1]
            if owner not in ("DeviceKind", "WgpuDevice") or variant not in ("DiscreteGpu", "IntegratedGpu"):
                continue
            if owner == "WgpuDevice" and not burns(ctx, required_child(fn, "path")):
                continue   # cubecl's own `WgpuDevice`: not a burn device (and not burn's advice)
            args = named_args(required_child(call, "arguments"))
            if variant == "IntegratedGpu" and args and re.fullmatch(r"0|0usize", text(args[0])):
                continue   # the first integrated GPU: what laptops have
            out.append(self.finding(call, f"`{text(call)}` fails where the machine "
                                          "has no such adapter: `DeviceKind::DefaultDevice` where any GPU will do",
                                    "a Mac (Metal) or a laptop has no discrete GPU: the device thread panics (\"No "
                                    "Discrete GPU device found\") and the main thread sees `RecvError` on its next "
                                    "call (pitfall 7); `DefaultDevice` picks the high-power adapter where there is "
                                    "one, `Device::enumerate(DeviceType::Wgpu)` lists what the machine has"))
        return out
