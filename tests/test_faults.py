"""The fault suite: `burnmigrate apply` under faults done for real — a read-only folder as an
unprivileged user, a full disk (a small tmpfs), SIGKILL at seeded points of a 300-file apply
and a rerun, SIGTERM / SIGINT mid-transaction, two applies at once, symlinks, CRLF + BOM, NUL
bytes, a 5 MB file, and the CLI's one-line errors. Every test runs the installed CLI in a
subprocess; where the machine cannot give a fault (no unprivileged user, mounting refused) the
test is skipped with the reason."""
from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

LIB = """use burn::prelude::*;

pub fn double_{n}<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> {{
    x.clone() + x
}}
"""
MANIFEST = '[package]\nname = "faults"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nburn = "0.21"\n'


def project(root: Path, files: int = 1) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text(MANIFEST)
    mods = []
    for k in range(files):
        (root / "src" / f"m{k}.rs").write_text(LIB.format(n=k))
        mods.append(f"pub mod m{k};\n")
    (root / "src" / "lib.rs").write_text("".join(mods))
    return root


def cli(*args, env=None, user=None, **kw) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "burnmigrate", *map(str, args)]
    if user == "no-caps":   # root without capabilities: file permissions apply to it as to anyone
        cmd = ["setpriv", "--bounding-set=-all", "--inh-caps=-all", *cmd]
    e = dict(os.environ, **(env or {}))
    kw.setdefault("timeout", 300)
    return subprocess.run(cmd, capture_output=True, text=True, env=e, **kw)


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".burnmigrate" not in p.parts}


def temps(root: Path) -> list[Path]:
    return [p for p in root.rglob("*.burnmigrate") if p.is_file()]


def one_line(stderr: str) -> str:
    lines = [l for l in stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and lines[0].startswith("burnmigrate: error: "), stderr
    return lines[0]


@pytest.fixture
def world_tmp():
    """A temp dir every user can reach (pytest's tmp_path is private to root)."""
    d = Path(tempfile.mkdtemp(prefix="bm-faults-", dir="/tmp"))
    d.chmod(0o755)
    yield d
    subprocess.run(["chmod", "-R", "u+w", str(d)], check=False)
    shutil.rmtree(d, ignore_errors=True)


def _unprivileged() -> str | None:
    """How to run without the power to ignore file permissions: as we are when not root; as
    root with every capability dropped (`setpriv`; it still owns the files, and a mode without
    `w` stops it like any user) when root. CI runs as root."""
    if os.geteuid() != 0:
        return None
    if shutil.which("setpriv") is None or subprocess.run(
            ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "true"], capture_output=True).returncode != 0:
        pytest.skip("running as root and cannot drop capabilities (no working `setpriv`): root ignores file permissions")
    return "no-caps"


# -- write failures -------------------------------------------------------------------------

def test_read_only_src_as_an_unprivileged_user_writes_nothing(world_tmp):
    user = _unprivileged()
    root = project(world_tmp / "p")
    (root / "src").chmod(0o555)
    for f in (root / "src").iterdir():
        f.chmod(0o444)
    before = snapshot(root)
    r = cli("apply", "--allow-no-vcs", "--no-progress", root, user=user)
    assert r.returncode == 2, r.stderr
    line = one_line(r.stderr)
    assert "permission denied" in line and "src/" in line and "nothing was written" in line
    assert snapshot(root) == before   # Cargo.toml is not at 0.22.1 with the sources at 0.21
    assert not temps(root)


@contextlib.contextmanager
def small_disk(world_tmp: Path, size: str):
    """A tmpfs of `size` mounted in the test's folder (skipped where mounting is refused)."""
    mnt = world_tmp / "small"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("mounting a small tmpfs is refused here (needs CAP_SYS_ADMIN)")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_full_disk_rolls_back_every_file(world_tmp):
    with small_disk(world_tmp, "96k") as mnt:
        root = project(mnt / "p", files=3)
        # fill the disk so that the journal fits but not every new file
        filler = mnt / "filler"
        free = shutil.disk_usage(mnt).free
        filler.write_bytes(b"\0" * max(0, free - 6 * 1024))
        before = snapshot(root)
        r = cli("apply", "--allow-no-vcs", "--no-progress", root)
        assert r.returncode == 2, r.stderr
        line = one_line(r.stderr)
        assert "space" in line or "No space" in line or "journal" in line
        assert snapshot(root) == before
        assert not temps(root)


# -- kills and signals ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """A 300-file project and what a clean apply makes of it."""
    base = tmp_path_factory.mktemp("big")
    src = project(base / "src-project", files=300)
    done = base / "done"
    shutil.copytree(src, done)
    r = cli("apply", "--allow-no-vcs", "--no-progress", done)
    assert r.returncode == 0, r.stderr
    return src, snapshot(src), snapshot(done)


@pytest.mark.parametrize("point", random.Random(20261201).sample(range(1, 300), 3))
def test_sigkill_mid_apply_then_rerun(big, tmp_path, point):
    src, old, new = big
    root = tmp_path / "p"
    shutil.copytree(src, root)
    t0 = time.monotonic()
    r = cli("apply", "--allow-no-vcs", "--no-progress", root, env={"BURNMIGRATE_FAILPOINT": f"kill-after:{point}"})
    assert r.returncode == -signal.SIGKILL
    # every file entirely old or entirely new; the new texts staged for the renames not made yet
    # are temp files, which the next run removes
    mid = {k: v for k, v in snapshot(root).items() if not k.endswith(".burnmigrate")}
    for path, data in mid.items():
        assert data in (old.get(path), new.get(path)), path
    assert sum(mid[p] != old[p] for p in old) == point   # it was killed where we said
    again = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert again.returncode == 0, again.stderr
    assert "interrupted run was rolled back" in again.stderr
    assert snapshot(root) == new and not temps(root)
    assert not (root / ".burnmigrate" / "journal").exists()
    assert time.monotonic() - t0 < 120


@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_mid_transaction_rolls_back_and_says_so(big, tmp_path, sig, code):
    src, old, _ = big
    root = tmp_path / "p"
    shutil.copytree(src, root)
    cmd = [sys.executable, "-m", "burnmigrate", "apply", "--allow-no-vcs", "--no-progress", str(root)]
    p = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                         env=dict(os.environ, BURNMIGRATE_FAILPOINT="pause-after:5"))
    journal = root / ".burnmigrate" / "journal" / "journal.json"
    deadline = time.monotonic() + 60
    # the pause comes after the 5th file written (Cargo.toml first, then 4 of src/m*.rs): the new
    # texts are all staged before the first rename, so the renames after the pause take no time
    while time.monotonic() < deadline and not (journal.exists() and sum(
            (root / rel).read_bytes() != data for rel, data in old.items() if rel.startswith("src/m")) >= 4):
        time.sleep(0.05)
    p.send_signal(sig)
    _, err = p.communicate(timeout=60)
    assert p.returncode == code, err
    assert "interrupted" in one_line(err) and "restored" in err
    assert snapshot(root) == old and not temps(root)


