"""Results: a file's result, the run's result, and the text plumbing around them: decoding (BOM, CRLF, UTF-8), encoding back,
and locating a change (made at some rewrite step) in the original file's lines and columns."""
from __future__ import annotations

from dataclasses import dataclass, field

from . import edits as E
from .change import Change, RuleInfo


@dataclass
class FileResult:
    path: str
    original: bytes                  # bytes on disk (b"" once dropped for an unchanged file)
    final: bytes | None = None       # bytes to write, None when unchanged or untouchable
    changes: list[Change] = field(default_factory=list)
    error: str = ""                  # why the file was not rewritten
    diff: list[str] | None = None    # the labelled diff, computed where the file was rewritten
    uses: frozenset[str] = frozenset()  # what the code needs from burn's features (rust.uses.code_uses)

    @property
    def changed(self) -> bool:
        return self.final is not None and self.final != self.original


@dataclass
class RunResult:
    """Everything one run found: what the renderers, the writer and verify read. `project` is
    the discovered project.Project; `catalog` the facts of every rule (id → RuleInfo)."""
    project: object
    files: list[FileResult]
    index: object
    notes: list[str] = field(default_factory=list)
    manifest_results: list[FileResult] = field(default_factory=list)
    catalog: dict[str, RuleInfo] = field(default_factory=dict)

    @property
    def all_results(self) -> list[FileResult]:
        return sorted(self.files + self.manifest_results, key=lambda r: r.path)

    @property
    def changes(self) -> list[Change]:
        return sorted((c for r in self.all_results for c in r.changes), key=Change.sort_key)

    @property
    def pending(self) -> bool:
        return any(r.changed for r in self.all_results)


# -- decoding -------------------------------------------------------------------------------

BOM = b"\xef\xbb\xbf"


def decode(raw: bytes) -> tuple[bytes, bool, bool]:
    """→ (LF-only UTF-8 text without BOM, had_bom, was_crlf). Raises UnicodeDecodeError."""
    bom = raw.startswith(BOM)
    body = raw[3:] if bom else raw
    body.decode("utf-8")  # validate
    crlf = b"\r\n" in body and body.count(b"\r\n") == body.count(b"\n")
    if crlf:
        body = body.replace(b"\r\n", b"\n")
    return body, bom, crlf


def encode(text: bytes, bom: bool, crlf: bool) -> bytes:
    if crlf:
        text = text.replace(b"\n", b"\r\n")
    return (BOM if bom else b"") + text


def line_col(src: bytes, pos: int) -> tuple[int, int]:
    pos = max(0, min(pos, len(src)))
    line = src.count(b"\n", 0, pos) + 1
    col = pos - (src.rfind(b"\n", 0, pos) + 1) + 1
    return line, col


def locate(c: Change, original: bytes, history: list[list[E.Edit]], path: str) -> None:
    start, end = c.span
    for step_edits in reversed(history[:c.step]):
        start = E.map_back(start, step_edits)
        end = E.map_back(end, step_edits)
    end = max(start, end)
    c.path = path
    c.start_line, c.start_col = line_col(original, start)
    c.end_line, c.end_col = line_col(original, end)
