"""The compile tier: the real burn crates judge every corpus case (tests/realburn.py).

- `before/` type-checks against burn =0.21.0 (it is real 0.21 code);
- `before/` fails against burn =0.22.1 with the error codes its case.toml declares;
- `after/` type-checks against =0.22.1 with no unused import, or, where a rule leaves code 0.22
  cannot express (a finding, not a fix), with exactly the errors `errors_after` lists, each on
  a line one of our findings covers;
- cases about Cargo features are checked by resolution (`cargo metadata`): a manifest cargo
  rejects under 0.22.1 (`errors_before = ["manifest"]`), and the packages and features the
  case's `[resolve]` table names, before and after.

Marked `compile_tier`: `pytest -m "not compile_tier"` skips it locally; `.ci/run` always runs it.
When the crates are neither cached nor fetchable the tier fails with one line (CI must not pass
on an empty check).
"""
from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

import realburn as R
from burnmigrate.burn_api import crate_releases
from burnmigrate.project import toml_read
from corpus_cases import cases

pytestmark = pytest.mark.compile_tier

CASES = cases()
PLAN = R.plan(CASES)
STATS: dict = {}


@pytest.fixture(scope="session")
def tier():
    if shutil.which("cargo") is None:
        pytest.fail("cargo is not installed: the compile tier needs a Rust toolchain", pytrace=False)
    where = R.cache_dir() / "compile-tier"
    runs = {}
    t0 = time.monotonic()
    try:
        for name, members in PLAN.items():
            if members:
                runs[name] = R.run_group(name, R.groups()[name], members, where)
    except R.RegistryUnavailable as e:
        pytest.fail(f"compile tier: {e}", pytrace=False)
    STATS["seconds"] = time.monotonic() - t0
    STATS["groups"] = {n: (len(PLAN[n]), round(r.seconds, 1)) for n, r in runs.items()}
    return runs


def outcome(tier, case, side, group):
    """Merged outcome of every crate of a case side in a group."""
    run = tier[group]
    found = [o for (cid, s, g), o in run.outcomes.items() if cid == case.id and s == side and g == group]
    assert found, f"{case.id} {side}: not in group {group}"
    merged = R.Outcome(built=all(o.built for o in found))
    for o in found:
        merged.codes.update(o.codes)
        merged.errors += o.errors
        merged.warnings += o.warnings
    return merged, run


def _ids(pred):
    sel = [c for c in CASES if c.meta.get("check", "compile") == "compile" and pred(c)]
    return pytest.mark.parametrize("case", sel, ids=[c.id for c in sel])


def test_the_plan_covers_every_case():
    for c in CASES:
        mode = c.meta.get("check", "compile")
        assert mode in ("compile", "resolve", "none"), f"{c.id}: check = {mode!r}"
        if mode == "none":
            assert c.meta.get("check_reason"), f"{c.id}: check = \"none\" needs check_reason"
        if mode == "resolve":
            assert c.meta.get("check_reason"), f"{c.id}: check = \"resolve\" needs check_reason (why it cannot compile here)"


def test_lock_files_pin_every_registry_version(tier):
    for name, run in tier.items():
        assert not run.lock_drift, (f"group {name}: the run resolved registry packages the committed lock does not pin "
                                    f"({', '.join(run.lock_drift[:8])}); run `python tests/realburn_lock.py` to refresh "
                                    f"corpus/compile/{name}.lock on purpose")


@_ids(lambda c: not c.meta.get("before_is_0_22"))
def test_before_is_real_0_21_code(tier, case):
    o, run = outcome(tier, case, "before", "burn-0.21")
    assert o.ok, f"{case.id}: before/ does not type-check against burn 0.21.0:\n{o.summary()}\n{run.stderr_tail[-1200:] if not o.built else ''}"


@_ids(lambda c: True)
def test_before_fails_on_0_22_1_as_declared(tier, case):
    group = "burn-0.22-own" if case.meta.get("own_features") else "burn-0.22"
    declared = set(case.meta.get("errors_before", [])) - {"manifest"}
    o, _ = outcome(tier, case, "before", group)
    if not declared:
        assert o.ok, f"{case.id}: declares no error under 0.22.1 but got:\n{o.summary()}"
        return
    # `"msg:REGEX"`: an error rustc gives no code (`cannot construct .. with struct literal syntax ..`)
    messages = {d for d in declared if d.startswith("msg:")}
    missing = {d for d in declared - messages if d not in o.codes} | {
        d for d in messages if not any(re.search(d[4:], e["message"]) for e in o.errors if not e["code"])}
    assert not missing, f"{case.id}: declared {sorted(missing)} not produced by burn 0.22.1; got {dict(o.codes)}:\n{o.summary()}"


