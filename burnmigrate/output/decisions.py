"""Decisions, not items (issue 26 item 3): what needs a person, grouped so a person decides once.

A decision is one piece of work a person takes on (its topic, output/decision_topics.py: "pick
the device each part of the program runs on", "saving and loading"), with every place it applies
to, whichever rule found the place. Inside it the places are grouped into questions: one per
(rule, reason template, subject), the template being the record's reason (its message when it
has none) with each quoted name made `…`, the subject the first name it quotes (the backend to
build a device for, the item to migrate by hand). "The backend `TestBackend` was chosen by type
here" is one question whether 6 or 600 places ask it. Every record that needs a person belongs
to exactly one question of exactly one decision.

A decision's id is stable across runs (a hash of its topic, never a rule id nor a pitfall
number), so a reviewer's tick in the pull request survives an update of it, and `burnmigrate
explain D-…` finds it again on the next run. A record of a rule no topic names (an engine
failure) is a decision of its own, keyed by its question.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from burnmigrate.model import Change
from burnmigrate.output.decision_topics import topic_of

_QUOTED = re.compile(r"`([^`\n]*)`")
DECISION_ID = re.compile(r"\bD-[0-9a-f]{7}\b")


def _count(records: list[Change]) -> str:
    """"136 places in 14 files", "1 place"."""
    n, f = len(records), len({c.path for c in records})
    places = f"{n} place{'s' if n != 1 else ''}"
    return places if f <= 1 else f"{places} in {f} files"


@dataclass
class Question:
    """The places of one decision that one rule reports with one reason about one subject."""
    rule: str
    kind: str                 # "review" (a change to check) or the finding kind ("finding")
    subject: str              # the first name the reason quotes ('' when it quotes none)
    template: str             # the reason with its quoted names as `…`
    text: str                 # the reason (or message) of its first place, as the rule wrote it
    records: list[Change] = field(default_factory=list)

    @property
    def count(self) -> str:
        return _count(self.records)


@dataclass
class Decision:
    id: str
    topic: str                # the topic's id ('' for a record no topic takes)
    title: str                # the work, as the person takes it on
    questions: list[Question] = field(default_factory=list)

    @property
    def records(self) -> list[Change]:
        return [c for q in self.questions for c in q.records]

    @property
    def files(self) -> list[str]:
        return sorted({c.path for q in self.questions for c in q.records})

    @property
    def rules(self) -> list[str]:
        return sorted({q.rule for q in self.questions})

    @property
    def kind(self) -> str:
        """"review", "finding", or both ("review, finding")."""
        return ", ".join(sorted({q.kind for q in self.questions}))

    @property
    def count(self) -> str:
        return _count(self.records)


def _reason(c: Change) -> str:
    return c.reason or c.message


def question_key(c: Change) -> tuple[str, str, str, str]:
    """(rule, kind, template, subject) of a record that needs a person."""
    reason = _reason(c)
    quoted = _QUOTED.findall(reason)
    kind = c.kind.value if c.is_finding else "review"
    return c.rule, kind, _QUOTED.sub("`…`", reason), quoted[0] if quoted else ""


def _digest(*parts: str) -> str:
    return "D-" + hashlib.sha1("\x1f".join(parts).encode("utf-8", "surrogateescape")).hexdigest()[:7]




def decide(people: list[Change]) -> list[Decision]:
    """The decisions `people` (the records that need a person) come to: the largest first, then
    in the order each first appears; inside each, its questions in the same order."""
    decisions: dict[str, Decision] = {}
    questions: dict[tuple[str, tuple[str, str, str, str]], Question] = {}
    for c in people:
        qkey, topic = question_key(c), topic_of(c.rule, _reason(c))
        # (a record no topic takes is a decision of its own, keyed by its question)
        did = _digest("topic", topic.id) if topic else _digest(*qkey)
        d = decisions.get(did)
        if d is None:
            d = decisions[did] = Decision(did, topic.id if topic else "", topic.title if topic else _reason(c))
        q = questions.get((did, qkey))
        if q is None:
            rule, kind, template, subject = qkey
            q = questions[(did, qkey)] = Question(rule, kind, subject, template, _reason(c))
            d.questions.append(q)
        q.records.append(c)

    def largest_first(items: list) -> list:
        order = {id(x): i for i, x in enumerate(items)}
        return sorted(items, key=lambda x: (-len(x.records), order[id(x)]))
    for d in decisions.values():
        d.questions = largest_first(d.questions)
    return largest_first(list(decisions.values()))


def record_id(c: Change) -> str:
    """A record's id in the JSON report: stable while its place, rule and message are."""
    key = f"{c.path}\x1f{c.start_line}:{c.start_col}-{c.end_line}:{c.end_col}\x1f{c.rule}\x1f{c.message}"
    return f"R-{hashlib.sha1(key.encode('utf-8', 'surrogateescape')).hexdigest()[:10]}"


def place(c: Change) -> str:
    return f"{c.path}:{c.start_line}:{c.start_col}"
