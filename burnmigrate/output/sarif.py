"""SARIF 2.1.0 (`--format sarif`): every rule with its help text, every safe change as a note,
every decision (output/decisions.py) as one warning whose places are its related locations
(split past GitHub's 1,000 locations per result), and each changed file's rewrite as one
whole-file fix."""
from __future__ import annotations

from typing import Any

from burnmigrate import __version__
from burnmigrate.model import Change, RunResult
from burnmigrate.output.decisions import decide
from burnmigrate.output.json_report import dumps
from burnmigrate.output.summary import needs_person

LOCATIONS_PER_RESULT = 1000   # GitHub code scanning keeps at most 1,000 locations per result


def _location(c: Change) -> dict[str, Any]:
    region = {"startLine": c.start_line, "startColumn": c.start_col, "endLine": c.end_line,
              "endColumn": max(c.end_col, 1)}
    return {"physicalLocation": {"artifactLocation": {"uri": c.path}, "region": region}}


def to_sarif(res: RunResult) -> str:
    rules = [{
        "id": r.id, "name": r.name or r.id,
        "shortDescription": {"text": r.name or r.id},
        "fullDescription": {"text": r.doc.split("\n\n")[0]},
        "help": {"text": r.doc},
        "properties": {"pitfalls": list(r.pitfalls), "safety": r.safety_label, "guide": r.guide},
    } for r in res.catalog.values()]
    results: list[dict[str, Any]] = []
    for c in res.changes:   # a safe change: a note of its own (what needs a person: decisions below)
        if c.needs_person:
            continue
        results.append({
            "ruleId": c.rule, "level": "note",
            "message": {"text": c.message + (f" — {c.reason}" if c.reason else "")},
            "locations": [_location(c)],
            "properties": {"pitfalls": list(c.pitfalls), "safety": c.safety.value},
        })
    for d in decide(needs_person(res)):   # one result per decision, its places as related locations
        records = d.records
        question_of = {id(c): q for q in d.questions for c in q.records}
        parts = [records[k:k + LOCATIONS_PER_RESULT] for k in range(0, len(records), LOCATIONS_PER_RESULT)]
        for n, part in enumerate(parts, 1):
            of = f" (part {n} of {len(parts)})" if len(parts) > 1 else ""
            first = question_of[id(part[0])]
            results.append({
                # a result names one rule: the one of its first place (the decision's largest question)
                "ruleId": first.rule, "level": "warning",
                "message": {"text": f"{d.id}: {d.title} ({d.count}){of}. {first.text}"},
                "locations": [_location(part[0])],
                "relatedLocations": [{"id": k, **_location(c),
                                      "message": {"text": f"[{question_of[id(c)].rule}] {c.message}"}}
                                     for k, c in enumerate(part[1:], 1)],
                "partialFingerprints": {"burnmigrateDecision/v1": d.id + (f"/{n}" if n > 1 else "")},
                "properties": {"decision": d.id, "topic": d.topic, "rules": d.rules, "kind": d.kind,
                               "places": len(records), "pitfalls": list(part[0].pitfalls),
                               "safety": part[0].safety.value},
            })
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
