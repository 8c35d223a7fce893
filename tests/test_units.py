"""Compilation units (burnmigrate/rust/units.py, issue 25 item 1): a name two crates of one
workspace define means, in each crate, that crate's own item; a crate with no such name keeps the
workspace-wide reading."""
from __future__ import annotations

import pytest

from burnmigrate.rust.index import collect, merge
from burnmigrate.rust.units import defined_names, package_of, unit_of

# one name, two crates, two shapes: the device first by reference, or second by value
TRAINER = b"""use burn::tensor::backend::AutodiffBackend;
pub fn train<B: AutodiffBackend>(steps: usize, device: B::Device) -> usize { steps }
"""
TUNER = b"""use burn::tensor::backend::Backend;
pub fn train<B: Backend>(device: &B::Device, steps: usize) -> usize { steps }
"""
# a type kept for a backend primitive in one crate, erasable in the other
KEPT_WORKER = b"""use burn::tensor::backend::Backend;
use burn::tensor::ops::FloatTensor;
pub struct Worker<B: Backend> { pub x: FloatTensor<B> }
"""
PLAIN_WORKER = b"""use burn::tensor::{backend::Backend, Tensor};
pub struct Worker<B: Backend> { pub x: Tensor<B, 1> }
"""
CONFIG_A = b"""use burn::config::Config;
#[derive(Config)]
pub struct TrainingConfig { pub epochs: usize }
"""
CONFIG_B = b"""use burn::config::Config;
#[derive(Config)]
pub struct TrainingConfig { pub batch: usize, pub lr: f64 }
"""


def _index(files: dict[str, bytes], packages: dict[str, str] | None = None):
    packages = packages or {}
    return merge([collect(p, src, unit=unit_of(p, packages.get(p))) for p, src in files.items()])


@pytest.mark.parametrize(("path", "package", "unit"), [
    ("src/lib.rs", "", ""),
    ("src/bin/tool.rs", "", ""),
    ("build.rs", "", ""),
    ("tests/infer.rs", "", "::tests/infer"),
    ("tests/common/mod.rs", "", "::tests/common"),
    ("examples/run.rs", "", "::examples/run"),
    ("crates/core/src/model/head.rs", "crates/core", "crates/core"),
    ("crates/core/benches/speed.rs", "crates/core", "crates/core::benches/speed"),
    ("examples/mnist/examples/mnist.rs", "examples/mnist", "examples/mnist::examples/mnist"),
    # no package known: read off the path (the last `src/` wins over a module named `tests`)
    ("crates/x/src/tests/a.rs", None, "crates/x"),
    ("crates/x/tests/a.rs", None, "crates/x::tests/a"),
    ("examples/mnist/src/data.rs", None, "examples/mnist"),
])
def test_unit_of(path, package, unit):
    assert unit_of(path, package) == unit


@pytest.mark.parametrize(("unit", "package"), [
    ("", ""), ("crates/core", "crates/core"), ("::tests/infer", ""), ("examples/a", "examples/a"),
    ("examples/mnist::examples/mnist", "examples/mnist"), ("crates/core::benches/speed", "crates/core"),
])
def test_package_of(unit, package):
    assert package_of(unit) == package


def test_defined_names_every_kind():
    src = b"pub fn run() {}\nstruct A;\nenum E {}\ntrait T {}\ntype X = u8;\nunion U { a: u8 }\nlet fnord = 1;"
    assert defined_names(src) == {"run", "A", "E", "T", "X", "U"}


def test_each_crate_reads_its_own_fn():
    idx = _index({"crates/trainer/src/training.rs": TRAINER, "crates/tuner/src/lib.rs": TUNER,
                  "crates/trainer/examples/run.rs": b"fn main() { trainer::training::train::<B>(3, d); }\n"})
    assert idx.device_params["train"] == {0, 1}   # the workspace-wide reading: no single shape
    assert "train" in idx.autodiff_fns
    trainer = idx.for_file("crates/trainer/src/training.rs")
    assert (trainer.device_params["train"], trainer.user_fns["train"]) == ({1}, {(0, 1)})
    assert "train" in trainer.autodiff_fns
    tuner = idx.for_file("crates/tuner/src/lib.rs")
    assert tuner.device_params["train"] == {0} and "train" not in tuner.autodiff_fns
    # an example target sees its own package's library first
    example = idx.for_file("crates/trainer/examples/run.rs")
    assert example.device_params["train"] == {1} and "train" in example.autodiff_fns


def test_a_kept_type_in_one_crate_is_not_kept_in_another():
    idx = _index({"crates/ops/src/lib.rs": KEPT_WORKER, "crates/app/src/lib.rs": PLAIN_WORKER})
    assert "Worker" in idx.kept_types   # by name: kept everywhere
    assert "Worker" in idx.for_file("crates/ops/src/lib.rs").kept_types
    app = idx.for_file("crates/app/src/lib.rs")
    assert "Worker" not in app.kept_types and app.user_types["Worker"] == (0, 1)


def test_config_fields_are_the_crates_own():
    idx = _index({"examples/a/src/lib.rs": CONFIG_A, "examples/b/src/lib.rs": CONFIG_B})
    assert [f.name for f in idx.for_file("examples/a/src/lib.rs").config_types["TrainingConfig"].fields] == ["epochs"]
    assert [f.name for f in idx.for_file("examples/b/src/lib.rs").config_types["TrainingConfig"].fields] == ["batch", "lr"]


def test_no_clash_keeps_the_workspace_reading():
    idx = _index({"crates/trainer/src/training.rs": TRAINER, "crates/app/src/lib.rs": b"fn main() {}\n"})
    assert idx.unit_views == {} and idx.for_file("crates/app/src/lib.rs") is idx


def test_a_library_does_not_see_its_test_targets_items():
    # a test target sees its library and its own items (both, as rustc would complain of a clash);
    # the library never sees the test's
    idx = _index({"src/lib.rs": TRAINER, "tests/train.rs": TUNER}, {"src/lib.rs": "", "tests/train.rs": ""})
    assert idx.for_file("src/lib.rs").device_params["train"] == {1}
    assert idx.for_file("tests/train.rs").device_params["train"] == {0, 1}
