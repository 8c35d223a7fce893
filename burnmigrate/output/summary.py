"""The counts every rendering shows: files scanned and changed, changes, review items and
findings per rule, and the "needs a person" list."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from burnmigrate.model import Change, RunResult, Safety


@dataclass
class Summary:
    files_scanned: int
    files_changed: int
    changes: int
    findings: int
    review: int
    by_rule: dict[str, dict[str, int]]
    doc_changes: int = 0    # of `changes`, those made in documentation code blocks

    @property
    def doc_note(self) -> str:
        return f" ({self.doc_changes} of the changes in documentation code)" if self.doc_changes else ""


def summarize(res: RunResult) -> Summary:
    by_rule: dict[str, Counter] = defaultdict(Counter)
    n_changes = n_findings = n_review = n_doc = 0
    for c in res.changes:
        if c.doc and not c.is_finding:
            n_doc += 1
        if c.is_finding:
            by_rule[c.rule]["findings"] += 1
            n_findings += 1
        else:
            by_rule[c.rule]["changes"] += 1
            n_changes += 1
            if c.safety < Safety.SAFE:
                by_rule[c.rule]["review"] += 1
                n_review += 1
    results = res.all_results
    return Summary(len(results), sum(r.changed for r in results), n_changes, n_findings, n_review,
                   {k: dict(v) for k, v in sorted(by_rule.items())}, n_doc)


def needs_person(res: RunResult) -> list[Change]:
    return [c for c in res.changes if c.needs_person]


def group_people(people: list[Change]) -> list[tuple[tuple[str, str, str], list[Change]]]:
    """The "needs a person" list by rule, kind and reason, in the order each first appears:
    a reason shared by many places is said once, with the places under it."""
    groups: dict[tuple[str, str, str], list[Change]] = {}
    for c in people:
        groups.setdefault((c.rule, c.kind.value if c.is_finding else "review", c.reason), []).append(c)
    return list(groups.items())
