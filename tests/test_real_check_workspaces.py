"""bench/real_check.py builds one workspace per example (issue 25, "Real code in the loop"): the
example, the sibling examples it depends on by path, burn's workspace tables without paths."""
from __future__ import annotations

from pathlib import Path

import tomlkit
from bench_scripts import load


def _real_check():
    return load("real_check")


def _crate(d: Path, name: str, deps: str = "", features: str = "") -> None:
    (d / "src").mkdir(parents=True)
    (d / "src" / "lib.rs").write_text("")
    (d / "Cargo.toml").write_text(f'[package]\nname = "{name}"\nversion = "0.1.0"\n\n[dependencies]\n{deps}\n{features}')


def test_each_example_gets_a_workspace_of_its_own(tmp_path):
    rc = _real_check()
    src = tmp_path / "burn"
    (src / "examples").mkdir(parents=True)
    (src / "Cargo.toml").write_text('[workspace]\nmembers = ["examples/*"]\nexclude = ["examples/old"]\n\n'
                                    '[workspace.dependencies]\nburn = { path = "crates/burn", version = "0.21.0" }\n')
    (src / "Cargo.lock").write_text("# lock\n")
    _crate(src / "examples" / "guide", "guide", "burn = { workspace = true }")
    _crate(src / "examples" / "trainer", "trainer", 'guide = { path = "../guide" }')
    _crate(src / "examples" / "old", "old")
    _crate(src / "examples" / "torch", "torch", 'burn = { workspace = true, features = ["tch"] }')
    members, skipped = rc.examples(src)
    assert members == ["guide", "trainer"]
    assert set(skipped) == {"old", "torch"}
    ws = tmp_path / "ws"
    rc.make_workspace(src, ws, "trainer")
    assert sorted(p.name for p in (ws / "examples").iterdir()) == ["guide", "trainer"]   # its path dependency
    root = tomlkit.parse((ws / "Cargo.toml").read_text())
    assert list(root["workspace"]["members"]) == ["examples/trainer"]
    assert "path" not in root["workspace"]["dependencies"]["burn"]
    assert (ws / "Cargo.lock").read_text() == "# lock\n"
