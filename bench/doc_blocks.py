"""doc_blocks: how much of a tree's documentation code burnmigrate migrates (issue 14).

    python bench/doc_blocks.py PATH        # a workspace or folder of crates (left unchanged)

Copies PATH to a temp dir, counts the Rust code blocks of its doc comments and Markdown files
(the blocks `burnmigrate` would read), applies the migration twice, and reports: blocks found,
blocks changed by the first apply, blocks that do not parse on their own, new parse errors in
.rs files (must be 0) and whether the second apply wrote anything (must be no)."""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burnmigrate.engine.doc_blocks import doc_comment_blocks, markdown_blocks, snippet  # noqa: E402
from burnmigrate.engine.markdown_pass import markdown_files  # noqa: E402
from burnmigrate.rust.syntax import error_count, parse  # noqa: E402


def blocks(root: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in sorted(root.rglob("*.rs")):
        if "target" in f.parts:
            continue
        text = f.read_text("utf-8", errors="replace")
        bs = doc_comment_blocks(text)
        if bs:
            out[str(f.relative_to(root))] = ["\n".join(b.code) for b in bs]
    for f in markdown_files(root):
        bs = markdown_blocks(f.read_text("utf-8", errors="replace"))
        if bs:
            out[str(f.relative_to(root))] = ["\n".join(b.code) for b in bs]
    return out


def main() -> int:
    from burnmigrate.app.usecases import apply
    from burnmigrate.engine import Options
    src = Path(sys.argv[1]).resolve()
    tmp = Path(tempfile.mkdtemp(prefix="bm-docs-")) / "tree"
    shutil.copytree(src, tmp, symlinks=True, ignore=shutil.ignore_patterns("target", ".git"))
    before = blocks(tmp)
    errors_before = {str(f.relative_to(tmp)): error_count(parse(f.read_bytes())) for f in tmp.rglob("*.rs")}
    unparsable = sum(1 for f, bs in before.items() for b in bs
                     if snippet(type("B", (), {"code": b.split("\n")})()) is None)
    report = apply(tmp, Options(jobs=0), allow_dirty=True, allow_no_vcs=True)
    after = blocks(tmp)
    changed = sum(1 for f, bs in before.items() for b in bs if b not in after.get(f, []))
    new_errors = sum(max(0, error_count(parse(f.read_bytes())) - errors_before.get(str(f.relative_to(tmp)), 0))
                     for f in tmp.rglob("*.rs"))
    second = apply(tmp, Options(jobs=0), allow_dirty=True, allow_no_vcs=True)
    n = sum(len(v) for v in before.values())
    doc_changes = sum(1 for c in report.res.changes if c.doc and not c.is_finding)
    print(f"blocks: {n} in {len(before)} files; changed: {changed}; not parsable alone: {unparsable}; "
          f"doc changes: {doc_changes}; new parse errors: {new_errors}; second apply wrote {second.written} file(s)")
    return 0 if new_errors == 0 and second.written == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
