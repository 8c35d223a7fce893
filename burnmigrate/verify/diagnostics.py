"""Compiler diagnostics as verify reads them: one record per error or warning of the
project's own crates, parsed from `cargo check --message-format=json` output (a live run or a
saved log)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from burnmigrate.project.lockfile import HELD_FORWARD


@dataclass
class Diagnostic:
    level: str          # error | warning
    code: str           # E0747, unused_imports, ...
    message: str
    path: str           # relative to the project root
    line: int
    column: int
    text: str = ""      # the source line
    rule: str = ""      # the rule that covers it ('' = not covered)
    pitfalls: tuple[int, ...] = ()
    status: str = ""    # flagged | pending | not-covered
    reason: str = ""

    def to_json(self) -> dict:
        return {"level": self.level, "code": self.code, "message": self.message, "path": self.path,
                "line": self.line, "column": self.column, "rule": self.rule, "pitfalls": list(self.pitfalls),
                "status": self.status, "reason": self.reason}




def dependency_errors(stdout: str, root: Path) -> str:
    """The rendered errors of dependencies (outside `root`) in cargo's JSON: what failed in them is
    there, not on stderr (systemstat's `RefCell` in burn-train), so `cargo_failure` reads both."""
    out = []
    root_s = str(root.resolve())
    for line in stdout.splitlines():
        if '"compiler-message"' not in line:
            continue
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        m = msg.get("message") or {}
        if m.get("level") == "error" and not str(Path(msg.get("manifest_path", "")).resolve()).startswith(root_s):
            out.append(f"[{msg.get('package_id', '')}] {m.get('rendered') or m.get('message', '')}")
    return "\n".join(out)


def parse_cargo_messages(stdout: str, root: Path) -> list[Diagnostic]:
    """Diagnostics of the crates under `root` (dependencies' are not ours), deduplicated."""
    diags: list[Diagnostic] = []
    seen = set()
    root_s = str(root.resolve())
    for line in stdout.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("reason") != "compiler-message":
            continue
        if not str(Path(msg.get("manifest_path", "")).resolve()).startswith(root_s):
            continue
        m = msg["message"]
        if m["level"] not in ("error", "warning"):
            continue
        spans = [s for s in m.get("spans") or [] if s.get("is_primary")] or (m.get("spans") or [])
        if not spans:
            if m["level"] == "error" and not m["message"].startswith("aborting"):
                diags.append(Diagnostic("error", (m.get("code") or {}).get("code") or "", m["message"], "", 0, 0))
            continue
        s = spans[0]
        path = Path(s["file_name"])
        if path.is_absolute():
            try:
                path = path.resolve().relative_to(root.resolve())
            except ValueError:
                continue
        text = (s.get("text") or [{}])[0].get("text", "") if s.get("text") else ""
        d = Diagnostic(m["level"], (m.get("code") or {}).get("code") or "", m["message"], path.as_posix(),
                       s["line_start"], s["column_start"], text)
        key = (d.level, d.code, d.message, d.path, d.line, d.column)
        if key in seen:
            continue
        seen.add(key)
        diags.append(d)
    return diags


# A build script that downloads at build time fails on a machine without the internet: that is
# a pitfall, not a failure of the project's code (the chapter says what to do).
_BUILD_SCRIPT = re.compile(r"failed to run custom build command for `([\w-]+) v[^`]*`")
DOWNLOADING_BUILD_SCRIPTS = {
    "tracel-llvm-bundler": ("burn-cpu-offline", (2,), ("the `cpu` backend's build script downloads LLVM "
                            "(tracel-llvm-bundler); offline it fails: use `flex` for the CPU, or build once online")),
    "cubecl-llvm": ("burn-cpu-offline", (2,), ("cubecl-llvm's build script downloads LLVM; offline it fails: use `flex` "
                    "for the CPU, or build once online")),
    "torch-sys": ("burn-feature-rename", (2,), ("the `tch` backend's build script downloads libtorch (torch-sys); "
                  "offline it fails: set LIBTORCH to a local libtorch, or use another backend")),
}


def cargo_failure(stderr: str, exit_code: int, diags: list[Diagnostic], offline: bool = False) -> Diagnostic | str | None:
    """What a failed cargo run that gave no compiler error means: a Diagnostic for a pitfall
    (a build script that downloads), the one line that says why cargo failed (a manifest it
    rejects, a resolution failure, nothing cached and no registry) as a str, or None when the
    run is explained by its compiler errors (or did not fail)."""
    if exit_code == 0 or any(d.level == "error" for d in diags):
        return None
    m = _BUILD_SCRIPT.search(stderr)
    if m and m.group(1) in DOWNLOADING_BUILD_SCRIPTS:
        rule, pitfalls, why = DOWNLOADING_BUILD_SCRIPTS[m.group(1)]
        return Diagnostic("error", "build-script", m.group(0), "Cargo.toml", 1, 1, "", rule=rule, pitfalls=pitfalls,
                          status="flagged", reason=why)
    dep = re.search(r"could not compile `([\w-]+)`", stderr)
    if dep:
        hint = ""
        if dep.group(1) == "burn-train" and "RefCell" in stderr:
            hint = (": systemstat 0.2.8 (released after burn 0.22.1) breaks burn-train 0.21.0 and 0.22.1; "
                    "`cargo update -p systemstat --precise 0.2.7` (or `burnmigrate apply --update-lock`) fixes it")
        for name, minimum, needed_by, why in HELD_FORWARD:
            if dep.group(1) == needed_by:
                hint = f": {why}; `cargo update -p {name} --precise {minimum}` (or `burnmigrate apply --update-lock`) fixes it"
        return f"a dependency does not compile: `{dep.group(1)}`{hint}"
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    first = next((i for i, l in enumerate(lines) if l.startswith("error")), None)
    if first is None:
        return f"cargo exited {exit_code} without a compiler message" + (f": {lines[-1]}" if lines else "")
    body = [l for l in lines[first:first + 12] if not l.startswith(("Caused by", "note:", "help:"))]
    detail = " ".join(body)
    if len(detail) > 600:
        detail = detail[:597] + "..."
    hint = ""
    if offline and re.search(r"no matching package|failed to select a version|failed to download|offline", detail):
        hint = " (--offline: only what cargo's cache holds can be used; run once without it to fetch)"
    return f"cargo failed before compiling the project (exit {exit_code}): {detail}{hint}"
