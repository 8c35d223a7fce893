"""verify's manifest check (burnmigrate/verify/features.py, issue 25 item 14): the migrated
manifest pulls burn's crates as before under every combination of the crate's own features."""
from __future__ import annotations

import subprocess

import pytest

from burnmigrate.app.manifest_check import manifest_feature_problems, releases
from burnmigrate.verify.features import feature_problems

HEAD = """[package]
name = "p"
version = "0.1.0"

[dependencies]
burn = { version = "0.21", features = ["flex", "server"] }
burn-store = { version = "0.21", optional = true, features = ["std", "burnpack"] }

[features]
pt = ["dep:burn-store", "burn-store/pytorch"]
gpu = ["burn/wgpu"]
"""


def test_the_tools_own_migration_pulls_the_same():
    after = (HEAD.replace('"0.21"', '"0.22.1"').replace('"server"', '"remote-server"')
             .replace('"std", "burnpack"', '"std"'))   # burnpack: gone in burn-store 0.22.1
    assert feature_problems(HEAD, after, releases()) == []


def test_added_features_are_allowed():
    after = HEAD.replace('"flex", "server"', '"flex", "remote-server", "extension"').replace(', "burnpack"', "")
    assert feature_problems(HEAD, after, releases()) == []


@pytest.mark.parametrize(("after", "problem"), [
    # the optional crate made unconditional (the bug item 14 names)
    (HEAD.replace(', optional = true', '').replace(', "burnpack"', ""), "`burn-store` was off and is now on"),
    # a project feature that forwarded a burn feature lost it
    (HEAD.replace('gpu = ["burn/wgpu"]', 'gpu = []').replace(', "burnpack"', ""), "with {gpu}, `burn` no longer gets `wgpu`"),
    # a declared feature dropped though 0.22.1 still has it
    (HEAD.replace('"flex", "server"', '"remote-server"').replace(', "burnpack"', ""), "`burn` no longer gets `flex`"),
])
def test_a_difference_is_one_line(after, problem):
    found = feature_problems(HEAD, after, releases())
    assert any(problem in p for p in found), found


def test_verify_reads_the_before_from_git(tmp_path):
    (tmp_path / "Cargo.toml").write_text(HEAD)
    for cmd in (["init", "-q"], ["add", "Cargo.toml"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]):
        subprocess.run(["git", "-C", str(tmp_path), *cmd], check=True)
    assert manifest_feature_problems(tmp_path) == []   # unchanged: nothing to compare
    (tmp_path / "Cargo.toml").write_text(HEAD.replace(", optional = true", ""))
    assert manifest_feature_problems(tmp_path) == ["Cargo.toml: with no features, `burn-store` was off and is now on"]


def test_outside_git_there_is_nothing_to_compare(tmp_path):
    (tmp_path / "Cargo.toml").write_text(HEAD)
    assert manifest_feature_problems(tmp_path) == []


def test_every_corpus_case_pulls_burns_crates_as_before():
    """The tool's own manifest changes, on every case: no optional crate made unconditional or
    the reverse, no feature lost that 0.22 still has."""
    from pathlib import Path
    corpus = Path(__file__).resolve().parents[1] / "corpus"
    pairs = [(b, Path(str(b).replace("/before/", "/after/", 1))) for b in sorted(corpus.glob("*/*/before/**/Cargo.toml"))]
    pairs = [(b, a) for b, a in pairs if a.is_file()]
    assert len(pairs) > 150
    known = releases()
    found = {str(b.relative_to(corpus)): p for b, a in pairs if (p := feature_problems(b.read_text(), a.read_text(), known))}
    assert found == {}
