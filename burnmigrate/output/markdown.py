"""The Markdown report (`--format markdown`): the upgrade pull request's body."""
from __future__ import annotations

from burnmigrate.model import RunResult
from burnmigrate.output.diff import file_diff
from burnmigrate.output.summary import needs_person, summarize


def to_markdown(res: RunResult, *, mode: str = "dry-run", max_diff_lines: int = 400) -> str:
    s = summarize(res)
    out = ["## burnmigrate: burn 0.21 → 0.22.1", ""]
    out.append(f"{s.files_changed} of {s.files_scanned} files changed: {s.changes} changes "
               f"({s.review} to review) and {s.findings} findings.")
    out.append("")
    if s.by_rule:
        out += ["| rule | pitfalls | changes | to review | findings |", "| --- | --- | ---: | ---: | ---: |"]
        for rid, cnt in s.by_rule.items():
            rule = res.catalog.get(rid)
            pits = ", ".join(str(p) for p in rule.pitfalls) if rule else ""
            out.append(f"| `{rid}` | {pits} | {cnt.get('changes', 0)} | {cnt.get('review', 0)} | {cnt.get('findings', 0)} |")
        out.append("")
    people = needs_person(res)
    if people:
        out += ["### Needs a person", ""]
        for c in people:
            kind = "finding" if c.is_finding else "review"
            out.append(f"- [ ] `{c.path}:{c.start_line}` **{c.rule}** ({kind}): {c.message}"
                       + (f" — {c.reason}" if c.reason else ""))
        out.append("")
    if res.notes:
        out += ["### Notes", ""] + [f"- {n}" for n in res.notes] + [""]
    diffs = [r for r in res.all_results if r.changed]
    if diffs:
        out += ["### Changes", ""]
        budget = max_diff_lines
        for r in diffs:
            lines = file_diff(r)
            out.append(f"<details><summary><code>{r.path}</code> ({sum(1 for c in r.changes if c.edits)} changes)</summary>")
            out.append("")
            out.append("```diff")
            if budget <= 0:
                out.append("(diff omitted: the report is long; run `burnmigrate --dry-run` locally)")
            else:
                out.append("".join(lines[:budget]).rstrip("\n"))
                budget -= len(lines)
            out.append("```")
            out.append("</details>")
    return "\n".join(out) + "\n"
