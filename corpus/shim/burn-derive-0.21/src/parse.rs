//! A tiny hand-written parser for the items `#[derive(Module)]` / `#[derive(Config)]` see:
//! attributes, visibility, `struct`/`enum`, name, generics, where clause, fields.
//! std + proc_macro only (no syn/quote). Shared by both derive shims through `#[path]`.

#![allow(dead_code)]

use proc_macro::{Delimiter, TokenStream, TokenTree};

pub struct Field {
    pub name: String,
    pub ty: String,
    /// the text inside each `#[..]` on the field, e.g. `config(default = 1e-4)`
    pub attrs: Vec<String>,
}

pub struct Item {
    pub name: String,
    /// the generic parameter list as declared, without the angle brackets (`B: Backend, const D: usize`)
    pub generics_decl: String,
    /// the same parameters as arguments (`B, D`)
    pub generics_use: Vec<String>,
    /// `where ...` or empty
    pub where_clause: String,
    pub fields: Vec<Field>,
}

fn is_punct(t: &TokenTree, c: char) -> bool {
    matches!(t, TokenTree::Punct(p) if p.as_char() == c)
}

fn is_ident(t: &TokenTree, s: &str) -> bool {
    matches!(t, TokenTree::Ident(i) if i.to_string() == s)
}

fn text(tokens: &[TokenTree]) -> String {
    tokens.iter().cloned().collect::<TokenStream>().to_string()
}

