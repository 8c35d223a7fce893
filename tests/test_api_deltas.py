"""Issue 13's rules on shapes the compiled corpus does not hold (they would need a second
version of a crate, a GPU feature, or they are findings): each asserts what is rewritten, what
is reported, and what is left."""
from __future__ import annotations

import pytest

from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import CrateFacts
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.index import collect, merge


def migrate(src: str):
    facts = collect("src/lib.rs", src.encode())
    res = rewrite_source("src/lib.rs", src.encode(), merge([facts]), CrateFacts(), source_rules())
    return (res.final or src.encode()).decode(), res.changes


def test_a_device_the_fn_does_not_own_is_configured_through_a_clone():
    # burn-tensor 0.22.1 `Device::configure` sets burn's per-device defaults in a registry keyed
    # by the device (as 0.21's `set_default_dtypes` did): a clone configures the same device
    out, changes = migrate("use burn::tensor::{DType, set_default_dtypes};\n"
                           "pub fn f<B: Backend>(device: &B::Device) {\n"
                           "    set_default_dtypes::<B>(device, DType::F16, DType::I32).unwrap();\n}\n")
    assert "device.clone().configure((FloatDType::from(DType::F16), IntDType::from(DType::I32))).unwrap();" in out
    # its import, whose merge lost to backend-device-type's `Device` in the same `use` list,
    # comes in on a line of its own (once: no name is imported twice)
    assert "use burn::tensor::{DType, Device};\nuse burn::tensor::{FloatDType, IntDType};" in out
    assert out.count("FloatDType, IntDType}") == 1
    (c,) = [c for c in changes if c.rule == "default-dtypes" and "configure" in c.message]
    assert not c.is_finding and c.safety.value == "review"


def test_float_only_default_becomes_a_float_config():
    out, _ = migrate("use burn_backend::set_default_float_dtype;\nuse burn::tensor::DType;\n"
                     "pub fn f() {\n    let device = burn::backend::wgpu::WgpuDevice::default();\n"
                     "    set_default_float_dtype::<burn::backend::Wgpu>(&device, DType::F16)?;\n}\n")
    assert "let mut device" in out and "device.configure(FloatDType::from(DType::F16))?;" in out
    assert "set_default_float_dtype" not in out


def test_to_usize_is_a_cast_at_review():
    out, changes = migrate("pub fn f(t: Tensor<1, Int>) -> usize {\n    t.argmax(0).into_scalar().to_usize()\n}\n")
    assert "t.argmax(0).into_scalar::<i64>() as usize" in out
    (c,) = [c for c in changes if c.rule == "into-scalar-element"]
    assert c.safety.value == "review" and "wraps" in c.reason


def test_an_into_scalar_a_call_argument_types_is_left():
    src = "pub fn f(t: Tensor<1>) { takes_f32(t.into_scalar()); let x: f64 = t.into_scalar(); }\n"
    out, changes = migrate(src)
    assert out == src and not [c for c in changes if c.rule == "into-scalar-element"]


def test_a_dataloader_iterator_kept_in_a_variable_is_a_finding():
    src = ("pub fn f(loader: Arc<dyn DataLoader<Batch>>) {\n    let mut it = loader.iter();\n"
           "    while let Some(b) = it.next() { use_it(b); }\n}\n")
    out, changes = migrate(src)
    assert out == src
    (f,) = [c for c in changes if c.rule == "dataset-result"]
    assert f.is_finding and "yields `Result`s" in f.message


def test_a_get_with_early_returns_is_a_finding():
    src = ("use burn::data::dataset::Dataset;\npub struct D { v: Vec<u8> }\nimpl Dataset<u8> for D {\n"
           "    fn get(&self, i: usize) -> Option<u8> {\n        if i > 9 { return None; }\n        self.v.get(i).copied()\n    }\n"
           "    fn len(&self) -> usize { self.v.len() }\n}\n")
    out, changes = migrate(src)
    assert "-> Option<u8>" in out
    assert any(c.rule == "dataset-result" and c.is_finding and "`return`" in c.message for c in changes)


