"""What pass 1 reads of a project's recorder files (burnmigrate/rust/record_files.py), and the
one note a run gives when record-to-store decided recorder calls (issue 26)."""
from __future__ import annotations

from pathlib import Path

import pytest

from burnmigrate.engine import Options, run
from burnmigrate.rust.record_files import call_args, named_extensions, path_key, saved_paths

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.mark.parametrize(("expr", "key"), [
    ('format!("{artifact_dir}/model").into()', "{}/model"),
    ('format!("{}/model", dir)', "{}/model"),
    ('&format!("{ARTIFACT_DIR}/model-{epoch:03}")', "{}/model-{}"),
    ('dir.join("best")', "{}/best"),
    ('self.dir().join("best")', "{}/best"),
    ('Path::new("out/model")', "out/model"),
    ('std::path::PathBuf::from("out/model")', "out/model"),
    ('"weights/model.mpk".to_string()', "weights/model.mpk"),
    ('format!("{path}")', None),                # any file at all
    ('format!("{}.{}", a, b)', None),
    ('args.output', None),
    ('format!("{dir}/{{model}}")', "{}/{{model}}"),   # escaped braces are text, not placeholders
])
def test_path_key(expr, key):
    assert path_key(expr) == key


def test_call_args_skip_strings_and_nested_brackets():
    src = 'x.save_file(format!("{a}, (b"), &R::<S>::new(), [1, 2])'
    assert [a.strip() for a in call_args(src, src.index("("))] == ['format!("{a}, (b")', "&R::<S>::new()", "[1, 2]"]
    assert call_args("f(a, b", 1) == []   # never closed


def test_saved_paths_reads_saves_only():
    src = b'''
    model.save_file(
        format!("{artifact_dir}/model"),
        &CompactRecorder::new(),
    );
    model.save_file(format!("{dir}/held"), &recorder);
    model.save_file(format!("{dir}/new-api"));                        // 0.22 form: one argument
    CompactRecorder::new().record(model.into_record(), format!("{dir}/rec").into());
    builder.record(metric, format!("{dir}/not-a-module"));            // no `into_record`: not a recorder
    CompactRecorder::new().load(format!("{dir}/loaded").into(), &device);
    '''
    assert saved_paths(src) == {"{}/model", "{}/held", "{}/rec"}
    # a save whose path is read from elsewhere: "" (the package saves; no load matches it)
    assert saved_paths(b"net.save_file(paths.model(), &CompactRecorder::new())") == {""}
    learner = b"SupervisedTraining::new(dir, t, v).with_file_checkpointer(CompactRecorder::new())"
    assert saved_paths(learner) == {"{}/checkpoint/model-{}", "{}/checkpoint/optim-{}", "{}/checkpoint/scheduler-{}",
                                    "{}/checkpoint/policy-{}", "{}/checkpoint/learning-agent-{}"}


def test_named_extensions_are_read_from_string_literals():
    src = b'''let a = "model.mpk"; let b = format!("{dir}/m-{e}.mpk.gz"); p.with_extension("bin");
              let c = "binary"; let d = "config.json"; let e = "bin/tool"; // "x.json.gz" in a comment too'''
    assert named_extensions(src) == {"mpk", "mpk.gz", "bin", "json", "json.gz"}
    assert named_extensions(b'let a = "combined"; let b = "mpkx";') == set()


def _notes(case: str, rule: str = "record-to-store") -> list[str]:
    return [n for n in run(CORPUS / case / "before", Options(jobs=1)).notes if n.startswith(f"{rule}:")]


def test_decided_calls_give_one_note_with_the_half_precision_size():
    notes = _notes("record-to-store/saves-and-loads-decided")
    assert notes == [
        ("record-to-store: 4 recorder save(s) and load(s) now write and read burnpack files (0.22.1 appends `.bpk` "
        "to a path with no extension) and cannot read a file burn 0.21 wrote: load models and checkpoints saved "
        "before the upgrade with burn 0.21 and save them again, or train again (pitfall 17); 0.21's half-precision "
        "recorder stored f16, 0.22.1 stores the module's dtype (f32 unless cast): those files are about twice "
        "as large")]


def test_no_note_when_every_recorder_call_is_review():
    assert _notes("record-to-store/recorders-and-record-types") == []


def test_decided_checkpointers_give_one_note():
    assert _notes("training-builder/file-checkpointer", "training-builder") == [
        "training-builder: 1 learner(s) now write burnpack checkpoints (`<dir>/checkpoint/model-{epoch}.bpk`: 0.21's "
        "place and names): a run cannot resume (`.checkpoint(epoch)`) from checkpoints burn 0.21 wrote; start it again "
        "(pitfall 17); 0.21's half-precision recorder stored f16, 0.22.1 stores the module's dtype: checkpoints about "
        "twice as large"]
    assert _notes("training-builder/checkpoints-named-by-extension", "training-builder") == []
