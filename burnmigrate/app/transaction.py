"""Writing a run's files as one transaction: a lock per project, a journal of what every file
held before, a check that everything can be written before the first write, and a roll-back
of every file written when anything fails or a signal arrives.

Where: `<git dir>/burnmigrate/` when the project is in a git work tree (git never shows or
commits it), else `<project>/.burnmigrate/` (discovery skips it). It holds `lock` (an flock; the
holder's pid inside) and, only while a run writes, `journal/` (`journal.json` + one backup per
file). A run that was killed leaves the journal: the next run rolls its files back to what they
held (or, when the journal says every write was done, only removes it), says so on one line, and
removes the temp files of the killed writes.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import shutil
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from burnmigrate.app.writer import TEMP_SUFFIX, atomic_write, commit_staged, discard, stage

LOCK_WAIT_S = float(os.environ.get("BURNMIGRATE_LOCK_WAIT", "5"))


class WriteFailed(Exception):
    """The run wrote nothing in the end: one line naming the file and the reason."""


class Interrupted(Exception):
    """A signal ended the run. `phase`: 'restored' (the files written so far got their old
    bytes back), 'written' (it came after every file was written), '' (no write was under way)."""

    def __init__(self, signum: int, phase: str = ""):
        super().__init__(signum)
        self.signum = signum
        self.phase = phase


def state_location(root: Path) -> tuple[Path, Path]:
    """(state dir, the folder journal paths are relative to): `<git dir>/burnmigrate` and the
    work tree's top for a project inside a git work tree, else `<root>/.burnmigrate` and root.
    Relative paths: a moved or copied project never restores files of another place."""
    cur = root.resolve()
    for d in (cur, *cur.parents):
        git = d / ".git"
        if git.is_dir():
            return git / "burnmigrate", d
        if git.is_file():  # a worktree or submodule: `gitdir: <path>`
            line = git.read_text("utf-8", "replace").strip()
            if line.startswith("gitdir:"):
                target = Path(line[7:].strip())
                return (target if target.is_absolute() else d / target) / "burnmigrate", d
    return cur / ".burnmigrate", cur


def state_dir(root: Path) -> Path:
    return state_location(root)[0]


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@contextmanager
def project_lock(root: Path, wait: float | None = None):
    """One writer per project: a second run waits up to `wait` seconds, then refuses naming the
    holder. A POSIX record lock: it goes with the process (a killed run never leaves the project
    locked) and forked workers do not inherit it. The lock file is removed when the run ends (it
    was left in every project without git, issue 27 item 7): a run that locked a file someone
    removed meanwhile opens the new one and locks again."""
    d = state_dir(root)
    path = d / "lock"
    deadline = time.monotonic() + (LOCK_WAIT_S if wait is None else wait)
    while True:
        try:
            d.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except FileNotFoundError:
            continue   # (the holder removed its folder between our mkdir and open)
        except OSError as e:
            raise WriteFailed(f"{d}: cannot keep burnmigrate's lock and journal here ({e.strerror}); nothing was written") from None
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.EACCES) or time.monotonic() >= deadline:
                holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip() or "?"
                os.close(fd)
                raise WriteFailed(f"another burnmigrate run (pid {holder}) is writing this project "
                                  f"(lock {path}); try again when it has finished") from None
            os.close(fd)
            time.sleep(0.1)
            continue
        if _same_file(fd, path):
            break
        os.close(fd)   # the holder removed it as we waited: lock the one that is there now
    try:
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError as e:   # (a full disk: the lock holds without the pid it names)
            raise WriteFailed(f"{path}: cannot write burnmigrate's lock ({e.strerror}); nothing was written") from None
        yield
    finally:
        try:
            if _same_file(fd, path):
                os.unlink(path)   # while locked: a waiting run sees it gone and takes the new one
            if d.name == ".burnmigrate":
                d.rmdir()     # (only when empty: a kept journal stays)
        except OSError:
            pass
        os.close(fd)   # releases the lock


def _same_file(fd: int, path: Path) -> bool:
    try:
        a, b = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


@dataclass
class Pending:
    path: Path          # the file to write (a symlink's target, never the link)
    rel: str            # as the report names it
    old: bytes          # what the run read
    new: bytes


def recover(root: Path) -> str:
    """Finish what a killed run left: give back their old bytes to the files it had written
    (those that still hold what it wrote), drop a journal whose writes were all done, and remove
    its temp files. A file changed since (by hand) is not touched: the journal is kept aside,
    under another name, and the line says so. '' when there was nothing to do, else one line."""
    sdir, top = state_location(root)
    jdir = sdir / "journal"
    meta = jdir / "journal.json"
    if not meta.exists():
        if jdir.exists():
            shutil.rmtree(jdir, ignore_errors=True)
        return ""
    try:
        journal = json.loads(meta.read_text("utf-8"))
    except (OSError, ValueError):
        shutil.rmtree(jdir, ignore_errors=True)
        return "burnmigrate: removed an unreadable journal of an interrupted run (its backups could not be read)"
    done = journal.get("state") == "done"
    restored, conflicts = 0, []
    for e in journal.get("files", []):
        path = (top / e["path"]).resolve()
        if not path.is_relative_to(top):
            conflicts.append(e["path"])
            continue
        _remove_temps(path)
        if done:
            continue
        try:
            current = _sha(path.read_bytes())
        except OSError:
            conflicts.append(e["path"])
            continue
        if current == e["new_sha"] and current != e["old_sha"]:
            atomic_write(path, (jdir / e["backup"]).read_bytes())
            restored += 1
        elif current != e["old_sha"]:
            conflicts.append(e["path"])   # edited since the kill: the user's text wins
    if conflicts:
        keep = sdir / f"journal-kept-{time.strftime('%Y%m%dT%H%M%S')}"
        jdir.rename(keep)
        return (f"burnmigrate: an interrupted run was rolled back ({restored} file(s) restored); "
                f"{len(conflicts)} file(s) changed since were left as they are ({', '.join(conflicts[:5])}): "
                f"their old texts are in {keep}")
    shutil.rmtree(jdir, ignore_errors=True)
    if done:
        return "burnmigrate: an interrupted run had written every file; its journal was removed"
    return (f"burnmigrate: an interrupted run was rolled back ({restored} file(s) restored from its journal, "
            f"{len(journal.get('files', [])) - restored} untouched)")


def _remove_temps(path: Path) -> None:
    for t in path.parent.glob(f".{path.name}.*{TEMP_SUFFIX}"):
        try:
            t.unlink()
        except OSError:
            pass


def _preflight(items: list[Pending]) -> None:
    """Everything that can be known before the first write: each file is as the run read it,
    writable, and its folder has room for the new text, the temp file and the journal."""
    need: dict[int, tuple[Path, int]] = {}
    for it in items:
        try:
            current = it.path.read_bytes()
        except OSError as e:
            raise WriteFailed(f"{it.rel}: cannot be read again before writing ({e.strerror})") from None
        if current != it.old:
            raise WriteFailed(f"{it.rel}: changed since burnmigrate read it; nothing was written (run again)")
        if not os.access(it.path, os.W_OK) or not os.access(it.path.parent, os.W_OK | os.X_OK):
            raise WriteFailed(f"{it.rel}: permission denied (the file or its folder is not writable); nothing was written")
        dev = it.path.parent.stat().st_dev
        d, n = need.get(dev, (it.path.parent, 0))
        need[dev] = (d, n + len(it.new) + len(it.old) + 4096)
    for d, n in need.values():
        free = shutil.disk_usage(d).free
        if free < n:
            raise WriteFailed(f"{d}: not enough free space ({free} bytes free, {n} needed); nothing was written")


def _fill(d: Path) -> None:
    """Take the disk's free space (a `.burnmigrate-fill` file in `d`; the fault suite removes it)."""
    with (d / ".burnmigrate-fill").open("ab") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError:
            pass


