"""Which impls `burn-trait-impl` freezes: the trait's name resolved in the impl's module, one
row per construct (a path, a `use` from burn, a glob from burn, a local trait shadowing the glob,
a `use` of the project's own trait, a child module's `use super::*`, the 0.22.1 form)."""
from __future__ import annotations

import pytest

from burnmigrate.rust.burn_traits import trait_of_impl
from burnmigrate.rust.syntax import capture, parse

ROWS = [
    ("a burn path", "impl<B: Backend> burn::module::Module<B> for S {}", "Module"),
    ("a use from burn", "use burn::optim::SimpleOptimizer;\nimpl<B: Backend> SimpleOptimizer<B> for S {}", "SimpleOptimizer"),
    ("a glob from burn", "use burn::prelude::*;\nimpl<B: Backend> Module<B> for S {}", "Module"),
    ("a local trait shadows the glob", "use burn::prelude::*;\ntrait Module<B> {}\nimpl<B: Backend> Module<B> for S {}", None),
    ("the project's own trait", "use crate::traits::Optimizer;\nimpl<M, B> Optimizer<M, B> for S {}", None),
    ("a child module sees its parent's glob", "use burn::prelude::*;\nmod m {\n    use super::*;\n    impl<B: Backend> Module<B> for S {}\n}", "Module"),
    ("a child module without the parent's names", "use burn::prelude::*;\nmod m {\n    impl<B: Backend> Module<B> for S {}\n}", None),
    ("the 0.22.1 form", "use burn::prelude::*;\nimpl Module for S {}", None),
    ("0.22.1's per-tensor Optimizer", "use burn::optim::Optimizer;\nimpl Optimizer for S {}", None),
    ("a renamed burn crate", "use nn::module::AutodiffModule;\nimpl<B: AutodiffBackend> AutodiffModule<B> for S {}", "AutodiffModule"),
    ("burn_core directly", "impl<B: Backend> burn_core::module::Module<B> for S {}", "Module"),
]


@pytest.mark.parametrize("src,want", [(s, w) for _, s, w in ROWS], ids=[r[0] for r in ROWS])
def test_trait_resolution(src, want):
    tree = parse(src.encode())
    root = tree.root_node
    (impl,) = capture("(impl_item) @i", root, "i")
    spec = trait_of_impl(impl, ("burn", "nn"), capture("(use_declaration) @u", root, "u"))
    assert (spec.name if spec else None) == want
