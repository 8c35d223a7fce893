#!/usr/bin/env python3
"""The floor under any Python + tree-sitter migration of a tree: start Python, list the `.rs`
files, read and parse each once with tree-sitter-rust, in one process per core, and do nothing
else (no rule, no query, no output).

    python bench/parse_floor.py DIR [--jobs N]

Prints one JSON line (files, MB, seconds). bench/speed.py times it beside ast-grep and
burnmigrate: a cold burnmigrate run cannot be faster than this.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path


def _parse_all(paths: list[str]) -> int:
    import tree_sitter_rust
    from tree_sitter import Language, Parser
    parser = Parser(Language(tree_sitter_rust.language()))
    n = 0
    for p in paths:
        src = Path(p).read_bytes()
        parser.parse(src)
        n += len(src)
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    t0 = time.perf_counter()
    files = sorted(str(p) for p in Path(a.dir).rglob("*.rs") if p.is_file())
    shards = [files[k::a.jobs] for k in range(a.jobs)]
    with Pool(a.jobs) as pool:
        size = sum(pool.map(_parse_all, shards))
    print(json.dumps({"files": len(files), "mb": round(size / 1e6, 1), "jobs": a.jobs,
                      "seconds": round(time.perf_counter() - t0, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
