//! `#[derive(Module)]` and `#[derive(Config)]` as burn 0.21 expands them, at the type level.
//!
//! 0.21's module derive implements `Module<B>` (and `AutodiffModule<B>` when the struct has a
//! backend parameter named `B`). It derives `Clone` only for a struct with a param `B`: a
//! "constant" module (no `B`) had to derive `Clone` itself (`#[derive(Module, Clone)]`).
use proc_macro::TokenStream;

mod parse;

#[proc_macro_derive(Module, attributes(module))]
pub fn derive_module(input: TokenStream) -> TokenStream {
    let item = parse::parse(input);
    let name = &item.name;
    let tg = item.ty_generics();
    let mut out = String::new();
    if item.has_type_param("B") {
        let ig = item.impl_generics("");
        let wc = item.where_clause.clone();
        out.push_str(&format!("impl{ig} burn::module::Module<B> for {name}{tg} {wc} {{}}\n"));
        out.push_str(&format!(
            "impl{ig} ::core::clone::Clone for {name}{tg} {wc} {{ fn clone(&self) -> Self {{ unimplemented!() }} }}\n"
        ));
        let inner_args: Vec<String> = item
            .generics_use
            .iter()
            .map(|g| if g == "B" { "B::InnerBackend".to_string() } else { g.clone() })
            .collect();
        let wa = item.where_with("B: burn::tensor::backend::AutodiffBackend,");
        out.push_str(&format!(
            "impl{ig} burn::module::AutodiffModule<B> for {name}{tg} {wa} {{ type InnerModule = {name}<{inner}>; }}\n",
            inner = inner_args.join(", ")
        ));
    } else {
        let ig = item.impl_generics("B: burn::tensor::backend::Backend");
        let wc = item.where_clause.clone();
        out.push_str(&format!("impl{ig} burn::module::Module<B> for {name}{tg} {wc} {{}}\n"));
        let ig = item.impl_generics("B: burn::tensor::backend::AutodiffBackend");
        out.push_str(&format!(
            "impl{ig} burn::module::AutodiffModule<B> for {name}{tg} {wc} {{ type InnerModule = {name}{tg}; }}\n"
        ));
    }
    out.parse().expect("derive(Module) shim: generated code parses")
}

#[proc_macro_derive(Config, attributes(config))]
pub fn derive_config(input: TokenStream) -> TokenStream {
    let item = parse::parse(input);
    let name = &item.name;
    let ig = item.impl_generics("");
    let tg = item.ty_generics();
    let wc = &item.where_clause;
    let mut out = String::new();
    out.push_str(&format!("impl{ig} burn::config::Config for {name}{tg} {wc} {{}}\n"));
    out.push_str(&format!(
        "impl{ig} ::core::clone::Clone for {name}{tg} {wc} {{ fn clone(&self) -> Self {{ unimplemented!() }} }}\n"
    ));
    out.push_str(&format!(
        "impl{ig} ::core::fmt::Display for {name}{tg} {wc} {{ fn fmt(&self, _f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{ unimplemented!() }} }}\n"
    ));
    out.push_str(&parse::config_methods(&item));
    out.parse().expect("derive(Config) shim: generated code parses")
}
