"""`burnmigrate verify` and `apply --verify [--back-out]` end to end on small projects built
against the REAL burn crates (0.21.0 before, 0.22.1 after), and verify's answers when cargo fails
for a reason that is not the code's. Each project starts from the compile tier's committed
lock, so its registry versions are the pinned ones and cargo resolves them from the cache."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import realburn as R

pytestmark = [pytest.mark.compile_tier,
              pytest.mark.skipif(shutil.which("cargo") is None, reason="cargo is not installed: verify needs it")]

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MANIFEST = ('[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n\n'
            '[dependencies]\nburn = { version = "0.21", features = ["flex", "ndarray"] }\n')


def cli(*args, cwd=None):
    env = {**os.environ, "NO_COLOR": "1", "CARGO_TARGET_DIR": str(R.target_dir() / "verify-tests")}
    return subprocess.run([sys.executable, "-m", "burnmigrate", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=1800)


@pytest.fixture(scope="module")
def crates():
    """The pinned crates in cargo's cache (fetched once if missing, as the tier does)."""
    import corpus_cases
    where = R.cache_dir() / "compile-tier"
    for name in ("burn-0.21", "burn-0.22"):
        members = R.plan(corpus_cases.cases())[name]
        try:
            R.ensure_fetched(R.generate(name, R.groups()[name], members, where))
        except R.RegistryUnavailable as e:
            pytest.fail(f"verify tests: {e}", pytrace=False)


def project(tmp_path: Path, lib: str, manifest: str = MANIFEST) -> Path:
    root = tmp_path / "demo"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text(manifest)
    (root / "src" / "lib.rs").write_text(lib)
    shutil.copyfile(R.COMPILE / "burn-0.21.lock", root / "Cargo.lock")  # pinned versions, no network
    subprocess.run(["cargo", "metadata", "--offline", "--format-version", "1"], cwd=root, capture_output=True)  # prune it
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


def test_verify_after_apply_reports_no_error_left(tmp_path, crates):
    root = project(tmp_path, COVERED)
    assert cli("verify", root, "--offline", "--format", "json").returncode == 0  # real 0.21 code
    r = cli("apply", root)
    assert r.returncode == 0, r.stderr
    v = cli("verify", root, "--offline", "--format", "json")
    doc = json.loads(v.stdout)
    assert doc["errors"] == 0, doc["diagnostics"]
    assert v.returncode == 0


def test_verify_names_the_rule_or_not_covered(tmp_path, crates):
    root = project(tmp_path, UNCOVERED)
    assert cli("apply", root).returncode == 0
    v = cli("verify", root, "--offline", "--format", "json")
    assert v.returncode == 1
    doc = json.loads(v.stdout)
    errors = [d for d in doc["diagnostics"] if d["level"] == "error"]
    assert errors, doc
    for d in errors:
        assert d["status"] in ("flagged", "pending", "not-covered")
        assert d["rule"] or d["status"] == "not-covered"
    # the macro body keeps the 0.21 form: the backend-extension finding explains it
    assert any(d["rule"] == "backend-extension" and d["status"] == "flagged" for d in errors), errors
    text = cli("verify", root, "--offline").stdout
    assert "errors left" in text and "backend-extension" in text


# inherent impls specialised per backend: erased, both define `describe` (E0592), which the
# original did not have — apply --verify names the rule, --back-out restores it
CONFLICT = """use burn::backend::{Flex, NdArray};
use burn::prelude::*;

pub struct Model<B: Backend> {
    pub w: Tensor<B, 2>,
}

impl Model<Flex> {
    pub fn describe(&self) -> &'static str { "flex" }
}

impl Model<NdArray> {
    pub fn describe(&self) -> &'static str { "cpu" }
}
"""


def test_apply_verify_blames_and_backs_out_the_rule_that_broke_a_file(tmp_path, crates):
    root = project(tmp_path, CONFLICT)
    r = cli("apply", root, "--verify", "--offline")
    assert "new errors on lines changed by" in r.stdout + r.stderr
    assert "backend-type-argument" in r.stdout + r.stderr
    # back the rule out, file by file
    subprocess.run(["git", "checkout", "-q", "--", "."], cwd=root, check=True)
    r = cli("apply", root, "--verify", "--back-out", "--offline")
    lib = (root / "src" / "lib.rs").read_text()
    assert "impl Model<Flex>" in lib and "impl Model<NdArray>" in lib
    assert "backing those changes out" in r.stdout + r.stderr