def test_a_custom_simple_optimizer_is_a_finding_and_left_as_written():
    impl = "impl<B: Backend> SimpleOptimizer<B> for MyOpt {\n    type State<const D: usize> = ();\n}\n"
    out, changes = migrate("use burn::optim::SimpleOptimizer;\n" + impl)
    assert impl in out
    assert any(c.rule == "burn-trait-impl" and c.is_finding and "RecordState" in c.reason for c in changes)
    assert not [c for c in changes if c.rule == "module-optimizer"]


def test_optimizer_parameter_of_a_fn_becomes_the_struct():
    out, _ = migrate("use burn::optim::{GradientsParams, Optimizer};\n"
                     "pub fn go<M: Module, O>(m: M, o: &mut O, g: GradientsParams) -> M where O: Optimizer<M> {\n"
                     "    o.step(1e-3, m, g)\n}\n")
    assert "pub fn go<M: Module>(m: M, o: &mut ModuleOptimizer, g: GradientsParams) -> M {" in out
    assert "use burn::optim::{GradientsParams, ModuleOptimizer};" in out


def test_code_that_keeps_burn_backend_paths_gets_the_extension_feature(tmp_path):
    from burnmigrate.engine import Options, run
    root = tmp_path / "p"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n\n'
                                     '[dependencies]\nburn = { version = "0.21", features = ["wgpu"] }\n')
    (root / "src" / "lib.rs").write_text("pub type Runtime = burn::backend::wgpu::WgpuRuntime;\n\n"
                                         "#[cfg(test)]\nmod tests {\n    use burn::backend::NdArray;\n}\n")
    res = run(root, Options(jobs=1))
    manifest = next(r for r in res.manifest_results if r.path == "Cargo.toml")
    assert b'"extension"' in manifest.final
    assert any("add `extension`" in c.message for c in manifest.changes)
    # test-only uses do not put it in [dependencies]
    (root / "src" / "lib.rs").write_text("#[cfg(test)]\nmod tests {\n    use burn::backend::NdArray;\n}\n")
    res = run(root, Options(jobs=1))
    manifest = next(r for r in res.manifest_results if r.path == "Cargo.toml")
    assert b'"extension"' not in (manifest.final or b"")


def test_auroc_constructor_becomes_binary_at_review():
    out, changes = migrate("pub fn m() -> AurocMetric { AurocMetric::new() }\n")
    assert "AurocMetric::binary()" in out
    (c,) = [c for c in changes if c.rule == "training-builder"]
    assert c.safety.value == "review"


def test_old_pinned_toolchains_are_findings(tmp_path):
    from burnmigrate.engine import Options, run
    from burnmigrate.codemods.rust_toolchain import too_old
    assert too_old("1.90.0", "1.95") and too_old("1.94", "1.95") and not too_old("1.95", "1.95")
    assert too_old("nightly-2025-12-01", "1.95") and not too_old("nightly-2026-02-01", "1.95")
    assert not too_old("stable", "1.95") and not too_old("nightly", "1.95")
    root = tmp_path / "p"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = "0.21"\n')
    (root / "src" / "lib.rs").write_text("pub fn f() {}\n")
    (root / "rust-toolchain.toml").write_text('[toolchain]\nprofile = "minimal"\nchannel = "1.90.0"\n')
    res = run(root, Options(jobs=1))
    (f,) = [c for c in res.changes if c.rule == "rust-toolchain"]
    assert f.path == "rust-toolchain.toml" and f.start_line == 3 and "1.95" in f.message
    (root / "rust-toolchain.toml").write_text('[toolchain]\nchannel = "stable"\n')
    assert not [c for c in run(root, Options(jobs=1)).changes if c.rule == "rust-toolchain"]


def test_no_pitfall_says_none_yet():
    import subprocess
    import sys
    for n in range(1, 27):
        r = subprocess.run([sys.executable, "-m", "burnmigrate", "explain", str(n)], capture_output=True, text=True)
        assert r.returncode == 0 and "none yet" not in r.stdout, f"explain {n}"


def test_distributed_config_moves_to_tensor_distributed():
    out, _ = migrate("use burn::tensor::backend::distributed::{DistributedConfig, ReduceOperation};\n"
                     "pub fn c() -> DistributedConfig { DistributedConfig { all_reduce_op: ReduceOperation::Mean } }\n")
    assert "use burn::tensor::distributed::{DistributedConfig, ReduceOperation};" in out
    out, _ = migrate("use burn::tensor::backend::ExecutionError;\npub fn e(_: ExecutionError) {}\n")
    assert out.startswith("use burn::tensor::ExecutionError;\n")


