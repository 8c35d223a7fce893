"""What burn's own modules and configs changed between 0.21.0 and 0.22.1, read off the real
crates (cargo's registry cache, filled by the compile tier's fetch). Issue 12 items 3 and 5 ask
for a key-remapping table and for configs that gained fields: these tests are how that table was
read, and they fail when a re-read would differ.

Found: no parameter of burn-nn's or burn-core's `#[derive(Module)]` structs was renamed or moved
(old checkpoints need no key remapping for burn's own modules); the fields added are control
state (`training` on BatchNorm, Dropout, GaussianNoise) and a scalar (`Softplus::threshold`).
The configs that gained fields (MultiHeadAttentionConfig's four `*_bias`, SoftplusConfig's
`threshold`) all carry `#[config(default ..)]`, which `new()` uses but the derive's serde mirror
does not: a 0.21 config file holding one of them fails with `missing field` (pitfall 17). That
table, with the 0.22.1 configs that hold them, ships as burnmigrate/data/burn_config_changes.json
and `test_the_shipped_config_table_is_what_the_crates_say` rebuilds it."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from realburn import registry_crate

pytestmark = [pytest.mark.compile_tier, pytest.mark.usefixtures("burn_sources")]   # needs the crates in cargo's cache


def _crate(name: str) -> Path:
    found = registry_crate(name)
    if found is None:
        pytest.skip(f"{name} is not in cargo's registry cache (run the compile tier once)")
    return found


def _structs(crate: Path, derive: str) -> dict[str, dict[str, bool]]:
    """struct → {field: has a `default` attribute} for the crate's `#[derive(.., derive, ..)]` structs."""
    out: dict[str, dict[str, bool]] = {}
    rx = re.compile(r"#\[derive\(([^)]*\b" + derive + r"\b[^)]*)\)\]\s*(?:#\[[^\]]*\]\s*)*pub struct (\w+)(?:<[^>{]*>)?\s*\{")
    for f in crate.glob("src/**/*.rs"):
        src = f.read_text("utf-8")
        for m in rx.finditer(src):
            i = j = m.end()
            depth = 1
            while depth and j < len(src):
                depth += (src[j] == "{") - (src[j] == "}")
                j += 1
            body = src[i:j - 1]
            out[m.group(2)] = {fm.group(2): "default" in fm.group(1) for fm in re.finditer(
                r"((?:\s*#\[[^\]]*\]\s*|\s*///[^\n]*\n)*)\s*(?:pub(?:\([^)]*\))?\s+)?(\w+)\s*:", body)}
    return out


def _delta(name: str, derive: str) -> dict[str, tuple[list[str], list[str]]]:
    a, b = _structs(_crate(f"{name}-0.21.0"), derive), _structs(_crate(f"{name}-0.22.1"), derive)
    return {n: ([f for f in a[n] if f not in b[n]], [f for f in b[n] if f not in a[n]])
            for n in sorted(set(a) & set(b)) if list(a[n]) != list(b[n])}


def test_no_parameter_of_burns_own_modules_was_renamed():
    delta = _delta("burn-nn", "Module") | _delta("burn-core", "Module")
    assert {n: d for n, d in delta.items() if d[0]} == {}, "a field was renamed or removed: a key remap is needed"
    assert delta == {"BatchNorm": ([], ["training"]), "Dropout": ([], ["training"]),
                     "GaussianNoise": ([], ["training"]), "Softplus": ([], ["threshold"])}


def test_every_config_field_added_has_a_default():
    new = {}
    b = _structs(_crate("burn-nn-0.22.1"), "Config")
    for n, (removed, added) in _delta("burn-nn", "Config").items():
        assert not removed, f"{n} lost fields {removed}"
        new[n] = {f: b[n][f] for f in added}
    assert new == {"MultiHeadAttentionConfig": {"key_bias": True, "value_bias": True, "query_bias": True, "output_bias": True},
                   "SoftplusConfig": {"threshold": True}}


def _configs(version: str) -> dict:
    from burnmigrate.rust.configs import config_types
    home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
    out: dict = {}
    dirs = [d for src in sorted((home / "registry" / "src").glob("*")) for d in sorted(src.glob(f"burn*-{version}"))]
    if not dirs:
        pytest.skip(f"burn {version} is not in cargo's registry cache")
    for d in dirs:
        for f in sorted(d.glob("src/**/*.rs")):
            out.update(config_types(f.read_bytes()))
    return out


def test_the_shipped_config_table_is_what_the_crates_say():
    """Every burn crate's `#[derive(Config)]` types at 0.21.0 and 0.22.1: the keys added (with
    their defaults), and the 0.22.1 configs that hold a changed one (field or enum variant)."""
    import json
    from burnmigrate.rust.configs import head
    from burnmigrate.codemods.config_new_fields import burn_changes
    old, new = _configs("0.21.0"), _configs("0.22.1")
    added = {}
    for n in sorted(set(old) & set(new)):
        before = {f.name for f in old[n].fields}
        extra = {f.name: f.default for f in new[n].fields if f.name not in before}
        assert all(d is not None for d in extra.values()), f"{n} gained a field without a default: {extra}"
        assert before <= {f.name for f in new[n].fields}, f"{n} lost fields"
        if extra:
            added[n] = extra
    holders: dict = {}
    grew = True
    while grew:
        grew = False
        for n, t in new.items():
            pairs = [(f.name, head(f.type)) for f in t.fields] + [(v, head(p)) for v, p in t.variants.items() if p]
            for k, h in pairs:
                if (h in added or h in holders) and k not in holders.get(n, {}):
                    holders.setdefault(n, {})[k] = h
                    grew = True
    shipped = burn_changes()
    assert added == shipped["added"], json.dumps(added, indent=1)
    assert holders == shipped["holders"], json.dumps(holders, indent=1, sort_keys=True)
