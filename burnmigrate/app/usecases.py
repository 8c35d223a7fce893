"""The use cases behind the commands. Each takes plain options, does its work (discover, run
the engine, write, run cargo) and returns data for the renderers; bad input raises UsageError
(the CLI prints it on one line and exits 2)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from burnmigrate.app.cargo import DEFAULT_TIMEOUT, CargoUnavailable, cargo_check, read_cargo_log, update_lock
from burnmigrate.app.manifest_check import manifest_feature_problems
from burnmigrate.app.transaction import Pending, project_lock, recover, state_dir, write_all
from burnmigrate.app.writer import dirty_files, in_git_tree
from burnmigrate.engine import Options, rewrite_without, run
from burnmigrate.engine.catalog import catalog
from burnmigrate.model import Outcome, RunResult
from burnmigrate.project.errors import UsageError
from burnmigrate.project.locate import locate
from burnmigrate.rust.syntax import item_lines
from burnmigrate.verify.account import Account, account
from burnmigrate.verify.blame import blame, error_keys, final_line_owners
from burnmigrate.verify.diagnostics import cargo_failure


def migrate(path: Path, opts: Options) -> RunResult:
    """The migration of PATH in memory (nothing written): preview, check and apply start here.
    A `.rs` file, or a folder inside a crate, is migrated in its crate's context (discover's
    `locate`): the crate is read whole, only what lies in PATH is kept, its manifest is left."""
    if os.environ.get("BURNMIGRATE_FAILPOINT") == "internal-error":   # the fault suite's hook
        raise RuntimeError("failpoint: an internal error on purpose")
    known = {r.id for r in catalog()}
    for rid in sorted(opts.select) + sorted(opts.ignore) + sorted(opts.enable):
        if rid not in known:
            raise UsageError(f"unknown rule id `{rid}` (see `burnmigrate rules`)")
    root, scope = locate(path)
    if scope is not None:
        # a file or folder inside a crate: the crate is read whole (a cache key over PATH alone
        # would miss its manifest and the other files its index reads), so no cache
        res = run(path, opts)
        if scope.is_file() and not any(f == scope for _, f, _ in res.project.rust_files):
            raise UsageError(f"{path}: not a source file of a crate that uses burn")
        return _journal_note(res, root)
    hit = False
    if opts.cache:
        from burnmigrate.app import result_cache
        k = result_cache.key(path, opts)
        cached = result_cache.load(k) if k else None
        hit = cached is not None
        if cached is None:
            res = run(path, opts)
            if k:
                result_cache.store(k, res)
        else:
            res = cached
    else:
        res = run(path, opts)
    _write_stats(res, hit)
    return _journal_note(res, path)



def decision(path: Path, opts: Options, decision_id: str):
    """The decision `decision_id` (output/decisions.py) of PATH's report, or None."""
    from burnmigrate.output.decisions import decide
    from burnmigrate.output.summary import needs_person
    return next((d for d in decide(needs_person(migrate(path, opts))) if d.id == decision_id), None)

def _write_stats(res: RunResult, cache_hit: bool) -> None:
    """BURNMIGRATE_STATS=FILE: what the run cost, as JSON (bench/speed.py reads it)."""
    out = os.environ.get("BURNMIGRATE_STATS")
    if out:
        import json
        Path(out).write_text(json.dumps(dict({} if cache_hit else res.stats, cache_hit=cache_hit), indent=1) + "\n")


def _journal_note(res: RunResult, root: Path) -> RunResult:
    """A preview of a tree a killed `apply` left half-written says so (only `apply` rolls back)."""
    if (state_dir(root if root.is_dir() else root.parent) / "journal" / "journal.json").exists():
        res.notes.insert(0, "an interrupted `burnmigrate apply` left its journal: some files may hold its half-done "
                            "writes; run `burnmigrate apply` to roll them back before trusting this preview")
    return res


