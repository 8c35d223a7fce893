"""A crate's call of another crate's generic fn that makes its device by inference
(`table::classify::<Cpu>(..)`, `classify` calling `B::Device::default()`) keeps its turbofish drop
review even where the calling crate defines a fn of that name itself (reading 50, MinerU-rs: the
unit's own `classify` hid the other crate's fact, and the drop was safe while the device became
`Device::default()`)."""
from __future__ import annotations

from burnmigrate.engine import Options, run

TABLE_LIB = """use burn::prelude::*;

pub fn classify<B: Backend>(input: Vec<f32>) -> usize {
    let device = B::Device::default();
    let t = Tensor::<B, 1>::from_floats(input.as_slice(), &device);
    t.dims()[0]
}
"""
PIPELINE_LIB = """use burn::backend::NdArray;

pub type Cpu = NdArray<f32>;

pub struct Label;

impl Label {
    /// This crate's own `classify`, of another kind.
    pub fn classify(n: usize) -> Self {
        let _ = n;
        Label
    }
}

pub fn run(input: Vec<f32>) -> usize {
    table::classify::<Cpu>(input)
}
"""


def manifest(name: str, deps: str) -> str:
    return (f'[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n'
            f'burn = {{ version = "0.21.0", features = ["ndarray"] }}\n{deps}')


def test_another_crates_default_making_fn_keeps_its_drop_review(tmp_path):
    (tmp_path / "Cargo.toml").write_text('[workspace]\nmembers = ["table", "pipeline"]\nresolver = "2"\n')
    for name, deps, lib in (("table", "", TABLE_LIB), ("pipeline", 'table = { path = "../table" }\n', PIPELINE_LIB)):
        (tmp_path / name / "src").mkdir(parents=True)
        (tmp_path / name / "Cargo.toml").write_text(manifest(name, deps))
        (tmp_path / name / "src" / "lib.rs").write_text(lib)
    res = run(tmp_path, Options(jobs=1))
    (drop,) = [c for c in res.changes if c.path == "pipeline/src/lib.rs" and "classify" in c.message]
    assert drop.rule == "backend-turbofish" and drop.safety.value == "review", (drop.safety, drop.reason)


def test_a_kept_value_of_a_zero_argument_build_is_not_decided():
    """`let model = Unet::<Cpu>::loaded();` takes no device, but the value keeps `Cpu` in its type,
    and its methods may make their device from it (MinerU-rs's `segment_mask`): the drop is not
    "no device reaches the call" (safe) unless the value only feeds a method that makes none."""
    from burnmigrate.engine.source_pass import rewrite_source
    from burnmigrate.model import CrateFacts
    from burnmigrate.rules.registry import source_rules
    from burnmigrate.rust.index import collect, merge
    unet = ("use burn::prelude::*;\npub struct Unet<B: Backend> { pub w: Option<Tensor<B, 1>> }\n"
            "impl<B: Backend> Unet<B> {\n    pub fn loaded() -> Self { Self { w: None } }\n"
            "    pub fn names() -> Vec<&'static str> { vec![\"w\"] }\n"
            "    pub fn mask(&self) -> Tensor<B, 1> { let device = B::Device::default(); Tensor::zeros([1], &device) }\n}\n")
    test = ("use burn::backend::NdArray;\n\n#[test]\nfn segments() {\n    let model = crate::unet::Unet::<NdArray>::loaded();\n"
            "    assert_eq!(model.mask().dims(), [1]);\n}\n\n#[test]\nfn names() {\n"
            "    assert_eq!(crate::unet::Unet::<NdArray>::names().len(), 1);\n}\n")
    idx = merge([collect("src/unet.rs", unet.encode()), collect("src/tests.rs", test.encode())])
    res = rewrite_source("src/tests.rs", test.encode(), idx.for_file("src/tests.rs"), CrateFacts(), source_rules())
    drops = {c.start_line: c for c in res.changes if c.rule == "backend-type-argument"}
    assert drops[5].safety.value == "review"   # the model keeps its backend: `mask` makes its device from it
    assert drops[11].safety.value == "safe" and "no device reaches the call" in drops[11].message
