"""The Markdown pass: the Rust code blocks of the project's documentation — README files (not
CHANGELOG) and the `src/` of each mdBook (found from `book.toml`) — migrated by the source rules
like doc comments are (engine/doc_blocks.py), each block in the context of the crate its file
belongs to (the nearest crate above it, else the first crate that uses burn)."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

from burnmigrate.engine.data_pass import file_result
from burnmigrate.engine.doc_blocks import markdown_blocks, migrate_blocks
from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import FileResult, edits as E
from burnmigrate.model.results import decode
from burnmigrate.project.inputs import InputError, read_input
from burnmigrate.project.vendored import directory_sources, is_vendored_dir

_SKIP = {"target", "node_modules", ".git", ".burnmigrate", "vendor"}   # (docs of any vendor/ folder: not the project's)
_MAX_BYTES = 2 << 20


def markdown_files(root: Path) -> list[Path]:
    """README*.md anywhere in the project (hidden and build folders left out), and the
    Markdown under each mdBook's source folder."""
    out: set[Path] = set()
    sources = directory_sources(root)
    for d, dirs, names in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in _SKIP and not x.startswith(".")
                         and not is_vendored_dir(Path(d) / x, sources))
        for n in names:
            p = Path(d) / n
            if n.lower().startswith("readme") and n.lower().endswith(".md"):
                out.add(p)
            elif n == "book.toml":
                try:
                    src = tomllib.loads(p.read_text("utf-8")).get("book", {}).get("src", "src")
                except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                    src = "src"
                book_src = (Path(d) / str(src)).resolve()
                if book_src.is_dir() and book_src.is_relative_to(root.resolve()):
                    out.update(q for q in book_src.rglob("*.md") if "target" not in q.parts)
    return sorted(p for p in out if p.is_file() and p.stat().st_size <= _MAX_BYTES
                  and not p.name.lower().startswith("changelog"))


def _crate_for(crates: list[tuple[Path, object]], path: Path):
    """The innermost burn-using crate holding `path` (`crates`: (resolved dir, crate)), else the
    first burn-using crate."""
    best = None
    where = path.resolve()
    for d, c in crates:
        if where.is_relative_to(d) and (best is None or len(d.parts) > len(best[0].parts)):
            best = (d, c)
    return best[1] if best else (crates[0][1] if crates else None)


def run_markdown(project, index, rules, opts) -> list[FileResult]:
    if not getattr(opts, "docs", True):
        return []
    out: list[FileResult] = []
    crates = [(c.dir.resolve(), c) for c in project.crates if c.uses_burn]
    for path in [p for p in markdown_files(project.root) if project.in_scope(p)]:
        crate = _crate_for(crates, path)
        if crate is None:
            return []
        try:
            raw = read_input(path)
        except InputError:
            continue   # (documentation burnmigrate cannot read is left as it is)
        if b"```" not in raw and b"~~~" not in raw:
            continue
        try:
            body, bom, crlf = decode(raw)
        except UnicodeDecodeError:
            continue
        text = body.decode("utf-8")
        blocks = markdown_blocks(text)
        if not blocks:
            continue
        rel = project.rel(path)
        facts = crate.facts(keep_cpu_feature=opts.keep_cpu_feature)
        edits, changes = migrate_blocks(rel, text, blocks,
                                        lambda src: rewrite_source(rel, src, index, facts, rules, docs=False))  # noqa: B023 - migrate_blocks calls it before returning
        if changes:
            out.append(file_result(rel, raw, body, bom, crlf, E.apply(body, E.normalise(edits)) if edits else body,
                                   changes))
    return out
