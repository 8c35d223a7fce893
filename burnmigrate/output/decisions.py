"""Decisions, not items (issue 26 item 3): what needs a person, grouped so a person decides once.

A decision is one (rule, reason template, subject) with every place it applies: the template is
the record's reason (its message when it has none) with each quoted name made `…`, the subject
the first name it quotes (the backend to build a device for, the crate to upgrade, the item to
migrate by hand). "Pick the device for backend `TestBackend`" is one decision whether 6 or 600
places say so. Every record that needs a person belongs to exactly one decision.

A decision's id is stable across runs (a hash of its rule, template and subject, never a rule id
nor a pitfall number), so a reviewer's tick in the pull request survives an update of it, and
`burnmigrate explain D-…` finds it again on the next run.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from burnmigrate.model import Change

_QUOTED = re.compile(r"`([^`\n]*)`")
DECISION_ID = re.compile(r"\bD-[0-9a-f]{7}\b")


@dataclass
class Decision:
    id: str
    rule: str
    kind: str                 # "review" (a change to check) or the finding kind ("finding")
    subject: str              # the first name the reason quotes ('' when it quotes none)
    template: str             # the reason with its quoted names as `…`
    text: str                 # the reason (or message) of its first place, as the rule wrote it
    records: list[Change] = field(default_factory=list)

    @property
    def files(self) -> list[str]:
        return sorted({c.path for c in self.records})

    @property
    def count(self) -> str:
        """"136 places in 14 files", "1 place"."""
        n, f = len(self.records), len(self.files)
        places = f"{n} place{'s' if n != 1 else ''}"
        return places if f <= 1 else f"{places} in {f} files"


def _reason(c: Change) -> str:
    return c.reason or c.message


def decision_key(c: Change) -> tuple[str, str, str, str]:
    """(rule, kind, template, subject) of a record that needs a person."""
    reason = _reason(c)
    quoted = _QUOTED.findall(reason)
    kind = c.kind.value if c.is_finding else "review"
    return c.rule, kind, _QUOTED.sub("`…`", reason), quoted[0] if quoted else ""


def decision_id(rule: str, kind: str, template: str, subject: str) -> str:
    digest = hashlib.sha1("\x1f".join((rule, kind, template, subject)).encode("utf-8", "surrogateescape")).hexdigest()
    return f"D-{digest[:7]}"


def decide(people: list[Change]) -> list[Decision]:
    """The decisions `people` (the records that need a person) come to: the largest first, then
    in the order each first appears."""
    by_key: dict[tuple[str, str, str, str], Decision] = {}
    for c in people:
        key = decision_key(c)
        d = by_key.get(key)
        if d is None:
            rule, kind, template, subject = key
            d = by_key[key] = Decision(decision_id(*key), rule, kind, subject, template, _reason(c))
        d.records.append(c)
    order = {k: i for i, k in enumerate(by_key)}
    return sorted(by_key.values(), key=lambda d: (-len(d.records), order[(d.rule, d.kind, d.template, d.subject)]))


def record_id(c: Change) -> str:
    """A record's id in the JSON report: stable while its place, rule and message are."""
    key = f"{c.path}\x1f{c.start_line}:{c.start_col}-{c.end_line}:{c.end_col}\x1f{c.rule}\x1f{c.message}"
    return f"R-{hashlib.sha1(key.encode('utf-8', 'surrogateescape')).hexdigest()[:10]}"


def place(c: Change) -> str:
    return f"{c.path}:{c.start_line}:{c.start_col}"