@_ids(lambda c: bool(c.meta.get("docs_check")))
def test_documentation_code_builds_before_on_0_21_and_after_on_0_22_1(tier, case):
    """Issue 14: the doc blocks of before/ are real 0.21 code, those of after/ type-check on
    0.22.1 (each block compiled as code of the crate, see realburn.doc_side)."""
    o, run = outcome(tier, case, "before-docs", "burn-0.21")
    assert o.ok, f"{case.id}: before/'s documentation code does not type-check on burn 0.21.0:\n{o.summary()}"
    o, run = outcome(tier, case, "before-docs", "burn-0.22")
    assert not o.ok, f"{case.id}: before/'s documentation code type-checks on 0.22.1: the check would prove nothing"
    o, run = outcome(tier, case, "after-docs", "burn-0.22")
    assert o.ok, f"{case.id}: after/'s documentation code does not type-check on burn 0.22.1:\n{o.summary()}"


def _finding_lines(side_dir: Path) -> dict[str, list[tuple[int, int]]]:
    from burnmigrate.engine import Options, run
    res = run(side_dir, Options())
    out: dict[str, list[tuple[int, int]]] = {}
    for c in res.changes:
        if c.is_finding:
            out.setdefault(c.path, []).append((c.start_line, max(c.end_line, c.start_line)))
    return out


@_ids(lambda c: True)
def test_after_type_checks_on_0_22_1(tier, case):
    o, _ = outcome(tier, case, "after", "burn-0.22")
    expected = case.meta.get("errors_after")
    if expected is None:
        assert o.ok, f"{case.id}: after/ does not type-check against burn 0.22.1:\n{o.summary()}"
        unused = o.unused_imports()
        assert not unused, f"{case.id}: imports the rules should have removed: {unused}"
        return
    assert sorted(set(o.codes)) == sorted(set(expected)), f"{case.id}: errors_after {expected}, got {dict(o.codes)}:\n{o.summary()}"
    flagged = _finding_lines(case.after)
    for e in o.errors:
        spans = flagged.get(e["file"], [])
        assert any(a <= e["line"] <= b for a, b in spans), \
            f"{case.id}: {e['code']} at {e['file']}:{e['line']} is on no line a finding of ours covers ({spans})"


# -- resolution checks -------------------------------------------------------------------------

RESOLVE = [c for c in CASES if c.meta.get("check") == "resolve" or "resolve" in c.meta
           or "manifest" in c.meta.get("errors_before", [])]


