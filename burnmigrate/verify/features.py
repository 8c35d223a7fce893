"""Does a migrated manifest pull burn's crates as the manifest before it did? (issue 25 item 14)

For every combination of the crate's own features (every subset when it has at most six; else
none, each alone, and all), each burn-family dependency must be on exactly when it was on before
(an optional burn-store stays optional), with every feature it had before that its 0.22 release
still has, under its 0.22 name. Features the migration added are allowed (`extension`, `std`
added back). Read from the manifests' text (tomli: TOML 1.1), so `verify` says it without cargo.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from burnmigrate.project import toml_read

_DEP_TABLES = ("dependencies", "dev-dependencies", "build-dependencies")


@dataclass(frozen=True)
class Release:
    """A burn crate's 0.22 release as the check needs it: its feature names (None: unknown, keep
    every name) and, for a 0.21 feature, the 0.22 names that stand for it (`server` →
    `remote-server`; `webgpu` → `wgpu` on a native crate; `cpu` → `flex`, the offline CPU backend
    the migration chooses instead of LLVM's)."""
    features: frozenset[str] | None
    stands_for: Mapping[str, frozenset[str]]


def _declarations(manifest: dict, crates: Iterable[str]) -> dict[str, list[tuple[str, dict]]]:
    """crate → its declarations (the key the manifest uses, the spec as a table)."""
    wanted = set(crates)
    tables = [manifest.get(t) or {} for t in _DEP_TABLES]
    tables.append((manifest.get("workspace") or {}).get("dependencies") or {})
    for target in (manifest.get("target") or {}).values():
        tables += [target.get(t) or {} for t in _DEP_TABLES]
    out: dict[str, list[tuple[str, dict]]] = {}
    for table in tables:
        for key, spec in table.items():
            spec = {"version": spec} if isinstance(spec, str) else dict(spec)
            crate = str(spec.get("package", key))
            if crate in wanted:
                out.setdefault(crate, []).append((key, spec))
    return out


def _closure(features: Mapping[str, list], active: Iterable[str]) -> set[str]:
    """The crate's feature entries turned on by `active` (features enabling features)."""
    on: set[str] = set()
    todo = list(active)
    while todo:
        f = todo.pop()
        if f in on:
            continue
        on.add(f)
        todo += [str(e) for e in features.get(f, [])]
    return on


def _state(manifest: dict, crate: str, decls: list[tuple[str, dict]], active: frozenset[str]) -> frozenset[str] | None:
    """The features of `crate` enabled under the crate's own feature set `active`; None when it
    is not pulled at all."""
    entries = _closure(manifest.get("features") or {}, active)
    on, feats = False, set()
    for key, spec in decls:
        enabled = not spec.get("optional") or f"dep:{key}" in entries or key in entries or any(
            e.startswith(f"{key}/") for e in entries)
        if not enabled:
            continue
        on = True
        feats |= {str(f) for f in spec.get("features", [])}
        if spec.get("default-features", spec.get("default_features", True)):
            feats.add("default")
        feats |= {e.split("/", 1)[1] for e in entries if e.startswith((f"{key}/", f"{key}?/"))}
    return frozenset(feats) if on else None


def _combinations(manifest: dict) -> list[frozenset[str]]:
    own = sorted(manifest.get("features") or {})
    if len(own) <= 6:
        return [frozenset(c) for n in range(len(own) + 1) for c in itertools.combinations(own, n)]
    return [frozenset(), frozenset(own), *(frozenset([f]) for f in own)]


def feature_problems(before_text: str, after_text: str, releases: Mapping[str, Release]) -> list[str]:
    """What the migrated manifest pulls differently, one line each (empty when it pulls burn's
    crates as before; a manifest that does not parse is cargo's to report)."""
    try:
        before, after = toml_read.loads(before_text), toml_read.loads(after_text)
    except toml_read.TOMLDecodeError:
        return []
    was, now = _declarations(before, releases), _declarations(after, releases)
    out: list[str] = []
    for crate in sorted(was):
        release = releases[crate]
        for active in _combinations(before):
            shown = "{" + ", ".join(sorted(active)) + "}" if active else "no features"
            a = _state(before, crate, was[crate], active)
            b = _state(after, crate, now.get(crate, []), active & set(after.get("features") or {}))
            if (a is None) != (b is None):
                out.append(f"with {shown}, `{crate}` was {'off' if a is None else 'on'} and is now "
                           f"{'off' if b is None else 'on'}")
                break
            if a is None or b is None:
                continue
            lost = sorted(f for f in a if not ({f} | release.stands_for.get(f, frozenset())) & b
                          and (release.features is None or f == "default" or f in release.features
                               or f in release.stands_for))
            if lost:
                out.append(f"with {shown}, `{crate}` no longer gets {', '.join(f'`{f}`' for f in lost)}")
                break
    return out
