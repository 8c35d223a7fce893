"""Unit tests of the manifest machinery: requirement bumps, the feature table (shipped and read
from a resolved burn on disk), layout-keeping edits, and the code-use scan."""
from __future__ import annotations

from pathlib import Path

import tomlkit
import pytest

from burnmigrate.engine import manifest_pass
from burnmigrate.manifest import declarations, features
from burnmigrate.project.dependencies import BurnDependency
from burnmigrate.rust import uses as rust_uses

ROOT = Path(__file__).resolve().parent.parent
from burnmigrate.manifest_fixers.burn_version import bumped


# issue 9: the version written is the target, 0.22.1, in the requirement's own style
@pytest.mark.parametrize("req, want", [
    ("0.21", "0.22.1"), ("0.21.0", "0.22.1"), ("=0.21.0", "=0.22.1"), ("^0.21", "^0.22.1"),
    ("~0.21", "~0.22.1"), ("~0.21.0", "~0.22.1"), ("0.20.1", "0.22.1"), ("0.22", "0.22.1"), ("0.22.0", "0.22.1"), ("=0.22.0", "=0.22.1"), ("0.22.1", None), ("0.22.2", None),
    (">=0.21, <0.22", ">=0.22.1, <0.23"), (">=0.20,<0.22", ">=0.22.1,<0.23"), ("*", None), ("<0.22", None),
])
def test_bumped_writes_the_target_in_the_requirement_style(req, want):
    assert bumped(req) == want


def test_feature_table_is_data_and_knows_the_0_22_1_names():
    t = features.feature_table("0.22.1")
    assert t.renamed == {"server": "remote-server"}
    assert {"candle", "dispatch", "router", "collective"} <= set(t.removed)
    assert t.constructors["wgpu"] == "wgpu" and t.constructors["libtorch_cuda"] == "tch"
    assert t.exists("flex") and not t.exists("candle")
    assert features.feature_table("0.22.0").known == t.known


def test_feature_table_prefers_the_resolved_crate_on_disk(tmp_path, monkeypatch):
    src = tmp_path / "registry" / "src" / "index.crates.io-0000" / "burn-0.22.1"
    src.mkdir(parents=True)
    (src / "Cargo.toml").write_text('[package]\nname = "burn"\n[features]\ndefault = ["std"]\nstd = []\nflex = []\n')
    monkeypatch.setenv("CARGO_HOME", str(tmp_path))
    features.feature_table.cache_clear()
    try:
        t = features.feature_table("0.22.1")
        assert t.source.endswith("burn-0.22.1/Cargo.toml")
        assert t.exists("flex") and not t.exists("rayon")
        assert t.default == frozenset({"std"})
    finally:
        features.feature_table.cache_clear()


@pytest.mark.parametrize("before, after", [
    ('[dependencies]\nburn = "0.21"\n', '[dependencies]\nburn = { version = "0.21", features = ["flex"] }\n'),
    ('[dependencies]\nburn = { workspace = true }\n', '[dependencies]\nburn = { workspace = true, features = ["flex"] }\n'),
    ('[dependencies]\nburn = {workspace = true}\n', '[dependencies]\nburn = {workspace = true, features = ["flex"]}\n'),
    ('[dependencies]\nburn.version = "0.21"\n', '[dependencies]\nburn.version = "0.21"\nburn.features = ["flex"]\n'),
    ('[dependencies.burn]\nversion = "0.21"\nfeatures = ["train"]  # keep me\n',
     '[dependencies.burn]\nversion = "0.21"\nfeatures = ["train", "flex"]  # keep me\n'),
    ('[dependencies]\nburn = { version = "0.21", features = [\n    "train",\n    "vision",\n] }\n',
     '[dependencies]\nburn = { version = "0.21", features = [\n    "train",\n    "vision",\n    "flex",\n] }\n'),
])
def test_set_features_keeps_the_written_style(before, after):
    doc = tomlkit.parse(before)
    decl = BurnDependency(("dependencies",), "burn", "burn")
    declarations.set_features(decl, doc, declarations.spec_features(decl.spec(doc)) + ["flex"])
    assert doc.as_string() == after


def test_code_uses_reads_constructors_and_the_0_21_types_left():
    original = b"let d = WgpuDevice::default(); let k = LibTorchDevice::Cuda(0); t.autodiff();"
    final = b"let d = Device::wgpu(DeviceKind::DefaultDevice); let k = LibTorchDevice::Cuda(0); x.autodiff(); let s = SqliteDataset::new();"
    uses = rust_uses.code_uses(original, final)
    assert {"ctor:wgpu", "type:LibTorchDevice", "autodiff", "sqlite"} <= uses
    assert "type:WgpuDevice" not in uses  # rewritten to a constructor: the ctor token says it
    assert "type:Cuda" not in uses  # an enum variant, not the backend type


