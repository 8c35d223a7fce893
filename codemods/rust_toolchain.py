"""rust-toolchain — a pinned toolchain older than burn 0.22.1 needs (R25).

What it does:
    Reads the project's `rust-toolchain.toml` / `rust-toolchain` files and reports a `channel`
    older than the `rust-version` burn 0.22.1 declares (1.95, from the shipped feature table
    read off the crate): a version (`"1.90"`, `"1.90.0"`), or a dated `nightly-YYYY-MM-DD` /
    `beta-YYYY-MM-DD` from before that version's nightly / beta started. `stable`, `beta`,
    `nightly` and newer pins are fine.

Why:
    cargo refuses to build a crate whose `rust-version` is above the toolchain: "package `burn
    v0.22.1` cannot be built because it requires rustc 1.95 or newer". `burn-version` raises the
    manifests' own `rust-version`; a pinned toolchain is the project's choice (CI images, other
    crates), so it is reported, not rewritten.

Example:
    rust-toolchain.toml: [toolchain] channel = "1.90.0"
    → finding: "`channel = "1.90.0"` is older than 1.95, which burn 0.22.1 requires".

Fix safety:
    finding only.

Reproduction check:
    `cargo check` with the pinned toolchain: "requires rustc 1.95 or newer" before; with the
    channel raised, the build starts.
"""
from __future__ import annotations

import re
from datetime import date

from burnmigrate.model import Change, Check, RuleKind
from burnmigrate.project import toml_read
from burnmigrate.rules import DataFileRule
from burnmigrate.rust.context import FileContext

# the first nightly / beta of each release line 0.22.1 may need (the train: a version is nightly
# for 6 weeks, then beta for 6, then stable; 1.95.0 was released 2026-04-16)
_TRAIN = {"1.95": {"nightly": date(2026, 1, 22), "beta": date(2026, 3, 5)}}
_VERSION = re.compile(r"^(\d+)\.(\d+)(?:\.(\d+))?$")
_DATED = re.compile(r"^(nightly|beta)-(\d{4})-(\d{2})-(\d{2})$")


def too_old(channel: str, required: str) -> bool:
    channel = channel.strip()
    req = tuple(int(x) for x in required.split("."))
    m = _VERSION.match(channel)
    if m:
        return (int(m.group(1)), int(m.group(2))) < req[:2]
    m = _DATED.match(channel)
    if m and required in _TRAIN:
        return date(int(m.group(2)), int(m.group(3)), int(m.group(4))) < _TRAIN[required][m.group(1)]
    return False


class RustToolchain(DataFileRule):
    id = "rust-toolchain"
    name = "pinned toolchain older than burn 0.22.1 needs"
    pitfalls = (1,)
    guide = "R25"
    kind = RuleKind.FINDING
    safety = None
    data_files = ("rust-toolchain.toml", "rust-toolchain")
    check = Check("`cargo check` with the pinned toolchain: \"requires rustc 1.95 or newer\"", "cargo check", ())

    def applies(self, ctx: FileContext) -> bool:
        return False   # it reads toolchain files (the data pass), not Rust sources

    def run(self, ctx: FileContext) -> list[Change]:
        return []

    @staticmethod
    def reads_data(index) -> bool:
        return True

    def run_data(self, rel: str, src: str, index, opts) -> tuple[str, list[Change]]:
        from burnmigrate.manifest.features import feature_table
        required = feature_table("0.22.1").rust_version
        channel, at = "", 0
        if rel.endswith(".toml"):
            try:
                channel = str(toml_read.loads(src).get("toolchain", {}).get("channel", ""))
            except toml_read.TOMLDecodeError:
                return src, []
            m = re.search(r"(?m)^\s*channel\s*=", src)
            at = m.start() if m else 0
        else:   # the legacy file: the channel alone on its first line (or a `[toolchain]` table)
            first = next((ln for ln in src.splitlines() if ln.strip()), "")
            if first.strip().startswith("["):
                return self.run_data(rel + ".toml", src, index, opts)
            channel = first.strip()
        if not channel or not too_old(channel, required):
            return src, []
        pos = len(src[:at].encode("utf-8"))
        return src, [self.finding((pos, pos + 1), f"the pinned toolchain `{channel}` is older than Rust {required}, "
                                                  "which burn 0.22.1 requires",
                                  f"cargo refuses to build burn 0.22.1 with it (\"requires rustc {required} or newer\"); "
                                  f"raise the channel to {required} or later (the manifests' `rust-version` is raised "
                                  "by `burn-version`)")]
