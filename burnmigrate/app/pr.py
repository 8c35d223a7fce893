"""`burnmigrate pr`: the upgrade as a branch of one commit per rule (issue 17).

The branch is built in a throw-away git worktree from the base commit: for each rule that fires
(in the engine's order) the project's files are reset to the base and migrated with that rule
and every rule before it (cumulative selections), and what changed is one commit — so the last
commit's tree is `burnmigrate apply`'s, and each commit holds what its rule changes given the
rules before it. A commit that also carries edits of earlier rules (their fixpoint needed this
rule's output) says so. Commits carry the bot's identity and a `Burnmigrate-Rule:` trailer: the
bot knows its own commits by them.

Pushing and the pull request are the next step (the GitHub API part of issue 17): today
`burnmigrate pr --dry-run` builds the commits and prints them with the PR body, and `--local`
leaves the branch in the clone."""
from __future__ import annotations

import dataclasses
import os
import re
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from burnmigrate.engine import Options
from burnmigrate.project.errors import UsageError

BOT_NAME = "burnmigrate[bot]"
BOT_EMAIL = "burnmigrate-bot@users.noreply.github.com"
TRAILER = "Burnmigrate-Rule"


@dataclass
class RuleCommit:
    rule: str
    subject: str
    body: str
    sha: str = ""
    files: list[str] = field(default_factory=list)


@dataclass
class PrPlan:
    branch: str
    base: str
    commits: list[RuleCommit] = field(default_factory=list)
    body: str = ""
    tree: str = ""        # the last commit's tree id
    base_ref: str = ""    # the base as a branch name (`main`), for the pull request
    left_alone: str = ""  # `--local`: why the existing branch was not moved (a person's commit on it)
    cleaned: list[str] = field(default_factory=list)   # what a killed earlier run left, now removed


def _git(args: list[str], cwd: Path, env: dict | None = None, check: bool = True) -> str:
    try:
        r = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=600, check=False,
                           env={**os.environ, **(env or {})})
    except (OSError, subprocess.SubprocessError) as e:
        raise UsageError(f"git {args[0]} failed: {e}") from None
    if check and r.returncode != 0:
        last = ((r.stderr or r.stdout).strip().splitlines() or [f"exit {r.returncode}"])[-1]
        raise UsageError(f"git {' '.join(args[:2])} failed: {last}")
    return r.stdout.strip()


def subject(rule: str, pitfalls: tuple[int, ...]) -> str:
    if not pitfalls:
        return f"burnmigrate: {rule}"
    word = "pitfall" if len(pitfalls) == 1 else "pitfalls"
    return f"burnmigrate: {rule} ({word} {', '.join(map(str, pitfalls))})"


def default_base(path: Path, remote: str = "origin") -> str:
    """The remote's default branch (`refs/remotes/<remote>/HEAD`), else the current HEAD."""
    ref = _git(["symbolic-ref", "-q", f"refs/remotes/{remote}/HEAD"], path, check=False)
    return ref or "HEAD"


def verify_table(acc) -> str:
    """`verify`'s account as a Markdown section of the pull request body."""
    rows = [f"| {d.path}:{d.line} | {d.code or 'error'} | {d.status} | {d.rule or ''} |" for d in acc.errors[:30]]
    head = (f"\n\n### `burnmigrate verify` on the branch\n\n`cargo check` left {len(acc.errors)} error(s): "
            f"{acc.count('flagged')} flagged by a finding, {acc.count('pending')} pending, "
            f"{acc.count('not-covered')} not covered.\n")
    return head + ("\n| where | code | status | rule |\n| --- | --- | --- | --- |\n" + "\n".join(rows) + "\n" if rows else "")


