"""How burnmigrate's cost grows: one generated burn 0.21 file of 64 KB to 8 MB, and projects of
10 to 3,000 generated files. Prints wall time and peak RSS (the largest process of the run:
the main one or a worker) per size, for `--dry-run --no-cache` in text and JSON (cold: without `--no-cache` the JSON run
would read the text run's cached result).

    python bench/scaling.py [--sizes-kb 64,256,1024,5120,8192] [--files 10,100,1000,3000] [--out FILE]

Two kinds of file: "dense", the worst case for the rules (about one change every 25 bytes: every
item generic over a backend, every tensor type and device named with it), and "generated
model", what burn-import writes for a large ONNX model (one struct of layers, `new`, `forward`). Results go to
`bench/results/scaling.json`. A benchmark, not a test: nothing fails on a number.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

UNIT = """
pub fn f{n}<B: Backend>(x: Tensor<B, 2>, d: &B::Device) -> Tensor<B, 2> {{
    let y = Tensor::<B, 2>::zeros([2, 2], d);
    x + y
}}
"""
MANIFEST = '[package]\nname = "scale"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = "0.21"\n'


def _source(size: int) -> str:
    parts, n, total = ["use burn::prelude::*;\n"], 0, 0
    while total < size:
        s = UNIT.format(n=n)
        parts.append(s)
        total += len(s)
        n += 1
    return "".join(parts)


def _generated_model(size: int) -> str:
    """What burn-import writes for a large ONNX model: one struct of layers, its `new` and a
    `forward` that chains them (a change every ~75 bytes)."""
    per = 190
    n = max(1, size // per)
    fields = "".join(f"    conv{k}: Conv2d<B>,\n" for k in range(n))
    inits = "".join(f"            conv{k}: Conv2dConfig::new([3, 3], [3, 3]).with_padding(PaddingConfig2d::Same).init(device),\n"
                    for k in range(n))
    fwd = "".join(f"        let x = self.conv{k}.forward(x);\n" for k in range(n))
    return ("use burn::nn::conv::{Conv2d, Conv2dConfig};\nuse burn::nn::PaddingConfig2d;\nuse burn::prelude::*;\n\n"
            f"#[derive(Module, Debug)]\npub struct Model<B: Backend> {{\n{fields}}}\n\n"
            f"impl<B: Backend> Model<B> {{\n    pub fn new(device: &B::Device) -> Self {{\n        Self {{\n{inits}        }}\n    }}\n\n"
            f"    pub fn forward(&self, x: Tensor<B, 4>) -> Tensor<B, 4> {{\n{fwd}        x\n    }}\n}}\n")


def _measure(cmd: list[str]) -> tuple[float, int, int]:
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    # Linux's wait4 rusage: ru_maxrss is the largest process of the waited tree (the main one or
    # a worker it waited for)
    return wall, ru.ru_maxrss // 1024, os.waitstatus_to_exitcode(status)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes-kb", default="64,256,1024,5120,8192")
    ap.add_argument("--files", default="10,100,1000,3000")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "scaling.json")
    args = ap.parse_args()
    bm = shutil.which(os.environ.get("BURNMIGRATE_BIN", "burnmigrate"))
    if bm is None:
        print("scaling: `burnmigrate` is not on PATH (pip install -e .)", file=sys.stderr)
        return 2
    rows = []
    with tempfile.TemporaryDirectory(prefix="bm-scaling-") as tmp:
        for kind, make in (("dense", _source), ("generated model", _generated_model)):
            for kb in [int(x) for x in args.sizes_kb.split(",") if x]:
                d = Path(tmp) / f"file-{kb}"
                (d / "src").mkdir(parents=True)
                (d / "Cargo.toml").write_text(MANIFEST)
                (d / "src" / "lib.rs").write_text(make(kb * 1024))
                for fmt in ("text", "json"):
                    wall, mb, code = _measure([bm, "--dry-run", "--no-progress", "--no-cache", "--format", fmt, str(d)])
                    rows.append({"kind": f"one file, {kind}", "size_kb": kb, "format": fmt, "seconds": round(wall, 2),
                                 "peak_mb": mb, "exit": code})
                    print(f"{kind:>15} {kb:>6} KB  {fmt:<4}  {wall:7.2f} s  {mb:5d} MB  exit {code}", flush=True)
                shutil.rmtree(d)
        for n in [int(x) for x in args.files.split(",") if x]:
            d = Path(tmp) / f"files-{n}"
            (d / "src").mkdir(parents=True)
            (d / "Cargo.toml").write_text(MANIFEST)
            mods = []
            for k in range(n):
                (d / "src" / f"m{k}.rs").write_text(_source(2048))
                mods.append(f"pub mod m{k};\n")
            (d / "src" / "lib.rs").write_text("".join(mods))
            wall, mb, code = _measure([bm, "--dry-run", "--no-progress", "--no-cache", "--format", "text", str(d)])
            rows.append({"kind": "project", "files": n, "format": "text", "seconds": round(wall, 2), "peak_mb": mb, "exit": code})
            print(f"project {n:>6} files      {wall:7.2f} s  {mb:5d} MB  exit {code}", flush=True)
            shutil.rmtree(d)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"date": time.strftime("%Y-%m-%d"), "rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
