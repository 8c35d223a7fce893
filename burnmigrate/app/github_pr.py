"""The pull request side of `burnmigrate pr`: push the bot's branch with a token that never
touches disk or output, and open or update the pull request through the GitHub REST API
(PyGithub: maintained, covers GitHub Enterprise through `base_url`, typed errors, pagination).

Renovate's rules for its own branch: the bot rebuilds a branch that holds only its own commits,
leaves alone a branch a person committed to (and says so once on the pull request), and does not
reopen a pull request that was closed without merging."""
from __future__ import annotations

import base64
import os
import re
from dataclasses import dataclass, field

from burnmigrate.app.pr import BOT_EMAIL, TRAILER, _git as pr_git
from burnmigrate.output.markdown import keep_ticks
from burnmigrate.project.errors import UsageError

TITLE = "Upgrade burn to 0.22.1"
HUMAN_MARKER = "<!-- burnmigrate: commits by others -->"


def redact(text: str, token: str) -> str:
    if not token:
        return text
    b64 = base64.b64encode(f"x-access-token:{token}".encode()).decode()
    return text.replace(token, "***").replace(b64, "***")


def git_auth_env(token: str) -> dict:
    """git's configuration for one process: an Authorization header, nothing written to disk; a
    transfer that stalls (under 1 KB/s for 60 s) is given up rather than waited on forever."""
    cred = base64.b64encode(f"x-access-token:{token}".encode()).decode()
    return {"GIT_CONFIG_COUNT": "3", "GIT_CONFIG_KEY_0": "http.extraheader",
            "GIT_CONFIG_VALUE_0": f"AUTHORIZATION: basic {cred}", "GIT_TERMINAL_PROMPT": "0",
            "GIT_CONFIG_KEY_1": "http.lowSpeedLimit", "GIT_CONFIG_VALUE_1": "1000",
            "GIT_CONFIG_KEY_2": "http.lowSpeedTime", "GIT_CONFIG_VALUE_2": "60"}


def _git(args, cwd, token: str, check: bool = True) -> str:
    """`app.pr`'s git with the token's header, its errors redacted."""
    try:
        return pr_git(args, cwd, git_auth_env(token), check)
    except UsageError as e:
        raise UsageError(redact(str(e), token)) from None


def repo_from_remote(url: str) -> str:
    m = re.search(r"[:/]([^/:]+)/([^/]+?)(?:\.git)?/?$", url)
    if not m:
        raise UsageError(f"cannot tell OWNER/NAME from the remote URL {url!r}: pass --repo")
    return f"{m.group(1)}/{m.group(2)}"


@dataclass
class RemoteBranch:
    sha: str = ""
    foreign: list[str] = field(default_factory=list)   # commits on it the bot did not make (sha subject)


def remote_branch(top, remote: str, branch: str, base: str, token: str) -> RemoteBranch:
    line = _git(["ls-remote", remote, f"refs/heads/{branch}"], top, token).split()
    if not line:
        return RemoteBranch("", [])
    sha = line[0]
    _git(["fetch", "-q", remote, f"refs/heads/{branch}"], top, token)
    log = _git(["log", "--format=%H %ae%x1f%(trailers:key=" + TRAILER + ",valueonly)%x1f%s%x1e", f"{base}..{sha}"],
               top, token)
    foreign = []
    for rec in log.split("\x1e"):
        rec = rec.strip()
        if not rec:
            continue
        head, trailer, subject = (rec.split("\x1f") + ["", ""])[:3]
        commit, email = head.split(" ", 1)
        if email.strip() != BOT_EMAIL or not trailer.strip():
            foreign.append(f"{commit[:12]} {subject.strip()}")
    return RemoteBranch(sha, foreign)