def _fake_journal(root: Path, lib: Path, old: bytes, new: bytes) -> Path:
    import hashlib
    jdir = root / ".burnmigrate" / "journal"
    jdir.mkdir(parents=True)
    (jdir / "000000.bak").write_bytes(old)
    (jdir / "journal.json").write_text(json.dumps({"state": "writing", "files": [
        {"path": lib.relative_to(root).as_posix(), "rel": "src/m0.rs", "backup": "000000.bak",
         "old_sha": hashlib.sha256(old).hexdigest(), "new_sha": hashlib.sha256(new).hexdigest()}]}))
    return jdir


def test_a_killed_runs_journal_is_finished_before_anything_else(tmp_path):
    root = project(tmp_path / "p")
    lib = root / "src" / "m0.rs"
    old = lib.read_bytes()
    jdir = _fake_journal(root, lib, old, b"what the killed run wrote")
    lib.write_bytes(b"what the killed run wrote")
    (root / "src" / ".m0.rs.x1y2.burnmigrate").write_bytes(b"debris")
    r = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    assert "rolled back (1 file(s) restored" in r.stderr
    assert b"pub fn double_0(x: Tensor<1>)" in lib.read_bytes()
    assert not temps(root) and not jdir.exists()


def test_a_file_edited_after_the_kill_is_not_restored(tmp_path):
    root = project(tmp_path / "p")
    lib = root / "src" / "m0.rs"
    jdir = _fake_journal(root, lib, lib.read_bytes(), b"what the killed run wrote")
    lib.write_bytes(b"// the user's own edit, made after the kill\n")
    r = cli("--dry-run", "--no-progress", root)    # a preview writes nothing, recovers nothing, says so
    assert not list((root / ".burnmigrate").glob("journal-kept-*"))
    assert "an interrupted `burnmigrate apply` left its journal" in r.stdout
    r = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    assert lib.read_bytes() == b"// the user's own edit, made after the kill\n"
    assert "changed since were left as they are (src/m0.rs)" in r.stderr
    kept = list((root / ".burnmigrate").glob("journal-kept-*"))
    assert kept and (kept[0] / "000000.bak").read_bytes().startswith(b"use burn::prelude::*;")
    assert not jdir.exists()


# -- concurrency ----------------------------------------------------------------------------

