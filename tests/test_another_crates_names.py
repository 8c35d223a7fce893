"""A name burn also has, imported from another crate, is that crate's (reading 33).

`use mobilenetv2_burn::model::imagenet::Normalizer;` brings a third-party `Normalizer<B>` (built on
burn 0.21, not migrated by this run), named like burn-train's `Normalizer<B>`. Its backend
argument must not be dropped as burn's (E0107 against the crate actually linked): it is asked, as
any other crate's type is. The same name through burn's own path stays burn's."""
from __future__ import annotations

from burnmigrate.engine import Options, run

MANIFEST = '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\nburn = "0.21"\n' \
           'imagenet = { path = "../imagenet" }\n'


def _records(tmp_path, lib: str):
    (tmp_path / "p" / "src").mkdir(parents=True)
    (tmp_path / "p" / "Cargo.toml").write_text(MANIFEST)
    (tmp_path / "p" / "src" / "lib.rs").write_text(lib)
    res = run(tmp_path / "p", Options(jobs=1))
    return [(c.start_line, c.rule, c.safety.value, c.reason) for c in res.changes if c.rule == "backend-type-argument"]


def test_another_crates_type_named_like_burns_is_asked(tmp_path):
    recs = _records(tmp_path, "use burn::prelude::*;\nuse imagenet::Normalizer;\n\n"
                              "pub struct Batcher<B: Backend> {\n    norm: Normalizer<B>,\n}\n")
    (line, _, safety, reason), = [r for r in recs if r[0] == 5]
    assert safety == "review" and reason.startswith("`Normalizer` is not a burn type this tool knows"), recs


def test_burns_own_path_stays_burns(tmp_path):
    recs = _records(tmp_path, "use burn::prelude::*;\nuse burn::train::metric::vision::Normalizer;\n\n"
                              "pub struct Batcher<B: Backend> {\n    norm: Normalizer<B>,\n}\n")
    assert [(r[0], r[2]) for r in recs if r[0] == 5] == [(5, "safe")], recs
