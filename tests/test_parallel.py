"""The process pool changes nothing but speed: the same project gives the same changes, in the
same order, with one worker and with several (cross-file facts included)."""
from __future__ import annotations

from pathlib import Path

from burnmigrate.output import json_report as report
from burnmigrate.engine import Options, run


def make_project(root: Path, n: int = 70) -> None:
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "many"\nversion = "0.1.0"\n\n[dependencies]\nburn = "0.21"\n')
    mods = []
    for i in range(n):
        mods.append(f"pub mod m{i};")
        other = f"crate::m{(i + 1) % n}::Item{(i + 1) % n}"
        (root / "src" / f"m{i}.rs").write_text(
            "use burn::prelude::*;\n\n"
            f"pub struct Item{i}<B: Backend> {{\n    pub x: Tensor<B, 2>,\n}}\n\n"
            f"pub fn make{i}<B: Backend>(device: &B::Device) -> Item{i}<B> {{\n"
            f"    Item{i} {{ x: Tensor::<B, 2>::zeros([1, 1], device) }}\n}}\n\n"
            f"pub fn next{i}<B: Backend>(item: {other}<B>) -> Tensor<B, 2> {{\n    item.x\n}}\n")
    (root / "src" / "lib.rs").write_text("\n".join(mods) + "\n")


def test_one_worker_and_two_give_the_same_result(tmp_path, monkeypatch):
    make_project(tmp_path)
    import burnmigrate.engine.pool as pool
    monkeypatch.setattr(pool, "PARALLEL_THRESHOLD", 8)
    one = run(tmp_path, Options(jobs=1))
    two = run(tmp_path, Options(jobs=2))
    assert report.to_json(one, mode="dry-run") == report.to_json(two, mode="dry-run")
    changed = [r for r in two.files if r.changed]
    assert len(changed) == 70
    # cross-file: `Item{i+1}<B>` used in m{i}.rs lost its argument although defined elsewhere
    assert b"item: crate::m1::Item1) -> Tensor<2>" in next(r.final for r in changed if r.path == "src/m0.rs")


def test_trees_dropped_over_the_memory_budget_give_the_same_result(tmp_path, monkeypatch):
    """Past KEEP_TREE_BYTES a worker drops pass 1's trees and pass 2 parses those files again:
    one parse more per file, nothing else changes (inline and in workers)."""
    make_project(tmp_path)
    import burnmigrate.engine.pool as pool
    monkeypatch.setattr(pool, "PARALLEL_THRESHOLD", 8)
    kept = run(tmp_path, Options(jobs=1))
    monkeypatch.setattr(pool, "KEEP_TREE_BYTES", 0)
    dropped = run(tmp_path, Options(jobs=1))
    two = run(tmp_path, Options(jobs=2))
    assert report.to_json(kept, mode="dry-run") == report.to_json(dropped, mode="dry-run") == report.to_json(two, mode="dry-run")
    assert dropped.stats["parses"]["full"] > kept.stats["parses"]["full"]


def test_query_captures_come_in_document_order():
    """py-tree-sitter's order within one capture name varies between processes; the rules (and
    so the report) see document order."""
    from burnmigrate.rust.syntax import captures, parse
    src = b"".join(b"fn f%d(x: AutodiffModule<B>, y: Vec<AutodiffModule<B>>) {}\n" % i for i in range(40))
    found = captures("(generic_type) @g", parse(src).root_node)["g"]
    assert len(found) == 120
    assert [(n.start_byte, -n.end_byte) for n in found] == sorted((n.start_byte, -n.end_byte) for n in found)


def test_output_does_not_depend_on_string_hashing():
    """Records come out in the same order whatever PYTHONHASHSEED is (a rule that walks a set of
    names must not leak its order into the report)."""
    import os
    import subprocess
    import sys
    case = Path(__file__).resolve().parents[1] / "corpus" / "backend-device-value" / "constructors" / "before"
    outs = set()
    for seed in ("1", "2", "3", "4"):
        p = subprocess.run([sys.executable, "-m", "burnmigrate", "--dry-run", "--no-progress", "--format", "json", str(case)],
                           capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED=seed))
        assert p.returncode == 0, p.stderr
        outs.add(p.stdout)
    assert len(outs) == 1


def test_an_indexing_bug_is_a_failure_record_not_a_traceback(tmp_path, monkeypatch):
    """A bug in pass 1 on one file does not end the run: the file gets an engine failure (and
    `check` fails), the other files are migrated."""
    import burnmigrate.engine.pool as pool
    make_project(tmp_path, n=3)
    real = pool.collect

    def broken(rel, *a, **k):
        if rel.endswith("m1.rs"):
            raise ValueError("boom")
        return real(rel, *a, **k)
    monkeypatch.setattr(pool, "collect", broken)
    res = run(tmp_path, Options(jobs=1))
    fails = [c for c in res.changes if c.path == "src/m1.rs" and "internal error while indexing" in c.message]
    assert fails and fails[0].outcome.value == "failure"
    assert any(r.changed for r in res.files if r.path == "src/m0.rs")


def test_a_failure_beside_pass_2_ends_the_run_with_it(tmp_path, monkeypatch):
    """The data-file and Markdown passes run in a thread while the workers rewrite: what they
    raise reaches the caller (the CLI's one-line internal error), the workers are not left."""
    import pytest

    import burnmigrate.engine.pipeline as pipeline
    import burnmigrate.engine.pool as pool
    make_project(tmp_path)
    monkeypatch.setattr(pool, "PARALLEL_THRESHOLD", 8)

    def broken(*_a, **_k):
        raise RuntimeError("markdown pass broke")

    monkeypatch.setattr(pipeline, "run_markdown", broken)
    with pytest.raises(RuntimeError, match="markdown pass broke"):
        run(tmp_path, Options(jobs=2))
