"""Pass 1's signature reads (burnmigrate/rust/fn_sigs.py) and where a new `use` line lands."""
from __future__ import annotations

import pytest
import tree_sitter_rust as tsr
from tree_sitter import Language, Parser

from burnmigrate import burn_api as api
from burnmigrate.model.edits import apply as apply_edits
from burnmigrate.rust.fn_sigs import fn_device_params
from burnmigrate.rust.imports import insertion_edit

TYPES = frozenset(api.DEVICE_TYPE_BACKENDS)


@pytest.mark.parametrize("src, want", [
    # imported from burn, by reference or by value, `self` not counted
    (b"use burn::backend::wgpu::WgpuDevice;\npub fn train(c: Config, device: &WgpuDevice) {}",
     {"train": {1: "WgpuDevice"}}),
    (b"use burn::backend::{ndarray::NdArrayDevice, NdArray};\nfn f(d: NdArrayDevice, n: usize) {}", {"f": {0: "NdArrayDevice"}}),
    (b"impl X { fn m(&self, d: &burn::backend::cuda::CudaDevice) {} }", {"m": {0: "CudaDevice"}}),
    # another crate's type of that name, or one the file does not import from burn: not read
    (b"use cubecl::wgpu::WgpuDevice;\nfn setup(d: &WgpuDevice) {}", {}),
    (b"fn f(d: &cubecl::cuda::CudaDevice) {}", {}),
    (b"use burn::backend::wgpu::WgpuDevice;\nfn f(d: &mut WgpuDevice) {}", {}),
    # one name, two signatures in the file: which one a call means is not read here
    (b"use burn::backend::wgpu::WgpuDevice;\nfn f(d: &WgpuDevice) {}\nmod m { fn f(n: usize) {} }", {}),
])
def test_device_parameters_of_fns(src, want):
    assert fn_device_params(src, TYPES) == want


def _inserted(src: str) -> str:
    tree = Parser(Language(tsr.language())).parse(src.encode())
    edit = insertion_edit(src.encode(), tree.root_node, "use burn::tensor::Device;")
    return apply_edits(src.encode(), [edit]).decode()


@pytest.mark.parametrize("src, want", [
    # a file's first item with its doc comment: the `use` goes above the doc, a blank line between
    ("/// Doc.\npub fn f() {}\n", "use burn::tensor::Device;\n\n/// Doc.\npub fn f() {}\n"),
    ("/** Doc. */\npub fn f() {}\n", "use burn::tensor::Device;\n\n/** Doc. */\npub fn f() {}\n"),
    # the crate's inner doc stays first
    ("//! Crate.\n/// Doc.\npub fn f() {}\n", "//! Crate.\nuse burn::tensor::Device;\n\n/// Doc.\npub fn f() {}\n"),
    ("//! Crate.\n\npub fn f() {}\n", "//! Crate.\nuse burn::tensor::Device;\n\npub fn f() {}\n"),
])
def test_use_line_above_a_doc_comment(src, want):
    assert _inserted(src) == want
