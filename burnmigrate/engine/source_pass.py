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

from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter

from tree_sitter import Tree

from burnmigrate.engine.doc_blocks import doc_comment_blocks, migrate_blocks
from burnmigrate.engine.lint_levels import under_denied_deprecation
from burnmigrate.engine.round_edits import whole_changes
from burnmigrate.model import Change, CrateFacts, FileResult, RuleKind, Safety, edits as E
from burnmigrate.model.results import decode, encode, locate_all
from burnmigrate.output.diff import labelled_diff
from burnmigrate.rules.base import RuleMeta, SourceRule as Rule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.index import ProjectIndex
from burnmigrate.rust.macros import CALL_MACROS, PATTERN_MACROS, View, expression_view, restore, shift, touches
from burnmigrate.rust.syntax import edit_tree, error_count, error_regions, parse, reparse
from burnmigrate.rust.uses import code_uses, through_aliases

MAX_ROUNDS = 8


@dataclass
class Parsed:
    """What pass 1 computed for a file, kept in the worker for pass 2: each file is parsed and
    traversed once per run, not once per pass."""
    text: bytes
    tree: Tree | None
    nodes: dict | None
    idents: frozenset[str]
    index_error: str = ""   # pass 1 failed on this file (its cross-file facts are missing)
    view: View | None = None  # the expression-macro view `tree` and `nodes` are of (rust/macros.py)
    view_checked: bool = False  # pass 1 looked for one (`view` None: the file needs none)
    raw_tree: Tree | None = None  # the tree of `text` itself (`tree` when there is no view)


# Seconds each rule's `run` took in this process (the benchmark's per-rule profile).
RULE_SECONDS: dict[str, float] = {}


def run_rule(rule: Rule, ctx: FileContext) -> list[Change]:
    t0 = perf_counter()
    try:
        return rule.run(ctx)
    except Exception as exc:  # a rule bug must not lose the file nor the run
        return [Change.failure(rule.id, f"internal error in rule: {type(exc).__name__}: {exc}",
                               "please report this; the file was left as the other rules made it", span=(0, 0))]
    finally:
        RULE_SECONDS[rule.id] = RULE_SECONDS.get(rule.id, 0.0) + perf_counter() - t0


def _outside_frozen(changes: list[Change], frozen: list[tuple[int, int]]) -> list[Change]:
    """The changes that edit nothing inside a frozen span (an impl of a burn trait whose shape
    changed: left as 0.21 wrote it, with `burn-trait-impl`'s finding), and no other rule's
    record inside one (that finding says what the impl needs)."""
    if not frozen:
        return changes
    out = []
    for c in changes:
        if c.edits:
            if any(es < e and ee > s if es < ee else s < es < e for x in c.edits
                   for es, ee in [(x.start, x.end)] for s, e in frozen):
                continue
        elif any(s <= c.span[0] and c.span[1] <= e for s, e in frozen):
            continue
        out.append(c)
    return out


