"""Does a crate turn deprecation warnings into errors? burn 0.22.1 deprecates `Device::ndarray()`
and the `Device::libtorch*()` constructors; a crate that denies warnings (or `deprecated`) fails
to build on them, so a change that writes one cannot be safe there (engine/lint_levels.py).

Read as cargo and rustc read them: the package's `[lints.rust]` (or the workspace's
`[workspace.lints.rust]` under `[lints] workspace = true`), a crate root's inner `#![deny(..)]` /
`#![forbid(..)]`, and `rustflags` in a `.cargo/config.toml` (or `.cargo/config`) from the
package's folder up to its workspace's.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

_LINTS = ("warnings", "deprecated")
_DENY = frozenset({"deny", "forbid"})
_ROOT_ATTR = re.compile(r"#!\[\s*(?:deny|forbid)\s*\(([^)]*)\)\s*\]")
_FLAG = re.compile(r"(?:-D|--deny|-F|--forbid)\s*=?\s*(warnings|deprecated)\b")


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def _denied(table: object) -> str:
    """The lint of `_LINTS` a `[lints.rust]` table denies ('' when none)."""
    if not isinstance(table, dict):
        return ""
    for name in _LINTS:
        level = table.get(name)
        level = level.get("level") if isinstance(level, dict) else level
        if level in _DENY:
            return name
    return ""


def _flags(config: dict) -> list[str]:
    flags: list[object] = []
    build = config.get("build")
    if isinstance(build, dict):
        flags.append(build.get("rustflags"))
    target = config.get("target")
    if isinstance(target, dict):
        flags += [t.get("rustflags") for t in target.values() if isinstance(t, dict)]
    # (a list is passed to rustc as its words: `["-D", "warnings"]` is `-D warnings`)
    return [f if isinstance(f, str) else " ".join(x for x in f if isinstance(x, str)) for f in flags
            if isinstance(f, (str, list))]


def denies_deprecated(manifest: Path, workspace_root: Path | None) -> str:
    """Where the crate of `manifest` makes a deprecation warning an error, as a person would
    find it (`` `[lints.rust] warnings = "deny"` (Cargo.toml) ``); '' when nothing does."""
    doc = _read(manifest)
    lints = doc.get("lints")
    if isinstance(lints, dict) and lints.get("workspace") is True and workspace_root is not None:
        ws = _read(workspace_root / "Cargo.toml").get("workspace", {})
        if name := _denied(ws.get("lints", {}).get("rust") if isinstance(ws, dict) else None):
            return f"`[workspace.lints.rust] {name}` denied ({workspace_root.name}/Cargo.toml)"
    elif isinstance(lints, dict) and (name := _denied(lints.get("rust"))):
        return f"`[lints.rust] {name}` denied (Cargo.toml)"
    for root in ("src/lib.rs", "src/main.rs"):
        try:
            head = (manifest.parent / root).read_text("utf-8", errors="replace")
        except OSError:
            continue
        for m in _ROOT_ATTR.finditer(head):
            if any(x.strip() in _LINTS for x in m.group(1).split(",")):
                return f"`{m.group(0)}` ({root})"
    folder = manifest.parent.resolve()
    top = (workspace_root or manifest.parent).resolve()
    while True:
        for name in (".cargo/config.toml", ".cargo/config"):
            for flag in _flags(_read(folder / name)):
                if (m := _FLAG.search(flag)) is not None:
                    return f"rustflags `{m.group(0)}` ({name})"
        if folder == top or folder.parent == folder or top not in folder.parents:
            return ""
        folder = folder.parent