def test_a_device_type_import_the_rewrite_left_unused_goes():
    """Issue 25 item 13: `use burn_flex::FlexDevice;` after its last use became `Device::flex()`
    (a crate path, not `burn::backend::..`) is removed; one still used under a `cfg` stays."""
    out, _ = migrate("use burn_flex::FlexDevice;\npub fn make() -> FlexDevice { FlexDevice }\n")
    assert "FlexDevice" not in out and "Device::flex()" in out
    out, _ = migrate("use burn_flex::FlexDevice;\n#[cfg(feature = \"x\")]\n"
                     "pub fn other(d: &dyn std::any::Any) -> bool { d.is::<FlexDevice>() }\n"
                     "pub fn make() -> FlexDevice { FlexDevice }\n")
    assert out.startswith("use burn_flex::FlexDevice;") and "d.is::<FlexDevice>()" in out


def test_top_level_vulkan_and_metal_are_gone_in_0_22_1():
    # burn 0.21 `backend.rs` re-exported `burn_wgpu::{Vulkan, Metal}` (features `vulkan`, `metal`);
    # burn 0.22.1 keeps them only in `burn::backend::wgpu` (no generics): a `use` still needed is
    # E0432, reported where it stands (a feature the compiled corpus cannot build offline)
    src = ("use burn::backend::{Autodiff, Vulkan as VulkanBackend};\n"
           "pub fn name() -> &'static str { std::any::type_name::<Autodiff<VulkanBackend>>() }\n")
    _, changes = migrate(src)
    found = [c for c in changes if c.rule == "removed-items" and "burn::backend::Vulkan" in c.message]
    assert len(found) == 1 and found[0].is_finding and "burn::backend::wgpu::Vulkan" in found[0].reason
    # the graphics API marker of the same name is not the backend
    _, changes = migrate("use burn::backend::wgpu::graphics::Vulkan;\npub fn f() { let _ = Vulkan; }\n")
    assert not [c for c in changes if c.rule == "removed-items"]


@pytest.mark.compile_tier
@pytest.mark.usefixtures("burn_sources")
def test_the_burn_rl_tables_are_the_real_crates():
    """burn_api.BURN_RL_GENERIC_TYPES: each item took the backend first in burn-rl 0.21.0 and takes
    no backend in 0.22.1; training-traits' `_RL_REQUIRED`: each method is new and required in
    0.22.1's trait (no default body). The compile tier's groups build with `rl`, so both crates
    are in cargo's cache once it ran."""
    import re

    from realburn import registry_crate

    from burnmigrate import burn_api as api
    from codemods.training_traits import _RL_REQUIRED
    old, new = registry_crate("burn-rl-0.21.0"), registry_crate("burn-rl-0.22.1")
    assert old is not None and new is not None, "burn-rl 0.21.0 / 0.22.1 are not in cargo's registry sources"
    src_old = "\n".join(p.read_text("utf-8") for p in (old / "src").rglob("*.rs"))
    src_new = "\n".join(p.read_text("utf-8") for p in (new / "src").rglob("*.rs"))
    for name in api.BURN_RL_GENERIC_TYPES:
        first_old = re.search(rf"pub (?:trait|struct|type) {name}\s*<\s*(\w+)", src_old)
        assert first_old and first_old.group(1) == "B", f"burn-rl 0.21.0's `{name}` does not take the backend first"
        decl = re.search(rf"pub (?:trait|struct|type) {name}\b[^{{;=]*", src_new)
        assert decl and not re.search(r"\bB\b|Backend", decl.group(0)), f"burn-rl 0.22.1's `{name}` still takes a backend"
    for trait, (method, _, _) in _RL_REQUIRED.items():
        body_new = re.search(rf"pub trait {trait}\b.*?\n}}", src_new, re.S)
        body_old = re.search(rf"pub trait {trait}\b.*?\n}}", src_old, re.S)
        assert body_new and re.search(rf"fn {method}\([^;{{]*\)[^;{{]*;", body_new.group(0)), f"`{trait}::{method}` is not required in 0.22.1"
        assert body_old and not re.search(rf"fn {method}\(", body_old.group(0)), f"`{trait}::{method}` existed in 0.21.0"


