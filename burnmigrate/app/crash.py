"""An internal error's details, kept on disk so the terminal gets one line."""
from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path


def crash_report(exc: BaseException, version: str) -> Path:
    """Write the traceback under the cache dir (`$BURNMIGRATE_CACHE`, default
    `~/.cache/burnmigrate`) → the file written."""
    d = Path(os.environ.get("BURNMIGRATE_CACHE", Path.home() / ".cache" / "burnmigrate")) / "crashes"
    d.mkdir(parents=True, exist_ok=True)
    path = d / f"crash-{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}.txt"
    worker = getattr(exc, "trace", "")   # a worker's own traceback, when the error came from one
    path.write_text(f"burnmigrate {version}\nargv: {sys.argv}\n\n" + "".join(
        traceback.format_exception(type(exc), exc, exc.__traceback__)) + (f"\nin the worker:\n{worker}" if worker else ""), "utf-8")
    return path
