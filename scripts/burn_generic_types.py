"""Generate burnmigrate/data/burn-generic-types.txt: burn's own types that lose exactly their
backend argument in 0.22.1. A name is listed when a burn 0.21.0 crate declares a public struct,
enum, trait or type whose first generic parameter is a backend (`B: Backend`, `B: AutodiffBackend`,
or bounded so in the item's `where`), outside test code, and a burn 0.22.1 crate declares the same
name with the remaining parameters, in the same order, and no backend: `AdamWState<B, const D:
usize>` → `AdamWState<const D: usize>`, `Sgd<B>` → `Sgd`. backend-type-argument drops that argument
as it does `Tensor`'s; a name missing here is "not a burn type this tool knows" (review).

    python scripts/burn_generic_types.py           write the table from cargo's registry sources
    python scripts/burn_generic_types.py --check   exit 1 when the committed table differs

The sources are the crates the compile tier fetches ($CARGO_HOME/registry/src/*/).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from burn_gone_names import crate_dirs, write_or_check

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "burnmigrate" / "data" / "burn-generic-types.txt"

_DECL = re.compile(r"^[ \t]*pub\s+(struct|enum|trait|type)\s+([A-Za-z_]\w*)\s*<", re.M)   # (`pub(crate)`: not API)
_COMMENT = re.compile(r"//[^\n]*")
_TEST_MOD = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{")
_BACKEND_BOUND = re.compile(r"\b(?:Backend|AutodiffBackend)\b")


def _close(text: str, i: int, open_: str, close: str) -> int:
    """The index just past the bracket that closes the one opened at `i`."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_:
            depth += 1
        elif text[j] == close and not (close == ">" and text[j - 1] == "-"):   # (`-> T` inside a bound)
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


def _test_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), _close(text, m.end() - 1, "{", "}")) for m in _TEST_MOD.finditer(text)]


def _params(inner: str) -> list[tuple[str, str]]:
    """(name, bound) of each parameter of a generic list's inside, lifetimes left out."""
    out, depth, start = [], 0, 0
    for j, ch in enumerate(inner + ","):
        if ch in "<([":
            depth += 1
        elif ch in ">)]" and not (ch == ">" and j and inner[j - 1] == "-"):
            depth -= 1
        elif ch == "," and depth == 0:
            part = inner[start:j].strip()
            start = j + 1
            if not part or part.startswith("'"):
                continue
            name, _, bound = part.partition(":")
            name = name.split("=")[0].strip()
            out.append(((name if name.startswith("const ") else name.split()[-1]).replace(" ", ""), bound.split("=")[0]))
    return out


def declarations(dirs: list[Path]) -> dict[str, list[list[tuple[str, bool]]]]:
    """name → the parameter lists (name, bounded by a backend) of its public declarations."""
    out: dict[str, list[list[tuple[str, bool]]]] = {}
    for d in dirs:
        for p in sorted((d / "src").rglob("*.rs")):
            if "tests" in p.relative_to(d / "src").parts[:-1] or p.name in ("tests.rs", "test.rs"):
                continue
            text = _COMMENT.sub("", p.read_text("utf-8", errors="replace"))
            spans = _test_spans(text)
            for m in _DECL.finditer(text):
                if any(a <= m.start() < b for a, b in spans):
                    continue
                end = _close(text, m.end() - 1, "<", ">")
                head_end = min((k for k in (text.find(c, end) for c in "{;=") if k >= 0), default=len(text))
                where = text[end:head_end]
                params = []
                for name, bound in _params(text[m.end():end - 1]):
                    in_where = re.search(rf"\b{re.escape(name)}\s*:\s*([^,{{]*)", where) if "where" in where else None
                    params.append((name, bool(_BACKEND_BOUND.search(bound) or (in_where and _BACKEND_BOUND.search(in_where.group(1))))))
                out.setdefault(m.group(2), []).append(params)
    return out


def table() -> list[str]:
    old, new = crate_dirs("burn*-0.21.0"), crate_dirs("burn*-0.22.1")
    if not any(d.name == "burn-core-0.21.0" for d in old) or not any(d.name == "burn-core-0.22.1" for d in new):
        raise SystemExit("burn 0.21.0 and 0.22.1 are not in cargo's registry sources: run the compile tier (or `cargo fetch`) first")
    before, after = declarations(old), declarations(new)
    names = set()
    for name, decls in before.items():
        for params in decls:
            if not params or not params[0][1]:
                continue   # the first parameter is not a backend
            rest = [n for n, _ in params[1:]]
            if any([n for n, _ in p] == rest and not any(b for _, b in p) for p in after.get(name, [])) \
                    or (not rest and name in after and any(not p for p in after[name])):
                names.add(name)
    # a name 0.22.1 declares with no generic list at all (`pub struct Sgd {`) is found by a second scan
    bare = set()
    for d in new:
        for p in (d / "src").rglob("*.rs"):
            bare |= set(re.findall(r"^[ \t]*pub\s+(?:struct|enum|trait|type)\s+([A-Za-z_]\w*)\s*[{;(=:]",
                                   _COMMENT.sub("", p.read_text("utf-8", errors="replace")), re.M))
    for name, decls in before.items():
        if name in bare and any(len(p) == 1 and p[0][1] for p in decls):
            names.add(name)
    return sorted(names)


def render(names: list[str]) -> str:
    head = ["# GENERATED by scripts/burn_generic_types.py from the burn 0.21.0 / 0.22.1 crates: do not edit.",
            "# burn's types whose first generic parameter was the backend in 0.21.0 and that 0.22.1 declares",
            "# with the other parameters only: backend-type-argument drops that argument (`Sgd<B>` → `Sgd`)."]
    return "\n".join(head + names) + "\n"


def main() -> int:
    return write_or_check(__doc__, OUT, render(table()))

if __name__ == "__main__":
    sys.exit(main())
