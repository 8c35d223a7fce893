"""TOML 1.1 manifests (multi-line inline tables, cargo >= 1.94): folded for tomlkit, unfolded
back to the user's text; a table a rule changed keeps the user's layout and comments."""
from __future__ import annotations

import tomlkit
from hypothesis import given, settings, strategies as st

from burnmigrate.manifest import toml11
from burnmigrate.project import toml_read

MANIFEST = '''[package]
name = "demo"   # { not a table }
description = "a } brace and a # hash"

[dependencies]
burn = {
  version = "0.21",   # the framework
  # CPU for CI
  features = ["flex", "train", "tui"],
  default-features = false,
}
serde = { version = "1", features = ["derive"] }
polars = {
  version = "0.54",
  features = [
    "lazy",   # the query engine
    "csv",
  ],
}
'''


def edit(text: str, fn) -> str:
    folded, folds = toml11.fold(text)
    doc = tomlkit.parse(folded)
    fn(doc)
    return toml11.unfold(doc.as_string(), folds)


def test_fold_reads_as_tomli_reads_the_original():
    folded, folds = toml11.fold(MANIFEST)
    assert len(folds) == 2
    assert tomlkit.parse(folded).unwrap() == toml_read.loads(MANIFEST)
    assert "\n" not in folds[0].folded and "#" not in folds[0].folded


def test_untouched_manifest_comes_back_byte_for_byte():
    assert edit(MANIFEST, lambda doc: None) == MANIFEST


def test_a_changed_table_keeps_its_layout_its_comments_and_its_untouched_items():
    def move(doc):
        doc["dependencies"]["burn"]["version"] = "0.22.1"
        doc["dependencies"]["burn"]["features"].remove("tui")
    out = edit(MANIFEST, move)
    assert out == MANIFEST.replace('"0.21"', '"0.22.1"').replace(', "tui"]', "]")
    assert toml_read.loads(out)["dependencies"]["burn"]["features"] == ["flex", "train"]


def test_a_removed_item_goes_with_its_comment_and_an_added_one_takes_the_indentation():
    def change(doc):
        burn = doc["dependencies"]["burn"]
        del burn["features"]
        burn["optional"] = True
    out = edit(MANIFEST, change)
    assert "# CPU for CI" not in out and "# the framework" in out
    assert '  default-features = false,\n  optional = true,\n}' in out
    assert toml_read.loads(out)["dependencies"]["burn"] == {"version": "0.21", "default-features": False,
                                                             "optional": True}


def test_a_removed_dependency_takes_its_table_and_leaves_the_next_one_alone():
    out = edit(MANIFEST, lambda doc: doc["dependencies"].remove("burn"))
    assert "burn" not in toml_read.loads(out)["dependencies"]
    assert out.endswith(MANIFEST[MANIFEST.index("polars = {"):])


def test_manifest_without_multiline_tables_is_not_touched():
    text = '[dependencies]\nburn = { version = "0.21", features = [\n  "flex",\n] }\n'
    assert toml11.fold(text) == (text, [])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b-c", '"q.k"']),
                          st.sampled_from(['"x"', "1", "true", '["m", "n"]', '[\n    "m",\n  ]', '{ z = 1 }']),
                          st.sampled_from(["", "  # note"])), min_size=1, max_size=4, unique_by=lambda t: t[0]),
       st.booleans())
def test_any_multiline_table_round_trips_and_reads_the_same(items, trailing):
    body = ",\n".join(f"  {k} = {v}{c}" if not c else f"  {k} = {v},{c}" for k, v, c in items)
    body = "".join(f"  {k} = {v},{c}\n" for k, v, c in items) if trailing else \
        ",\n".join(f"  {k} = {v}" for k, v, _ in items) + "\n"
    text = f"[dependencies]\ndep = {{\n{body}}}\n"
    expected = toml_read.loads(text)
    folded, _ = toml11.fold(text)
    assert tomlkit.parse(folded).unwrap() == expected
    assert edit(text, lambda doc: None) == text


def test_cargo_reads_the_corpus_case_before_and_after(tmp_path):
    """The tier rebuilds member manifests; here cargo itself reads the case's own text."""
    import shutil
    import subprocess
    from pathlib import Path
    case = Path(__file__).resolve().parent.parent / "corpus" / "burn-version" / "toml11-multiline-tables"
    for side in ("before", "after"):
        shutil.copytree(case / side, tmp_path / side)
        p = subprocess.run(["cargo", "metadata", "--offline", "--no-deps", "--format-version", "1"],
                           cwd=tmp_path / side, capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
    after = (case / "after" / "Cargo.toml").read_text("utf-8")
    assert "# the CPU backend for CI" in after and "# tests on the CPU" in after