def gate(res: RunResult, strict: bool) -> bool:
    """What makes `check` (and `--dry-run --check`) fail: pending changes, a file that could not
    be migrated (an engine failure), and with `strict` any finding."""
    broken = any(r.error for r in res.all_results) or any(c.outcome is Outcome.FAILURE for c in res.changes)
    return res.pending or broken or (strict and any(c.is_finding for c in res.changes))


def verify(root: Path, res: RunResult | None, cargo_args, migrated: int, *, offline: bool = False,
           cargo_log: Path | None = None, timeout: int = DEFAULT_TIMEOUT) -> Account:
    """`cargo check` in root (or the saved output of one, `cargo_log`), every diagnostic
    accounted for against the run's records. A cargo run that failed without a compiler error
    is either a pitfall (a build script that downloads: an accounted error) or a UsageError
    with cargo's reason (a manifest it rejects, a resolution failure, nothing cached)."""
    if cargo_log is not None:
        try:
            diags, code, err = read_cargo_log(cargo_log, root)
        except OSError as e:
            raise UsageError(f"{cargo_log}: cannot read the cargo log: {e.strerror}") from None
    else:
        try:
            diags, code, err = cargo_check(root, list(cargo_args or []) + (["--offline"] if offline else []), timeout)
        except CargoUnavailable as e:
            raise UsageError(str(e)) from None
    failure = cargo_failure(err, code, diags, offline)
    if isinstance(failure, str):
        raise UsageError(failure)
    if failure is not None:
        diags.append(failure)
    acc = Account(diags, migrated=migrated, cargo_exit=code, cargo_stderr=err)
    changes = list(res.changes) if res is not None else []
    account(diags, changes, catalog())
    acc.pending_changes = sum(1 for c in changes if not c.is_finding)
    acc.manifest_problems = manifest_feature_problems(root)
    return acc


@dataclass
class ApplyReport:
    res: RunResult
    written: int
    account: Account | None = None                          # with --verify: what is left after writing
    blamed: dict[str, set[str]] = field(default_factory=dict)  # path → rules whose changes brought new errors
    backed_out: bool = False
    locks: list[str] = field(default_factory=list)         # with --update-lock: what changed in each Cargo.lock
    lock_error: str = ""                                    # … or why cargo could not update it
    notes: list[str] = field(default_factory=list)         # a recovered journal, files not written through symlinks


def _pending_writes(res: RunResult, only: set[str] | None = None) -> tuple[list[Pending], list[str]]:
    """What to write, in report order. A symlink is written through to its target when the
    target is inside the project (once, however many links point at it; the link stays a
    link); a link that leaves the project is not written through (said on one line)."""
    root = res.project.root.resolve()
    items: list[Pending] = []
    seen: set[Path] = set()
    skipped: list[str] = []
    for r in res.all_results:
        if not r.changed or r.final is None or (only is not None and r.path not in only):
            continue
        p = res.project.root / r.path
        target = p.resolve() if p.is_symlink() else p
        if p.is_symlink() and not target.is_relative_to(root):
            skipped.append(f"burnmigrate: {r.path} is a symlink to {target}, outside the project: not written through "
                           "(migrate that file in its own project)")
            continue
        if target in seen:
            continue
        seen.add(target)
        items.append(Pending(target, r.path, r.original, r.final))
    return items, skipped


def _unwritten_links(res: RunResult) -> None:
    """A file not written through its symlink (it leaves the project) is not counted as changed:
    the report keeps the engine's finding about it, not edits that were never made."""
    root = res.project.root.resolve()
    for r in res.files:
        p = res.project.root / r.path
        if r.changed and p.is_symlink() and not p.resolve().is_relative_to(root):
            r.final, r.diff = None, None
            r.changes = [c for c in r.changes if not c.edits]


