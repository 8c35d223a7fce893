"""Capture real burn 0.22.1 run-time errors for `burnmigrate diagnose`'s fixtures (issue 16).

    python bench/capture_panics.py     # builds bench/panic_probe.rs on Flex (first run: a few minutes)

Builds a small program against the real burn 0.22.1 (features flex, autodiff, store; the
compile tier's lock) that hits, one by one, a consumed graph tape, a backward without a
tracked tensor, a shape error inside burn-tensor, an old config file, a checkpoint without a
tensor and a checkpoint of another shape; runs it with RUST_BACKTRACE=1 and writes each
panic (stderr section) or error (stdout line) to tests/fixtures/diagnose/r*.txt."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAD = "# made by bench/capture_panics.py: bench/panic_probe.rs run on Flex against the real burn 0.22.1\n"


def main() -> int:
    cache = Path(os.environ.get("BURNMIGRATE_CACHE", Path.home() / ".cache" / "burnmigrate"))
    lock = cache / "compile-tier" / "burn-0.22" / "Cargo.lock"
    crate = Path(tempfile.mkdtemp(prefix="bm-panics-")) / "panicprobe"
    (crate / "src").mkdir(parents=True)
    (crate / "Cargo.toml").write_text('[package]\nname = "panicprobe"\nversion = "0.1.0"\nedition = "2024"\n\n'
                                      '[dependencies]\nburn = { version = "=0.22.1", features = ["flex", "autodiff", "store"] }\n\n[workspace]\n')
    shutil.copy(ROOT / "bench" / "panic_probe.rs", crate / "src" / "main.rs")
    if lock.is_file():
        shutil.copy(lock, crate / "Cargo.lock")
    text = (crate / "src" / "main.rs").read_text().replace("/tmp/panicprobe", str(crate))
    (crate / "src" / "main.rs").write_text(text)
    env = dict(os.environ, RUST_BACKTRACE="1", CARGO_TARGET_DIR=str(cache / "target-probe"))
    p = subprocess.run(["cargo", "run", "--offline", "-q"], cwd=crate, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        print(p.stderr[-2000:], file=sys.stderr)
        return 1
    out = ROOT / "tests" / "fixtures" / "diagnose"
    panics = re.split(r"(?m)^(?=thread 'main'.*panicked at)", p.stderr)
    panics = [x for x in panics if "panicked at" in x]
    names = {"tape-consumed": "r12-tape-consumed", "grad-none": "r11-grad-none", "shape-in-burn-tensor": "r09-burn-tensor-location"}
    sections = re.split(r"(?m)^=== ", p.stdout)[1:]
    k = 0
    for sec in sections:
        name, _, body = sec.partition("\n")
        if name in names and k < len(panics):
            (out / f"{names[name]}.txt").write_text(HEAD + panics[k])
            k += 1
        elif body.startswith("error: "):
            target = {"missing-field": "r17-missing-field", "missing-tensors": "r18-missing-tensors",
                      "shape-mismatch": "r19-shape-mismatch"}[name]
            (out / f"{target}.txt").write_text(HEAD + body)
    print("wrote", sorted(f.name for f in out.glob("r*.txt")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