class SourceRewrite:
    """One file's rewrite state: its current text and tree, the edit history (one list of edits
    per applied step, for mapping positions back), the changes kept, each rule's last findings."""

    def __init__(self, path: str, text: bytes, index: ProjectIndex, crate: CrateFacts,
                 fixers: list[Rule], parsed: Parsed | None, probe: FileContext, first_active: list[Rule],
                 masks=(), raw_tree: Tree | None = None):
        """`text` is the file's expression-macro view (the file itself when `masks` is empty);
        `parsed.tree` is the view's tree, `raw_tree` the file's own (kept in step with the
        view's edits: the final text is checked with one incremental parse)."""
        self.path, self.index, self.crate = path, index, crate
        self.fixers, self.parsed, self.probe, self.first_active = fixers, parsed, probe, first_active
        self.original = self.text = text
        self.masks = list(masks)
        self.blocked: list[Change] = []
        tree = parsed.tree if parsed is not None else parse(text)
        assert tree is not None   # rewrite_source hands over a Parsed with its tree
        self.tree: Tree = tree
        self.errors = error_count(self.tree)
        self.history: list[list[E.Edit]] = []
        self.collected: list[Change] = []
        self.latest: dict[str, list[Change]] = {}   # each rule's findings from its last run
        self.ctx: FileContext | None = None
        self.raw_tree = raw_tree.copy() if raw_tree is not None and self.masks else None
        self.raw_errors = error_count(self.raw_tree) if self.raw_tree is not None else 0

    def context(self, only: set[str] | None = None) -> tuple[FileContext, list[Rule]]:
        """A context on the current text, and the fix rules that apply to it, of those in `only`
        when given (the first round reuses what pass 1 and the probe computed)."""
        text, parsed = self.text, self.parsed
        if text is self.original and parsed is not None:
            c = FileContext.prepared(self.path, text, self.tree, self.index, self.crate, parsed.nodes, parsed.idents)
        else:
            c = FileContext(self.path, text, self.tree, self.index, self.crate)
        c.original = self.original
        c.masks = self.masks
        if text is self.original:
            c._idents = self.probe._idents
            return c, [r for r in self.first_active if only is None or r.id in only or r.reads_others]
        return c, [r for r in self.fixers if (only is None or r.id in only or r.reads_others) and r.applies(c)]

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
        self.parsed = None   # pass 1's tree and nodes are of the first text only
        if self.raw_tree is not None:   # the view keeps the file's lengths and newlines: same edits
            edit_tree(self.raw_tree, self.text, applied)
        self.text, self.tree, self.errors = outcome
        if self.masks:
            self.masks = shift(self.masks, applied)
        return survivors

    def unmasked(self, changes: list[Change]) -> list[Change]:
        """The changes that leave every masked macro byte alone; the others become review items
        (they would write the view, `assert_eq_(`, into the file)."""
        if not self.masks:
            return changes
        out = []
        for c in changes:
            if c.edits and any(touches(e, self.masks, self.text) for e in c.edits):
                self.blocked.append(Change(rule=c.rule, message=f"not rewritten: {c.message} (it spans a macro call's own tokens)",
                                           safety=Safety.REVIEW, span=c.span, step=c.step, pitfalls=c.pitfalls,
                                           reason="the change would rewrite a macro name or a pattern inside a macro "
                                           "call; make it by hand"))
                continue
            out.append(c)
        return out

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
            self.ctx, active = self.context(again)
            at = len(self.history)
            bad = error_regions(self.tree)
            proposals: list[tuple[Rule, list[Change]]] = []
            for rule in active:
                found = run_rule(rule, self.ctx)
                for c in found:
                    c.step = at
                found = self.unmasked(found)
                found = _outside_frozen(found, self.ctx.frozen_spans())
                if bad:  # no edit inside (or touching) a region that does not parse
                    found = [c for c in found if not any(es <= e and ee >= s for x in c.edits
                                                         for es, ee in [(x.start, x.end)] for s, e in bad)]
                self.latest[rule.id] = [c for c in found if not c.edits]
                if any(c.edits for c in found):
                    proposals.append((rule, [c for c in found if c.edits]))
            if not proposals:
                break
            whole = whole_changes([c for _, cs in proposals for c in cs])
            outcome, applied = self.step([e for c in whole for e in c.edits])
            if outcome is None:
                break
            if outcome is not False:
                survivors = self.accept(outcome, applied, whole)
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
                ctx.original, ctx.masks = self.original, self.masks
                for c in (cs := [c for c in run_rule(rule, ctx) if c.edits]):
                    c.step = at
                cs = _outside_frozen(self.unmasked(cs), ctx.frozen_spans())
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

    def findings(self, finders: list[Rule], on_original: list[Rule]) -> list[Change]:
        """The fix rules' last findings, then the finding-only rules on the final text
        (`on_original`: those that apply to the first text, which it is when nothing changed)."""
        out = [c for cs in self.latest.values() for c in cs] + _dedupe(self.blocked)
        if self.ctx is None or self.ctx.src is not self.text:
            self.ctx, _ = self.context()
        unchanged = self.text is self.probe.src   # the very text the probe saw
        for rule in (on_original if unchanged else finders):
            if unchanged or rule.applies(self.ctx):
                for c in run_rule(rule, self.ctx):
                    c.step = len(self.history)
                    out.append(c)
        return out


