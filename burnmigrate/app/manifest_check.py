"""`verify`'s manifest check (issue 25 item 14): each Cargo.toml the migration changed against
the one in git's HEAD, for the burn crates it pulls under every combination of its own features
(burnmigrate/verify/features.py). Nothing to compare with outside git, or for a file HEAD lacks."""
from __future__ import annotations

import subprocess
from pathlib import Path

from burnmigrate import burn_api as api
from burnmigrate.manifest.features import feature_table
from burnmigrate.verify.features import Release, feature_problems


def releases() -> dict[str, Release]:
    """burn and its other crates as their 0.22 releases name their features."""
    table = feature_table()
    burn = {old: frozenset({new}) for old, new in table.renamed.items()}
    burn["webgpu"] = frozenset({"wgpu"})   # on a native crate 0.22's `webgpu` is the browser device
    burn["cpu"] = frozenset({"flex"})      # the offline CPU backend instead of LLVM's (pitfall 2)
    out = {"burn": Release(table.known, burn)}
    for crate, facts in api.crate_releases().items():
        out[crate] = Release(frozenset(facts.get("features", [])) if facts.get("release") else None, {})
    return out


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)


def manifest_feature_problems(root: Path) -> list[str]:
    """`path: what it pulls differently`, for every manifest changed since HEAD."""
    listed = _git(root, "ls-files", "-z", "--", "Cargo.toml", "*/Cargo.toml")
    if listed.returncode != 0:
        return []
    known = releases()
    out = []
    for rel in sorted(p for p in listed.stdout.decode().split("\0") if p):
        before = _git(root, "show", f"HEAD:./{rel}")
        try:
            after = (root / rel).read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if before.returncode != 0 or before.stdout.decode("utf-8", "replace") == after:
            continue
        out += [f"{rel}: {p}" for p in feature_problems(before.stdout.decode("utf-8", "replace"), after, known)]
    return out
