"""`burnmigrate remap --since REV`: the project renamed fields of its own `#[derive(Module)]`
structs since REV; print the `with_remap_pattern` calls that let old checkpoints load, and with
`write` add them to the `BurnpackStore::from_file(..)` load sites."""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from burnmigrate.app.transaction import Pending, project_lock, write_all
from burnmigrate.project.discover import UsageError, discover
from burnmigrate.rust.modules import module_structs, pair_renames, prefixes


@dataclass
class RemapPlan:
    patterns: list[tuple[str, str, str]] = field(default_factory=list)   # (struct.old → new, from, to)
    unpaired: list[str] = field(default_factory=list)
    sites: list[str] = field(default_factory=list)                          # load sites (path:line)
    written: int = 0


_SITE = re.compile(rb"BurnpackStore\s*::\s*from_file\s*\([^;]*?\)")


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
        r = subprocess.run(["git", "show", f"{since}:{repo_rel}"], cwd=top, capture_output=True, timeout=60)
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
    return plan


def write_remap(path: Path, since: str) -> RemapPlan:
    """Add the plan's `.with_remap_pattern(..)` calls after each `BurnpackStore::from_file(..)`."""
    with project_lock(path):
        plan = plan_remap(path, since)
        if not plan.patterns:
            return plan
        project = discover(path)
        calls = "".join(f".with_remap_pattern(r\"{a}\", \"{b}\")" for _, a, b in plan.patterns)
        items = []
        for rel, abspath, _ in project.rust_files:
            src = abspath.read_bytes()
            if not _SITE.search(src) or calls.encode() in src:
                continue
            new = _SITE.sub(lambda m: m.group(0) + calls.encode(), src)
            items.append(Pending(abspath, rel, src, new))
        plan.written = write_all(project.root, items)
        return plan