/// Split at top-level commas, counting `<`/`>` (a `->` does not close an angle).
fn split_commas(tokens: &[TokenTree]) -> Vec<Vec<TokenTree>> {
    let mut out = vec![];
    let mut cur = vec![];
    let mut depth = 0i32;
    let mut prev_dash = false;
    for t in tokens {
        let dash = is_punct(t, '-');
        if is_punct(t, '<') {
            depth += 1;
        } else if is_punct(t, '>') && !prev_dash {
            depth -= 1;
        }
        prev_dash = dash;
        if depth == 0 && is_punct(t, ',') {
            out.push(std::mem::take(&mut cur));
            continue;
        }
        cur.push(t.clone());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Skip `#[..]` attributes (collecting their inner text) and a visibility.
fn skip_attrs_vis(tokens: &[TokenTree], mut i: usize, attrs: &mut Vec<String>) -> usize {
    loop {
        if i + 1 < tokens.len() && is_punct(&tokens[i], '#') {
            if let TokenTree::Group(g) = &tokens[i + 1] {
                if g.delimiter() == Delimiter::Bracket {
                    attrs.push(g.stream().to_string());
                    i += 2;
                    continue;
                }
            }
        }
        if i < tokens.len() && is_ident(&tokens[i], "pub") {
            i += 1;
            if let Some(TokenTree::Group(g)) = tokens.get(i) {
                if g.delimiter() == Delimiter::Parenthesis {
                    i += 1;
                }
            }
            continue;
        }
        return i;
    }
}

fn param_name(param: &[TokenTree]) -> String {
    match param.first() {
        Some(t) if is_ident(t, "const") => param.get(1).map(|t| t.to_string()).unwrap_or_default(),
        Some(t) if is_punct(t, '\'') => format!("'{}", param.get(1).map(|t| t.to_string()).unwrap_or_default()),
        Some(t) => t.to_string(),
        None => String::new(),
    }
}

fn parse_fields(group: &proc_macro::Group) -> Vec<Field> {
    let tokens: Vec<TokenTree> = group.stream().into_iter().collect();
    let named = group.delimiter() == Delimiter::Brace;
    let mut out = vec![];
    for (n, seg) in split_commas(&tokens).into_iter().enumerate() {
        let mut attrs = vec![];
        let i = skip_attrs_vis(&seg, 0, &mut attrs);
        if i >= seg.len() {
            continue;
        }
        if named {
            // name `:` type
            let name = seg[i].to_string();
            let ty = text(&seg[(i + 2).min(seg.len())..]);
            out.push(Field { name, ty, attrs });
        } else {
            out.push(Field { name: n.to_string(), ty: text(&seg[i..]), attrs });
        }
    }
    out
}

pub fn parse(input: TokenStream) -> Item {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let mut ignored = vec![];
    let mut i = skip_attrs_vis(&tokens, 0, &mut ignored);
    // `struct` / `enum` / `union`
    i += 1;
    let name = tokens.get(i).map(|t| t.to_string()).unwrap_or_default();
    i += 1;
    let mut generics_decl = String::new();
    let mut generics_use = vec![];
    if i < tokens.len() && is_punct(&tokens[i], '<') {
        let start = i + 1;
        let mut depth = 0i32;
        let mut prev_dash = false;
        while i < tokens.len() {
            let t = &tokens[i];
            if is_punct(t, '<') {
                depth += 1;
            } else if is_punct(t, '>') && !prev_dash {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            prev_dash = is_punct(t, '-');
            i += 1;
        }
        let inner = &tokens[start..i];
        generics_decl = text(inner);
        generics_use = split_commas(inner).iter().map(|p| param_name(p)).filter(|s| !s.is_empty()).collect();
        i += 1;
    }
    let mut where_tokens: Vec<TokenTree> = vec![];
    let mut fields = vec![];
    let mut in_where = false;
    while i < tokens.len() {
        let t = &tokens[i];
        match t {
            TokenTree::Ident(id) if id.to_string() == "where" => in_where = true,
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                fields = parse_fields(g);
                break;
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis && !in_where => {
                fields = parse_fields(g);
            }
            TokenTree::Punct(p) if p.as_char() == ';' => break,
            _ if in_where => where_tokens.push(t.clone()),
            _ => {}
        }
        i += 1;
    }
    let mut where_clause = String::new();
    if !where_tokens.is_empty() {
        let mut w = text(&where_tokens);
        if !w.trim_end().ends_with(',') {
            w.push(',');
        }
        where_clause = format!("where {w}");
    }
    Item { name, generics_decl, generics_use, where_clause, fields }
}

impl Item {
    pub fn has_type_param(&self, name: &str) -> bool {
        self.generics_use.iter().any(|g| g == name)
    }

    /// `impl<..>` parameters, with `extra` appended (after the item's own, so lifetimes stay first)
    pub fn impl_generics(&self, extra: &str) -> String {
        match (self.generics_decl.trim().is_empty(), extra.is_empty()) {
            (true, true) => String::new(),
            (true, false) => format!("<{extra}>"),
            (false, true) => format!("<{}>", self.generics_decl),
            (false, false) => format!("<{}, {extra}>", self.generics_decl),
        }
    }

    pub fn ty_generics(&self) -> String {
        if self.generics_use.is_empty() {
            String::new()
        } else {
            format!("<{}>", self.generics_use.join(", "))
        }
    }

    /// where clause with extra predicates appended
    pub fn where_with(&self, extra: &str) -> String {
        if extra.is_empty() {
            self.where_clause.clone()
        } else if self.where_clause.is_empty() {
            format!("where {extra}")
        } else {
            format!("{} {extra}", self.where_clause)
        }
    }
}

/// `#[config(default = ..)]` present?
pub fn has_config_default(f: &Field) -> bool {
    f.attrs.iter().any(|a| {
        let a = a.replace(' ', "");
        a.starts_with("config(") && a.contains("default")
    })
}

/// The `new(..)`/`with_*(..)` methods of a `#[derive(Config)]`: fields without a default and not
/// `Option<..>` are `new` arguments; the others get a `with_<field>` builder.
pub fn config_methods(item: &Item) -> String {
    let mut args = vec![];
    let mut builders = vec![];
    for f in &item.fields {
        let optional = has_config_default(f) || f.ty.replace(' ', "").starts_with("Option<");
        if optional {
            builders.push(format!(
                "pub fn with_{n}(self, {n}: {t}) -> Self {{ let _ = {n}; unimplemented!() }}",
                n = f.name,
                t = f.ty
            ));
        } else {
            args.push(format!("{}: {}", f.name, f.ty));
        }
    }
    format!(
        "#[allow(unused_variables, clippy::too_many_arguments)] impl{ig} {name}{tg} {wc} {{ pub fn new({args}) -> Self {{ unimplemented!() }} {builders} }}",
        ig = item.impl_generics(""),
        name = item.name,
        tg = item.ty_generics(),
        wc = item.where_clause,
        args = args.join(", "),
        builders = builders.join(" ")
    )
}
