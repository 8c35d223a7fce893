"""Every corpus case: rules(before) == after, rules(after) == after (idempotence), no new parse
errors, exactly the expected rules fire, every record equals the case's snapshot (records.txt:
place, rule, kind, safety, message, reason), no record lands on a declared near miss, and no
record claims more safety than case.toml allows."""
from __future__ import annotations

import difflib
import os

import pytest

from burnmigrate.engine import Options, run
from burnmigrate.model import Safety
from burnmigrate.rust.syntax import error_count, parse

from corpus_cases import SNAPSHOT, cases, files, run_case, snapshot_text

CASES = cases()


@pytest.fixture(scope="session")
def previews():
    """The before/ preview of a case, once per test session (three tests read its records).
    A fixture, not a module-level cache: a mutation tester forks one process per mutant from
    a process that already ran the tests, and must not inherit the unmutated results."""
    memo: dict = {}
    # under mutmut (which sets MUTANT_UNDER_TEST) each test computes its own preview: mutmut
    # selects, per mutant, the tests that reached the mutated function while it gathered its
    # stats, and with a memo only the first of a case's three tests would reach the rules
    fresh = bool(os.environ.get("MUTANT_UNDER_TEST"))

    def preview(case):
        if fresh:
            return run_case(case)
        if case.id not in memo:
            memo[case.id] = run_case(case)
        return memo[case.id]
    return preview


def _migrated(root, case):
    res = run(root, Options(jobs=1, **case.options))
    out = files(root)
    for r in res.all_results:
        if r.changed:
            out[r.path] = r.final
    return res, out


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_before_becomes_after(case):
    res, got = _migrated(case.before, case)
    want = files(case.after)
    for path in sorted(set(got) | set(want)):
        assert got.get(path, b"").decode() == want.get(path, b"").decode(), f"{case.id}: {path} differs"
    fired = {c.rule for c in res.changes}
    assert fired == case.rules, f"{case.id}: rules fired {sorted(fired)}, case.toml says {sorted(case.rules)}"
    for c in res.changes:
        assert c.start_line >= 1 and c.path, f"{case.id}: unlocated change {c}"
        assert "internal error" not in c.message, f"{case.id}: {c.message}"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_after_is_a_fixpoint(case):
    res, got = _migrated(case.after, case)
    assert not any(r.changed for r in res.all_results), \
        f"{case.id}: a second run changes {[r.path for r in res.all_results if r.changed]}"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_no_new_parse_errors(case):
    before = files(case.before)
    _, got = _migrated(case.before, case)
    for path, data in got.items():
        if path.endswith(".rs") and path in before:
            assert error_count(parse(data)) <= error_count(parse(before[path])), f"{case.id}: {path}"


def test_corpus_is_not_empty():
    assert len(CASES) >= 20


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_apply_twice_changes_nothing_the_second_time(case, tmp_path):
    """`burnmigrate apply` as a user runs it (every default rule, manifests included, files
    written) on the case's before/: a second apply writes nothing."""
    import shutil
    from pathlib import Path

    from burnmigrate.app.usecases import apply

    root = tmp_path / "p"
    shutil.copytree(case.before, root)
    opts = Options(jobs=1, keep_cpu_feature=bool(case.meta.get("keep_cpu_feature")),
                   enable=frozenset(case.meta.get("enable", ())), config_patches=bool(case.meta.get("config_patches")))
    apply(root, opts, allow_dirty=True, allow_no_vcs=True)
    snapshot = {p: p.read_bytes() for p in Path(root).rglob("*") if p.is_file()}
    second = apply(root, opts, allow_dirty=True, allow_no_vcs=True)
    changed = [str(p.relative_to(root)) for p, b in snapshot.items() if p.read_bytes() != b]
    assert second.written == 0 and not changed, f"{case.id}: the second apply changes {changed}"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_records_match_the_snapshot(case, previews):
    snap = case.dir / SNAPSHOT
    assert snap.is_file(), f"{case.id}: no {SNAPSHOT}: write it with tests/regen_case.sh {case.id}"
    want = snap.read_text(encoding="utf-8")
    got = snapshot_text(previews(case))
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            f"{SNAPSHOT} (committed)", f"{SNAPSHOT} (this run)"))
        pytest.fail(f"{case.id}: the records differ from the snapshot (if the change is meant, "
                    f"`tests/regen_case.sh {case.id} --accept`):\n{diff}")


def _matches(rec, spec) -> bool:
    """A record is selected by a spec's path, `line` or inclusive `lines = [first, last]`, rule,
    kind (`change` or `finding`) and message text (each optional)."""
    first, last = spec.get("lines") or (spec.get("line"), spec.get("line"))
    return ((not spec.get("path") or rec.path == spec["path"])
            and (not spec.get("kind") or rec.outcome.value == spec["kind"])
            and (first is None or first <= rec.start_line <= last)
            and (not spec.get("rule") or rec.rule == spec["rule"])
            and (not spec.get("message") or spec["message"] in rec.message))


@pytest.mark.parametrize("case", [c for c in CASES if c.meta.get("near_misses")],
                         ids=[c.id for c in CASES if c.meta.get("near_misses")])
def test_no_record_lands_on_a_near_miss(case, previews):
    """case.toml's `near_misses`: places (path, line or lines, optionally rule) where no record may land.
    Written by hand, apart from the snapshot, so a regenerated snapshot cannot accept one."""
    recs = previews(case).changes
    for spec in case.meta["near_misses"]:
        assert {"path", "why"} <= set(spec) and ("line" in spec or "lines" in spec), \
            f"{case.id}: a near miss needs path, line or lines, and why: {spec}"
        hit = [f"{c.path}:{c.start_line} {c.rule}: {c.message}" for c in recs if _matches(c, spec)]
        assert not hit, f"{case.id}: a record landed on the near miss {spec}: {hit}"


@pytest.mark.parametrize("case", [c for c in CASES if c.meta.get("max_safety")],
                         ids=[c.id for c in CASES if c.meta.get("max_safety")])
def test_no_record_claims_more_safety_than_allowed(case, previews):
    """case.toml's `max_safety`: the highest safety the records a spec selects (by rule, and
    optionally path, line, message text) may claim. A spec that selects nothing is stale."""
    recs = previews(case).changes
    for spec in case.meta["max_safety"]:
        assert {"rule", "safety", "why"} <= set(spec), f"{case.id}: max_safety needs rule, safety and why: {spec}"
        cap = Safety(spec["safety"])
        picked = [c for c in recs if _matches(c, spec)]
        assert picked, f"{case.id}: max_safety {spec} selects no record"
        over = [f"{c.path}:{c.start_line} {c.rule} {c.safety}: {c.message}" for c in picked if c.safety > cap]
        assert not over, f"{case.id}: records claim more than {cap} ({spec['why']}): {over}"


def test_every_snapshot_belongs_to_a_case():
    from corpus_cases import CORPUS
    stray = [p for p in CORPUS.glob(f"*/*/{SNAPSHOT}") if not (p.parent / "case.toml").is_file()]
    assert not stray