def test_verify_exits_2_with_one_line_when_cargo_rejects_the_manifest(tmp_path, crates):
    """cargo fails before compiling (a feature burn 0.22.1 does not have): not "0 errors left"."""
    manifest = MANIFEST.replace('version = "0.21", features = ["flex", "ndarray"]', 'version = "=0.22.1", features = ["candle"]')
    root = project(tmp_path, "pub fn f() {}\n", manifest)
    v = cli("verify", root, "--offline")
    assert v.returncode == 2, v.stdout + v.stderr
    lines = [l for l in v.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and lines[0].startswith("burnmigrate: error: cargo failed before compiling"), v.stderr
    assert "candle" in lines[0]


def test_verify_offline_is_passed_to_cargo(tmp_path, crates):
    """`--offline` reaches cargo: a version nothing cached has cannot resolve, in one line."""
    manifest = MANIFEST.replace('version = "0.21", features = ["flex", "ndarray"]', 'version = "=0.19.1"')
    root = project(tmp_path, "pub fn f() {}\n", manifest)
    (root / "Cargo.lock").unlink()
    v = cli("verify", root, "--offline")
    assert v.returncode == 2, v.stdout + v.stderr
    assert "offline" in v.stderr and len([l for l in v.stderr.splitlines() if l.strip()]) == 1, v.stderr


def _log(tmp_path: Path, stderr: str, stdout: str = '{"reason":"build-finished","success":false}\n') -> Path:
    p = tmp_path / "cargo.log"
    p.write_text(stdout + stderr)
    return p


def test_a_build_script_that_downloads_is_its_pitfall(tmp_path):
    """The `cpu` feature offline: tracel-llvm-bundler's build script fails (a real capture) →
    an accounted error with chapter 2, exit 1 — not "cargo failed"."""
    root = project(tmp_path, "pub fn f() {}\n")
    stderr = "".join(l for l in (FIXTURES / "cargo-cpu-offline.stderr").read_text().splitlines(True) if not l.startswith("#"))
    v = cli("verify", root, "--cargo-log", _log(tmp_path, stderr), "--format", "json")
    assert v.returncode == 1, v.stdout + v.stderr
    doc = json.loads(v.stdout)
    [d] = [d for d in doc["diagnostics"] if d["level"] == "error"]
    assert d["code"] == "build-script" and d["rule"] == "burn-cpu-offline" and d["pitfalls"] == [2]
    assert d["status"] == "flagged" and "LLVM" in d["reason"]


def test_verify_reads_a_saved_cargo_log(tmp_path):
    """`--cargo-log` accounts for a saved JSON run exactly like a live one (the real_check bench
    uses it so cargo runs once)."""
    root = project(tmp_path, "use burn::tensor::backend::Backend;\npub fn f<B: Backend>() {}\n")
    msg = {"reason": "compiler-message", "manifest_path": str(root / "Cargo.toml"),
           "message": {"level": "error", "message": "unresolved import `burn::tensor::backend`",
                       "code": {"code": "E0432"}, "spans": [{"file_name": "src/lib.rs", "line_start": 1,
                                                              "column_start": 11, "is_primary": True,
                                                              "text": [{"text": "use burn::tensor::backend::Backend;"}]}]}}
    v = cli("verify", root, "--cargo-log", _log(tmp_path, "", json.dumps(msg) + "\n" + '{"reason":"build-finished","success":false}\n'),
            "--format", "json")
    assert v.returncode == 1, v.stderr
    [d] = json.loads(v.stdout)["diagnostics"]
    assert d["code"] == "E0432" and d["status"] == "pending" and d["rule"] == "backend-import"
    assert cli("verify", root, "--cargo-log", tmp_path / "missing.log").returncode == 2


def test_apply_update_lock_moves_the_lock_to_0_22_1(tmp_path, crates):
    """`apply --update-lock`: after the manifests, `cargo update -p burn@0.21.0 --precise 0.22.1`
    in the project's Cargo.lock; the report says what changed (issue 9)."""
    root = project(tmp_path, "use burn::prelude::*;\npub fn f<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> { x }\n")
    assert 'name = "burn"\nversion = "0.21.0"' in (root / "Cargo.lock").read_text()
    r = cli("apply", root, "--update-lock", "--offline")
    assert r.returncode == 0, r.stderr
    assert "Cargo.lock: burn 0.21.0 → 0.22.1" in r.stderr
    assert "Cargo.lock pins burn" not in r.stdout + r.stderr   # the report stays true (issue 27 item 12)
    lock = (root / "Cargo.lock").read_text()
    assert 'name = "burn"\nversion = "0.22.1"' in lock and 'version = "0.21.0"' not in lock.split('name = "burn"\n', 1)[1][:30]
    assert cli("verify", root, "--offline").returncode == 0   # the migrated crate builds on the updated lock
