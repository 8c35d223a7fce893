"""Reading and editing burn's declarations in a tomlkit document: features (keeping the
array's layout and comments), version requirements, project features."""
from __future__ import annotations

from collections.abc import Container

import tomlkit
from tomlkit.items import Array, InlineTable

from burnmigrate.project.dependencies import BurnDependency, burn_dependencies


def burn_decls(doc, crates: Container[str]) -> list[BurnDependency]:
    return burn_dependencies(doc, crates, workspace=True)


def spec_features(spec) -> list[str]:
    if hasattr(spec, "get"):
        f = spec.get("features")
        if f is not None:
            return [str(x) for x in f]
    return []


def default_features_off(spec) -> bool:
    if hasattr(spec, "get"):
        for k in ("default-features", "default_features"):
            if spec.get(k) is False:
                return True
    return False


def _inline(pairs: list[tuple[str, str]], pad: bool = True):
    """An inline table written the way people (and cargo) write them: `{ a = 1, b = [..] }`."""
    body = ", ".join(f"{k} = {v}" for k, v in pairs)
    text = ("{ " + body + " }") if pad else ("{" + body + "}")
    return tomlkit.parse(f"__x = {text}\n")["__x"]


def _with_key(table, key: str, new_key: str, value_text: str) -> None:
    """Add `new_key` to the inline table `table[key]`, keeping its spacing style (tomlkit alone
    writes `{ a = 1, b = 2}`)."""
    spec = table[key]
    pad = spec.as_string().startswith("{ ") or spec.as_string() == "{}"
    pairs = [(k, v.as_string().strip()) for k, v in spec.value.body if k is not None]
    pairs = [(k.as_string().strip(), v) for k, v in pairs]
    pairs.append((new_key, value_text))
    table[key] = _inline(pairs, pad)


def set_features(decl: BurnDependency, doc, features: list[str]) -> None:
    """Write the feature list, keeping the array's layout (one per line stays one per line); a
    plain `burn = "0.21"` becomes `burn = { version = "0.21", features = [..] }`."""
    table = decl.table(doc)
    spec = table[decl.key]
    arr_text = "[" + ", ".join(f'"{f}"' for f in features) + "]"
    if not hasattr(spec, "get"):
        table[decl.key] = _inline([("version", tomlkit.string(str(spec)).as_string()), ("features", arr_text)])
        return
    if isinstance(spec, InlineTable) and spec.get("features") is None:
        _with_key(table, decl.key, "features", arr_text)
        return
    current = spec.get("features")
    if isinstance(current, Array):
        existing = [str(x) for x in current]
        # remove what goes, append what comes: the items that stay keep their comments
        for i in reversed(range(len(existing))):
            if existing[i] not in features:
                del current[i]
        for f in features:
            if f not in existing:
                current.append(f)
        return
    arr = tomlkit.array()
    arr.extend(features)
    spec["features"] = arr


def edit_features(decl: BurnDependency, doc, *, replace: dict[str, str] | None = None,
                  remove: set[str] | frozenset[str] = frozenset(), add: list[str] | None = None) -> list[str]:
    """Edit a declaration's features in place: a replaced name keeps its position and its
    comment, removed names go with their line, added names come last. Returns the new list."""
    replace = replace or {}
    add = add or []
    feats = spec_features(decl.spec(doc))
    result: list[str] = []
    for f in feats:
        if f in remove:
            continue
        g = replace.get(f, f)
        if g not in result:
            result.append(g)
    for f in add:
        if f not in result:
            result.append(f)
    if result == feats:
        return feats
    spec = decl.spec(doc)
    current = spec.get("features") if hasattr(spec, "get") else None
    if isinstance(current, Array):
        seen: set[str] = set()
        for i in reversed(range(len(current))):  # drop removed names and duplicates
            v = replace.get(str(current[i]), str(current[i]))
            if str(current[i]) in remove or (v in seen):
                del current[i]
            seen.add(v)
        seen = set()
        for i in range(len(current)):
            v = str(current[i])
            if v in replace and replace[v] != v:
                current[i] = replace[v]
        present = [str(x) for x in current]
        for f in result:
            if f not in present:
                current.append(f)
        return result
    set_features(decl, doc, result)
    return result


def set_version(decl: BurnDependency, doc, version: str) -> None:
    table = decl.table(doc)
    spec = table[decl.key]
    if hasattr(spec, "get"):
        spec["version"] = version
    else:
        table[decl.key] = version


def project_features(doc) -> dict[str, list[str]]:
    feats = doc.get("features")
    return {str(k): [str(x) for x in v] for k, v in feats.items()} if feats is not None else {}
