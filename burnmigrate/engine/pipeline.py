"""The flow: discover → index (pass 1) → rewrite (pass 2) → validate → one list of changes.

Both passes run over files in a process pool (engine/pool.py); the data-file and Markdown
passes run beside pass 2 (they need the index only); the manifest pass runs after them, on what
the source pass found the code uses. Results come back in path order whatever the scheduling.
`RunResult.stats` says what the run cost (BURNMIGRATE_STATS writes it).
"""
from __future__ import annotations

import dataclasses
import gc
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast, overload

from burnmigrate.engine.alias_settle import settle_aliases
from burnmigrate.engine.catalog import by_id
from burnmigrate.engine.data_pass import run_data_files
from burnmigrate.engine.manifest_pass import manifests_to_run, preparse, run_manifests
from burnmigrate.engine.markdown_pass import run_markdown
from burnmigrate.engine.pool import run_passes
from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import Change, RunResult, Safety
from burnmigrate.project.dependents import dependent_notes
from burnmigrate.project.discover import discover, version_family
from burnmigrate.project.errors import UsageError
from burnmigrate.project.generated_code import generated_code_notes
from burnmigrate.project.inputs import ADVICE
from burnmigrate.project.systemstat import systemstat_notes
from burnmigrate.rules.base import Rule
from burnmigrate.rules.registry import manifest_rules, source_rules
from burnmigrate.rust.index import ProjectIndex
from burnmigrate.rust.syntax import PARSES

R = TypeVar("R", bound=Rule)


@dataclass
class Options:
    select: frozenset[str] = frozenset()
    ignore: frozenset[str] = frozenset()
    enable: frozenset[str] = frozenset()
    unsafe_fixes: bool = False
    jobs: int = 0
    keep_cpu_feature: bool = False
    config_patches: bool = False     # --write-config-patches: patch the project's old config files
    docs: bool = True                # migrate code in doc comments and Markdown (`--no-docs`: not)
    cache: bool = False              # previews may reuse an identical earlier run (app/result_cache.py)
    skip_unreadable: bool = False    # --skip-unreadable: files and folders that cannot be read are a note, not an error
    progress: Callable[[str, int, int], None] | None = None


@overload
def enabled_rules(opts: Options) -> list[type[Rule]]: ...
@overload
def enabled_rules(opts: Options, rules: Iterable[type[R]]) -> list[type[R]]: ...
def enabled_rules(opts: Options, rules: Iterable[type[R]] | None = None) -> list[type[R]] | list[type[Rule]]:
    out = []
    for r in (rules if rules is not None else source_rules()):
        if opts.select and r.id not in opts.select:
            continue
        if r.id in opts.ignore:
            continue
        if r.safety is Safety.OPT_IN and not (opts.unsafe_fixes or r.id in opts.enable):
            continue
        out.append(r)
    return out


def rewrite_without(res: RunResult, rel: str, without: set[str], opts: Options) -> bytes:
    """The bytes of a changed file `rel` migrated again from its original without some rules
    (back-out): the original bytes when nothing else applies."""
    crate = next(c for r, _, c in res.project.rust_files if r == rel)
    rules = [r for r in enabled_rules(opts) if r.id not in without]
    raw = next(r.original for r in res.files if r.path == rel and r.changed)
    index = cast(ProjectIndex, res.index)   # the engine's own (model/results.py cannot name it)
    again = rewrite_source(rel, raw, index, crate_facts(res.project, crate, opts), rules)
    return again.final if again.final is not None and again.changed else raw


def _outside_links(project, results) -> None:
    """A file that is a symlink to a file outside the project is not written through: say so
    at the file (its diff still shows what it would become)."""
    root = project.root.resolve()
    for r in results:
        p = project.root / r.path
        if p.is_symlink() and not p.resolve().is_relative_to(root):
            r.changes.append(Change(rule="engine", message=f"`{r.path}` is a symlink to {p.resolve()}, outside the project: "
                                    "not written", safety=Safety.REVIEW, path=r.path, start_line=1, start_col=1,
                                    end_line=1, end_col=1, reason="burnmigrate writes only inside the project; migrate "
                                    "that file in the project it belongs to", failed=False))


def run(path: Path, opts: Options | None = None) -> RunResult:
    # A run keeps millions of objects alive (trees' nodes, records): at the default thresholds
    # the cyclic collector rescans them all again and again (a fifth of the time on 3,000 files).
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], 20_000), max(thresholds[1], 20), max(thresholds[2], 20))
    try:
        return _run(path, opts)
    finally:
        gc.set_threshold(*thresholds)


def crate_facts(project, crate, opts: Options):
    """What the rules know of `crate` (its facts, where it lies, the project's library names)."""
    return dataclasses.replace(crate.facts(keep_cpu_feature=opts.keep_cpu_feature, migrate_docs=opts.docs),
                               package=_package(project, crate),
                               project_crates=frozenset(c.lib_name for c in project.crates if c.lib_name),
                               project_libs=tuple(sorted((c.lib_name, folder) for c in project.crates
                                                         if c.lib_name and (folder := _package(project, c)) is not None)))


