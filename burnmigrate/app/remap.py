"""`burnmigrate remap --since REV`: the project renamed fields of its own `#[derive(Module)]`
structs since REV; print the remapping calls that let old checkpoints load, and with `write`
add them to the store load sites: `with_remap_pattern` on a `BurnpackStore::from_file(..)`,
`with_key_remapping` on a `SafetensorsStore` / `PytorchStore` (the names 0.22.1 has). A
`load_file(..)` / `try_load_file(..)` / `ModuleRecord::load(..)` site is listed with the store
form that can carry the remap (0.22.1's `ModuleRecord` has none): it is not rewritten."""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from burnmigrate.app.transaction import Pending, project_lock, write_all
from burnmigrate.project.discover import discover
from burnmigrate.project.errors import UsageError
from burnmigrate.rust.modules import module_structs, pair_renames, prefixes


@dataclass
class RemapPlan:
    patterns: list[tuple[str, str, str]] = field(default_factory=list)   # (struct.old → new, from, to)
    unpaired: list[str] = field(default_factory=list)
    sites: list[str] = field(default_factory=list)                          # store load sites (path:line)
    record_sites: list[str] = field(default_factory=list)                   # load_file sites: no remap there
    written: int = 0


_SITE = re.compile(rb"\b(BurnpackStore|SafetensorsStore|PytorchStore)\s*::\s*from_file\s*\([^;]*?\)")
_METHOD = {b"BurnpackStore": "with_remap_pattern", b"SafetensorsStore": "with_key_remapping",
           b"PytorchStore": "with_key_remapping"}
_RECORD_SITE = re.compile(rb"\.(?:try_)?load_file\s*\(|\bModuleRecord\s*::\s*load\s*\(")


def calls(patterns, store: bytes = b"BurnpackStore") -> str:
    return "".join(f".{_METHOD[store]}(r\"{a}\", \"{b}\")" for _, a, b in patterns)


def record_form(patterns) -> str:
    """What a `load_file` site becomes to carry the remap (the file is burnpack either way)."""
    return ("let mut store = burn::store::BurnpackStore::from_file(path)" + calls(patterns)
            + "; model.load_from(&mut store)?;  // burn feature `store`, `use burn::store::ModuleSnapshot`")


def plan_remap(path: Path, since: str) -> RemapPlan:
    project = discover(path)
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=project.root, capture_output=True,
                             text=True, timeout=60, check=True).stdout.strip()
        subprocess.run(["git", "rev-parse", "--verify", f"{since}^{{commit}}"], cwd=project.root,
                       capture_output=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError):
        raise UsageError(f"{since}: not a git revision of the repository holding {project.root}") from None
    old, new = {}, {}
    for rel, abspath, _ in project.rust_files:
        new.update(module_structs(abspath.read_bytes()))
        repo_rel = Path(abspath).resolve().relative_to(Path(top).resolve()).as_posix()
        r = subprocess.run(["git", "show", f"{since}:{repo_rel}"], cwd=top, capture_output=True, timeout=60, check=False)
        if r.returncode == 0:
            old.update(module_structs(r.stdout))
    renames, unpaired = pair_renames(old, new)
    plan = RemapPlan(unpaired=unpaired)
    for rn in renames:
        for pre in prefixes(new, rn.struct):
            groups = len(re.findall(r"\(\\d\+\)", pre))
            to = re.sub(r"\\\.", ".", pre[1:])
            for k in range(groups):
                to = to.replace(r"(\d+)", f"${k + 1}", 1)
            plan.patterns.append((f"{rn.struct}.{rn.old} → {rn.new}", f"{pre}{re.escape(rn.old)}\\.", f"{to}{rn.new}."))
    for rel, abspath, _ in project.rust_files:
        src = abspath.read_bytes()
        for m in _SITE.finditer(src):
            line = src.count(b"\n", 0, m.start()) + 1
            plan.sites.append(f"{rel}:{line}")
        for m in _RECORD_SITE.finditer(src):
            line = src.count(b"\n", 0, m.start()) + 1
            plan.record_sites.append(f"{rel}:{line}")
    return plan


def write_remap(path: Path, since: str) -> RemapPlan:
    """Add the plan's remapping calls after each store's `from_file(..)`."""
    with project_lock(path):
        plan = plan_remap(path, since)
        if not plan.patterns:
            return plan
        project = discover(path)
        items = []
        for rel, abspath, _ in project.rust_files:
            src = abspath.read_bytes()
            if not _SITE.search(src):
                continue

            def add(m):   # not twice: a site that already carries the calls stays
                extra = calls(plan.patterns, m.group(1)).encode()
                return m.group(0) if src[m.end():m.end() + len(extra)] == extra else m.group(0) + extra  # noqa: B023 - called only by this iteration's _SITE.sub

            new = _SITE.sub(add, src)
            if new != src:
                items.append(Pending(abspath, rel, src, new))
        plan.written = write_all(project.root, items)
        return plan
