"""verify: run `cargo check` and account for every diagnostic left — migrated, flagged with a
reason (a finding of ours at that place), covered by a rule whose change is still pending, or not
covered — and, after `apply`, find the rule changes that brought new errors (for `--back-out`).

Nothing here knows tree-sitter; the rule mapping works on compiler codes, messages and the
source line the compiler points at.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .changes import Change


class CargoUnavailable(Exception):
    pass


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


# (code, message pattern, source-line pattern) → (rule, pitfalls); first match wins
MAPPING: list[tuple[str, str, str, str, tuple[int, ...]]] = [
    ("E0119", r"Clone", "", "module-derive-clone", (14,)),
    ("E0599", r"no (?:function or associated item|method) named `(?:flex|wgpu|vulkan|metal|webgpu|cuda|rocm|cpu|ndarray|libtorch\w*|remote\w*)`",
     "", "burn-backend-feature", (3,)),
    ("E0599", r"named `autodiff`", "", "burn-default-features", (4,)),
    ("E0432", r"burn(?:_\w+)?::(?:tensor::)?backend|`Backend`|`AutodiffBackend`|backend", "", "backend-import", (1,)),
    ("E0432", r"burn_store", "", "burn-store-path", (19,)),
    ("E0433", r"burn_store", "", "burn-store-path", (19,)),
    ("E0405", r"`(?:Autodiff)?Backend`", "", "backend-type-parameter", (1,)),
    ("E0405", r"`AutodiffModule`", "", "autodiff-module", (1,)),
    ("E0747", r"", r"Tensor", "backend-type-argument", (1,)),
    ("E0107", r"", r"::<", "backend-turbofish", (1,)),
    ("E0107", r"", r"", "backend-type-argument", (1,)),
    ("E0412", r"`PhantomData`|PhantomData", r"PhantomData", "backend-phantom", (1,)),
    ("E0412", r"`\w*Device`", r"", "backend-device-type", (1,)),
    ("E0412", r"`[A-Z]\w*`", r"", "backend-type-parameter", (1,)),
    ("E0220", r"`Device`", r"", "backend-device-type", (1,)),
    ("E0220", r"`(?:Float|Int|Bool)Elem`", r"", "backend-elem-type", (1, 8)),
    ("E0433", r"", r"::(?:seed|sync|memory_cleanup|ad_enabled)\s*\(", "backend-device-method", (1, 25)),
    ("E0433", r"", r"::Device", "backend-device-type", (1,)),
    ("E0433", r"", r"", "backend-type-parameter", (1,)),
    ("unused_imports", r"", r"", "backend-import", (1,)),
]


def classify(d: Diagnostic) -> None:
    for code, msg_rx, line_rx, rule, pitfalls in MAPPING:
        if d.code != code:
            continue
        if msg_rx and not re.search(msg_rx, d.message):
            continue
        if line_rx and not re.search(line_rx, d.text):
            continue
        d.rule, d.pitfalls = rule, pitfalls
        return


def cargo_check(root: Path, cargo_args: list[str], timeout: int = 1800) -> tuple[list[Diagnostic], int, str]:
    """Run `cargo check --message-format=json --all-targets` in root; diagnostics of the
    project's own crates (dependencies' are not ours)."""
    cargo = shutil.which("cargo")
    if cargo is None:
        raise CargoUnavailable("cargo is not on PATH: `verify` needs a Rust toolchain")
    manifest = root / "Cargo.toml"
    is_ws = False
    try:
        import tomllib
        is_ws = "workspace" in tomllib.loads(manifest.read_text("utf-8"))
    except (OSError, ValueError):
        pass
    cmd = [cargo, "check", "--message-format=json", "--all-targets", *(["--workspace"] if is_ws else []), *cargo_args]
    env = dict(os.environ, CARGO_TERM_COLOR="never")
    p = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=timeout)
    diags: list[Diagnostic] = []
    seen = set()
    root_s = str(root.resolve())
    for line in p.stdout.splitlines():
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
    return diags, p.returncode, p.stderr


@dataclass
class Account:
    diagnostics: list[Diagnostic]
    migrated: int = 0            # changes burnmigrate made (apply) or that are pending (verify)
    cargo_exit: int = 0
    cargo_stderr: str = ""
    pending_changes: int = 0

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.level == "error"]

    def count(self, status: str) -> int:
        return sum(1 for d in self.errors if d.status == status)

    def to_json(self) -> dict:
        return {"schema": "burnmigrate-verify", "schema_version": 1, "cargo_exit": self.cargo_exit,
                "migrated": self.migrated, "pending_changes": self.pending_changes,
                "errors": len(self.errors),
                "flagged": self.count("flagged"), "pending": self.count("pending"),
                "not_covered": self.count("not-covered"),
                "diagnostics": [d.to_json() for d in self.diagnostics]}


def account(diags: list[Diagnostic], changes: list[Change]) -> None:
    """Give each diagnostic a status: a finding of ours at its line → flagged (with the
    finding's reason); a rule change still pending there → pending; else classified by code
    and message → that rule (pending, not yet applied) or not covered."""
    findings: dict[tuple[str, int], Change] = {}
    pending: dict[tuple[str, int], Change] = {}
    for c in changes:
        for line in range(c.start_line, max(c.end_line, c.start_line) + 1):
            (findings if c.is_finding else pending).setdefault((c.path, line), c)
    for d in diags:
        classify(d)
        f = findings.get((d.path, d.line))
        p = pending.get((d.path, d.line))
        if f is not None:
            d.status, d.rule, d.pitfalls, d.reason = "flagged", f.rule, f.pitfalls, f.message + (f" — {f.reason}" if f.reason else "")
        elif p is not None:
            d.status, d.rule, d.pitfalls, d.reason = "pending", p.rule, p.pitfalls, "`burnmigrate apply` rewrites this line"
        elif d.rule:
            d.status = "not-covered"
            d.reason = f"the kind of error `{d.rule}` fixes, at a place it did not rewrite: migrate by hand"
        else:
            d.status = "not-covered"
            d.reason = "no burnmigrate rule covers this error"


def error_keys(diags: list[Diagnostic]) -> dict[str, set[tuple[str, str]]]:
    """path → the errors it has, with names blanked (to compare before and after a rewrite)."""
    out: dict[str, set[tuple[str, str]]] = {}
    for d in diags:
        if d.level == "error":
            out.setdefault(d.path, set()).add((d.code, re.sub(r"`[^`]*`", "`_`", d.message)))
    return out


def final_line_owners(original: bytes, final: bytes, changes: list[Change]) -> dict[int, set[str]]:
    """line of the rewritten file → the rules whose changes produced it (through the diff's
    hunks: a new line belongs to the changes on the old lines it replaced)."""
    import difflib
    a = original.decode("utf-8", "replace").splitlines()
    b = final.decode("utf-8", "replace").splitlines()
    out: dict[int, set[str]] = {}
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        rules = {c.rule for c in changes if c.edits and c.start_line <= max(i2, i1 + 1) and c.end_line >= i1 + 1}
        for j in range(j1, max(j2, j1 + 1)):
            out.setdefault(j + 1, set()).update(rules)
    return out


def blame(after: list[Diagnostic], before: dict[str, set[tuple[str, str]]],
          owners: dict[str, dict[int, set[str]]], item_range=None) -> dict[str, set[str]]:
    """path → rules whose changes sit on the line of an error the original did not have, or
    elsewhere in the item holding it (`item_range(path, line) -> (first, last)`)."""
    out: dict[str, set[str]] = {}
    for d in after:
        if d.level != "error" or d.path not in owners:
            continue
        key = (d.code, re.sub(r"`[^`]*`", "`_`", d.message))
        if key in before.get(d.path, set()):
            continue
        first, last = item_range(d.path, d.line) if item_range is not None else (d.line, d.line)
        for line in range(first, last + 1):
            for rule in owners[d.path].get(line, set()):
                out.setdefault(d.path, set()).add(rule)
    return out
