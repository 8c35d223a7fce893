"""Both passes over the files in worker processes: each worker indexes its shard (pass 1),
sends the facts, receives the merged ProjectIndex and rewrites the same shard (pass 2), keeping
each file's tree between the passes (up to KEEP_TREE_BYTES of source) and sending results in
batches. Results come back whatever the scheduling; the pipeline sorts them. The main process
preparses manifests during pass 1 and runs what needs only the index beside pass 2. Below
PARALLEL_THRESHOLD files everything runs inline."""
from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any, cast

from burnmigrate.engine.source_pass import RULE_SECONDS, Parsed, rewrite_source
from burnmigrate.model import CrateFacts, FileResult
from burnmigrate.model.results import decode
from burnmigrate.project.errors import UsageError
from burnmigrate.project.inputs import InputError, read_input
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.file_facts import FileFacts
from burnmigrate.rust.index import ProjectIndex, collect, merge
from burnmigrate.rust.macros import expression_view
from burnmigrate.rust.scans import needs_index
from burnmigrate.rust.syntax import PARSES, identifiers, node_index, parse
from burnmigrate.rust.units import unit_of

if TYPE_CHECKING:
    from multiprocessing.connection import Connection


class WorkerFailed(RuntimeError):
    """A worker process raised: the one-line message is its last line, the traceback rides along
    (the crash file gets it)."""

    def __init__(self, trace: str):
        last = [l for l in trace.strip().splitlines() if l.strip()][-1:] or ["?"]
        super().__init__(f"a worker failed: {last[0]}")
        self.trace = trace


PARALLEL_THRESHOLD = 48   # below this many files a pool costs more than it saves
# Source bytes whose pass-1 trees a process keeps for pass 2 (a tree costs about 50 bytes per
# source byte): beyond it a file is parsed again in pass 2, so memory stays bounded on huge trees.
KEEP_TREE_BYTES = 4_000_000


def _index_file(rel: str, abspath: str, keep: dict, package: str | None = None) -> FileFacts:
    try:
        raw = read_input(abspath)
    except InputError as e:   # it changed since discovery checked it (a race): one line, exit 2
        raise UsageError(f"{rel}: {e.reason}") from None
    try:
        text, _, _ = decode(raw)
    except UnicodeDecodeError:
        keep[rel] = (raw, None)
        return FileFacts(path=rel, unit=unit_of(rel, package))
    idents = identifiers(text)
    tree = own_tree = nodes = view = None
    checked = False
    if needs_index(text):
        tree = own_tree = parse(text)
        nodes = node_index(tree.root_node)
        if b"!" in text:
            checked = True
            view = expression_view(text, tree, calls=nodes["macro_invocation"])
            if view.masks:
                tree = view.tree
                nodes = node_index(tree.root_node)
            else:
                view = None
    parsed = Parsed(text, tree, nodes, idents, view=view, view_checked=checked, raw_tree=own_tree)
    keep[rel] = (raw, parsed)
    try:
        return collect(rel, view.text if view is not None else text, tree, idents, nodes, unit_of(rel, package))
    except Exception as exc:  # an indexing bug must not end the run: the file's facts are missing
        parsed.index_error = f"{type(exc).__name__}: {exc}"
        return FileFacts(path=rel, unit=unit_of(rel, package))


def _passes(jobs: list[tuple[str, str, CrateFacts]], rule_ids: list[str], conn=None,
            index: ProjectIndex | None = None, progress=None):
    """Both passes over some files. In a worker (`conn` set) the facts go to the parent, which
    answers with the merged index; inline (`conn` None) `index` is None and merged here."""
    keep: dict = {}
    facts = []
    kept = 0
    for k, (rel, abspath, crate) in enumerate(jobs):
        facts.append(_index_file(rel, abspath, keep, crate.package))
        raw, parsed = keep[rel]
        if parsed is not None and parsed.tree is not None:
            kept += len(parsed.text)
            if kept > KEEP_TREE_BYTES and kept > len(parsed.text):   # over the budget (one file is always kept): pass 2 parses it again
                keep[rel] = (raw, Parsed(parsed.text, None, None, parsed.idents, parsed.index_error))
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
        raw = keep[rel][0]   # (no local for the tree: the rewrite lets go of it after its first round)
        results.append(rewrite_source(rel, raw, index, crate, rules, keep.pop(rel)[1]))
        if conn is not None and k % 16 == 15:
            conn.send(("progress", "rewrite", 16))
            conn.send(("results", results))   # in batches: neither side holds one huge message
            results = []
        elif progress:
            progress("rewrite", k + 1, len(jobs))
    if conn is not None:
        conn.send(("progress", "rewrite", len(jobs) % 16))
        conn.send(("results", results))
        conn.send(("done", {"parses": dict(PARSES), "rule_seconds": dict(RULE_SECONDS)}))
        return None
    return index, results


