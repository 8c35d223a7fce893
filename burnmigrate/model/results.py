"""Results: a file's result, the run's result, and the text plumbing around them: decoding (BOM, CRLF, UTF-8), encoding back,
and locating a change (made at some rewrite step) in the original file's lines and columns."""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from . import edits as E
from .change import Change, RuleInfo

if TYPE_CHECKING:   # for annotations only (project/ imports the model at run time)
    from burnmigrate.project.discover import Project


class SourceIndex(Protocol):
    """The project index of pass 1 (rust.index.ProjectIndex) as far as the model knows it: the
    model must not import the Rust layer (tests/test_layout.py); the engine, which built it,
    reads it back as its own type."""

    def interesting_names(self) -> set[str]: ...

    def trigger_names(self, with_fns: bool = True) -> frozenset[str]: ...


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
    project: Project
    files: list[FileResult]
    index: SourceIndex
    notes: list[str] = field(default_factory=list)
    manifest_results: list[FileResult] = field(default_factory=list)
    data_results: list[FileResult] = field(default_factory=list)   # the project's data files (config JSON)
    catalog: dict[str, RuleInfo] = field(default_factory=dict)
    stats: dict = field(default_factory=dict)   # what the run cost (parses, phase times): bench/ only

    @property
    def all_results(self) -> list[FileResult]:
        return sorted(self.files + self.manifest_results + self.data_results, key=lambda r: r.path)

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


class LineIndex:
    """1-based line and column of byte positions, from one pass over the text (a change's
    position costs a bisection, not a count from the file's start)."""

    def __init__(self, src: bytes):
        self.size = len(src)
        self.starts = [0]
        find = src.find
        i = find(b"\n")
        while i >= 0:
            self.starts.append(i + 1)
            i = find(b"\n", i + 1)

    def line_col(self, pos: int) -> tuple[int, int]:
        pos = max(0, min(pos, self.size))
        row = bisect.bisect_right(self.starts, pos) - 1
        return row + 1, pos - self.starts[row] + 1


class StepMap:
    """`edits.map_back` for one step's edits, prepared once: a position after the step → before
    it, by bisection (positions inside a replacement map to the replaced span's start)."""

    def __init__(self, edits):
        self.new_starts: list[int] = []
        self.rows: list[tuple[int, int, int, int]] = []   # (new start, new length, old start, old end)
        delta = 0
        for e in E.normalise(edits):
            n = len(e.new.encode("utf-8"))
            self.new_starts.append(e.start + delta)
            self.rows.append((e.start + delta, n, e.start, e.end))
            delta += n - (e.end - e.start)

    def back(self, pos: int) -> int:
        k = bisect.bisect_right(self.new_starts, pos) - 1
        if k < 0:
            return pos
        new_start, n, start, end = self.rows[k]
        if pos < new_start + n:
            return start
        return end + (pos - new_start - n)


def locate_all(changes, original: bytes, history: list[list[E.Edit]], path: str) -> None:
    """`locate` for the changes of one file, with the line index and the step maps built once."""
    lines = LineIndex(original)
    maps = [StepMap(h) for h in history]
    for c in changes:
        start, end = c.span
        for m in reversed(maps[:c.step]):
            start, end = m.back(start), m.back(end)
        end = max(start, end)
        c.path = path
        c.start_line, c.start_col = lines.line_col(start)
        c.end_line, c.end_col = lines.line_col(end)


def locate(c: Change, original: bytes, history: list[list[E.Edit]], path: str) -> None:
    locate_all([c], original, history, path)
