"""The command line (typer): options → use case (app/) → renderer (output/) → exit code.

Exit codes: 0 success / nothing pending; 1 `check` (or `--dry-run --check`) found pending changes
or a file it could not migrate, `verify` found errors; 2 usage or environment error (no
Cargo.toml, unparsable manifest, dirty tree, no VCS, a write that failed and was rolled back,
a standard output that cannot take the report), printed on one line; 3 internal error (one line; the details in a file under the cache dir);
130 / 143 interrupted by SIGINT / SIGTERM (the run's writes rolled back)."""
from __future__ import annotations

import json
import signal
import sys
from pathlib import Path
from typing import NoReturn

import typer
from typer.core import TyperGroup

from burnmigrate import __version__, pitfalls
from burnmigrate.app import usecases
from burnmigrate.cli_options import (
    AllPlacesOpt,
    CacheOpt,
    CargoArgOpt,
    Color,
    ColorOpt,
    ConfigPatchOpt,
    DocsOpt,
    EnableOpt,
    Format,
    FormatOpt,
    IgnoreOpt,
    JobsOpt,
    KeepCpuOpt,
    OfflineOpt,
    PathArg,
    ProgressOpt,
    SelectOpt,
    SkipUnreadableOpt,
    TextOrJson,
    TextOrJsonOpt,
    UnsafeOpt,
)
from burnmigrate.cli_output import OutputFailed, closed_stdout_guard, emit as _emit, quiet_stdout as _quiet_stdout
from burnmigrate.engine import Options
from burnmigrate.engine.catalog import catalog, rule_info
from burnmigrate.model import RunResult
from burnmigrate.output.decisions import DECISION_ID
from burnmigrate.output.errors import error_exit as _error, format_of as _format_of
from burnmigrate.output.progress import Progress as _Progress
from burnmigrate.project.errors import UsageError

EXIT_OK, EXIT_PENDING, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class _DefaultToPreview(TyperGroup):
    """`burnmigrate [--dry-run] [PATH]` runs the preview: anything that is not a subcommand
    goes to it (`--dry-run` only says so: the preview never writes)."""

    def parse_args(self, ctx, args):
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h", "--version")):
            args = ["preview", *args]
        if args and args[0] == "preview":
            args = [a for a in args if a != "--dry-run"]
        return super().parse_args(ctx, args)


