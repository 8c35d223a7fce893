"""Accounting for what `cargo check` still reports: every error is flagged (a finding of ours
at its line explains it), pending (a change `apply` would make there), or not covered (with the
rule whose kind of error it is, when there is one).

The mapping from compiler errors to rules is derived from each rule's reproduction check
(`Check.error_codes` and `Check.matches`): no table here repeats what the rules declare.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from burnmigrate.model import Change, ErrorMatch, RuleInfo
from burnmigrate.verify.diagnostics import Diagnostic


@dataclass(frozen=True)
class Mapping:
    match: ErrorMatch
    rule: str
    pitfalls: tuple[int, ...]


def error_mapping(catalog) -> list[Mapping]:
    """Every rule's error matches, the most specific first (message and line, then one of them,
    then the code alone), rules in the engine's order within one specificity: first match wins."""
    entries = []
    for k, info in enumerate(catalog):
        if info.check is None:
            continue
        for m in info.check.error_matches():
            entries.append((-m.specificity, k, Mapping(m, info.id, info.pitfalls)))
    return [e[2] for e in sorted(entries, key=lambda e: (e[0], e[1]))]


def classify(d: Diagnostic, mapping: list[Mapping]) -> None:
    for e in mapping:
        m = e.match
        if d.code != m.code:
            continue
        if m.message and not re.search(m.message, d.message):
            continue
        if m.line and not re.search(m.line, d.text):
            continue
        d.rule, d.pitfalls = e.rule, e.pitfalls
        return


@dataclass
class Account:
    diagnostics: list[Diagnostic]
    migrated: int = 0            # changes burnmigrate made (apply) or that are pending (verify)
    cargo_exit: int = 0
    cargo_stderr: str = ""
    pending_changes: int = 0
    # manifests that pull burn's crates differently from HEAD's (verify/features.py)
    manifest_problems: list[str] = field(default_factory=list)

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
                "manifest_problems": list(self.manifest_problems),
                "diagnostics": [d.to_json() for d in self.diagnostics]}


def account(diags: list[Diagnostic], changes: list[Change], catalog: tuple[RuleInfo, ...]) -> None:
    """Give each diagnostic a status: a finding of ours at its line → flagged (with the
    finding's reason); a rule change still pending there → pending; else classified by code
    and message → that rule (pending, not yet applied) or not covered."""
    findings: dict[tuple[str, int], Change] = {}
    pending: dict[tuple[str, int], Change] = {}
    for c in changes:
        for line in range(c.start_line, max(c.end_line, c.start_line) + 1):
            (findings if c.is_finding else pending).setdefault((c.path, line), c)
    mapping = error_mapping(catalog)
    for d in diags:
        if d.status:  # accounted already (a build script that downloads: its chapter says why)
            continue
        classify(d, mapping)
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


