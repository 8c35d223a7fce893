"""`burnmigrate pr`: one commit per rule that fired, in the engine's order, built in a worktree;
the last commit's tree is `apply`'s; the user's work tree is untouched; commits carry the bot's
identity and the `Burnmigrate-Rule:` trailer."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

CASE = Path(__file__).resolve().parent.parent / "corpus" / "end-to-end" / "doc-blocks" / "before"


def git(*a, cwd):
    return subprocess.run(["git", *a], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _clone(tmp_path) -> Path:
    root = tmp_path / "p"
    shutil.copytree(CASE, root)
    git("init", "-q", cwd=root)
    git("add", "-A", cwd=root)
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base", cwd=root)
    return root


def cli(*args):
    return subprocess.run([sys.executable, "-m", "burnmigrate", *map(str, args)], capture_output=True, text=True)


def test_local_branch_has_one_commit_per_rule_and_apply_s_tree(tmp_path):
    root = _clone(tmp_path)
    r = cli("pr", root, "--local")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1].startswith("branch burnmigrate/burn-0.22.1 holds")
    raw = git("log", "--format=%an <%ae>|%s|%(trailers:key=Burnmigrate-Rule,valueonly)%x1e", "burnmigrate/burn-0.22.1",
              "--not", "HEAD", cwd=root)
    log = [rec.strip() for rec in raw.split("\x1e") if rec.strip()]
    rules = [line.split("|")[2].strip() for line in reversed(log)]
    assert rules == ["backend-device-type", "backend-type-argument", "backend-type-parameter", "backend-import",
                     "burn-version"]
    assert all(line.startswith("burnmigrate[bot] <") for line in log)
    assert all("|burnmigrate: " in line and "(pitfall 1)" in line for line in log)
    assert git("status", "--porcelain", cwd=root) == ""          # the user's work tree is untouched
    branch_tree = git("rev-parse", "burnmigrate/burn-0.22.1^{tree}", cwd=root)
    other = tmp_path / "applied"
    shutil.copytree(root, other)
    a = cli("apply", other)
    assert a.returncode == 0, a.stderr
    git("add", "-A", cwd=other)
    assert git("write-tree", cwd=other) == branch_tree


def test_dry_run_leaves_no_branch_and_prints_the_body(tmp_path):
    root = _clone(tmp_path)
    r = cli("pr", root, "--dry-run")
    assert r.returncode == 0 and "--- pull request body ---" in r.stdout and "## burnmigrate" in r.stdout
    assert "burnmigrate/burn-0.22.1" not in git("branch", "--list", cwd=root)
    assert git("worktree", "list", cwd=root).count("\n") == 0


def test_pushing_is_refused_in_one_line_for_now(tmp_path):
    root = _clone(tmp_path)
    r = cli("pr", root)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
