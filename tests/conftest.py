import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(scope="session")
def burn_sources():
    """The crates every compile-tier group pins, in cargo's registry cache (fetched once, as the
    tier itself does): the tests that read burn's sources use it, so on a fresh machine they do
    not depend on running after the compile tier (test files run in name order)."""
    import realburn as R
    from corpus_cases import cases
    where = R.cache_dir() / "compile-tier"
    try:
        for name, members in R.plan(cases()).items():
            if members:
                R.ensure_fetched(R.generate(name, R.groups()[name], members, where))
    except R.RegistryUnavailable as e:
        pytest.fail(f"burn's crates: {e}", pytrace=False)


def pytest_terminal_summary(terminalreporter):
    """One line with the compile tier's counts (before/ type-checks on 0.21.0 / fails on 0.22.1
    as declared / after/ type-checks on 0.22.1 / resolution checks) and its groups' times."""
    tier = {}
    for report in terminalreporter.stats.get("passed", []):
        if "test_compile_tier.py::" in report.nodeid:
            kind = report.nodeid.split("::")[1].split("[")[0]
            tier[kind] = tier.get(kind, 0) + 1
    if tier:
        try:
            from test_compile_tier import STATS
        except ImportError:  # pragma: no cover
            STATS = {}
        groups = ", ".join(f"{n}: {m} members in {s} s" for n, (m, s) in sorted(STATS.get("groups", {}).items()))
        terminalreporter.write_line(
            "compile tier (real burn crates): {} before/ type-check on 0.21.0, {} fail on 0.22.1 as declared, "
            "{} after/ type-check on 0.22.1, {} resolution checks; {}".format(
                tier.get("test_before_is_real_0_21_code", 0), tier.get("test_before_fails_on_0_22_1_as_declared", 0),
                tier.get("test_after_type_checks_on_0_22_1", 0), tier.get("test_resolution_as_declared", 0), groups))


_FAULT27_SKIPPED: list[str] = []


def pytest_runtest_logreport(report):
    if report.skipped and "fault27" in report.keywords:
        _FAULT27_SKIPPED.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    """Issue 27's fault tests may not be skipped: a machine that cannot make a fault fails the
    run instead of hiding it (`BURNMIGRATE_FAULTS_ALLOW_SKIP=1` lets a developer's machine pass)."""
    import os
    if _FAULT27_SKIPPED and os.environ.get("BURNMIGRATE_FAULTS_ALLOW_SKIP") != "1":
        print("\nissue 27 fault tests were skipped (set BURNMIGRATE_FAULTS_ALLOW_SKIP=1 to allow it): "
              + ", ".join(_FAULT27_SKIPPED))
        session.exitstatus = 1
