"""`burnmigrate remap --since REV`: renamed fields of the project's own modules, paired between
a git revision and the working tree, become `with_remap_pattern` calls (pitfall 18)."""
from __future__ import annotations

import json
import subprocess
import sys

OLD = """use burn::nn::Linear;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Block<B: Backend> {
    proj: Linear<B>,
    gate: burn::nn::LayerNorm<B>,
}

#[derive(Module, Debug)]
pub struct Pair<B: Backend> {
    a: Linear<B>,
    b: Linear<B>,
}

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    blocks: Vec<Block<B>>,
    head: Linear<B>,
}
"""
NEW = """use burn::nn::Linear;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Block {
    projection: Linear,
    gate: burn::nn::LayerNorm,
}

#[derive(Module, Debug)]
pub struct Pair {
    x: Linear,
    y: Linear,
}

#[derive(Module, Debug)]
pub struct Net {
    blocks: Vec<Block>,
    classifier: Linear,
}

pub fn load(net: Net) -> Net {
    let mut store = burn::store::BurnpackStore::from_file("net.bpk");
    let _ = &mut store;
    net
}
"""


def _repo(tmp_path):
    root = tmp_path / "p"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = "0.21"\n')
    (root / "src" / "lib.rs").write_text(OLD)
    git = lambda *a: subprocess.run(["git", *a], cwd=root, check=True, capture_output=True)
    git("init", "-q")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qam", "x", "--allow-empty")
    git("add", "-A")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "0.21")
    (root / "src" / "lib.rs").write_text(NEW)
    return root


def cli(*args):
    return subprocess.run([sys.executable, "-m", "burnmigrate", *map(str, args)], capture_output=True, text=True)


def test_renames_are_paired_by_type_and_nested_paths_get_their_prefix(tmp_path):
    root = _repo(tmp_path)
    r = cli("remap", "--since", "HEAD", "--format", "json", root)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    pats = {(p["from"], p["to"]) for p in doc["patterns"]}
    assert pats == {(r"^blocks\.(\d+)\.proj\.", "blocks.$1.projection."), (r"^head\.", "classifier.")}
    # two fields of one type renamed at once: not guessed
    assert any(u.startswith("Pair.a (Linear)") for u in doc["unpaired"]) and any(u.startswith("Pair.x") for u in doc["unpaired"])
    assert doc["load_sites"] == ["src/lib.rs:23"]


def test_write_adds_the_calls_at_the_burnpack_load_sites(tmp_path):
    root = _repo(tmp_path)
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qam", "0.22"], cwd=root, check=True)
    (root / "src" / "lib.rs").write_text(NEW)   # the rename is in HEAD now: remap against HEAD~1
    r = cli("remap", "--since", "HEAD~1", "--write", root)
    assert r.returncode == 0, r.stderr
    src = (root / "src" / "lib.rs").read_text()
    assert 'BurnpackStore::from_file("net.bpk").with_remap_pattern(r"^blocks\\.(\\d+)\\.proj\\.", "blocks.$1.projection.")' in src
    again = cli("remap", "--since", "HEAD~1", "--write", root)
    assert (root / "src" / "lib.rs").read_text() == src and again.returncode == 0   # written once


def test_a_bad_revision_is_one_line(tmp_path):
    root = _repo(tmp_path)
    r = cli("remap", "--since", "no-such-rev", root)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "not a git revision" in r.stderr


def test_safetensors_sites_get_key_remapping_and_load_file_sites_are_listed(tmp_path):
    root = _repo(tmp_path)
    extra = """
pub fn load_st(net: Net) -> Net {
    let mut store = burn::store::SafetensorsStore::from_file("net.safetensors");
    let _ = &mut store;
    net
}

pub fn load_record(net: Net) -> Net {
    net.load_file("net.bpk")
}
"""
    (root / "src" / "lib.rs").write_text(NEW + extra)
    r = cli("remap", "--since", "HEAD", "--format", "json", root)
    doc = json.loads(r.stdout)
    assert doc["record_sites"] == ["src/lib.rs:35"]
    assert "BurnpackStore::from_file(path).with_remap_pattern(" in doc["record_form"] and "load_from(&mut store)" in doc["record_form"]
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qam", "0.22"], cwd=root, check=True)
    (root / "src" / "lib.rs").write_text(NEW + extra)
    r = cli("remap", "--since", "HEAD~1", "--write", root)
    assert r.returncode == 0, r.stderr
    src = (root / "src" / "lib.rs").read_text()
    assert 'SafetensorsStore::from_file("net.safetensors").with_key_remapping(r"^blocks\\.(\\d+)\\.proj\\.", "blocks.$1.projection.")' in src
    assert 'net.load_file("net.bpk")' in src and "load_file sites" in r.stdout
