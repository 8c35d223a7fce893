"""The Markdown report (`--format markdown`): the upgrade pull request's body.

Fit for a pull request: every diff fence is longer than any run of backticks inside it (a
"```" line in a comment cannot close it early), per-file diffs fold in `<details>`, the "needs
a person" list is grouped by rule and reason, and the body stays under BODY_LIMIT characters
(GitHub refuses bodies over 65,536): what does not fit is left out with a line that says what
and how to see it."""
from __future__ import annotations

import re

from burnmigrate.model import RunResult
from burnmigrate.output.diff import file_diff
from burnmigrate.output.summary import group_people, needs_person, summarize

BODY_LIMIT = 60_000


def fence_for(text: str) -> str:
    """A backtick fence longer than every run of backticks in `text` (at least three)."""
    longest = max((len(m.group(0)) for m in re.finditer(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def to_markdown(res: RunResult, *, mode: str = "dry-run", limit: int = BODY_LIMIT) -> str:
    s = summarize(res)
    out = ["## burnmigrate: burn 0.21 → 0.22.1", ""]
    out.append(f"{s.files_changed} of {s.files_scanned} files changed: {s.changes} changes "
               f"({s.review} to review) and {s.findings} findings.{s.doc_note}")
    out.append("")
    if s.by_rule:
        out += ["| rule | pitfalls | changes | to review | findings |", "| --- | --- | ---: | ---: | ---: |"]
        for rid, cnt in s.by_rule.items():
            info = res.catalog.get(rid)
            pits = ", ".join(str(p) for p in info.pitfalls) if info else ""
            out.append(f"| `{rid}` | {pits} | {cnt.get('changes', 0)} | {cnt.get('review', 0)} | {cnt.get('findings', 0)} |")
        out.append("")
    people = needs_person(res)
    if people:
        out += ["### Needs a person", ""]
        for (rule, kind, reason), cs in group_people(people):
            if len(cs) == 1:
                c = cs[0]
                out.append(f"- [ ] `{c.path}:{c.start_line}` **{rule}** ({kind}): {_inline(c.message)}"
                           + (f" — {_inline(reason)}" if reason else ""))
                continue
            out.append(f"- [ ] **{rule}** ({kind}), {len(cs)} places: {_inline(reason or cs[0].message)}")
            out += [f"  - `{c.path}:{c.start_line}` {_inline(c.message)}" for c in cs]
        out.append("")
    if res.notes:
        out += ["### Notes", ""] + [f"- {_inline(n)}" for n in res.notes] + [""]
    head = "\n".join(out) + "\n"
    if len(head) > limit:   # the list alone is too long: keep its start, say where the rest is
        head = head[:limit - 400].rsplit("\n", 1)[0] + (
            "\n\n(the list goes on: run `burnmigrate --dry-run` or see `--format json` for all of it)\n")
    body = [head]
    size = len(head)
    diffs = [r for r in res.all_results if r.changed]
    if diffs:
        body.append("### Changes\n\n")
        size += 13
        left: list[str] = []
        for r in diffs:
            text = "".join(file_diff(r)).rstrip("\n")
            fence = fence_for(text)
            block = (f"<details><summary><code>{r.path}</code> ({sum(1 for c in r.changes if c.edits)} changes)"
                     f"</summary>\n\n{fence}diff\n{text}\n{fence}\n</details>\n")
            if left or size + len(block) > limit - 500:
                left.append(r.path)
                continue
            body.append(block)
            size += len(block)
        if left:
            shown = ", ".join(f"`{p}`" for p in left[:20]) + (f" and {len(left) - 20} more" if len(left) > 20 else "")
            body.append(f"\n{len(left)} file diff(s) left out to keep this body under {limit:,} characters: {shown}. "
                        "Run `burnmigrate --dry-run` (or `--format json`) to see them.\n")
    return "".join(body)


def _inline(text: str) -> str:
    """One line of Markdown: newlines folded (a list item must not end early)."""
    return " ".join(text.split("\n"))
