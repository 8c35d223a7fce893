"""The command line (typer). Exit codes: 0 success / nothing pending; 1 `check` (or
`--dry-run --check`) found pending changes or findings that need a person; 2 usage or
environment error (no Cargo.toml, unparsable manifest, dirty tree), printed on one line."""
from __future__ import annotations

import json
import sys
import time
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from . import __version__
from .discover import UsageError
from .registry import all_rules, rule_by_id
from .runner import Options, RunResult, run

EXIT_OK, EXIT_PENDING, EXIT_USAGE = 0, 1, 2


class Format(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    markdown = "markdown"


class Color(str, Enum):
    auto = "auto"
    always = "always"
    never = "never"


class _DefaultToPreview(TyperGroup):
    """`burnmigrate [--dry-run] [PATH]` runs the preview: anything that is not a subcommand
    goes to it."""

    def parse_args(self, ctx, args):
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h", "--version")):
            args = ["preview", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(cls=_DefaultToPreview, add_completion=False, no_args_is_help=False,
                  help="Upgrade a burn 0.21 project to burn 0.22.1. `burnmigrate [--dry-run] [PATH]` "
                       "previews every change as a labelled diff; `burnmigrate apply [PATH]` writes them.")


def _version(value: bool):
    if value:
        typer.echo(f"burnmigrate {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")):
    pass


def _fail(msg: str) -> None:
    typer.echo(f"burnmigrate: error: {msg}", err=True)
    raise typer.Exit(EXIT_USAGE)


class _Progress:
    """A rich progress bar on stderr, shown only when stderr is a terminal and the run takes
    more than a second."""

    def __init__(self, enabled: bool):
        self.enabled = enabled and sys.stderr.isatty()
        self.t0 = time.monotonic()
        self.bar = None
        self.tasks = {}

    def __call__(self, label: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.monotonic() - self.t0 < 1.0:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                console=Console(stderr=True), transient=True)
            self.bar.start()
        if label not in self.tasks:
            self.tasks[label] = self.bar.add_task(label, total=total)
        self.bar.update(self.tasks[label], completed=done)

    def close(self):
        if self.bar is not None:
            self.bar.stop()


def _run(path: Path, select, ignore, enable, unsafe_fixes, jobs, progress, keep_cpu_feature=False) -> RunResult:
    known = {r.id for r in all_rules()}
    for rid in (select or []) + (ignore or []) + (enable or []):
        if rid not in known:
            _fail(f"unknown rule id `{rid}` (see `burnmigrate rules`)")
    bar = _Progress(progress)
    try:
        return run(path, Options(select=frozenset(select or []), ignore=frozenset(ignore or []),
                                 enable=frozenset(enable or []), unsafe_fixes=unsafe_fixes,
                                 jobs=jobs, progress=bar, keep_cpu_feature=keep_cpu_feature))
    except UsageError as e:
        _fail(str(e))
    finally:
        bar.close()


def _emit(res: RunResult, fmt: Format, color: Color, mode: str) -> None:
    from . import report
    if fmt == Format.json:
        sys.stdout.write(report.to_json(res, mode=mode) + "\n")
    elif fmt == Format.sarif:
        sys.stdout.write(report.to_sarif(res) + "\n")
    elif fmt == Format.markdown:
        sys.stdout.write(report.to_markdown(res, mode=mode))
    else:
        from .terminal import print_text
        print_text(res, color=color.value, mode=mode)


PathArg = typer.Argument(Path("."), help="The package, workspace or folder of crates to migrate.")
SelectOpt = typer.Option(None, "--select", help="Run only these rules (repeatable).")
IgnoreOpt = typer.Option(None, "--ignore", help="Do not run these rules (repeatable).")
EnableOpt = typer.Option(None, "--enable", help="Enable an opt-in rule (repeatable).")
UnsafeOpt = typer.Option(False, "--unsafe-fixes", help="Enable every opt-in rule.")
FormatOpt = typer.Option(Format.text, "--format", help="Output format.")
JobsOpt = typer.Option(0, "--jobs", "-j", help="Worker processes (0: one per core).")
ProgressOpt = typer.Option(True, "--progress/--no-progress", help="Progress bar on stderr for long runs.")
ColorOpt = typer.Option(Color.auto, "--color", help="Colour the diff: auto, always, never.")
CargoArgOpt = typer.Option(None, "--cargo-arg", help="An argument passed to `cargo check` (repeatable), e.g. "
                           "--cargo-arg=--features --cargo-arg=wgpu.")
KeepCpuOpt = typer.Option(False, "--keep-cpu-feature",
                          help="Keep burn's `cpu` backend (it downloads LLVM at build time) behind a non-default "
                               "project feature `cpu` instead of replacing it by `flex` (pitfall 2).")


@app.command("preview")
def preview(path: Path = PathArg,
            dry_run: bool = typer.Option(True, "--dry-run", help="Preview only (the default): nothing is written."),
            check: bool = typer.Option(False, "--check", help="Exit 1 when changes are pending or a file could not be migrated."),
            select: Optional[List[str]] = SelectOpt, ignore: Optional[List[str]] = IgnoreOpt,
            enable: Optional[List[str]] = EnableOpt, unsafe_fixes: bool = UnsafeOpt, keep_cpu_feature: bool = KeepCpuOpt,
            format: Format = FormatOpt, jobs: int = JobsOpt, progress: bool = ProgressOpt,
            color: Color = ColorOpt):
    """Preview: every change as a labelled unified diff, a summary per rule, and what needs a person."""
    res = _run(path, select, ignore, enable, unsafe_fixes, jobs, progress, keep_cpu_feature)
    _emit(res, format, color, "dry-run")
    if check and _gate(res, strict=False):
        raise typer.Exit(EXIT_PENDING)


@app.command("check")
def check_cmd(path: Path = PathArg, select: Optional[List[str]] = SelectOpt,
              ignore: Optional[List[str]] = IgnoreOpt, enable: Optional[List[str]] = EnableOpt,
              unsafe_fixes: bool = UnsafeOpt, keep_cpu_feature: bool = KeepCpuOpt, format: Format = FormatOpt, jobs: int = JobsOpt,
              progress: bool = ProgressOpt, color: Color = ColorOpt,
              strict: bool = typer.Option(False, "--strict", help="Also exit 1 on findings (things a person must do).")):
    """CI gate: exit 1 when changes are pending or a file could not be migrated (not UTF-8, a
    rule's result did not parse); with --strict also when findings remain. 0 otherwise."""
    res = _run(path, select, ignore, enable, unsafe_fixes, jobs, progress, keep_cpu_feature)
    _emit(res, format, color, "check")
    if _gate(res, strict):
        raise typer.Exit(EXIT_PENDING)


def _gate(res: RunResult, strict: bool) -> bool:
    """What makes `check` (and `--dry-run --check`) fail."""
    broken = any(r.error for r in res.all_results) or any(
        c.is_finding and ("does not parse" in c.message or c.rule == "engine" or "internal error" in c.message)
        for c in res.changes)
    return res.pending or broken or (strict and any(c.is_finding for c in res.changes))


@app.command("apply")
def apply_cmd(path: Path = PathArg,
              allow_dirty: bool = typer.Option(False, "--allow-dirty", help="Write even when the git tree has uncommitted changes."),
              select: Optional[List[str]] = SelectOpt, ignore: Optional[List[str]] = IgnoreOpt,
              enable: Optional[List[str]] = EnableOpt, unsafe_fixes: bool = UnsafeOpt, keep_cpu_feature: bool = KeepCpuOpt,
              format: Format = FormatOpt, jobs: int = JobsOpt, progress: bool = ProgressOpt,
              color: Color = ColorOpt,
              verify: bool = typer.Option(False, "--verify", help="Run `cargo check` before and after writing and "
                                          "account for what remains; name the rule changes that brought new errors."),
              back_out: bool = typer.Option(False, "--back-out", help="With --verify: restore, file by file, the "
                                            "changes of the rules that brought new errors (like cargo fix)."),
              cargo_arg: Optional[List[str]] = CargoArgOpt):
    """Write the changes (atomically; encoding, BOM, line endings and permissions kept)."""
    from .writer import atomic_write, dirty_files
    root = path if path.is_dir() else path.parent
    if not root.exists():
        _fail(f"{path}: no such file or directory")
    dirty = None if allow_dirty else dirty_files(root)

    def refuse(paths: list[str]) -> None:
        shown = ", ".join(paths[:10]) + (f" and {len(paths) - 10} more" if len(paths) > 10 else "")
        _fail(f"the git tree has uncommitted changes ({shown}); commit or stash them, or pass --allow-dirty")

    if dirty and dirty[0]:
        refuse(dirty[0])
    if back_out and not verify:
        _fail("--back-out goes with --verify")
    res = _run(path, select, ignore, enable, unsafe_fixes, jobs, progress, keep_cpu_feature)
    if dirty and dirty[1]:  # untracked files only matter when they are ours to rewrite
        root_rel = res.project.root.resolve().relative_to(root.resolve()) if res.project.root.resolve() != root.resolve() else Path()
        ours = {(root_rel / r.path).as_posix() for r in res.all_results if r.changed}
        clash = sorted(set(dirty[1]) & ours)
        if clash:
            refuse(clash)
    before_keys = None
    if verify:
        from .verify import error_keys
        before_keys = error_keys(_verify(res.project.root, None, cargo_arg, 0).diagnostics)
    written = 0
    for r in res.all_results:
        if r.changed:
            atomic_write(res.project.root / r.path, r.final)
            written += 1
    _emit(res, format, color, "apply")
    if format == Format.text:
        typer.echo(f"burnmigrate: wrote {written} file(s).", err=True)
    if verify:
        _verify_after_apply(res, before_keys, cargo_arg, back_out, color,
                            Options(select=frozenset(select or []), ignore=frozenset(ignore or []),
                                    enable=frozenset(enable or []), unsafe_fixes=unsafe_fixes, jobs=jobs,
                                    keep_cpu_feature=keep_cpu_feature))


def _verify_after_apply(res: RunResult, before_keys, cargo_arg, back_out: bool, color: Color, opts: Options) -> None:
    from .runner import rewrite_without
    from .terminal import print_account
    from .verify import blame, final_line_owners
    from .writer import atomic_write
    migrated = sum(1 for c in res.changes if not c.is_finding)
    acc = _verify(res.project.root, None, cargo_arg, migrated)
    owners = {r.path: final_line_owners(r.original, r.final, r.changes) for r in res.files if r.changed}
    from .syntax import item_lines
    finals = {r.path: r.final for r in res.files if r.changed}
    blamed = blame(acc.diagnostics, before_keys or {}, owners,
                   lambda path, line: item_lines(finals[path], line) if path in finals else (line, line))
    for path, rules in sorted(blamed.items()):
        typer.echo(f"burnmigrate: {path}: new errors on lines changed by {', '.join(sorted(rules))}"
                   + ("; backing those changes out" if back_out else "; `apply --verify --back-out` restores them"))
    if back_out and blamed:
        for path, rules in sorted(blamed.items()):
            atomic_write(res.project.root / path, rewrite_without(res, path, rules, opts))
        acc = _verify(res.project.root, None, cargo_arg, migrated)
    print_account(acc, color=color.value, title="verify after apply")


def _verify(root: Path, res: RunResult | None, cargo_args, migrated: int):
    from .verify import Account, CargoUnavailable, account, cargo_check
    try:
        diags, code, err = cargo_check(root, list(cargo_args or []))
    except CargoUnavailable as e:
        _fail(str(e))
    acc = Account(diags, migrated=migrated, cargo_exit=code, cargo_stderr=err)
    changes = [c for c in res.changes] if res is not None else []
    account(diags, changes)
    acc.pending_changes = sum(1 for c in changes if not c.is_finding)
    return acc


@app.command("verify")
def verify_cmd(path: Path = PathArg, cargo_arg: Optional[List[str]] = CargoArgOpt,
               format: Format = FormatOpt, color: Color = ColorOpt, jobs: int = JobsOpt,
               progress: bool = ProgressOpt):
    """Run `cargo check` and account for every error left: flagged by a finding (with its
    reason), pending (a change `apply` would make), or not covered. Exit 1 when errors remain."""
    res = _run(path, None, None, None, False, jobs, progress)
    acc = _verify(res.project.root, res, cargo_arg, migrated=0)
    if format == Format.json:
        typer.echo(json.dumps(acc.to_json(), indent=2))
    else:
        from .terminal import print_account
        print_account(acc, color=color.value)
    if acc.errors:
        raise typer.Exit(EXIT_PENDING)


@app.command("rules")
def rules_cmd(format: Format = typer.Option(Format.text, "--format", help="text or json")):
    """Every rule: id, pitfalls, safety, whether it fixes or only finds."""
    rows = [r.describe() for r in all_rules()]
    if format == Format.json:
        typer.echo(json.dumps(rows, indent=2))
        return
    from rich.console import Console
    from rich.table import Table
    t = Table(title="burnmigrate rules (burn 0.21 → 0.22.1)")
    for col in ("id", "pitfalls", "guide", "safety", "kind", "what"):
        t.add_column(col)
    for r, row in zip(all_rules(), rows):
        t.add_row(row["id"], ", ".join(map(str, row["pitfalls"])), row["guide"], row["safety"], row["kind"], r.name)
    Console().print(t)


@app.command("explain")
def explain_cmd(what: str = typer.Argument(..., help="A rule id, or a pitfall number (1-26).")):
    """Print a rule's documentation, or a pitfall chapter with the rules that cover it."""
    from .pitfalls import chapter
    if what.isdigit():
        n = int(what)
        text = chapter(n)
        if text is None:
            _fail(f"no pitfall {n}: pitfalls are numbered 1 to 26")
        covering = [r for r in all_rules() if n in r.pitfalls]
        typer.echo(text.rstrip())
        typer.echo("")
        typer.echo("Rules: " + (", ".join(r.id for r in covering) if covering else "none yet: a person must check this one"))
        return
    rule = rule_by_id(what)
    if rule is None:
        _fail(f"unknown rule or pitfall `{what}` (see `burnmigrate rules`)")
    typer.echo(f"{rule.id} — {rule.name}  (pitfalls {', '.join(map(str, rule.pitfalls))}; {rule.guide}; {rule.safety})")
    typer.echo("")
    typer.echo(rule.doc())
    if rule.check is not None:
        typer.echo("")
        typer.echo(f"Check: {rule.check.text}")
        if rule.check.command:
            typer.echo(f"  $ {rule.check.command}")
        if rule.check.error_codes:
            typer.echo(f"  error codes: {', '.join(rule.check.error_codes)}  (`burnmigrate verify` maps them back to this rule)")


def main() -> None:
    try:
        app(prog_name="burnmigrate")
    except KeyboardInterrupt:
        sys.exit(130)
