"""burn's Cargo features as the manifest rules need them: the table shipped as data
(`data/burn-features.toml`, per burn version), checked against burn's own Cargo.toml when that is
in cargo's registry cache."""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from burnmigrate.burn_api import feature_data
from burnmigrate.project import toml_read


@dataclass
class FeatureTable:
    version: str
    rust_version: str
    default: frozenset[str]
    known: frozenset[str]
    backends: frozenset[str]
    gpu_backends: frozenset[str]
    offline_cpu: str
    add_back_common: tuple[str, ...]
    add_back_gpu: tuple[str, ...]
    add_back_flex: tuple[str, ...]
    deprecated: dict[str, str]
    renamed: dict[str, str]
    removed: dict[str, str]
    gone_implicit: dict[str, str]   # 0.21's implicit dependency features 0.22.1 lacks → the plain twin
    constructors: dict[str, str]
    backend_types: dict[str, str]
    implied_backends: dict[str, str]      # a feature that brings a backend without naming one (train → flex)
    implies: dict[str, tuple[str, ...]]   # burn's features that turn on others (`metal` → `wgpu`)
    downloads_at_build: frozenset[str]    # backends whose build script downloads (no offline build)
    source: str = "burnmigrate's table"   # or the path of the resolved burn Cargo.toml

    def exists(self, feature: str) -> bool:
        return feature in self.known

    def gives_backend(self, features) -> bool:
        """Do these features give burn an execution backend (named, or implied: `train` → flex)?"""
        return bool(set(features) & self.backends) or any(f in self.implied_backends for f in features)

    def closure(self, features) -> set[str]:
        """`features` and every feature they turn on in burn (`metal` → `wgpu`)."""
        out, todo = set(features), list(features)
        while todo:
            for g in self.implies.get(todo.pop(), ()):
                if g not in out:
                    out.add(g)
                    todo.append(g)
        return out


def resolved_burn_manifest(version: str) -> Path | None:
    """burn's own Cargo.toml for `version` in cargo's registry cache, when it is on disk."""
    home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
    try:
        for src in sorted((home / "registry" / "src").glob("*")):
            p = src / f"burn-{version}" / "Cargo.toml"
            if p.is_file():
                return p
    except OSError:   # a cache this user cannot read (another user's HOME): as if there were none
        pass
    return None


@cache
def feature_table(version: str = "0.22.1") -> FeatureTable:
    raw = feature_data()["versions"]
    v = raw[version]
    if "same_as" in v:
        v = raw[v["same_as"]]
    table = FeatureTable(
        version=version, rust_version=v["rust_version"], default=frozenset(v["default"]),
        known=frozenset(v["known"]), backends=frozenset(v["backends"]),
        gpu_backends=frozenset(v["gpu_backends"]), offline_cpu=v["offline_cpu"],
        add_back_common=tuple(v["add_back_common"]), add_back_gpu=tuple(v["add_back_gpu"]),
        add_back_flex=tuple(v["add_back_flex"]), deprecated=dict(v["deprecated"]),
        renamed=dict(v["renamed"]), removed=dict(v["removed"]), gone_implicit=dict(v.get("gone_implicit", {})),
        constructors=dict(v["constructors"]), backend_types=dict(v["backend_types"]),
        implied_backends=dict(v.get("implied_backends", {})),
        implies={k: tuple(x) for k, x in v.get("implies", {}).items()}, downloads_at_build=frozenset(v.get("downloads_at_build", [])))
    disk = resolved_burn_manifest(version)
    if disk is not None:
        try:
            feats = toml_read.loads(disk.read_text("utf-8")).get("features", {})
            table.known = frozenset(feats)
            table.default = frozenset(feats.get("default", []))
            table.source = str(disk)
        except (OSError, toml_read.TOMLDecodeError):
            pass
    return table
