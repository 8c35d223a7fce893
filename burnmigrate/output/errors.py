"""What a failed run writes on stdout when its output is for a machine: a CI step that parses
stdout gets a document saying what went wrong, never nothing."""
from __future__ import annotations

import json
import sys
from typing import NoReturn

from burnmigrate import __version__


def error_document(fmt: str, message: str, exit_code: int) -> str:
    """The JSON or SARIF document of an error ('' for the human formats)."""
    if fmt == "json":
        return json.dumps({"schema": "burnmigrate-error", "schema_version": 1, "tool": {"name": "burnmigrate",
                           "version": __version__}, "error": message, "exit_code": exit_code}, indent=2)
    if fmt == "sarif":
        return json.dumps({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": [{"tool": {"driver": {"name": "burnmigrate", "version": __version__}},
                      "invocations": [{"executionSuccessful": False, "exitCode": exit_code,
                                       "toolExecutionNotifications": [{"level": "error", "message": {"text": message}}]}],
                      "results": []}]}, indent=2)
    return ""


def format_of(argv: list[str]) -> str:
    """The `--format` an argument list asks for (the error document follows it)."""
    for k, a in enumerate(argv):
        if a == "--format" and k + 1 < len(argv):
            return argv[k + 1]
        if a.startswith("--format="):
            return a.split("=", 1)[1]
    return "text"


def error_exit(msg: str, code: int, fmt: str) -> NoReturn:
    """End the run: the error document on stdout for json / sarif, one line per line of `msg` on
    stderr (`burnmigrate: error: ..`), exit `code`."""
    import signal
    for s in (signal.SIGINT, signal.SIGTERM):   # the last line is written whole, not interrupted
        signal.signal(s, signal.SIG_IGN)
    doc = error_document(fmt, msg, code)
    if doc:
        sys.stdout.write(doc + "\n")
    sys.stderr.write("".join(f"burnmigrate: error: {line}\n" for line in msg.splitlines() or [""]))
    sys.exit(code)
