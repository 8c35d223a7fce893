"""Code a crate generates: `quote!` bodies that write burn 0.21 code.

A proc-macro (or a build script's code generator) that writes `fn f<B: burn::tensor::backend::
AutodiffBackend>(..)` into the crates that expand it is not migrated by migrating those crates:
the tokens live in the macro crate, inside `quote!` token trees, which no rule rewrites (a token
tree is not a type). After the upgrade every expansion stops compiling (E0433 for
`burn::tensor::backend`, E0405 for `burn::prelude::Backend`, E0107 for `Tensor<B, D>`) at the
attribute that invoked the macro, far from the cause. The pipeline reads those bodies and a note
names the file and lines (reading 52: tracel-ai/tracel's `#[register]` wrote
`<B: burn::tensor::backend::AutodiffBackend>`, with no record).

Only crates that can run `quote!` are read (a `proc-macro = true` library, or a manifest naming
`quote`), each file once, skipping `target/`, `.git/` and nested crates.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from burnmigrate.project.discover import version_family
from burnmigrate.rust.syntax import capture, parse

QUOTE_MACROS = frozenset({"quote", "quote_spanned", "parse_quote", "parse_quote_spanned"})
_SHOWN = 4
# a generic parameter in generated code: a name, or a `#name` interpolation
_PARAM = r"(?:#\s*\w+|\b[A-Z]\w*)"
# 0.21 idioms that burn 0.22.1 has no counterpart for, as they appear in a token tree
IDIOMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # (burn 0.22.1 re-exports burn-tensor at its root, and burn-tensor 0.22.1 has no `backend` module)
    ("`burn::tensor::backend`", re.compile(r"\bburn\s*::\s*tensor\s*::\s*backend\b")),
    # (burn-core 0.22.1's prelude: Config, Module, Device, Tensor, .. and no `Backend`)
    ("`burn::prelude::Backend`", re.compile(r"\bburn\s*::\s*prelude\s*::\s*(?:Autodiff)?Backend\b")),
    ("a `B: Backend` bound", re.compile(_PARAM + r"\s*:\s*(?:(?:burn|prelude|tensor|backend)\s*::\s*)*(?:Autodiff)?Backend\b")),
    # `Tensor<B, 2>` / `Tensor<B, 2, Int>` (0.22.1's `Tensor<2>`, `Tensor<D, Int>` do not match)
    ("`Tensor<B, D>`", re.compile(r"\bTensor\s*(?:::\s*)?<\s*" + _PARAM + r"\s*,\s*(?!(?:Int|Float|Bool)\s*>)[\w#]")),
    ("`B::Device`", re.compile(_PARAM + r"\s*::\s*Device\b")),
)


def _may_quote(manifest: Path) -> bool:
    try:
        text = manifest.read_bytes()
    except OSError:
        return False
    return re.search(rb"proc-macro\s*=\s*true|\bquote\b", text) is not None


def _own_files(cdir: Path, crate_dirs: set[Path]) -> Iterable[Path]:
    for here, dirs, files in os.walk(cdir):
        at = Path(here)
        dirs[:] = sorted(d for d in dirs if d not in ("target", ".git") and (at / d) not in crate_dirs)
        yield from (at / f for f in sorted(files) if f.endswith(".rs"))


def quoted_idioms(src: bytes) -> list[tuple[int, str]]:
    """(1-based line, idiom) of each 0.21 idiom inside a `quote!`-family macro's token tree."""
    if b"quote" not in src:
        return []
    out: list[tuple[int, str]] = []
    for inv in capture("(macro_invocation) @m", parse(src).root_node, "m"):
        name = inv.child_by_field_name("macro")
        tt = inv.named_children[-1] if inv.named_children else None
        if name is None or tt is None or tt.type != "token_tree" or name.text is None \
                or name.text.decode(errors="replace").rsplit("::", 1)[-1] not in QUOTE_MACROS:
            continue
        body = (tt.text or b"").decode(errors="replace")
        for label, rx in IDIOMS:
            for m in rx.finditer(body):
                out.append((tt.start_point[0] + 1 + body.count("\n", 0, m.start()), label))
    return sorted(set(out))


def generated_code_notes(crates: Iterable, root: Path) -> list[str]:
    """One note per file of a crate that can run `quote!` whose `quote!` bodies write 0.21 idioms,
    when the workspace has 0.21 (or 0.20) code to migrate: 0.22.1's own backend-extension macros
    write `B: Backend` code that is right there."""
    crates = list(crates)
    if not any(c.uses_burn and version_family(c.burn_version()) in ("0.20", "0.21", "") for c in crates):
        return []
    dirs = {c.dir for c in crates}
    notes = []
    for c in crates:
        if not _may_quote(c.manifest):
            continue
        for f in _own_files(c.dir, dirs - {c.dir}):
            try:
                found = quoted_idioms(f.read_bytes())
            except OSError:
                continue
            if not found:
                continue
            lines = sorted({line for line, _ in found})
            shown = ("line " if len(lines) == 1 else "lines ") + ", ".join(str(n) for n in lines[:_SHOWN]) \
                + (f" and {len(lines) - _SHOWN} more" if len(lines) > _SHOWN else "")
            idioms = ", ".join(dict.fromkeys(label for _, label in found))
            notes.append(f"{f.relative_to(root).as_posix()}: {shown}: `quote!` writes burn 0.21 code ({idioms}) into "
                         "the crates that expand it; no rule rewrites a token tree, so each expansion stops compiling on "
                         "0.22.1 (E0433 / E0405 / E0107 at the macro's call): rewrite these tokens by hand (0.22.1 has no "
                         "backend type parameter: a `Device` value carries the backend)")
    return notes
