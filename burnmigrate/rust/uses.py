"""What a Rust file needs from burn's features (`ctor:wgpu`, `type:WgpuDevice`, `autodiff`,
`optim`, `sqlite`, ...), read from its text by the source pass for the manifest rules. Uses only
the shipped data (never cargo's cache): the source pass is the same on every machine."""
from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from burnmigrate.burn_api import backend_types
from burnmigrate.rust.scans import extension_use

# What a file needs from burn's features. Plain substring tests first: this runs on every file.
_USE_SUBSTRINGS = {
    "autodiff": (b".autodiff()", b"AutodiffBackend", b"Autodiff<", b"AutodiffModule"),
    "sqlite": (b"SqliteDataset", b"HuggingfaceDatasetLoader"),
    "linalg": (b"linalg",),   # (then `_THROUGH_BURN` decides: the crate's own `linalg` is not burn's)
    "signal": (b"signal",),
    "safetensors": (b"SafetensorsStore",),
    "pytorch": (b"PytorchStore", b"PyTorchToBurnAdapter"),
    "device-default": (b"Device::default()", b"Default::default()"),
}
_STORE_FEATURES = frozenset({"safetensors", "pytorch"})
# modules of burn's that a feature gates, counted only when reached through burn: a path from a
# burn crate's root (`burn::tensor::linalg::..`) or a `use` from burn that names them
_THROUGH_BURN = {m: re.compile(rb"\bburn\w*::(?:\w+::)*" + m.encode() + rb"\b|\buse\s+burn\w*::[^;]*\b" + m.encode() + rb"\b")
                 for m in ("linalg", "signal")}
_OPTIM = re.compile(rb"\boptim::|\b(?:Adam|AdamW|Sgd|RmsProp|AdaGrad|Adan|Muon|Lbfgs)Config\b|\blr_scheduler\b|\bgrad_clipping\b")
_CTOR = re.compile(rb"\bDevice::(\w+)\s*\(")
_DEFINED = re.compile(rb"\b(?:type|struct|enum|union|trait)\s+([A-Z]\w*)")
def code_uses(original: bytes, final: bytes, idents: frozenset[str] | None = None) -> frozenset[str]:
    """Tokens saying what a file needs from burn's features: `ctor:wgpu`, `type:WgpuDevice`,
    `autodiff`, `optim`, `sqlite`, ... (from the 0.21 text and the migrated text)."""
    out = set()
    texts = (original,) if final is original else (original, final)
    for name, keys in _USE_SUBSTRINGS.items():
        for t in texts:
            if name in _STORE_FEATURES and b"burn_store" in t and b"burn::store" not in t:
                continue  # the store comes from the burn-store dependency, not burn's feature
            if not any(k in t for k in keys) or not any(k in _code_and_examples(t) for k in keys):
                continue   # (`AutodiffModule` in a doc comment's prose is no use of `autodiff`; in its example it is)
            if name in _THROUGH_BURN and not _THROUGH_BURN[name].search(without_comments_and_strings(t)):
                continue  # `mod linalg;`, `crate::linalg::..`: the project's own module
            out.add(name)
            break
    for t in texts:
        if (b"optim" in t or b"Config" in t or b"lr_scheduler" in t or b"grad_clipping" in t) and _OPTIM.search(t):
            out.add("optim")
            break
    gated = b"cfg(test)" in final or b"cfg(feature" in final
    main, regions = _gated_regions(final) if gated else (final, [])
    if b"Device::" in final:
        found = {"ctor:" + m.decode() for m in _CTOR.findall(main)}
        out.update(found)
        # constructors only `#[cfg(test)]` modules call (→ dev-dependencies) or only items under
        # `#[cfg(feature = "x")]` call (→ the project feature `x`): `dev:ctor:..`, `feat:x:ctor:..`
        for label, region in regions:
            out.update(f"{label}:ctor:{m.decode()}" for m in _CTOR.findall(region) if "ctor:" + m.decode() not in found)
    code = None   # the text without comments and strings, gated regions apart (computed once)

    def code_parts():
        nonlocal code
        if code is None:
            blank = without_comments_and_strings(final)
            code = _gated_regions(blank) if gated else (blank, [])
        return code

    # 0.21 backend and device types the migration left in place still need their backend
    # the 0.21 type names the feature table maps to backends (one list, in the data file)
    # (a name the file defines itself, `type Cpu = NdArrayDevice;`, is not burn's type of that name)
    own = set(_DEFINED.findall(final)) if b"type " in final or b"struct " in final or b"enum " in final else set()
    named = [(n, rx) for n, nb, rx in _backend_type_patterns() if nb not in own and (n in idents if idents is not None and final is original
                                                                  else nb in final) and not _graphics_api(final, nb)]
    if named:
        main_code, code_regions = code_parts()
        for n, rx in named:
            # a backend type, not a path segment (`LibTorchDevice::Cuda`), an enum variant or list
            # element of the project's own (`enum DeviceSpec { Cpu, Cuda(usize) }`), nor a word in a
            # comment or a string (`// runs on Cuda`)
            if rx.search(main_code):
                out.add("type:" + n)
                continue
            for label, region in code_regions:
                if rx.search(region):
                    out.add(f"{label}:type:{n}")
    if (b"backend" in final or b"primitive" in final) and extension_use(final):
        # (test-only or feature-gated uses are not the dependency's)
        if extension_use(code_parts()[0]):
            out.add("extension")
    return frozenset(out)


