"""The result cache's format (issue 27 item 8): JSON that can only make data, never run code.

A pickle in the cache dir ran whatever it held on load (a planted one ran arbitrary code) and a
pickle of the wrong type crashed the run. An entry is now JSON: plain values, `bytes` as base64,
tuples, frozensets, enums and paths tagged, and dataclass instances tagged with their class name,
rebuilt only for the classes of `_CLASSES` (the run's data model) from their declared fields. What
a preview's renderers never read (the project index) is not stored; the rule catalog comes from
the running code, whose digest is in the cache key. Anything else in an entry makes it a miss.
"""
from __future__ import annotations

import base64
import dataclasses
import json
from enum import Enum
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

from burnmigrate.model import Change, CrateFacts, FileResult, RunResult
from burnmigrate.model.change import Check, ErrorMatch, Outcome, RecordKind, RuleKind, Safety
from burnmigrate.model.edits import Edit
from burnmigrate.project.dependencies import BurnDependency
from burnmigrate.project.discover import Crate, Project

VERSION = "burnmigrate-result-cache-2"
_CLASSES: dict[str, type] = {c.__name__: c for c in (Change, Edit, Check, ErrorMatch, FileResult, Project, Crate,
                                                    BurnDependency, CrateFacts)}
_ENUMS: dict[str, type[Enum]] = {e.__name__: e for e in (Safety, Outcome, RuleKind, RecordKind)}


@cache
def _names(cls: type) -> tuple[str, ...]:
    """A data class's constructor fields."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.init)


class BadEntry(ValueError):
    """An entry that is not what this version writes: a cache miss."""


def _enc(v: Any) -> Any:
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, bytes):
        return {"$b": base64.b64encode(v).decode("ascii")}
    if isinstance(v, Enum):
        return {"$e": type(v).__name__, "v": v.name}
    if isinstance(v, (Path, PurePosixPath)):
        return {"$p": str(v)}
    if isinstance(v, tuple):
        return {"$t": [_enc(x) for x in v]}
    if isinstance(v, (set, frozenset)):
        return {"$s": sorted((_enc(x) for x in v), key=json.dumps)}
    if isinstance(v, list):
        return [_enc(x) for x in v]
    if isinstance(v, dict):
        return {"$d": [[_enc(k), _enc(x)] for k, x in v.items()]}
    if isinstance(v, Change):   # (the bulk of an entry: a compact row; the rule's own check not repeated)
        return {"$C": [v.rule, v.message, v.path, v.start_line, v.start_col, v.end_line, v.end_col, v.safety.name,
                       list(v.pitfalls), v.guide, [[e.start, e.end, e.new] for e in v.edits],
                       0 if v.check == _RULE_CHECKS.get(v.rule) else _enc(v.check), v.reason, v.step, list(v.span),
                       v.edits_from_text, v.failed, v.doc,
                       None if v.fallback is None else [[e.start, e.end, e.new] for e in v.fallback]]}
    if isinstance(v, Project):   # (each file names its crate by position, not by a copy of it)
        at = {id(c): k for k, c in enumerate(v.crates)}
        fields = {n: _enc(getattr(v, n)) for n in _names(Project) if n != "rust_files"}
        fields["rust_files"] = [[rel, str(p), at[id(c)]] for rel, p, c in v.rust_files]
        return {"$P": fields}
    if dataclasses.is_dataclass(v) and not isinstance(v, type) and type(v).__name__ in _CLASSES:
        return {"$c": type(v).__name__, "f": {n: _enc(getattr(v, n)) for n in _names(type(v))}}
    raise TypeError(f"not cacheable: {type(v).__name__}")


def _dec(v: Any) -> Any:
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, list):
        return [_dec(x) for x in v]
    if not isinstance(v, dict) or len(v) not in (1, 2):
        raise BadEntry("unexpected value")
    if "$C" in v:
        (rule, message, path, sl, sc, el, ec, safety, pitfalls, guide, edits, check, reason, step, span, eft, failed,
         doc, fallback) = v["$C"]
        return Change(rule=str(rule), message=str(message), path=str(path), start_line=int(sl), start_col=int(sc),
                      end_line=int(el), end_col=int(ec), safety=Safety[safety], pitfalls=tuple(int(p) for p in pitfalls),
                      guide=str(guide), edits=[Edit(int(a), int(b), str(n)) for a, b, n in edits],
                      check=_RULE_CHECKS.get(rule) if check == 0 else _dec(check), reason=str(reason), step=int(step),
                      span=(int(span[0]), int(span[1])), edits_from_text=bool(eft), failed=bool(failed), doc=bool(doc),
                      fallback=None if fallback is None else [Edit(int(a), int(b), str(n)) for a, b, n in fallback])
    if "$b" in v:
        return base64.b64decode(v["$b"], validate=True)
    if "$e" in v:
        return _ENUMS[v["$e"]][v["v"]]
    if "$p" in v:
        return Path(v["$p"])
    if "$t" in v:
        return tuple(_dec(x) for x in v["$t"])
    if "$s" in v:
        return frozenset(_dec(x) for x in v["$s"])
    if "$d" in v:
        return {_dec(k): _dec(x) for k, x in v["$d"]}
    if "$P" in v:
        fields = dict(v["$P"])
        files = fields.pop("rust_files")
        if not set(fields) <= set(_names(Project)):
            raise BadEntry("fields of Project")
        project = Project(rust_files=[], **{k: _dec(x) for k, x in fields.items()})
        project.rust_files = [(str(rel), Path(p), project.crates[int(k)]) for rel, p, k in files]
        return project
    if "$c" in v:
        cls = _CLASSES[v["$c"]]
        fields = v["f"]
        if not isinstance(fields, dict) or not set(fields) <= set(_names(cls)):
            raise BadEntry(f"fields of {v['$c']}")
        return cls(**{k: _dec(x) for k, x in fields.items()})
    raise BadEntry("unknown tag")


_RULE_CHECKS: dict[str, Check | None] = {}


def _rule_checks() -> None:
    """Each rule's own `check` (a change's is that one object unless the rule passed another)."""
    if not _RULE_CHECKS:
        from burnmigrate.engine.catalog import by_id
        _RULE_CHECKS.update({rid: info.check for rid, info in by_id().items()})


def dumps(res: RunResult) -> str:
    """An entry: the result less its index and catalog (`loads` gets those from the code)."""
    _rule_checks()
    return json.dumps({"version": VERSION, "project": _enc(res.project), "files": _enc(res.files),
                       "notes": res.notes, "manifest_results": _enc(res.manifest_results),
                       "data_results": _enc(res.data_results), "stats": _enc(res.stats)})


def loads(text: str) -> RunResult:
    """The result an entry holds; BadEntry (or another ValueError / KeyError / TypeError) when it
    is not one this version wrote."""
    doc = json.loads(text)
    if not isinstance(doc, dict) or doc.get("version") != VERSION:
        raise BadEntry("version")
    from burnmigrate.engine.catalog import by_id
    from burnmigrate.rust.index import ProjectIndex
    _rule_checks()
    res = RunResult(project=_dec(doc["project"]), files=_dec(doc["files"]), index=ProjectIndex(),
                    notes=list(doc["notes"]), manifest_results=_dec(doc["manifest_results"]),
                    data_results=_dec(doc["data_results"]), catalog=by_id(), stats=_dec(doc["stats"]))
    if not isinstance(res.project, Project) or not all(isinstance(r, FileResult) for r in res.all_results):
        raise BadEntry("shape")
    return res
