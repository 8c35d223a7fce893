"""Compiler diagnostics as verify reads them: one record per error or warning of the
project's own crates, parsed from `cargo check --message-format=json` output (a live run or a
saved log)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path


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