def through_aliases(uses: frozenset[str], aliases: Mapping[str, object]) -> frozenset[str]:
    """`uses` with a backend type the project aliases under a burn backend's name read as the
    backend it names (`use burn::backend::Flex as Cpu;`: `Cpu` needs `flex`, not `cpu`); dropped
    when it names one of several."""
    out = set()
    for u in uses:
        head, sep, name = u.rpartition("type:")
        alias = aliases.get(name) if sep and (not head or head.endswith(":")) else None
        base = getattr(alias, "base", "") if alias is not None else ""
        if alias is None:
            out.add(u)
        elif base and not base.startswith("one of ") and base in backend_types():
            out.add(f"{head}type:{base}")
    return frozenset(out)


def _graphics_api(src: bytes, name: bytes) -> bool:
    """Does the file import `name` as CubeCL's graphics API marker (`use burn::backend::wgpu::
    graphics::Vulkan;`, what `init_setup::<Vulkan>(..)` takes with the Wgpu backend), not as
    burn's backend type? (burn-wgpu 0.21 / 0.22.1 `graphics`: `Vulkan`, `Metal`, `WebGpu`, ..)"""
    return b"graphics" in src and re.search(rb"\bgraphics\s*::\s*(?:\{[^}]*\b" + name + rb"\b|" + name + rb"\b)", src) is not None


@lru_cache(maxsize=1)
def _backend_type_patterns() -> list[tuple[str, bytes, re.Pattern]]:
    # (not a struct variant of the project's enum either, `Cpu { tokenizer }`; `impl X for Cpu {` is the type)
    return [(n, n.encode(), re.compile(rb"(?<!::)(?<![\w])" + n.encode() + rb"(?![\w])(?!\s*[,}({])|(?<=for )"
                                       + n.encode() + rb"(?=\s*\{)"))
            for n in backend_types()]


# (a raw string ends at the quote followed by as many `#` as opened it: `r"a"`, `r#"a "b" c"#`)
_COMMENT_OR_STRING = re.compile(rb'//[^\n]*|/\*.*?\*/|\br(#*)".*?"\1|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])\'', re.S)


_DOC_FENCE = re.compile(rb"^[ \t]*//[/!][ \t]?```")


def _code_and_examples(src: bytes) -> bytes:
    """The code (comments and strings blanked) and the code of doc comments' examples (between
    ``` fences, which doctests compile with the crate's features)."""
    examples, inside = [], False
    for line in src.splitlines() if b"```" in src else ():
        if _DOC_FENCE.match(line):
            inside = not inside
        elif inside:
            examples.append(line)
    return without_comments_and_strings(src) + b"\n".join(examples)


def without_comments_and_strings(src: bytes) -> bytes:
    """The text with comments, doc comments, string and char literals blanked (lengths kept)."""
    return _COMMENT_OR_STRING.sub(lambda m: b" " * len(m.group(0)), src)


_TEST_MOD = re.compile(rb"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{")
# an item, a block, a match arm or a statement with a block under `#[cfg(feature = "x")]`, up to its `{`
# (commas only inside a parenthesis: a fn's parameters over several lines, not the next field of a list)
_FEATURE_ITEM = re.compile(rb'#\[cfg\(feature\s*=\s*"([\w-]+)"\)\]\s*(?:#\[[^\]]*\]\s*)*(?:[^{;,#()]|\([^()]*\))*\{')


_BRACE = re.compile(rb"[{}]")


def _gated_regions(src: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """(the text with gated items blanked, [(label, item text)]): `#[cfg(test)] mod x { .. }`
    bodies are labelled `dev`, items under `#[cfg(feature = "x")]` `feat:x` (braces matched). A
    region nested in another (`#[cfg(feature = "cuda")]` inside a `wgpu` item) counts for its own
    label only: its text is blanked in the outer one."""
    out = bytearray(src)
    spans: list[tuple[int, int, str]] = []
    for rx, label in ((_TEST_MOD, None), (_FEATURE_ITEM, "feat")):
        for m in rx.finditer(src):
            depth, i = 1, len(src)
            for b in _BRACE.finditer(src, m.end()):   # the matching `}` (C-side scan from brace to brace)
                depth += 1 if b.group() == b"{" else -1
                if not depth:
                    i = b.end()
                    break
            spans.append((m.start(), i, "dev" if label is None else f"feat:{m.group(1).decode()}"))
            out[m.start():i] = b" " * (i - m.start())
    regions: list[tuple[str, bytes]] = []
    for start, end, label in spans:
        own = bytearray(src[start:end])
        for s2, e2, _ in spans:
            if start < s2 and e2 <= end and (s2, e2) != (start, end):
                own[s2 - start:e2 - start] = b" " * (e2 - s2)
        regions.append((label, bytes(own)))
    return bytes(out), regions

