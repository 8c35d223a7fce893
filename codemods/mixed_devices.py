"""mixed-devices — one fn builds tensors on a default device and on an explicit one (pitfalls 5, 6).

What it does:
    In one fn, reports a `Device::default()` (or a `Default::default()` device) next to an
    explicit device constructor (`Device::wgpu(DeviceKind::DiscreteGpu(..))`, `Device::metal(..)`,
    `Device::cuda(..)` …) — and `Tensor::cat` / `Tensor::stack` in a fn that builds two device
    values: tensors from both meet in one op.

Why:
    `Device::default()` picks a device by the enabled features (and `BURN_DEVICE`); an explicit
    constructor names another: tensors on the two fail with "The provided tensors are not on
    the same device" (pitfall 5), and a `cat` / `stack` over them panics at the read, between
    two Cube devices only (pitfall 6). Build both from one device value.

Example:
    let a = Tensor::<1>::ones([2], &Device::default());
    let b = Tensor::<1>::ones([2], &Device::wgpu(DeviceKind::DiscreteGpu(0)));
    Tensor::cat(vec![a, b], 0)
    → findings at the default device and at the `cat`.

Fix safety:
    finding only.

Reproduction check:
    run on a machine where the default device is not the explicit one: "not on the same device".
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text

from ._findings import fn_bodies

_EXPLICIT = re.compile(r"\bDevice::(wgpu|metal|vulkan|webgpu|cuda|rocm|cpu|flex|ndarray|libtorch)\s*\(([^()]*(?:\([^()]*\))?[^()]*)\)")
_DEFAULT = re.compile(r"\bDevice::default\(\)|(?<![\w:])Default::default\(\)")


class MixedDevices(FindingRule):
    id = "mixed-devices"
    name = "a default device and an explicit one in one fn"
    pitfalls = (5, 6)
    guide = "R12"
    triggers = (b"Device::",)
    check = Check("run where the default device differs from the explicit one: \"not on the same device\"",
                  "cargo run", ())

    def applies(self, ctx: FileContext) -> bool:
        # an explicit constructor and a default device (`Device::default()` or `Default::default()`)
        return super().applies(ctx) and b"default()" in ctx.src

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for fn, body, src in fn_bodies(ctx):
            explicit = {m.group(0) for m in _EXPLICIT.finditer(src) if "DefaultDevice" not in m.group(2)}
            defaults = list(_DEFAULT.finditer(src))
            if not explicit or not defaults:
                continue
            if "Device::default()" not in src and not re.search(r"let\s+\w+\s*:\s*Device\s*=\s*Default::default\(\)", src):
                continue   # a bare `Default::default()` that is not a device
            ret = fn.child_by_field_name("return_type")
            if ret is not None and text(ret).split("::")[-1] == "Device" and "Tensor" not in src:
                continue   # a fn that picks one device and returns it (`select_device(choice) -> Device`): no tensors meet
            m = defaults[0]
            start = body.start_byte + len(src[:m.start()].encode("utf-8"))
            out.append(self.finding((start, start + len(m.group(0))),
                                    f"a default device beside `{sorted(explicit)[0]}` in this fn: tensors from the two "
                                    "meet as \"not on the same device\"",
                                    "`Device::default()` picks by the enabled features (and `BURN_DEVICE`), the explicit "
                                    "constructor names its own device; make one device value and pass it (pitfall 5)"))
            for call in ctx.nodes("call_expression"):
                if not (body.start_byte <= call.start_byte < body.end_byte):
                    continue
                f = call.child_by_field_name("function")
                if f is not None and f.type == "scoped_identifier" and text(f.child_by_field_name("name")) in ("cat", "stack") \
                        and text(f.child_by_field_name("path")).endswith("Tensor"):
                    out.append(self.finding(call, f"`Tensor::{text(f.child_by_field_name('name'))}` in a fn with two device "
                                                  "values: its inputs must be on one device",
                                            "between two Cube devices the mismatch shows only when the result is read "
                                            "(\"input tensor is on the wrong backend\", pitfall 6): `to_device` each "
                                            "input first, or build them on one device", pitfalls=(6,)))
        return out
