"""The options the commands of burnmigrate/cli.py share (typer's declarations, one place)."""
from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer


class Format(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    markdown = "markdown"


class TextOrJson(str, Enum):
    """The formats of the commands that write no diff report (`verify`, `remap`, `diagnose`,
    `rules`): any other is a usage error, not text in its place."""
    text = "text"
    json = "json"


class Color(str, Enum):
    auto = "auto"
    always = "always"
    never = "never"


PathArg = typer.Argument(Path("."), help="The package, workspace or folder of crates to migrate.")
SelectOpt = typer.Option(None, "--select", help="Run only these rules (repeatable).")
IgnoreOpt = typer.Option(None, "--ignore", help="Do not run these rules (repeatable).")
EnableOpt = typer.Option(None, "--enable", help="Enable an opt-in rule (repeatable).")
UnsafeOpt = typer.Option(False, "--unsafe-fixes", help="Enable every opt-in rule.")
FormatOpt = typer.Option(Format.text, "--format", help="Output format.")
TextOrJsonOpt = typer.Option(TextOrJson.text, "--format", help="Output format: text or json.")
JobsOpt = typer.Option(0, "--jobs", "-j", min=0, help="Worker processes (0: one per core; never more than the cores "
                                                       "or the files).")
ProgressOpt = typer.Option(True, "--progress/--no-progress", help="Progress bar on stderr for long runs.")
ColorOpt = typer.Option(Color.auto, "--color", help="Colour the diff: auto, always, never.")
CargoArgOpt = typer.Option(None, "--cargo-arg", help="An argument passed to `cargo check` (repeatable), e.g. "
                           "--cargo-arg=--features --cargo-arg=wgpu.")
OfflineOpt = typer.Option(False, "--offline", help="Pass --offline to cargo (build from cargo's cache only).")
KeepCpuOpt = typer.Option(False, "--keep-cpu-feature",
                          help="Keep burn's `cpu` backend (it downloads LLVM at build time) behind a non-default "
                               "project feature `cpu` instead of replacing it by `flex` (pitfall 2).")
CacheOpt = typer.Option(True, "--cache/--no-cache", help="Reuse an identical earlier preview (files, options, tool).")
DocsOpt = typer.Option(True, "--docs/--no-docs", help="Also migrate the Rust code blocks of doc comments, READMEs "
                       "and mdBook pages (labelled `· doc`); `--no-docs` leaves documentation alone.")
AllPlacesOpt = typer.Option(False, "--all-places", help="List every place of each decision (the text report shows "
                            "the first three and a count).")
ConfigPatchOpt = typer.Option(False, "--write-config-patches",
                              help="Patch the project's JSON config files that lack keys their config gained (burn "
                                   "0.22's or the project's own defaulted fields): the keys are added with their "
                                   "defaults (pitfall 17). Without it those files are findings.")
SkipUnreadableOpt = typer.Option(False, "--skip-unreadable",
                                 help="Leave files and folders that cannot be read (permissions, over the size limit) "
                                      "as they are, with a note; without it they are an error (exit 2).")