def test_two_applies_at_once_lose_no_change(tmp_path):
    root = project(tmp_path / "p")
    base = [sys.executable, "-m", "burnmigrate", "apply", "--allow-no-vcs", "--no-progress"]
    a = subprocess.Popen(base + ["--select", "burn-version", str(root)], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    b = subprocess.Popen(base + ["--select", "burn-backend-feature", str(root)], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    ea, eb = a.communicate(timeout=120)[1], b.communicate(timeout=120)[1]
    codes = sorted((a.returncode, b.returncode))
    manifest = (root / "Cargo.toml").read_text()
    if codes == [0, 0]:   # the second waited for the lock, then read the first one's result
        assert '"0.22.1"' in manifest and "flex" in manifest, manifest
    else:                 # or it refused, naming the holder, and wrote nothing
        assert codes == [0, 2]
        assert "another burnmigrate run (pid" in (ea + eb)


def test_a_held_lock_is_refused_in_one_line(tmp_path):
    root = project(tmp_path / "p")
    code = ("import sys, time; from pathlib import Path; from burnmigrate.app.transaction import project_lock\n"
            "with project_lock(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(20)\n")
    holder = subprocess.Popen([sys.executable, "-c", code, str(root)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        r = cli("apply", "--allow-no-vcs", "--no-progress", root, env={"BURNMIGRATE_LOCK_WAIT": "0.5"})
        assert r.returncode == 2
        assert f"pid {holder.pid}" in one_line(r.stderr)
        assert "0.21" in (root / "Cargo.toml").read_text()
    finally:
        holder.kill()
        holder.wait()


# -- symlinks, encodings, odd bytes, size ---------------------------------------------------

def test_symlinks_inside_stay_links_and_outside_ones_are_not_written_through(tmp_path):
    root = project(tmp_path / "p")
    (root / "src" / "alias.rs").symlink_to("m0.rs")   # the same file, twice
    outside = tmp_path / "elsewhere.rs"
    outside.write_text(LIB.format(n=99))
    (root / "src" / "ext.rs").symlink_to(outside)
    r = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    assert (root / "src" / "alias.rs").is_symlink() and (root / "src" / "ext.rs").is_symlink()
    assert b"double_0(x: Tensor<1>)" in (root / "src" / "m0.rs").read_bytes()
    assert outside.read_text() == LIB.format(n=99)
    assert "src/ext.rs is a symlink to" in r.stderr and "outside the project" in r.stderr


def test_crlf_bom_and_nul_bytes_survive(tmp_path):
    root = project(tmp_path / "p")
    crlf = b"\xef\xbb\xbf" + LIB.format(n=0).replace("\n", "\r\n").encode()
    (root / "src" / "m0.rs").write_bytes(crlf)
    (root / "src" / "nul.rs").write_bytes(b'pub const Z: &str = "a\0b";\n' + LIB.format(n=7).encode())
    r = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    out = (root / "src" / "m0.rs").read_bytes()
    assert out.startswith(b"\xef\xbb\xbf") and b"\r\n" in out and b"\n" not in out.replace(b"\r\n", b"")
    assert b"Tensor<1>" in out
    nul = (root / "src" / "nul.rs").read_bytes()
    assert b"a\0b" in nul and b"double_7(x: Tensor<1>)" in nul


def test_a_5_mb_file_is_migrated(tmp_path):
    root = project(tmp_path / "p")
    body = [LIB.format(n=0)]
    filler = "// generated: " + "x" * 60 + "\npub const C{n}: usize = {n};\n"
    size = 0
    n = 0
    while size < 5 * 1024 * 1024:
        s = filler.format(n=n)
        body.append(s)
        size += len(s)
        n += 1
    (root / "src" / "m0.rs").write_text("".join(body))
    r = cli("--dry-run", "--no-progress", "--format", "json", root)
    assert r.returncode == 0, r.stderr[-500:]
    doc = json.loads(r.stdout)
    assert doc["summary"]["files_changed"] >= 1


# -- the CLI answers in one line ------------------------------------------------------------

def test_usage_errors_are_one_line_exit_2(tmp_path):
    for args in (("--no-such-option",), ("apply", "--bogus"), ("explain", "zzz"), (tmp_path / "missing",)):
        r = cli(*args)
        assert r.returncode == 2, (args, r.stderr)
        one_line(r.stderr)


def test_h_is_help():
    r = cli("-h")
    assert r.returncode == 0 and "Usage" in r.stdout


def test_json_and_sarif_errors_are_documents_on_stdout(tmp_path):
    r = cli("--format", "json", tmp_path / "missing")
    assert r.returncode == 2 and json.loads(r.stdout)["exit_code"] == 2
    s = cli("--format", "sarif", tmp_path / "missing")
    doc = json.loads(s.stdout)
    assert s.returncode == 2 and doc["runs"][0]["invocations"][0]["executionSuccessful"] is False


def test_an_internal_error_is_one_line_exit_3_with_the_details_on_disk(tmp_path):
    root = project(tmp_path / "p")
    r = cli("--no-progress", root, env={"BURNMIGRATE_FAILPOINT": "internal-error", "BURNMIGRATE_CACHE": str(tmp_path / "cache")})
    assert r.returncode == 3
    line = one_line(r.stderr)
    assert "internal error" in line and "Traceback" not in r.stderr
    crash = list((tmp_path / "cache" / "crashes").glob("crash-*.txt"))
    assert crash and "Traceback" in crash[0].read_text()


def test_apply_outside_a_vcs_refuses_without_the_flag(tmp_path):
    root = project(tmp_path / "p")
    r = cli("apply", "--no-progress", root)
    assert r.returncode == 2 and "--allow-no-vcs" in one_line(r.stderr)
    assert "0.21" in (root / "Cargo.toml").read_text()


def test_a_single_rs_file_is_migrated_in_its_crates_context(tmp_path):
    root = project(tmp_path / "p", files=2)
    r = cli("apply", "--allow-no-vcs", "--no-progress", root / "src" / "m1.rs")
    assert r.returncode == 0, r.stderr
    assert b"double_1(x: Tensor<1>)" in (root / "src" / "m1.rs").read_bytes()
    assert b"<B: Backend>" in (root / "src" / "m0.rs").read_bytes()   # only the file asked for
    assert "0.21" in (root / "Cargo.toml").read_text()


def _four_files(tmp_path: Path) -> list[Path]:
    paths = [tmp_path / f"f{k}.rs" for k in range(4)]
    for k, p in enumerate(paths):
        p.write_bytes(b"old %d" % k)
    return paths


def test_a_write_that_fails_midway_restores_the_files_written_before(tmp_path, monkeypatch):
    """A rename that fails on the third file (after every new text was staged): the two before it
    get their old bytes back, the staged rest is removed."""
    import errno

    from burnmigrate.app import transaction as T
    paths = _four_files(tmp_path)
    real = T.commit_staged
    calls = []

    def failing(tmp, path):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.EIO, "Input/output error")
        real(tmp, path)

    monkeypatch.setattr(T, "commit_staged", failing)
    items = [T.Pending(p, p.name, p.read_bytes(), b"new") for p in paths]
    with pytest.raises(T.WriteFailed, match="f2.rs: Input/output error; every file written in this run was restored"):
        T.write_all(tmp_path, items)
    assert [p.read_bytes() for p in paths] == [b"old 0", b"old 1", b"old 2", b"old 3"]
    assert not (tmp_path / ".burnmigrate" / "journal").exists() and not temps(tmp_path)


@pytest.mark.fault27
def test_27_03_a_full_disk_while_staging_writes_nothing(tmp_path, monkeypatch):
    """ENOSPC on the third new text (the disk filled after the preflight): every new text is
    staged before the first rename, so nothing was written and no temp file is left."""
    import errno

    from burnmigrate.app import transaction as T
    paths = _four_files(tmp_path)
    real = T.stage
    calls = []

    def full(path, data):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(T, "stage", full)
    items = [T.Pending(p, p.name, p.read_bytes(), b"new") for p in paths]
    with pytest.raises(T.WriteFailed, match="f2.rs: No space left on device while preparing the new texts; "
                                            "nothing was written"):
        T.write_all(tmp_path, items)
    assert [p.read_bytes() for p in paths] == [b"old 0", b"old 1", b"old 2", b"old 3"]
    assert not temps(tmp_path) and not (tmp_path / ".burnmigrate" / "journal").exists()


@pytest.mark.fault27
def test_27_06_a_legal_243_byte_file_name_migrates(tmp_path):
    root = project(tmp_path / "p")
    name = "m" * 240 + ".rs"   # 243 bytes: the temp name beside it must stay under 255
    (root / "src" / name).write_text(LIB.format(n=7))
    with (root / "src" / "lib.rs").open("a") as f:
        f.write(f'#[path = "{name}"]\npub mod long;\n')
    r = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    assert "Tensor<1>" in (root / "src" / name).read_text() and not temps(root)


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path):
    from burnmigrate.app import transaction as T
    p = tmp_path / "a.rs"
    p.write_bytes(b"edited by someone")
    with pytest.raises(T.WriteFailed, match="changed since burnmigrate read it"):
        T.write_all(tmp_path, [T.Pending(p, "a.rs", b"what we read", b"new")])
    assert p.read_bytes() == b"edited by someone"


def test_demo_previews_and_applies_a_shipped_crate():
    r = cli("demo", "--color", "never")
    assert r.returncode == 0, r.stderr
    assert "+pub fn train(device: Device, steps: usize) -> f32 {" in r.stdout
    assert "the demo crate is in" in r.stderr
    w = cli("demo", "--apply", "--color", "never")
    assert w.returncode == 0, w.stderr
    where = Path(w.stderr.strip().splitlines()[-1].rsplit(" in ", 1)[1])
    assert '"0.22.1"' in (where / "Cargo.toml").read_text() and "flex" in (where / "Cargo.toml").read_text()
    assert "Device::flex()" in (where / "src" / "lib.rs").read_text()
    shutil.rmtree(where.parent, ignore_errors=True)


def test_a_symlink_loop_is_a_note_not_a_crash(tmp_path):
    root = project(tmp_path / "p")
    (root / "src" / "self.rs").symlink_to("self.rs")
    r = cli("--dry-run", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    assert "src/self.rs: a symlink that loops or leads nowhere: skipped" in r.stdout + r.stderr


def test_backups_are_private_and_a_signal_after_the_writes_says_the_run_is_complete(tmp_path, monkeypatch):
    import stat

    from burnmigrate.app import transaction as T
    p = tmp_path / "a.rs"
    p.write_bytes(b"old")
    seen = {}
    real = T._write_journaled

    def spy(jdir, entries, items, caught):
        seen["mode"] = stat.S_IMODE((jdir / "000000.bak").stat().st_mode)
        caught.append(signal.SIGTERM)   # as if SIGTERM came during the last write
        items_ok = real(jdir, entries, items, [])
        if caught:
            raise T.Interrupted(caught[0], "written")
        return items_ok

    monkeypatch.setattr(T, "_write_journaled", spy)
    import pytest as _p
    with _p.raises(T.Interrupted) as e:
        T.write_all(tmp_path, [T.Pending(p, "a.rs", b"old", b"new")])
    assert e.value.phase == "written" and p.read_bytes() == b"new"
    assert seen["mode"] == 0o600


# -- issue 27: hostile trees, full disks and flaky networks ---------------------------------
# Each test makes the real fault; a skipped one fails the run (conftest.py; a developer's machine
# that cannot make one sets BURNMIGRATE_FAULTS_ALLOW_SKIP=1). Named by the issue's item numbers.

def _notes(stderr_or_stdout: str) -> list[str]:
    return [l for l in stderr_or_stdout.splitlines() if l.startswith("note: ")]


@pytest.mark.fault27
def test_27_01_a_fifo_is_skipped_with_a_note_not_waited_on(tmp_path):
    root = project(tmp_path / "p")
    os.mkfifo(root / "src" / "pipe.rs")
    r = cli("preview", "--no-cache", "--no-progress", root, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "note: src/pipe.rs: a FIFO, not a regular file: skipped" in r.stdout
    r = cli("apply", "--allow-no-vcs", "--no-progress", root, timeout=60)
    assert r.returncode == 0, r.stderr
    assert (root / "src" / "pipe.rs").is_fifo()


@pytest.mark.fault27
def test_27_01_a_link_to_dev_zero_is_not_read(tmp_path):
    root = project(tmp_path / "p")
    (root / "src" / "zero.rs").symlink_to("/dev/zero")
    r = cli("preview", "--no-cache", "--no-progress", root, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "note: src/zero.rs: a device, not a regular file: skipped" in r.stdout


def snapshot_small(root: Path) -> dict[str, bytes]:
    """The tree's files under 1 MiB (a test's sparse 10 GB file is compared by size and mtime)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.stat().st_size < 2**20 and ".burnmigrate" not in p.parts}


def _limited(limit_bytes: int):
    import resource

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
    return cap


@pytest.mark.fault27
def test_27_01_a_sparse_10_gb_source_is_refused_unread_under_a_memory_limit(tmp_path):
    root = project(tmp_path / "p")
    huge = root / "src" / "huge.rs"
    with huge.open("wb") as f:
        f.truncate(10 * 2**30)   # sparse: no disk, but a read of it would want 10 GB
    before = {k: v for k, v in snapshot_small(root).items()}
    huge_stat = (huge.stat().st_size, huge.stat().st_mtime_ns)
    r = cli("preview", "--no-cache", "--no-progress", root, preexec_fn=_limited(3 * 2**30))
    assert r.returncode == 2, r.stderr
    line = one_line(r.stderr)
    assert line.startswith("burnmigrate: error: src/huge.rs: 10240 MiB, over the 32 MiB limit"), line
    r = cli("apply", "--allow-no-vcs", "--no-progress", "--skip-unreadable", root, preexec_fn=_limited(3 * 2**30))
    assert r.returncode == 0, r.stderr
    assert "src/huge.rs: 10240 MiB, over the 32 MiB limit" in r.stdout and "left as it is (--skip-unreadable)" in r.stdout
    after = snapshot_small(root)
    assert (huge.stat().st_size, huge.stat().st_mtime_ns) == huge_stat and after["src/m0.rs"] != before["src/m0.rs"]


@pytest.mark.fault27
@pytest.mark.parametrize("command", ["preview", "apply"])
def test_27_02_an_unreadable_file_and_folder_are_one_line_each_exit_2(world_tmp, command):
    user = _unprivileged()
    root = project(world_tmp / "p", files=2)
    (root / "src" / "m1.rs").chmod(0o000)
    (root / "src" / "inner").mkdir()
    (root / "src" / "inner" / "deep.rs").write_text(LIB.format(n=9))
    (root / "src" / "inner").chmod(0o000)
    before = snapshot_as_root(root)
    args = ["apply", "--allow-no-vcs"] if command == "apply" else ["preview", "--no-cache"]
    r = cli(*args, "--no-progress", root, user=user)
    assert r.returncode == 2, r.stderr
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert lines == ["burnmigrate: error: src/inner: a folder that cannot be read (Permission denied): make it "
                     "readable, or pass --skip-unreadable to leave it",
                     "burnmigrate: error: src/m1.rs: permission denied: make it readable, or pass --skip-unreadable "
                     "to leave it"], r.stderr
    assert snapshot_as_root(root) == before
    r = cli(*args, "--no-progress", "--skip-unreadable", root, user=user)
    assert r.returncode == 0, r.stderr
    assert "note: src/m1.rs: permission denied: left as it is (--skip-unreadable)" in r.stdout
    assert "note: src/inner: a folder that cannot be read (Permission denied): left as it is (--skip-unreadable)" in r.stdout
    if command == "apply":
        assert "wrote 2 file(s)" in r.stderr   # m0.rs and Cargo.toml; m1.rs and inner/ as they were
        after = snapshot_as_root(root)
        assert after["src/m1.rs"] == before["src/m1.rs"] and after["src/inner/deep.rs"] == before["src/inner/deep.rs"]
    (root / "src" / "inner").chmod(0o755)


def snapshot_as_root(root: Path) -> dict[str, bytes]:
    """The tree's bytes, read with root's power (the test made some files unreadable on purpose)."""
    return snapshot(root)


@pytest.mark.fault27
def test_27_08_a_planted_or_foreign_cache_entry_runs_nothing_and_is_a_miss(tmp_path):
    import pickle
    root = project(tmp_path / "p")
    cache = tmp_path / "cache"
    env = {"BURNMIGRATE_CACHE": str(cache)}
    want = cli("preview", "--no-progress", "--format", "json", root, env=env)
    assert want.returncode == 0, want.stderr
    entries = list((cache / "results").iterdir())
    assert len(entries) == 1 and entries[0].suffix == ".json"
    marker = tmp_path / "pwned"

    class Exploit:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))
    planted = pickle.dumps(Exploit())
    key = entries[0].stem
    for name, data in ((f"{key}.json", planted), (f"{key}.pickle", planted)):
        (cache / "results" / name).write_bytes(data)
    r = cli("preview", "--no-progress", "--format", "json", root, env=env)
    assert r.returncode == 0 and r.stdout == want.stdout, r.stderr
    assert not marker.exists()
    # JSON of the wrong shape (this version's tag, nonsense inside): a miss too
    (cache / "results" / f"{key}.json").write_text('{"version": "burnmigrate-result-cache-2", "project": 5}')
    r = cli("preview", "--no-progress", "--format", "json", root, env=env)
    assert r.returncode == 0 and r.stdout == want.stdout, r.stderr
    (cache / "results" / f"{key}.json").write_text('{"version": "burnmigrate-result-cache-2", "project": '
                                                    '{"$c": "Popen", "f": {"args": "touch x"}}}')
    r = cli("preview", "--no-progress", "--format", "json", root, env=env)
    assert r.returncode == 0 and r.stdout == want.stdout, r.stderr


@pytest.mark.fault27
def test_27_09_jobs_is_clamped_to_cores_and_files_and_negative_is_a_usage_error(tmp_path):
    root = project(tmp_path / "p", files=60)
    stats = tmp_path / "stats.json"
    r = cli("preview", "--no-cache", "--no-progress", "--jobs", "1000", root, env={"BURNMIGRATE_STATS": str(stats)})
    assert r.returncode == 0, r.stderr
    cores = len(os.sched_getaffinity(0))
    assert 1 <= json.loads(stats.read_text())["workers"] <= min(cores, 61)
    r = cli("preview", "--no-progress", "--jobs", "-5", root)
    assert r.returncode == 2
    assert "--jobs" in one_line(r.stderr)


@pytest.mark.fault27
def test_27_15_pr_local_never_moves_a_branch_holding_a_persons_commit(tmp_path):
    root = project(tmp_path / "p")

    def git(*a):
        return subprocess.run(["git", *a], cwd=root, check=True, capture_output=True, text=True).stdout.strip()
    git("init", "-q")
    git("add", "-A")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base")
    git("checkout", "-q", "-b", "burnmigrate/burn-0.22.1")
    (root / "NOTES.md").write_text("a person's work on the upgrade branch\n")
    git("add", "-A")
    git("-c", "user.email=me@example.com", "-c", "user.name=me", "commit", "-qm", "my notes")
    mine = git("rev-parse", "HEAD")
    git("checkout", "-q", "-")
    r = cli("pr", "--local", root)
    assert r.returncode == 0, r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith("left branch burnmigrate/burn-0.22.1 alone: commits by others (") and "my notes" in last
    assert git("rev-parse", "burnmigrate/burn-0.22.1") == mine   # not reset: the commit is still on its branch
    # a branch of only the bot's commits is rebuilt as before
    r = cli("pr", "--local", "--branch", "upgrade", root)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].startswith("branch upgrade holds"), r.stdout
    r = cli("pr", "--local", "--branch", "upgrade", root)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].startswith("branch upgrade holds"), r.stdout


@pytest.mark.fault27
@pytest.mark.parametrize("stdout", ["/dev/full", "closed", "pipe closed early"])
def test_27_10_a_report_stdout_cannot_take_is_one_line_on_stderr_exit_2(tmp_path, stdout):
    root = project(tmp_path / "p")
    cmd = [sys.executable, "-m", "burnmigrate", "apply", "--allow-no-vcs", "--no-progress", str(root)]
    if stdout == "/dev/full":
        with open("/dev/full", "w") as full:
            r = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
        err, code = r.stderr, r.returncode
    elif stdout == "closed":
        r = subprocess.run(cmd, stdout=None, stderr=subprocess.PIPE, text=True, timeout=300,
                           preexec_fn=lambda: os.close(1))
        err, code = r.stderr, r.returncode
    else:   # a reader that went away (`| head -1` once it has its line): writes get EPIPE
        rd, wr = os.pipe()
        os.close(rd)
        r = subprocess.run(cmd, stdout=wr, stderr=subprocess.PIPE, text=True, timeout=300)
        os.close(wr)
        err, code = r.stderr, r.returncode
    assert code == 2, err
    line = one_line(err)
    assert "could not write the report to standard output" in line
    assert "the migration itself is complete: wrote 2 file(s)" in line   # what it did, where it can be read
    assert "0.22.1" in (root / "Cargo.toml").read_text()


@pytest.mark.fault27
def test_27_03_a_disk_that_fills_after_the_checks_leaves_the_tree_as_it_was(world_tmp):
    with small_disk(world_tmp, "2m") as mnt:
        root = project(mnt / "p", files=40)
        before = snapshot(root)
        r = cli("apply", "--allow-no-vcs", "--no-progress", root, env={"BURNMIGRATE_FAILPOINT": "fill-disk-after-journal"})
        for fill in root.rglob(".burnmigrate-fill"):
            fill.unlink()
        assert r.returncode == 2, r.stderr
        line = one_line(r.stderr)
        assert "No space left on device while preparing the new texts; nothing was written" in line, line
        assert snapshot(root) == before and not temps(root)
        assert not (root / ".burnmigrate" / "journal").exists()


@pytest.mark.fault27
@pytest.mark.parametrize("command", [["verify"], ["rules"], ["remap", "--since", "HEAD"], ["diagnose", "--symptom", "x"]])
@pytest.mark.parametrize("fmt", ["sarif", "markdown"])
def test_27_11_a_format_a_command_cannot_write_is_a_usage_error(tmp_path, command, fmt):
    r = cli(*command, "--format", fmt)
    assert r.returncode == 2, r.stdout + r.stderr
    assert f"'{fmt}' is not one of 'text', 'json'" in one_line(r.stderr)


VENDORED_CORE = """use crate::tensor::{backend::Backend, Tensor};

pub fn relu<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    x.clamp_min(0.0)
}
"""


def _vendor(root: Path, folder: str, name: str) -> None:
    """A crate as `cargo vendor` writes it: sources, manifest and the checksum cargo checks."""
    d = root / folder / name
    (d / "src").mkdir(parents=True)
    (d / "Cargo.toml").write_text(f'[package]\nname = "{name}"\nversion = "0.21.0"\nedition = "2021"\n\n'
                                  '[dependencies]\nburn-tensor = "0.21.0"\n')
    (d / "src" / "lib.rs").write_text(VENDORED_CORE)
    (d / ".cargo-checksum.json").write_text('{"files":{},"package":"0"}')


@pytest.mark.fault27
@pytest.mark.parametrize("configured", [True, False], ids=["directory-source", "checksum-only"])
def test_27_04_vendored_crates_are_left_alone_the_projects_own_vendor_folder_migrates(tmp_path, configured):
    root = project(tmp_path / "p")
    for name in ("burn-core", "burn-nn"):
        _vendor(root, "vendor", name)
    if configured:   # the layout `cargo vendor` asks for; its checksums then matter to every build
        (root / ".cargo").mkdir()
        (root / ".cargo" / "config.toml").write_text(
            '[source.crates-io]\nreplace-with = "vendored-sources"\n\n[source.vendored-sources]\ndirectory = "vendor"\n')
        (root / "vendor" / "burn-nn" / ".cargo-checksum.json").unlink()   # the source names the folder
    (root / "src" / "vendor").mkdir()   # the project's own code in a folder called vendor
    (root / "src" / "vendor" / "mod.rs").write_text(LIB.format(n=7))
    (root / "src" / "lib.rs").write_text("pub mod m0;\npub mod vendor;\n")
    (root / "target" / "debug").mkdir(parents=True)
    (root / "target" / "debug" / "gen.rs").write_text(LIB.format(n=8))
    before = snapshot(root)
    r = cli("preview", "--no-cache", "--no-progress", "--format", "json", root)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    paths = {f["path"] for f in report["files"]}
    assert "src/vendor/mod.rs" in paths and not any(p.startswith(("vendor/", "target/")) for p in paths), paths
    note = next(n for n in report["notes"] if "vendored sources" in n)
    assert note.startswith("vendor: vendored sources (" if configured else "vendor/burn-core, vendor/burn-nn: vendored"), note
    assert "run `cargo vendor` again" in note
    r = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    after = snapshot(root)
    changed = {k for k in before if after.get(k) != before[k]}
    assert changed == {"Cargo.toml", "src/m0.rs", "src/vendor/mod.rs"}, changed
    assert "vendored sources" in r.stdout


@pytest.mark.fault27
def test_27_05_path_means_what_it_says(tmp_path):
    """A non-Rust file is a usage error (it migrated every crate of its folder); a folder or a
    `.rs` file inside a crate migrates only what lies in it, in its crate's context, and says the
    crate's manifest was left."""
    root = project(tmp_path / "p", files=3)
    (root / "src" / "sub").mkdir()
    (root / "src" / "m1.rs").rename(root / "src" / "sub" / "m1.rs")
    (root / "src" / "lib.rs").write_text("pub mod m0;\n#[path = \"sub/m1.rs\"]\npub mod m1;\npub mod m2;\n")
    (root / "NOTES.txt").write_text("notes\n")
    before = snapshot(root)
    r = cli("apply", "--allow-no-vcs", "--no-progress", root / "NOTES.txt")
    assert r.returncode == 2 and snapshot(root) == before
    assert one_line(r.stderr).endswith("NOTES.txt: not a Rust source file or a Cargo.toml: give a crate's folder, "
                                       "its Cargo.toml or a .rs file")
    left = "note: Cargo.toml: outside {}: left as it is (run burnmigrate on the crate's folder to upgrade its dependencies)"
    for path, migrated in ((root / "src" / "sub", "src/sub/m1.rs"), (root / "src" / "m2.rs", "src/m2.rs")):
        r = cli("apply", "--allow-no-vcs", "--no-progress", path)
        assert r.returncode == 0, r.stderr
        assert left.format(path.relative_to(root).as_posix()) in r.stdout
        after = snapshot(root)
        assert {k for k in before if after[k] != before[k]} == {migrated}
        assert "Tensor<1>" in after[migrated].decode()
        before = after


def _lock(root: Path, packages: dict[str, str]) -> None:
    (root / "Cargo.lock").write_text("version = 4\n\n" + "".join(
        f'[[package]]\nname = "{n}"\nversion = "{v}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n\n'
        for n, v in packages.items()))


@pytest.mark.fault27
def test_27_12_notes_are_true(tmp_path):
    """A 0.22.0 manifest moves to the target and its pending 0.21 code is not "nothing to
    migrate"; an LLVM lock entry is reported only where this manifest's `cpu` went. (After
    `--update-lock` the lock finding leaves the report: tests/test_verify.py, compile tier.)"""
    root = project(tmp_path / "p")
    (root / "Cargo.toml").write_text(MANIFEST.replace('burn = "0.21"', 'burn = "0.22.0"'))
    r = cli("preview", "--no-cache", "--no-progress", "--format", "json", root)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert "faults: on burn 0.22.0: its requirement moves to 0.22.1; 3 change(s) of 0.21 code remain (below)" in report["notes"]
    assert not any("nothing to migrate" in n for n in report["notes"])
    manifest = next(f for f in report["files"] if f["path"] == "Cargo.toml")
    assert any("0.22.0 → 0.22.1" in ch["message"] for ch in manifest["changes"]), manifest["changes"]
    # a stale LLVM entry nothing pulls (no `cpu` anywhere) and a `cpu` kept behind a feature
    for features, extra in (("", ()), (', features = ["cpu"]', ("--keep-cpu-feature",))):
        (root / "Cargo.toml").write_text(MANIFEST.replace('burn = "0.21"', f'burn = {{ version = "0.22.1"{features} }}'))
        _lock(root, {"burn": "0.22.1", "cubecl-llvm": "0.11.0", "tracel-llvm-bundler": "20.1.4"})
        r = cli("preview", "--no-cache", "--no-progress", "--format", "json", *extra, root)
        assert r.returncode == 0, r.stderr
        assert "Cargo.lock pulls cubecl-llvm" not in r.stdout, r.stdout
    (root / "Cargo.toml").write_text(MANIFEST.replace('burn = "0.21"', 'burn = { version = "0.21", features = ["cpu"] }'))
    r = cli("preview", "--no-cache", "--no-progress", root)
    assert "Cargo.lock pulls cubecl-llvm / tracel-llvm-bundler" in r.stdout


# -- item 16: network faults of `pr` are one line, exit 2 ----------------------------------------
from test_pr_publish import pr, world  # noqa: E402,F401  (the git server and GitHub stand-in)


@pytest.mark.fault27
def test_27_16_an_api_that_never_answers_or_refuses_is_one_line(world, monkeypatch):
    from github_fakes import silent_server
    clone, _, api = world
    sock, url = silent_server()
    monkeypatch.setenv("BURNMIGRATE_API_TIMEOUT", "1")
    t0 = time.monotonic()
    api.url, real = url, api.url
    r = pr(clone, api)
    assert r.returncode == 2, r.stderr
    assert one_line(r.stderr).endswith(f"the GitHub API at {url} did not answer within 1 s (BURNMIGRATE_API_TIMEOUT); "
                                       "the branch is pushed, run `burnmigrate pr` again")
    assert time.monotonic() - t0 < 60   # one timeout per request, no retries
    sock.close()
    api.url = "http://127.0.0.1:1"   # nothing listens there
    r = pr(clone, api)
    assert r.returncode == 2 and "cannot be reached: ConnectionError" in one_line(r.stderr)
    api.url = real
    r = pr(clone, api)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].startswith("opened pull request #1"), r.stderr


@pytest.mark.fault27
@pytest.mark.parametrize("args, said", [
    (["--api-url", "not-a-url"], "--api-url 'not-a-url' is not an http(s) URL (e.g. https://api.github.com)"),
    (["--repo", "bad"], "--repo 'bad' is not OWNER/NAME"),
])
def test_27_16_a_bad_repo_or_api_url_is_a_usage_error_before_anything_is_sent(world, args, said):
    clone, _, api = world
    r = pr(clone, api, *args)
    assert r.returncode == 2 and one_line(r.stderr) == f"burnmigrate: error: {said}"
    assert api.requests == []


@pytest.mark.fault27
def test_27_16_a_reply_the_client_cannot_read_is_one_line(world):
    clone, _, api = world
    assert pr(clone, api).returncode == 0
    api.foreign_urls = True   # the pull request's `url` points at another host: PyGithub asserts
    r = pr(clone, api)
    assert r.returncode == 2, r.stderr
    assert "sent a reply GitHub would not send (AssertionError" in one_line(r.stderr)


@pytest.mark.fault27
def test_27_16_a_5xx_after_the_pull_request_was_made_does_not_make_a_second(world):
    clone, _, api = world
    api.fail_after_create = 502
    r = pr(clone, api)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1].startswith("opened pull request #1")
    api.fail_after_create = None
    r = pr(clone, api)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].startswith("updated pull request #1")
    assert len(api.pulls) == 1 and sum(1 for m, path, _ in api.requests if m == "POST" and path.endswith("/pulls")) == 1


@pytest.mark.fault27
def test_27_17_a_killed_pr_leaves_what_the_next_run_removes(tmp_path):
    root = project(tmp_path / "p")
    tmp = tmp_path / "tmp"
    tmp.mkdir()

    def git(*a):
        return subprocess.run(["git", *a], cwd=root, check=True, capture_output=True, text=True).stdout.strip()
    git("init", "-q")
    git("add", "-A")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base")
    r = cli("pr", "--local", root, env={"TMPDIR": str(tmp), "BURNMIGRATE_FAILPOINT": "kill-pr-after-worktree"})
    assert r.returncode == -signal.SIGKILL, r.stderr
    left = git("branch", "--list", "--format=%(refname:short)", "burnmigrate-build-*")
    assert left and list(tmp.glob("bm-pr-*/wt")), "the kill left nothing to clean: the test proves nothing"
    # a live run's branch is not touched: this process's pid
    git("branch", f"burnmigrate-build-{os.getpid()}")
    r = cli("pr", "--local", root, env={"TMPDIR": str(tmp)})
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"removed what a killed earlier run left: {left.strip()} (worktree {tmp}"), r.stdout
    assert git("branch", "--list", "--format=%(refname:short)", "burnmigrate-build-*").split() == [f"burnmigrate-build-{os.getpid()}"]
    assert list(tmp.iterdir()) == [] and "bm-pr-" not in git("worktree", "list")


