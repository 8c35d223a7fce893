"""The use cases behind the commands. Each takes plain options, does its work (discover, run
the engine, write, run cargo) and returns data for the renderers; bad input raises UsageError
(the CLI prints it on one line and exits 2)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from burnmigrate.app.cargo import CargoUnavailable, cargo_check, read_cargo_log, update_lock
from burnmigrate.app.writer import atomic_write, dirty_files
from burnmigrate.engine import Options, rewrite_without, run
from burnmigrate.engine.catalog import catalog
from burnmigrate.model import Outcome, RunResult
from burnmigrate.project.discover import UsageError
from burnmigrate.rust.syntax import item_lines
from burnmigrate.verify.account import Account, account
from burnmigrate.verify.blame import blame, error_keys, final_line_owners
from burnmigrate.verify.diagnostics import cargo_failure


def migrate(path: Path, opts: Options) -> RunResult:
    """The migration of PATH in memory (nothing written): preview, check and apply start here."""
    known = {r.id for r in catalog()}
    for rid in sorted(opts.select) + sorted(opts.ignore) + sorted(opts.enable):
        if rid not in known:
            raise UsageError(f"unknown rule id `{rid}` (see `burnmigrate rules`)")
    return run(path, opts)


def gate(res: RunResult, strict: bool) -> bool:
    """What makes `check` (and `--dry-run --check`) fail: pending changes, a file that could not
    be migrated (an engine failure), and with `strict` any finding."""
    broken = any(r.error for r in res.all_results) or any(c.outcome is Outcome.FAILURE for c in res.changes)
    return res.pending or broken or (strict and any(c.is_finding for c in res.changes))


def verify(root: Path, res: RunResult | None, cargo_args, migrated: int, *, offline: bool = False,
           cargo_log: Path | None = None) -> Account:
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
            diags, code, err = cargo_check(root, list(cargo_args or []) + (["--offline"] if offline else []))
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


def apply(path: Path, opts: Options, *, allow_dirty: bool, verify_after: bool = False, back_out: bool = False,
          cargo_args=None, offline: bool = False, update_lock: bool = False) -> ApplyReport:
    """Write the changes: refuse a dirty git tree (untracked files only when we would rewrite
    them), write atomically, and with `verify_after` compare cargo's errors before and after,
    blame the rules that brought new ones, and with `back_out` restore those file by file."""
    root = path if path.is_dir() else path.parent
    if not root.exists():
        raise UsageError(f"{path}: no such file or directory")
    dirty = None if allow_dirty else dirty_files(root)
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
    written = 0
    for r in res.all_results:
        if r.changed:
            atomic_write(res.project.root / r.path, r.final)
            written += 1
    report = ApplyReport(res, written)
    if update_lock:
        _update_locks(report, offline)
    if verify_after:
        _verify_after_apply(report, before_keys or {}, cargo_args, back_out, opts, offline)
    return report


TARGET = "0.22.1"


def _update_locks(report: ApplyReport, offline: bool) -> None:
    """After the manifests are written: every Cargo.lock of the project that locks a burn crate
    below 0.22 gets `cargo update -p NAME@OLD --precise 0.22.1`; the report says what changed.
    A failure of cargo is one line, and the manifests stay as written."""
    from burnmigrate.project.lockfile import HELD_BACK, Lockfile, systemstat_breaks
    project = report.res.project
    dirs = sorted({c.dir for c in project.crates} | {c.workspace_root for c in project.crates if c.workspace_root})
    for d in dirs:
        lock = d / "Cargo.lock"
        if not lock.is_file():
            continue
        before = Lockfile.read(lock)
        stale = sorted({(n, v) for n, vs in before.packages.items() if n == "burn" or n.startswith("burn-")
                        for v in vs if _older(v, TARGET) and n not in _NOT_AT_TARGET})
        if not stale and not systemstat_breaks(before):
            continue
        try:
            ok, why = update_lock(lock, stale, TARGET, offline)
            if ok and systemstat_breaks(Lockfile.read(lock)):
                ok, why = update_lock(lock, [HELD_BACK[:2]], HELD_BACK[2], offline)
        except CargoUnavailable as e:
            raise UsageError(str(e)) from None
        rel = project.rel(lock)
        if not ok:
            report.lock_error = f"{rel}: {why}; the manifests are written, the lock is as it was"
            return
        after = Lockfile.read(lock)
        changed = sorted(n for n in set(before.packages) | set(after.packages)
                         if before.packages.get(n) != after.packages.get(n))
        burn_now = ", ".join(after.packages.get("burn", [])) or "-"
        report.locks.append(f"{rel}: burn {', '.join(before.packages.get('burn', [])) or '-'} → {burn_now}; "
                            f"{len(changed)} packages changed")


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
    owners = {r.path: final_line_owners(r.original, r.final, r.changes) for r in res.files if r.changed}
    finals = {r.path: r.final for r in res.files if r.changed}
    report.blamed = blame(acc.diagnostics, before_keys, owners,
                          lambda path, line: item_lines(finals[path], line) if path in finals else (line, line))
    if back_out and report.blamed:
        for path, rules in sorted(report.blamed.items()):
            atomic_write(res.project.root / path, rewrite_without(res, path, rules, opts))
        report.backed_out = True
        acc = verify(res.project.root, None, cargo_args, migrated, offline=offline)
    report.account = acc