app = typer.Typer(cls=_DefaultToPreview, add_completion=False, no_args_is_help=False,
                  context_settings={"help_option_names": ["-h", "--help"]}, pretty_exceptions_enable=False,
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


def _fail(msg: str) -> NoReturn:
    raise UsageError(msg)   # main() prints it on one line (and the error document for json / sarif)


def _options(select, ignore, enable, unsafe_fixes, jobs, keep_cpu_feature, progress=None, config_patches=False,
             docs=True, cache=False, skip_unreadable=False) -> Options:
    return Options(select=frozenset(select or []), ignore=frozenset(ignore or []), enable=frozenset(enable or []),
                   unsafe_fixes=unsafe_fixes, jobs=jobs, progress=progress, keep_cpu_feature=keep_cpu_feature,
                   config_patches=config_patches, docs=docs, cache=cache, skip_unreadable=skip_unreadable)


def _migrate(path: Path, opts: Options, progress: bool) -> RunResult:
    bar = _Progress(progress)
    opts.progress = bar
    try:
        return usecases.migrate(path, opts)
    except UsageError as e:
        _fail(str(e))
    finally:
        bar.close()
        opts.progress = None


@app.command("preview")
def preview(path: Path = PathArg,
            check: bool = typer.Option(False, "--check", help="Exit 1 when changes are pending or a file could not be migrated."),
            select: list[str] | None = SelectOpt, ignore: list[str] | None = IgnoreOpt,
            enable: list[str] | None = EnableOpt, unsafe_fixes: bool = UnsafeOpt, keep_cpu_feature: bool = KeepCpuOpt,
            config_patches: bool = ConfigPatchOpt, docs: bool = DocsOpt, cache: bool = CacheOpt,
            format: Format = FormatOpt, jobs: int = JobsOpt, progress: bool = ProgressOpt, color: Color = ColorOpt,
            all_places: bool = AllPlacesOpt, skip_unreadable: bool = SkipUnreadableOpt):
    """Preview (`--dry-run`, the default): every change as a labelled unified diff, a summary
    per rule, and what needs a person. Nothing is written."""
    res = _migrate(path, _options(select, ignore, enable, unsafe_fixes, jobs, keep_cpu_feature,
                                  config_patches=config_patches, docs=docs, cache=cache,
                                  skip_unreadable=skip_unreadable), progress)
    _emit(res, format, color, "dry-run", all_places)
    if check and usecases.gate(res, strict=False):
        raise typer.Exit(EXIT_PENDING)


@app.command("check")
def check_cmd(path: Path = PathArg, select: list[str] | None = SelectOpt,
              ignore: list[str] | None = IgnoreOpt, enable: list[str] | None = EnableOpt,
              unsafe_fixes: bool = UnsafeOpt, keep_cpu_feature: bool = KeepCpuOpt, config_patches: bool = ConfigPatchOpt,
              docs: bool = DocsOpt, cache: bool = CacheOpt, format: Format = FormatOpt, jobs: int = JobsOpt,
              progress: bool = ProgressOpt, color: Color = ColorOpt, all_places: bool = AllPlacesOpt,
              strict: bool = typer.Option(False, "--strict", help="Also exit 1 on findings (things a person must do)."),
              skip_unreadable: bool = SkipUnreadableOpt):
    """CI gate: exit 1 when changes are pending or a file could not be migrated (not UTF-8, a
    rule's result did not parse); with --strict also when findings remain. 0 otherwise."""
    res = _migrate(path, _options(select, ignore, enable, unsafe_fixes, jobs, keep_cpu_feature,
                                  config_patches=config_patches, docs=docs, cache=cache,
                                  skip_unreadable=skip_unreadable), progress)
    _emit(res, format, color, "check", all_places)
    if usecases.gate(res, strict):
        raise typer.Exit(EXIT_PENDING)


@app.command("apply")
def apply_cmd(path: Path = PathArg,
              allow_dirty: bool = typer.Option(False, "--allow-dirty", help="Write even when the git tree has uncommitted changes."),
              allow_no_vcs: bool = typer.Option(False, "--allow-no-vcs", help="Write even when the project is not in a "
                                                "git work tree (nothing would show or undo the changes)."),
              select: list[str] | None = SelectOpt, ignore: list[str] | None = IgnoreOpt,
              enable: list[str] | None = EnableOpt, unsafe_fixes: bool = UnsafeOpt, keep_cpu_feature: bool = KeepCpuOpt,
              config_patches: bool = ConfigPatchOpt, docs: bool = DocsOpt,
              format: Format = FormatOpt, jobs: int = JobsOpt, progress: bool = ProgressOpt,
              color: Color = ColorOpt, all_places: bool = AllPlacesOpt,
              verify: bool = typer.Option(False, "--verify", help="Run `cargo check` before and after writing and "
                                          "account for what remains; name the rule changes that brought new errors."),
              back_out: bool = typer.Option(False, "--back-out", help="With --verify: restore, file by file, the "
                                            "changes of the rules that brought new errors (like cargo fix)."),
              cargo_arg: list[str] | None = CargoArgOpt, offline: bool = OfflineOpt,
              update_lock: bool = typer.Option(False, "--update-lock", help="After writing the manifests, run "
                                               "`cargo update -p burn@OLD --precise 0.22.1` (and for the other burn "
                                               "crates) in every Cargo.lock that locks burn below 0.22."),
              skip_unreadable: bool = SkipUnreadableOpt):
    """Write the changes as one transaction (all files or none; a journal lets a killed run be rolled back; one writer per project), keeping encoding, BOM, line endings and permissions."""
    opts = _options(select, ignore, enable, unsafe_fixes, jobs, keep_cpu_feature, config_patches=config_patches,
                    docs=docs, skip_unreadable=skip_unreadable)
    bar = _Progress(progress)
    opts.progress = bar
    try:
        report = usecases.apply(path, opts, allow_dirty=allow_dirty, verify_after=verify, back_out=back_out,
                                cargo_args=cargo_arg, offline=offline, update_lock=update_lock, allow_no_vcs=allow_no_vcs)
    finally:
        bar.close()
    for line in report.notes:
        typer.echo(line, err=True)
    try:
        _emit(report.res, format, color, "apply", all_places)
    except OutputFailed as e:   # the files are written: say so where it can be read
        raise OutputFailed(f"{e}; the migration itself is complete: wrote {report.written} file(s)") from None
    if format == Format.text:
        typer.echo(f"burnmigrate: wrote {report.written} file(s).", err=True)
    for line in report.locks:
        typer.echo(f"burnmigrate: {line}", err=True)
    if report.lock_error:
        typer.echo(f"burnmigrate: error: {report.lock_error}", err=True)
        raise typer.Exit(EXIT_USAGE)
    if verify:
        from burnmigrate.output.text import print_account, print_blame
        print_blame(report.blamed, back_out)
        print_account(report.account, color=color.value, title="verify after apply")


@app.command("verify")
def verify_cmd(path: Path = PathArg, cargo_arg: list[str] | None = CargoArgOpt,
               format: TextOrJson = TextOrJsonOpt, color: Color = ColorOpt, jobs: int = JobsOpt,
               progress: bool = ProgressOpt, offline: bool = OfflineOpt,
               cargo_log: Path | None = typer.Option(None, "--cargo-log", help="Account for a saved "
                                                        "`cargo check --message-format=json` run instead of running cargo."),
               skip_unreadable: bool = SkipUnreadableOpt,
               timeout: int = typer.Option(3600, "--timeout", min=1, help="Stop cargo after this many seconds "
                                           "(exit 2); a line on stderr every minute says it is still running.")):
    """Run `cargo check` and account for every error left: flagged by a finding (with its
    reason), pending (a change `apply` would make), or not covered. Exit 1 when errors remain;
    2 when cargo failed for a reason that is not the code's (one line says which)."""
    res = _migrate(path, _options(None, None, None, False, jobs, False, skip_unreadable=skip_unreadable), progress)
    try:
        acc = usecases.verify(res.project.root, res, cargo_arg, migrated=0, offline=offline, cargo_log=cargo_log,
                              timeout=timeout)
    except UsageError as e:
        _fail(str(e))
    if format == TextOrJson.json:
        typer.echo(json.dumps(acc.to_json(), indent=2))
    else:
        from burnmigrate.output.text import print_account
        print_account(acc, color=color.value)
    if acc.errors or acc.manifest_problems:
        raise typer.Exit(EXIT_PENDING)


@app.command("remap")
def remap_cmd(path: Path = PathArg,
              since: str = typer.Option(..., "--since", help="The git revision the checkpoints were saved at."),
              write: bool = typer.Option(False, "--write", help="Add the remapping calls to the store load sites (`BurnpackStore` / `SafetensorsStore` / `PytorchStore::from_file(..)`)."),
              format: TextOrJson = TextOrJsonOpt):
    """The project renamed fields of its own modules since REV: the remapping calls that let old
    checkpoints load (pitfall 18); renames it cannot pair are listed, not guessed; `load_file`
    sites are listed with the store form that can carry the remap."""
    from burnmigrate.app.remap import plan_remap, record_form, write_remap
    plan = write_remap(path, since) if write else plan_remap(path, since)
    from burnmigrate.output.text import print_remap
    print_remap(plan, since, write, record_form, as_json=format == TextOrJson.json)


@app.command("diagnose")
def diagnose_cmd(source: str | None = typer.Argument(None, help="A file with what you hit (cargo / rustc output, "
                                                        "a panic and its backtrace, a load error); `-` reads stdin."),
                 symptom: str = typer.Option("", "--symptom", help="What you see, in words (\"memory grows during inference\")."),
                 path: Path | None = typer.Option(None, "--path", help="Also point at the places of this project "
                                                     "the matching rules flag."),
                 format: TextOrJson = TextOrJsonOpt):
    """The chapter(s) of burn 0.22.1's pitfalls that explain an error, a panic or a symptom, and
    the rules that cover them (the seed's decision chart). Exit 0 when something matched, 1 when
    nothing did."""
    from burnmigrate.app.diagnose import answer, read_input
    try:
        raw = read_input(source, sys.stdin)
    except UsageError as e:
        _fail(str(e))
    if not raw and not symptom:
        _fail("give what you hit (a FILE, or - for stdin) or --symptom \"what you see\"")
    answers = answer(raw, symptom, catalog(), path, lambda p: _migrate(p, _options(None, None, None, False, 0, False), False))
    if format == TextOrJson.json:
        typer.echo(json.dumps({"matched": bool(answers), "answers": [a.to_json() for a in answers]}, indent=2))
    else:
        from burnmigrate.output.text import print_diagnosis
        print_diagnosis(answers)
    if not answers:
        raise typer.Exit(EXIT_PENDING)


@app.command("pr")
def pr_cmd(path: Path = PathArg, base: str = typer.Option("", "--base", help="Branch from this (default: the remote's default branch)."),
           branch: str = typer.Option("burnmigrate/burn-0.22.1", "--branch", help="The upgrade branch."),
           dry_run: bool = typer.Option(False, "--dry-run", help="Print the commits and the PR body; push nothing."),
           local: bool = typer.Option(False, "--local", help="Leave the branch in the clone; push nothing."),
           remote: str = typer.Option("origin", "--remote"), repo: str = typer.Option("", "--repo", help="OWNER/NAME."),
           api_url: str = typer.Option("", "--api-url"), token_env: str = typer.Option("GITHUB_TOKEN", "--token-env"),
           label: list[str] | None = typer.Option(None, "--label"), keep_cpu_feature: bool = KeepCpuOpt, verify: bool = typer.Option(False, "--verify", help="`cargo check` the branch; its account in the body.")):
    """Open (or update) the upgrade pull request: a branch of one commit per rule, the report as its body."""
    from burnmigrate.app.github_pr import run
    for line in run(path, _options(None, None, None, False, 0, keep_cpu_feature), base=base, branch=branch,
                    dry_run=dry_run, local=local, remote=remote, repo=repo, api_url=api_url, token_env=token_env,
                    labels=list(label or []), verify=verify):
        typer.echo(line)


@app.command("demo")
def demo_cmd(apply: bool = typer.Option(False, "--apply", help="Write the migration in the temp dir and print its path."),
             format: Format = FormatOpt, color: Color = ColorOpt):
    """Copy a small burn 0.21 crate (a model, a training loop, `cpu` and `default-features = false`)
    to a temp dir and preview its migration: the tool at work without a project of your own."""
    from burnmigrate.app.demo import make_demo
    root = make_demo()
    opts = _options(None, None, None, False, 1, False)
    if apply:
        report = usecases.apply(root, opts, allow_dirty=True, allow_no_vcs=True)
        _emit(report.res, format, color, "apply")
        typer.echo(f"burnmigrate: wrote {report.written} file(s) of the demo crate in {root}", err=True)
        return
    _emit(usecases.migrate(root, opts), format, color, "dry-run")
    typer.echo(f"burnmigrate: the demo crate is in {root} (unchanged; `burnmigrate demo --apply` writes a copy)", err=True)


@app.command("rules")
def rules_cmd(format: TextOrJson = TextOrJsonOpt):
    """Every rule: id, pitfalls, safety, whether it fixes or only finds."""
    if format == TextOrJson.json:
        typer.echo(json.dumps([r.to_json() for r in catalog()], indent=2))
        return
    from burnmigrate.output.text import print_rules
    print_rules(catalog())


@app.command("explain")
def explain_cmd(what: str = typer.Argument("", help="A rule id, a pitfall number (1-26), or a decision id (D-…)."),
                list_: bool = typer.Option(False, "--list", help="The 26 chapters' titles."),
                path: Path = typer.Option(Path("."), "--path", help="With a decision id: the project it was reported on."),
                color: Color = ColorOpt):
    """Print a rule's documentation, a pitfall chapter with the rules that cover it, or a
    decision of a project's report with every place it applies to."""
    from burnmigrate.output.text import explain_pitfall, explain_rule
    if DECISION_ID.fullmatch(what):
        _explain_decision(what, path, color)
        return
    if list_ or not what:
        typer.echo("\n".join(f"{n:2}. {pitfalls.title(n)}" for n in range(1, 27)))
        return
    if what.isdigit():
        n = int(what)
        text = pitfalls.chapter(n)
        if text is None:
            _fail(f"no pitfall {n}: pitfalls are numbered 1 to 26")
        from burnmigrate.app.diagnose import patterns_for
        typer.echo(explain_pitfall(text, [r for r in catalog() if n in r.pitfalls], pitfalls.COMMANDS.get(n, ""),
                                   pitfalls.NO_CODE_SHAPE.get(n, ""), patterns_for(n)))
        return
    info = rule_info(what)
    if info is None:
        _fail(f"unknown rule or pitfall `{what}` (see `burnmigrate rules`)")
    typer.echo(explain_rule(info))


def _explain_decision(decision: str, path: Path, color: Color) -> None:
    """`burnmigrate explain D-…`: the decision on this run of the project, every place of it."""
    from burnmigrate.output.text import decision_lines, use_color
    found = usecases.decision(path, _options(None, None, None, False, 0, False), decision)
    if found is None:
        _fail(f"no decision {decision} in the report on {path} (ids come from `burnmigrate --dry-run {path}`; "
              "a decision no place needs any more is gone)")
    sys.stdout.write("".join(decision_lines([found], use_color(color.value), all_places=True)[1:]))


def main() -> None:
    """Every way a run ends is one line and a documented exit code (module doc)."""
    try:   # recent typer carries its own click
        from typer._click.exceptions import UsageError as ClickUsageError
    except ImportError:  # pragma: no cover - older typer on the real click
        from click.exceptions import UsageError as ClickUsageError  # type: ignore[assignment]  # click's own class there
    from burnmigrate.app.transaction import Interrupted, WriteFailed

    def _terminated(signum, _frame):
        raise Interrupted(signum)

    signal.signal(signal.SIGTERM, _terminated)   # one line and 143, not a silent death
    closed_stdout_guard()
    argv = sys.argv[1:]
    fmt = _format_of(argv)
    try:
        code = app(prog_name="burnmigrate", args=argv, standalone_mode=False)
    except ClickUsageError as e:
        _error(e.format_message().replace("\n", " "), EXIT_USAGE, fmt)
    except (UsageError, WriteFailed) as e:
        _error(str(e), EXIT_USAGE, fmt)
    except Interrupted as e:
        _error({"restored": "interrupted: every file this run had written was restored",
                "written": "interrupted after every file was written (the migration is complete)"}.get(
                    e.phase, "interrupted (no file was being written)"), 128 + e.signum, fmt)
    except (KeyboardInterrupt, typer.Abort):
        _error("interrupted", 130, fmt)
    except (OutputFailed, BrokenPipeError) as e:   # stdout is gone: the status goes to stderr, exit 2
        _quiet_stdout()
        _error(str(e) if isinstance(e, OutputFailed) else "standard output was closed before the report was written",
               EXIT_USAGE, "text")
    except Exception as e:  # a bug: one line, the details on disk
        try:
            from burnmigrate.app.crash import crash_report
            where = f"details in {crash_report(e, __version__)}"
        except OSError:
            where = "no crash file could be written"
        _error(f"internal error: {type(e).__name__}: {e} ({where}; please report it)", EXIT_INTERNAL, fmt)
    if code == 130:   # typer turns KeyboardInterrupt into Exit(130)
        _error("interrupted", 130, fmt)
    sys.exit(code if isinstance(code, int) else 0)