def test_a_variant_of_the_projects_enum_is_not_a_backend_type():
    # reading 56: `enum RuntimeModel { Cpu { tokenizer: T }, .. }` asked for burn's `cpu` backend
    final = b"enum RuntimeModel { Cpu { tokenizer: u8 }, Gpu(u8) }\nfn f(m: RuntimeModel) { if let RuntimeModel::Cpu { .. } = m {} }\n"
    assert not any(u.endswith("type:Cpu") for u in rust_uses.code_uses(final, final))
    assert "type:Cpu" in rust_uses.code_uses(b"impl Marker for Cpu {}\n", b"impl Marker for Cpu {}\n")


def test_a_name_the_file_defines_is_not_burns_type_of_that_name():
    # `type Cpu = NdArrayDevice;` (corpus backend-device-value/device-alias-named-like-a-backend):
    # `Cpu` here is the file's alias, as rustc resolves it, not burn's CubeCL CPU backend
    final = b"type Cpu = Device;\npub fn cpu() -> Cpu { Device::ndarray() }\n"
    assert "type:Cpu" not in rust_uses.code_uses(final, final)
    assert "type:Cpu" in rust_uses.code_uses(b"pub type B = Cpu;\n", b"pub type B = Cpu;\n")


def test_text_edits_keep_a_record_on_its_own_line():
    before = 'burn = "0.21"\nburn-store = "0.21"\n'
    after = 'burn = "0.22.1"\nburn-store = "0.22.1"\n'
    edits = manifest_pass.text_edits(before, after)
    assert [(e.start, e.end) for e in edits] == [(0, 14), (14, 34)]   # one edit per line, not one for both


def test_text_edits_reproduce_the_change():
    from burnmigrate.model import edits as E
    before = 'a = 1\nb = 2\nc = 3\n'
    after = 'a = 1\nb = 20\nc = 3\nd = 4\n'
    assert E.apply(before.encode(), manifest_pass.text_edits(before, after)).decode() == after


@pytest.mark.compile_tier
@pytest.mark.usefixtures("burn_sources")
def test_the_shipped_feature_table_is_the_real_crates():
    """burn-features.toml says what burn 0.22.1's own Cargo.toml says (the compile tier puts the
    crate in cargo's registry cache): every feature name, the defaults, the MSRV; every feature
    the table maps a constructor, a backend type or an add-back to exists."""
    import tomllib
    from burnmigrate.burn_api import feature_data
    disk = features.resolved_burn_manifest("0.22.1")
    if disk is None:
        pytest.fail("burn 0.22.1 is not in cargo's registry cache: run the compile tier first", pytrace=False)
    real = tomllib.loads(disk.read_text("utf-8"))
    shipped = feature_data()["versions"]["0.22.1"]
    assert set(shipped["known"]) == set(real["features"])
    assert set(shipped["default"]) == {f for f in real["features"]["default"] if "/" not in f}
    assert shipped["rust_version"] == real["package"]["rust-version"]
    named = (set(shipped["constructors"].values()) | set(shipped["backend_types"].values()) | set(shipped["backends"])
             | set(shipped["add_back_common"]) | set(shipped["add_back_gpu"]) | set(shipped["add_back_flex"])
             | set(shipped["renamed"].values()) | set(shipped["implied_backends"]) | set(shipped["downloads_at_build"]))
    assert named <= set(real["features"]), sorted(named - set(real["features"]))
    assert not set(shipped["removed"]) & set(real["features"])
    # `train` really brings Flex: burn-train turns on burn-core's flex
    assert any(v.startswith("burn-train") for v in real["features"]["train"])
    # the features that turn on others are burn's own (its plain feature names)
    plain = {k: sorted(x for x in v if "/" not in x and not x.startswith("dep:") and x in real["features"])
             for k, v in real["features"].items()}
    assert {k: sorted(v) for k, v in shipped["implies"].items()} == {k: v for k, v in plain.items()
                                                                     if v and k not in ("default", "doc")}
    # 0.21's implicit features (optional dependencies its `[features]` name without `dep:`) that
    # 0.22.1 has neither as a feature nor as an implicit one: each maps to a real plain feature
    old = tomllib.loads((disk.parent.parent / "burn-0.21.0" / "Cargo.toml").read_text("utf-8"))

    def implicit(manifest) -> set[str]:
        deps = {k for k, v in manifest.get("dependencies", {}).items() if isinstance(v, dict) and v.get("optional")}
        via_dep = {x[4:].split("/")[0].rstrip("?") for v in manifest["features"].values() for x in v if x.startswith("dep:")}
        return deps - via_dep - set(manifest["features"])
    gone = implicit(old) - implicit(real) - set(real["features"])
    assert set(shipped["gone_implicit"]) == gone
    assert {v for v in shipped["gone_implicit"].values() if v} <= set(real["features"])


