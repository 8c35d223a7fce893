"""SARIF 2.1.0 (`--format sarif`): every rule with its help text, every record as a result,
and each changed file's rewrite as one whole-file fix."""
from __future__ import annotations

from typing import Any

from burnmigrate import __version__
from burnmigrate.model import RunResult
from burnmigrate.output.json_report import dumps


def to_sarif(res: RunResult) -> str:
    rules = [{
        "id": r.id, "name": r.name or r.id,
        "shortDescription": {"text": r.name or r.id},
        "fullDescription": {"text": r.doc.split("\n\n")[0]},
        "help": {"text": r.doc},
        "properties": {"pitfalls": list(r.pitfalls), "safety": r.safety_label, "guide": r.guide},
    } for r in res.catalog.values()]
    results: list[dict[str, Any]] = []
    for c in res.changes:
        region = {"startLine": c.start_line, "startColumn": c.start_col, "endLine": c.end_line,
                  "endColumn": max(c.end_col, 1)}
        item: dict[str, Any] = {
            "ruleId": c.rule,
            "level": "warning" if c.needs_person else "note",
            "message": {"text": c.message + (f" — {c.reason}" if c.reason else "")},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": c.path}, "region": region}}],
            "properties": {"pitfalls": list(c.pitfalls), "safety": c.safety.value},
        }
        results.append(item)
    fixes_by_file = {r.path: r for r in res.all_results if r.changed}
    for item in results:
        path = item["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        r = fixes_by_file.pop(path, None)  # the file's whole rewrite rides on its first result
        if r is not None and r.final is not None:   # (a changed file has its final bytes)
            item["fixes"] = [{"description": {"text": "apply with `burnmigrate apply`"},
                              "artifactChanges": [{"artifactLocation": {"uri": path},
                                                   "replacements": [{"deletedRegion": {"charOffset": 0, "charLength": len(r.original.decode('utf-8', 'replace'))},
                                                                     "insertedContent": {"text": r.final.decode('utf-8', 'replace')}}]}]}]
    doc = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "burnmigrate", "version": __version__, "rules": rules}},
                     "results": results}]}
    return dumps(doc, len(results))
