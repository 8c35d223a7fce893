"""Renderings of one RunResult: labelled unified diffs, text, JSON, Markdown and SARIF.

Nothing here knows tree-sitter; nothing here writes files.
"""
from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass

from . import __version__
from .changes import Change
from .registry import all_rules, rule_by_id
from .diffs import file_diff
from .runner import RunResult

JSON_SCHEMA_VERSION = 1


@dataclass
class Summary:
    files_scanned: int
    files_changed: int
    changes: int
    findings: int
    review: int
    by_rule: dict[str, dict[str, int]]


def summarize(res: RunResult) -> Summary:
    by_rule: dict[str, Counter] = defaultdict(Counter)
    n_changes = n_findings = n_review = 0
    for c in res.changes:
        if c.is_finding:
            by_rule[c.rule]["findings"] += 1
            n_findings += 1
        else:
            by_rule[c.rule]["changes"] += 1
            n_changes += 1
            if c.safety != "safe":
                by_rule[c.rule]["review"] += 1
                n_review += 1
    results = res.all_results
    return Summary(len(results), sum(r.changed for r in results), n_changes, n_findings, n_review,
                   {k: dict(v) for k, v in sorted(by_rule.items())})


def needs_person(res: RunResult) -> list[Change]:
    return [c for c in res.changes if c.needs_person]


# -- JSON -----------------------------------------------------------------------------------

def to_json(res: RunResult, *, mode: str) -> str:
    s = summarize(res)
    doc = {
        "schema": "burnmigrate-report",
        "schema_version": JSON_SCHEMA_VERSION,
        "tool": {"name": "burnmigrate", "version": __version__},
        "mode": mode,
        "root": str(res.project.root),
        "target": "burn 0.22.1",
        "crates": [{"name": c.name, "dir": res.project.rel(c.dir) or ".", "burn_version": c.burn_version(),
                    "burn_dependencies": [d.key for d in c.burn_deps]} for c in res.project.crates if c.uses_burn],
        "summary": {"files_scanned": s.files_scanned, "files_changed": s.files_changed,
                    "changes": s.changes, "findings": s.findings, "review": s.review, "by_rule": s.by_rule},
        "notes": res.notes,
        "files": [{
            "path": r.path,
            "status": "error" if r.error else ("changed" if r.changed else "unchanged"),
            "error": r.error,
            "diff": "".join(file_diff(r)),
            "changes": [c.to_json() for c in r.changes],
        } for r in res.all_results if r.changes or r.changed or r.error],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False)


# -- Markdown (the PR body) -----------------------------------------------------------------

def to_markdown(res: RunResult, *, mode: str = "dry-run", max_diff_lines: int = 400) -> str:
    s = summarize(res)
    out = ["## burnmigrate: burn 0.21 → 0.22.1", ""]
    out.append(f"{s.files_changed} of {s.files_scanned} files changed: {s.changes} changes "
               f"({s.review} to review) and {s.findings} findings.")
    out.append("")
    if s.by_rule:
        out += ["| rule | pitfalls | changes | to review | findings |", "| --- | --- | ---: | ---: | ---: |"]
        for rid, cnt in s.by_rule.items():
            rule = rule_by_id(rid)
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


# -- SARIF ----------------------------------------------------------------------------------

def to_sarif(res: RunResult) -> str:
    rules = [{
        "id": r.id, "name": r.name or r.id,
        "shortDescription": {"text": r.name or r.id},
        "fullDescription": {"text": r.doc().split("\n\n")[0]},
        "help": {"text": r.doc()},
        "properties": {"pitfalls": list(r.pitfalls), "safety": r.safety, "guide": r.guide},
    } for r in all_rules()]
    results = []
    for c in res.changes:
        region = {"startLine": c.start_line, "startColumn": c.start_col, "endLine": c.end_line,
                  "endColumn": max(c.end_col, 1)}
        item = {
            "ruleId": c.rule,
            "level": "warning" if c.needs_person else "note",
            "message": {"text": c.message + (f" — {c.reason}" if c.reason else "")},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": c.path}, "region": region}}],
            "properties": {"pitfalls": list(c.pitfalls), "safety": c.safety},
        }
        results.append(item)
    fixes_by_file = {r.path: r for r in res.all_results if r.changed}
    for item in results:
        path = item["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        r = fixes_by_file.pop(path, None)  # the file's whole rewrite rides on its first result
        if r is not None:
            item["fixes"] = [{"description": {"text": "apply with `burnmigrate apply`"},
                              "artifactChanges": [{"artifactLocation": {"uri": path},
                                                   "replacements": [{"deletedRegion": {"charOffset": 0, "charLength": len(r.original.decode('utf-8', 'replace'))},
                                                                     "insertedContent": {"text": r.final.decode('utf-8', 'replace')}}]}]}]
    doc = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "burnmigrate", "version": __version__, "rules": rules}},
                     "results": results}]}
    return json.dumps(doc, indent=2)
