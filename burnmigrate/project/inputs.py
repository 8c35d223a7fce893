"""What burnmigrate reads, and how (issue 27 items 1, 2): regular files only, each read whole up
to a size limit.

A FIFO named `x.rs` would block a read forever and `src/zero.rs -> /dev/zero` would be read until
memory runs out: a file is opened without blocking (`O_NONBLOCK`: a FIFO opens without waiting for
a writer), checked to be a regular file on the open descriptor (so a swap between the check and the
read changes nothing), and read to at most `MAX_INPUT_BYTES` + 1 bytes.

The limit comes from what a file costs: a Rust file's syntax tree and the views built on it take
about 38 bytes per source byte (bench/scaling.py), so a 32 MiB source file is about 1.2 GB of
memory. A generated 5 MB model file (weights written as literals) migrates; a larger one is
reported, not read.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MAX_INPUT_BYTES = 32 * 1024 * 1024
_CHUNK = 1 << 20


ADVICE = "make it readable, or pass --skip-unreadable to leave it"


class InputError(OSError):
    """A file burnmigrate cannot or will not read: `what` it is (`permission denied`), `reason`
    that with what to do about it."""

    def __init__(self, path: Path | str, what: str, err: int = errno.EIO) -> None:
        super().__init__(err, what, str(path))
        self.what = what

    @property
    def reason(self) -> str:
        return self.what if self.not_regular else f"{self.what}: {ADVICE}"

    @property
    def not_regular(self) -> bool:
        return self.errno == errno.EINVAL


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def _open(path: Path | str) -> int:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except PermissionError:
        raise InputError(path, "permission denied", errno.EACCES) from None
    except IsADirectoryError:
        raise InputError(path, "a folder, not a file", errno.EINVAL) from None
    except OSError as e:
        raise InputError(path, f"cannot be opened ({e.strerror})", e.errno or errno.EIO) from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise InputError(path, f"{_kind(st.st_mode)}, not a regular file", errno.EINVAL)
    return fd


def too_large(size: int) -> str:
    return (f"{size / 2**20:.0f} MiB, over the {MAX_INPUT_BYTES // 2**20} MiB limit for one file (its syntax "
            "tree would take about 38 bytes per byte)")


def check_input(path: Path | str) -> InputError | None:
    """Why `path` cannot be read (opened, then its size checked), or None: nothing is read."""
    try:
        fd = _open(path)
    except InputError as e:
        return e
    try:
        size = os.fstat(fd).st_size
    finally:
        os.close(fd)
    return InputError(path, too_large(size), errno.EFBIG) if size > MAX_INPUT_BYTES else None


def read_input(path: Path | str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them (more is an InputError:
    the file grew past the limit, or its size lied)."""
    fd = _open(path)
    try:
        chunks: list[bytes] = []
        n = 0
        while n <= limit:
            b = os.read(fd, min(_CHUNK, limit + 1 - n))
            if not b:
                break
            chunks.append(b)
            n += len(b)
    except OSError as e:
        raise InputError(path, f"cannot be read ({e.strerror})", e.errno or errno.EIO) from None
    finally:
        os.close(fd)
    if n > limit:
        raise InputError(path, too_large(n), errno.EFBIG)
    return b"".join(chunks)
