"""burn-backend-feature's `[dev-dependencies] burn` entry (reading 32) is made only when a feature
goes to it: a backend that tests and the library both use goes to [dependencies] once, and the
tests have it from there, so no empty dev entry is written."""
from __future__ import annotations

from burnmigrate.engine import Options, run

MANIFEST = '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\nburn = "0.21"\n'


def _manifest_after(tmp_path, lib: str, test: str) -> str:
    root = tmp_path / "p"
    (root / "src").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "Cargo.toml").write_text(MANIFEST)
    (root / "src" / "lib.rs").write_text(lib)
    (root / "tests" / "t.rs").write_text(test)
    res = run(root, Options(jobs=1))
    (m,) = [r for r in res.all_results if r.path == "Cargo.toml"]
    return (m.final or m.original).decode()


TEST = "use burn::tensor::Device;\n\n#[test]\nfn t() {\n    let _d = Device::flex();\n}\n"


def test_a_backend_the_library_uses_too_makes_no_dev_entry(tmp_path):
    after = _manifest_after(tmp_path, "use burn::tensor::Device;\n\npub fn d() -> Device {\n    Device::flex()\n}\n", TEST)
    assert "[dev-dependencies]" not in after and 'features = ["flex"]' in after, after


def test_a_backend_only_tests_use_gets_the_dev_entry(tmp_path):
    after = _manifest_after(tmp_path, "pub fn nothing() {}\n", TEST)
    assert after.endswith('[dev-dependencies]\nburn = { version = "0.22.1", features = ["flex"] }\n'), after