@pytest.mark.compile_tier
@pytest.mark.usefixtures("burn_sources")
def test_the_removed_generic_types_are_the_real_crates():
    """burn_api.BURN_GENERIC_TYPES names burn types whose backend argument goes; of those and
    REMOVED_GENERIC_TYPES, the ones burn 0.22.1's crates no longer define are exactly
    REMOVED_GENERIC_TYPES (backend-type-argument asks there) and RULE_OWNED_REMOVED_TYPES (their
    rules rewrite or report them)."""
    import re

    from realburn import registry_crate

    from burnmigrate import burn_api as api
    crates = ("burn-core", "burn-nn", "burn-optim", "burn-train", "burn-tensor", "burn-backend", "burn-dataset",
              "burn-store", "burn-dispatch")
    dirs = [d for c in crates if (d := registry_crate(f"{c}-0.22.1")) is not None]
    assert len(dirs) == len(crates), "burn 0.22.1's crates are not in cargo's registry sources"
    src = "\n".join(p.read_text("utf-8") for d in dirs for p in (d / "src").rglob("*.rs"))
    gone = {n for n in api.BURN_GENERIC_TYPES | api.REMOVED_GENERIC_TYPES
            if not re.search(rf"pub(?:\([^)]*\))?\s+(?:trait|struct|enum|type)\s+{n}\b", src)
            and not re.search(rf"pub use [^;]*\b{n}\b", src)}
    assert gone == set(api.REMOVED_GENERIC_TYPES | api.RULE_OWNED_REMOVED_TYPES)


def test_a_bound_on_a_removed_burn_trait_is_asked():
    """`R: Record<B>` (burn 0.21's record trait, gone from 0.22.1): dropping `B` is no fix (reading 19)."""
    src = ("use burn::record::Record;\nuse burn::tensor::backend::Backend;\n"
           "pub fn encode<B: Backend, R: Record<B>>(record: R) -> R { record }\n")
    _, changes = migrate(src)
    drop = [c for c in changes if c.rule == "backend-type-argument" and "`Record`" in c.message]
    assert drop and all(c.safety.value == "review" and "has no `Record`" in c.reason for c in drop)


@pytest.mark.parametrize("own_step, safety", [(False, "safe"), (True, "review")])
def test_a_step_rate_given_through_into_is_written_out(own_step, safety):
    """`optim.step(lr.into(), m, g)`: 0.21's `.into()` meant f64; on 0.22.1 it has no single target
    (E0283). Review where the project defines a `step` of its own (reading 20)."""
    src = ("use burn::optim::GradientsParams;\n"
           "pub fn update<O>(optim: &mut O, lr: f32, m: M, g: GradientsParams) -> M {\n"
           "    optim.step(lr.into(), m, g)\n}\n"
           + ("pub struct Sim;\nimpl Sim { pub fn step(&mut self) {} }\n" if own_step else ""))
    out, changes = migrate(src)
    rate = [c for c in changes if c.rule == "module-optimizer" and "Into::<f64>::into(lr)" in c.message]
    assert len(rate) == 1 and rate[0].safety.value == safety
    assert "optim.step(Into::<f64>::into(lr), m, g)" in out


