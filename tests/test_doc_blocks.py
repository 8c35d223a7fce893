"""Code in documentation (engine/doc_blocks.py): what is a block, what survives byte for byte,
where hidden lines go, and what is left alone."""
from __future__ import annotations

from burnmigrate.engine.doc_blocks import doc_comment_blocks, markdown_blocks, migrate_blocks
from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import CrateFacts
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.index import collect, merge


def migrate(src: str, docs: bool = True):
    facts = collect("src/lib.rs", src.encode())
    res = rewrite_source("src/lib.rs", src.encode(), merge([facts]), CrateFacts(migrate_docs=docs), source_rules())
    return (res.final or src.encode()).decode(), res.changes


INDENTED = '''pub mod m {
    use burn::prelude::*;

    /// Adds.
    ///
    ///```
    ///# use burn::prelude::*;
    ///fn add<B: Backend>(a: Tensor<B, 1>) -> Tensor<B, 1> {
    ///
    ///    a.clone() + a
    ///}
    ///```
    pub fn add<B: Backend>(a: Tensor<B, 1>) -> Tensor<B, 1> {
        a.clone() + a
    }
}
'''


def test_prefix_without_space_and_indentation_survive():
    out, changes = migrate(INDENTED)
    assert "    ///fn add(a: Tensor<1>) -> Tensor<1> {\n" in out
    assert "    ///# use burn::prelude::*;\n" in out and "    ///\n    ///    a.clone() + a\n" in out
    assert any(c.doc for c in changes) and any(not c.doc for c in changes)
    again, _ = migrate(out)
    assert again == out


def test_no_docs_leaves_documentation_alone():
    out, changes = migrate(INDENTED, docs=False)
    assert "    ///fn add<B: Backend>(a: Tensor<B, 1>)" in out and not any(c.doc for c in changes)


def test_hidden_lines_keep_their_marker_and_added_lines_follow_them():
    src = ("/// ```\n/// # use burn::prelude::*;\n/// # fn f<B: Backend>(device: &B::Device) {\n"
           "/// let t = Tensor::<B, 1>::zeros([2], device);\n/// # }\n/// ```\npub fn x() {}\n")
    out, _ = migrate(src)
    assert "/// # fn f(device: &Device) {\n/// let t = Tensor::<1>::zeros([2], device);\n/// # }\n" in out


def test_compile_fail_text_and_other_languages_are_not_blocks():
    src = ("/// ```compile_fail\n/// let x: Tensor<B, 1> = y;\n/// ```\n/// ```text\n/// Tensor<B, 1>\n/// ```\n"
           "/// ```toml\n/// burn = \"0.21\"\n/// ```\n/// ```rust,ignore\n/// fn f<B: Backend>() {}\n/// ```\npub fn x() {}\n")
    blocks = doc_comment_blocks(src)
    assert [b.info for b in blocks] == ["rust,ignore"]


def test_a_block_that_does_not_parse_gets_a_note_not_an_edit():
    src = "/// ```\n/// fn f<B: Backend>( {\n/// ```\npub fn x() {}\n"
    out, changes = migrate(src)
    assert out == src
    (c,) = [c for c in changes if c.doc]
    assert c.is_finding and "does not parse on its own" in c.message and not c.failed


def test_an_unlabelled_markdown_block_that_does_not_parse_is_no_rust():
    """Reading 40 (burnlings' README): a plain fence holding a directory tree that names burn."""
    tree = "```\nburnlings/\n├── Cargo.toml   # burn 0.21.0, flex + autodiff\n└── exercises/\n```\n"
    labelled = "```rust\nfn f<B: Backend>( {\n```\n"
    for text, noted in ((tree, False), (labelled, True)):
        _, changes = migrate_blocks("README.md", text, markdown_blocks(text), lambda src: None)
        assert bool([c for c in changes if "does not parse" in c.message]) is noted, text


def test_crlf_files_keep_their_line_ends():
    src = "/// ```\r\n/// fn f<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> { x }\r\n/// ```\r\npub fn x() {}\r\n"
    facts = collect("src/lib.rs", src.encode())
    res = rewrite_source("src/lib.rs", src.encode(), merge([facts]), CrateFacts(), source_rules())
    assert res.final == b"/// ```\r\n/// fn f(x: Tensor<1>) -> Tensor<1> { x }\r\n/// ```\r\npub fn x() {}\r\n"


def test_markdown_blocks_skip_includes_and_unlabelled_prose():
    md = ("```rust\n{{#include ../src/lib.rs}}\n```\n\n```\nsome shell output\n```\n\n"
          "```\nlet t: Tensor<B, 1> = x;\n```\n\n   ```rust\n   fn f() {}\n   ```\n")
    blocks = markdown_blocks(md)
    assert [b.code for b in blocks] == [["let t: Tensor<B, 1> = x;"], ["fn f() {}"]]
    assert blocks[1].prefix == ["   "]