@pytest.mark.compile_tier
@pytest.mark.usefixtures("burn_sources")
def test_the_shipped_constructors_are_the_real_device_constructors():
    """Every `Device::<ctor>` the table maps exists in burn-tensor 0.22.1, gated by that feature."""
    import re
    from burnmigrate.burn_api import feature_data
    disk = features.resolved_burn_manifest("0.22.1")
    src = disk.parent.parent / "burn-tensor-0.22.1" / "src"
    text = "\n".join(p.read_text("utf-8") for p in src.rglob("*.rs"))
    gated = {fn: feat for feat, fn in re.findall(r'#\[cfg\(feature = "([\w-]+)"\)\]\s*(?:///[^\n]*\n\s*|#\[[^\]]*\]\s*)*pub fn (\w+)\s*\(', text)}
    for ctor, feat in feature_data()["versions"]["0.22.1"]["constructors"].items():
        assert re.search(rf"pub fn {ctor}\s*\(", text), f"Device::{ctor} does not exist in burn 0.22.1"
        if ctor in gated:
            assert gated[ctor] == feat, f"Device::{ctor} is gated by `{gated[ctor]}`, the table says `{feat}`"


def test_cargo_lock_is_read_the_same_fast_or_through_toml(tmp_path):
    """project/lockfile.py reads cargo's own layout with a regex; any other layout (a hand edit,
    keys in another order) goes through tomllib. Both give the same packages; a broken file is
    no lock at all."""
    import tomllib

    from burnmigrate.project.lockfile import _read
    cargo = ('# This file is automatically @generated by Cargo.\nversion = 4\n\n'
             '[[package]]\nname = "burn"\nversion = "0.21.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n'
             'dependencies = [\n "burn-core",\n]\n\n[[package]]\nname = "burn-core"\nversion = "0.21.0"\n\n'
             '[[package]]\nname = "burn"\nversion = "0.20.1"\n')
    reordered = cargo.replace('[[package]]\nname = "burn-core"\nversion = "0.21.0"\n',
                              '[[package]]\nversion = "0.21.0"\nname = "burn-core"\n')
    for k, text in enumerate((cargo, reordered, cargo.replace("\n", "\r\n"))):
        p = tmp_path / f"Cargo{k}.lock"
        p.write_bytes(text.encode())
        ref: dict = {}
        for pkg in tomllib.loads(text)["package"]:
            ref.setdefault(pkg["name"], []).append(pkg["version"])
        assert _read(str(p), 0, k).packages == ref == {"burn": ["0.21.0", "0.20.1"], "burn-core": ["0.21.0"]}
    broken = tmp_path / "Broken.lock"
    broken.write_text('version = 4\n[[package]\nname = "burn"\n')
    assert not _read(str(broken), 0, 0)


@pytest.mark.compile_tier
@pytest.mark.usefixtures("burn_sources")
def test_the_shipped_crate_table_is_the_registry_index():
    """burn-crates.toml is what scripts/burn_crates.py reads from the crates.io index: each crate
    the local index cache holds (the compile tier's fetch fills it) has the same row there."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("burn_crates", ROOT / "scripts" / "burn_crates.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    from burnmigrate.burn_api import crate_releases
    shipped = crate_releases()
    assert list(shipped) == list(gen.CRATES)
    seen = 0
    for name in gen.CRATES:
        entries = gen.from_cache(name)
        if entries is None:
            continue
        new = gen.release(entries, gen.LINE)
        if new is None and any(gen.version_key(e["vers"])[:2] == gen.LINE for e in entries if "-" not in e["vers"]):
            continue  # (a cache older than the release cannot say)
        seen += 1
        row = shipped[name]
        assert row["release"] == (new["vers"] if new else ""), name
        if new:
            assert row["features"] == gen.features(new), name
        old = next((e for e in entries if e["vers"] == "0.21.0"), None)
        if name == gen.CUBECL_FROM and old:
            assert row["cubecl_0_21"] == next(d["req"].lstrip("^") for d in old["deps"] if d["name"] == "cubecl")
    assert seen >= 20, f"only {seen} burn crates in cargo's index cache: run the compile tier first"


def test_crates_without_a_release_have_a_reason_and_gone_features_are_gone():
    """Every burn crate the table gives no 0.22 release has the finding's text; every feature a
    reason is written for is one its crate's release really lacks."""
    from burnmigrate import burn_api as api
    rows = api.crate_releases()
    assert {c for c, r in rows.items() if not r["release"]} == set(api.NO_0_22_RELEASE)
    for (crate, feature) in api.GONE_CRATE_FEATURES:
        assert feature in rows[crate]["features_0_21"] and feature not in rows[crate]["features"], (crate, feature)
    assert api.cubecl_for_0_22().startswith("0.")


