"""The data model: change records, safety, outcomes, edits, results. Plain data only: no
tree-sitter, no tomlkit, no terminal."""
from .change import Change, Check, ErrorMatch, Outcome, RecordKind, RuleInfo, RuleKind, Safety
from .crate import CrateFacts
from .edits import Edit
from .results import FileResult, RunResult

__all__ = [
           "Change",
           "Check",
           "CrateFacts",
           "Edit",
           "ErrorMatch",
           "FileResult",
           "Outcome",
           "RecordKind",
           "RuleInfo",
           "RuleKind",
           "RunResult",
           "Safety",
]
