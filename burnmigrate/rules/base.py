"""The rule contract, one shape per kind of input on one shared metadata base:

- `SourceRule`: sees one parsed Rust file (FileContext: the tree, the project index) and returns
  Changes; `FindingRule` is a source rule that only reports (it declares that it never fixes,
  and has no safety to claim).
- `ManifestRule`: sees one Cargo.toml document (tomlkit) and mutates it; the engine computes the
  edits from the text before and after.
- `DataFileRule`: reads the project's other files by name pattern (JSON configs, toolchain
  files, CI scripts) and returns their patched text and records.

A rule may take more than one shape (a source rule that also reads data files). Rules never
touch files, the terminal, or other rules' state: the engine owns parsing, the order of rules,
validation and output.
"""
from __future__ import annotations

import inspect
import sys
from typing import TYPE_CHECKING, Any, ClassVar

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, RuleInfo, RuleKind, Safety
from burnmigrate.rust.context import FileContext

if TYPE_CHECKING:
    from burnmigrate.manifest.context import ManifestContext


class RuleMeta:
    """What every rule declares, whatever it reads. The docstring of a rule has five sections,
    in this order: What it does, Why, Example, Fix safety, Reproduction check (`burnmigrate
    explain ID` prints it). `safety` is the applicability of the rule's fixes; a rule that never
    fixes (`kind = RuleKind.FINDING`) has none (`None`)."""
    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    pitfalls: ClassVar[tuple[int, ...]] = (1,)
    guide: ClassVar[str] = ""
    safety: ClassVar[Safety | None] = Safety.SAFE
    kind: ClassVar[RuleKind] = RuleKind.FIX     # FINDING: the rule only reports findings
    check: ClassVar[Check | None] = None

    @classmethod
    def fixes(cls) -> bool:
        return cls.kind is RuleKind.FIX

    @classmethod
    def project_notes(cls, changes: list[Change]) -> list[str]:
        """Notes for the whole run about the changes the rule made (its own, in every file)."""
        return []

    # -- helpers for subclasses -------------------------------------------------------------
    def change(self, node: Node | tuple[int, int], message: str, edits: list[Edit], *,
               safety: Safety | None = None, reason: str = "", pitfalls: tuple[int, ...] | None = None,
               check: Check | None = None) -> Change:
        start, end = (node.start_byte, node.end_byte) if isinstance(node, Node) else node
        claimed = safety or self.safety
        assert claimed is not None, f"{self.id} never fixes: it reports findings only"
        return Change(rule=self.id, message=message, safety=claimed,
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


class SourceRule(RuleMeta):
    """A rule over one parsed Rust file. Subclasses set the class attributes and implement `run`."""
    reads_others: ClassVar[bool] = False    # its result depends on what other rules leave (imports, aliases)
    triggers: ClassVar[tuple[bytes, ...]] = ()  # the rule runs only on files holding one of these

    def applies(self, ctx: FileContext) -> bool:
        src = ctx.src
        for t in self.triggers:   # (a loop, not any(..): this runs ~100,000 times on a large tree)
            if t in src:
                return True
        return not self.triggers

    def run(self, ctx: FileContext) -> list[Change]:  # pragma: no cover - abstract
        raise NotImplementedError


class FindingRule(SourceRule):
    """A source rule that only reports: it never fixes, so it claims no safety."""
    kind: ClassVar[RuleKind] = RuleKind.FINDING
    safety: ClassVar[Safety | None] = None


class DataFileRule(RuleMeta):
    """A rule over the project's data files whose names match `data_files` (the engine's data
    pass): `run_data` returns the file's (patched) text and the records."""
    data_files: ClassVar[tuple[str, ...]] = ()

    @staticmethod
    def reads_data(index: Any) -> bool:
        """Whether the project has anything for this rule to read (asked once per run)."""
        return True

    def run_data(self, rel: str, src: str, index: Any, opts: Any) -> tuple[str, list[Change]]:  # pragma: no cover
        raise NotImplementedError


class ManifestRule(RuleMeta):
    """A rule over one Cargo.toml (tomlkit). `run` mutates `mctx.doc` and returns the change
    records (`self.changed(..)` for what it changed, `self.finding(..)` for what it reports);
    the engine computes the edits from the document's text before and after the rule."""
    late: ClassVar[bool] = False  # runs after the other rules have gone over every manifest

    def changed(self, span: tuple[int, int], message: str, *, safety: Safety | None = None, reason: str = "",
                pitfalls: tuple[int, ...] | None = None) -> Change:
        c = self.change(span, message, [], safety=safety, reason=reason, pitfalls=pitfalls)
        c.edits_from_text = True
        return c

    def applies(self, mctx: ManifestContext) -> bool:
        return True

    def run(self, mctx: ManifestContext) -> list[Change]:  # pragma: no cover - abstract
        raise NotImplementedError


Rule = RuleMeta   # any rule, whatever it reads (the registry's and the catalog's view)
