"""The change record: one per change, finding or engine failure, the single list every output
renders. Plain data: nothing here knows tree-sitter, tomlkit or the terminal."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import Enum

from .edits import Edit


@functools.total_ordering
class Safety(Enum):
    """How far a change can be trusted, ordered like ruff's applicability: OPT_IN < REVIEW < SAFE.

    - SAFE: behaviour kept; applied without a word.
    - REVIEW: needed for 0.22, applied, and listed for a person with the reason.
    - OPT_IN: changes behaviour; applied only with `--enable ID` / `--unsafe-fixes`.
    """
    OPT_IN = "opt-in"
    REVIEW = "review"
    SAFE = "safe"

    @property
    def rank(self) -> int:
        return _RANK[self]

    def __lt__(self, other):
        if not isinstance(other, Safety):
            return NotImplemented
        return self.rank < other.rank

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


_RANK = {Safety.OPT_IN: 0, Safety.REVIEW: 1, Safety.SAFE: 2}


class Outcome(Enum):
    """What a record is: a change with edits, a finding (located, no edits), or a failure of the
    engine (a file it could not read, a rule step dropped because it broke parsing, a rule that
    raised). Failures make `check` fail; findings only with `--strict`."""
    FIX = "change"
    FINDING = "finding"
    FAILURE = "failure"


class RuleKind(Enum):
    """What a rule returns: changes with edits (and maybe findings), or findings only."""
    FIX = "fix"
    FINDING = "finding"


class RecordKind(Enum):
    """What a record is, as the reports spell it: a change (it has edits) or a finding (none:
    a located diagnostic, or an engine failure, which `Change.outcome` tells apart)."""
    CHANGE = "change"
    FINDING = "finding"


@dataclass(frozen=True)
class ErrorMatch:
    """One compiler diagnostic a rule's change removes: its code, and optionally a regex on the
    message and one on the source line. `verify` maps leftover errors back to rules with these."""
    code: str
    message: str = ""
    line: str = ""

    @property
    def specificity(self) -> int:
        return bool(self.message) + bool(self.line)


@dataclass
class Check:
    """The reproduction check: what shows the problem before the change and its absence after.
    `error_codes` are the compiler codes the change removes. `matches` say which diagnostics
    `verify` maps back to the rule (a code with a message and/or source-line regex); without
    them, each of `error_codes` maps on its code alone."""
    text: str
    command: str | None = None
    error_codes: tuple[str, ...] = ()
    matches: tuple[ErrorMatch, ...] = ()

    def error_matches(self) -> tuple[ErrorMatch, ...]:
        return self.matches or tuple(ErrorMatch(c) for c in self.error_codes)

    def to_json(self) -> dict:
        return {"text": self.text, "command": self.command, "error_codes": list(self.error_codes)}


@dataclass(frozen=True)
class RuleInfo:
    """Every fact about a rule, as data: what `rules`, `explain`, the renderers, SARIF and
    `verify` read (they never import the rule modules)."""
    id: str
    name: str
    pitfalls: tuple[int, ...]
    guide: str
    safety: Safety | None     # None: the rule never fixes (kind FINDING), so it claims no safety
    kind: RuleKind
    check: Check | None
    doc: str

    @property
    def safety_label(self) -> str:
        """The safety as `rules`, `explain` and SARIF print it: `none` for a finding-only rule."""
        return self.safety.value if self.safety else "none"

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "pitfalls": list(self.pitfalls), "guide": self.guide,
                "safety": self.safety.value if self.safety else None, "kind": self.kind.value,
                "check": self.check.to_json() if self.check else None}


@dataclass(slots=True)   # slots: a dense tree has hundreds of thousands of these
class Change:
    """A change (with edits), a finding (without) or an engine failure. Positions are 1-based
    lines and 1-based columns in the ORIGINAL file; `edits` are byte ranges of the text the rule
    saw at `step` (step 0 is the original file)."""
    rule: str
    message: str
    path: str = ""
    start_line: int = 0
    start_col: int = 0
    end_line: int = 0
    end_col: int = 0
    safety: Safety = Safety.SAFE
    pitfalls: tuple[int, ...] = ()
    guide: str = ""
    edits: list[Edit] = field(default_factory=list)
    check: Check | None = None
    reason: str = ""  # why a human should look (review level) or why there is no fix (finding)
    step: int = 0
    # byte span in the text the rule saw (for locating) — internal, mapped to lines by the engine
    span: tuple[int, int] = (0, 0)
    # manifest rules: a change whose edits the engine computes from the document's text
    edits_from_text: bool = False
    failed: bool = False  # an engine failure (see Outcome.FAILURE)
    doc: bool = False     # made in a code block of the documentation (doc comment, Markdown)
    # the edits to make instead when `edits` lose to another change's (an import merged into a
    # `use` list another rule edits in the same round comes in on a line of its own)
    fallback: list[Edit] | None = None

    @classmethod
    def failure(cls, rule: str, message: str, reason: str = "", **kw) -> Change:
        return cls(rule=rule, message=message, safety=Safety.REVIEW, reason=reason, failed=True, **kw)

    @property
    def outcome(self) -> Outcome:
        if self.failed:
            return Outcome.FAILURE
        return Outcome.FIX if self.edits else Outcome.FINDING

    @property
    def kind(self) -> RecordKind:
        return RecordKind.FINDING if self.is_finding else RecordKind.CHANGE

    @property
    def is_finding(self) -> bool:
        """No edits: a finding or a failure (both need a person)."""
        return not self.edits

    @property
    def needs_person(self) -> bool:
        return self.is_finding or self.safety < Safety.SAFE

    def sort_key(self):
        return (self.path, self.start_line, self.start_col, self.rule, self.message)

    def to_json(self) -> dict:
        return {
            "rule": self.rule,
            "kind": self.kind.value,
            "pitfalls": list(self.pitfalls),
            "guide": self.guide,
            "safety": self.safety.value,
            "path": self.path,
            "start": {"line": self.start_line, "column": self.start_col},
            "end": {"line": self.end_line, "column": self.end_col},
            "message": self.message,
            "reason": self.reason,
            "step": self.step,
            "doc": self.doc,
            "edits": [e.to_json() for e in self.edits],
            "check": self.check.to_json() if self.check else None,
        }
