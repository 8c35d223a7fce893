"""Which value parameters of the project's fns a generic types: a call's argument there has no
type the callee fixes (`fn scalar_to_f32<E: ToElement>(value: E)`), so an argument whose type
0.22.1 leaves open (`x.into_scalar()`) needs one of its own. Read off the text with no parse (the
callee's file need not hold anything else a rule reads); a signature the pattern cannot read is
left out, so its calls are taken as typed, as before. (`returns_own_type` reads a parsed method.)"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.rust.scans import split_top_level
from burnmigrate.rust.syntax import last_segment, text

# `fn name<generics>(params)`: generics without nested `<..>` (a bound like `Into<f32>` is one
# level) and params without nested parentheses
_SIG = re.compile(rb"\bfn\s+(\w+)\s*(?:<((?:[^<>{};]|<[^<>{};]*>)*)>)?\s*\(([^(){};]*)\)")
_PARAM_NAME = re.compile(r"^\s*(?:const\s+)?([A-Za-z_]\w*)")


def _value_params(params: str) -> list[str]:
    """A signature's parameters as written, `self` left out (positions are among the others)."""
    return [p for p in split_top_level(params, "<([", ">)]")
            if p.strip() and not re.match(r"^\s*&?\s*(?:'\w+\s+)?(?:mut\s+)?self\b", p)]


def generic_value_params(src: bytes) -> dict[str, frozenset[int]]:
    """fn name → positions (among its value parameters, `self` excluded) typed by one of its
    own type parameters or by `impl Trait`."""
    out: dict[str, frozenset[int]] = {}
    if b"fn " not in src:
        return out
    for m in _SIG.finditer(src):
        name, generics, params = m.group(1).decode(), (m.group(2) or b"").decode(), m.group(3).decode()
        tparams = {g.group(1) for part in split_top_level(generics, "<([", ">)]") if (g := _PARAM_NAME.match(part))
                   and not part.startswith(("'", "const "))}
        values = _value_params(params)
        found = set()
        for i, p in enumerate(values):
            ty = p.split(":", 1)[1].strip() if ":" in p else ""
            if ty in tparams or ty.startswith("impl "):
                found.add(i)
        if found:
            out[name] = frozenset(found) if out.get(name, frozenset(found)) == frozenset(found) else frozenset()
    return out


# `fn scalar_to_f32<E: ToElement>(value: E) -> f32 { value.to_f32() }`: exactly that shape
_TO_F32 = re.compile(rb"\bfn\s+(\w+)\s*<\s*(\w+)\s*:\s*(?:[\w:]*::)?ToElement\s*>\s*\(\s*(\w+)\s*:\s*\2\s*\)"
                     rb"\s*->\s*f32\s*\{\s*\3\s*\.\s*to_f32\s*\(\s*\)\s*\}")


def to_f32_fns(src: bytes) -> set[str]:
    """Project fns whose one value parameter, of any `ToElement` type, is only converted with
    `.to_f32()`: the element type an argument is read in cannot change what they return."""
    return {m.group(1).decode() for m in _TO_F32.finditer(src)} if b"to_f32" in src else set()


# `fn name<..>(params) -> Type` up to the body, a `where` or the `;` of a declaration
_RETURNS = re.compile(_SIG.pattern + rb"\s*->\s*([^{;]*?)\s*(?:\bwhere\b|\{|;)")


def fn_return_types(src: bytes) -> dict[str, str]:
    """fn name → its return type as written (whitespace collapsed), for a call through the
    module's path to read what it gets (`let (ds, n) = load_split(..)?;`). Read off the text: a
    method of the same name counts as a signature too, and a name with two different return types
    in the file is left out (which one a call means is not read here)."""
    out: dict[str, str] = {}
    if b"->" not in src:
        return out
    twice: set[str] = set()
    for m in _RETURNS.finditer(src):
        name, ret = m.group(1).decode(), " ".join(m.group(4).decode().split())
        if out.get(name, ret) != ret:
            twice.add(name)
        out[name] = ret
    return {n: r for n, r in out.items() if n not in twice}


def fn_device_params(src: bytes, device_types: frozenset[str]) -> dict[str, dict[int, str]]:
    """fn name → {position among its value parameters: the burn device type it is typed by}
    (`pub fn train(config: Config, device: &WgpuDevice)` → {1: "WgpuDevice"}), for a call through
    the module's path to read what an argument's `Default::default()` was (pitfall 5). A name is
    burn's when the file imports it from burn or writes its burn path; a name with two different
    signatures in the file is left out."""
    out: dict[str, dict[int, str]] = {}
    if not any(t.encode() in src for t in device_types):
        return out
    imported = {t for t in device_types if re.search(rb"\buse\s+burn\w*\s*::[^;]*\b" + t.encode() + rb"\b", src)}
    twice: set[str] = set()
    for m in _SIG.finditer(src):
        name, params = m.group(1).decode(), m.group(3).decode()
        values = _value_params(params)
        found = {}
        for i, p in enumerate(values):
            ty = " ".join(p.split(":", 1)[1].split()).removeprefix("&").strip() if ":" in p else ""
            last = ty.rsplit("::", 1)[-1]
            if last in device_types and (ty.startswith("burn") if "::" in ty else last in imported):
                found[i] = last
        if out.get(name, found) != found:
            twice.add(name)
        out[name] = found
    return {n: d for n, d in out.items() if d and n not in twice}


# `fn name() -> Type { Default::default() }`: no parameter, the whole body a default of its return type
_DEFAULT_BODY = re.compile(rb"\bfn\s+(\w+)\s*\(\s*\)\s*->\s*[^{;]+?\{\s*(?:(?:(?:std|core)::default::)?Default::default"
                           rb"|[A-Za-z_][\w:]*::default|<[^{};()]*>::default)\s*\(\s*\)\s*\}")


def default_bodied_fns(src: bytes) -> set[str]:
    """Fns with no parameter whose whole body is a default of their return type (`fn test_device()
    -> TestDevice { Default::default() }`): what they return is what that type's default was in
    0.21 (_device_helpers.py). A name defined twice in the file, once otherwise, is left out."""
    if b"default" not in src:
        return set()
    found = {m.group(1).decode() for m in _DEFAULT_BODY.finditer(src)}
    return {n for n in found if len(re.findall(rb"\bfn\s+" + n.encode() + rb"\b", src)) == 1}


def returns_own_type(fn: Node, impl: Node) -> bool:
    """Does a fn of an inherent impl return that impl's self type (`-> Self`, `-> Model<B>` in
    `impl<B: Backend> Model<B>`)? Then `Model::init(..)` is a `Model`, whatever its arguments, and
    `let m: Model = Model::init(..)` says its type twice (backend-type-argument)."""
    ret, own = fn.child_by_field_name("return_type"), impl.child_by_field_name("type")
    return ret is not None and own is not None and (text(ret) == "Self" or (
        ret.type in ("type_identifier", "generic_type", "scoped_type_identifier") and last_segment(ret) == last_segment(own)))
