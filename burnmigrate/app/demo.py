"""`burnmigrate demo`: a small burn 0.21 crate shipped in the package (a model, a training loop,
a Cargo.toml with `cpu` and `default-features = false`), copied to a temp dir to be migrated."""
from __future__ import annotations

import tempfile
from importlib import resources
from pathlib import Path


def make_demo() -> Path:
    """Copy the demo crate to a new temp dir (its `.in` files lose the suffix) → the crate's dir."""
    root = Path(tempfile.mkdtemp(prefix="burnmigrate-demo-")) / "demo"
    src = resources.files("burnmigrate") / "data" / "demo"
    for rel in ("Cargo.toml.in", "src/lib.rs.in", "src/model.rs.in"):
        dest = root / rel[: -len(".in")]
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(src.joinpath(rel).read_bytes())
    return root
