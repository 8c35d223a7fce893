"""`burnmigrate verify` and `apply --verify [--back-out]` on projects built against our burn
shims (corpus/shim/), offline: both shim versions are patched in, so a manifest asking for 0.21
gets the 0.21 shim and one asking for 0.22 gets the 0.22.1 shim."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from corpus_cases import CORPUS

pytestmark = pytest.mark.skipif(shutil.which("cargo") is None, reason="cargo is not installed: verify needs it")

SHIM21 = CORPUS / "shim" / "burn-0.21"
SHIM22 = CORPUS / "shim" / "burn-0.22"
CARGO_ARGS = ["--cargo-arg=--offline",
              "--cargo-arg=--config", f'--cargo-arg=patch.crates-io.burn.path="{SHIM22}"',
              "--cargo-arg=--config", f'--cargo-arg=patch.crates-io.burn021.path="{SHIM21}"',
              "--cargo-arg=--config", '--cargo-arg=patch.crates-io.burn021.package="burn"']
MANIFEST = '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = "0.21"\n'


def cli(*args, cwd=None):
    env = {**os.environ, "NO_COLOR": "1",
           "CARGO_TARGET_DIR": str(Path(__file__).resolve().parent.parent / "target" / "verify-tests")}
    return subprocess.run([sys.executable, "-m", "burnmigrate", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=900)


def project(tmp_path: Path, lib: str) -> Path:
    root = tmp_path / "demo"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text(MANIFEST)
    (root / "src" / "lib.rs").write_text(lib)
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "0.21"]):
        subprocess.run(["git", *cmd], cwd=root, check=True, env=env, capture_output=True)
    return root


COVERED = """use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Model<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(4, 2).init(device) }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(x)
    }
}
"""

UNCOVERED = COVERED + """
macro_rules! zeros {
    ($b:ty, $d:expr) => { Tensor::<$b, 2>::zeros([2, 2], $d) };
}

pub fn make<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    zeros!(B, device)
}
"""


def test_verify_after_apply_reports_no_error_left(tmp_path):
    root = project(tmp_path, COVERED)
    r = cli("apply", root, *CARGO_ARGS[:0])
    assert r.returncode == 0, r.stderr
    v = cli("verify", root, *CARGO_ARGS, "--format", "json")
    doc = json.loads(v.stdout)
    assert doc["errors"] == 0, doc["diagnostics"]
    assert v.returncode == 0


def test_verify_names_the_rule_or_not_covered(tmp_path):
    root = project(tmp_path, UNCOVERED)
    assert cli("apply", root).returncode == 0
    v = cli("verify", root, *CARGO_ARGS, "--format", "json")
    assert v.returncode == 1
    doc = json.loads(v.stdout)
    errors = [d for d in doc["diagnostics"] if d["level"] == "error"]
    assert errors, doc
    for d in errors:
        assert d["status"] in ("flagged", "pending", "not-covered")
        assert d["rule"] or d["status"] == "not-covered"
    # the macro body keeps the 0.21 form: the backend-extension finding explains it
    assert any(d["rule"] == "backend-extension" and d["status"] == "flagged" for d in errors), errors
    text = cli("verify", root, *CARGO_ARGS).stdout
    assert "errors left" in text and "backend-extension" in text


# inherent impls specialised per backend: erased, both define `describe` (E0592), which the
# original did not have — apply --verify names the rule, --back-out restores it
CONFLICT = """use burn::backend::{NdArray, Wgpu};
use burn::prelude::*;

pub struct Model<B: Backend> {
    pub w: Tensor<B, 2>,
}

impl Model<Wgpu> {
    pub fn describe(&self) -> &'static str { "gpu" }
}

impl Model<NdArray> {
    pub fn describe(&self) -> &'static str { "cpu" }
}
"""


def test_apply_verify_blames_and_backs_out_the_rule_that_broke_a_file(tmp_path):
    root = project(tmp_path, CONFLICT)
    r = cli("apply", root, "--verify", *CARGO_ARGS)
    assert "new errors on lines changed by" in r.stdout + r.stderr
    assert "backend-type-argument" in r.stdout + r.stderr
    # back the rule out, file by file
    subprocess.run(["git", "checkout", "-q", "--", "."], cwd=root, check=True)
    r = cli("apply", root, "--verify", "--back-out", *CARGO_ARGS)
    lib = (root / "src" / "lib.rs").read_text()
    assert "impl Model<Wgpu>" in lib and "impl Model<NdArray>" in lib
    assert "backing those changes out" in r.stdout + r.stderr