def apply(path: Path, opts: Options, *, allow_dirty: bool, verify_after: bool = False, back_out: bool = False,
          cargo_args=None, offline: bool = False, update_lock: bool = False, allow_no_vcs: bool = False) -> ApplyReport:
    """Write the changes as one transaction (app/transaction.py): refuse a project outside git
    unless `allow_no_vcs`, a dirty git tree (untracked files only when we would rewrite them)
    unless `allow_dirty`; hold the project's lock, finish a killed run's journal first; and with
    `verify_after` compare cargo's errors before and after, blame the rules that brought new
    ones, and with `back_out` restore those file by file."""
    root = path if path.is_dir() else path.parent
    if not root.exists():
        raise UsageError(f"{path}: no such file or directory")
    if not allow_no_vcs and not in_git_tree(root):
        raise UsageError(f"{root}: not in a git work tree, so the changes could not be reviewed or undone; "
                         "commit the project to git first, or pass --allow-no-vcs")
    # a single `.rs` file: the lock and the journal are its crate's, as for a run on the crate
    lock_root = locate(path)[0] if path.exists() else root
    with project_lock(lock_root):
        recovered = recover(lock_root)
        try:
            report = _apply_locked(path, lock_root, opts, allow_dirty, verify_after, back_out, cargo_args, offline,
                                   update_lock)
        except UsageError as e:
            if recovered:   # (the refusal must not hide what was done to the tree first)
                raise UsageError(f"{e} (before that, this run recovered: {recovered.removeprefix('burnmigrate: ')})") from None
            raise
        if recovered:
            report.notes.insert(0, recovered)
        return report


def _apply_locked(path, root, opts, allow_dirty, verify_after, back_out, cargo_args, offline, update_lock) -> ApplyReport:
    dirty = None if allow_dirty else dirty_files(path if path.is_dir() else path.parent)
    if dirty and dirty[0]:
        _refuse(dirty[0])
    if back_out and not verify_after:
        raise UsageError("--back-out goes with --verify")
    res = migrate(path, opts)
    if dirty and dirty[1]:
        root_rel = res.project.root.resolve().relative_to(root.resolve()) if res.project.root.resolve() != root.resolve() else Path()
        ours = {(root_rel / r.path).as_posix() for r in res.all_results if r.changed}
        clash = sorted(set(dirty[1]) & ours)
        if clash:
            _refuse(clash)
    before_keys = error_keys(verify(res.project.root, None, cargo_args, 0, offline=offline).diagnostics) if verify_after else None
    items, skipped = _pending_writes(res)
    written = write_all(root, items)
    _unwritten_links(res)
    report = ApplyReport(res, written, notes=skipped)
    if update_lock:
        _update_locks(report, offline)
    if verify_after:
        _verify_after_apply(report, before_keys or {}, cargo_args, back_out, opts, offline)
    return report


TARGET = "0.22.1"


def _update_locks(report: ApplyReport, offline: bool) -> None:
    """After the manifests are written: every Cargo.lock of the project that locks a burn crate
    below 0.22 gets `cargo update -p NAME@OLD --precise 0.22.1` (and a crate the new graph needs
    newer than the lock holds, `HELD_FORWARD`, its tested version); the report says what changed.
    A failure of cargo is one line, and the manifests stay as written."""
    from burnmigrate.project.lockfile import HELD_BACK, Lockfile, held_forward, systemstat_breaks
    project = report.res.project
    dirs = sorted({c.dir for c in project.crates} | {c.workspace_root for c in project.crates if c.workspace_root})
    for d in dirs:
        lock = d / "Cargo.lock"
        if not lock.is_file():
            continue
        before = Lockfile.read(lock)
        stale = sorted({(n, v) for n, vs in before.packages.items() if n == "burn" or n.startswith("burn-")
                        for v in vs if _older(v, TARGET) and n not in _NOT_AT_TARGET})
        if not stale and not systemstat_breaks(before) and not held_forward(before):
            continue
        try:
            ok, why = update_lock(lock, stale, TARGET, offline)
            if ok and systemstat_breaks(Lockfile.read(lock)):
                ok, why = update_lock(lock, [HELD_BACK[:2]], HELD_BACK[2], offline)
            for name, old, new in held_forward(Lockfile.read(lock)) if ok else []:
                ok, why = update_lock(lock, [(name, old)], new, offline)
        except CargoUnavailable as e:
            raise UsageError(str(e)) from None
        rel = project.rel(lock)
        if not ok:
            report.lock_error = f"{rel}: {why}; the manifests are written, the lock is as it was"
            return
        after = Lockfile.read(lock)
        _drop_settled_lock_findings(report, d, after)
        changed = sorted(n for n in set(before.packages) | set(after.packages)
                         if before.packages.get(n) != after.packages.get(n))
        burn_now = ", ".join(after.packages.get("burn", [])) or "-"
        report.locks.append(f"{rel}: burn {', '.join(before.packages.get('burn', [])) or '-'} → {burn_now}; "
                            f"{len(changed)} packages changed")