def rewrite_source(path: str, raw: bytes, index: ProjectIndex, crate: CrateFacts,
                   rules: Sequence[type[RuleMeta]], parsed: Parsed | None = None, docs: bool = True) -> FileResult:
    """Run the rules over one file until nothing changes; validate every step by re-parsing.
    `parsed` is what pass 1 computed for the same text (tree, node index, identifiers). With
    `docs` the Rust blocks of its doc comments are migrated first, each as its own snippet
    (engine/doc_blocks.py): that is step 0 of the file's history."""
    result = FileResult(path=path, original=raw)
    index = index.for_file(path)   # this file's own aliases, where they differ from the crate's
    try:
        text, bom, crlf = decode(raw)
    except UnicodeDecodeError as e:
        result.error = f"not UTF-8 (byte {e.start}): left untouched"
        result.changes.append(Change.failure(
            "engine", result.error, "burnmigrate only rewrites UTF-8 source; convert the file and run again, "
            "or migrate it by hand.", path=path, start_line=1, start_col=1, end_line=1, end_col=1))
        return result
    source_rules = [r for r in rules if issubclass(r, Rule)]   # a data-file-only rule reads no source
    fixers = [r() for r in source_rules if r.kind is RuleKind.FIX]
    finders = [r() for r in source_rules if r.kind is not RuleKind.FIX]
    original = text
    doc_edits: list[E.Edit] = []
    doc_changes: list[Change] = []
    docs_tree = None   # the tree of the text after its doc blocks' rewrite
    if docs and crate.migrate_docs and (b"```" in text or b"~~~" in text) and (b"///" in text or b"//!" in text):
        decoded = text.decode("utf-8")
        blocks = doc_comment_blocks(decoded)
        if blocks:
            doc_edits, doc_changes = migrate_blocks(
                path, decoded, blocks,
                lambda src: rewrite_source(path, src, index, crate, rules, docs=False))
            doc_edits = E.normalise(doc_edits)
            if doc_edits:
                new = E.apply(text, doc_edits)
                if parsed is not None and parsed.raw_tree is not None:   # pass 1's tree, told of the doc edits
                    docs_tree = reparse(parsed.raw_tree.copy(), text, new, doc_edits)
                text, parsed = new, None
    if parsed is not None and parsed.text != text:
        parsed = None
    result.uses = through_aliases(code_uses(text, text, parsed.idents if parsed is not None else None), index.backend_aliases)
    probe = FileContext.prepared(path, text, None, index, crate, None, parsed.idents if parsed else None)
    first_active = [r for r in fixers if r.applies(probe)]  # the first round's text is this text
    first_finders = [r for r in finders if r.applies(probe)]   # (and the final text when nothing changes)
    if not first_active and not first_finders and not doc_changes and not doc_edits:
        result.original = b""  # nothing to report: no need to ship the bytes back
        return result
    view, file_tree = _view(text, parsed, index, probe.idents, docs_tree)
    if view is not None:
        parsed = Parsed(text, view.tree, parsed.nodes if parsed is not None and parsed.view is view else None,
                        probe.idents, parsed.index_error if parsed is not None else "", view)
    elif parsed is None or parsed.tree is None or parsed.view is not None:
        parsed = Parsed(text, file_tree if file_tree is not None else parse(text), None, probe.idents,
                        parsed.index_error if parsed is not None else "")
    rw = SourceRewrite(path, view.text if view is not None else text, index, crate, fixers, parsed, probe,
                       first_active, view.masks if view is not None else (), file_tree)
    unreadable = rw.unreadable()
    if parsed is not None and parsed.index_error:
        unreadable.append(Change.failure("engine", f"internal error while indexing this file: {parsed.index_error}",
                                         "please report this; the file was migrated without its own cross-file facts "
                                         "(types and fns it defines), check its changes", span=(0, 0)))
    if doc_edits:   # the doc blocks' rewrite is step 0: every later step maps back through it
        for c in unreadable:
            c.step = 1
        rw.original = original
        rw.history.append(doc_edits)
    has_view = view is not None
    parsed = file_tree = view = docs_tree = None   # rw holds what the rounds need: old trees can go
    rw.rounds()
    findings = unreadable + rw.findings(finders, first_finders)
    locate_all(rw.collected + findings + doc_changes, rw.original, rw.history, path)
    result.changes = under_denied_deprecation(_dedupe(doc_changes + rw.collected + findings), crate)
    final = restore(rw.text, rw.masks) if has_view else rw.text
    text = original
    if has_view and final != text and (error_count(parse(final, rw.raw_tree)) > rw.raw_errors if rw.raw_tree is not None
                                               else error_count(parse(final)) > error_count(parse(text))):
        # cannot happen unless a rule copied view text undetected: keep the file, say so
        result.changes = [c for c in result.changes if not c.edits] + [Change.failure(
            "engine", "the rewrite of this file's macro calls does not parse: the file was left as it is",
            "please report this; migrate the file by hand", path=path, start_line=1, start_col=1, end_line=1, end_col=1)]
        final = text
    if final != text:
        result.uses = through_aliases(code_uses(text, final), index.backend_aliases)
        result.final = encode(final, bom, crlf)
        result.diff = labelled_diff(path, raw, result.final, result.changes)
    else:
        result.original = b""
    return result


def _view(text: bytes, parsed: Parsed | None, index: ProjectIndex, idents: frozenset[str],
          raw: Tree | None = None) -> tuple[View | None, Tree | None]:
    """(the file's expression-macro view or None, the tree of `text` itself when known): pass 1's
    view, unless the project's own macros change it. Each text is parsed once (`raw`: its tree
    when the caller has one)."""
    raw = parsed.raw_tree if parsed is not None else raw
    if b"!" not in text:
        return None, raw
    own = (index.expr_macros | index.type_macros) & idents or (index.other_macros & idents & (CALL_MACROS | PATTERN_MACROS))
    if parsed is not None and (parsed.view is not None or parsed.view_checked) and not own:
        return parsed.view, raw   # pass 1's answer, a view or none: not computed twice
    calls = parsed.nodes["macro_invocation"] if parsed is not None and parsed.nodes and parsed.view is None and raw is not None else None
    raw = raw if raw is not None else parse(text)
    view = expression_view(text, raw, index.expr_macros, index.other_macros, index.type_macros, calls=calls)
    return (view if view.masks else None), raw


def _dedupe(changes: list[Change]) -> list[Change]:
    seen: set[tuple] = set()
    out = []
    for c in changes:
        keys: set[tuple] = {(c.rule, c.message, c.start_line, c.start_col, bool(c.edits), c.step if c.edits else -1)}
        if c.edits and c.message.startswith("import `"):   # (one `use` two rules need: one record)
            keys.add(("import", c.message, c.start_line, c.start_col, c.step, tuple((e.start, e.end, e.new) for e in c.edits)))
        if not keys & seen:
            out.append(c)
        seen |= keys
    return out
