"""The change record: one per change or finding, the single list every output renders."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .edits import Edit

SAFE, REVIEW, OPT_IN = "safe", "review", "opt-in"


@dataclass
class Check:
    """The reproduction check: what shows the problem before the change and its absence after."""
    text: str
    command: Optional[str] = None
    error_codes: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"text": self.text, "command": self.command, "error_codes": list(self.error_codes)}


@dataclass
class Change:
    """A change (with edits) or a finding (without). Positions are 1-based lines and 1-based
    columns in the ORIGINAL file; `edits` are byte ranges of the text the rule saw at `step`
    (step 0 is the original file)."""
    rule: str
    message: str
    path: str = ""
    start_line: int = 0
    start_col: int = 0
    end_line: int = 0
    end_col: int = 0
    safety: str = SAFE
    pitfalls: tuple[int, ...] = ()
    guide: str = ""
    edits: list[Edit] = field(default_factory=list)
    check: Optional[Check] = None
    reason: str = ""  # why a human should look (review level) or why there is no fix (finding)
    step: int = 0
    # byte span in the text the rule saw (for locating) — internal, mapped to lines by the runner
    span: tuple[int, int] = (0, 0)
    fix: bool = False  # manifest rules: a change whose edits the engine computes from the text

    @property
    def is_finding(self) -> bool:
        return not self.edits

    @property
    def needs_person(self) -> bool:
        return self.is_finding or self.safety != SAFE

    def sort_key(self):
        return (self.path, self.start_line, self.start_col, self.rule, self.message)

    def to_json(self) -> dict:
        d = {
            "rule": self.rule,
            "kind": "finding" if self.is_finding else "change",
            "pitfalls": list(self.pitfalls),
            "guide": self.guide,
            "safety": self.safety,
            "path": self.path,
            "start": {"line": self.start_line, "column": self.start_col},
            "end": {"line": self.end_line, "column": self.end_col},
            "message": self.message,
            "reason": self.reason,
            "step": self.step,
            "edits": [e.to_json() for e in self.edits],
            "check": self.check.to_json() if self.check else None,
        }
        return d

