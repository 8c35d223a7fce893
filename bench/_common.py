"""Shared plumbing for the bench scripts: where the repo, shared/ and the burn mirror are,
and how burn code is extracted (at run time, into a temp dir; never into the repo)."""
from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
RESULTS = BENCH / "results"
DEFAULT_MIRROR = "/work/.mirror/tracel-ai+burn/repo"


def die(msg: str, code: int = 2) -> None:
    print(f"bench: error: {msg}", file=sys.stderr)
    sys.exit(code)


def shared_dir() -> Path:
    """$BURNMIGRATE_SHARED, else $REPO/../shared."""
    env = os.environ.get("BURNMIGRATE_SHARED")
    return Path(env).resolve() if env else (REPO.parent / "shared").resolve()


def mirror() -> Path:
    """The bare burn mirror ($BURN_MIRROR); exit 2 with a clear message when it is missing."""
    m = Path(os.environ.get("BURN_MIRROR", DEFAULT_MIRROR))
    if not m.exists():
        die(f"burn mirror not found at {m} (set BURN_MIRROR to a clone or bare mirror of tracel-ai/burn)")
    r = subprocess.run(["git", "-C", str(m), "rev-parse", "--git-dir"], capture_output=True, text=True)
    if r.returncode != 0:
        die(f"{m} is not a git repository (set BURN_MIRROR): {r.stderr.strip()}")
    return m


def rev_exists(m: Path, rev: str) -> bool:
    return subprocess.run(["git", "-C", str(m), "cat-file", "-e", rev], capture_output=True).returncode == 0


def extract(m: Path, treeish: str, dest: Path) -> None:
    """`git archive TREEISH | tar -x -C DEST`."""
    if not rev_exists(m, treeish):
        die(f"{treeish} not found in the burn mirror {m}")
    dest.mkdir(parents=True, exist_ok=True)
    ga = subprocess.Popen(["git", "-C", str(m), "archive", "--format=tar", treeish], stdout=subprocess.PIPE)
    tar = subprocess.run(["tar", "-x", "-C", str(dest)], stdin=ga.stdout)
    ga.stdout.close()
    if ga.wait() != 0 or tar.returncode != 0:
        die(f"extracting {treeish} from {m} failed")


def burnmigrate_cmd() -> str:
    """The burnmigrate executable ($BURNMIGRATE_BIN, else `burnmigrate` on PATH)."""
    exe = os.environ.get("BURNMIGRATE_BIN") or shutil.which("burnmigrate")
    if not exe:
        die("`burnmigrate` is not on PATH (pip install -e . in the repo, or set BURNMIGRATE_BIN)")
    return exe


def tool_version(cmd: list[str]) -> str:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        return (r.stdout or r.stderr).strip().splitlines()[0] if (r.stdout or r.stderr).strip() else ""
    except (OSError, subprocess.SubprocessError):
        return ""


def machine() -> dict:
    return dict(cpus=os.cpu_count(), python=platform.python_version(), platform=platform.platform())


def mirror_rev(m: Path, rev: str) -> str:
    r = subprocess.run(["git", "-C", str(m), "rev-parse", rev], capture_output=True, text=True)
    return r.stdout.strip()


def repo_state() -> dict:
    """HEAD of the burnmigrate repo and whether the measured code had uncommitted edits
    (the numbers belong to that exact code)."""
    def git(*args):
        r = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True)
        return r.stdout if r.returncode == 0 else ""
    import hashlib
    dirty = [l[3:] for l in git("status", "--porcelain", "--untracked-files=no").splitlines()
             if not l[3:].startswith("bench/")]
    diff = git("diff", "HEAD", "--", ".", ":(exclude)bench")
    return dict(head=git("rev-parse", "--short", "HEAD").strip(), dirty_files=len(dirty),
                diff_sha256=hashlib.sha256(diff.encode()).hexdigest()[:12] if diff else "")
