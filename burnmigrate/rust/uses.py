"""What a Rust file needs from burn's features (`ctor:wgpu`, `type:WgpuDevice`, `autodiff`,
`optim`, `sqlite`, ...), read from its text by the source pass for the manifest rules. Uses only
the shipped data (never cargo's cache): the source pass is the same on every machine."""
from __future__ import annotations

import re

from burnmigrate.burn_api import backend_types


# What a file needs from burn's features. Plain substring tests first: this runs on every file.
_USE_SUBSTRINGS = {
    "autodiff": (b".autodiff()", b"AutodiffBackend", b"Autodiff<", b"AutodiffModule"),
    "sqlite": (b"SqliteDataset", b"HuggingfaceDatasetLoader"),
    "linalg": (b"linalg::",),
    "signal": (b"signal::",),
    "safetensors": (b"SafetensorsStore",),
    "pytorch": (b"PytorchStore", b"PyTorchToBurnAdapter"),
    "device-default": (b"Device::default()", b"Default::default()"),
}
_OPTIM = re.compile(rb"\boptim::|\b(?:Adam|AdamW|Sgd|RmsProp|AdaGrad|Adan|Muon|Lbfgs)Config\b|\blr_scheduler\b|\bgrad_clipping\b")
_CTOR = re.compile(rb"\bDevice::(\w+)\s*\(")


def code_uses(original: bytes, final: bytes, idents: frozenset[str] | None = None) -> frozenset[str]:
    """Tokens saying what a file needs from burn's features: `ctor:wgpu`, `type:WgpuDevice`,
    `autodiff`, `optim`, `sqlite`, ... (from the 0.21 text and the migrated text)."""
    out = set()
    texts = (original,) if final is original else (original, final)
    for name, keys in _USE_SUBSTRINGS.items():
        if any(k in t for t in texts for k in keys):
            out.add(name)
    if any((b"optim" in t or b"Config" in t or b"lr_scheduler" in t or b"grad_clipping" in t) and _OPTIM.search(t)
           for t in texts):
        out.add("optim")
    test_code = b"cfg(test)" in final
    main = _without_test_modules(final) if test_code else final
    if b"Device::" in final:
        found = {"ctor:" + m.decode() for m in _CTOR.findall(main)}
        out.update(found)
        if test_code:  # constructors only the file's `#[cfg(test)]` modules call: dev-dependencies
            out.update("dev:ctor:" + m.decode() for m in _CTOR.findall(final) if "ctor:" + m.decode() not in found)
    # 0.21 backend and device types the migration left in place still need their backend
    # the 0.21 type names the feature table maps to backends (one list, in the data file)
    names = [n for n in backend_types() if (n in idents if idents is not None and final is original
                                        else n.encode() in final)]
    code = _without_comments_and_strings(final) if names else final
    main_code = _without_test_modules(code) if names and test_code else code
    for n in names:
        # a backend type, not a path segment (`LibTorchDevice::Cuda`), an enum variant or list
        # element of the project's own (`enum DeviceSpec { Cpu, Cuda(usize) }`), nor a word in a
        # comment or a string (`// runs on Cuda`)
        rx = re.compile(rb"(?<!::)(?<![\w])" + n.encode() + rb"(?![\w])(?!\s*[,}(])")
        if rx.search(main_code):
            out.add("type:" + n)
        elif main_code is not code and rx.search(code):
            out.add("dev:type:" + n)
    if b"burn_store" in final:
        out.add("burn_store-path")
    if b"burn_store" in original:
        out.add("burn_store")
    return frozenset(out)


_COMMENT_OR_STRING = re.compile(rb'//[^\n]*|/\*.*?\*/|r#*"(?:[^"]|"(?!#))*"#*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])\'', re.S)


def _without_comments_and_strings(src: bytes) -> bytes:
    """The text with comments, doc comments, string and char literals blanked (lengths kept)."""
    return _COMMENT_OR_STRING.sub(lambda m: b" " * len(m.group(0)), src)


_TEST_MOD = re.compile(rb"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{")


def _without_test_modules(src: bytes) -> bytes:
    """The text with every `#[cfg(test)] mod x { .. }` body blanked (braces matched)."""
    out = bytearray(src)
    for m in _TEST_MOD.finditer(src):
        depth, i = 1, m.end()
        while i < len(src) and depth:
            c = src[i]
            depth += (c == 0x7B) - (c == 0x7D)
            i += 1
        out[m.start():i] = b" " * (i - m.start())
    return bytes(out)
