"""A change that writes a constructor burn 0.22.1 deprecates, in a crate that denies warnings.

`Device::ndarray()` and `Device::libtorch*()` are NdArray's and LibTorch's devices in 0.22.1, so
writing them is the faithful migration and is safe, with the manifest's one finding on the
deprecation. But a crate that makes warnings errors (`[lints.rust] warnings = "deny"`,
`#![deny(warnings)]`, `-D warnings` in `.cargo/config.toml`; project/lints.py) no longer builds
on them (reading 24). There the change that writes the constructor (its message names it: a
`let`'s device, a device value, a loader's) is review, with where the crate denies and the two
ways out. The drops that carry the same edit stay as they are: the question is asked once, where
the constructor is.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, CrateFacts, Safety

_DEPRECATED = re.compile(r"\bDevice::(ndarray|libtorch(?:_cuda|_mps|_vulkan)?)\(")


def under_denied_deprecation(changes: list[Change], crate: CrateFacts) -> list[Change]:
    if not crate.denies_deprecated:
        return changes
    for c in changes:
        m = _DEPRECATED.search(c.message) if c.edits and c.safety is Safety.SAFE else None
        if m is None:
            continue
        instead = "`Device::flex()` (its Int is i32, NdArray's i64: pitfall 8)" if m.group(1) == "ndarray" \
            else "a CubeCL backend's constructor or `Device::flex()`"
        c.safety = Safety.REVIEW
        c.reason = (f"burn 0.22.1 deprecates `Device::{m.group(1)}()` (burn-tensor 0.22.1 `device.rs`), and this crate "
                    f"denies it: {crate.denies_deprecated}, so the build fails there. Allow it where it is written "
                    f"(`#[allow(deprecated)]` on the item), or move to {instead}.")
    return changes
