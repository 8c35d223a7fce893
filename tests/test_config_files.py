"""Pitfall 17: config files saved before a key existed. The JSON patcher keeps the file's
layout; the matcher patches only a file that is one project config; the rule's code-side
finding names burn's new keys."""
from __future__ import annotations

import json

import pytest

from burnmigrate.engine import Options, run
from burnmigrate.project import json_text as J
from burnmigrate.rust.configs import config_types, json_default
from burnmigrate.codemods.config_new_fields import ConfigNewFields, burn_paths

LIB = b"""use burn::prelude::*;
use burn::nn::attention::MultiHeadAttentionConfig;

#[derive(Config, Debug)]
pub struct NetConfig {
    pub attention: MultiHeadAttentionConfig,
    pub blocks: Vec<BlockConfig>,
    pub d_model: usize,
    #[config(default = "1e-5")]
    pub eps: f64,
    #[config(default = "String::from(\\"x\\")")]
    pub tag: String,
}

#[derive(Config, Debug)]
pub struct BlockConfig {
    pub width: usize,
    #[config(default = true)]
    pub bias: bool,
    #[config(default = "Kind::Fast")]
    pub kind: Kind,
}

#[derive(Config, Debug, Copy)]
pub enum Kind { Fast, Slow }
"""


@pytest.mark.parametrize("src, want", [
    ('{\n  "a": 1\n}\n', '{\n  "a": 1,\n  "k": true\n}\n'),
    ('{"a":1,"b":2}', '{"a":1,"b":2,"k":true}'),
    ('{"a": 1, "b": 2}', '{"a": 1, "b": 2, "k": true}'),
    ('{}', '{"k": true}'),
    ('{\t"a" : 1 }', '{\t"a" : 1, "k" : true }'),
])
def test_insertion_keeps_the_layout(src, want):
    obj = J.parse(src)
    at, add = J.insertion(src, obj, [("k", True)])
    out = src[:at] + add + src[at:]
    assert out == want
    assert json.loads(out)["k"] is True


@pytest.mark.parametrize("bad", ['{"a": 1,}', '{"a" 1}', '[1, 2', '{"a": 1} x', ''])
def test_bad_json_is_refused(bad):
    with pytest.raises(ValueError):
        J.parse(bad)


@pytest.mark.parametrize("lit, value", [("0.1", 0.1), ('"1e-5"', 1e-5), ("true", True), ("4", 4), ("3usize", 3),
                                        ('"LinearLayout::Row"', "Row"), ("None", None)])
def test_literal_defaults_become_json(lit, value):
    ok, v, _ = json_default(lit)
    assert ok and v == value


def test_expression_defaults_are_not_written():
    ok, _, why = json_default('"String::from(\\"x\\")"')
    assert not ok and "not a literal" in why


def test_nested_configs_arrays_and_units_are_patched():
    types = config_types(LIB)
    src = json.dumps({"attention": {"d_model": 8, "n_heads": 2}, "blocks": [{"width": 3}, {"width": 4, "bias": False}],
                      "d_model": 8, "tag": "t"}, indent=2)
    new, changes = ConfigNewFields().run_json("c.json", src, types, True)
    got = json.loads(new)
    assert got["attention"]["key_bias"] is True and got["attention"]["output_bias"] is True
    assert got["blocks"][0] == {"width": 3, "bias": True, "kind": "Fast"}
    assert got["blocks"][1] == {"width": 4, "bias": False, "kind": "Fast"}
    assert got["eps"] == 1e-5
    assert {c.safety.value for c in changes if c.edits} == {"safe", "review"}


def test_a_default_that_is_an_expression_is_a_finding_not_a_guess():
    types = config_types(LIB)
    src = json.dumps({"attention": {"d_model": 8, "n_heads": 2}, "blocks": [], "d_model": 8, "eps": 0.1})
    new, changes = ConfigNewFields().run_json("c.json", src, types, True)
    assert "tag" not in json.loads(new)
    (c,) = [c for c in changes if "`tag` is missing and its default is not written" in c.message]
    assert (c.span, c.edits) == ((0, 1), [])   # the `{` of the object that lacks the key


def test_a_file_that_fits_two_configs_is_not_patched():
    types = config_types(b"""#[derive(Config)] pub struct A { pub n: usize, #[config(default = 1)] pub k: usize }
#[derive(Config)] pub struct B { pub n: usize, #[config(default = 2)] pub k: usize }""")
    new, changes = ConfigNewFields().run_json("c.json", '{"n": 1}', types, True)
    assert new == '{"n": 1}' and len(changes) == 1 and "reads as `A` and as `B`" in changes[0].message


def test_a_file_missing_a_required_field_is_not_that_config():
    types = config_types(LIB)
    new, changes = ConfigNewFields().run_json("c.json", '{"width": 1, "colour": 2}', types, True)
    assert changes == [] and new == '{"width": 1, "colour": 2}'


def test_code_side_paths_go_through_project_configs():
    assert burn_paths("NetConfig", config_types(LIB)) == [f"attention.{k}_bias" for k in ("key", "value", "query", "output")]


def _project(tmp_path, data: bytes):
    root = tmp_path / "p"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = "0.21"\n')
    (root / "src" / "lib.rs").write_bytes(LIB + b"\npub fn read() -> NetConfig { NetConfig::load(\"cfg.json\").unwrap() }\n")
    (root / "cfg.json").write_bytes(data)
    return root


def test_apply_keeps_bom_and_crlf_and_a_second_run_is_a_fixpoint(tmp_path):
    from burnmigrate.app.usecases import apply
    data = b'\xef\xbb\xbf{\r\n  "attention": {"d_model": 8, "n_heads": 2},\r\n  "blocks": [],\r\n  "d_model": 8,\r\n  "eps": 0.1,\r\n  "tag": "x"\r\n}\r\n'
    root = _project(tmp_path, data)
    opts = Options(jobs=1, config_patches=True, select=frozenset({"config-new-fields"}))
    apply(root, opts, allow_dirty=True, allow_no_vcs=True)
    out = (root / "cfg.json").read_bytes()
    assert out.startswith(b"\xef\xbb\xbf") and out.count(b"\n") == out.count(b"\r\n")
    assert json.loads(out[3:])["attention"]["query_bias"] is True
    assert apply(root, opts, allow_dirty=True, allow_no_vcs=True).written == 0


def test_without_the_flag_the_file_is_a_finding_and_nothing_is_written(tmp_path):
    root = _project(tmp_path, b'{"attention": {"d_model": 8, "n_heads": 2}, "blocks": [], "d_model": 8, "tag": "x"}')
    res = run(root, Options(jobs=1, select=frozenset({"config-new-fields"})))
    at_file = [c for c in res.changes if c.path == "cfg.json"]
    assert len(at_file) == 1 and at_file[0].is_finding and "--write-config-patches" in at_file[0].message
    assert not res.pending
    at_code = [c for c in res.changes if c.path == "src/lib.rs"]
    assert len(at_code) == 1 and "`attention.key_bias`" in at_code[0].message