@pytest.fixture(scope="session")
def resolve_work(tier):
    # after the tier: the crates it fetched are what resolution reads offline
    d = Path(tempfile.mkdtemp(prefix="bm-resolve-"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


# (crates whose 0.22 line stops before 0.22.1, burn-import and burn-onnx, at what crates.io has:
# a wrong version there fails the resolution, so the registry still judges the table)
PIN = {"0.21": {"burn": "0.21.0", "burn-store": "0.21.0"},
       "0.22": {"burn": "0.22.1", "burn-store": "0.22.1",
                **{c: r["release"] for c, r in crate_releases().items() if r["release"] not in ("", "0.22.1")}}}


@pytest.mark.parametrize("case", RESOLVE, ids=[c.id for c in RESOLVE])
def test_resolution_as_declared(resolve_work, case):
    spec = case.meta.get("resolve", {})
    ok, err, feats = R.resolve(case.before, PIN["0.22"], resolve_work / "before", spec.get("edges", "normal,build"))
    if "manifest" in case.meta.get("errors_before", []):
        assert not ok, f"{case.id}: cargo accepts the 0.21 manifest under 0.22.1 although the case says it does not"
    elif spec.get("before_has") or spec.get("before_lacks"):
        assert ok, f"{case.id}: before/ does not resolve under 0.22.1:\n{err}"
    for pkg in spec.get("before_has", []):
        assert pkg in feats, f"{case.id}: before/ under 0.22.1 does not pull {pkg}"
    for pkg in spec.get("before_lacks", []):
        assert pkg not in feats, f"{case.id}: before/ under 0.22.1 pulls {pkg}"
    ok, err, feats = R.resolve(case.after, PIN["0.22"], resolve_work / "after", spec.get("edges", "normal,build"))
    assert ok, f"{case.id}: after/ does not resolve against burn 0.22.1:\n{err}"
    for pkg in spec.get("after_has", []):
        assert pkg in feats, f"{case.id}: after/ does not pull {pkg}"
    for pkg in spec.get("after_lacks", []):
        assert pkg not in feats, f"{case.id}: after/ still pulls {pkg}"
    for pkg, want in spec.get("after_features", {}).items():
        assert pkg in feats, f"{case.id}: after/ does not pull {pkg}"
        missing = set(want) - feats[pkg]
        assert not missing, f"{case.id}: {pkg} lacks {sorted(missing)} after (has {sorted(feats[pkg])})"
    for pkg, unwanted in spec.get("after_without_features", {}).items():
        extra = set(unwanted) & feats.get(pkg, set())
        assert not extra, f"{case.id}: {pkg} has {sorted(extra)} after"
    if spec.get("same_features"):
        _same_features_every_combination(case, spec["same_features"], resolve_work)


def _same_features_every_combination(case, packages: list[str], work: Path) -> None:
    """Issue 25 item 14: for every combination of the crate's own features, the burn crates
    `packages` are pulled or not as before (0.21.0) and with the same features, less the ones
    their 0.22 release no longer has."""
    own = sorted(f for f in toml_read.loads((case.before / "Cargo.toml").read_text("utf-8")).get("features", {})
                 if f != "default")
    assert len(own) <= 6, f"{case.id}: too many features for an exhaustive check"
    for n in range(len(own) + 1):
        for combo in itertools.combinations(own, n):
            ok0, err0, before = R.resolve(case.before, PIN["0.21"], work / "same-0.21", "normal,build", list(combo))
            assert ok0, f"{case.id}: before/ with features {combo} does not resolve on 0.21.0:\n{err0}"
            ok1, err1, after = R.resolve(case.after, PIN["0.22"], work / "same-0.22", "normal,build", list(combo))
            assert ok1, f"{case.id}: after/ with features {combo} does not resolve on 0.22.1:\n{err1}"
            for pkg in packages:
                assert (pkg in before) == (pkg in after), \
                    f"{case.id}: with features {combo}, {pkg} is {'' if pkg in after else 'not '}pulled after, " \
                    f"{'' if pkg in before else 'not '}before"
                if pkg in before:
                    row = crate_releases().get(pkg, {"features": sorted(after[pkg])})
                    kept = before[pkg] & set(row["features"])
                    assert kept == after[pkg], f"{case.id}: with features {combo}, {pkg} has {sorted(after[pkg])} " \
                                               f"after, {sorted(kept)} before (less what 0.22.1 removed)"


def test_no_registry_and_nothing_cached_fails_in_one_line(tmp_path, monkeypatch):
    """CI must not pass on an empty check: with an empty cargo cache and the registry out of
    reach the tier's fetch raises one line that says so."""
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True)
    (ws / "Cargo.toml").write_text('[package]\nname = "probe"\nversion = "0.1.0"\nedition = "2021"\n\n'
                                   '[dependencies]\nburn = "=0.22.1"\n')
    (ws / "src" / "lib.rs").write_text("")
    monkeypatch.setenv("CARGO_HOME", str(tmp_path / "empty-cargo-home"))
    monkeypatch.setenv("CARGO_HTTP_PROXY", "http://127.0.0.1:9")   # a closed port: nothing answers
    monkeypatch.setenv("CARGO_NET_RETRY", "0")
    monkeypatch.setenv("CARGO_HTTP_TIMEOUT", "5")
    with pytest.raises(R.RegistryUnavailable) as e:
        R.ensure_fetched(ws)
    msg = str(e.value)
    assert "\n" not in msg and "cannot be fetched" in msg


def _pinned_to_0_22_1(manifest: Path) -> None:
    """Every burn-family dependency of a crate's manifest at `=0.22.1` (the registry's release)."""
    import tomlkit
    doc = tomlkit.parse(manifest.read_text())
    tables = [doc.get(t, {}) for t in ("dependencies", "dev-dependencies")]
    tables.append(doc.get("workspace", {}).get("dependencies", {}))   # a workspace's (members inherit)
    for deps in tables:
        for key in list(deps):
            spec = deps[key]
            package = spec.get("package", key) if hasattr(spec, "get") else key
            if not R.is_burn(package) or (hasattr(spec, "get") and spec.get("workspace") is True):
                continue
            if isinstance(spec, str):
                deps[key] = "=0.22.1"
            else:
                spec["version"] = "=0.22.1"
    manifest.write_text(tomlkit.dumps(doc))


@_ids(lambda c: bool(c.meta.get("runs")))
def test_after_runs_on_0_22_1(case):
    """Issue 26 item 1: a device decided from what the code says must be the right backend, and a
    wrong backend still type-checks: cases with `runs = true` run their tests (`cargo test` on
    the real 0.22.1, offline, the compile tier's lock), each in a crate of its own."""
    with tempfile.TemporaryDirectory() as tmp:
        crate = Path(tmp) / "crate"
        shutil.copytree(case.dir / "after", crate)
        _pinned_to_0_22_1(crate / "Cargo.toml")
        shutil.copy(R.REPO / "corpus" / "compile" / "burn-0.22.lock", crate / "Cargo.lock")
        env_target = R.cache_dir() / "target-run"
        p = subprocess.run(["cargo", "test", "--offline", "-q"], cwd=crate, capture_output=True, text=True,
                           env=dict(os.environ, CARGO_TARGET_DIR=str(env_target), CARGO_TERM_COLOR="never"),
                           timeout=3600)
        assert p.returncode == 0, f"{case.id}: `cargo test` on after/ failed:\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}"
