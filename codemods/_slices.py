"""What the two slice rules share: which `slice` calls take computed bounds, and the `narrow`
chain each one is (tree-sitter side; the rules decide what to do with it)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from burnmigrate.rust.context import FileContext
from burnmigrate.rust.scans import split_top_level
from burnmigrate.rust.syntax import enclosing, text

_INT = re.compile(r"^\d+(?:usize|u32|u64|i32|i64)?$")
_ATOM = re.compile(r"^[\w.]+(?:\(\))?$")


@dataclass
class SliceCall:
    call: Node
    field: Node           # the `slice` name (the rewrite starts here)
    narrows: list[tuple[int, str, str]]   # (axis, start, length) when the rewrite reads well
    why_not: str          # why it is not rewritten ('' when `narrows` is the rewrite)


def _unwrap(x: str) -> str:
    """`(e)` → `e` when the outer parentheses are one pair; anything else as it is."""
    x = x.strip()
    if not (x.startswith("(") and x.endswith(")")):
        return x
    depth = 0
    for i, ch in enumerate(x):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and i < len(x) - 1:
            return x   # `(a) + (b)`: the first pair closes early
    return x[1:-1].strip()


def _length(a: str, b: str) -> str:
    if a in ("", "0"):
        return b
    if _INT.match(a) and _INT.match(b):
        da, db = re.match(r"\d+", a), re.match(r"\d+", b)
        assert da is not None and db is not None   # (both matched _INT: they start with digits)
        return str(int(db.group()) - int(da.group()))
    m = re.fullmatch(re.escape(b) + r"\s*-\s*(\d+)", a)
    if m:   # `(i - 1)..i` → 1
        return m.group(1)
    if b.startswith((a + " + ", a + "+")):   # `start..start + len` → `len`
        return b[len(a):].lstrip(" +")
    def wrap(e: str) -> str:
        return e if _ATOM.match(e) else f"({e})"
    return f"{wrap(b)} - {wrap(a)}"


_IDENT = re.compile(r"\b[a-z_]\w*\b")
_DIMS_LET = re.compile(r"let\s+\[([^\]]*)\]\s*=\s*[^;]*\.dims\(\)\s*;")
_DIM_LET = re.compile(r"let\s+(?:mut\s+)?(\w+)\s*(?::\s*usize\s*)?=\s*[^;]*\.dims\(\)\s*\[\s*\d+\s*\]\s*;")
_FOR = re.compile(r"for\s+(\w+)\s+in\s+0\s*\.\.\s*(\w+)\s*\{")


def _shape_names(body: str) -> set[str]:
    """Names that hold a dimension of a tensor in this fn (`let [b, s] = x.dims();`,
    `let n = x.dims()[0];`) and loop indices that run below one (`for t in 0..s`)."""
    names = {n.strip() for m in _DIMS_LET.finditer(body) for n in m.group(1).split(",") if n.strip() not in ("", "_", "..")}
    names |= {m.group(1) for m in _DIM_LET.finditer(body)}
    for _ in range(3):
        names |= {m.group(1) for m in _FOR.finditer(body) if m.group(2) in names}
    return names


def _from_shape(window: str, names: set[str]) -> bool:
    """Is every name in the window a dimension (or an index below one)? Then it is in
    bounds by construction: `0..batch_size`, `t..t + 1` for `t in 0..seq_length`."""
    used = set(_IDENT.findall(window)) - {"as", "usize"}
    return bool(used) and used <= names and "+" not in window.replace("+ 1", "")


def slice_calls(ctx: FileContext) -> list[SliceCall]:
    """Every tensor-style `x.slice(..)` whose window has a computed bound (a literal window
    is taken as meant), with its `narrow` chain or the reason there is none."""
    src = ctx.src
    if b"slice" not in src or b"ndarray::" in src:   # ndarray's `slice(s![..])` is not burn's
        return []
    out = []
    for call, field, args in ctx.method_calls("slice", 1):
        arg = text(args[0]).strip()
        if arg.startswith("s![") and arg.endswith("]"):
            elems = split_top_level(arg[3:-1])
        elif arg.startswith("[") and arg.endswith("]"):
            elems = split_top_level(arg[1:-1])
        elif ".." in arg:
            elems = [arg]
        else:
            continue   # a variable holding the ranges: nothing to read
        narrows: list[tuple[int, str, str]] = []
        why = ""
        computed = False
        if len(elems) == 1 and elems[0].startswith("s![") and elems[0].endswith("]"):
            elems = split_top_level(elems[0][3:-1])   # `[s![0..3;2]]`
        for k, e in enumerate(elems):
            if e == "..":
                continue
            e = _unwrap(e)
            if ";" in e:   # a step: never rewritten; computed only when a bound is
                rng = e.split(";", 1)[0]
                computed = computed or not all(_INT.match(x.strip().lstrip("-") or "0") for x in rng.split("..", 1))
                why = why or f"`{e}` has a step"
                continue
            m = re.fullmatch(r"(.*?)\.\.(.*)", e, re.S)
            if m is None or ";" in e or m.group(2).startswith("=") or ".." in m.group(2):
                why = why or f"`{e}` is not a plain `start..end` range (an index, `..=` or a step)"
                computed = computed or not _INT.match(e)
                continue
            a, b = _unwrap(m.group(1)), _unwrap(m.group(2))
            if a.startswith("-") or b.startswith("-"):
                why = why or f"`{e}` counts from the end"
                computed = computed or not (_INT.match(a.lstrip("-") or "0") and _INT.match(b.lstrip("-") or "0"))
                continue
            if not (_INT.match(a or "0") and _INT.match(b or "0")):
                computed = True
            if not b:
                why = why or f"`{e}` has no end (the length needs the dimension's size)"
                continue
            narrows.append((k, a or "0", _length(a, b)))
        if not computed:
            continue   # a literal window: taken as meant
        fn = enclosing(call)
        body = text(fn) if fn is not None else ""
        if body and _from_shape(arg[2:] if arg.startswith("s!") else arg, _shape_names(body)):
            continue   # bounds read from the tensor's own shape: in bounds by construction
        out.append(SliceCall(call, field, narrows if not why else [], why))
    return out