def build(path: Path, opts: Options, *, branch: str, base: str, author: tuple[str, str] = (BOT_NAME, BOT_EMAIL),
          keep_branch: bool = False, verify: bool = False) -> PrPlan:
    """The branch's commits, built in a temporary worktree of the clone at `path` (nothing in the
    user's work tree changes). With `keep_branch` the branch ref stays in the clone."""
    from burnmigrate.app.usecases import apply, migrate
    from burnmigrate.output.markdown import to_markdown
    top = Path(_git(["rev-parse", "--show-toplevel"], path))
    rel = Path(path).resolve().relative_to(top.resolve())
    base_sha = _git(["rev-parse", "--verify", f"{base}^{{commit}}"], top)
    full = migrate(top / rel, opts)
    changed = {c.rule for c in full.changes if not c.is_finding}
    fired = [rid for rid in full.catalog if rid in changed]   # the catalog is in the engine's order
    plan = PrPlan(branch=branch, base=base_sha, body=to_markdown(full, mode="dry-run"),
                  base_ref=re.sub(r"^(?:refs/remotes/[^/]+/|refs/heads/|origin/)", "", base))
    plan.cleaned = clean_leftovers(top)
    wt = Path(tempfile.mkdtemp(prefix="bm-pr-")) / "wt"
    env = {"GIT_AUTHOR_NAME": author[0], "GIT_AUTHOR_EMAIL": author[1],
           "GIT_COMMITTER_NAME": author[0], "GIT_COMMITTER_EMAIL": author[1]}
    tmp_branch = f"burnmigrate-build-{os.getpid()}"
    _git(["worktree", "add", "-q", "-b", tmp_branch, str(wt), base_sha], top)
    if os.environ.get("BURNMIGRATE_FAILPOINT") == "kill-pr-after-worktree":   # the fault suite's SIGKILL
        os.kill(os.getpid(), signal.SIGKILL)
    try:
        before: set[tuple[str, str]] = set()
        for k, rid in enumerate(fired):
            _git(["checkout", "-q", base_sha, "--", "."], wt)
            sel = dataclasses.replace(opts, select=frozenset(fired[:k + 1]))
            report = apply(wt / rel, sel, allow_dirty=True)
            _git(["add", "-A"], wt)
            if not _git(["status", "--porcelain"], wt):
                continue
            now = {(c.rule, c.path + ":" + c.message) for c in report.res.changes if not c.is_finding}
            own = sum(1 for r, _ in now if r == rid)
            followers = sorted({r for r, key in now - before if r != rid})
            before = now
            info = full.catalog[rid]
            body = f"{info.name}: {own} change(s)."
            if followers:
                body += (f"\n\nAlso carries follow-up edits of {', '.join(followers)}: their fixpoint needed "
                         f"this rule's output.")
            msg = subject(rid, tuple(info.pitfalls)) + "\n\n" + body + f"\n\n{TRAILER}: {rid}\n"
            subprocess.run(["git", "commit", "-q", "-F", "-"], cwd=wt, input=msg, text=True, capture_output=True,
                           env={**os.environ, **env}, check=True)
            sha = _git(["rev-parse", "HEAD"], wt)
            files = _git(["diff", "--name-only", "HEAD~1", "HEAD"], wt).splitlines()
            plan.commits.append(RuleCommit(rid, subject(rid, tuple(info.pitfalls)), body, sha, files))
        plan.tree = _git(["rev-parse", "HEAD^{tree}"], wt)
        if verify and plan.commits:
            from burnmigrate.app.usecases import migrate as run_again, verify as run_verify
            acc = run_verify(wt / rel, run_again(wt / rel, opts), [], migrated=0)
            plan.body = plan.body.rstrip() + verify_table(acc)
        if keep_branch and plan.commits:
            # a branch holding someone's commit is left as it is (the remote path's rule); so is
            # the branch checked out in the user's work tree
            other = _foreign_local(top, base_sha, branch)
            if other:
                plan.left_alone = f"commits by others ({other})"
            elif _git(["symbolic-ref", "-q", "--short", "HEAD"], top, check=False) == branch:
                plan.left_alone = "it is checked out in your work tree"
            else:
                _git(["branch", "-f", branch, "HEAD"], wt)
    finally:
        _git(["worktree", "remove", "--force", str(wt)], top, check=False)
        _git(["branch", "-D", tmp_branch], top, check=False)
        shutil.rmtree(wt.parent, ignore_errors=True)
    return plan


_BUILD_BRANCH = re.compile(r"^burnmigrate-build-(\d+)$")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True   # (someone else's process: alive)
    return True


def clean_leftovers(top: Path) -> list[str]:
    """What a killed `pr` left in the clone (issue 27 item 17): its `burnmigrate-build-<pid>`
    branch and worktree (under $TMPDIR), removed when that pid is dead; a live run's are left."""
    done: list[str] = []
    wts: dict[str, Path] = {}
    path = None
    for line in _git(["worktree", "list", "--porcelain"], top, check=False).splitlines():
        if line.startswith("worktree "):
            path = Path(line[len("worktree "):])
        elif line.startswith("branch refs/heads/") and path is not None:
            wts[line[len("branch refs/heads/"):]] = path
    for name in _git(["branch", "--list", "--format=%(refname:short)", "burnmigrate-build-*"], top,
                     check=False).splitlines():
        m = _BUILD_BRANCH.match(name.strip())
        if m is None or _alive(int(m.group(1))):
            continue
        wt = wts.get(name)
        if wt is not None:
            _git(["worktree", "remove", "--force", str(wt)], top, check=False)
            if wt.parent.name.startswith("bm-pr-"):
                shutil.rmtree(wt.parent, ignore_errors=True)
        _git(["worktree", "prune"], top, check=False)
        _git(["branch", "-D", name], top, check=False)
        done.append(name + (f" (worktree {wt})" if wt is not None else ""))
    return done


def _foreign_local(top: Path, base: str, branch: str) -> str:
    """The first commit on the local `branch` since `base` that is not the bot's own (its email
    and the `Burnmigrate-Rule:` trailer), as `sha subject`; '' when there is none or no branch."""
    sha = _git(["rev-parse", "--verify", "-q", f"refs/heads/{branch}"], top, check=False)
    if not sha:
        return ""
    log = _git(["log", "--format=%H %ae%x1f%(trailers:key=" + TRAILER + ",valueonly)%x1f%s%x1e", f"{base}..{sha}"], top)
    for rec in (r.strip() for r in log.split("\x1e")):
        head, trailer, subj = (rec.split("\x1f") + ["", ""])[:3] if rec else ("", "", "")
        if rec and (head.split(" ", 1)[-1].strip() != BOT_EMAIL or not trailer.strip()):
            return f"{head.split(' ', 1)[0][:12]} {subj.strip()}"
    return ""


def render(plan: PrPlan, local: bool = False) -> str:
    lines = [f"removed what a killed earlier run left: {', '.join(plan.cleaned)}"] if plan.cleaned else []
    lines.append(f"branch {plan.branch} from {plan.base[:12]}: {len(plan.commits)} commit(s)")
    for c in plan.commits:
        lines.append(f"  {c.sha[:12]} {c.subject}  [{len(c.files)} file(s)]")
        lines += [f"      {ln}" for ln in c.body.splitlines() if ln]
    lines += ["", "--- pull request body ---", plan.body.rstrip(), ""]
    n = len(plan.commits)
    if local and plan.left_alone:
        lines.append(f"left branch {plan.branch} alone: {plan.left_alone}; the {n} commit(s) are on no branch "
                     "(pass --branch NAME for a new one)")
    else:
        lines.append("nothing to migrate" if not n else
                     (f"branch {plan.branch} holds {n} commit(s)" if local else f"would push {n} commit(s) to {plan.branch}"))
    return "\n".join(lines)
