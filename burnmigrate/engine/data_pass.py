"""The data pass: the project's data files go through the rules that read them (a rule with
`data_files`, name patterns, and `run_data(rel, text, index, opts) -> (text, changes)`): the JSON
config files of pitfall 17, the `rust-toolchain` files. Same outputs as the other passes: a
FileResult per file with records, the patched bytes (encoding, BOM and line endings kept) and a
labelled diff."""
from __future__ import annotations

import fnmatch
import os
from pathlib import Path

from burnmigrate.model import Change, FileResult
from burnmigrate.model.results import decode, encode, locate_all
from burnmigrate.output.diff import labelled_diff
from burnmigrate.project.inputs import InputError, read_input
from burnmigrate.project.vendored import directory_sources, is_vendored_dir
from burnmigrate.rules.base import DataFileRule

MAX_BYTES = 4 << 20      # a larger JSON file is data, not a config
MAX_FILES = 2000
_HIDDEN_READ = {".cargo", ".github", ".gitlab", ".circleci"}   # hidden folders holding build and CI settings
_SKIP_DIRS = {"target", "node_modules", ".git", ".burnmigrate", "__pycache__", "venv", ".venv"}


def data_files(root: Path, patterns: tuple[str, ...]) -> list[tuple[str, Path]]:
    """The project's files whose name matches one of `patterns` (not under target/, hidden
    folders or vendored trees), in path order."""
    out: list[tuple[str, Path]] = []
    sources = directory_sources(root)
    for d, dirs, names in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in _SKIP_DIRS and (not x.startswith(".") or x in _HIDDEN_READ)
                         and not is_vendored_dir(Path(d) / x, sources))
        for n in sorted(names):
            if any(fnmatch.fnmatchcase(n, p) for p in patterns):
                p = Path(d) / n
                try:
                    if p.is_file() and p.stat().st_size <= MAX_BYTES:
                        out.append((p.relative_to(root).as_posix(), p))
                except OSError:
                    continue
                if len(out) >= MAX_FILES:
                    return out
    return out


def file_result(rel: str, raw: bytes, body: bytes, bom: bool, crlf: bool, final: bytes,
                changes: list[Change]) -> FileResult:
    """A data file's result: its records located in `body` (the decoded text the rules saw), and
    the patched bytes (encoding, BOM, line endings as they were) with a labelled diff."""
    result = FileResult(path=rel, original=raw)
    locate_all(changes, body, [], rel)
    result.changes = changes
    if final != body:
        result.final = encode(final, bom, crlf)
        result.diff = labelled_diff(rel, raw, result.final, result.changes)
    return result


def run_data_files(project, index, rules, opts) -> list[FileResult]:
    readers = [r() for r in rules if issubclass(r, DataFileRule) and r.data_files]
    readers = [r for r in readers if r.reads_data(index)]
    if not readers:
        return []
    patterns = tuple(p for r in readers for p in r.data_files)
    out: list[FileResult] = []
    for rel, path in [(r, p) for r, p in data_files(project.root, patterns) if project.in_scope(p)]:
        try:
            raw = read_input(path)
            body, bom, crlf = decode(raw)
        except (InputError, UnicodeDecodeError):
            continue   # (a data file burnmigrate cannot read is one it leaves: the rules only add to them)
        text = body.decode("utf-8")
        records: list[Change] = []
        for rule in readers:
            if not any(fnmatch.fnmatchcase(path.name, p) for p in rule.data_files):
                continue
            try:
                text2, changes = rule.run_data(rel, text, index, opts)
            except Exception as exc:  # a rule bug must not lose the file nor the run
                records.append(Change.failure(rule.id, f"internal error in rule: {type(exc).__name__}: {exc}",
                                              span=(0, 0)))
                continue
            for c in changes:
                c.step = 0
            records += changes
            text = text2
        if records:
            out.append(file_result(rel, raw, body, bom, crlf, text.encode("utf-8"), records))
    return out