@pytest.mark.compile_tier
@pytest.mark.usefixtures("burn_sources")
def test_the_generated_generic_types_are_the_real_crates():
    """data/burn-generic-types.txt is what scripts/burn_generic_types.py reads from the 0.21.0 /
    0.22.1 crates in cargo's cache (regenerate it when burn's release changes)."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location("generic", Path(__file__).parent.parent / "scripts" / "burn_generic_types.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.OUT.read_text("utf-8") == gen.render(gen.table())
    from burnmigrate import burn_api as api
    assert {"AdamWState", "SgdState", "Rnn", "RnnState", "Sgd", "Activation"} <= api.crate_generic_types()
    assert not {"Message", "MyModule", "Net", "Model"} & api.crate_generic_types()   # private, doc or test items


@pytest.mark.parametrize("use, safety", [
    ("use burn::optim::AdamWState;", "safe"),           # a named import of burn's
    ("use burn::optim::*;", "safe"),                    # a glob of a burn module
    ("use other_crate::AdamWState;", "review"),         # another crate's type of the same name
    ("use crate::states::AdamWState;", "review"),       # the project's re-export: not seen through
])
def test_a_crate_generic_type_counts_where_it_resolves_to_burn(use, safety):
    src = (f"{use}\nuse burn::tensor::backend::Backend;\n"
           "pub struct Moments<B: Backend> { pub state: AdamWState<B, 2> }\n")
    _, changes = migrate(src)
    drop = [c for c in changes if c.rule == "backend-type-argument" and "`AdamWState`" in c.message]
    assert drop and all(c.safety.value == safety for c in drop), [(c.message, c.safety, c.reason) for c in drop]


def test_a_generic_type_burn_0_22_1_removed_says_so():
    """`AdaptorRecord<AdamW, AB>` (burn-optim 0.21's, gone from 0.22.1, data/burn-gone-names.txt):
    the drop is asked with the reason that the type is gone, not "a type this tool does not know"."""
    src = ("use burn::optim::record::AdaptorRecord;\nuse burn::optim::AdamW;\n"
           "use burn::tensor::backend::AutodiffBackend;\n"
           "pub fn f<AB: AutodiffBackend>(r: AdaptorRecord<AdamW, AB>) -> AdaptorRecord<AdamW, AB> { r }\n")
    _, changes = migrate(src)
    drop = [c for c in changes if c.rule == "backend-type-argument" and "`AdaptorRecord`" in c.message]
    assert len(drop) == 2 and all(c.safety.value == "review" and "has no `AdaptorRecord`" in c.reason for c in drop)


@pytest.mark.parametrize("types, new, safety", [
    (("Autodiff<NdArray>", "Autodiff<NdArray>"), "Device::ndarray().autodiff()", "safe"),
    (("NdArray", "NdArray"), "Device::ndarray()", "safe"),
    (("Autodiff<NdArray>", "NdArray"), "Device::ndarray()", "review"),   # 0.21's one device served both
])
def test_an_annotated_device_follows_the_backends_of_its_calls(types, new, safety):
    """`let device: NdArrayDevice = Default::default();` (reading 27): autodiff where every call it
    is given names the autodiff backend over NdArray, asked where the calls name both."""
    src = ("use burn::backend::{Autodiff, NdArray, ndarray::NdArrayDevice};\nuse burn::tensor::Tensor;\n"
           "pub fn f() {\n    let device: NdArrayDevice = Default::default();\n"
           f"    let _a = Tensor::<{types[0]}, 1>::ones([2], &device);\n"
           f"    let _b = Tensor::<{types[1]}, 1>::zeros([2], &device);\n}}\n")
    _, changes = migrate(src)
    value = [c for c in changes if c.rule == "backend-device-value" and c.message.startswith("`Default::default()`")]
    assert [(c.message, c.safety.value) for c in value] == [(f"`Default::default()` → `{new}`", safety)]


@pytest.mark.parametrize("made", ["Default::default()", "<B::Device as Default>::default()",
                                  "<<B as burn::tensor::backend::BackendTypes>::Device as Default>::default()"])
def test_a_generic_default_device_is_asked_however_it_is_written(made):
    """A generic fn's default device is its caller's backend's (reading 27: the trait-qualified
    form was erased as safe while the bare one was asked)."""
    src = ("use burn::tensor::backend::Backend;\n"
           f"pub fn default_dev<B: Backend>() -> B::Device {{\n    {made}\n}}\n")
    _, changes = migrate(src)
    erase = [c for c in changes if c.rule == "backend-type-parameter"]
    assert [c.safety.value for c in erase] == ["review"] and "whose backend was the one its caller chose" in erase[0].reason


def test_a_recorder_file_named_by_its_extension_is_reported():
    """`dir.join("model").with_extension("mpk")` names the file a 0.21 recorder wrote (reading 26:
    a checkpoint hash that no longer finds its file); `.bpk` is 0.22.1's."""
    src = ("use burn::record::CompactRecorder;\npub fn path(dir: &std::path::Path) -> std::path::PathBuf {\n"
           "    let _r = CompactRecorder::new();\n    dir.join(\"model\").with_extension(\"mpk\")\n}\n"
           "pub fn other(p: &std::path::Path) -> std::path::PathBuf { p.with_extension(\"json\") }\n")
    _, changes = migrate(src)
    assert [(c.start_line, c.message) for c in changes if c.rule == "record-to-store" and c.is_finding] == [
        (4, "`\"mpk\"` names a 0.21 recorder's `.mpk` file")]


