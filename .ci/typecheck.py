"""mypy over the whole package, with the layout of pyproject.toml's [tool.setuptools.package-dir].

mypy finds modules by their folders and knows nothing of setuptools' package-dir: `codemods/` is
installed as `burnmigrate.codemods` and `manifest_fixers/` as `burnmigrate.manifest_fixers`, which
neither `mypy -p burnmigrate` (it looks for burnmigrate/codemods/) nor the editable install (an
import hook mypy does not run) can tell it. So this script hands mypy each file of those folders
under its installed module name, next to what `-p burnmigrate` finds; the rest is mypy's own
command line, with the settings of [tool.mypy]. Usage: `python .ci/typecheck.py [mypy options]`.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:   # Python 3.10: mypy's own dependency
    import tomli as tomllib

from mypy import build
from mypy.errors import CompileError
from mypy.fscache import FileSystemCache
from mypy.main import process_options
from mypy.modulefinder import BuildSource
from mypy.util import FancyFormatter, count_stats

REPO = Path(__file__).resolve().parents[1]


def mapped_sources() -> list[BuildSource]:
    """A BuildSource for every .py file of a package whose folder is not its dotted name."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    out = []
    for package, folder in config["tool"]["setuptools"]["package-dir"].items():
        if Path(folder) == Path(*package.split(".")):
            continue   # found by `-p` as it is
        for p in sorted((REPO / folder).glob("*.py")):
            module = package if p.stem == "__init__" else f"{package}.{p.stem}"
            out.append(BuildSource(str(p.relative_to(REPO)), module, None, str(REPO)))
    return out


def main(argv: list[str]) -> int:
    os.chdir(REPO)   # `-p burnmigrate` is found from here, and paths are shown from here
    fscache = FileSystemCache()
    sources, options = process_options(["-p", "burnmigrate", *argv], fscache=fscache)
    sources += mapped_sources()
    formatter = FancyFormatter(sys.stdout, sys.stderr, options.hide_error_codes)
    try:
        messages = build.build(sources, options, fscache=fscache).errors
        blockers = False
    except CompileError as e:
        messages, blockers = e.messages, True
    for m in messages:
        print(formatter.colorize(m) if options.color_output else m)
    n_errors, _, n_files = count_stats(messages)
    if n_errors:
        print(formatter.format_error(n_errors, n_files, len(sources), blockers=blockers,
                                     use_color=options.color_output))
        return 2 if blockers else 1
    print(formatter.format_success(len(sources), options.color_output))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
