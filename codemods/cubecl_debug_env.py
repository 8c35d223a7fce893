"""cubecl-debug-env — CubeCL debug logging switched on by the project (pitfall 22).

What it does:
    Reports `CUBECL_DEBUG_LOG` / `CUBECL_DEBUG_OPTION` set by the project: in Rust
    (`std::env::set_var("CUBECL_DEBUG_LOG", ..)`), in `.cargo/config.toml` `[env]`, in CI
    workflow files, shell scripts, Makefiles, justfiles, Dockerfiles and `.env` files.

Why:
    With CubeCL's debug log on, every launch is logged and profiled: timings, benchmarks and
    autotune results change (tuning picks kernels under the logging's cost, and the cache keeps
    them) — pitfall 22. Keep it out of benchmark and CI runs; clear the autotune cache after a
    logged run.

Example:
    .cargo/config.toml:  [env] CUBECL_DEBUG_LOG = "stdout"
    → finding: "timings and autotune results change while it is on".

Fix safety:
    finding only (it is a debugging choice).

Reproduction check:
    a benchmark with and without the variable: slower with it, and a different tuned kernel.
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import DataFileRule, FindingRule
from burnmigrate.rust.context import FileContext

_VAR = re.compile(r"CUBECL_DEBUG_(?:LOG|OPTION)")
_WHY = ("CubeCL logs (and profiles) every launch while it is on: timings, benchmarks and autotune results change, "
        "and the autotune cache keeps what was tuned under it (pitfall 22); keep it out of benchmark and CI runs")


class CubeclDebugEnv(FindingRule, DataFileRule):
    id = "cubecl-debug-env"
    name = "CubeCL debug logging set by the project"
    pitfalls = (22,)
    guide = "R28"
    triggers = (b"CUBECL_DEBUG_",)
    data_files = ("config.toml", "*.yml", "*.yaml", "*.sh", "Makefile", "justfile", "Justfile", "Dockerfile", ".env")
    check = Check("a benchmark with and without the variable: slower with it, another tuned kernel", "cargo bench", ())

    @staticmethod
    def reads_data(index) -> bool:
        return True

    def run(self, ctx: FileContext) -> list[Change]:
        out = []
        for m in re.finditer(rb"set_var\s*\(\s*\"(CUBECL_DEBUG_(?:LOG|OPTION))\"", ctx.src):
            out.append(self.finding((m.start(), m.end()), f"`{m.group(1).decode()}` set in code", _WHY))
        return out

    def run_data(self, rel: str, src: str, index, opts) -> tuple[str, list[Change]]:
        if rel.endswith("config.toml") and "/.cargo/" not in "/" + rel:
            return src, []
        out = []
        for m in _VAR.finditer(src):
            line_start = src.rfind("\n", 0, m.start()) + 1
            line = src[line_start:src.find("\n", m.start()) if "\n" in src[m.start():] else len(src)]
            if line.lstrip().startswith(("#", "//")) or "unset" in line:
                continue
            at = len(src[:m.start()].encode("utf-8"))
            out.append(self.finding((at, at + len(m.group(0))), f"`{m.group(0)}` set in `{rel}`", _WHY))
        return src, out
