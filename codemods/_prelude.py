"""burn 0.22.1's prelude (`burn::prelude::*`): its names, and when a glob of it is used.

The glob brings `Config`, `Module`, `Tensor`, `Device`, .. and the traits whose methods code calls
without naming them (burn-0.22.1 `lib.rs` `prelude`). A name the glob's module imports by name
shadows the glob's (rustc then warns the glob unused when that was all it gave)."""
from __future__ import annotations

import re

from burnmigrate.rust.imports import UseLeaf, _module_body

PRELUDE_NAMES = ("Config", "Module", "Bool", "Device", "DeviceIndex", "DeviceKind", "ElementConversion", "Float",
                 "Int", "Shape", "SliceArg", "Tensor", "TensorData", "ToElement", "nn", "Backend", "DeviceOps")
# the methods its traits bring into scope (Module, Config, ElementConversion, ToElement)
_METHODS = re.compile(rb"\.(?:valid|fork|to_device|num_params|load_record|into_record|devices|visit|"
                      rb"save_file|load_file|no_grad|quantize_weights|collect_devices|elem|to_f32|to_f64|"
                      rb"to_i64|to_i32|to_u32|to_usize|to_bool|save|train)\s*(?:::\s*<[^>]*>\s*)?\(|::load\s*\(")
# the same less `Module`'s (a `Module` imported by name brings those)
_NOT_MODULE_METHODS = re.compile(rb"\.(?:elem|to_f32|to_f64|to_i64|to_i32|to_u32|to_usize|to_bool)\s*"
                                 rb"(?:::\s*<[^>]*>\s*)?\(|::load\s*\(")


def prelude_unused(body: bytes, used, ignoring: frozenset[str] = frozenset()) -> bool:
    """Is burn's prelude glob unused: none of its names (but `ignoring`) appear and no method of
    its traits is called (`Module`'s count not when `Module` is among `ignoring`)?"""
    if any(used(n) for n in PRELUDE_NAMES if n not in ignoring):
        return False
    return (_NOT_MODULE_METHODS if "Module" in ignoring else _METHODS).search(body) is None and b"s![" not in body


def named_here(leaves: list[UseLeaf], glob: UseLeaf) -> frozenset[str]:
    """The prelude's names that `use`s of the glob's own module import by name: they shadow the
    glob's (`use burn::{module::Module, prelude::*, tensor::Tensor};`). 0.21's backend names are
    not counted: their imports may be the ones going."""
    home = _module_body(glob.declaration).id
    return frozenset(l.bound for l in leaves if l.path and l.path[-1] != "*" and l.bound in PRELUDE_NAMES
                     and l.bound not in ("Backend", "DeviceOps") and _module_body(l.declaration).id == home)
