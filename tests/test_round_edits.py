"""A round's changes made whole (burnmigrate/engine/round_edits.py): a change never lands in
part, and an import never lands for a name only a waiting change wrote."""
from __future__ import annotations

from burnmigrate.engine.round_edits import whole_changes
from burnmigrate.model import Change, Edit

SRC = "let device = Default::default();"   # the `let`'s value is bytes 13..31
WGPU = "Device::wgpu(DeviceKind::DefaultDevice)"


def _change(rule: str, message: str, *edits: Edit) -> Change:
    return Change(rule=rule, message=message, edits=list(edits), span=(edits[0].start, edits[0].end))


def test_an_import_loses_the_names_only_its_losing_change_wrote():
    method = _change("backend-device-method", "`B::seed(..)` → `device.seed(42)`", Edit(13, 31, "Device::default()"))
    fish = _change("backend-turbofish", "drop backend argument", Edit(13, 31, WGPU),
                   Edit(40, 50, "&device.clone().autodiff()"))
    fish_import = _change("backend-turbofish", "import `Device`, `DeviceKind`",
                          Edit(0, 0, "use burn::tensor::{Device, DeviceKind};\n"))
    kept = whole_changes([method, fish, fish_import])
    assert method in kept and fish not in kept   # (the earlier edit of the `let` wins; the other waits whole)
    assert all("DeviceKind" not in e.new for c in kept for e in c.edits)


def test_an_import_keeps_the_names_a_kept_change_of_its_rule_writes():
    method = _change("backend-device-method", "`B::seed(..)` → `device.seed(42)`", Edit(13, 31, "Device::default()"))
    fish = _change("backend-turbofish", "drop backend argument", Edit(13, 31, WGPU))
    other = _change("backend-turbofish", "the device for `Wgpu`", Edit(60, 70, WGPU))
    fish_import = _change("backend-turbofish", "import `Device`, `DeviceKind`",
                          Edit(0, 0, "use burn::tensor::{Device, DeviceKind};\n"))
    kept = whole_changes([method, fish, other, fish_import])
    assert other in kept and fish_import in kept   # `DeviceKind` is still written by `other`


def test_a_trait_import_no_change_writes_is_left_alone():
    method = _change("backend-device-method", "`B::seed(..)` → `device.seed(42)`", Edit(13, 31, "Device::default()"))
    fish = _change("module-optimizer", "`optim.step(..)`", Edit(13, 31, "optim.step(lr, model, grads)"))
    trait_import = _change("module-optimizer", "import `ModuleOptimizer`",
                           Edit(0, 0, "use burn::optim::ModuleOptimizer;\n"))
    kept = whole_changes([method, fish, trait_import])
    assert trait_import in kept
