"""burn-needed-features in a workspace: burn's own implications count (`train` turns on `optim`,
`optim` turns on `autodiff`), but per member: a member that uses `burn::optim` builds alone
(`cargo build -p`) with its own features, so another member's `train` does not lend it `optim`
(reading 53 made the closure; the per-member reading keeps it from dropping a needed feature)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

OPTIM_USER = "use burn::optim::AdamConfig;\n\npub fn optimizer() -> AdamConfig {\n    AdamConfig::new()\n}\n"
PLAIN = "pub fn nothing() {}\n"


def _workspace(tmp_path, second_body: str):
    ws = tmp_path / "ws"
    (ws / "Cargo.toml").parent.mkdir(parents=True)
    (ws / "Cargo.toml").write_text('[workspace]\nmembers = ["trainer", "second"]\nresolver = "2"\n\n'
                                   '[workspace.dependencies]\nburn = { version = "0.21", default-features = false }\n')
    for name, feats, body in (("trainer", '"std", "train", "flex"', OPTIM_USER), ("second", '"std", "flex"', second_body)):
        (ws / name / "src").mkdir(parents=True)
        (ws / name / "Cargo.toml").write_text(f'[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2021"\n\n'
                                              f'[dependencies]\nburn = {{ workspace = true, features = [{feats}] }}\n')
        (ws / name / "src" / "lib.rs").write_text(body)
    return ws


def _needed(ws) -> list[str]:
    r = subprocess.run([sys.executable, "-m", "burnmigrate", "--dry-run", "--no-cache", "--format", "json", str(ws)],
                       check=False, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    doc = json.loads(r.stdout)
    return [f"{f['path']}: {c['message']}" for f in doc["files"] for c in f["changes"] if c["rule"] == "burn-needed-features"]


def test_a_member_without_train_that_uses_optim_gets_it_at_the_root(tmp_path):
    assert _needed(_workspace(tmp_path, OPTIM_USER)) == [
        "Cargo.toml: `burn` has default-features = false: add `optim` (the code needs it on 0.22.1)"]


def test_only_the_member_with_train_uses_optim_so_nothing_is_added(tmp_path):
    assert _needed(_workspace(tmp_path, PLAIN)) == []
