"""A copy of burn's own crate in the project's tree (reading 48, mosure/burn_image keeps
`patches/burn-cubecl-0.21.0` for a `[patch.crates-io]`): burn's code, not the project's. It is
not migrated (27 safe records rewrote it before), a note says why, and the patch entry gets a
finding: after the upgrade cargo drops a patch whose version no longer matches, with a warning."""
from __future__ import annotations

from burnmigrate.engine import Options, run
from burnmigrate.project.discover import discover
from burnmigrate.project.vendored import is_burns_own

ROOT = ('[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\nexclude = ["patches/burn-cubecl"]\n\n'
        '[dependencies]\nburn = { version = "0.21.0", features = ["wgpu"] }\n\n'
        '[patch.crates-io]\n# keeps our upload fix\nburn-cubecl = { path = "patches/burn-cubecl" }\n'
        'serde = { path = "patches/serde" }\n')
COPY = ('[package]\nname = "burn-cubecl"\nversion = "0.21.0"\nedition = "2021"\n\n'
        '[dependencies]\nburn-backend = "0.21.0"\n')
COPY_SRC = "use burn_backend::Backend;\npub fn ones<B: Backend>(d: &B::Device) -> burn_backend::Shape { todo!() }\n"


def project(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text("use burn::prelude::*;\npub fn f<B: Backend>(t: Tensor<B, 1>) -> Tensor<B, 1> { t }\n")
    (tmp_path / "Cargo.toml").write_text(ROOT)
    copy = tmp_path / "patches" / "burn-cubecl"
    (copy / "src").mkdir(parents=True)
    (copy / "Cargo.toml").write_text(COPY)
    (copy / "src" / "lib.rs").write_text(COPY_SRC)
    return tmp_path


def test_a_copy_of_burns_crate_is_left_with_a_note(tmp_path):
    p = discover(project(tmp_path))
    assert [rel for rel, _, _ in p.rust_files] == ["src/lib.rs"]
    assert [c.name for c in p.crates] == ["app"]
    (note,) = [n for n in p.notes if "patches/burn-cubecl" in n]
    assert "a copy of `burn-cubecl`" in note


def test_a_patch_of_burns_crate_gets_a_finding(tmp_path):
    res = run(project(tmp_path), Options(jobs=1))
    (f,) = [c for c in res.changes if c.rule == "burn-dependent-crates"]
    assert f.is_finding and f.path == "Cargo.toml" and f.start_line == 14
    assert f.message == "`[patch.crates-io]` `burn-cubecl`: burn 0.22.1 takes burn-cubecl 0.22.1"
    assert not [c for c in res.changes if c.path.startswith("patches/")]


def test_cubecls_own_crates_are_told_by_their_version_line():
    assert is_burns_own("burn-cubecl") and is_burns_own("cubecl")
    assert is_burns_own("cubecl-wgpu", "0.10.0") and not is_burns_own("cubecl-utils-rs", "0.1.0")
    assert not is_burns_own("cubecl-wgpu", "") and not is_burns_own("serde", "1.0.0")
