"""The CLI end to end: preview writes nothing, apply writes, JSON, exit codes, the dirty-tree
guard, and bad input (no Cargo.toml, unparsable TOML, non-UTF-8, syntax errors, CRLF, BOM)."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from burnmigrate.rust.syntax import error_count, parse

MANIFEST = '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\nburn = "0.21"\n'
LIB = """use burn::prelude::*;

pub fn double<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    x.clone() + x
}
"""


def cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "burnmigrate", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})


def git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"})


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "demo"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text(MANIFEST)
    (root / "src" / "lib.rs").write_text(LIB)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "before")
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and ".git" not in p.parts}


def test_dry_run_shows_labelled_diff_and_writes_nothing(project):
    before = snapshot(project)
    r = cli("--dry-run", project)
    assert r.returncode == 0, r.stderr
    assert "-pub fn double<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {" in r.stdout
    assert "+pub fn double(x: Tensor<2>) -> Tensor<2> {" in r.stdout
    assert "[backend-type-parameter · pitfall 1]" in r.stdout
    assert snapshot(project) == before


def test_bare_path_is_the_preview(project):
    r = cli(project)
    assert r.returncode == 0 and "+pub fn double(x: Tensor<2>)" in r.stdout


def test_apply_writes_and_second_apply_changes_nothing(project):
    r = cli("apply", project)
    assert r.returncode == 0, r.stderr
    text = (project / "src" / "lib.rs").read_text()
    assert "pub fn double(x: Tensor<2>) -> Tensor<2> {" in text
    git(project, "commit", "-qam", "migrated")
    after = snapshot(project)
    r2 = cli("apply", project)
    assert r2.returncode == 0
    assert snapshot(project) == after


def test_json_report_schema(project):
    r = cli("--dry-run", "--format", "json", project)
    assert r.returncode == 0
    doc = json.loads(r.stdout)
    assert doc["schema"] == "burnmigrate-report" and doc["schema_version"] == 2
    assert doc["summary"]["files_changed"] == 2
    paths = [f["path"] for f in doc["files"]]
    assert paths == ["Cargo.toml", "src/lib.rs"]
    manifest = doc["files"][0]
    assert {c["rule"] for c in manifest["changes"]} == {"burn-version", "burn-backend-feature"}
    f = doc["files"][1]
    assert f["path"] == "src/lib.rs" and f["status"] == "changed" and f["diff"].startswith("--- a/src/lib.rs")
    rules = {c["rule"] for c in f["changes"]}
    assert {"backend-type-parameter", "backend-type-argument"} <= rules
    c = f["changes"][0]
    for key in ("rule", "kind", "pitfalls", "safety", "path", "start", "end", "message", "edits", "check"):
        assert key in c
    assert c["check"]["error_codes"]


def test_sarif_and_markdown(project):
    s = json.loads(cli("--dry-run", "--format", "sarif", project).stdout)
    assert s["version"] == "2.1.0" and s["runs"][0]["results"]
    md = cli("--dry-run", "--format", "markdown", project).stdout
    assert md.startswith("## burnmigrate") and "```diff" in md


def test_check_exit_codes(project):
    assert cli("check", project).returncode == 1
    assert cli("--dry-run", "--check", project).returncode == 1
    cli("apply", project)
    git(project, "commit", "-qam", "migrated")
    assert cli("check", project).returncode == 0
    # a finding alone (a backend op no rule can rewrite) fails only --strict
    (project / "src" / "ext.rs").write_text("pub fn f<B: Backend + MyExt>(x: Tensor<B, 2>) {}\npub trait MyExt: Backend {}\n")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "extension code")
    assert cli("check", project).returncode == 0
    assert cli("check", "--strict", project).returncode == 1


def test_dirty_tree_is_refused_with_the_files_listed(project):
    (project / "src" / "lib.rs").write_text(LIB + "// local edit\n")
    before = snapshot(project)
    r = cli("apply", project)
    assert r.returncode == 2
    assert "src/lib.rs" in r.stderr and "--allow-dirty" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert snapshot(project) == before
    assert cli("apply", "--allow-dirty", "--allow-no-vcs", project).returncode == 0
    assert "Tensor<2>" in (project / "src" / "lib.rs").read_text()


def test_no_manifest_is_exit_2(tmp_path):
    r = cli("--dry-run", tmp_path)
    assert r.returncode == 2 and "no Cargo.toml" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_unparsable_manifest_names_file_and_line(tmp_path):
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "x"\nversion = 1.0.0\n')
    r = cli("--dry-run", tmp_path)
    assert r.returncode == 2
    assert "Cargo.toml:3:" in r.stderr


def test_unknown_rule_is_exit_2(project):
    r = cli("--dry-run", "--select", "no-such-rule", project)
    assert r.returncode == 2 and "no-such-rule" in r.stderr


def test_non_utf8_file_is_reported_and_left_byte_for_byte(project):
    raw = b'pub fn h<B: Backend>(x: Tensor<B, 2>) { let _s = "\xff"; }\n'
    (project / "src" / "latin.rs").write_bytes(raw)
    r = cli("apply", "--allow-dirty", "--allow-no-vcs", project)
    assert r.returncode == 0
    assert (project / "src" / "latin.rs").read_bytes() == raw
    assert "not UTF-8" in r.stdout
    assert "Tensor<2>" in (project / "src" / "lib.rs").read_text()


def test_crlf_bom_and_permissions_survive(project):
    p = project / "src" / "lib.rs"
    p.write_bytes(b"\xef\xbb\xbf" + LIB.replace("\n", "\r\n").encode())
    os.chmod(p, 0o640)
    assert cli("apply", "--allow-dirty", "--allow-no-vcs", project).returncode == 0
    data = p.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert data.count(b"\r\n") == data.count(b"\n") > 0
    assert b"pub fn double(x: Tensor<2>) -> Tensor<2> {\r\n" in data
    assert stat.S_IMODE(p.stat().st_mode) == 0o640


def test_syntax_errors_are_never_made_worse(project):
    src = b"pub fn k<B: Backend>(x: Tensor<B, 2>) { let = ; }\nfn ok<B: Backend>(y: Tensor<B, 1>) {}\n"
    p = project / "src" / "broken.rs"
    p.write_bytes(src)
    assert cli("apply", "--allow-dirty", "--allow-no-vcs", project).returncode == 0
    out = p.read_bytes()
    assert error_count(parse(out)) <= error_count(parse(src))


def test_rules_and_explain():
    r = cli("rules", "--format", "json")
    rows = json.loads(r.stdout)
    ids = {row["id"] for row in rows}
    assert "backend-type-argument" in ids and "backend-extension" in ids
    e = cli("explain", "backend-type-argument")
    for section in ("What it does", "Why", "Example", "Fix safety", "Reproduction check"):
        assert section in e.stdout
    assert "Check:" in e.stdout and "E0747" in e.stdout
    p = cli("explain", "1")
    assert "E0747" in p.stdout and "backend-type-parameter" in p.stdout
    assert cli("explain", "27").returncode == 2


def test_every_rule_doc_has_the_five_sections():
    from burnmigrate.rules.registry import all_rules
    for rule in all_rules():
        doc = rule.doc()
        positions = [doc.find(s) for s in ("What it does:", "Why:", "Example:", "Fix safety:", "Reproduction check:")]
        assert all(p >= 0 for p in positions) and positions == sorted(positions), rule.id
        assert rule.id and rule.pitfalls and rule.guide
        assert rule.check is not None and rule.check.text, f"{rule.id}: no reproduction check"


def test_untracked_files_block_apply_only_when_they_would_be_rewritten(project):
    (project / "notes.txt").write_text("scratch\n")          # untracked, not ours: fine
    (project / "target").mkdir()
    (project / "target" / "junk.bin").write_bytes(b"\0")
    assert cli("apply", project).returncode == 0
    git(project, "add", "src", "Cargo.toml")
    git(project, "commit", "-qm", "migrated")
    (project / "src" / "extra.rs").write_text("pub fn e<B: Backend>(x: Tensor<B, 1>) {}\n")  # untracked, would be rewritten
    before = snapshot(project)
    r = cli("apply", project)
    assert r.returncode == 2 and "src/extra.rs" in r.stderr
    assert snapshot(project) == before


def test_a_project_without_burn_is_told_so(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "plain"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n')
    (tmp_path / "src" / "lib.rs").write_text("pub fn f<B: Clone>(b: B) -> B { b }\n")
    r = cli("--dry-run", tmp_path)
    assert r.returncode == 0
    assert "no crate here depends on burn" in r.stdout


def test_a_project_already_on_0_22_is_told_so(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "new"\nversion = "0.1.0"\n\n[dependencies]\nburn = { version = "0.22.1", features = ["flex"] }\n')
    (tmp_path / "src" / "lib.rs").write_text("use burn::prelude::*;\npub fn f(x: Tensor<2>) -> Tensor<2> { x }\n")
    r = cli("--dry-run", tmp_path)
    assert r.returncode == 0 and "+++" not in r.stdout
    assert "already on burn 0.22.1" in r.stdout


# -- manifests cargo accepts are read; manifests cargo rejects get one line (issue 9) ----------

def _crate(tmp_path, manifest: bytes) -> Path:
    root = tmp_path / "m"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_bytes(manifest)
    (root / "src" / "lib.rs").write_text(LIB)
    return root


def test_a_manifest_with_a_bom_is_read_and_keeps_its_bom(tmp_path):
    root = _crate(tmp_path, b"\xef\xbb\xbf" + MANIFEST.encode())
    r = cli("apply", "--allow-dirty", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    data = (root / "Cargo.toml").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf[package]") and b'version = "0.22.1"' in data


def test_a_crlf_manifest_is_read_and_stays_crlf(tmp_path):
    root = _crate(tmp_path, MANIFEST.replace("\n", "\r\n").encode())
    r = cli("apply", "--allow-dirty", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    data = (root / "Cargo.toml").read_bytes()
    assert b'"0.22.1", features = ["flex"] }\r\n' in data and b"\n" not in data.replace(b"\r\n", b"")


def test_a_duplicate_key_is_one_line_with_its_place(tmp_path):
    root = _crate(tmp_path, MANIFEST.replace('name = "demo"\n', 'name = "demo"\nname = "again"\n').encode())
    r = cli("--dry-run", "--no-progress", root)
    assert r.returncode == 2
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr
    assert lines[0].endswith("Cargo.toml does not parse: duplicate key (cannot overwrite a value)")
    assert f"{root / 'Cargo.toml'}:3:" in lines[0]   # 1-based line of the second `name`


def test_a_member_glob_matching_nothing_and_an_orphan_workspace_dep_get_notes(tmp_path):
    ws = tmp_path / "ws"
    (ws / "a" / "src").mkdir(parents=True)
    (ws / "Cargo.toml").write_text('[workspace]\nmembers = ["a", "crates/*"]\n')
    (ws / "a" / "Cargo.toml").write_text(MANIFEST.replace('burn = "0.21"', "burn = { workspace = true }"))
    (ws / "a" / "src" / "lib.rs").write_text(LIB)
    r = cli("--dry-run", "--no-progress", ws)
    assert "workspace member `crates/*` matches nothing" in r.stdout
    assert "`burn = { workspace = true }` but no workspace root declares it" in r.stdout


def test_a_crate_reaching_burn_through_a_facade_gets_a_note(tmp_path):
    """A member with no burn dependency of its own that uses burn through another member's
    re-export (`pub mod custom { pub use burn::*; }`, found on rwkv-rs) is not migrated: a note
    says so, instead of silence. A member that only depends on a burn user without the re-export
    gets none."""
    ws = tmp_path / "ws"
    for c in ("core", "app", "other"):
        (ws / c / "src").mkdir(parents=True)
    (ws / "Cargo.toml").write_text('[workspace]\nmembers = ["core", "app", "other"]\n\n'
                                   '[workspace.dependencies]\ncore = { path = "core" }\n')
    (ws / "core" / "Cargo.toml").write_text(MANIFEST.replace('name = "demo"', 'name = "core"'))
    (ws / "core" / "src" / "lib.rs").write_text(LIB + "\npub mod custom {\n    pub use burn::*;\n}\n")
    (ws / "app" / "Cargo.toml").write_text('[package]\nname = "app"\nversion = "0.1.0"\nedition = "2024"\n\n'
                                           '[dependencies]\ncore = { workspace = true }\n')
    (ws / "app" / "src" / "lib.rs").write_text("pub use core::custom::tensor::Tensor;\n")
    (ws / "other" / "Cargo.toml").write_text('[package]\nname = "other"\nversion = "0.1.0"\nedition = "2024"\n')
    (ws / "other" / "src" / "lib.rs").write_text("pub fn f() {}\n")
    r = cli("--dry-run", "--no-progress", ws)
    notes = [l for l in r.stdout.splitlines() if "re-exports burn" in l]
    assert len(notes) == 1 and "app: no burn dependency of its own, but it depends on `core`" in notes[0], r.stdout


def test_a_crate_naming_a_migrated_crates_generic_type_gets_a_note(tmp_path):
    """A member with no burn dependency that names a backend-generic type of a member that is
    migrated (`Agent<Cpu>`: its parameter is erased, E0107 there after `apply`) is not migrated
    itself: a note names the files (reading 31, r2l's zoo evaluator). A member depending on it
    without naming such a type gets none."""
    ws = tmp_path / "ws"
    for c in ("core", "eval", "quiet"):
        (ws / c / "src").mkdir(parents=True)
    (ws / "Cargo.toml").write_text('[workspace]\nmembers = ["core", "eval", "quiet"]\n')
    (ws / "core" / "Cargo.toml").write_text(MANIFEST.replace('name = "demo"', 'name = "core"'))
    (ws / "core" / "src" / "lib.rs").write_text(LIB + "\npub struct Agent<B: Backend> {\n    pub w: Tensor<B, 1>,\n}\n")
    for c, body in (("eval", "pub fn load(_a: core::Agent<core::Cpu>) {}\n"), ("quiet", "pub fn f() {}\n")):
        (ws / c / "Cargo.toml").write_text(f'[package]\nname = "{c}"\nversion = "0.1.0"\nedition = "2024"\n\n'
                                           '[dependencies]\ncore = { path = "../core" }\n')
        (ws / c / "src" / "lib.rs").write_text(body)
    r = cli("--dry-run", "--no-progress", ws)
    notes = [l for l in r.stdout.splitlines() if "no burn dependency of its own, so it is not migrated" in l]
    assert len(notes) == 1 and notes[0].startswith("note: eval: ") and "`Agent<..>` of the migrated crates it depends on (`core`)" in notes[0] \
        and "eval/src/lib.rs" in notes[0], r.stdout


def test_a_region_that_does_not_parse_is_named_and_left_as_it_is(tmp_path):
    """A file with a syntax error is migrated outside the broken region only, and the report
    names the region (issue 9): no change is made inside it."""
    lib = LIB + "\npub fn broken<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> {\n    let y = (x + Tensor::<B, 1>::ones([1], &x.device());\n    y\n}\n"
    root = _crate(tmp_path, MANIFEST.encode())
    (root / "src" / "lib.rs").write_text(lib)
    r = cli("--dry-run", "--no-progress", "--format", "json", root)
    doc = json.loads(r.stdout)
    [f] = [f for f in doc["files"] if f["path"] == "src/lib.rs"]
    region = [c for c in f["changes"] if c["rule"] == "engine" and "does not parse" in c["message"]]
    assert region, f["changes"]
    lines = {(c["start"]["line"], c["end"]["line"]) for c in region}
    for c in f["changes"]:
        if c["kind"] == "change":
            assert not any(a <= c["start"]["line"] <= b for a, b in lines), c
    assert "pub fn double(x: Tensor<2>)" in f["diff"].replace("+pub fn double", "pub fn double")
    assert cli("check", "--no-progress", root).returncode == 1   # a file not fully migrated fails the gate
