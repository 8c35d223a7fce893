"""Running cargo for `verify` and `apply --verify`: `cargo check --message-format=json
--all-targets` in the project root, parsed into diagnostics of the project's own crates."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from burnmigrate.project import toml_read
from burnmigrate.verify.diagnostics import Diagnostic, dependency_errors, parse_cargo_messages


class CargoUnavailable(Exception):
    pass


def cargo_check(root: Path, cargo_args: list[str], timeout: int = 1800) -> tuple[list[Diagnostic], int, str]:
    """→ (diagnostics of the crates under root, cargo's exit code, its stderr)."""
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
    p = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    return parse_cargo_messages(p.stdout, root), p.returncode, p.stderr + "\n" + dependency_errors(p.stdout, root)


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
