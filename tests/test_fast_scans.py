"""rust/scans.py (and the macro-call test built on it): each fast scan answers exactly what the
regex that defines it answers, on generated text made of the tokens that matter."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burnmigrate.rust.macros import CALL_MACROS, PATTERN_MACROS, _has_call
from burnmigrate.rust.scans import (ALIASED_TRAIT, ERASABLE_MENTION, EXTENSION, aliases_backend_trait, extension_use,
                                    has_word, without_erasable_mentions)

_TOKENS = st.sampled_from([
    "assert_eq", "vec", "println", "foo", "std", "::", "!", "(", "[", " ", "\n", ";", "<", ">", "x", "1", ".",
    "_", ":", ",", "{", "}", ".get(", ".iter()", "Backend", "Autodiff", "Types", "as", "B", "\t", "é", "use",
    "Tensor", "burn", "backend", "from", "into", "try_", "_primitive", "#[", "backend_extension", "crate",
    "dtype", "shape", "bytes", ")",
])
_TEXT = st.lists(_TOKENS, max_size=40).map(lambda parts: "".join(parts).encode())


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_macro_call_scan(src):
    names = CALL_MACROS | PATTERN_MACROS | {"foo"}
    alt = b"|".join(re.escape(n.encode()) for n in sorted(names, key=len, reverse=True))
    # (`name! {` too: `thread_local! { .. }` bodies are read since session 7)
    calls = re.compile(rb"(?<![\w:])(?:" + alt + rb")!\s*[(\[{][^;]*?(?:::|<|\.get\(|\.iter\(\)|\.into_scalar\(\)|"
                       rb"\.dtype|\.shape[.,)]|\.bytes\.)")
    assert _has_call(src, names) == (calls.search(src) is not None)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_aliased_backend_trait_scan(src):
    assert aliases_backend_trait(src) == (ALIASED_TRAIT.search(src) is not None)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_erasable_mentions_removal(src):
    assert without_erasable_mentions(src) == ERASABLE_MENTION.sub(b"", src)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_extension_feature_scan(src):
    # the fast scan finds what the regex finds, and `burn::backend` named through a `use` list too
    listed = re.search(rb"\buse\s+(?:::\s*)?burn\s*::\s*(?:\{|backend\b)", src) is not None
    assert extension_use(src) == (EXTENSION.search(src) is not None) or (listed and extension_use(src))


@pytest.mark.parametrize("src, needs", [
    (b"use burn::{backend::Autodiff, module::AutodiffModule};", True),   # reading 56: HexGo's training crate
    (b"use burn::{\n    backend::{Autodiff, Flex},\n    optim::AdamConfig,\n};", True),
    (b"use burn::{tensor::Tensor, backend};", True),
    (b"use burn::backend;", True),
    (b"use burn::{tensor::{backend::Backend}, module::Module};", False),   # `burn::tensor::backend`, another module
    (b"use burn::{backends::X};", False),
    (b"use burn::prelude::*;", False),
])
def test_backend_named_through_a_use_list_needs_extension(src, needs):
    assert extension_use(src) is needs


@settings(max_examples=500, deadline=None)
@given(_TEXT, st.sampled_from([b"Backend", b"B", b"use", b"Tensor", b"x", b"burn"]))
def test_whole_word_scan(src, word):
    assert has_word(src, word) == (re.search(rb"(?<![\w])" + re.escape(word) + rb"(?![\w])", src) is not None)


def test_a_pub_use_is_no_erasable_mention():
    """A re-export (`pub use m::{A, B};`, `pub(crate) use`) is API, which no rule removes: its
    mention of a backend alias outlasts the erasure (burn_image deleted a re-exported alias)."""
    from burnmigrate.rust.scans import without_erasable_mentions
    src = b"pub use m::{A, B};\nuse m::C;\npub(crate) use m::D;\nfn f(t: Tensor<A, 2>) {}"
    assert without_erasable_mentions(src) == b"pub use m::{A, B};\n\npub(crate) use m::D;\nfn f(t: Tensor 2>) {}"
