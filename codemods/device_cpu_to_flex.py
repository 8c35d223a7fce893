"""device-cpu-to-flex — `Device::cpu()` becomes `Device::flex()` with the feature swap (pitfall 2).

What it does:
    In a crate whose manifest enables burn's `cpu` feature (which burn-cpu-offline replaces by
    `flex`), rewrites `Device::cpu()` to `Device::flex()`. Nothing happens with
    `--keep-cpu-feature`.

Why:
    Once `cpu` is gone from the manifest, `Device::cpu()` no longer exists (E0599); `cpu` itself
    downloads LLVM at build time and breaks offline builds — pitfall 2.

Example:
    before: let device = Device::cpu();
    after:  let device = Device::flex();

Fix safety:
    review: Flex has no kernel fusion and no autotune; CPU throughput differs from the CubeCL
    CPU backend.

Reproduction check:
    With the manifest swapped, E0599 ("no function or associated item named `cpu`") at the call
    before; none after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import replace
from burnmigrate.rust.syntax import required_child, text


class DeviceCpuToFlex(SourceRule):
    id = "device-cpu-to-flex"
    name = "Device::cpu() becomes Device::flex()"
    pitfalls = (2,)
    guide = "R12 R25"
    safety = Safety.REVIEW
    triggers = (b"Device::cpu",)
    check = Check("E0599 (no function `cpu` on `Device`) once the `cpu` feature is swapped; none after",
                  "cargo check --message-format short 2>&1 | grep -c E0599", ("E0599",),
                  matches=(ErrorMatch('E0599', 'named `cpu`'),))

    def applies(self, ctx: FileContext) -> bool:
        return ctx.crate.cpu_to_flex and b"Device::cpu" in ctx.src

    def run(self, ctx: FileContext) -> list[Change]:
        out = []
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "scoped_identifier":
                continue
            if text(fn.child_by_field_name("name")) != "cpu" or text(fn.child_by_field_name("path")).split("::")[-1] != "Device":
                continue
            name = required_child(fn, "name")   # (its text is `cpu`)
            out.append(self.change(call, "`Device::cpu()` → `Device::flex()` (the `cpu` feature becomes `flex`)",
                                   [replace(name, "flex")],
                                   reason="Flex has no fusion and no autotune: CPU throughput differs from the "
                                          "CubeCL CPU backend (keep it with `--keep-cpu-feature`)."))
        return out
