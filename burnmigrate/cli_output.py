"""How the commands write their report on standard output (issue 27 item 10): a stdout that
cannot take it (closed, `/dev/full`, a pipe closed early) is not a crash nor a silence: the
report's failure is one line on stderr and exit 2 (burnmigrate/cli.py), saying what the run did."""
from __future__ import annotations

import errno
import io
import os
import sys

from burnmigrate.cli_options import Color, Format
from burnmigrate.model import RunResult


class OutputFailed(Exception):
    """Standard output could not take the report (closed, a full disk, a closed pipe)."""


def emit(res: RunResult, fmt: Format, color: Color, mode: str, all_places: bool = False) -> None:
    try:
        _write_report(res, fmt, color, mode, all_places)
        sys.stdout.flush()
    except (OSError, ValueError) as e:   # (ValueError: stdout closed, `isatty` on a closed file)
        raise OutputFailed(f"could not write the report to standard output ({getattr(e, 'strerror', None) or e})") from None


def _write_report(res: RunResult, fmt: Format, color: Color, mode: str, all_places: bool) -> None:
    if fmt == Format.json:
        from burnmigrate.output.json_report import to_json
        sys.stdout.write(to_json(res, mode=mode) + "\n")
    elif fmt == Format.sarif:
        from burnmigrate.output.sarif import to_sarif
        sys.stdout.write(to_sarif(res) + "\n")
    elif fmt == Format.markdown:
        from burnmigrate.output.markdown import to_markdown
        sys.stdout.write(to_markdown(res, mode=mode))
    else:
        from burnmigrate.output.text import print_text
        print_text(res, color=color.value, mode=mode, all_places=all_places)




class _ClosedStdout:
    """Standard output when file descriptor 1 was closed before the run: every write fails."""
    encoding = "utf-8"

    def write(self, _text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        raise OSError(errno.EBADF, "standard output is closed")

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def closed_stdout_guard() -> None:
    """A run started with stdout closed gets a stdout whose writes fail (then the report's
    failure is said on stderr) instead of `None` (an AttributeError deep in a renderer)."""
    if sys.stdout is None:
        sys.stdout = _ClosedStdout()
    # a file name that is not UTF-8 is printed with its own bytes (as `ls` does), not a crash
    # of the report under a UTF-8 locale (issue 27 item 6)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="surrogateescape")


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush does not fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    except OSError:
        pass
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False))   # (fd 1 is /dev/null now)
