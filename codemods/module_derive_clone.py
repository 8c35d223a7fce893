"""module-derive-clone — `derive(Module)` brings `Clone` (R17, pitfall 14).

What it does:
    Removes `Clone` from a `#[derive(..)]` list that also derives `Module`.

Why:
    In 0.22 `#[derive(Module)]` generates the `Clone` impl itself; deriving both gives E0119
    ("conflicting implementations of trait `Clone`") — pitfall 14.

Example:
    before: #[derive(Module, Clone, Debug)]
    after:  #[derive(Module, Debug)]

Fix safety:
    safe: the generated `Clone` clones every field, as the derived one did.

Reproduction check:
    E0119 (conflicting implementations of trait `Clone`) at the derive under burn 0.22.1; none
    after.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check, Edit, ErrorMatch
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text


class ModuleDeriveClone(SourceRule):
    id = "module-derive-clone"
    name = "derive(Module) brings Clone"
    pitfalls = (14,)
    guide = "R17"
    triggers = (b"Module",)
    check = Check("E0119 (conflicting implementations of trait `Clone`) at the derive under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -c E0119", ("E0119",),
                  matches=(ErrorMatch('E0119', 'Clone'),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for attr in ctx.nodes("attribute"):
            name = attr.named_children[0] if attr.named_children else None
            if name is None or text(name) != "derive":
                continue
            tt = attr.child_by_field_name("arguments")
            if tt is None:
                continue
            toks = [c for c in tt.children if c.type not in ("(", ")")]
            idents = [text(c) for c in toks if c.type in ("identifier", "scoped_identifier")]
            if "Module" not in idents and not any(i.endswith("::Module") for i in idents):
                continue
            for i, tok in enumerate(toks):
                if tok.type == "identifier" and text(tok) == "Clone":
                    if i + 1 < len(toks) and toks[i + 1].type == ",":
                        end = toks[i + 2].start_byte if i + 2 < len(toks) else toks[i + 1].end_byte
                        edit = Edit(tok.start_byte, end, "")
                    elif i > 0 and toks[i - 1].type == ",":
                        edit = Edit(toks[i - 2].end_byte if i >= 2 else toks[i - 1].start_byte, tok.end_byte, "")
                    else:
                        edit = Edit(tok.start_byte, tok.end_byte, "")
                    out.append(self.change(attr, "`derive(Module)` generates `Clone`: drop the derive", [edit]))
        return out
