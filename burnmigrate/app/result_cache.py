"""A cache of whole previews (issue 18's "repeated runs"): `burnmigrate --dry-run` / `check` on
a tree whose every file, every option and burnmigrate's own code are as in an earlier run
return that run's result, read from `$BURNMIGRATE_CACHE/results/` (default
`~/.cache/burnmigrate`). The key hashes the bytes of every file discovery can read (not
target/, .git/ and other build or vendored folders), the absolute root, the options, and the
source and data of the installed burnmigrate; anything else different is a new run. Writes
(`apply`, `pr`) never read it. `--no-cache` turns it off; at most 16 results are kept. Entries are
JSON rebuilt into the run's own data classes only (app/cache_codec.py): a planted or foreign entry
is a miss, never code that runs."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from burnmigrate.app import cache_codec
from burnmigrate.project.inputs import InputError, read_input

_SKIP = {"target", ".git", ".burnmigrate", "node_modules", "__pycache__", ".venv", "venv"}
_KEEP = 16
_MAX_ENTRY = 1 << 30   # (a preview of burn's own 1,636-file tree is 35 MB of JSON)


def cache_root() -> Path:
    return Path(os.environ.get("BURNMIGRATE_CACHE", Path.home() / ".cache" / "burnmigrate")) / "results"


def _tool_digest() -> bytes:
    from burnmigrate.engine.catalog import code_digest
    return code_digest()


def key(root: Path, opts) -> str | None:
    """The cache key of a preview of `root` with `opts` (None: not cacheable)."""
    if os.environ.get("BURNMIGRATE_FAILPOINT") or not root.is_dir():
        return None
    h = hashlib.blake2b(_tool_digest())
    h.update(os.fsencode(root.resolve()))
    h.update(repr((sorted(opts.select), sorted(opts.ignore), sorted(opts.enable), opts.unsafe_fixes,
                   opts.keep_cpu_feature, opts.config_patches, opts.docs, opts.skip_unreadable)).encode())
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in _SKIP)
        for f in sorted(files):
            p = Path(d) / f
            try:
                data = read_input(p) if not p.is_symlink() else os.fsencode(os.readlink(p))
            except InputError as e:
                if not e.not_regular:
                    return None   # unreadable or too large: the run says so, uncached
                data = b"\0not a regular file"   # (a FIFO is never opened for reading: it would block)
            except OSError:
                return None
            h.update(p.relative_to(root).as_posix().encode("utf-8", "surrogateescape") + b"\0" + len(data).to_bytes(8, "little"))
            h.update(data)
    return h.hexdigest()


def load(k: str):
    """The result stored under `k`, or None: a missing, unreadable or foreign entry is a miss
    (JSON rebuilt into the run's own data classes only: app/cache_codec.py)."""
    p = cache_root() / f"{k}.json"
    try:
        res = cache_codec.loads(read_input(p, limit=_MAX_ENTRY).decode("utf-8"))
        os.utime(p)
        return res
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def store(k: str, res) -> None:
    d = cache_root()
    try:
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / f".{k}.{os.getpid()}.tmp"
        tmp.write_text(cache_codec.dumps(res), "utf-8")
        os.replace(tmp, d / f"{k}.json")
        old = sorted(d.glob("*.json"), key=lambda q: q.stat().st_mtime, reverse=True)[_KEEP:]
        for q in [*old, *d.glob("*.pickle")]:   # (and what the pickle cache of earlier versions left)
            q.unlink(missing_ok=True)
    except (OSError, TypeError, ValueError):
        pass   # a cache that cannot be written is no cache, not an error
