"""bench/real_projects.py compiles a project unless its build would download (LLVM, libtorch):
judged from what the build enables, not from a feature name that happens to match (issue 25,
"Real code in the loop": a project feature named `cpu` that forwards `burn/flex` builds here)."""
from __future__ import annotations

from pathlib import Path

from bench_scripts import load


def _real_projects():
    return load("real_projects")


def _manifest(d: Path, text: str) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    (d / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\n\n' + text)
    return d


def test_a_project_feature_named_like_a_downloading_one_is_not(tmp_path):
    rp = _real_projects()
    root = _manifest(tmp_path / "a", '[features]\ndefault = ["cpu"]\ncpu = ["burn/flex"]\nrocm = ["burn/rocm"]\n\n'
                                      '[dependencies]\nburn = { version = "0.21", default-features = false }\n')
    assert rp.blocked(root, []) == ""


def test_a_default_feature_forwarding_a_downloading_burn_feature_blocks(tmp_path):
    rp = _real_projects()
    root = _manifest(tmp_path / "b", '[features]\ndefault = ["gpu"]\ngpu = ["rocm"]\nrocm = ["burn/rocm", "burn/fusion"]\n'
                                      'cpu = ["burn/ndarray"]\n\n[dependencies]\nburn = "0.21"\n')
    assert "`rocm`" in rp.blocked(root, [])
    # the bench's `cargo_args` choose a feature set that does not download
    assert rp.blocked(root, ["--no-default-features", "--features", "cpu"]) == ""
    assert "`rocm`" in rp.blocked(root, ["--no-default-features", "--features", "cpu,gpu"])


def test_a_burn_dependency_with_a_downloading_feature_blocks(tmp_path):
    rp = _real_projects()
    root = _manifest(tmp_path / "c", '[target.\'cfg(unix)\'.dev-dependencies]\nburn = { version = "0.21", features = ["cuda"] }\n')
    assert "`cuda`" in rp.blocked(root, [])
    git = _manifest(tmp_path / "d", '[dependencies]\nburn = { git = "https://github.com/tracel-ai/burn" }\n')
    assert rp.blocked(git, []).startswith("git dependency")
