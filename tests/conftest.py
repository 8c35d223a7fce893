import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def pytest_terminal_summary(terminalreporter):
    """One line with the compile-corpus counts (before builds on 0.21 / fails on 0.22.1 as
    declared / after builds on 0.22.1)."""
    counts = {}
    for report in terminalreporter.stats.get("passed", []):
        if "test_compile_corpus.py::" in report.nodeid:
            kind = report.nodeid.split("::")[1].split("[")[0]
            counts[kind] = counts.get(kind, 0) + 1
    if counts:
        terminalreporter.write_line(
            "compile corpus: {} before/ build on burn 0.21, {} fail on 0.22.1 as declared, {} after/ build on 0.22.1".format(
                counts.get("test_before_is_real_0_21_code", 0),
                counts.get("test_before_fails_under_0_22_as_declared", 0),
                counts.get("test_after_builds_under_0_22", 0)))
