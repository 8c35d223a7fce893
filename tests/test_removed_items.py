"""removed-items on shapes the compiled corpus cannot hold (features the compile groups do not
build: burn's `server`, a `cfg_if!` crate, a learner set-up): located findings, nothing rewritten."""
from __future__ import annotations

from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import CrateFacts
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.index import collect, merge


def findings(src: str, path: str = "src/lib.rs") -> list:
    facts = collect(path, src.encode())
    res = rewrite_source(path, src.encode(), merge([facts]), CrateFacts(), source_rules())
    return [c for c in res.changes if c.rule == "removed-items"]


def test_server_start_inside_cfg_if_is_found_in_the_token_tree():
    src = """pub fn start(port: u16) {
    cfg_if::cfg_if! {
        if #[cfg(feature = "webgpu")] {
            burn::server::start_websocket::<burn::backend::WebGpu>(Default::default(), port);
        } else {
            // burn::server::start_websocket is gone: a comment is not code
            panic!("no backend");
        }
    }
}
"""
    got = findings(src)
    assert sorted((c.start_line, c.message.split("`")[1]) for c in got) == [
        (4, "backend::WebGpu"), (4, "server::start_websocket")]
    assert "RemoteServer::new" in next(c.reason for c in got if "start_websocket" in c.message)
    assert next(c.reason for c in got if "WebGpu" in c.message) == (
        "burn 0.22.1 has no `burn::backend::WebGpu` backend type: a WebGPU device is "
        "`Device::webgpu(DeviceKind::DefaultDevice)` (feature `webgpu`).")


def test_file_checkpointer_is_rewritten_and_its_recorder_flagged_until_it_goes():
    src = "pub fn b(l: L) -> L {\n    l.with_file_checkpointer(CompactRecorder::new())\n}\n"
    facts = collect("src/lib.rs", src.encode())
    res = rewrite_source("src/lib.rs", src.encode(), merge([facts]), CrateFacts(), source_rules())
    assert b"l.with_default_checkpointers()" in res.final
    (c,) = [c for c in res.changes if c.rule == "training-builder"]
    assert c.safety.value == "review" and "burnpack" in c.reason and "not visible here" in c.reason
    assert not [f for f in res.changes if f.rule == "removed-items" and "with_file_checkpointer" in f.message]


def test_rl_training_gets_its_own_checkpointer_name():
    src = ("pub fn b(env: E) {\n    let t = RLTraining::new(\"dir\", env);\n"
           "    let t = t.with_file_checkpointer(CompactRecorder::new()).renderer(MyRenderer);\n}\n")
    facts = collect("src/lib.rs", src.encode())
    res = rewrite_source("src/lib.rs", src.encode(), merge([facts]), CrateFacts(), source_rules())
    assert b"t.with_checkpointer().renderer(Box::new(MyRenderer))" in res.final


def test_a_projects_own_record_type_is_not_flagged():
    src = ("#[derive(Module, Debug)]\npub struct Net { x: usize }\npub struct NetRecord { y: usize }\n"
           "pub fn f(r: NetRecord) -> usize { r.y }\n")
    assert findings(src) == []


def test_save_file_with_the_path_only_is_fine():
    src = "pub fn s(m: M) { m.save_file(\"m\").unwrap(); let _ = m.load_file(\"m\"); }\n"
    assert findings(src) == []


def test_burn_store_items_0_22_1_dropped_name_their_burn_pack_successors():
    src = ("use burn_store::{ModuleSnapshot, TensorSnapshot};\nuse burn::store::BurnpackWriter;\n"
           "pub fn n(t: &[TensorSnapshot]) -> usize { t.len() }\n")
    got = sorted((c.start_line, c.message) for c in findings(src))
    assert got == [(1, "`burn_store::TensorSnapshot` does not exist in burn 0.22.1"),
                   (2, "`burn::store::BurnpackWriter` does not exist in burn 0.22.1")]
    assert "burn_pack::Tensor" in findings(src)[0].reason
