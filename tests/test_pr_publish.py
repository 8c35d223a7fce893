"""`burnmigrate pr` against real git (smart HTTP with a required token) and a GitHub API
stand-in (tests/github_fakes.py): open, update, a branch a person committed to, a pull request
closed unmerged, nothing to migrate, API errors; the token in no byte of output or config."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from github_fakes import FakeGitHub, git_http_server

CASE = Path(__file__).resolve().parent.parent / "corpus" / "end-to-end" / "doc-blocks" / "before"
TOKEN = "ghs_s3cretTOKENvalue123"


def git(*a, cwd, env=None):
    return subprocess.run(["git", *a], cwd=cwd, check=True, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}).stdout.strip()


@pytest.fixture
def world(tmp_path):
    served = tmp_path / "served"
    served.mkdir()
    bare = served / "proj.git"
    git("init", "-q", "--bare", "-b", "main", str(bare), cwd=tmp_path)
    git("config", "http.receivepack", "true", cwd=bare)
    srv = git_http_server(served, TOKEN)
    url = f"http://127.0.0.1:{srv.server_address[1]}/proj.git"
    clone = tmp_path / "clone"
    shutil.copytree(CASE, clone)
    git("init", "-q", "-b", "main", cwd=clone)
    git("add", "-A", cwd=clone)
    git("-c", "user.email=dev@x", "-c", "user.name=dev", "commit", "-qm", "base", cwd=clone)
    git("push", "-q", str(bare), "main", cwd=clone)
    git("remote", "add", "origin", url, cwd=clone)
    api = FakeGitHub("acme", "proj", TOKEN)
    yield clone, bare, api
    srv.shutdown()
    api.server.shutdown()


def pr(clone, api, *extra, token=TOKEN):
    env = {**os.environ, "GITHUB_TOKEN": token} if token else {k: v for k, v in os.environ.items() if k != "GITHUB_TOKEN"}
    r = subprocess.run([sys.executable, "-m", "burnmigrate", "pr", str(clone), "--base", "main", "--repo", "acme/proj",
                        "--api-url", api.url, *extra], capture_output=True, text=True, env=env)
    assert TOKEN not in r.stdout + r.stderr
    assert TOKEN not in (clone / ".git" / "config").read_text()
    return r


def test_first_run_opens_and_second_updates(world):
    clone, bare, api = world
    r = pr(clone, api, "--label", "dependencies")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "opened pull request #1 https://github.example/acme/proj/pull/1"
    assert len(git("rev-list", "main..burnmigrate/burn-0.22.1", cwd=bare).splitlines()) == 5
    assert api.pulls[0]["title"] == "Upgrade burn to 0.22.1" and api.pulls[0]["base"]["ref"] == "main"
    assert "## burnmigrate" in api.pulls[0]["body"] and api.pulls[0]["labels"] == [{"name": "dependencies"}]
    assert all(req[2]["auth"] == f"token {TOKEN}" for req in api.requests)
    r = pr(clone, api)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].startswith("updated pull request #1")
    assert len(api.pulls) == 1


def test_an_update_keeps_the_reviewer_s_ticks_by_decision_id(world):
    """Issue 26 item 3: the body is a checklist of decisions; a tick survives the bot's update."""
    import re
    clone, bare, api = world
    assert pr(clone, api).returncode == 0
    body = api.pulls[0]["body"]
    ids = re.findall(r"^- \[ \] \*\*(D-[0-9a-f]{7})\*\*", body, re.M)
    assert ids, body[:2000]
    api.pulls[0]["body"] = body.replace(f"- [ ] **{ids[0]}**", f"- [x] **{ids[0]}**")   # a reviewer ticks one
    r = pr(clone, api)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].startswith("updated pull request #1")
    after = api.pulls[0]["body"]
    assert f"- [x] **{ids[0]}**" in after
    assert all(f"- [ ] **{d}**" in after for d in ids[1:])


def test_a_person_s_commit_is_never_overwritten_and_gets_one_comment(world, tmp_path):
    clone, bare, api = world
    assert pr(clone, api).returncode == 0
    other = tmp_path / "human"
    git("clone", "-q", "-b", "burnmigrate/burn-0.22.1", str(bare), str(other), cwd=tmp_path)
    (other / "NOTE.md").write_text("a reviewer's fix\n")
    git("add", "-A", cwd=other)
    git("-c", "user.email=dev@x", "-c", "user.name=dev", "commit", "-qm", "review fix", cwd=other)
    git("push", "-q", "origin", "burnmigrate/burn-0.22.1", cwd=other)
    head = git("rev-parse", "burnmigrate/burn-0.22.1", cwd=bare)
    for _ in range(2):
        r = pr(clone, api)
        assert r.returncode == 0 and r.stdout.strip().splitlines()[-1] == "left branch alone: commits by others (pull request #1)"
    assert git("rev-parse", "burnmigrate/burn-0.22.1", cwd=bare) == head
    assert len(api.comments[1]) == 1


def test_a_pull_request_closed_unmerged_is_not_reopened(world):
    clone, bare, api = world
    assert pr(clone, api).returncode == 0
    api.pulls[0]["state"] = "closed"
    r = pr(clone, api)
    assert r.returncode == 0 and "closed without merging: not reopened" in r.stdout.strip().splitlines()[-1]
    assert len(api.pulls) == 1


def test_the_base_moved_and_the_branch_is_rebuilt(world, tmp_path):
    clone, bare, api = world
    assert pr(clone, api).returncode == 0
    (clone / "EXTRA.md").write_text("new on main\n")
    git("add", "-A", cwd=clone)
    git("-c", "user.email=dev@x", "-c", "user.name=dev", "commit", "-qm", "moved", cwd=clone)
    git("push", "-q", str(bare), "main", cwd=clone)
    r = pr(clone, api)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].startswith("updated pull request #1")
    assert git("merge-base", "main", "burnmigrate/burn-0.22.1", cwd=bare) == git("rev-parse", "main", cwd=bare)


def test_api_errors_and_a_missing_token_are_one_line(world):
    clone, bare, api = world
    api.fail = 401
    r = pr(clone, api)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "401 Bad credentials" in r.stderr
    r = pr(clone, api, token="")
    assert r.returncode == 2 and "no token" in r.stderr


def test_nothing_to_migrate(world):
    clone, bare, api = world
    assert subprocess.run([sys.executable, "-m", "burnmigrate", "apply", str(clone), "--allow-dirty"],
                          capture_output=True).returncode == 0
    git("add", "-A", cwd=clone)
    git("-c", "user.email=dev@x", "-c", "user.name=dev", "commit", "-qm", "migrated by hand", cwd=clone)
    r = pr(clone, api, "--base", "HEAD")
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1] == "nothing to migrate" and not api.pulls


def test_403_and_422_are_one_line_with_githubs_message(world):
    clone, bare, api = world
    api.fail = 403
    r = pr(clone, api)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "403 refused" in r.stderr
    api.fail = None
    assert pr(clone, api).returncode == 0
    api.hide_pulls = True   # the open pull request is not listed yet: creating a second one is GitHub's 422
    r = pr(clone, api)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "422 Validation Failed" in r.stderr
    assert len(api.pulls) == 1
