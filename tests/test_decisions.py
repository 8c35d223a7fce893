"""Decisions, not items (burnmigrate/output/decisions.py, issue 26 item 3): every record that
needs a person belongs to exactly one decision; ids are stable; every output leads with them."""
from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from burnmigrate.cli import app
from burnmigrate.model import Change, Edit, Safety
from burnmigrate.output.decisions import DECISION_ID, decide, question_key, record_id
from burnmigrate.output.markdown import keep_ticks
from burnmigrate.output.sarif import LOCATIONS_PER_RESULT
from burnmigrate.project.errors import UsageError

PICK = ("the backend `{b}` was chosen by type here; in 0.22 the device value chooses it (R12): the device "
        "this code receives must be built for that backend.")


def _review(path: str, line: int, backend: str, rule: str = "backend-type-argument") -> Change:
    return Change(rule=rule, message=f"drop backend argument `{backend}` of `Tensor`", path=path, start_line=line,
                  start_col=5, end_line=line, end_col=9, safety=Safety.REVIEW, reason=PICK.format(b=backend),
                  edits=[Edit(0, 1, "")])


def _finding(path: str, line: int, name: str) -> Change:
    return Change(rule="backend-extension", message=f"`{name}` keeps its backend parameter", path=path,
                  start_line=line, start_col=1, end_line=line, end_col=2, safety=Safety.REVIEW,
                  reason=f"migrate `{name}` by hand (R19).")


def test_each_record_in_exactly_one_question_of_one_decision():
    people = ([_review(f"src/m{i % 4}.rs", i, "TestBackend") for i in range(10)]
              + [_review("src/a.rs", 3, "Wgpu"), _review("src/a.rs", 4, "TestBackend", "backend-turbofish")]
              + [_finding("src/k.rs", 7, "Worker"), _finding("src/k.rs", 9, "Pool")])
    decisions = decide(people)
    placed = [id(c) for d in decisions for q in d.questions for c in q.records]
    assert sorted(placed) == sorted(id(c) for c in people) and len(set(placed)) == len(people)
    assert [id(c) for d in decisions for c in d.records] == placed
    # the work decides: every device to pick is one decision, whichever rule found the place and
    # whichever backend it names; inside it one question per (rule, kind, template, subject)
    assert [(d.topic, len(d.records)) for d in decisions] == [("device", 12), ("backend-code", 2)]
    assert [(q.rule, q.subject, len(q.records)) for q in decisions[0].questions] == [
        ("backend-type-argument", "TestBackend", 10), ("backend-type-argument", "Wgpu", 1),
        ("backend-turbofish", "TestBackend", 1)]
    assert [(q.rule, q.subject) for q in decisions[1].questions] == [("backend-extension", "Worker"),
                                                                     ("backend-extension", "Pool")]
    assert decisions[0].count == "12 places in 5 files" and decisions[0].questions[0].count == "10 places in 4 files"
    assert decisions[0].rules == ["backend-turbofish", "backend-type-argument"] and decisions[0].kind == "review"


def test_a_reason_of_another_topic_s_work_goes_there():
    off_graph = Change(rule="backend-type-argument", message="drop backend argument `B::InnerBackend`", path="src/v.rs",
                       start_line=2, safety=Safety.REVIEW,
                       reason="`B::InnerBackend` kept these values off the autodiff graph (0.21's one device ..)")
    (d,) = decide([off_graph])
    assert d.topic == "autodiff" and d.title.startswith("Decide which code records gradients")


def test_every_rule_has_one_topic_and_every_routed_reason_is_still_written():
    """A rule with no topic, or a reason reworded so its pattern no longer matches, would fall
    silently into another decision: the catalog and the reasons the corpus pins say which."""
    from pathlib import Path

    from burnmigrate.engine.catalog import catalog
    from burnmigrate.output.decision_topics import TOPICS
    owners: dict[str, list[str]] = {}
    for t in TOPICS:
        for r in t.rules:
            owners.setdefault(r, []).append(t.id)
    assert {i.id: owners.get(i.id, []) for i in catalog() if len(owners.get(i.id, [])) != 1} == {}
    assert set(owners) <= {i.id for i in catalog()}
    pinned: dict[str, list[str]] = {}
    for f in (Path(__file__).resolve().parent.parent / "corpus").rglob("records.txt"):
        for line in f.read_text("utf-8").splitlines():
            parts = line.split(" | ")
            if len(parts) >= 6:
                pinned.setdefault(parts[1].split(" (")[0], []).append(" | ".join(parts[5:]))
    unmatched = [(t.id, rule, start) for t in TOPICS for rule, start in t.reasons
                 if not any(re.match(start, r) for r in pinned.get(rule, []))]
    assert unmatched == []