@pytest.mark.parametrize("use, safety", [
    ("use burn::tensor::{backend::Backend, Tensor as BurnTensor};", "safe"),   # burn's, renamed (reading 27)
    ("use burn::tensor::backend::Backend;\nuse other::Tensor as BurnTensor;", "review"),   # another crate's
])
def test_a_burn_type_renamed_by_its_import_is_burns(use, safety):
    src = f"{use}\npub fn f<B: Backend>(x: BurnTensor<B, 2>) -> BurnTensor<B, 2> {{ x }}\n"
    _, changes = migrate(src)
    drops = [c for c in changes if c.rule == "backend-type-argument"]
    assert len(drops) == 2 and all(c.safety.value == safety for c in drops)


@pytest.mark.parametrize("shadow, written", [
    ("", "Result<Self, ExecutionError>"),
    ("use std::io::Result;\n", "core::result::Result<Self, ExecutionError>"),
    ("pub type Result<T> = std::result::Result<T, String>;\n", "core::result::Result<Self, ExecutionError>"),
])
def test_a_sync_result_is_written_past_a_one_parameter_result(shadow, written):
    """`ItemLazy::sync`'s 0.22.1 result beside the file's own `Result` (reading 28: E0107)."""
    src = (f"use burn::train::metric::ItemLazy;\n{shadow}pub struct Counts {{ pub total: usize }}\n"
           "impl ItemLazy for Counts {\n    type ItemSync = Counts;\n    fn sync(self) -> Self::ItemSync {\n        self\n    }\n}\n")
    out, _ = migrate(src)
    assert f"fn sync(self) -> {written} {{" in out


def test_another_crates_path_at_a_resolved_callees_backend_place_goes():
    """`ones_sum::<base::Prod>(..)` (reading 29: another workspace crate's cfg-chosen alias): the
    callee, resolved as rustc does, loses `B`, so the argument goes too (it was left: E0107), asked."""
    src = ("use burn::prelude::*;\npub fn ones_sum<B: Backend>(dev: &B::Device) -> usize {\n"
           "    Tensor::<B, 1>::ones([4], dev).dims()[0]\n}\n"
           "pub fn run() -> usize {\n    ones_sum::<base::Prod>(&Default::default())\n}\n")
    out, changes = migrate(src)
    assert "ones_sum(&Default::default())" in out
    drop = [c for c in changes if c.rule == "backend-turbofish"]
    assert [c.safety.value for c in drop] == ["review"] and "`base::Prod`" in drop[0].message


def test_a_type_test_through_a_type_built_of_the_backend_keeps_it():
    """`any.downcast::<Box<dyn Op<B>>>()` tests `B` (reading 29): erasing it makes the cast always
    succeed, so `B` stays (the witness rule), as for `TypeId::of::<B>()`."""
    src = ("use std::any::Any;\nuse burn::prelude::*;\npub trait Op<B: Backend> { fn n(&self) -> usize; }\n"
           "pub fn cast_op<B: Backend, T: Backend>(op: Box<dyn Op<T>>) -> Option<Box<dyn Op<B>>> {\n"
           "    let any: Box<dyn Any> = Box::new(op);\n    any.downcast::<Box<dyn Op<B>>>().ok().map(|b| *b)\n}\n")
    _, changes = migrate(src)
    erased = [c.message for c in changes if c.rule == "backend-type-parameter" and "cast_op" in c.message]
    assert erased == ["erase backend parameter `T` of `cast_op`"]


def test_a_nan_check_reads_a_bool():
    """`!out.contains_nan().into_scalar()` (reading 28): `contains_nan` gives a Bool tensor, so the
    element is `bool`; `f32` there is E0600 at the `!`."""
    src = "use burn::prelude::*;\npub fn ok<B: Backend>(out: Tensor<B, 2>) -> bool {\n    !out.contains_nan().into_scalar()\n}\n"
    out, _ = migrate(src)
    assert "!out.contains_nan().into_scalar::<bool>()" in out
