"""The source pass over one file: the rules in rounds until nothing changes, every round
validated by re-parsing, then the finding-only rules on the final text.

Each round runs every fix rule on the same tree (they all see the same backend parameters),
applies the union of their edits (an edit nested in another one's span waits for the next
round) and re-parses once. When the union would parse worse, the round is redone rule by rule
and only the guilty rule's edits are dropped (`fallback`). After the first round only the rules
that can have more to do run again: those that read what other rules leave behind
(`Rule.reads_others`) and those with an edit that waited because another edit covered it. (The
corpus and property tests check the fixpoint.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from burnmigrate.model import Change, CrateFacts, FileResult, RuleKind, Safety
from burnmigrate.model import edits as E
from burnmigrate.model.results import decode, encode, locate
from burnmigrate.output.diff import labelled_diff
from burnmigrate.rules.base import Rule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.index import ProjectIndex
from burnmigrate.rust.syntax import error_count, error_regions, parse, reparse
from burnmigrate.rust.uses import code_uses

MAX_ROUNDS = 8


@dataclass
class Parsed:
    """What pass 1 computed for a file, kept in the worker for pass 2: each file is parsed and
    traversed once per run, not once per pass."""
    text: bytes
    tree: object | None
    nodes: dict | None
    idents: frozenset[str]
    index_error: str = ""   # pass 1 failed on this file (its cross-file facts are missing)


def run_rule(rule: Rule, ctx: FileContext) -> list[Change]:
    try:
        return rule.run(ctx)
    except Exception as exc:  # a rule bug must not lose the file nor the run
        return [Change.failure(rule.id, f"internal error in rule: {type(exc).__name__}: {exc}",
                               "please report this; the file was left as the other rules made it", span=(0, 0))]


class SourceRewrite:
    """One file's rewrite state: its current text and tree, the edit history (one list of edits
    per applied step, for mapping positions back), the changes kept, each rule's last findings."""

    def __init__(self, path: str, text: bytes, index: ProjectIndex, crate: CrateFacts,
                 fixers: list[Rule], parsed: Parsed | None, probe: FileContext, first_active: list[Rule]):
        self.path, self.index, self.crate = path, index, crate
        self.fixers, self.parsed, self.probe, self.first_active = fixers, parsed, probe, first_active
        self.original = self.text = text
        self.tree = parsed.tree if parsed is not None else parse(text)
        self.errors = error_count(self.tree)
        self.history: list[list[E.Edit]] = []
        self.collected: list[Change] = []
        self.latest: dict[str, list[Change]] = {}   # each rule's findings from its last run
        self.ctx: FileContext | None = None

    def context(self) -> tuple[FileContext, list[Rule]]:
        """A context on the current text, and the fix rules that apply to it (the first round
        reuses what pass 1 and the probe computed)."""
        text, parsed = self.text, self.parsed
        if text is self.original and parsed is not None:
            c = FileContext.prepared(self.path, text, self.tree, self.index, self.crate, parsed.nodes, parsed.idents)
        else:
            c = FileContext(self.path, text, self.tree, self.index, self.crate)
        if text is self.original:
            c._idents = self.probe._idents
            return c, list(self.first_active)
        return c, [r for r in self.fixers if r.applies(c)]

    def step(self, edits: list[E.Edit]):
        """Apply edits (in the current text's coordinates) → ((text, tree, errors) | None when
        nothing changes | False when the result parses worse, the tidied edits)."""
        edits = E.tidy_line_deletions(self.text, E.normalise(edits))
        new = E.apply(self.text, edits)
        if new == self.text:
            return None, edits
        new_tree = reparse(self.tree.copy(), self.text, new, edits)
        new_errors = error_count(new_tree)
        return ((new, new_tree, new_errors) if new_errors <= self.errors else False), edits

    def accept(self, outcome, applied: list[E.Edit], changes: list[Change]) -> set[E.Edit]:
        """Keep a step: the changes with an edit that survived normalising, the history entry,
        the new text. Returns the surviving edits."""
        survivors = set(E.normalise([e for c in changes for e in c.edits]))
        self.collected.extend(c for c in changes if any(e in survivors for e in c.edits))
        self.history.append(applied)
        self.text, self.tree, self.errors = outcome
        return survivors

    def unreadable(self) -> list[Change]:
        """A finding per region of the original file that does not parse: the rules make no
        change inside it (a rewrite there would be a guess about code nobody can read)."""
        out = []
        for s, e in error_regions(self.tree):
            line = self.original.count(b"\n", 0, s) + 1
            out.append(Change(rule="engine", message=f"this region does not parse (line {line}): left as it is, no rule changed it",
                              safety=Safety.REVIEW, span=(s, max(e, s + 1)), reason="fix the syntax error and run burnmigrate "
                              "again; the rest of the file was migrated.", failed=True))
        return out

    def rounds(self) -> None:
        again: set[str] | None = None
        for _ in range(MAX_ROUNDS):
            self.ctx, active = self.context()
            if again is not None:
                active = [r for r in active if r.id in again or r.reads_others]
            at = len(self.history)
            bad = error_regions(self.tree)
            proposals: list[tuple[Rule, list[Change]]] = []
            for rule in active:
                found = run_rule(rule, self.ctx)
                for c in found:
                    c.step = at
                if bad:  # no edit inside (or touching) a region that does not parse
                    found = [c for c in found if not any(es <= e and ee >= s for x in c.edits
                                                         for es, ee in [(x.start, x.end)] for s, e in bad)]
                self.latest[rule.id] = [c for c in found if not c.edits]
                if any(c.edits for c in found):
                    proposals.append((rule, [c for c in found if c.edits]))
            if not proposals:
                break
            outcome, applied = self.step([e for _, cs in proposals for c in cs for e in c.edits])
            if outcome is None:
                break
            if outcome is not False:
                survivors = self.accept(outcome, applied, [c for _, cs in proposals for c in cs])
                again = {r.id for r, cs in proposals if any(e not in survivors for c in cs for e in c.edits)}
                continue
            again = None  # after a fallback every rule runs again
            if not self.fallback(proposals, at):
                break

    def fallback(self, proposals: list[tuple[Rule, list[Change]]], at: int) -> bool:
        """The round rule by rule: a rule whose edits make the file parse worse is dropped (with
        a failure record). True when some rule's edits were kept."""
        changed = False
        for rule, cs in proposals:
            if changed:  # positions of later rules' edits refer to the round's start text
                at = len(self.history)
                ctx = FileContext(self.path, self.text, self.tree, self.index, self.crate)
                cs = [c for c in run_rule(rule, ctx) if c.edits]
                for c in cs:
                    c.step = at
            if not cs:
                continue
            outcome, applied = self.step([e for c in cs for e in c.edits])
            if outcome is False:
                self.latest.setdefault("engine", []).append(Change.failure(
                    rule.id, f"rule {rule.id} produced code that does not parse; its changes were dropped",
                    "the file is left as the other rules made it; migrate this part by hand and please "
                    "report the case", step=at, span=(0, 0), pitfalls=rule.pitfalls))
                continue
            if outcome is None:
                continue
            self.accept(outcome, applied, cs)
            changed = True
        return changed

    def findings(self, finders: list[Rule]) -> list[Change]:
        """The fix rules' last findings, then the finding-only rules on the final text."""
        out = [c for cs in self.latest.values() for c in cs]
        if self.ctx is None or self.ctx.src is not self.text:
            self.ctx, _ = self.context()
        for rule in finders:
            if rule.applies(self.ctx):
                for c in run_rule(rule, self.ctx):
                    c.step = len(self.history)
                    out.append(c)
        return out


