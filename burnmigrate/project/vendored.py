"""Vendored sources (issue 27 item 4): crates another tool copied into the tree are left alone.

`cargo vendor` writes each crate with a `.cargo-checksum.json` beside its `Cargo.toml`, and a
project that builds from them names the folder as a directory source in `.cargo/config.toml`
(`[source.vendored-sources] directory = "vendor"`). cargo checks every vendored file against
that checksum, so one byte changed there breaks the build; and a vendored burn is burn's code,
not the project's. A project's own folder that happens to be called `vendor/` (no checksum, not
a configured source) is the project's code and migrates."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

from burnmigrate.burn_api import BURN_CRATES, cubecl_for_0_21
from burnmigrate.project.dependencies import same_minor

CHECKSUM = ".cargo-checksum.json"


def directory_sources(root: Path) -> list[Path]:
    """The folders `.cargo/config.toml` (or the older `.cargo/config`) names as directory sources,
    in `root` and every folder above it (cargo reads them all), resolved against the folder
    that holds `.cargo/`."""
    out: list[Path] = []
    for d in (root, *root.parents):
        for name in ("config.toml", "config"):
            cfg = d / ".cargo" / name
            try:
                doc = tomllib.loads(cfg.read_text("utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue
            for spec in (doc.get("source") or {}).values():
                if isinstance(spec, dict) and isinstance(spec.get("directory"), str):
                    out.append((d / spec["directory"]).resolve())
    return out


def vendored_folders(root: Path, files: list[Path]) -> list[Path]:
    """Folders under `root` holding vendored crates: every configured directory source, and
    every folder with a `.cargo-checksum.json` among `files` (a listing of the tree)."""
    found = {p for p in directory_sources(root) if p == root or p.is_relative_to(root)}
    found |= {f.parent for f in files if f.name == CHECKSUM}
    return sorted(found)


def is_vendored_dir(d: Path, sources: list[Path]) -> bool:
    """For a walk that meets folders one by one: a vendored crate, or a configured source."""
    return os.path.exists(d / CHECKSUM) or any(d == s for s in sources)


def vendored_note(root: Path, folders: list[Path], skipped_files: int) -> str:
    """One note for them all (a `cargo vendor` tree holds hundreds of crates)."""
    sources = [f for f in folders if not (f / CHECKSUM).exists()]
    crates = [f for f in folders if (f / CHECKSUM).exists()]
    where = ", ".join(sorted({(f.relative_to(root).as_posix() or ".") for f in (sources or crates[:3])}))
    if not sources and len(crates) > 3:
        where += ", ..."
    return (f"{where}: vendored sources ({len(crates)} crate(s) with `{CHECKSUM}`, {skipped_files} file(s)) left as "
            "they are: cargo checks them against their checksums; after the upgrade, run `cargo vendor` again "
            "to vendor burn 0.22.1")


def is_burns_own(package: str, version: str = "") -> bool:
    """Is `package` (at `version`, '' unknown) one of burn's crates or CubeCL's? A `cubecl-*` crate is
    CubeCL's own only on the version line burn 0.21 built on (`cubecl-utils-rs` 0.1 is someone else's)."""
    return package in BURN_CRATES or package == "cubecl" or (package.startswith("cubecl-")
                                                              and same_minor(version, cubecl_for_0_21()))


def copy_note(folder: str, package: str) -> str:
    """The note for a copy of burn's own crate found in the tree (not migrated)."""
    return (f"{folder}: a copy of `{package}` (one of burn's or CubeCL's crates, as a `[patch]` keeps one) left as it "
            "is: it is burn's code at the release it was copied from, not the project's; a patch of it applies "
            "only while its version matches what the upgraded graph asks for (burn-dependent-crates says so)")