def _worker_main(conn, jobs, rule_ids) -> None:
    import signal
    signal.signal(signal.SIGTERM, signal.SIG_DFL)   # the parent decides what a signal means
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    PARSES.update(dict.fromkeys(PARSES, 0))   # this worker's own counts
    RULE_SECONDS.clear()
    try:
        _passes(jobs, rule_ids, conn)
    except UsageError as e:   # bad input, not a bug: the parent says it on one line
        conn.send(("usage", str(e)))
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


class _Side(threading.Thread):
    """`fn(index)` beside the collecting loop; `join()` re-raises what it raised."""

    def __init__(self, fn, index):
        super().__init__(daemon=True)
        self.fn, self.index, self.error = fn, index, None
        self.start()

    def run(self) -> None:
        try:
            self.fn(self.index)
        except BaseException as exc:  # handed to the main thread
            self.error = exc

    def join(self, timeout=None) -> None:
        super().join(timeout)
        if self.error is not None:
            raise self.error


def _add(into: dict, counts: dict) -> None:
    for k, v in counts.items():
        into[k] = into.get(k, 0) + v


def run_passes(jobs: list[tuple[str, str, CrateFacts]], rule_ids: list[str], workers: int,
               progress=None, meanwhile=None, costs: dict | None = None,
               with_index=None) -> tuple[ProjectIndex, list[FileResult]]:
    """Both passes; `meanwhile()` runs in this process while the workers index, and
    `with_index(index)` (in a thread of it) while they rewrite. What the passes
    cost is added to `costs`: "parses" (rust/syntax.py's counters) and "rule_seconds" (each
    rule's `run`, summed over the processes) and "workers" (the processes that ran them)."""
    costs = costs if costs is not None else {}
    if workers <= 1 or len(jobs) < PARALLEL_THRESHOLD:
        costs["workers"] = 1
        if meanwhile is not None:
            meanwhile()
        before: dict[str, dict[str, float]] = {"parses": dict(PARSES), "rule_seconds": dict(RULE_SECONDS)}
        out = _passes(jobs, rule_ids, progress=progress)
        for name, now in (("parses", PARSES), ("rule_seconds", RULE_SECONDS)):
            _add(costs.setdefault(name, {}), {k: v - before[name].get(k, 0) for k, v in now.items()})
        if with_index is not None:
            with_index(out[0])
        return out
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
    costs["workers"] = len(procs)
    if meanwhile is not None:
        meanwhile()
    done = {"index": 0, "rewrite": 0}
    facts: list[FileFacts] = []
    results: list[FileResult] = []

    def collect_until(kind: str) -> None:
        pending = set(range(len(conns)))
        while pending:
            for c in cast("list[Connection[Any, Any]]", wait([conns[i] for i in pending])):   # (what it was given)
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
                    raise WorkerFailed(msg[1])
                elif msg[0] == "usage":
                    raise UsageError(msg[1])
                elif msg[0] == "results":
                    results.extend(msg[1])
                elif msg[0] == "done":
                    for name, counts in msg[1].items():
                        _add(costs.setdefault(name, {}), counts)
                    pending.discard(i)
                else:
                    facts.extend(msg[1])
                    pending.discard(i)

    try:
        collect_until("facts")
        index = merge(sorted(facts, key=lambda f: f.path))
        for c in conns:
            c.send(index)
        side = _Side(with_index, index) if with_index is not None else None
        collect_until("results")   # (this thread keeps reading: a worker never waits on a full pipe)
        if side is not None:
            side.join()
    finally:
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
    return index, results