def rewrite_source(path: str, raw: bytes, index: ProjectIndex, crate: CrateFacts,
                   rules: Sequence[type[Rule]], parsed: Parsed | None = None) -> FileResult:
    """Run the rules over one file until nothing changes; validate every step by re-parsing.
    `parsed` is what pass 1 computed for the same text (tree, node index, identifiers)."""
    result = FileResult(path=path, original=raw)
    try:
        text, bom, crlf = decode(raw)
    except UnicodeDecodeError as e:
        result.error = f"not UTF-8 (byte {e.start}): left untouched"
        result.changes.append(Change.failure(
            "engine", result.error, "burnmigrate only rewrites UTF-8 source; convert the file and run again, "
            "or migrate it by hand.", path=path, start_line=1, start_col=1, end_line=1, end_col=1))
        return result
    fixers = [r() for r in rules if r.kind is RuleKind.FIX]
    finders = [r() for r in rules if r.kind is not RuleKind.FIX]
    if parsed is not None and parsed.text != text:
        parsed = None
    result.uses = code_uses(text, text, parsed.idents if parsed is not None else None)
    probe = FileContext.prepared(path, text, None, index, crate, None, parsed.idents if parsed else None)
    first_active = [r for r in fixers if r.applies(probe)]  # the first round's text is this text
    if not first_active and not any(r.applies(probe) for r in finders):
        result.original = b""  # nothing to report: no need to ship the bytes back
        return result
    if parsed is not None and parsed.tree is None:
        parsed = Parsed(text, parse(text), None, probe.idents)
    rw = SourceRewrite(path, text, index, crate, fixers, parsed, probe, first_active)
    unreadable = rw.unreadable()
    if parsed is not None and parsed.index_error:
        unreadable.append(Change.failure("engine", f"internal error while indexing this file: {parsed.index_error}",
                                         "please report this; the file was migrated without its own cross-file facts "
                                         "(types and fns it defines), check its changes", span=(0, 0)))
    rw.rounds()
    findings = unreadable + rw.findings(finders)
    for c in rw.collected + findings:
        locate(c, rw.original, rw.history, path)
    result.changes = _dedupe(rw.collected + findings)
    if rw.text != rw.original:
        result.uses = code_uses(rw.original, rw.text)
        result.final = encode(rw.text, bom, crlf)
        result.diff = labelled_diff(path, raw, result.final, result.changes)
    else:
        result.original = b""
    return result


def _dedupe(changes: list[Change]) -> list[Change]:
    seen = set()
    out = []
    for c in changes:
        key = (c.rule, c.message, c.start_line, c.start_col, bool(c.edits), c.step if c.edits else -1)
        if key in seen:
            continue
        seen.add(key)
        out.append(c)
    return out
