"""Compile a corpus crate against our API shims of burn (corpus/shim/), offline.

`cargo check --offline --config patch.crates-io.<crate>.path=<shim>` makes every `burn = "0.21"`
(renamed, workspace, target-specific: however it is declared) resolve to the shim of that
version. Other burn crates a case names (burn-core, burn-store, ...) get the shim under
corpus/shim when there is one, else an empty stub generated with the features the case asks
for, so manifests that only exercise Cargo features still resolve.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

SHIM = Path(__file__).resolve().parent.parent / "corpus" / "shim"
VERSIONS = {"0.21": "0.21.0", "0.22": "0.22.1"}


@dataclass
class Outcome:
    ok: bool
    resolved: bool = True                                  # cargo accepted the manifests
    codes: Counter = field(default_factory=Counter)      # error codes in the case's own crates
    warnings: list[str] = field(default_factory=list)     # "lint: message @ file:line"
    errors: list[str] = field(default_factory=list)       # "E0xxx: message @ file:line"
    log: str = ""


def shim_dir(package: str, family: str) -> Path | None:
    d = SHIM / f"{package}-{family}"
    return d if (d / "Cargo.toml").is_file() else None


def _manifests(root: Path) -> list[Path]:
    return [p for p in root.rglob("Cargo.toml") if "target" not in p.relative_to(root).parts]


def _third_party(root: Path) -> dict[str, tuple[str, set[str]]]:
    """Registry dependencies that are not burn (`serde = "1"`) → (a version that satisfies the
    requirement, features asked): they get empty stubs, since no registry is reachable."""
    out: dict[str, tuple[str, set[str]]] = {}
    for m in _manifests(root):
        doc = tomllib.loads(m.read_text())
        tables = [doc.get(t, {}) for t in ("dependencies", "dev-dependencies", "build-dependencies")]
        tables.append((doc.get("workspace") or {}).get("dependencies", {}))
        for t in tables:
            for key, spec in t.items():
                pkg = spec.get("package", key) if isinstance(spec, dict) else key
                if pkg == "burn" or pkg.startswith("burn-"):
                    continue
                if isinstance(spec, dict) and ("path" in spec or "git" in spec or spec.get("workspace")):
                    continue
                req = spec if isinstance(spec, str) else str(spec.get("version", "*"))
                nums = (re.findall(r"\d+", req) + ["0", "0", "0"])[:3] if re.search(r"\d", req) else ["0", "1", "0"]
                feats = set(spec.get("features", [])) if isinstance(spec, dict) else set()
                out[pkg] = (".".join(nums), out.get(pkg, ("", set()))[1] | feats)
    return out


def _requested(root: Path) -> dict[str, set[str]]:
    """burn-* packages the case depends on → the features it asks of them."""
    out: dict[str, set[str]] = {}
    for m in _manifests(root):
        doc = tomllib.loads(m.read_text())
        tables = [doc.get(t, {}) for t in ("dependencies", "dev-dependencies", "build-dependencies")]
        tables += [b.get(t, {}) for b in (doc.get("target") or {}).values() for t in ("dependencies", "dev-dependencies")]
        tables.append((doc.get("workspace") or {}).get("dependencies", {}))
        for t in tables:
            for key, spec in t.items():
                pkg = spec.get("package", key) if isinstance(spec, dict) else key
                if pkg == "burn" or pkg.startswith("burn-"):
                    feats = set(spec.get("features", [])) if isinstance(spec, dict) else set()
                    out.setdefault(pkg, set()).update(feats)
        for vals in (doc.get("features") or {}).values():
            for v in vals:
                dep, sep, feat = v.partition("/")
                if sep:
                    out.setdefault(dep.rstrip("?"), set()).add(feat)
    return {k: v for k, v in out.items() if k == "burn" or k.startswith("burn-")}


def _stub(where: Path, package: str, version: str, features: set[str]) -> Path:
    d = where / f"{package}-{version}"
    (d / "src").mkdir(parents=True, exist_ok=True)
    feats = "\n".join(f'"{f}" = []' for f in sorted(features))
    (d / "Cargo.toml").write_text(f'[package]\nname = "{package}"\nversion = "{version}"\nedition = "2021"\n\n'
                                  f'[lib]\npath = "src/lib.rs"\n\n[features]\n{feats}\n')
    (d / "src" / "lib.rs").write_text("//! generated stub: this crate only has to resolve\n")
    return d


def _pin_versions(proj: Path, family: str) -> None:
    """Point every burn requirement of the copy at the shim's version: the check is about the
    API the code compiles against (the manifest rules are tested by the corpus itself)."""
    import tomlkit
    for m in _manifests(proj):
        doc = tomlkit.parse(m.read_text())
        tables = [doc.get(t) for t in ("dependencies", "dev-dependencies", "build-dependencies")]
        tables += [b.get(t) for b in (doc.get("target") or {}).values() for t in ("dependencies", "dev-dependencies")]
        tables.append((doc.get("workspace") or {}).get("dependencies"))
        for t in tables:
            if t is None:
                continue
            for key in list(t.keys()):
                spec = t[key]
                pkg = str(spec.get("package", key)) if hasattr(spec, "get") else key
                if not (pkg == "burn" or pkg.startswith("burn-")):
                    continue
                if hasattr(spec, "get"):
                    if "version" in spec:
                        spec["version"] = VERSIONS[family]
                else:
                    t[key] = VERSIONS[family]
        m.write_text(doc.as_string())


def cargo_check(case_root: Path, family: str, target_dir: Path, features: list[str] | None = None) -> Outcome:
    """`cargo check` of a copy of `case_root` against burn `family` ('0.21' or '0.22')."""
    work = Path(tempfile.mkdtemp(prefix="bm-compile-"))
    try:
        proj = work / "case"
        # fresh timestamps: before/ and after/ share package names and a target directory, and
        # cargo must not mistake one for the other
        shutil.copytree(case_root, proj, copy_function=shutil.copy)
        _pin_versions(proj, family)
        patches = []
        for pkg, feats in _requested(proj).items():
            shim = shim_dir(pkg, family)
            if shim is None:
                shim = _stub(work / "stubs", pkg, VERSIONS[family], feats)
            patches += ["--config", f'patch.crates-io.{pkg}.path="{shim}"']
        for pkg, (version, feats) in _third_party(proj).items():
            patches += ["--config", f'patch.crates-io.{pkg}.path="{_stub(work / "stubs", pkg, version, feats)}"']
        roots = [m.parent for m in _manifests(proj) if "workspace" in tomllib.loads(m.read_text())]
        cwd = roots[0] if roots else proj
        cmd = ["cargo", "check", "--offline", "--all-targets", "--message-format=json", "--quiet",
               *(["--workspace"] if roots else []), *(["--features", ",".join(features)] if features else []),
               *patches]
        env = dict(os.environ, CARGO_TARGET_DIR=str(target_dir), CARGO_TERM_COLOR="never")
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        out = Outcome(ok=p.returncode == 0, log=p.stderr[-4000:])
        compiled = False
        for line in p.stdout.splitlines():
            try:
                msg = json.loads(line)
            except json.JSONDecodeError:
                continue
            if msg.get("reason") in ("compiler-artifact", "compiler-message"):
                compiled = True
            if msg.get("reason") != "compiler-message":
                continue
            m = msg["message"]
            spans = m.get("spans") or []
            where = f"{spans[0]['file_name']}:{spans[0]['line_start']}" if spans else ""
            if not msg.get("manifest_path", "").startswith(str(proj)):
                continue  # the shim's own diagnostics are not the case's
            code = (m.get("code") or {}).get("code") or ""
            if m["level"] == "error":
                if code:
                    out.codes[code] += 1
                out.errors.append(f"{code or 'error'}: {m['message']} @ {where}")
            elif m["level"] == "warning":
                out.warnings.append(f"{code}: {m['message']} @ {where}")
        out.resolved = out.ok or compiled
        return out
    finally:
        shutil.rmtree(work, ignore_errors=True)


def unused_import_warnings(o: Outcome) -> list[str]:
    return [w for w in o.warnings if w.startswith("unused_imports")]
