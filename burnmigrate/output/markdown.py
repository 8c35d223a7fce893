"""The Markdown report (`--format markdown`): the upgrade pull request's body.

Fit for a pull request: every diff fence is longer than any run of backticks inside it (a
"```" line in a comment cannot close it early), per-file diffs fold in `<details>`, the "needs
a person" list is a checklist of decisions (output/decisions.py), and the body stays under BODY_LIMIT characters
(GitHub refuses bodies over 65,536): what does not fit is left out with a line that says what
and how to see it."""
from __future__ import annotations

import re

from burnmigrate.model import RunResult
from burnmigrate.output.decisions import DECISION_ID, decide
from burnmigrate.output.diff import file_diff
from burnmigrate.output.summary import needs_person, summarize

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
    decisions = decide(needs_person(res))
    if decisions:
        # a checklist a reviewer ticks: one item per decision, its id first (an update of the pull
        # request keeps the ticks by id: keep_ticks), its places folded under it
        places = sum(len(d.records) for d in decisions)
        out += ["### Needs a person", "", f"{len(decisions)} decision(s) for {places} place(s); tick each once it is done.", ""]
        for d in decisions:
            out.append(f"- [ ] **{d.id}** {_inline(d.title)} ({d.kind}), {d.count}")
            for q in d.questions:
                out.append(f"  - `{q.rule}` ({q.kind}), {q.count}: {_inline(q.text)}")
                places = [f"    - `{c.path}:{c.start_line}` {_inline(c.message)}" for c in q.records]
                if len(places) <= 3:
                    out += places
                else:
                    out += places[:3] + [f"    - <details><summary>{len(places) - 3} more</summary>", ""] \
                        + ["      " + p.strip() for p in places[3:]] + ["", "      </details>"]
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


_TICKED = re.compile(r"^- \[[xX]\] \*\*(D-[0-9a-f]{7})\*\*", re.M)


def keep_ticks(old_body: str, new_body: str) -> str:
    """The new pull request body with the decisions a reviewer ticked in the old one still ticked
    (matched by decision id; a decision gone from the new body is gone)."""
    ticked = set(_TICKED.findall(old_body or ""))
    if not ticked:
        return new_body

    def tick(m: re.Match) -> str:
        found = DECISION_ID.search(m.group(0))
        return m.group(0).replace("- [ ]", "- [x]", 1) if found and found.group(0) in ticked else m.group(0)
    return re.sub(r"^- \[ \] \*\*D-[0-9a-f]{7}\*\*", tick, new_body, flags=re.M)


def _inline(text: str) -> str:
    """One line of Markdown: newlines folded (a list item must not end early)."""
    return " ".join(text.split("\n"))
