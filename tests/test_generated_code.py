"""`quote!` bodies that write burn 0.21 code (burnmigrate.project.generated_code): found at their
lines, 0.22.1 code and code outside `quote!` left alone, one note per file in the report
(reading 52: tracel-ai/tracel's `#[register]` proc-macro, no record before)."""
from __future__ import annotations

import os
import subprocess
import sys

from burnmigrate.project.generated_code import quoted_idioms

MACRO_LIB = """use proc_macro::TokenStream;
use quote::quote;

// outside `quote!` this is the macro's own code: `B: Backend` here is not generated
fn helper<B: Backend>() {}

#[proc_macro_attribute]
pub fn register(_attr: TokenStream, item: TokenStream) -> TokenStream {
    let name = syn::Ident::new("x", proc_macro2::Span::call_site());
    let b = quote! { B };
    let trained = quote! {
        pub fn #name<B: burn::tensor::backend::AutodiffBackend>(
            exec: &mut Builder<B>,
            t: Tensor<#b, 2>,
            d: &B::Device,
        ) {}
    };
    let inferred = quote::quote! {
        pub fn infer<#b: burn::prelude::Backend>() {}
    };
    let current = quote! {
        pub fn now(t: burn::tensor::Tensor<2>, u: Tensor<D, Int>, d: &burn::tensor::Device) {}
    };
    item
}
"""


def test_quote_bodies_are_read_at_their_lines():
    found = quoted_idioms(MACRO_LIB.encode())
    assert found == [
        (12, "`burn::tensor::backend`"), (12, "a `B: Backend` bound"),
        (14, "`Tensor<B, D>`"),
        (15, "`B::Device`"),
        (19, "`burn::prelude::Backend`"), (19, "a `B: Backend` bound"),
    ], found


def test_a_file_without_quote_is_not_parsed():
    assert quoted_idioms(b"fn helper<B: Backend>(x: Tensor<B, 2>) {}\n") == []


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "burnmigrate", *map(str, args)], check=False, capture_output=True,
                          text=True, env={**os.environ, "NO_COLOR": "1"})


def _workspace(tmp_path, burn_version: str):
    ws = tmp_path / "ws"
    for c in ("app", "macros"):
        (ws / c / "src").mkdir(parents=True)
    (ws / "Cargo.toml").write_text('[workspace]\nmembers = ["app", "macros"]\n')
    (ws / "app" / "Cargo.toml").write_text('[package]\nname = "app"\nversion = "0.1.0"\nedition = "2024"\n\n'
                                           f'[dependencies]\nburn = "{burn_version}"\nmacros = {{ path = "../macros" }}\n')
    (ws / "app" / "src" / "lib.rs").write_text("pub fn f() {}\n")
    (ws / "macros" / "Cargo.toml").write_text('[package]\nname = "macros"\nversion = "0.1.0"\nedition = "2024"\n\n'
                                              '[lib]\nproc-macro = true\n\n[dependencies]\nquote = "1"\n')
    (ws / "macros" / "src" / "lib.rs").write_text(MACRO_LIB)
    # a crate of generated code's own target dir is not read
    (ws / "macros" / "target" / "debug").mkdir(parents=True)
    (ws / "macros" / "target" / "debug" / "out.rs").write_text(MACRO_LIB)
    return ws


def test_a_proc_macro_writing_0_21_code_gets_one_note_per_file(tmp_path):
    r = _cli("--dry-run", "--no-progress", _workspace(tmp_path, "0.21"))
    notes = [line for line in r.stdout.splitlines() if "`quote!` writes burn 0.21 code" in line]
    assert notes == [("note: macros/src/lib.rs: lines 12, 14, 15, 19: `quote!` writes burn 0.21 code "
                     "(`burn::tensor::backend`, a `B: Backend` bound, `Tensor<B, D>`, `B::Device`, "
                     "`burn::prelude::Backend`) into the crates that expand it; no rule rewrites a token tree, so each "
                     "expansion stops compiling on 0.22.1 (E0433 / E0405 / E0107 at the macro's call): rewrite these "
                     "tokens by hand (0.22.1 has no backend type parameter: a `Device` value carries the backend)")], r.stdout


def test_a_workspace_already_on_0_22_gets_no_such_note(tmp_path):
    """0.22.1's own backend-extension macros write `B: Backend` code that is right on 0.22."""
    r = _cli("--dry-run", "--no-progress", _workspace(tmp_path, "0.22.1"))
    assert "`quote!` writes" not in r.stdout, r.stdout