def _failpoint(k: int) -> None:
    """The fault suite's hooks (tests/test_faults.py): `BURNMIGRATE_FAILPOINT=kill-after:N`
    kills the run after its N-th write, `pause-after:N` waits two seconds there (a signal can
    arrive mid-transaction)."""
    spec = os.environ.get("BURNMIGRATE_FAILPOINT", "")
    what, _, n = spec.partition(":")
    if n.isdigit() and k == int(n):
        if what == "kill-after":
            os.kill(os.getpid(), signal.SIGKILL)
        elif what == "pause-after":
            time.sleep(2)


_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def write_all(root: Path, items: list[Pending]) -> int:
    """Write every item or none: the journal first, then the files; on a failure or SIGINT /
    SIGTERM / SIGHUP every file written so far gets its old bytes back. Returns the number
    written."""
    if not items:
        return 0
    caught: list[int] = []
    previous = {s: signal.signal(s, lambda signum, _f: caught.append(signum)) for s in _SIGNALS}
    try:
        _preflight(items)
        sdir, top = state_location(root)
        jdir = sdir / "journal"
        entries = _journal(jdir, top, items)
        if os.environ.get("BURNMIGRATE_FAILPOINT") == "fill-disk-after-journal":   # the fault suite's full disk
            _fill(items[0].path.parent)
        return _write_journaled(jdir, entries, items, caught)
    finally:
        for s, h in previous.items():
            signal.signal(s, h)


