"""backend-import reads a `use` whose path starts with an imported name as a use of that name
(reading 48, mosure/burn_image: `use burn_cubecl::{.., cubecl, ..}; use cubecl::{..};` lost its
`cubecl`, marked safe: E0432 in a crate with no `cubecl` dependency of its own)."""
from __future__ import annotations

from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import CrateFacts
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.index import collect, merge
from burnmigrate.rust.syntax import capture, parse, without_uses


def migrate(src: str, **crate) -> tuple[str, list]:
    facts = collect("src/lib.rs", src.encode())
    res = rewrite_source("src/lib.rs", src.encode(), merge([facts]), CrateFacts(**crate), source_rules())
    return (res.final or src.encode()).decode(), res.changes


def test_an_import_another_use_starts_from_stays():
    # burn_image vendors burn-cubecl in its workspace (a project crate: a module of it that the
    # migration left unused goes), and a comment elsewhere names `cubecl`
    src = ("use burn::prelude::*;\n\n/// Ones on the device (the kernel below is a cubecl one).\n"
           "pub fn ones<B: Backend>(d: &B::Device) -> Tensor<B, 1> {\n    Tensor::ones([1], d)\n}\n\n"
           "mod gqa {\n    use burn_cubecl::{CubeRuntime, cubecl, tensor::CubeTensor};\n"
           "    use cubecl::{calculate_cube_count_elemwise, prelude::*};\n\n"
           "    pub fn n<R: CubeRuntime>(t: &CubeTensor<R>) -> usize { t.shape.num_elements() }\n}\n")
    out, changes = migrate(src, project_crates=frozenset({"burn_cubecl"}))
    assert "use burn_cubecl::{CubeRuntime, cubecl, tensor::CubeTensor};" in out
    assert not [c for c in changes if c.rule == "backend-import" and "cubecl" in c.message]
    assert "pub fn ones(d: &Device) -> Tensor<1>" in out


def test_an_import_no_other_use_starts_from_goes():
    src = "use burn::backend::{Wgpu, wgpu};\nuse burn::tensor::Tensor;\n\npub fn f(t: Tensor<1>) -> Tensor<1> { t }\n"
    out, _ = migrate(src)
    assert "Wgpu" not in out and "wgpu" not in out


def test_without_uses_keeps_each_paths_first_segment_only():
    src = b"use burn_cubecl::{CubeRuntime, cubecl};\nuse cubecl::prelude::*;\nuse cubecl;\nuse cc as dd;\n"
    decls = capture("(use_declaration) @u", parse(src).root_node, "u")
    assert without_uses(src, decls).split() == [b"burn_cubecl", b"cubecl", b"cc"]   # (`use cubecl;` is no use of it)


def test_a_renamed_import_of_burns_backend_trait_goes_with_its_uses():
    # (MinerU-rs, reading 50: `use burn::prelude::Backend as BurnBackend;` stayed once every use of
    # `BurnBackend` was erased, E0432: 0.22.1's prelude has no `Backend`)
    src = ("use burn::prelude::Backend as BurnBackend;\nuse burn::tensor::Tensor;\n\n"
           "pub fn twice<B: BurnBackend>(t: Tensor<B, 1>) -> Tensor<B, 1> {\n    t.mul_scalar(2)\n}\n")
    out, changes = migrate(src)
    assert out == "use burn::tensor::Tensor;\n\npub fn twice(t: Tensor<1>) -> Tensor<1> {\n    t.mul_scalar(2)\n}\n"
    assert [c.message for c in changes if c.rule == "backend-import"] == ["remove unused 0.21 import `burn::prelude::Backend`"]
