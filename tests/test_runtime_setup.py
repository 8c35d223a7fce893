"""CubeCL's runtime API read through a qualified path (reading 48, mosure/burn_image): a device
handed to `<WgpuRuntime as cubecl::Runtime>::client(device)` is cubecl's own, so its parameter
keeps its type (it became burn's `Device`, marked safe: E0308)."""
from __future__ import annotations

from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import CrateFacts
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.index import collect, merge

SRC = """pub struct Synchronizer {
    client: cubecl::client::ComputeClient<burn_wgpu::WgpuRuntime>,
}

impl Synchronizer {
    pub fn new(device: &burn_wgpu::WgpuDevice) -> Self {
        Self { client: <burn_wgpu::WgpuRuntime as cubecl::Runtime>::client(device) }
    }
}
"""


def test_a_device_given_to_a_qualified_runtime_client_keeps_its_type():
    res = rewrite_source("src/lib.rs", SRC.encode(), merge([collect("src/lib.rs", SRC.encode())]), CrateFacts(),
                         source_rules())
    assert (res.final or SRC.encode()).decode() == SRC
    (c,) = [c for c in res.changes if c.rule == "backend-device-value"]
    assert c.is_finding and "`<burn_wgpu::WgpuRuntime as cubecl::Runtime>::client`" in c.message
