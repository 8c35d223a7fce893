"""The preview cache (app/result_cache.py): a second preview of an unchanged tree is the first's
result; any byte of any file, an option or burnmigrate's own code makes a new run; `--no-cache`
and writes never read it."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

SRC = "use burn::prelude::*;\npub fn f<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> { x }\n"


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = tmp_path / "p"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = "0.21"\n')
    (root / "src" / "lib.rs").write_text(SRC)
    monkeypatch.setenv("BURNMIGRATE_CACHE", str(tmp_path / "cache"))
    return root


def preview(root, *extra):
    return subprocess.run([sys.executable, "-m", "burnmigrate", str(root), "--no-progress", "--format", "json", *extra],
                          capture_output=True, text=True, env=os.environ.copy())


def entries(project):
    d = project.parent / "cache" / "results"
    return sorted(d.glob("*.json")) if d.is_dir() else []


def test_a_second_preview_reads_the_first(project):
    a = preview(project)
    assert a.returncode == 0 and len(entries(project)) == 1
    b = preview(project)
    assert b.stdout == a.stdout and len(entries(project)) == 1


def test_a_changed_byte_or_option_is_a_new_run(project):
    first = preview(project).stdout
    (project / "src" / "lib.rs").write_text(SRC.replace("x }", "x  }"))
    second = preview(project).stdout
    assert second != first and len(entries(project)) == 2
    preview(project, "--no-docs")
    assert len(entries(project)) == 3
    (project / "notes.json").write_text("{}")   # a file no rule reads still changes the key
    preview(project)
    assert len(entries(project)) == 4


def test_no_cache_and_apply_do_not_use_it(project):
    preview(project, "--no-cache")
    assert entries(project) == []
    r = subprocess.run([sys.executable, "-m", "burnmigrate", "apply", str(project), "--allow-no-vcs", "--no-progress"],
                       capture_output=True, text=True, env=os.environ.copy())
    assert r.returncode == 0 and entries(project) == []
    assert "Tensor<1>" in (project / "src" / "lib.rs").read_text()


def test_a_broken_cache_file_is_ignored(project):
    preview(project)
    (e,) = entries(project)
    e.write_bytes(b"not an entry")
    r = preview(project)
    assert r.returncode == 0 and '"files"' in r.stdout


def test_the_key_covers_the_rule_folders():
    """The rules live in codemods/ and manifest_fixers/ (installed under burnmigrate.*): a changed
    rule must change the key even in an editable install."""
    from pathlib import Path

    import burnmigrate.codemods
    from burnmigrate.app import result_cache
    from burnmigrate.engine.catalog import code_digest
    code_digest.cache_clear()
    before = result_cache._tool_digest()
    rule = Path(burnmigrate.codemods.__file__).resolve().parent / "_findings.py"
    text = rule.read_bytes()
    try:
        rule.write_bytes(text + b"\n# a changed rule\n")
        code_digest.cache_clear()
        assert result_cache._tool_digest() != before
    finally:
        rule.write_bytes(text)
        code_digest.cache_clear()


def _rendered(res) -> tuple[str, str, str]:
    import contextlib
    import io

    from burnmigrate.output.json_report import to_json
    from burnmigrate.output.sarif import to_sarif
    from burnmigrate.output.text import print_text
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        print_text(res, color="never", mode="dry-run")
    return buf.getvalue(), to_json(res, mode="dry-run"), to_sarif(res)


def test_every_corpus_case_reads_the_same_from_the_cache(tmp_path, monkeypatch):
    """Issue 18: text, JSON and SARIF are byte-identical with and without the cache, for every
    corpus case (the cached result is the first run's; the second preview reads it)."""
    import shutil
    from pathlib import Path

    from corpus_cases import cases

    from burnmigrate.app.usecases import migrate
    from burnmigrate.engine import Options
    monkeypatch.setenv("BURNMIGRATE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("BURNMIGRATE_STATS", str(tmp_path / "stats.json"))
    import json
    checked = 0
    for case in cases():
        root = tmp_path / "p" / case.id.replace("/", "__")
        shutil.copytree(case.before, root)
        plain = _rendered(migrate(root, Options(jobs=1, **case.options)))
        first = _rendered(migrate(root, Options(jobs=1, cache=True, **case.options)))
        assert json.loads((tmp_path / "stats.json").read_text())["cache_hit"] is False, case.id
        second = _rendered(migrate(root, Options(jobs=1, cache=True, **case.options)))
        assert json.loads((tmp_path / "stats.json").read_text())["cache_hit"] is True, case.id
        for fmt, a, b, c in zip(("text", "json", "sarif"), plain, first, second):
            assert a == b == c, f"{case.id}: {fmt} differs with the cache"
        checked += 1
    assert checked >= 100 and Path(tmp_path / "cache" / "results").is_dir()
