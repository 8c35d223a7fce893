"""Writing files safely: atomic replace, permissions kept; and the dirty-tree guard."""
from __future__ import annotations

import os
import stat
import subprocess
import tempfile
from pathlib import Path


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temp file in the same folder, fsync, then os.replace:
    a crash leaves either the old file or the new one, never half of each."""
    st = path.stat()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".burnmigrate", dir=path.parent)
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
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def dirty_files(root: Path) -> list[str] | None:
    """Paths with uncommitted changes under root, or None when root is not in a git work tree."""
    try:
        r = subprocess.run(["git", "status", "--porcelain", "-z", "--untracked-files=all", "--", "."],
                           cwd=root, capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    if r.returncode != 0:
        return None
    out = []
    for entry in r.stdout.split(b"\0"):
        if len(entry) > 3:
            out.append(entry[3:].decode("utf-8", "replace"))
    return out
