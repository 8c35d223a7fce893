"""The rule contract: a source rule sees one parsed file and the project index and returns
Changes; a manifest rule sees one Cargo.toml document. Rules never touch files, the terminal,
or other rules' state: the engine owns parsing, the order of rules, validation and output.
"""
from __future__ import annotations

import inspect
import sys
from typing import ClassVar

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, RuleInfo, RuleKind, Safety
from burnmigrate.rust.context import FileContext


class Rule:
    """Base class. Subclasses set the class attributes and implement `run`.

    The docstring of a rule has five sections, in this order: What it does, Why, Example,
    Fix safety, Reproduction check. `burnmigrate explain ID` prints it.
    """
    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    pitfalls: ClassVar[tuple[int, ...]] = (1,)
    guide: ClassVar[str] = ""
    safety: ClassVar[Safety] = Safety.SAFE
    kind: ClassVar[RuleKind] = RuleKind.FIX     # FINDING: the rule only reports findings
    reads_others: ClassVar[bool] = False    # its result depends on what other rules leave (imports, aliases)
    triggers: ClassVar[tuple[bytes, ...]] = ()  # the rule runs only on files holding one of these
    check: ClassVar[Check | None] = None

    def applies(self, ctx: FileContext) -> bool:
        src = ctx.src
        for t in self.triggers:   # (a loop, not any(..): this runs ~100,000 times on a large tree)
            if t in src:
                return True
        return not self.triggers

    def run(self, ctx: FileContext) -> list[Change]:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- helpers for subclasses -------------------------------------------------------------
    def change(self, node: Node | tuple[int, int], message: str, edits: list[Edit], *,
               safety: Safety | None = None, reason: str = "", pitfalls: tuple[int, ...] | None = None,
               check: Check | None = None) -> Change:
        start, end = (node.start_byte, node.end_byte) if isinstance(node, Node) else node
        return Change(rule=self.id, message=message, safety=safety or self.safety,
                      pitfalls=pitfalls or self.pitfalls, guide=self.guide, edits=list(edits),
                      check=check or self.check, reason=reason, span=(start, end))

    def finding(self, node: Node | tuple[int, int], message: str, reason: str = "", *,
                pitfalls: tuple[int, ...] | None = None, check: Check | None = None) -> Change:
        start, end = (node.start_byte, node.end_byte) if isinstance(node, Node) else node
        return Change(rule=self.id, message=message, safety=Safety.REVIEW, pitfalls=pitfalls or self.pitfalls,
                      guide=self.guide, edits=[], check=check or self.check, reason=reason,
                      span=(start, end))

    @classmethod
    def doc(cls) -> str:
        """The rule's documentation: the class docstring, else its module's (one rule, one
        module), without the module's title line."""
        own = cls.__dict__.get("__doc__")
        if own:
            return inspect.cleandoc(own)
        mod = sys.modules.get(cls.__module__)
        text = inspect.cleandoc((mod.__doc__ if mod else "") or "")
        first, _, rest = text.partition("\n")
        return rest.strip() if first.startswith(cls.id) else text

    @classmethod
    def info(cls) -> RuleInfo:
        return RuleInfo(id=cls.id, name=cls.name, pitfalls=tuple(cls.pitfalls), guide=cls.guide,
                        safety=cls.safety, kind=cls.kind, check=cls.check, doc=cls.doc())


class ManifestRule(Rule):
    """A rule over one Cargo.toml (tomlkit). `run` mutates `mctx.doc` and returns the change
    records (`self.changed(..)` for what it changed, `self.finding(..)` for what it reports);
    the engine computes the edits from the document's text before and after the rule."""
    late: ClassVar[bool] = False  # runs after the other rules have gone over every manifest

    def changed(self, span: tuple[int, int], message: str, *, safety: Safety | None = None, reason: str = "",
                pitfalls: tuple[int, ...] | None = None) -> Change:
        c = self.change(span, message, [], safety=safety, reason=reason, pitfalls=pitfalls)
        c.edits_from_text = True
        return c

    def applies(self, mctx) -> bool:  # type: ignore[override]
        return True

    def run(self, mctx) -> list[Change]:  # type: ignore[override]
        raise NotImplementedError