def _drop_settled_lock_findings(report: ApplyReport, lock_dir: Path, after) -> None:
    """burn-version's findings about the lock in `lock_dir` that the update settled leave the
    report (it said "Cargo.lock pins burn 0.21.0" after updating it to 0.22.1)."""
    from burnmigrate.project.lockfile import LOCK_HAS_SYSTEMSTAT, LOCK_PINS_BURN, systemstat_breaks
    burn = after.packages.get("burn", [])
    settled = ((LOCK_PINS_BURN,) if burn and not any(_older(v, TARGET) for v in burn) else ()) + \
        ((LOCK_HAS_SYSTEMSTAT,) if not systemstat_breaks(after) else ())
    for mr in report.res.manifest_results:
        if settled and (report.res.project.root / mr.path).parent == lock_dir:
            mr.changes = [ch for ch in mr.changes if ch.edits or ch.edits_from_text
                          or not ch.message.startswith(settled)]


# burn crates that have no 0.22.1 release (removed in 0.22): the update of burn drops them
_NOT_AT_TARGET = {"burn-candle", "burn-collective", "burn-communication", "burn-router-remote"}


def _older(version: str, target: str) -> bool:
    def parts(v: str):
        return [int(x) for x in v.split("-")[0].split(".")[:3]] + [0, 0, 0]
    try:
        return parts(version)[:3] < parts(target)[:3]
    except ValueError:
        return False


def _refuse(paths: list[str]) -> None:
    shown = ", ".join(paths[:10]) + (f" and {len(paths) - 10} more" if len(paths) > 10 else "")
    raise UsageError(f"the git tree has uncommitted changes ({shown}); commit or stash them, or pass --allow-dirty")


def _verify_after_apply(report: ApplyReport, before_keys, cargo_args, back_out: bool, opts: Options, offline: bool) -> None:
    res = report.res
    migrated = sum(1 for c in res.changes if not c.is_finding)
    acc = verify(res.project.root, None, cargo_args, migrated, offline=offline)
    owners = {r.path: final_line_owners(r.original, r.final, r.changes) for r in res.files
              if r.changed and r.final is not None}
    finals = {r.path: r.final for r in res.files if r.changed and r.final is not None}
    report.blamed = blame(acc.diagnostics, before_keys, owners,
                          lambda path, line: item_lines(finals[path], line) if path in finals else (line, line))
    if back_out and report.blamed:
        # through the transaction like the first write: symlink targets, journal, signals
        items, _ = _pending_writes(res, only=set(report.blamed))
        for it in items:
            it.old, it.new = it.new, rewrite_without(res, it.rel, report.blamed[it.rel], opts)
        write_all(res.project.root, [it for it in items if it.new != it.old])
        report.backed_out = True
        acc = verify(res.project.root, None, cargo_args, migrated, offline=offline)
    report.account = acc
