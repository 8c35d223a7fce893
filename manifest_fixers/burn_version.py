"""burn-version — every burn crate at 0.22.1, Rust 1.95, and what finishes the job (R25).

What it does:
    Bumps every burn dependency (`burn`, `burn-core`, `burn-store`, backends, …; renamed ones,
    `[dependencies.burn]` tables, dotted keys, target-specific tables and
    `[workspace.dependencies]`) to its 0.22 release (0.22.1; burn-import and burn-onnx 0.22.0;
    read from `data/burn-crates.toml`, generated from the crates.io index), keeping the
    requirement's operator and spacing:
    `"0.21"` and `"0.21.0"` → `"0.22.1"`, `"^0.21"` → `"^0.22.1"`, `"=0.21.0"` → `"=0.22.1"`,
    `"~0.21"` → `"~0.22.1"`, a range `">=0.21, <0.22"` → `">=0.22.1, <0.23"`; `"*"` and other
    requirements it cannot bump safely get a finding, and so does a crate with no 0.22 release
    (burn-candle, burn-collective, burn-tensor-testgen: what replaces it). A project's own `cubecl`
    crates beside burn move to the cubecl burn-cubecl 0.22.1 requires (review: kernel code may
    need changes). The target is always 0.22.1, never `"0.22"`:
    a lock file may resolve `"0.22"` to 0.22.0, whose pitfalls differ. Members with
    `workspace = true` follow their root. Raises `rust-version` below
    1.95 to 1.95. Path and git dependencies are not rewritten: a finding says to move the
    checkout to 0.22.1. Cargo.lock is never edited: a finding names the `cargo update` command.

Why:
    The rewritten code is 0.22.1 code; a 0.21 requirement keeps resolving 0.21 and every
    migrated line fails to compile (pitfall 1). burn 0.22 needs Rust 1.95.

Example:
    before: burn = { version = "0.21.0", features = ["train"] }
    after:  burn = { version = "0.22.1", features = ["train"] }

Fix safety:
    safe: the requirement style (exact, caret, tilde, precision) is kept. Review for burn-cubecl, a
    backend author's crate whose 0.22.1 API (`CubeTensor` without its runtime parameter) no code
    rule migrates.

Reproduction check:
    `cargo tree -i burn --depth 0` shows burn v0.21.x before and v0.22.1 after `cargo update -p
    burn`; Cargo.lock's `name = "burn"` entry gives the same answer offline.
"""
from __future__ import annotations

import re

from burnmigrate import burn_api as api
from burnmigrate.manifest.context import ManifestContext
from burnmigrate.manifest.declarations import burn_decls, set_version
from burnmigrate.model import Change, Check, Safety
from burnmigrate.project.dependencies import same_minor
from burnmigrate.project.lockfile import LOCK_HAS_SYSTEMSTAT, LOCK_PINS_BURN, systemstat_breaks
from burnmigrate.rules import ManifestRule

_REQ = re.compile(r"^(\s*)([=^~]?)(\s*)(\d+)\.(\d+)(?:\.(\d+))?([-+][\w.]+)?(\s*)$")
_COMPARATOR = re.compile(r"^\s*(>=|>|<=|<|=|\^|~)?\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$")
TARGET = "0.22.1"


