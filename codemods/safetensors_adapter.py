"""safetensors-adapter — a SafeTensors load without the PyTorch adapter (pitfall 19).

What it does:
    Reports a `SafetensorsStore::from_file(..)` / `from_bytes(Some(..))` store that a module
    loads from (`module.load_from(&mut store)` / `apply_from`) in the same fn, when its chain
    sets no `with_from_adapter(..)` and the fn does not also save into a SafeTensors store (a
    round trip of burn's own file needs no adapter). When the file builds a square `Linear`
    (`LinearConfig::new(n, n)`, both arguments written alike) the finding names it: that one
    loads transposed with no error at all.

Why:
    `SafetensorsStore` applies no adapter unless told (`IdentityAdapter` by default, in 0.21.0
    and 0.22.1 alike). A file exported from PyTorch stores `Linear` weights as `[out, in]`:
    without `.with_from_adapter(PyTorchToBurnAdapter)` non-square weights fail with
    `ShapeMismatch expected [4, 3] found [3, 4]`, and square ones load silently transposed —
    pitfall 19. (`PytorchStore` applies the adapter itself.)

Example:
    let mut store = SafetensorsStore::from_file("model.safetensors");
    model.load_from(&mut store)?;
    → finding: "if this file was exported from PyTorch, add `.with_from_adapter(PyTorchToBurnAdapter)`".

Fix safety:
    finding only: whether the file came from PyTorch is the project's knowledge.

Reproduction check:
    loading a PyTorch-exported `nn.Linear(3, 4)` without the adapter: `ShapeMismatch` (a
    `Linear` with 4 in and 4 out loads transposed, no error).
"""
from __future__ import annotations

import re

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import enclosing, text

_SQUARE = re.compile(rb"LinearConfig\s*::\s*new\s*\(\s*([\w.]+)\s*,\s*\1\s*\)")
_LOAD = re.compile(r"\.(?:load_from|apply_from)\s*\(\s*&\s*mut\s+(\w+)\s*\)")


class SafetensorsAdapter(FindingRule):
    id = "safetensors-adapter"
    name = "SafeTensors loads without the PyTorch adapter"
    pitfalls = (19,)
    guide = "R22"
    triggers = (b"SafetensorsStore",)
    check = Check("a PyTorch-exported `nn.Linear(3, 4)` loaded without the adapter: ShapeMismatch [4, 3] vs [3, 4]",
                  "cargo test (load a PyTorch-exported file)", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "scoped_identifier" or text(fn.child_by_field_name("path")).rsplit("::", 1)[-1] != "SafetensorsStore":
                continue
            ctor = text(fn.child_by_field_name("name"))
            args = text(call.child_by_field_name("arguments"))
            if ctor not in ("from_file", "from_bytes") or (ctor == "from_bytes" and "None" in args):
                continue
            let = enclosing(call, ("let_declaration",))
            body = enclosing(call)
            if let is None or body is None:
                continue
            pat = let.child_by_field_name("pattern")
            name = text(pat.named_children[-1] if pat is not None and pat.type == "mut_pattern" else pat)
            body_src = text(body)
            if "with_from_adapter" in text(let) or name not in {m.group(1) for m in _LOAD.finditer(body_src)}:
                continue
            if re.search(r"\.(?:save_into|collect_from)\s*\(|SafetensorsStore::from_bytes\s*\(\s*None", body_src):
                continue   # burn's own file, saved in the same fn: a round trip
            square = _SQUARE.search(ctx.src)
            where = ""
            if square:
                line = ctx.src.count(b"\n", 0, square.start()) + 1
                where = (f"; `{square.group(0).decode()}` (line {line}) is square: its weight would load transposed with no "
                         "error at all")
            out.append(self.finding(call, "a SafeTensors load with no adapter: if the file was exported from PyTorch, "
                                          "add `.with_from_adapter(PyTorchToBurnAdapter)`" + where,
                                    "`SafetensorsStore` applies no adapter by default (0.21.0 and 0.22.1 alike); a "
                                    "PyTorch export stores `Linear` weights as [out, in], so non-square ones fail with "
                                    "`ShapeMismatch expected [4, 3] found [3, 4]` and square ones load silently "
                                    "transposed (pitfall 19). `PytorchStore` applies the adapter itself."))
        return out