@pytest.mark.fault27
def test_27_14_the_systemstat_break_is_named_from_the_compiler_message_and_in_the_report(tmp_path):
    """The error is in cargo's JSON (a dependency's compiler message), not on its stderr: verify
    names systemstat from it; the report says how to pin it where burn-train's `sys-metrics` is on
    and no lock holds systemstat yet."""
    root = project(tmp_path / "p")
    (root / "Cargo.toml").write_text(MANIFEST.replace('burn = "0.21"', 'burn = { version = "0.22.1", features = ["train", "flex"] }'))
    train = "registry+https://github.com/rust-lang/crates.io-index#burn-train@0.22.1"
    rendered = ("error[E0277]: `RefCell<Option<File>>` cannot be shared between threads safely\n"
                "  --> /root/.cargo/registry/src/index/burn-train-0.22.1/src/metric/cpu_temp.rs:12:5\n")
    msg = {"reason": "compiler-message", "package_id": train, "manifest_path": "/root/.cargo/registry/src/index/"
           "burn-train-0.22.1/Cargo.toml", "message": {"level": "error", "message": rendered.splitlines()[0],
                                                     "code": {"code": "E0277"}, "spans": [], "rendered": rendered}}
    log = tmp_path / "cargo.log"
    log.write_text(json.dumps(msg) + "\nerror: could not compile `burn-train` (lib) due to 1 previous error\n"
                   '{"reason":"build-finished","success":false}\n')
    r = cli("verify", root, "--cargo-log", log)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "a dependency does not compile: `burn-train`: systemstat 0.2.8 (released after burn 0.22.1) breaks" in one_line(r.stderr)
    r = cli("preview", "--no-cache", "--no-progress", "--format", "json", root)
    notes = json.loads(r.stdout)["notes"]
    assert ("faults: burn-train's `sys-metrics` is on (through burn's `train` with burn's default features): a fresh "
            "resolution takes systemstat 0.2.8") in " ".join(notes), notes
    assert any('add `systemstat = "=0.2.7"` to [dependencies]' in n for n in notes)
    # not where it is off (burn's defaults off, no `metrics`), nor where a lock already holds 0.2.7
    for manifest, lock in ((MANIFEST.replace('burn = "0.21"', 'burn = { version = "0.22.1", default-features = false, '
                                             'features = ["train", "flex"] }'), None),
                           (MANIFEST.replace('burn = "0.21"', 'burn = { version = "0.22.1", features = ["train"] }'),
                            {"burn-train": "0.22.1", "systemstat": "0.2.7"})):
        (root / "Cargo.toml").write_text(manifest)
        if lock:
            _lock(root, lock)
        r = cli("preview", "--no-cache", "--no-progress", "--format", "json", root)
        assert not any("systemstat" in n for n in json.loads(r.stdout)["notes"])