def test_a_lock_older_than_burn_0_22_1s_graph_is_moved_forward(tmp_path):
    """burn-the-stock's lock held combine 4.6.7 (its own, older dependency); pliron, new under burn
    0.22.1's cubecl graph, asks for combine "4" and hashes `SourcePosition` (4.6.9): E0277 in a
    dependency after `cargo update -p burn`. `apply --update-lock` moves combine; verify says why."""
    from burnmigrate.project.lockfile import HELD_FORWARD, Lockfile, held_forward
    from burnmigrate.verify.diagnostics import cargo_failure

    def lock(*pkgs):
        p = tmp_path / "Cargo.lock"
        p.write_text("version = 4\n" + "".join(f'\n[[package]]\nname = "{n}"\nversion = "{v}"\n' for n, v in pkgs))
        return Lockfile.read(p)

    assert held_forward(lock(("combine", "4.6.7"), ("pliron", "0.19.0"))) == [("combine", "4.6.7", "4.6.9")]
    assert held_forward(lock(("combine", "4.6.9"), ("pliron", "0.19.0"))) == []
    assert held_forward(lock(("combine", "4.6.7"))) == []   # nothing that needs the newer one
    stderr = "error[E0277]: the trait bound `SourcePosition: Hash` is not satisfied\nerror: could not compile `pliron` (lib)"
    line = cargo_failure(stderr, 101, [])
    assert isinstance(line, str)
    assert "`pliron`" in line and f"cargo update -p combine --precise {HELD_FORWARD[0][1]}" in line


def test_only_cubecls_own_crates_move_with_burn(tmp_path):
    """A project's own cubecl (on the line burn 0.21 built on) moves to the cubecl burn 0.22.1
    requires; a third-party crate whose name starts with `cubecl-` (`cubecl-utils-rs = "0.1.0"`,
    found on a public project) is on a version line of its own and is left as it is."""
    from burnmigrate.engine import Options, run
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text("pub fn f() {}\n")
    (tmp_path / "Cargo.toml").write_text(
        '[package]\nname = "k"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\n'
        'burn = "0.21.0"\ncubecl = "0.10.0"\ncubecl-utils-rs = "0.1.0"\n')
    res = run(tmp_path, Options(jobs=1))
    text = next(r.final for r in res.all_results if r.path == "Cargo.toml").decode()
    assert 'cubecl = "0.11.1"' in text
    assert 'cubecl-utils-rs = "0.1.0"' in text
    moved = [c.message for c in res.changes if c.rule == "burn-version" and "cubecl" in c.message]
    assert len(moved) == 1 and moved[0].startswith("`cubecl` 0.10.0 →"), moved


def test_a_projects_own_fusion_switch_gets_burns_fusion(tmp_path):
    """`default-features = false` turned burn's fusion off; a project that switches fusion itself
    (`fusion = ["dep:burn-fusion", "burn-cubecl/fusion"]`, found on rwkv-rs) gets burn's `fusion`
    inside that switch, not added to burn always-on (its switch would stop turning it off)."""
    from burnmigrate.engine import Options, run
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text("pub fn f() {}\n")
    (tmp_path / "Cargo.toml").write_text(
        '[package]\nname = "k"\nversion = "0.1.0"\nedition = "2024"\n\n[features]\n'
        'fusion = ["dep:burn-fusion", "burn-cubecl/fusion"]\n\n[dependencies]\n'
        'burn = { version = "0.21.0", default-features = false, features = ["std", "wgpu"] }\n'
        'burn-cubecl = "0.21.0"\nburn-fusion = { version = "0.21.0", optional = true }\n')
    res = run(tmp_path, Options(jobs=1))
    text = next(r.final for r in res.all_results if r.path == "Cargo.toml").decode()
    assert 'fusion = ["dep:burn-fusion", "burn-cubecl/fusion", "burn/fusion"]' in text
    burn_line = next(line for line in text.splitlines() if line.startswith("burn = "))
    assert '"fusion"' not in burn_line and '"autotune"' in burn_line, burn_line


def test_a_word_in_a_doc_comments_prose_needs_no_feature():
    """`AutodiffModule` or `SafetensorsStore` named in a doc comment's prose asks for no burn
    feature (MinerU-rs, reading 50: `autodiff`, `safetensors`, `pytorch` added for comments); in
    a doc example (which doctests compile with the crate's features) it does."""
    from burnmigrate.rust.uses import code_uses
    prose = b"/// Loads a checkpoint like `SafetensorsStore` would, for any `AutodiffModule`.\nfn f() {}\n"
    assert not {"autodiff", "safetensors"} & code_uses(prose, prose)
    example = b"/// ```\n/// let d = device.autodiff();\n/// ```\nfn f() {}\n"
    assert "autodiff" in code_uses(example, example)
