"""A call into the package's own library from an example, a bin or a test (`use my_lib::training::
train;`) resolves to that library's module, as rustc resolves it, not to every project fn of the
name (a `train` of another module, its device at another place, made the drop a question).
Calls into the library's inline modules are not resolved this way (the index reads file modules)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

MANIFEST = '[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = {{ version = "0.21", features = ["flex", "autodiff"] }}\n'


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, body in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(body)


@pytest.mark.parametrize("call", ["train::<Autodiff<Flex>>(\"/tmp/x\", device)",
                                  "my_lib::training::train::<Autodiff<Flex>>(\"/tmp/x\", device)"])
def test_an_example_calls_its_own_librarys_fn(tmp_path, call):
    _write(tmp_path, {
        "Cargo.toml": MANIFEST.format(name="my-lib"),
        "src/lib.rs": "pub mod other;\npub mod training;\n",
        "src/training.rs": "use burn::tensor::backend::AutodiffBackend;\n"
                           "pub fn train<B: AutodiffBackend>(dir: &str, device: B::Device) {\n"
                           "    let _ = dir;\n    B::seed(&device, 1);\n}\n",
        # another module's fn of the same name, its device in another place
        "src/other.rs": "use burn::tensor::backend::AutodiffBackend;\n"
                        "pub fn train<B: AutodiffBackend>(device: &B::Device, steps: usize) {\n"
                        "    let _ = steps;\n    B::seed(device, 1);\n}\n",
        "examples/run.rs": "use burn::backend::{Autodiff, Flex};\nuse my_lib::training::train;\n\nfn main() {\n"
                           f"    let device = Default::default();\n    {call};\n}}\n",
    })
    p = subprocess.run([sys.executable, "-m", "burnmigrate", "preview", "--format", "json", "--no-progress",
                        "--no-cache", str(tmp_path)], capture_output=True, text=True)
    assert p.returncode in (0, 1), p.stderr
    records = [c for f in json.loads(p.stdout)["files"] if f["path"] == "examples/run.rs" for c in f["changes"]]
    drop = [c for c in records if c["rule"] == "backend-turbofish" and "drop backend argument" in c["message"]]
    assert [(c["safety"], c["message"]) for c in drop] == [
        ("safe", "drop backend argument `Autodiff<Flex>` from `train::<..>` and pass an autodiff device")]
