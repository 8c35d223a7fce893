"""Refresh the compile tier's committed lock files (corpus/compile/<group>.lock) on purpose:
regenerate every group's workspace, let cargo resolve it (online when needed), and copy the
resulting Cargo.lock back. Run after adding a burn crate or a feature to groups.toml.

    python tests/realburn_lock.py
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import realburn as R  # noqa: E402
from corpus_cases import cases  # noqa: E402


def main() -> int:
    where = R.cache_dir() / "compile-tier"
    for name, members in R.plan(cases()).items():
        if not members:
            continue
        ws = R.generate(name, R.groups()[name], members, where)
        (ws / "Cargo.lock").unlink(missing_ok=True)
        p = R._cargo(["generate-lockfile"], ws, 1800)
        if p.returncode != 0:
            print(f"{name}: cargo generate-lockfile failed:\n{p.stderr[-2000:]}", file=sys.stderr)
            return 1
        for crate, version in R.held_back().items():
            q = R._cargo(["update", "-p", crate, "--precise", version], ws, 1800)
            if q.returncode != 0 and "did not match any packages" not in q.stderr:
                print(f"{name}: cargo update -p {crate} --precise {version} failed:\n{q.stderr[-2000:]}", file=sys.stderr)
                return 1
        shutil.copyfile(ws / "Cargo.lock", R.COMPILE / f"{name}.lock")
        print(f"{name}: {R.COMPILE / f'{name}.lock'} ({len(R._lock_packages((ws / 'Cargo.lock').read_text()))} registry packages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
