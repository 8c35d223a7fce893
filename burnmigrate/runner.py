"""The flow: discover → index (pass 1) → rewrite (pass 2) → validate → one list of changes.

Both passes run over files in a process pool (facts and results are plain picklable data);
results come back in path order whatever the scheduling.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from . import edits as E
from .changes import Change
from .results import FileResult, decode, encode, locate
from .discover import Project, discover, version_family
from .index import FileFacts, ProjectIndex, collect, merge, needs_index
from .manifests import manifests_to_run, preparse, run_manifests
from .registry import manifest_rules, source_rules
from .rule import CrateFacts, FileContext, Rule
from .diffs import labelled_diff
from .manifests import code_uses
from .syntax import error_count, identifiers, node_index, parse, reparse

MAX_ROUNDS = 8
PARALLEL_THRESHOLD = 48   # below this many files a pool costs more than it saves


@dataclass
class Options:
    select: frozenset[str] = frozenset()
    ignore: frozenset[str] = frozenset()
    enable: frozenset[str] = frozenset()
    unsafe_fixes: bool = False
    jobs: int = 0
    keep_cpu_feature: bool = False
    progress: Callable[[str, int, int], None] | None = None


@dataclass
class RunResult:
    project: Project
    files: list[FileResult]
    index: ProjectIndex
    notes: list[str] = field(default_factory=list)
    manifest_results: list[FileResult] = field(default_factory=list)

    @property
    def all_results(self) -> list[FileResult]:
        return sorted(self.files + self.manifest_results, key=lambda r: r.path)

    @property
    def changes(self) -> list[Change]:
        return sorted((c for r in self.all_results for c in r.changes), key=Change.sort_key)

    @property
    def pending(self) -> bool:
        return any(r.changed for r in self.all_results)


def enabled_rules(opts: Options, rules=None) -> list[type[Rule]]:
    out = []
    for r in (rules if rules is not None else source_rules()):
        if opts.select and r.id not in opts.select:
            continue
        if r.id in opts.ignore:
            continue
        if r.safety == "opt-in" and not (opts.unsafe_fixes or r.id in opts.enable):
            continue
        out.append(r)
    return out


# -- pass 1 ---------------------------------------------------------------------------------

@dataclass
class Parsed:
    """What pass 1 computed for a file, kept in the worker for pass 2: each file is parsed and
    traversed once per run, not once per pass."""
    text: bytes
    tree: object | None
    nodes: dict | None
    idents: frozenset[str]


def _index_file(rel: str, abspath: str, keep: dict) -> FileFacts:
    raw = Path(abspath).read_bytes()
    try:
        text, _, _ = decode(raw)
    except UnicodeDecodeError:
        keep[rel] = (raw, None)
        return FileFacts(path=rel)
    idents = identifiers(text)
    tree = nodes = None
    if needs_index(text):
        tree = parse(text)
        nodes = node_index(tree.root_node)
    keep[rel] = (raw, Parsed(text, tree, nodes, idents))
    return collect(rel, text, tree, idents, nodes)


# -- pass 2 ---------------------------------------------------------------------------------

def rewrite_source(path: str, raw: bytes, index: ProjectIndex, crate: CrateFacts,
                   rules: Sequence[type[Rule]], parsed=None) -> FileResult:
    """Run the rules over one file until nothing changes; validate every step by re-parsing.
    `parsed` is what pass 1 computed for the same text (tree, node index, identifiers)."""
    result = FileResult(path=path, original=raw)
    try:
        text, bom, crlf = decode(raw)
    except UnicodeDecodeError as e:
        result.error = f"not UTF-8 (byte {e.start}): left untouched"
        result.changes.append(Change(rule="engine", message=result.error, path=path, start_line=1,
                                     start_col=1, end_line=1, end_col=1, safety="review",
                                     reason="burnmigrate only rewrites UTF-8 source; convert the file "
                                            "and run again, or migrate it by hand."))
        return result
    original = text
    fixers = [r() for r in rules if r.fixes]
    finders = [r() for r in rules if not r.fixes]
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
    tree = parsed.tree if parsed is not None else parse(text)
    errors = error_count(tree)
    history: list[list[E.Edit]] = []
    collected: list[Change] = []

    def run_rule(rule: Rule, ctx: FileContext) -> list[Change]:
        try:
            return rule.run(ctx)
        except Exception as exc:  # a rule bug must not lose the file nor the run
            return [Change(rule=rule.id, message=f"internal error in rule: {type(exc).__name__}: {exc}",
                           safety="review", reason="please report this; the file was left as the "
                           "other rules made it", span=(0, 0))]

    def step(edits: list[E.Edit]):
        """Apply edits (in the current text's coordinates); None when the result parses worse."""
        edits = E.tidy_line_deletions(text, E.normalise(edits))
        new = E.apply(text, edits)
        if new == text:
            return None, edits
        new_tree = reparse(tree.copy(), text, new, edits)
        new_errors = error_count(new_tree)
        return ((new, new_tree, new_errors) if new_errors <= errors else False), edits

    def dropped(rule: Rule, at: int) -> Change:
        return Change(rule=rule.id, message=f"rule {rule.id} produced code that does not parse; its changes were dropped",
                      safety="review", reason="the file is left as the other rules made it; migrate this part by "
                      "hand and please report the case", step=at, span=(0, 0), pitfalls=rule.pitfalls)

    # Each round runs every fix rule on the same tree (they all see the same backend parameters),
    # applies the union of their edits (an edit nested in another one's span waits for the next
    # round) and re-parses once. Rounds repeat until nothing changes. When the union would parse
    # worse, the round is redone rule by rule and only the guilty rule's edits are dropped.
    def context() -> tuple[FileContext, list[Rule]]:
        if text is original and parsed is not None:
            c = FileContext.prepared(path, text, tree, index, crate, parsed.nodes, parsed.idents)
        else:
            c = FileContext(path, text, tree, index, crate)
        if text is original:
            c._idents = probe._idents
            return c, list(first_active)
        return c, [r for r in fixers if r.applies(c)]

    # After the first round only the rules that can have more to do run again: those that read
    # what other rules leave behind (`Rule.reads_others`) and those with an edit that waited
    # because another edit covered it. (The corpus and property tests check the fixpoint.)
    latest: dict[str, list[Change]] = {}   # each rule's findings from its last run
    again: set[str] | None = None
    for _ in range(MAX_ROUNDS):
        ctx, active = context()
        if again is not None:
            active = [r for r in active if r.id in again or r.reads_others]
        at = len(history)
        proposals: list[tuple[Rule, list[Change]]] = []
        for rule in active:
            found = run_rule(rule, ctx)
            for c in found:
                c.step = at
            latest[rule.id] = [c for c in found if not c.edits]
            if any(c.edits for c in found):
                proposals.append((rule, [c for c in found if c.edits]))
        if not proposals:
            break
        outcome, applied = step([e for _, cs in proposals for e in (x for c in cs for x in c.edits)])
        if outcome is None:
            break
        if outcome is not False:
            survivors = set(E.normalise([e for _, cs in proposals for c in cs for e in c.edits]))
            collected.extend(c for _, cs in proposals for c in cs if any(e in survivors for e in c.edits))
            again = {r.id for r, cs in proposals if any(e not in survivors for c in cs for e in c.edits)}
            history.append(applied)
            text, tree, errors = outcome
            continue
        again = None  # after a fallback every rule runs again
        changed = False
        for rule, cs in proposals:  # sequential fallback: find the rule that breaks parsing
            if changed:  # positions of later rules' edits refer to the round's start text
                at = len(history)
                found = [c for c in run_rule(rule, FileContext(path, text, tree, index, crate)) if c.edits]
                for c in found:
                    c.step = at
                cs = found
            if not cs:
                continue
            outcome, applied = step([e for c in cs for e in c.edits])
            if outcome is False:
                latest.setdefault("engine", []).append(dropped(rule, at))
                continue
            if outcome is None:
                continue
            survivors = set(E.normalise([e for c in cs for e in c.edits]))
            collected.extend(c for c in cs if any(e in survivors for e in c.edits))
            history.append(applied)
            text, tree, errors = outcome
            changed = True
        if not changed:
            break
    findings = [c for cs in latest.values() for c in cs]
    if ctx.src is not text:
        ctx, _ = context()
    for rule in finders:
        if rule.applies(ctx):
            for c in run_rule(rule, ctx):
                c.step = len(history)
                findings.append(c)
    for c in collected + findings:
        locate(c, original, history, path)
    result.changes = _dedupe(collected + findings)
    if text != original:
        result.uses = code_uses(original, text)
        result.final = encode(text, bom, crlf)
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


def _passes(jobs: list[tuple[str, str, CrateFacts]], rule_ids: list[str], conn=None,
            index: ProjectIndex | None = None, progress=None):
    """Both passes over some files. In a worker (`conn` set) the facts go to the parent, which
    answers with the merged index; inline (`conn` None) `index` is None and merged here."""
    keep: dict = {}
    facts = []
    for k, (rel, abspath, _) in enumerate(jobs):
        facts.append(_index_file(rel, abspath, keep))
        if conn is not None and k % 16 == 15:
            conn.send(("progress", "index", 16))
        elif progress:
            progress("index", k + 1, len(jobs))
    if conn is not None:
        conn.send(("progress", "index", len(jobs) % 16))
        conn.send(("facts", facts))
        index = conn.recv()
    else:
        index = merge(sorted(facts, key=lambda f: f.path))
    rules = [r for r in source_rules() if r.id in set(rule_ids)]
    results = []
    for k, (rel, abspath, crate) in enumerate(jobs):
        raw, parsed = keep.pop(rel)
        results.append(rewrite_source(rel, raw, index, crate, rules, parsed))
        if conn is not None and k % 16 == 15:
            conn.send(("progress", "rewrite", 16))
        elif progress:
            progress("rewrite", k + 1, len(jobs))
    if conn is not None:
        conn.send(("progress", "rewrite", len(jobs) % 16))
        conn.send(("results", results))
        return None
    return index, results


def _worker_main(conn, jobs, rule_ids) -> None:
    try:
        _passes(jobs, rule_ids, conn)
    except BaseException:  # report, do not hang the parent
        import traceback
        conn.send(("error", traceback.format_exc()))
    finally:
        conn.close()


def _shards(jobs: list, n: int) -> list[list]:
    """Balance by file size (largest first onto the lightest shard)."""
    sized = sorted(jobs, key=lambda j: -os.path.getsize(j[1]))
    shards: list[list] = [[] for _ in range(n)]
    load = [0] * n
    for j in sized:
        k = load.index(min(load))
        shards[k].append(j)
        load[k] += os.path.getsize(j[1]) + 2048
    return [sorted(s) for s in shards if s]


def run_passes(jobs: list[tuple[str, str, CrateFacts]], rule_ids: list[str], workers: int,
               progress=None, meanwhile=None) -> tuple[ProjectIndex, list[FileResult]]:
    """Both passes; `meanwhile()` runs in this process while the workers work."""
    if workers <= 1 or len(jobs) < PARALLEL_THRESHOLD:
        if meanwhile is not None:
            meanwhile()
        return _passes(jobs, rule_ids, progress=progress)
    import multiprocessing as mp
    from multiprocessing.connection import wait
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    procs, conns = [], []
    for shard in _shards(jobs, workers):
        parent, child = ctx.Pipe()
        p = ctx.Process(target=_worker_main, args=(child, shard, rule_ids), daemon=True)
        p.start()
        child.close()
        procs.append(p)
        conns.append(parent)
    if meanwhile is not None:
        meanwhile()
    done = {"index": 0, "rewrite": 0}
    facts: list[FileFacts] = []
    results: list[FileResult] = []

    def collect_until(kind: str) -> None:
        pending = set(range(len(conns)))
        while pending:
            for c in wait([conns[i] for i in pending]):
                i = conns.index(c)
                try:
                    msg = c.recv()
                except EOFError:
                    raise RuntimeError("a worker process died (out of memory?)") from None
                if msg[0] == "progress":
                    done[msg[1]] += msg[2]
                    if progress:
                        progress(msg[1], done[msg[1]], len(jobs))
                elif msg[0] == "error":
                    raise RuntimeError("a worker failed:\n" + msg[1])
                else:
                    (facts if kind == "facts" else results).extend(msg[1])
                    pending.discard(i)

    try:
        collect_until("facts")
        index = merge(sorted(facts, key=lambda f: f.path))
        for c in conns:
            c.send(index)
        collect_until("results")
    finally:
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
    return index, results


def rewrite_without(res: RunResult, rel: str, without: set[str], opts: Options) -> bytes:
    """The bytes of a changed file `rel` migrated again from its original without some rules
    (back-out): the original bytes when nothing else applies."""
    crate = next(c for r, _, c in res.project.rust_files if r == rel)
    rules = [r for r in enabled_rules(opts) if r.id not in without]
    raw = next(r.original for r in res.files if r.path == rel and r.changed)
    again = rewrite_source(rel, raw, res.index, crate.facts(keep_cpu_feature=opts.keep_cpu_feature), rules)
    return again.final if again.changed else raw


def run(path: Path, opts: Options | None = None) -> RunResult:
    opts = opts or Options()
    project = discover(path)
    workers = opts.jobs or os.cpu_count() or 1
    rules = enabled_rules(opts)
    facts_by_crate = {id(c): c.facts(keep_cpu_feature=opts.keep_cpu_feature) for c in project.crates}
    jobs = [(rel, str(p), facts_by_crate[id(crate)]) for rel, p, crate in project.rust_files]
    mrules = [r() for r in enabled_rules(opts, manifest_rules())]
    preparsed: dict = {}

    def meanwhile() -> None:
        if mrules:
            preparsed.update(preparse(manifests_to_run(project)))

    index, results = run_passes(jobs, [r.id for r in rules], workers, opts.progress, meanwhile)
    results.sort(key=lambda r: r.path)
    notes = list(project.notes)
    if not any(c.uses_burn for c in project.crates):
        notes.append("no crate here depends on burn (burn, burn-* or a renamed burn): nothing to migrate")
    for c in project.crates:
        if not c.uses_burn:
            continue
        fam = version_family(c.burn_version())
        if fam and fam not in ("0.21", "0.20") and not fam.startswith("0.22"):
            notes.append(f"{c.name}: burn {c.burn_version()} is not 0.20/0.21; the rules assume 0.21 code")
        elif fam.startswith("0.22"):
            notes.append(f"{c.name}: already on burn {c.burn_version()}: nothing to migrate beyond the findings")
    res = RunResult(project=project, files=results, index=index, notes=notes)
    if mrules:
        res.manifest_results = run_manifests(project, results, opts, mrules, preparsed)
    return res