def bumped(req: str, target: str = TARGET) -> str | None:
    """The 0.22.1 requirement in the style of `req` (its operator and spacing kept): `0.21`,
    `0.21.0`, `^0.21` → `0.22.1` / `^0.22.1`, `=0.21.0` → `=0.22.1`, `~0.21` → `~0.22.1`, a range
    `>=0.21, <0.22` → `>=0.22.1, <0.23`. None when already ≥ 0.22 or not a requirement this can
    bump safely (`*`, `<0.21`, …: left to a person)."""
    line = tuple(int(x) for x in target.split(".")[:2])
    patch = int(target.split(".")[2])
    m = _REQ.match(req)
    if m:
        major, minor = int(m.group(4)), int(m.group(5))
        if (major, minor) > line:
            return None
        # on the target's line: `0.22` and `0.22.0` may resolve 0.22.0 (its pitfalls differ);
        # a release at or past the target is kept
        if (major, minor) == line and not m.group(7) and (int(m.group(6)) >= patch if m.group(6) else patch == 0):
            return None
        return f"{m.group(1)}{m.group(2)}{m.group(3)}{target}{m.group(8)}"
    parts = req.split(",")
    comps = [c for c in (_COMPARATOR.match(p) for p in parts) if c is not None]
    if len(parts) == 2 and len(comps) == len(parts):
        ops = [c.group(1) or "^" for c in comps]
        lows = [i for i, o in enumerate(ops) if o in (">=", ">")]
        highs = [i for i, o in enumerate(ops) if o in ("<", "<=")]
        if len(lows) == 1 and len(highs) == 1:
            lo = comps[lows[0]]
            if (int(lo.group(2)), int(lo.group(3) or 0), int(lo.group(4) or 0)) >= (*line, patch):
                return None
            sep = "," + parts[1][: len(parts[1]) - len(parts[1].lstrip())]
            new = [""] * 2
            new[lows[0]] = f">={target}"
            new[highs[0]] = f"<{line[0]}.{line[1] + 1}"
            lead = parts[0][: len(parts[0]) - len(parts[0].lstrip())]
            return lead + new[0] + sep + new[1]
    return None


def _lt(a: str, b: str) -> bool:
    def parts(v):
        return [int(x) for x in re.findall(r"\d+", v)[:3]] + [0] * 3
    return parts(a)[:3] < parts(b)[:3]


class _CubeclFamily:
    """`in` for cubecl and its crates (cubecl-runtime, cubecl-common, …): released together."""
    def __contains__(self, package: object) -> bool:
        return package == "cubecl" or str(package).startswith("cubecl-")


# burn's crates for backend authors, whose 0.22.1 API the code rules do not migrate: the bump is
# right (burn 0.22.1 needs them at 0.22.1), but code written against 0.21's API needs a person
_AUTHOR_API = {
    "burn-cubecl": ("burn-cubecl is a backend author's crate: its 0.22.1 API changed under the code that uses "
                    "it (`CubeTensor<R>` has no runtime parameter: burn-cubecl 0.22.1 `tensor/base.rs`; kernels "
                    "move to cubecl 0.11), which no rule migrates: check that code by hand (R19)."),
}


