"""Running cargo for `verify` and `apply --verify`: `cargo check --message-format=json
--all-targets` in the project root, parsed into diagnostics of the project's own crates."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from burnmigrate.project import toml_read
from burnmigrate.project.errors import UsageError
from burnmigrate.verify.diagnostics import Diagnostic, dependency_errors, parse_cargo_messages


class CargoUnavailable(Exception):
    pass


DEFAULT_TIMEOUT = 3600   # seconds: a cold compile of burn on 2 cores takes about 20 minutes


def cargo_check(root: Path, cargo_args: list[str], timeout: int = DEFAULT_TIMEOUT) -> tuple[list[Diagnostic], int, str]:
    """→ (diagnostics of the crates under root, cargo's exit code, its stderr and the rendered
    errors of dependencies). Never silent, never forever (issue 27 item 13): on a terminal cargo's
    own status lines go through to stderr as they come; elsewhere (CI) one line every minute says
    it is still running; past `timeout` seconds cargo is stopped and that is a UsageError."""
    cargo = shutil.which("cargo")
    if cargo is None:
        raise CargoUnavailable("cargo is not on PATH: `verify` needs a Rust toolchain")
    is_ws = False
    try:
        is_ws = "workspace" in toml_read.loads((root / "Cargo.toml").read_text("utf-8"))
    except (OSError, ValueError):
        pass
    cmd = [cargo, "check", "--message-format=json", "--all-targets", *(["--workspace"] if is_ws else []), *cargo_args]
    env = dict(os.environ, CARGO_TERM_COLOR="never")
    stdout, code, stderr = _watched(cmd, root, env, timeout)
    return parse_cargo_messages(stdout, root), code, stderr + "\n" + dependency_errors(stdout, root)


def _watched(cmd: list[str], cwd: Path, env: dict, timeout: int) -> tuple[str, int, str]:
    every = float(os.environ.get("BURNMIGRATE_PROGRESS_EVERY", "60"))   # (the tests make it short)
    live = sys.stderr.isatty()
    err_lines: list[str] = []
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.PIPE, text=True,
                             errors="replace", start_new_session=True)

        def pump() -> None:
            assert p.stderr is not None
            for line in p.stderr:
                err_lines.append(line)
                if live and line.lstrip().startswith(("Compiling", "Checking", "Downloading", "Downloaded", "Updating")):
                    print(f"  {line.strip()}", file=sys.stderr, flush=True)

        reader = threading.Thread(target=pump, daemon=True)
        reader.start()
        t0 = time.monotonic()
        while True:
            left = timeout - (time.monotonic() - t0)
            try:
                p.wait(timeout=max(0.05, min(every, left)))
                break
            except subprocess.TimeoutExpired:
                pass
            waited = time.monotonic() - t0
            if waited >= timeout:
                _stop(p)
                last = next((ln.strip() for ln in reversed(err_lines) if ln.strip()), "")
                raise UsageError(f"cargo check did not finish within {timeout} s (--timeout); it was stopped"
                                 + (f"; its last line: {last}" if last else "")) from None
            if not live:
                last = next((ln.strip() for ln in reversed(err_lines) if ln.strip()), "")
                print(f"burnmigrate: cargo check still running ({waited:.0f} s)" + (f"; {last}" if last else ""),
                      file=sys.stderr, flush=True)
        reader.join(timeout=5)
        out.seek(0)
        return out.read(), p.returncode, "".join(err_lines)


def _stop(p: subprocess.Popen) -> None:
    """cargo and the rustc / build scripts it started (its own session)."""
    try:
        os.killpg(p.pid, signal.SIGTERM)
        p.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()


def read_cargo_log(path: Path, root: Path) -> tuple[list[Diagnostic], int, str]:
    """A saved `cargo check --message-format=json` run (stdout, or stdout and stderr together):
    its diagnostics, whether the build failed (101) or not (0), and its non-JSON lines."""
    text = Path(path).read_text("utf-8", errors="replace")
    other = [line for line in text.splitlines() if not line.startswith("{")]
    failed = '"success":false' in text or any(line.startswith("error") for line in other)
    return parse_cargo_messages(text, root), (101 if failed else 0), "\n".join(other) + "\n" + dependency_errors(text, root)


def update_lock(lock: Path, packages: list[tuple[str, str]], target: str, offline: bool) -> tuple[bool, str]:
    """`cargo update -p NAME@VERSION --precise TARGET` for each locked burn crate, in the lock's
    folder (the `@version` form: a lock may hold two versions of one crate). → (ok, cargo's
    last error line when not)."""
    cargo = shutil.which("cargo")
    if cargo is None:
        raise CargoUnavailable("cargo is not on PATH: `--update-lock` needs a Rust toolchain")
    env = dict(os.environ, CARGO_TERM_COLOR="never")
    for name, version in packages:
        cmd = [cargo, "update", "-p", f"{name}@{version}", "--precise", target, *(["--offline"] if offline else [])]
        p = subprocess.run(cmd, cwd=lock.parent, env=env, capture_output=True, text=True, timeout=1800, check=False)
        if p.returncode != 0:
            if "did not match any packages" in p.stderr:
                continue  # updated already, with the crate that depends on it
            lines = [l.strip() for l in p.stderr.splitlines() if l.strip().startswith("error")]
            return False, f"`{' '.join(cmd[1:])}` failed: {lines[0] if lines else p.stderr.strip()[-300:]}"
    return True, ""
