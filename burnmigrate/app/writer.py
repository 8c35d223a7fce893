"""Writing files safely: atomic replace, permissions kept; and the dirty-tree guard."""
from __future__ import annotations

import os
import stat
import subprocess
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".burnmigrate"   # temp files: `.<name>.<random>.burnmigrate` beside the file


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temp file in the same folder, fsync, then os.replace:
    a crash leaves either the old file or the new one, never half of each."""
    commit_staged(stage(path, data), path)


def stage(path: Path, data: bytes) -> str:
    """`data` in a temp file beside `path`, synced, with `path`'s mode and owner: the name to
    give `commit_staged` (nothing of `path` changes yet). The temp name keeps at most 100 bytes of
    the file's own name: a long legal name plus the random part would pass the 255-byte limit."""
    st = path.stat()
    short = path.name.encode("utf-8", "surrogateescape")[:100].decode("utf-8", "ignore")
    fd, tmp = tempfile.mkstemp(prefix=f".{short}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, stat.S_IMODE(st.st_mode))
        try:
            os.chown(tmp, st.st_uid, st.st_gid)
        except (PermissionError, AttributeError):
            pass
    except BaseException:
        discard(tmp)
        raise
    return tmp


def commit_staged(tmp: str, path: Path) -> None:
    """The staged temp file becomes `path` (a rename: it needs no space)."""
    try:
        os.replace(tmp, path)
    except BaseException:
        discard(tmp)
        raise


def discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass


def in_git_tree(root: Path) -> bool:
    try:
        r = subprocess.run(["git", "rev-parse", "--is-inside-work-tree"], cwd=root, capture_output=True, timeout=60,
                           check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return r.returncode == 0 and r.stdout.strip() == b"true"


def dirty_files(root: Path) -> tuple[list[str], list[str]] | None:
    """(tracked files with uncommitted changes, untracked files) under root, relative to root;
    None when root is not in a git work tree."""
    try:
        top = subprocess.run(["git", "rev-parse", "--show-prefix"], cwd=root, capture_output=True, timeout=60, check=False)
        r = subprocess.run(["git", "status", "--porcelain", "-z", "--untracked-files=all", "--", "."],
                           cwd=root, capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    if r.returncode != 0 or top.returncode != 0:
        return None
    prefix = top.stdout.decode().strip()
    modified: list[str] = []
    untracked: list[str] = []
    entries = r.stdout.split(b"\0")
    i = 0
    while i < len(entries):
        entry = entries[i]
        i += 1
        if len(entry) <= 3:
            continue
        status, path = entry[:2].decode(), entry[3:].decode("utf-8", "replace")
        if status[0] in "RC":
            i += 1  # a rename carries the old path as the next entry
        if prefix and path.startswith(prefix):
            path = path[len(prefix):]
        (untracked if status == "??" else modified).append(path)
    return modified, untracked