_REPO = re.compile(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")
_API_URL = re.compile(r"https?://[^/\s:]+(?::\d+)?(?:/\S*)?")


def api_timeout() -> int:
    """Seconds one API request may take (`BURNMIGRATE_API_TIMEOUT`, default 30): with no retries,
    the API's share of a run is bounded by the requests it makes (a handful)."""
    try:
        return max(1, round(float(os.environ.get("BURNMIGRATE_API_TIMEOUT", "30"))))   # (PyGithub takes whole seconds)
    except ValueError:
        raise UsageError("BURNMIGRATE_API_TIMEOUT must be a number of seconds") from None


def check_target(repo: str, api_url: str) -> None:
    """`--repo` and `--api-url` are checked before anything is built or sent."""
    if not _REPO.fullmatch(repo):
        raise UsageError(f"--repo {repo!r} is not OWNER/NAME")
    if not _API_URL.fullmatch(api_url):
        raise UsageError(f"--api-url {api_url!r} is not an http(s) URL (e.g. https://api.github.com)")


def publish(top, plan, *, remote: str, repo: str, api_url: str, token: str, labels: list[str]) -> str:
    """Push the plan's branch and open / update its pull request: the last line to print. Every
    fault of the API is one line (UsageError): an error status, no answer within the timeout, a
    refused connection, a reply the client cannot read. No request is retried (PyGithub's retries
    repeat POSTs), so a pull request or a comment is never made twice; a 5xx after the server made
    one is found again."""
    import requests
    from github import Auth, BadAttributeException, Github, GithubException
    rb = remote_branch(top, remote, plan.branch, plan.base, token)
    gh = Github(base_url=api_url, auth=Auth.Token(token), retry=None, timeout=api_timeout())
    try:
        return _publish(gh, rb, top, plan, remote=remote, repo=repo, token=token, labels=labels)
    except GithubException as e:
        msg = e.data.get("message", "") if isinstance(e.data, dict) else str(e.data)
        raise UsageError(redact(f"the GitHub API refused the request: {e.status} {msg}", token)) from None
    except requests.exceptions.Timeout:
        raise UsageError(f"the GitHub API at {api_url} did not answer within {api_timeout()} s "
                         "(BURNMIGRATE_API_TIMEOUT); the branch is pushed, run `burnmigrate pr` again") from None
    except requests.exceptions.RequestException as e:
        raise UsageError(redact(f"the GitHub API at {api_url} cannot be reached: {type(e).__name__}", token)) from None
    except (AssertionError, BadAttributeException, KeyError, ValueError) as e:   # raised inside the client
        raise UsageError(redact(f"the GitHub API at {api_url} sent a reply GitHub would not send "
                                f"({type(e).__name__}: {str(e)[:120]})", token)) from None


def _publish(gh, rb: RemoteBranch, top, plan, *, remote: str, repo: str, token: str, labels: list[str]) -> str:
    from github import GithubException
    owner = repo.split("/", 1)[0]
    r = gh.get_repo(repo, lazy=True)
    pulls = list(r.get_pulls(state="all", head=f"{owner}:{plan.branch}"))
    open_pr = next((p for p in pulls if p.state == "open"), None)
    if rb.foreign:
        if open_pr is not None:
            if not any(HUMAN_MARKER in (c.body or "") for c in open_pr.get_issue_comments()):
                # (a 5xx after the server made it: the next run finds the marker, so it is said once)
                open_pr.create_issue_comment(
                    f"{HUMAN_MARKER}\nburnmigrate leaves this branch alone: it holds commits it did not make "
                    f"({', '.join(rb.foreign[:3])}). Delete the branch to let it rebuild the upgrade.")
        return f"left branch alone: commits by others (pull request #{open_pr.number if open_pr else '?'})"
    closed = next((p for p in pulls if p.state == "closed" and not p.merged), None)
    if open_pr is None and closed is not None and rb.sha:
        return (f"pull request #{closed.number} was closed without merging: not reopened "
                f"(delete the branch {plan.branch} to start again)")
    head = plan.commits[-1].sha
    if rb.sha != head:
        lease = f"--force-with-lease=refs/heads/{plan.branch}:{rb.sha}" if rb.sha else "--force-with-lease"
        _git(["push", "-q", lease, remote, f"{head}:refs/heads/{plan.branch}"], top, token)
    if open_pr is not None:
        open_pr.edit(title=TITLE, body=keep_ticks(open_pr.body or "", plan.body))   # the reviewer's ticks stay
        if labels:
            open_pr.add_to_labels(*labels)
        return f"updated pull request #{open_pr.number} {open_pr.html_url}"
    base_branch = r.default_branch if plan.base_ref in ("", "HEAD") else plan.base_ref
    try:
        pr = r.create_pull(title=TITLE, body=plan.body, head=plan.branch, base=base_branch)
    except GithubException as e:
        # a 5xx may come after the server made it: look before anyone asks again
        made = [p for p in r.get_pulls(state="open", head=f"{owner}:{plan.branch}")] if e.status >= 500 else []
        if not made:
            raise
        pr = made[0]
    if labels:
        pr.add_to_labels(*labels)
    return f"opened pull request #{pr.number} {pr.html_url}"


def run(path, opts, *, base: str, branch: str, dry_run: bool, local: bool, remote: str, repo: str, api_url: str,
        token_env: str, labels: list[str], verify: bool = False) -> list[str]:
    """`burnmigrate pr`: the lines to print (the last one says what happened)."""
    from pathlib import Path

    from burnmigrate.app.pr import build, default_base, render
    token = "" if (dry_run or local) else os.environ.get(token_env, "")
    if not (dry_run or local) and not token:
        raise UsageError(f"no token: set the environment variable {token_env} (or pass --token-env NAME)")
    top = Path(pr_git(["rev-parse", "--show-toplevel"], path, check=False) or path)
    if not (dry_run or local):
        url = _git(["remote", "get-url", remote], top, token, check=False)
        if not url:
            raise UsageError(f"no git remote named {remote!r} in {top}")
        repo = repo or os.environ.get("GITHUB_REPOSITORY", "") or repo_from_remote(url)
        api_url = (api_url or os.environ.get("GITHUB_API_URL", "") or "https://api.github.com").rstrip("/")
        check_target(repo, api_url)
        api_timeout()
    plan = build(path, opts, branch=branch, base=base or default_base(path, remote), keep_branch=local, verify=verify)
    out = [redact(line, token) for line in render(plan, local).splitlines()]
    if dry_run or local:
        return out
    if not plan.commits:
        return out[:-1] + ["nothing to migrate"]
    return out[:-1] + [redact(publish(top, plan, remote=remote, repo=repo, api_url=api_url, token=token, labels=labels),
                              token)]
