"""The JSON report (`--format json`): schema `burnmigrate-report`, version 1 (see README)."""
from __future__ import annotations

import json
import re
from typing import Any

from burnmigrate import __version__
from burnmigrate.model import RunResult
from burnmigrate.output.decisions import Decision, decide, record_id
from burnmigrate.output.diff import file_diff
from burnmigrate.output.summary import needs_person, summarize

JSON_SCHEMA_VERSION = 2


def decision_json(d: Decision) -> dict[str, Any]:
    return {"id": d.id, "topic": d.topic, "title": d.title, "kind": d.kind, "rules": d.rules,
            "places": len(d.records), "files": d.files, "records": [record_id(c) for c in d.records],
            "questions": [{"rule": q.rule, "kind": q.kind, "subject": q.subject, "text": q.text,
                           "template": q.template, "places": len(q.records),
                           "records": [record_id(c) for c in q.records]} for q in d.questions]}


def to_json(res: RunResult, *, mode: str) -> str:
    s = summarize(res)
    decisions = decide(needs_person(res))
    doc: dict[str, Any] = {
        "schema": "burnmigrate-report",
        "schema_version": JSON_SCHEMA_VERSION,
        "tool": {"name": "burnmigrate", "version": __version__},
        "mode": mode,
        "root": str(res.project.root),
        "target": "burn 0.22.1",
        "crates": [{"name": c.name, "dir": res.project.rel(c.dir) or ".", "burn_version": c.burn_version(),
                    "burn_dependencies": [d.key for d in c.burn_deps]} for c in res.project.crates if c.uses_burn],
        "summary": {"files_scanned": s.files_scanned, "files_changed": s.files_changed,
                    "changes": s.changes, "findings": s.findings, "review": s.review, "doc_changes": s.doc_changes,
                    "by_rule": s.by_rule},
        "decisions": [decision_json(d) for d in decisions],
        "notes": res.notes,
        "files": [{
            "path": r.path,
            "status": "error" if r.error else ("changed" if r.changed else "unchanged"),
            "error": r.error,
            "diff": "".join(file_diff(r)),
            "changes": [{"id": record_id(c), **c.to_json()} for c in r.changes],
        } for r in res.all_results if r.changes or r.changed or r.error],
    }
    return dumps(doc, sum(len(f["changes"]) for f in doc["files"]), ensure_ascii=False)


PRETTY_LIMIT = 5000   # records; above it the document is written compact


def dumps(doc, records: int, **kw) -> str:
    """Indented for a report a person may read; compact above PRETTY_LIMIT records, where
    Python's indenting encoder (pure Python) would cost more than the whole migration."""
    text = json.dumps(doc, separators=(",", ":"), **kw) if records > PRETTY_LIMIT else json.dumps(doc, indent=2, **kw)
    # a file name that is not UTF-8 (the OS allows it) reaches here with its bytes as lone
    # surrogates: escaped as JSON `\udcXX`, which a JSON reader turns back into the same name
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_LONE_SURROGATE = re.compile("[\udc80-\udcff]")