def _journal(jdir: Path, top: Path, items: list[Pending]) -> list[dict]:
    """The backups and `journal.json` (state "writing"), on disk before the first write."""
    if jdir.exists():
        shutil.rmtree(jdir)
    entries = []
    try:
        jdir.mkdir(parents=True)
        for k, it in enumerate(items):
            name = f"{k:06d}.bak"
            _write_synced(jdir / name, it.old)
            try:
                rel = it.path.resolve().relative_to(top).as_posix()
            except ValueError:
                raise WriteFailed(f"{it.rel}: outside {top}; nothing was written") from None
            entries.append({"path": rel, "rel": it.rel, "backup": name, "old_sha": _sha(it.old), "new_sha": _sha(it.new)})
        _write_synced(jdir / "journal.json", json.dumps({"state": "writing", "pid": os.getpid(), "files": entries}).encode())
        _fsync_dir(jdir)
    except OSError as e:
        shutil.rmtree(jdir, ignore_errors=True)
        raise WriteFailed(f"{jdir}: cannot keep the journal ({e.strerror}); nothing was written") from None
    except BaseException:
        shutil.rmtree(jdir, ignore_errors=True)
        raise
    return entries


def _stage_all(items: list[Pending]) -> list[str]:
    """Every new text in its temp file before the first rename (issue 27 item 3): a full disk
    stops the run here, with nothing written, never after some files (renames need no space)."""
    staged: list[str] = []
    try:
        for it in items:
            staged.append(stage(it.path, it.new))
    except OSError as e:
        for t in staged:
            discard(t)
        raise WriteFailed(f"{it.rel}: {e.strerror or e} while preparing the new texts; nothing was written") from None
    except BaseException:
        for t in staged:
            discard(t)
        raise
    return staged


def _write_journaled(jdir: Path, entries: list[dict], items: list[Pending], caught: list[int]) -> int:
    written: list[Pending] = []
    try:
        staged = _stage_all(items)
    except BaseException:   # nothing was written: the journal goes too
        shutil.rmtree(jdir, ignore_errors=True)
        raise
    try:
        for it, tmp in zip(items, staged):
            if caught:
                raise Interrupted(caught[0], "restored")
            try:
                changed = it.path.read_bytes() != it.old
            except OSError as e:
                raise WriteFailed(f"{it.rel}: {e.strerror or e} while writing; every file was restored") from None
            if changed:
                raise WriteFailed(f"{it.rel}: changed while burnmigrate was writing; every file was restored")
            try:
                commit_staged(tmp, it.path)
            except OSError as e:
                raise WriteFailed(f"{it.rel}: {e.strerror or e}; every file written in this run was restored") from None
            written.append(it)
            _failpoint(len(written))
        if caught:
            raise Interrupted(caught[0], "restored")
        for d in {it.path.parent for it in written}:
            _fsync_dir(d)   # every rename on disk before the journal says "done"
        _write_synced(jdir / "journal.json.new", json.dumps({"state": "done", "files": entries}).encode())
        os.replace(jdir / "journal.json.new", jdir / "journal.json")
        shutil.rmtree(jdir, ignore_errors=True)
    except BaseException:
        for t in staged[len(written):]:
            discard(t)   # (the new texts not renamed yet)
        try:
            for it in reversed(written):
                atomic_write(it.path, it.old)
        except OSError as e:   # the journal stays: the next run restores from it
            raise WriteFailed(f"{it.rel}: could not be restored ({e.strerror}); the journal in {jdir} keeps the old "
                              "texts: run burnmigrate again to restore them") from None
        shutil.rmtree(jdir, ignore_errors=True)
        raise
    if caught:   # a signal after the last write: the run is complete, say so
        raise Interrupted(caught[0], "written")
    return len(written)


def _fsync_dir(d: Path) -> None:
    try:
        fd = os.open(d, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_synced(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)   # backups are as private as can be
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
