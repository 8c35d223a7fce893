"""Capture real burn 0.22.1 compiler output for `burnmigrate diagnose`'s fixtures (issue 16).

    python bench/capture_diagnostics.py     # after the compile tier ran once (its workspace is reused)

Runs `cargo check --offline --message-format=json` in the compile tier's burn 0.22.1 workspace
(the corpus's before/ sides: real 0.21 code against the real 0.22.1) and writes, for each
chart entry it can show, one rendered compiler message to tests/fixtures/diagnose/<name>.txt,
with a header saying how it was made. Messages this machine cannot produce (GPU-only panics)
are written by hand from the chapters, in files whose header says so."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WANT = {   # fixture name → (code, message regex)
    "e0405-backend-trait": ("E0405", r"cannot find trait `Backend`"),
    "e0107-backend-argument": ("E0107", r"struct takes 0 generic arguments|takes 0 generic"),
    "e0432-burn-record": ("E0432", r"burn::record"),
}


# 0.22 code the corpus does not hold (it keeps compiling cases): small crates checked beside it
PROBES = {
    "e0277-module-not-satisfied": ("E0277", r"Module", """use burn::prelude::*;

pub struct Plain;

#[derive(Module, Debug)]
pub struct Net {
    fc: burn::nn::Linear,
    extra: Plain,
}
"""),
}


def _messages(stdout: str):
    """(cargo's JSON line, its compiler message) for each message cargo printed."""
    for line in stdout.splitlines():
        try:
            m = json.loads(line)
        except json.JSONDecodeError:
            continue
        yield m, m.get("message") or {}


def _probes(ws: Path, env: dict) -> dict[str, str]:
    import shutil
    import tempfile
    burn = next(l for l in (ws / "members").glob("*/Cargo.toml")).read_text().split("[dependencies]", 1)[1].split("\n")[1]
    out: dict[str, str] = {}
    tmp = Path(tempfile.mkdtemp(prefix="bm-probe-"))
    shutil.copy(ws / "Cargo.lock", tmp / "Cargo.lock")
    names = []
    for name, (_, _, src) in PROBES.items():
        d = tmp / name
        (d / "src").mkdir(parents=True)
        (d / "Cargo.toml").write_text(f'[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\n{burn}\n')
        (d / "src" / "lib.rs").write_text(src)
        names.append(name)
    (tmp / "Cargo.toml").write_text("[workspace]\nresolver = \"2\"\nmembers = [" + ", ".join(f'"{n}"' for n in names) + "]\n")
    p = subprocess.run(["cargo", "check", "--offline", "--workspace", "--keep-going", "--message-format=json"],
                       cwd=tmp, capture_output=True, text=True, env=env)
    for m, msg in _messages(p.stdout):
        target = (m.get("target") or {}).get("name", "").replace("_", "-")
        code = (msg.get("code") or {}).get("code")
        if target in PROBES and target not in out and code == PROBES[target][0] and re.search(PROBES[target][1], msg.get("rendered", "")):
            out[target] = msg["rendered"]
    shutil.rmtree(tmp, ignore_errors=True)
    return out


def main() -> int:
    cache = Path(os.environ.get("BURNMIGRATE_CACHE", Path.home() / ".cache" / "burnmigrate"))
    ws = cache / "compile-tier" / "burn-0.22"
    if not (ws / "Cargo.toml").is_file():
        print("run the compile tier once first (its burn 0.22.1 workspace is reused)", file=sys.stderr)
        return 2
    env = dict(os.environ, CARGO_TARGET_DIR=str(cache / "target"))
    p = subprocess.run(["cargo", "check", "--offline", "--workspace", "--keep-going", "--message-format=json"],
                       cwd=ws, capture_output=True, text=True, env=env)
    found: dict[str, str] = {}
    for _, msg in _messages(p.stdout):
        code = (msg.get("code") or {}).get("code")
        for name, (want, rx) in WANT.items():
            if name not in found and code == want and re.search(rx, msg.get("rendered", "")):
                found[name] = msg["rendered"]
    found.update(_probes(ws, env))
    out = ROOT / "tests" / "fixtures" / "diagnose"
    out.mkdir(parents=True, exist_ok=True)
    for name, text in found.items():
        (out / f"{name}.txt").write_text(f"# made by bench/capture_diagnostics.py: cargo check of the corpus's 0.21 code "
                                         f"against the real burn 0.22.1 (rustc's rendered message)\n{text}")
    print(f"captured {sorted(found)}; missing {sorted(set(WANT) - set(found))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
