"""`burnmigrate diagnose` on what users hit: real burn 0.22.1 compiler output and panics
(tests/fixtures/diagnose/, each file's first line says how it was made: captured here by
bench/capture_diagnostics.py, or written from the chapter where this machine cannot produce it)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from burnmigrate.app.diagnose import diagnose
from burnmigrate.engine.catalog import catalog

FIX = Path(__file__).parent / "fixtures" / "diagnose"

EXPECTED = {   # fixture → the chapter the chart sends it to
    "e0405-backend-trait": 1, "e0107-backend-argument": 1, "e0432-burn-record": 1,
    "e0277-module-not-satisfied": 14, "p02-llvm-download": 2, "p05-not-same-device": 5,
    "p06-wrong-backend": 6, "p07-recv-error": 7,
    "r03-no-backend": 3, "r09-burn-tensor-location": 9, "r11-grad-none": 11, "r12-tape-consumed": 12,
    "r17-missing-field": 17, "r18-missing-tensors": 18, "r19-shape-mismatch": 19,
}


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "burnmigrate", *map(str, args)], capture_output=True, text=True, input=stdin)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_fixture_gets_its_chapter_first(name):
    path = FIX / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"{name}: not captured on this machine (bench/capture_diagnostics.py)")
    answers = diagnose(path.read_text(), "", catalog())
    assert answers and answers[0].chapter == EXPECTED[name], [a.chapter for a in answers]


def test_every_fixture_says_how_it_was_made():
    for f in FIX.glob("*.txt"):
        first = f.read_text().splitlines()[0]
        assert first.startswith(("# made by", "# written from")), f.name


def test_compile_errors_name_the_rule_that_fixes_them():
    r = cli("diagnose", FIX / "e0405-backend-trait.txt", "--format", "json")
    doc = json.loads(r.stdout)
    assert r.returncode == 0 and doc["answers"][0]["chapter"] == 1
    assert "backend-type-parameter" in doc["answers"][0]["rules"]


def test_cargo_json_output_is_read(tmp_path):
    rendered = (FIX / "e0107-backend-argument.txt").read_text().split("\n", 1)[1]
    line = json.dumps({"reason": "compiler-message", "message": {"rendered": rendered, "message": "x",
                                                                   "code": {"code": "E0107"}}})
    r = cli("diagnose", "-", stdin=line + "\n")
    assert r.returncode == 0 and "chapter 1:" in r.stdout


def test_symptoms_match_chapter_words():
    got = [a.chapter for a in diagnose("", "memory grows during inference", catalog())]
    assert got[0] == 13
    got = [a.chapter for a in diagnose("", "same seed but a different batch order every run", catalog())]
    assert 20 in got


def test_nothing_matched_is_exit_1_with_a_line():
    r = cli("diagnose", "-", stdin="all good\n")
    assert r.returncode == 1 and "nothing in this matches" in r.stdout


def test_no_input_is_a_usage_error():
    r = cli("diagnose")
    assert r.returncode == 2 and r.stderr.count("\n") == 1


def test_with_a_path_the_places_are_listed(tmp_path):
    root = tmp_path / "p"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = "0.21"\n')
    (root / "src" / "lib.rs").write_text("use burn::prelude::*;\npub fn f<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> { x }\n")
    r = cli("diagnose", FIX / "e0405-backend-trait.txt", "--path", root, "--format", "json")
    places = json.loads(r.stdout)["answers"][0]["places"]
    assert any(p.startswith("src/lib.rs:2") for p in places)


def test_explain_lists_and_every_chapter_has_area_and_diagnose():
    r = cli("explain", "--list")
    assert r.returncode == 0 and len(r.stdout.strip().splitlines()) == 26
    for n in range(1, 27):
        out = cli("explain", n).stdout
        assert "Area: ." not in out and "\nArea: " in out and "\nDiagnose: " in out, n
