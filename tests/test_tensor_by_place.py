"""`Tensor<X, 2>` is 0.21's backend-first list whatever `X` is (issue 25 item 7), but only burn's
`Tensor`: a project's own `Tensor` keeps its arguments."""
from __future__ import annotations

from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import CrateFacts
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.index import collect, merge


def migrate(src: str):
    facts = collect("src/lib.rs", src.encode())
    res = rewrite_source("src/lib.rs", src.encode(), merge([facts]), CrateFacts(), source_rules())
    return (res.final or src.encode()).decode(), res.changes


def test_another_crates_type_in_the_backend_place_goes_with_review():
    out, changes = migrate("use burn::tensor::Tensor;\n"
                           "pub fn f(x: Tensor<ext::Fast, 2>) -> Tensor<ext::Fast, 2, burn::tensor::Int> { x.int() }\n")
    assert "pub fn f(x: Tensor<2>) -> Tensor<2, burn::tensor::Int>" in out
    assert {c.safety.value for c in changes if c.rule == "backend-type-argument"} == {"review"}


def test_a_projects_own_tensor_keeps_its_arguments():
    src = ("pub struct Elem;\n"
           "pub struct Tensor<T, const N: usize> { pub data: [T; N] }\n"
           "pub fn f(x: Tensor<Elem, 3>) -> Tensor<Elem, 3> { x }\n")
    out, changes = migrate(src)
    assert out == src and not [c for c in changes if c.rule == "backend-type-argument"]


def test_a_const_first_list_is_already_0_22():
    src = "use burn::tensor::{Int, Tensor};\npub fn f<const D: usize>(x: Tensor<D, Int>) -> Tensor<D, Int> { x }\n"
    out, _ = migrate(src)
    assert out == src
