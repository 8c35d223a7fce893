"""The corpus compiles: every case's `before/` builds against the burn 0.21 shim (it is real 0.21
code), fails against the burn 0.22.1 shim with the error codes its case.toml declares, and its
`after/` builds against the 0.22.1 shim without unused-import warnings. Offline, with our own
shims (corpus/shim/), one shared target directory per family."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compile_check import cargo_check, unused_import_warnings
from corpus_cases import CORPUS, cases

pytestmark = pytest.mark.skipif(shutil.which("cargo") is None, reason="cargo is not installed: the compile checks need it")

CASES = [c for c in cases() if c.meta.get("compile", True)]
SKIPPED = [c for c in cases() if not c.meta.get("compile", True)]
TARGET = Path(__file__).resolve().parent.parent / "target" / "corpus-check"


def checked(root, family, target, features, expected) -> "Outcome":
    """cargo_check, and once more in a fresh target directory when the outcome is not the
    expected one: a shared target directory saves minutes, but cargo's cache must never decide
    a result (a rare unexplained flake was seen once)."""
    o = cargo_check(root, family, target, features)
    if expected(o):
        return o
    import tempfile
    with tempfile.TemporaryDirectory(prefix="bm-target-") as fresh:
        return cargo_check(root, family, Path(fresh), features)


def test_shims_exist():
    for family in ("0.21", "0.22"):
        assert (CORPUS / "shim" / f"burn-{family}" / "Cargo.toml").is_file()


def test_skipped_cases_say_why():
    for c in SKIPPED:
        assert c.meta.get("compile_reason"), f"{c.id}: compile = false needs compile_reason"
    for c in CASES:
        if c.meta.get("before_is_0_22"):
            assert c.family == "all", f"{c.id}: only manifest cases may start from 0.22 code"


BEFORE_021 = [c for c in CASES if not c.meta.get("before_is_0_22")]


@pytest.mark.parametrize("case", BEFORE_021, ids=[c.id for c in BEFORE_021])
def test_before_is_real_0_21_code(case):
    o = checked(case.before, "0.21", TARGET / "0.21", case.meta.get("features"), lambda o: o.ok)
    assert o.ok, f"{case.id}: before/ does not build against burn 0.21:\n" + "\n".join(o.errors[:10]) + o.log[-1500:]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_before_fails_under_0_22_as_declared(case):
    declared = set(case.meta.get("errors_before", []))
    def as_declared(o):
        want = declared - {"manifest"}
        if "manifest" in declared and o.resolved:
            return False
        return (not o.ok and want <= set(o.codes)) if want else (o.ok or "manifest" in declared)

    o = checked(case.before, "0.22", TARGET / "0.22-before", case.meta.get("features"), as_declared)
    if "manifest" in declared:  # cargo rejects the 0.21 manifest (a removed feature) before compiling
        assert not o.resolved, f"{case.id}: the manifest resolves under 0.22.1 although the case says it does not"
        declared.discard("manifest")
        if not declared:
            return
    if not declared:
        assert o.ok, f"{case.id}: declares no error under 0.22.1 but got:\n" + "\n".join(o.errors[:10]) + o.log[-800:]
        return
    assert not o.ok, f"{case.id}: before/ builds under 0.22.1 although it declares {sorted(declared)}"
    missing = declared - set(o.codes)
    assert not missing, f"{case.id}: declared {sorted(missing)} not produced; got {dict(o.codes)}:\n" + "\n".join(o.errors[:10])


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_after_builds_under_0_22(case):
    o = checked(case.after, "0.22", TARGET / "0.22-after", case.meta.get("features"),
                lambda o: o.ok and not unused_import_warnings(o))
    assert o.ok, f"{case.id}: after/ does not build against burn 0.22.1:\n" + "\n".join(o.errors[:10]) + o.log[-1500:]
    unused = unused_import_warnings(o)
    assert not unused, f"{case.id}: imports the rules should have removed:\n" + "\n".join(unused)
