"""What a failed run writes on stdout when its output is for a machine: a CI step that parses
stdout gets a document saying what went wrong, never nothing."""
from __future__ import annotations

import json

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