def test_ids_are_stable_and_not_rule_ids():
    a = decide([_review("src/a.rs", 3, "TestBackend"), _review("src/b.rs", 9, "TestBackend")])
    b = decide([_review("src/z.rs", 40, "Flex", "backend-turbofish")])   # other places, rules, subjects: same work
    assert a[0].id == b[0].id and DECISION_ID.fullmatch(a[0].id)
    assert decide([_finding("src/a.rs", 3, "Worker")])[0].id != a[0].id
    assert a[0].id not in {"backend-type-argument", "device"} and not a[0].id[2:].isdigit()
    assert question_key(_review("src/a.rs", 3, "Flex"))[2] == PICK.format(b="…")


def test_a_record_no_topic_takes_is_a_decision_of_its_own():
    failure = Change(rule="engine", message="rule x failed on this file", path="src/a.rs", safety=Safety.REVIEW)
    (d,) = decide([failure])
    assert d.topic == "" and d.title == "rule x failed on this file" and DECISION_ID.fullmatch(d.id)


def test_text_shows_three_places_and_how_to_see_the_rest(tmp_path, monkeypatch, capsys):
    from burnmigrate.output.text import decision_lines
    decisions = decide([_review(f"src/m{i}.rs", i, "TestBackend") for i in range(5)])
    shown = "".join(decision_lines(decisions, colored=False))
    assert shown.count("      src/m") == 3
    assert f"… and 2 more: `burnmigrate explain {decisions[0].id}` (or `--all-places`)" in shown
    assert "".join(decision_lines(decisions, colored=False, all_places=True)).count("      src/m") == 5


def test_pull_request_update_keeps_the_ticks_by_decision_id():
    old = "- [x] **D-0000001** `r` (review), 2 places: a\n- [ ] **D-0000002** `r` (review), 1 place: b\n"
    new = ("- [ ] **D-0000002** `r` (review), 1 place: b\n- [ ] **D-0000001** `r` (review), 3 places: a\n"
           "- [ ] **D-0000003** `r` (review), 1 place: c\n")
    kept = keep_ticks(old, new)
    assert kept.splitlines() == ["- [ ] **D-0000002** `r` (review), 1 place: b",
                                 "- [x] **D-0000001** `r` (review), 3 places: a",
                                 "- [ ] **D-0000003** `r` (review), 1 place: c"]
    assert keep_ticks("", new) == new


def _demo_like(tmp_path):
    from burnmigrate.app.demo import make_demo
    return make_demo()


def test_json_sarif_markdown_lead_with_decisions(tmp_path):
    root = _demo_like(tmp_path)
    runner = CliRunner()
    doc = json.loads(runner.invoke(app, ["--dry-run", "--format", "json", "--no-progress", str(root)]).stdout)
    records = {c["id"]: c for f in doc["files"] for c in f["changes"]}
    people = {rid for rid, c in records.items() if c["kind"] == "finding" or c["safety"] != "safe"}
    listed = [rid for d in doc["decisions"] for rid in d["records"]]
    assert sorted(listed) == sorted(people) and len(set(listed)) == len(listed)
    sarif = json.loads(runner.invoke(app, ["--dry-run", "--format", "sarif", "--no-progress", str(root)]).stdout)
    warnings = [r for r in sarif["runs"][0]["results"] if r["level"] == "warning"]
    assert sorted(r["properties"]["decision"] for r in warnings) == sorted(d["id"] for d in doc["decisions"])
    md = runner.invoke(app, ["--dry-run", "--format", "markdown", "--no-progress", str(root)]).stdout
    assert all(f"- [ ] **{d['id']}**" in md for d in doc["decisions"])
    # `explain D-…` finds a decision again on the next run, with every place
    first = doc["decisions"][0]
    out = runner.invoke(app, ["explain", first["id"], "--path", str(root), "--color", "never"])
    assert out.exit_code == 0 and out.stdout.startswith(f"  {first['id']} ")
    missing = runner.invoke(app, ["explain", "D-0000000", "--path", str(root)])
    assert isinstance(missing.exception, UsageError) and "no decision D-0000000" in str(missing.exception)


def test_sarif_splits_a_decision_past_githubs_location_limit(monkeypatch):
    from burnmigrate.output import sarif
    from burnmigrate.output.decisions import decide as real_decide
    people = [_review(f"src/m{i}.rs", i + 1, "TestBackend") for i in range(LOCATIONS_PER_RESULT + 5)]

    class Res:   # the least RunResult to_sarif reads
        catalog: dict = {}
        changes = people
        all_results: list = []
    monkeypatch.setattr(sarif, "needs_person", lambda res: res.changes)
    doc = json.loads(sarif.to_sarif(Res()))   # type: ignore[arg-type]
    results = doc["runs"][0]["results"]
    assert len(results) == 2 and [1 + len(r["relatedLocations"]) for r in results] == [LOCATIONS_PER_RESULT, 5]
    assert re.search(r"\(\d+ places in \d+ files\) \(part 2 of 2\)\. ", results[1]["message"]["text"])
    assert {r["properties"]["decision"] for r in results} == {real_decide(people)[0].id}


def test_record_ids_are_stable():
    assert record_id(_review("src/a.rs", 3, "B")) == record_id(_review("src/a.rs", 3, "B"))
    assert record_id(_review("src/a.rs", 3, "B")) != record_id(_review("src/a.rs", 4, "B"))