def _package(project, crate) -> str | None:
    """A crate's folder relative to the project root ('' the root crate; None outside it)."""
    try:
        rel = project.rel(crate.dir)
    except ValueError:
        return None
    return "" if rel == "." else rel


def _run(path: Path, opts: Options | None) -> RunResult:
    opts = opts or Options()
    t0 = time.perf_counter()
    project = discover(path)
    if project.unreadable and not opts.skip_unreadable:
        # one line each (cli prefixes them): a project is not migrated around files it cannot read
        raise UsageError("\n".join(f"{p}: {what}: {ADVICE}" for p, what in project.unreadable))
    project.notes.extend(f"{p}: {what}: left as it is (--skip-unreadable)" for p, what in project.unreadable)
    t_discover = time.perf_counter()
    # never more workers than cores or files (`--jobs 1000` on 200 files started 200 processes)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    workers = max(1, min(opts.jobs or cores, cores, len(project.rust_files)))
    rules = enabled_rules(opts)
    facts_by_crate = {id(c): crate_facts(project, c, opts) for c in project.crates}
    jobs = [(rel, str(p), facts_by_crate[id(crate)]) for rel, p, crate in project.rust_files]
    mrules = [r() for r in enabled_rules(opts, manifest_rules())]
    preparsed: dict = {}

    def meanwhile() -> None:
        if mrules:
            preparsed.update(preparse(manifests_to_run(project)))

    side: dict = {}

    def with_index(index) -> None:   # the data files and Markdown need the index, not the results
        t, before = time.perf_counter(), dict(PARSES)
        side["results"] = run_data_files(project, index, rules, opts) + run_markdown(project, index, rules, opts)
        side["parses"] = {k: v - before[k] for k, v in PARSES.items()}
        side["seconds"] = time.perf_counter() - t

    costs: dict = {}
    index, results = run_passes(jobs, [r.id for r in rules], workers, opts.progress, meanwhile, costs, with_index)
    where = {rel: (Path(p), facts) for rel, p, facts in jobs}
    results = settle_aliases(index, results, lambda rel: where[rel][0].read_bytes(),
                             lambda rel, raw, idx: rewrite_source(rel, raw, idx, where[rel][1], rules))
    parses = costs.setdefault("parses", {})
    for k, v in side["parses"].items():
        parses[k] = parses.get(k, 0) + v
    t_passes = time.perf_counter()
    results.sort(key=lambda r: r.path)
    notes = list(project.notes)
    if not any(c.uses_burn for c in project.crates):
        notes.append("no crate here depends on burn (burn, burn-* or a renamed burn): nothing to migrate")
    crate_of = {rel: crate for rel, _, crate in project.rust_files}
    for c in project.crates:
        if not c.uses_burn:
            continue
        fam = version_family(c.burn_version())
        if fam and fam not in ("0.21", "0.20") and not fam.startswith("0.22"):
            notes.append(f"{c.name}: burn {c.burn_version()} is not 0.20/0.21; the rules assume 0.21 code")
        elif fam.startswith("0.22"):
            # (a note that stays true: code changes may be pending, 0.22.0 is not the target)
            pending = sum(1 for r in results if r.changed and crate_of.get(r.path) is c for ch in r.changes if ch.edits)
            at = c.burn_version()
            behind = ([int(x) for x in re.findall(r"\d+", at)[:3]] + [0, 0])[:3] < [0, 22, 1]
            if not pending and not behind:
                notes.append(f"{c.name}: already on burn {at}: nothing to migrate beyond the findings")
            else:
                notes.append(f"{c.name}: on burn {at}" + (": its requirement moves to 0.22.1" if behind else "")
                             + (f"; {pending} change(s) of 0.21 code remain (below)" if pending else ""))
    notes.extend(systemstat_notes(project.crates))
    notes.extend(dependent_notes(project.path_dependents, index.user_types, project.root))
    notes.extend(generated_code_notes(project.crates, project.root))
    _outside_links(project, results)
    if project.scope is not None:   # the crate was read whole, for its index; only PATH migrates
        results = [r for r in results if project.in_scope(project.root / r.path)]
    by_rule: dict[str, list] = {}
    for r in results:
        for ch in r.changes:
            if not ch.doc:
                by_rule.setdefault(ch.rule, []).append(ch)
    notes.extend(n for rule in rules for n in rule.project_notes(by_rule.get(rule.id, [])))
    res = RunResult(project=project, files=results, index=index, notes=notes, catalog=by_id())
    if mrules:
        res.manifest_results = run_manifests(project, results, opts, mrules, preparsed)
    t_manifests = time.perf_counter()
    res.data_results = side["results"]
    rule_seconds = sorted(costs.get("rule_seconds", {}).items(), key=lambda kv: -kv[1])
    res.stats = dict(rust_files=len(jobs), workers=costs["workers"], parses=parses,
                     rule_seconds={k: round(v, 3) for k, v in rule_seconds},
                     seconds=dict(discover=round(t_discover - t0, 3), passes=round(t_passes - t_discover, 3),
                                  manifests=round(t_manifests - t_passes, 3), data_and_docs=round(side["seconds"], 3)))
    return res
