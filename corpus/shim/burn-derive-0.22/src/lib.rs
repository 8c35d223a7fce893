//! `#[derive(Module)]` and `#[derive(Config)]` as burn 0.22.1 expands them, at the type level.
//!
//! 0.22's `Module` has no backend parameter; the derive always implements `Clone` (so a
//! `#[derive(Module, Clone)]` left from 0.21 is E0119) and the required `valid`, `train`, `fork`
//! and `to_device` (the merged `AutodiffModule`).
use proc_macro::TokenStream;

#[path = "../../burn-derive-0.21/src/parse.rs"]
mod parse;

#[proc_macro_derive(Module, attributes(module))]
pub fn derive_module(input: TokenStream) -> TokenStream {
    let item = parse::parse(input);
    let name = &item.name;
    let ig = item.impl_generics("");
    let tg = item.ty_generics();
    let wc = &item.where_clause;
    let out = format!(
        "impl{ig} ::core::clone::Clone for {name}{tg} {wc} {{ fn clone(&self) -> Self {{ unimplemented!() }} }}
         impl{ig} burn::module::Module for {name}{tg} {wc} {{
             fn valid(&self) -> Self {{ unimplemented!() }}
             fn train(self) -> Self {{ unimplemented!() }}
             fn fork(self, _device: &burn::tensor::Device) -> Self {{ unimplemented!() }}
             fn to_device(self, _device: &burn::tensor::Device) -> Self {{ unimplemented!() }}
         }}"
    );
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
