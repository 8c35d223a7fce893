"""Text scans that run on every file, written for speed: a regex that starts with `\\b` or a
lookbehind makes Python's engine try every position of the text, so each scan here finds a
literal first (`bytes.find`, or a regex that starts with one) and checks the word boundaries by
hand. Each answers exactly what the regex next to it defines (tests/test_fast_scans.py checks
them against each other on generated text)."""
from __future__ import annotations

import re

from burnmigrate.burn_api import CONCRETE_BACKENDS, REPLACED_WHOLE
from burnmigrate.rust.syntax import ancestors, descendants, last_segment, parse, text

WORD = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def word_starts_at(src: bytes, i: int) -> bool:
    """Is there a word boundary just before `src[i]` (given `src[i]` is a word byte)?"""
    return i == 0 or src[i - 1] not in WORD


def find_all(src: bytes, needle: bytes):
    """Every position of `needle` in `src`, overlapping ones included."""
    i = src.find(needle)
    while i >= 0:
        yield i
        i = src.find(needle, i + 1)


def has_word(src: bytes, word: bytes) -> bool:
    """`(?<![\\w])word(?![\\w])` found in `src`: `word` as a whole word."""
    n = len(word)
    for i in find_all(src, word):
        if word_starts_at(src, i) and (i + n == len(src) or src[i + n] not in WORD):
            return True
    return False


# `use ..;` declarations and `Tensor<X,` arguments: the mentions the erasure removes (pass 1)
ERASABLE_MENTION = re.compile(rb"\buse\s[^;{]*(?:\{[^}]*\}[^;]*)?;|(?<=Tensor)\s*(?:::)?\s*<\s*\w+\s*(?:<[^<>;]*>\s*)?,")
_USE_DECL_AT = re.compile(rb"\buse\s[^;{]*(?:\{[^}]*\}[^;]*)?;")
_PUB_BEFORE = re.compile(rb"\bpub\s*(?:\([^)]*\)\s*)?$")
_TENSOR_BACKEND_ARG_AT = re.compile(rb"\s*(?:::)?\s*<\s*\w+\s*(?:<[^<>;]*>\s*)?,")   # (`Tensor<Cpu<f16>, 2>` too)


def without_erasable_mentions(src: bytes) -> bytes:
    """`ERASABLE_MENTION.sub(b"", src)`: the leftmost non-overlapping matches of either
    alternative (they can never start at the same place), removed."""
    found = [(m.start(), m.end()) for k in find_all(src, b"use")   # (a `pub use` re-export is API: it stays)
             if (m := _USE_DECL_AT.match(src, k)) is not None and not _PUB_BEFORE.search(src, max(0, k - 24), k)]
    found += [(m.start(), m.end()) for k in find_all(src, b"Tensor")
              if (m := _TENSOR_BACKEND_ARG_AT.match(src, k + 6)) is not None]
    if not found:
        return src
    out, last = [], 0
    for s, e in sorted(found):
        if s >= last:
            out.append(src[last:s])
            last = e
    out.append(src[last:])
    return b"".join(out)


_RENAMED = re.compile(rb"(\w+)\s+as\s+([A-Za-z]\w*)")


def renamed_in_uses(src: bytes) -> dict[str, str]:
    """The names `use` declarations bind to another item's name, with that name (`use my_lib::Fast
    as Fx;` → `Fx`: `Fast`): the item's uses go by the new name."""
    return {m.group(2).decode(): m.group(1).decode() for k in find_all(src, b"use")
            if (d := _USE_DECL_AT.match(src, k)) is not None
            for m in _RENAMED.finditer(d.group(0)) if m.group(1) != m.group(2)}


# `Backend as B`, `AutodiffBackend as AB`, `BackendTypes as T`: a burn trait imported under
# another name (rust/context.py resolves such names per file)
ALIASED_TRAIT = re.compile(rb"\b(?:Autodiff)?Backend(?:Types)?\s+as\s+\w")
_ALIASED_TRAIT_TAIL = re.compile(rb"Backend(?:Types)?\s+as\s+\w")


def aliases_backend_trait(src: bytes) -> bool:
    """`ALIASED_TRAIT` found in `src`."""
    for m in _ALIASED_TRAIT_TAIL.finditer(src):
        start = m.start()
        if src[max(0, start - 8):start] == b"Autodiff":
            start -= 8
        if word_starts_at(src, start):
            return True
    return False


# what 0.22.1 keeps behind burn's `extension` feature: the `burn::backend` module (backend types,
# their devices), tensor primitives, `#[backend_extension]` (burn-core 0.22.1 `lib.rs`, burn-tensor
# `api/mod.rs`)
EXTENSION = re.compile(rb"\bburn::backend::|\b(?:from|into|try_into)_primitive\s*(?:::\s*<[^>]*>\s*)?\(|#\[\s*backend_extension")
_PRIMITIVE_CALL = re.compile(rb"_primitive\s*(?:::\s*<[^>]*>\s*)?\(")
_BACKEND_EXT_ATTR = re.compile(rb"#\[\s*backend_extension")


