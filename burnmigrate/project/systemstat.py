"""The known upstream break, named where users meet it (issue 27 item 14): systemstat 0.2.8,
released after burn 0.22.1, breaks burn-train 0.22.1 on Linux (E0277 in `metric/cpu_temp.rs`:
`RefCell<Option<File>>` cannot be shared between threads). A fresh resolution takes it wherever
burn-train's `sys-metrics` is on: burn's `train` with burn's default features (they carry
`burn-train?/default`), or with burn's `metrics`; a direct burn-train by default."""
from __future__ import annotations

from pathlib import Path

from burnmigrate.project import toml_read
from burnmigrate.project.dependencies import dependency_tables
from burnmigrate.project.inputs import InputError, read_input
from burnmigrate.project.lockfile import HELD_BACK, find_lockfile

PIN = (f"pin it: add `systemstat = \"={HELD_BACK[2]}\"` to [dependencies] (works with no Cargo.lock), or once a "
       f"Cargo.lock exists run `cargo update -p systemstat --precise {HELD_BACK[2]}`")


def pulls_systemstat(doc: dict, workspace_deps: dict | None, forwarded: set[str]) -> str:
    """How a manifest pulls in burn-train's `sys-metrics`, in words ('' when it does not).
    `forwarded`: the burn features the crate's own features forward (`train = ["burn/train"]`)."""
    for _, body in dependency_tables(doc, workspace=False):
        for key, spec in body.items():
            spec = spec if isinstance(spec, dict) else {"version": spec}
            if spec.get("workspace") is True:
                root = (workspace_deps or {}).get(key)
                root = dict(root) if isinstance(root, dict) else {"version": root}
                spec = {**root, "features": list(root.get("features") or []) + list(spec.get("features") or [])}
            package = spec.get("package", key)
            defaults = spec.get("default-features", spec.get("default_features", True)) is not False
            feats = set(spec.get("features") or []) | (forwarded if package == "burn" else set())
            if package == "burn" and "train" in feats and (defaults or "metrics" in feats):
                return "burn's `train` with burn's default features" if defaults else "burn's `train` and `metrics`"
            if package == "burn-train" and (defaults or "sys-metrics" in feats):
                return "burn-train's default features" if defaults else "burn-train's `sys-metrics`"
    return ""


def systemstat_notes(crates) -> list[str]:
    """One note for the crates whose features pull systemstat in while no Cargo.lock of theirs
    holds it yet (a lock holding 0.2.8 is burn-version's finding; one holding 0.2.7 is fine)."""
    hit: list[str] = []
    through = ""
    for c in crates:
        if not c.uses_burn:
            continue
        try:
            doc = toml_read.loads(read_input(c.manifest).decode("utf-8-sig"))
            ws = toml_read.loads(read_input(Path(c.workspace_root) / "Cargo.toml").decode("utf-8-sig")) \
                if c.workspace_root is not None else {}
        except (InputError, UnicodeDecodeError, toml_read.TOMLDecodeError):
            continue
        how = pulls_systemstat(doc, (ws.get("workspace") or {}).get("dependencies"), c.burn_features)
        if how and not find_lockfile([c.dir, c.workspace_root]).has(HELD_BACK[0]):
            hit.append(c.name)
            through = through or how
    if not hit:
        return []
    return [(f"{', '.join(hit)}: burn-train's `sys-metrics` is on (through {through}): a fresh resolution takes "
            f"systemstat {HELD_BACK[1]}, with which burn-train 0.22.1 does not compile on Linux (E0277 in "
            f"`metric/cpu_temp.rs`); {PIN}")]
