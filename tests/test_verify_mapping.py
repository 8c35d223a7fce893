"""verify's error → rule mapping is derived from each rule's reproduction check. It must still
make every mapping the old hand-written table made, and now also map the rules that table
missed (device-cpu-to-flex, backend-device-value, backend-alias, backend-extension)."""
from __future__ import annotations

import pytest

from burnmigrate.engine.catalog import catalog
from burnmigrate.verify.account import classify, error_mapping
from burnmigrate.verify.diagnostics import Diagnostic


def rule_for(code: str, message: str, line: str = "") -> str:
    d = Diagnostic("error", code, message, "src/lib.rs", 1, 1, line)
    classify(d, error_mapping(catalog()))
    return d.rule


# (code, message, source line) → rule: one example per entry of the table verify had before
OLD_TABLE = [
    ("E0119", "conflicting implementations of trait `Clone` for type `Model`", "#[derive(Module, Clone)]", "module-derive-clone"),
    ("E0599", "no function or associated item named `wgpu` found for struct `Device`", "Device::wgpu(k)", "burn-backend-feature"),
    # (burn-default-features' then: the features the code needs are burn-needed-features' since session 20)
    ("E0599", "no method named `autodiff` found for struct `Device`", "device.autodiff()", "burn-needed-features"),
    ("E0432", "unresolved import `burn::tensor::backend::Backend`", "use burn::tensor::backend::Backend;", "backend-import"),
    ("E0405", "cannot find trait `Backend` in this scope", "fn f<B: Backend>() {}", "backend-type-parameter"),
    ("E0405", "cannot find trait `AutodiffModule` in this scope", "M: AutodiffModule<B>", "autodiff-module"),
    ("E0747", "type provided when a constant was expected", "x: Tensor<B, 2>", "backend-type-argument"),
    ("E0107", "function takes 0 generic arguments but 1 generic argument was supplied", "init::<B>(&d)", "backend-turbofish"),
    ("E0107", "struct takes 0 generic arguments but 1 generic argument was supplied", "m: Model<B>", "backend-type-argument"),
    ("E0412", "cannot find type `PhantomData` in this scope", "_b: PhantomData<B>", "backend-phantom"),
    ("E0412", "cannot find type `WgpuDevice` in this scope", "d: WgpuDevice", "backend-device-type"),
    ("E0412", "cannot find type `B` in this scope", "x: B", "backend-type-parameter"),
    ("E0220", "associated type `Device` not found for `B`", "d: &B::Device", "backend-device-type"),
    ("E0220", "associated type `FloatElem` not found for `B`", "B::FloatElem", "backend-elem-type"),
    ("E0433", "failed to resolve: use of undeclared type `B`", "B::seed(&d, 1)", "backend-device-method"),
    ("E0433", "failed to resolve: use of undeclared type `B`", "let d: B::Device = x;", "backend-device-type"),
    ("E0433", "failed to resolve: use of undeclared type `B`", "B::something()", "backend-type-parameter"),
    ("unused_imports", "unused import: `Backend`", "use burn::prelude::Backend;", "backend-import"),
]


@pytest.mark.parametrize("code,message,line,rule", OLD_TABLE)
def test_every_old_mapping_is_kept(code, message, line, rule):
    assert rule_for(code, message, line) == rule


NEW = [
    # the rules verify did not map before
    ("E0599", "no function or associated item named `cpu` found for struct `Device`", "Device::cpu()", "device-cpu-to-flex"),
    ("E0433", "failed to resolve: use of undeclared type `WgpuDevice`", "let d = WgpuDevice::default();", "backend-device-value"),
    ("E0412", "cannot find type `Wgpu` in this scope", "pub type MyBackend = Wgpu;", "backend-alias"),
    ("E0405", "cannot find trait `FloatTensorOps` in this scope", "B: FloatTensorOps<B>", "backend-extension"),
    ("E0432", "unresolved import `burn::optim`", "use burn::optim::AdamConfig;", "burn-needed-features"),
]


@pytest.mark.parametrize("code,message,line,rule", NEW)
def test_the_rules_the_old_table_missed_are_mapped(code, message, line, rule):
    assert rule_for(code, message, line) == rule


def test_an_unknown_error_is_not_covered():
    assert rule_for("E0308", "mismatched types", "let x: u8 = 1u16;") == ""


def test_every_rule_with_compiler_codes_is_mapped():
    mapped = {m.rule for m in error_mapping(catalog())}
    for info in catalog():
        if info.check is not None and info.check.error_codes:
            assert info.id in mapped, info.id
