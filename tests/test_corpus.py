"""Every corpus case: rules(before) == after, rules(after) == after (idempotence), no new parse
errors, and exactly the expected rules fire."""
from __future__ import annotations

import pytest

from burnmigrate.engine import Options, run
from burnmigrate.rust.syntax import error_count, parse

from corpus_cases import cases, files

CASES = cases()


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
