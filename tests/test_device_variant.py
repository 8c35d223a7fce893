"""`Device::<X>::Mps`: 0.21's `Device<X>` was `X::Device`, so the path names a value of X's own
device type; dropping only the argument would leave `Device::Mps` (E0599). Seen on burn's
text-generation example, where the second of two such drops in a fn was marked safe."""
from __future__ import annotations

from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import CrateFacts
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.index import collect, merge


def migrate(src: str):
    facts = collect("src/main.rs", src.encode())
    res = rewrite_source("src/main.rs", src.encode(), merge([facts]), CrateFacts(), source_rules())
    return (res.final or src.encode()).decode(), res.changes


def test_libtorch_variants_become_its_constructors_with_the_head_as_written():
    out, changes = migrate(
        "type Backend = burn::backend::LibTorch;\n"
        "pub fn pick(mac: bool) -> burn::tensor::Device<Backend> {\n"
        "    if mac { burn::tensor::Device::<Backend>::Mps } else { burn::tensor::Device::<Backend>::Cuda(0) }\n"
        "}\n")
    assert "burn::tensor::Device::libtorch_mps()" in out
    assert "burn::tensor::Device::libtorch_cuda(0)" in out
    assert "::Mps" not in out and "::Cuda(" not in out
    values = [c for c in changes if c.message.startswith("`burn::tensor::Device::<Backend>::")]
    assert [c.safety.value for c in values] == ["safe", "safe"]


def test_a_wgpu_device_of_metal_is_metals_and_an_autodiff_backend_makes_it_autodiff():
    out, _ = migrate(
        "use burn::backend::{Autodiff, Metal};\nuse burn::tensor::Device;\n"
        "pub fn f() { let _d = Device::<Autodiff<Metal>>::DiscreteGpu(1); }\n")
    assert "Device::metal(DeviceKind::DiscreteGpu(1)).autodiff()" in out
    assert "DeviceKind" in out.split("pub fn")[0]   # imported


def test_a_variant_with_no_known_constructor_is_asked_each_time_never_followed():
    _, changes = migrate(
        "use burn::backend::Candle;\nuse burn::tensor::Device;\n"
        "pub fn f() {\n    let _a = Device::<Candle>::Cpu;\n    let _b = Device::<Candle>::Cpu;\n}\n")
    drops = [c for c in changes if c.rule == "backend-type-argument"]
    assert len(drops) == 2 and {c.safety.value for c in drops} == {"review"}
    assert all("`Device::<Candle>::Cpu` names a variant" in c.reason for c in drops)


def test_a_generic_backends_device_default_is_not_a_variant():
    out, _ = migrate("use burn::prelude::*;\npub fn f<B: Backend>() -> Device<B> { Device::<B>::default() }\n")
    assert "Device::default()" in out


def test_a_device_name_bound_to_cubecl_is_written_with_burns_path_and_to_id_keeps_the_type():
    """shiyukonghui/HyperscaleES (reading 12): `use cubecl::device::Device;` bound the name, and a
    parameter read with cubecl's `Device::to_id` (`DeviceHandle::new(d.to_id())`) needs cubecl's
    type: burn 0.22.1's `Device` has no `to_id`."""
    out, changes = migrate(
        "use burn::backend::cuda::{Cuda, CudaDevice};\nuse burn::tensor::Tensor;\nuse cubecl::device::Device;\n"
        "pub fn id(d: &CudaDevice) -> u16 { d.to_id().index_id }\n"
        "pub fn z(d: &CudaDevice) -> Tensor<Cuda, 2> { Tensor::zeros([2, 2], d) }\n")
    assert "pub fn id(d: &CudaDevice)" in out and "use burn::backend::cuda::CudaDevice;" in out
    assert "pub fn z(d: &burn::tensor::Device) -> Tensor<2>" in out
    kept = [c for c in changes if c.rule == "backend-device-value" and c.kind.value == "finding"]
    assert [c.message for c in kept] == ["`CudaDevice` is passed to `d.to_id()`: left as it is"]
