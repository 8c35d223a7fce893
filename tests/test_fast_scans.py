"""The text scans that run on every file are written literal-first for speed (a regex that starts
with `\\b` or a lookbehind makes the engine try every position of the file). Each must answer
exactly what the plain regex it replaces answers: checked here on generated text made of the
tokens that matter."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from burnmigrate.rust.context import _aliases_backend_trait
from burnmigrate.rust.index import _ERASABLE_MENTION, _without_erasable_mentions
from burnmigrate.rust.macros import CALL_MACROS, PATTERN_MACROS, _has_call
from burnmigrate.rust.uses import _EXTENSION, extension_use

_TOKENS = st.sampled_from([
    "assert_eq", "vec", "println", "foo", "std", "::", "!", "(", "[", " ", "\n", ";", "<", ">", "x", "1", ".",
    "_", ":", ",", "{", "}", ".get(", ".iter()", "Backend", "Autodiff", "Types", "as", "B", "\t", "é", "use",
    "Tensor", "burn", "backend", "from", "into", "try_", "_primitive", "#[", "backend_extension", "crate",
])
_TEXT = st.lists(_TOKENS, max_size=40).map(lambda parts: "".join(parts).encode())


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_macro_call_scan(src):
    names = CALL_MACROS | PATTERN_MACROS | {"foo"}
    alt = b"|".join(re.escape(n.encode()) for n in sorted(names, key=len, reverse=True))
    calls = re.compile(rb"(?<![\w:])(?:" + alt + rb")!\s*[(\[][^;]*?(?:::|<|\.get\(|\.iter\(\)|\.into_scalar\(\))")
    assert _has_call(src, names) == (calls.search(src) is not None)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_aliased_backend_trait_scan(src):
    aliased = re.compile(rb"\b(?:Autodiff)?Backend(?:Types)?\s+as\s+\w")
    assert _aliases_backend_trait(src) == (aliased.search(src) is not None)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_erasable_mentions_removal(src):
    assert _without_erasable_mentions(src) == _ERASABLE_MENTION.sub(b"", src)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_extension_feature_scan(src):
    assert extension_use(src) == (_EXTENSION.search(src) is not None)


@settings(max_examples=500, deadline=None)
@given(_TEXT, st.sampled_from([b"Backend", b"B", b"use", b"Tensor", b"x", b"burn"]))
def test_whole_word_scan(src, word):
    from burnmigrate.rust.syntax import has_word
    assert has_word(src, word) == (re.search(rb"(?<![\w])" + re.escape(word) + rb"(?![\w])", src) is not None)