_BURN_USE_LIST = re.compile(rb"\buse\s+(?:::\s*)?burn\s*::\s*\{")
_BURN_BACKEND_MODULE = re.compile(rb"\buse\s+(?:::\s*)?burn\s*::\s*backend\s*(?:;|as\b)")


def _lists_backend(src: bytes) -> bool:
    """`use burn::{backend::Autodiff, optim::AdamConfig};`: `backend` heads a path at the top of a
    `use burn::{..}` list (a `burn::tensor::{backend::..}` further in is another module)."""
    for m in _BURN_USE_LIST.finditer(src):
        depth, start, i = 1, True, m.end()
        while i < len(src) and depth:
            c = src[i]
            if depth == 1 and start and src.startswith(b"backend", i) and (i + 7 >= len(src) or src[i + 7] not in WORD):
                return True
            depth += (c == 0x7B) - (c == 0x7D)
            start = c in b"{," or (start and c in b" \t\r\n")
            i += 1
    return False


def extension_use(src: bytes) -> bool:
    """`EXTENSION` found in `src`, or `burn::backend` named through a `use burn::{backend::..}`
    list or as a module (`use burn::backend;`)."""
    if any(word_starts_at(src, i) for i in find_all(src, b"burn::backend::")):
        return True
    if b"backend" in src and (_BURN_BACKEND_MODULE.search(src) or _lists_backend(src)):
        return True
    for m in _PRIMITIVE_CALL.finditer(src):
        s = m.start()
        for head in (b"try_into", b"from", b"into"):
            if src.endswith(head, 0, s) and word_starts_at(src, s - len(head)):
                return True
    return _BACKEND_EXT_ATTR.search(src) is not None


_BANG_OPEN = re.compile(rb"!\s*[(\[{]")


def macro_call_names(src: bytes):
    """(name, position after the opening bracket) of every `name!(` / `name![` / `name! {` whose name is
    not a path's last segment (what `(?<![\\w:])(\\w+)!\\s*[(\\[]` finds)."""
    for m in _BANG_OPEN.finditer(src):
        start = m.start()
        while start > 0 and src[start - 1] in WORD:
            start -= 1
        if start == m.start() or (start > 0 and src[start - 1] == 0x3A):   # no name, or `path::name!`
            continue
        yield src[start:m.start()].decode(), m.end()


def split_top_level(s: str, opening: str = "([{", closing: str = ")]}") -> list[str]:
    """`s` split at the commas outside any bracket (`a, f(b, c), [d, e]` → three parts),
    each part stripped; an empty last part is dropped."""
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in opening
        depth -= ch in closing
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return [x.strip() for x in out]


# (a burn backend imported under another name: alias_resolution reads it as an alias)
_RENAMED_BACKEND = re.compile(rb"\b(?:" + "|".join(sorted(CONCRETE_BACKENDS)).encode() + rb")\s+as\s+\w")
_PREFILTER = re.compile(rb"Backend|\btype\s+\w+\s*(?:<[^=]*>)?\s*=|PhantomData")


def needs_index(src: bytes) -> bool:
    """Can this file hold facts pass 1 (rust/index.py) collects? (The others are not parsed in pass 1.)"""
    return b"Backend" in src or b"PhantomData" in src or b"macro_rules!" in src or (b"type " in src and _PREFILTER.search(src) is not None) \
        or (b" as " in src and _RENAMED_BACKEND.search(src) is not None)   # (`use burn::backend::Flex as Cpu;`: an alias)

def only_in_type_arguments(ctx, uses: re.Pattern, name: str) -> bool:
    """Did the file as written (`ctx.original`, its `uses` left out), since rewritten, name `name`
    only inside type arguments (`SgdConfig::new().init::<B, Linear<B>>()`)? Such a name is no trait
    whose methods need its import (`dyn Trait` / `impl Trait` aside); once the migration dropped
    those arguments, its import is unused."""
    if ctx.original is ctx.src:
        return False
    code = uses.sub(b"", ctx.original)
    if not re.search(rb"\b" + re.escape(name.encode()) + rb"\b", code):
        return False
    mentions = [n for n in descendants(parse(code).root_node)
                if n.type in ("type_identifier", "identifier") and text(n) == name]
    # (an argument of a type another rule replaces whole, `OptimizerAdaptor<Adam, M, B>`, is that rule's to clean up)
    return bool(mentions) and all(
        any(a.type == "type_arguments" for a in ancestors(n))
        and not any(a.type in ("abstract_type", "dynamic_type", "trait_bounds") or (
            a.type == "generic_type" and last_segment(a) in REPLACED_WHOLE) for a in ancestors(n))
        for n in mentions)


_DATASET_IMPL = re.compile(rb"\bimpl\s*(?:<[^{]*?>)?\s*(?:[\w:]+::)?Dataset\s*<[^{]*?\bfor\s+(\w+)")


def dataset_impls(src: bytes) -> set[str]:
    """The types a file implements burn's `Dataset` for (`impl Dataset<Item> for Mine`)."""
    return {m.decode() for m in _DATASET_IMPL.findall(src)} if b"Dataset" in src else set()
