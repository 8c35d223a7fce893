"""A crate that makes deprecation warnings errors (reading 24): burn 0.22.1 deprecates
`Device::ndarray()`, so a change that writes it is review there (engine/lint_levels.py), and
project/lints.py finds the setting where cargo and rustc read it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from burnmigrate.project.lints import denies_deprecated

SRC = ("pub fn zeros() -> burn::tensor::Tensor<burn::backend::NdArray, 1> {\n"
       "    let device = burn::backend::ndarray::NdArrayDevice::default();\n"
       "    burn::tensor::Tensor::<burn::backend::NdArray, 1>::zeros([2], &device)\n}\n")
MANIFEST = '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = { version = "0.21", features = ["ndarray"] }\n'


def _crate(root: Path, manifest_tail: str = "", lib_head: str = "") -> Path:
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text(MANIFEST + manifest_tail)
    (root / "src" / "lib.rs").write_text(lib_head + SRC)
    return root


@pytest.mark.parametrize("tail, head, config, says", [
    ('\n[lints.rust]\nwarnings = "deny"\n', "", None, "`[lints.rust] warnings` denied"),
    ('\n[lints.rust]\ndeprecated = { level = "forbid", priority = 1 }\n', "", None, "`[lints.rust] deprecated` denied"),
    ("", "#![deny(missing_docs, warnings)]\n", None, "#![deny(missing_docs, warnings)]"),
    ("", "", '[build]\nrustflags = ["-D", "warnings"]\n', "rustflags `-D warnings`"),   # rustc's words
    ("", "", '[build]\nrustflags = ["-Dwarnings", "-C", "opt-level=1"]\n', "rustflags `-Dwarnings`"),
    ("", "", '[target.x86_64-unknown-linux-gnu]\nrustflags = "--deny=deprecated"\n', "rustflags `--deny=deprecated`"),
    ('\n[lints.rust]\nwarnings = "warn"\n', "#![warn(warnings)]\n", None, ""),
])
def test_where_a_crate_denies_deprecation(tmp_path, tail, head, config, says):
    root = _crate(tmp_path / "p", tail, head)
    if config is not None:
        (root / ".cargo").mkdir()
        (root / ".cargo" / "config.toml").write_text(config)
    got = denies_deprecated(root / "Cargo.toml", None)
    assert (says in got) if says else got == ""


def test_workspace_lints_count_where_the_member_takes_them(tmp_path):
    (tmp_path / "Cargo.toml").write_text('[workspace]\nmembers = ["p"]\n\n[workspace.lints.rust]\nwarnings = "deny"\n')
    root = _crate(tmp_path / "p", "\n[lints]\nworkspace = true\n")
    assert "[workspace.lints.rust] warnings" in denies_deprecated(root / "Cargo.toml", tmp_path)
    other = _crate(tmp_path / "q")   # a member that does not take them
    assert denies_deprecated(other / "Cargo.toml", tmp_path) == ""


def _records(root: Path) -> list[dict]:
    p = subprocess.run([sys.executable, "-m", "burnmigrate", "preview", "--format", "json", "--no-progress", str(root)],
                       capture_output=True, text=True)
    assert p.returncode in (0, 1), p.stderr
    return [c for f in json.loads(p.stdout)["files"] for c in f["changes"] if f["path"].endswith("lib.rs")]


@pytest.mark.parametrize("deny", [True, False])
def test_a_deprecated_constructor_is_review_only_where_the_crate_denies_it(tmp_path, deny):
    root = _crate(tmp_path / "p", '\n[lints.rust]\nwarnings = "deny"\n' if deny else "")
    written = [c for c in _records(root) if "Device::ndarray()" in c["message"]]
    assert written, "the device value is rewritten to NdArray's 0.22.1 constructor"
    assert all(c["safety"] == ("review" if deny else "safe") for c in written)
    if deny:
        assert all("denies it: `[lints.rust] warnings` denied" in c["reason"] for c in written)


def test_a_deprecated_backend_the_projects_feature_turns_on_is_reported(tmp_path):
    """`ndarray = ["burn/ndarray"]` under `[features]` turns NdArray on as a declared feature does
    (reading 24: the deprecation had no record there)."""
    root = tmp_path / "f"
    (root / "src").mkdir(parents=True)
    (root / "src" / "lib.rs").write_text("pub fn f() {}\n")
    (root / "Cargo.toml").write_text('[package]\nname = "f"\nversion = "0.1.0"\nedition = "2021"\n\n[features]\n'
                                     'default = ["ndarray"]\nndarray = ["burn/ndarray"]\n\n[dependencies]\n'
                                     'burn = { version = "0.21.0", default-features = false, features = ["std"] }\n')
    p = subprocess.run([sys.executable, "-m", "burnmigrate", "preview", "--format", "json", "--no-progress", str(root)],
                       capture_output=True, text=True)
    found = [c for f in json.loads(p.stdout)["files"] for c in f["changes"] if c["kind"] == "finding"]
    assert [(c["rule"], c["start"]["line"], c["message"]) for c in found] == [
        ("burn-feature-rename", 8, "`ndarray` (through feature `ndarray`) is deprecated")]