@pytest.mark.fault27
def test_27_13_a_cargo_that_hangs_is_reported_every_interval_and_stopped_at_the_timeout(tmp_path):
    root = project(tmp_path / "p")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    pid_file = tmp_path / "cargo.pid"
    cargo = bin_dir / "cargo"
    cargo.write_text(f"#!/bin/sh\necho \"    Checking faults v0.1.0\" >&2\nsleep 600 &\necho $! > {pid_file}\nwait\n")
    cargo.chmod(0o755)
    t0 = time.monotonic()
    r = cli("verify", "--timeout", "3", root, env={"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
                                                  "BURNMIGRATE_PROGRESS_EVERY": "1"}, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert time.monotonic() - t0 < 60
    lines = r.stderr.strip().splitlines()
    assert lines[-1] == ("burnmigrate: error: cargo check did not finish within 3 s (--timeout); it was stopped; "
                         "its last line: Checking faults v0.1.0"), r.stderr
    beats = lines[:-1]
    assert beats and all(b.startswith("burnmigrate: cargo check still running (") and
                         b.endswith("s); Checking faults v0.1.0") for b in beats), beats
    child = int(pid_file.read_text())
    time.sleep(0.5)
    status = Path(f"/proc/{child}/status")   # what cargo started was stopped with it (gone, or a zombie
    assert not status.exists() or "\nState:\tZ" in status.read_text()   # no init reaps here)


@pytest.mark.fault27
def test_27_03_a_full_disk_at_the_lock_s_pid_write_is_one_line_exit_2(world_tmp):
    with small_disk(world_tmp, "64k") as mnt:
        root = project(mnt / "p")
        before = snapshot(root)
        filler = mnt / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)   # every block taken: the lock's 6 bytes do not fit
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        r = cli("apply", "--allow-no-vcs", "--no-progress", root)
        assert r.returncode == 2, r.stderr
        assert one_line(r.stderr).endswith("/.burnmigrate/lock: cannot write burnmigrate's lock (No space left on "
                                           "device); nothing was written")
        assert snapshot(root) == before