class BurnVersion(ManifestRule):
    id = "burn-version"
    name = "burn 0.22.1 in every Cargo.toml"
    pitfalls = (1,)
    guide = "R25"
    check = Check("Cargo.lock resolves burn 0.21.x before and 0.22.1 after `cargo update -p burn`",
                  "cargo tree -i burn --depth 0", ())

    def run(self, mctx: ManifestContext) -> list[Change]:
        out: list[Change] = []
        doc = mctx.doc
        for decl in mctx.decls():
            spec = decl.spec(doc)
            span = mctx.decl_span(decl)
            if hasattr(spec, "get"):
                if spec.get("workspace") is True:
                    continue  # the root's [workspace.dependencies] carries the version
                if "path" in spec or "git" in spec:
                    kind = "path" if "path" in spec else "git"
                    out.append(self.finding(span, f"`{decl.key}` is a {kind} dependency: not rewritten",
                                            f"move that {kind} checkout to burn 0.22.1 (the `v0.22.1` tag) by hand; "
                                            "the rewritten code needs 0.22.1."))
                    if "version" not in spec:
                        continue
                req = str(spec.get("version", ""))
            else:
                req = str(spec)
            if not req:
                continue
            target = api.release_0_22(decl.package)
            if not target:   # bumping it would be a requirement nothing meets
                out.append(self.finding(span, f"`{decl.key}` has no 0.22 release", api.NO_0_22_RELEASE[decl.package]))
                continue
            new = bumped(req, target)
            if new is None:
                if req.strip() == "*":
                    out.append(self.finding(span, f"`{decl.key} = \"*\"` takes whatever burn is newest",
                                            "today that is 0.22.1, tomorrow a release with other breaking changes: "
                                            "write \"0.22.1\" (what this migration targets)."))
                elif not re.search(r"0\.2[2-9]|[1-9]\.\d", req):
                    out.append(self.finding(span, f"`{decl.key} = \"{req}\"` is not a simple requirement",
                                            "set it to \"0.22.1\" by hand."))
                continue
            set_version(decl, doc, new)
            author = _AUTHOR_API.get(str(decl.package), "")
            out.append(self.changed(span, f"`{decl.key}` {req} → {new} ({decl.label})",
                                    safety=Safety.REVIEW if author else None, reason=author))
        if any(d.package == "burn" or d.package == "burn-cubecl" for d in mctx.decls()):
            self._cubecl(mctx, out)
        for section in ("package", "workspace"):
            pkg = doc.get(section)
            if section == "workspace" and pkg is not None:
                pkg = pkg.get("package")
            if pkg is None:
                continue
            rv = pkg.get("rust-version")
            if rv is None or hasattr(rv, "get"):
                continue  # absent, or `rust-version.workspace = true`
            if _lt(str(rv), mctx.table.rust_version):
                span = mctx.locate("rust-version")
                pkg["rust-version"] = mctx.table.rust_version
                out.append(self.changed(span, f"rust-version {rv} → {mctx.table.rust_version} (burn 0.22 needs Rust 1.95)"))
        lock = mctx.lockfile
        if systemstat_breaks(lock):
            out.append(self.finding((0, 0), LOCK_HAS_SYSTEMSTAT,
                                    "systemstat 0.2.8 (released after burn 0.22.1) breaks burn-train 0.21.0 and 0.22.1 "
                                    "(E0277: `RefCell<Option<File>>` cannot be shared between threads): run `cargo update "
                                    "-p systemstat --precise 0.2.7` (`burnmigrate apply --update-lock` does it).",
                                    pitfalls=(1,)))
        locked = lock.version("burn")
        if locked:
            if _lt(locked, TARGET):
                out.append(self.finding((0, 0), f"{LOCK_PINS_BURN} {locked}",
                                        f"Cargo.lock is not edited by the rules: `burnmigrate apply --update-lock` runs "
                                        f"`cargo update -p burn@{locked} --precise 0.22.1` (and the same for the other "
                                        "burn crates it locks) after writing the manifests; or run it yourself."))
        return out

    def _cubecl(self, mctx: ManifestContext, out: list[Change]) -> None:
        """A project's own cubecl next to burn moves to the cubecl burn-cubecl 0.22.1 requires
        (two cubecl versions in one graph cannot share a kernel, a runtime or a device)."""
        target = api.cubecl_for_0_22()
        for decl in burn_decls(mctx.doc, _CubeclFamily()):
            spec = decl.spec(mctx.doc)
            if hasattr(spec, "get") and (spec.get("workspace") is True or "path" in spec or "git" in spec):
                continue
            req = str(spec.get("version", "")) if hasattr(spec, "get") else str(spec)
            if not same_minor(req, api.cubecl_for_0_21()):
                continue   # not on cubecl's 0.21-era line: another crate of that prefix, or not burn's cubecl
            new = bumped(req, target) if req else None
            if new is None:
                continue
            set_version(decl, mctx.doc, new)
            out.append(self.changed(mctx.decl_span(decl), f"`{decl.key}` {req} → {new} (the cubecl burn 0.22.1 builds on)",
                                    safety=Safety.REVIEW,
                                    reason=f"burn-cubecl 0.22.1 requires cubecl ^{target}; your kernels were written "
                                           f"against cubecl {req}: its API changes between minor versions, so "
                                           "check them (`cargo check`)."))
