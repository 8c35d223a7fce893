"""device-enumeration — 0.21's device counting by backend type is `Device::enumerate` (R18).

What it does:
    Reports `B::device_count(type_id)` / `<B as Backend>::device_count(..)`,
    `B::Device::from_id(..)` / `XDevice::from_id(..)` and `DeviceId::new(..)`, with the 0.22.1
    form: `Device::enumerate(DeviceType::Cuda).into_vec()` (a `Vec<Device>`; the device type is
    the backend's: `Cuda`, `Wgpu`, `Metal`, `Vulkan`, `Rocm`, `Cpu`, `Flex` …, behind the matching
    feature).

Why:
    burn 0.21 counted devices per backend type and built them from a `DeviceId { type_id,
    index_id }`; 0.22.1 has no backend type to ask (the backend is the device value) and no
    `burn::tensor::backend` module (E0432; `DeviceId` is in `burn::tensor`, an identifier that no longer
    builds a device), but `Device::enumerate(filter) -> Devices`
    (burn-tensor 0.22.1 `device.rs`). Which type id meant which device kind was the backend's
    convention (0 = the discrete GPU on wgpu), so the rewrite is the project's.

Example:
    let devices = (0..B::device_count(0)).map(|i| B::Device::from_id(DeviceId::new(0, i as u16))).collect();
    → finding: "`let devices = Device::enumerate(DeviceType::Cuda).into_vec();`".

Fix safety:
    finding only: the device type a `type_id` stood for depends on the backend.

Reproduction check:
    `cargo check` on 0.22.1: E0432 `DeviceId`, E0599 / E0405 at `device_count` before and after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, ErrorMatch
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text


class DeviceEnumeration(FindingRule):
    id = "device-enumeration"
    name = "device counting by backend type → Device::enumerate"
    pitfalls = (1,)
    guide = "R18"
    triggers = (b"device_count", b"from_id", b"DeviceId")
    check = Check("`cargo check` on 0.22.1: E0432 `DeviceId` / E0599 `device_count` (finding only)", "cargo check",
                  ("E0432",), matches=(ErrorMatch("E0432", r"DeviceId"), ErrorMatch("E0599", r"device_count|from_id")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        hint = "DeviceType::Cuda"   # the example type: which one is the project's (see the reason)
        seen = set()
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "scoped_identifier":
                continue
            name = text(fn.child_by_field_name("name"))
            path = text(fn.child_by_field_name("path"))
            if name == "device_count" or (name == "from_id" and path.endswith(("Device", "::Device"))) \
                    or (name == "new" and path.rsplit("::", 1)[-1] == "DeviceId"):
                line = ctx.src.count(b"\n", 0, call.start_byte)
                if (line, name) in seen:
                    continue
                seen.add((line, name))
                out.append(self.finding(call, f"`{path}::{name}(..)`: 0.22.1 lists devices with "
                                              f"`Device::enumerate({hint}).into_vec()`",
                                        "burn 0.22.1 has no per-backend device count and no `burn::tensor::backend` module "
                                        "(its `DeviceId` is in `burn::tensor`): `Device::enumerate(DeviceType::X)` returns the "
                                        "devices of that type (`DeviceType` variants follow the enabled backend "
                                        "features: Cuda, Rocm, Wgpu, Metal, Vulkan, WebGpu, Cpu, Flex …); which "
                                        "device kind a 0.21 `type_id` meant was the backend's convention"))
        # (a `use ..::backend::DeviceId` is tensor-backend-paths' to move: 0.22.1 has it in `burn::tensor`)
        return out
