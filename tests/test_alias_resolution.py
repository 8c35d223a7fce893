"""Backend aliases per file (burnmigrate/rust/alias_resolution.py, issue 25 item 1): one alias
name defined by two files is two items; each file means its own, or the one it imports by path."""
from __future__ import annotations

import pytest

from burnmigrate.rust.module_tree import module_path
from burnmigrate.rust.index import collect, merge

TRAIN = b"use burn::backend::{Autodiff, Flex};\npub type B = Autodiff<Flex>;\n"
INFER = b"use burn::backend::Flex;\ntype B = Flex;\n"


def _index(files: dict[str, bytes]):
    return merge([collect(p, src) for p, src in files.items()])


@pytest.mark.parametrize(("path", "expected"), [
    ("src/lib.rs", ("", ())),
    ("src/main.rs", ("", ())),
    ("src/train.rs", ("", ("train",))),
    ("src/data/mod.rs", ("", ("data",))),
    ("src/data/batch.rs", ("", ("data", "batch"))),
    ("crates/core/src/lib.rs", ("crates/core", ())),
    ("crates/core/src/model/head.rs", ("crates/core", ("model", "head"))),
    ("tests/infer.rs", None),
    ("examples/run.rs", None),
])
def test_module_path(path, expected):
    assert module_path(path) == expected


def test_each_file_means_its_own_definition():
    idx = _index({"src/train.rs": TRAIN, "tests/infer.rs": INFER})
    assert idx.backend_aliases["B"].base.startswith("one of ")   # crate-wide: no single backend
    assert idx.for_file("src/train.rs").backend_aliases["B"].autodiff
    infer = idx.for_file("tests/infer.rs").backend_aliases["B"]
    assert (infer.base, infer.autodiff) == ("Flex", False)


@pytest.mark.parametrize("use", [b"use crate::train::B;", b"use super::train::B;"])
def test_an_import_by_path_means_that_modules_item(use):
    idx = _index({"src/train.rs": TRAIN, "tests/infer.rs": INFER,
                  "src/eval/mod.rs" if use.startswith(b"use super") else "src/eval.rs": use + b"\nfn f() {}\n"})
    path = "src/eval/mod.rs" if use.startswith(b"use super") else "src/eval.rs"
    assert idx.for_file(path).backend_aliases["B"].autodiff


def test_no_import_no_definition_keeps_the_crate_wide_reading():
    idx = _index({"src/train.rs": TRAIN, "tests/infer.rs": INFER, "src/other.rs": b"use burn::prelude::*;\n"})
    assert idx.for_file("src/other.rs").backend_aliases["B"].base.startswith("one of ")


def test_an_alias_over_the_files_own_alias():
    own = b"use burn::backend::{Autodiff, Flex};\ntype B = Flex;\ntype AB = Autodiff<B>;\n"
    idx = _index({"src/a.rs": own, "src/b.rs": b"use burn::backend::Wgpu;\ntype B = Wgpu;\ntype AB = B;\n"})
    ab = idx.for_file("src/a.rs").backend_aliases["AB"]
    assert (ab.base, ab.autodiff) == ("Flex", True)


def test_cfg_chosen_definitions_in_one_file_stay_one_of():
    src = (b"#[cfg(feature = \"wgpu\")]\ntype B = burn::backend::Wgpu;\n"
           b"#[cfg(not(feature = \"wgpu\"))]\ntype B = burn::backend::Flex;\n")
    idx = _index({"src/lib.rs": src, "tests/t.rs": INFER})
    assert idx.for_file("src/lib.rs").backend_aliases["B"].base.startswith("one of ")


def test_project_uses_reads_paths_renames_and_lists():
    from burnmigrate.rust.module_tree import project_uses
    src = b"use crate::train::B;\nuse super::{a::X, Y as Z, self};\nuse crate::m::N as M;\nuse burn::prelude::*;\n"
    assert project_uses(src) == {"B": ("crate", "train", "B"), "X": ("super", "a", "X"),
                                 "Z": ("super", "Y"), "M": ("crate", "m", "N")}


@pytest.mark.parametrize(("file", "path", "expected"), [
    ("src/launch.rs", ("crate", "training", "run"), ("", ("training",))),
    ("src/launch.rs", ("crate", "run"), ("", ())),
    ("src/a/b.rs", ("super", "run"), ("", ("a",))),
    ("src/a/mod.rs", ("super", "x", "run"), ("", ("x",))),
    ("src/a/b/c.rs", ("super", "super", "run"), ("", ("a",))),
    ("crates/core/src/lib.rs", ("crate", "model", "run"), ("crates/core", ("model",))),
    ("src/lib.rs", ("super", "run"), None),            # no parent of the crate root
    ("src/lib.rs", ("other_crate", "run"), None),      # another crate: not resolved here
    ("tests/t.rs", ("crate", "run"), None),            # a test is a crate of its own
])
def test_module_of_use(file, path, expected):
    from burnmigrate.rust.module_tree import module_of_use
    assert module_of_use(file, path) == expected