@pytest.mark.fault27
def test_27_07_no_lock_is_left_in_a_project_without_vcs(tmp_path):
    root = project(tmp_path / "p")
    for command in (["apply", "--allow-no-vcs"], ["apply", "--allow-no-vcs"]):
        r = cli(*command, "--no-progress", root)
        assert r.returncode == 0, r.stderr
        assert not (root / ".burnmigrate").exists(), list((root / ".burnmigrate").rglob("*"))


@pytest.mark.fault27
def test_27_07_cr_only_line_ends_migrate_and_keep_their_ends(tmp_path):
    root = project(tmp_path / "p")
    src = root / "src" / "m0.rs"
    src.write_bytes(LIB.format(n=0).replace("\n", "\r").encode())
    r = cli("preview", "--no-cache", "--no-progress", root)
    assert r.returncode == 0 and "No newline at end of file" not in r.stdout, r.stdout
    assert "+pub fn double_0(x: Tensor<1>) -> Tensor<1> {\n" in r.stdout   # (text mode reads the CR as a line end)
    r = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    after = src.read_bytes()
    assert b"\n" not in after and after.count(b"\r") == LIB.count("\n") and b"Tensor<1>" in after


@pytest.mark.fault27
def test_27_07_a_link_leaving_the_project_is_not_counted_as_changed(tmp_path):
    root = project(tmp_path / "p")
    outside = tmp_path / "elsewhere.rs"
    outside.write_text(LIB.format(n=5))
    (root / "src" / "ext.rs").symlink_to(outside)
    r = cli("apply", "--allow-no-vcs", "--no-progress", root)
    assert r.returncode == 0, r.stderr
    assert "src/ext.rs is a symlink to" in r.stderr + r.stdout
    assert "burnmigrate changed 2 of 4 files: 5 changes (0 to review), 1 findings." in r.stdout, r.stdout
    assert outside.read_text() == LIB.format(n=5)


@pytest.mark.fault27
def test_27_07_the_recovery_line_is_not_lost_behind_a_dirty_tree_refusal(tmp_path):
    root = project(tmp_path / "p", files=3)

    def git(*a):
        return subprocess.run(["git", *a], cwd=root, check=True, capture_output=True, text=True).stdout.strip()
    git("init", "-q")
    git("add", "-A")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base")
    r = cli("apply", "--no-progress", root, env={"BURNMIGRATE_FAILPOINT": "kill-after:1"})
    assert r.returncode == -signal.SIGKILL
    (root / "NOTES.md").write_text("a person's edit after the kill\n")
    git("add", "NOTES.md")
    r = cli("apply", "--no-progress", root)
    assert r.returncode == 2, r.stderr
    line = one_line(r.stderr)
    assert "the git tree has uncommitted changes" in line and \
        "(before that, this run recovered: an interrupted run was rolled back (1 file(s) restored" in line, line
    assert git("status", "--porcelain", "--untracked-files=no") == "A  NOTES.md"   # every file back as committed


@pytest.mark.fault27
@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "markdown"])
def test_27_06_a_non_utf8_file_name_migrates_in_every_format(tmp_path, fmt):
    root = project(tmp_path / "p")
    name = b"caf\xe9.rs"   # Latin-1: not UTF-8, and a name the OS allows
    with open(os.path.join(os.fsencode(root / "src"), name), "wb") as f:
        f.write(LIB.format(n=7).encode())
    env = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}   # a strict UTF-8 stdout
    for cache in ([], ["--no-cache"]):
        r = subprocess.run([sys.executable, "-m", "burnmigrate", "preview", *cache, "--no-progress", "--format", fmt,
                            str(root)], capture_output=True, env=dict(os.environ, **env), timeout=300)
        assert r.returncode == 0, r.stderr.decode(errors="replace")
        assert b"src/caf\xe9.rs" in r.stdout or b"src/caf\\udce9.rs" in r.stdout
    if fmt == "json":
        paths = [f["path"] for f in json.loads(r.stdout)["files"]]
        assert os.fsencode("src/") + name in [os.fsencode(p) for p in paths]   # the name comes back byte for byte
    r = subprocess.run([sys.executable, "-m", "burnmigrate", "apply", "--allow-no-vcs", "--no-progress", str(root)],
                       capture_output=True, env=dict(os.environ, **env), timeout=300)
    assert r.returncode == 0, r.stderr.decode(errors="replace")
    with open(os.path.join(os.fsencode(root / "src"), name), "rb") as f:
        assert b"Tensor<1>" in f.read()
