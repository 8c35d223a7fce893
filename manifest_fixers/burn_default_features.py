"""burn-default-features — what `default-features = false` turned off comes back (pitfall 4).

What it does:
    For a burn dependency with `default-features = false` (kept as it is), adds back what 0.22
    no longer brings: `std` always; `fusion`, `autotune` and `persistence` when a GPU backend is on (`wgpu`,
    `vulkan`, `metal`, `webgpu`, `cuda`, `rocm`, `cpu`); `simd` and `rayon` when Flex is the
    backend (`optim` and `autodiff`, which the code needs, are burn-needed-features', a step
    before). In a workspace the root's `[workspace.dependencies]` entry gets them. A
    Cargo.lock with a GPU backend but no `burn-fusion` is reported.

Why:
    In 0.22 a backend's fusion, autotune, the autotune cache on disk (`persistence`: in burn
    0.22.1 only that feature turns on cubecl's, not `std`) and Flex's SIMD and threads come
    through burn's default features: `default-features = false` silently turns them off and the
    GPU runs several times slower, re-tuning every kernel at every start — pitfall 4 (0.21 did the
    same: the project ran without them, which is why adding them is a person's call).

Example:
    before: burn = { version = "0.21", default-features = false, features = ["wgpu"] }
    after:  burn = { version = "0.21", default-features = false, features = ["wgpu", "std", "fusion", "autotune", "persistence"] }

Fix safety:
    review for `std`, `fusion`, `autotune`, `persistence`, `simd` and `rayon`: burn 0.21 ran without them too (it took
    its backends with `default-features = false`, so the project's `default-features = false` turned
    them off there as well), so adding them changes the build (for the better, as a rule). A
    project's own switch for fusion or autotune gets burn's feature (safe: off unless it is on).
    Only features that exist in burn 0.22.1 are added; `default-features = false` stays.

Reproduction check:
    `cargo tree -e features -i burn-wgpu` shows `feature "fusion"`, `feature "autotune"` and
    `feature "persistence"` after, not before; offline, Cargo.lock gains `burn-fusion` / `burn-cubecl-fusion` (and
    `macerator` for Flex's SIMD) after `cargo update`.
"""
from __future__ import annotations

import re

from burnmigrate.manifest.context import ManifestContext
from burnmigrate.manifest.declarations import default_features_off, set_features, spec_features
from burnmigrate.model import Change, Check, ErrorMatch, Safety
from burnmigrate.rules import ManifestRule


class BurnDefaultFeatures(ManifestRule):
    id = "burn-default-features"
    name = "restore what default-features = false drops"
    safety = Safety.REVIEW   # (what the code needs is burn-needed-features', safe)
    reports_lock = True      # (a lock without burn-fusion: this rule's finding, once)
    pitfalls = (4,)
    guide = "R25"
    late = True  # a root's add-backs depend on the backends its members end up with
    check = Check("`cargo tree -e features -i burn-wgpu` shows fusion and autotune after, not before",
                  "cargo tree -e features -i burn-wgpu", ())

    def wanted(self, mctx: ManifestContext, effective: set[str]) -> list[str]:
        """The features to add back: the speed features 0.21 ran without too (the ones the code
        needs are burn-needed-features', a step before, so each is its own record)."""
        t = mctx.table
        wanted = list(t.add_back_common)
        if effective & t.gpu_backends:
            wanted += list(t.add_back_gpu)
        if (t.offline_cpu in effective or not (effective & t.backends)) and not _flex_defaults_on(mctx):
            wanted += list(t.add_back_flex)
        return wanted

    def lacking(self, mctx: ManifestContext, decl) -> set[str]:
        """Of what `wanted` asks, what a member of this root's workspace dependency needs and does
        not get from its own features (the speed features: any member's count for all)."""
        return set()

    def run(self, mctx: ManifestContext) -> list[Change]:
        out: list[Change] = []
        doc = mctx.doc
        t = mctx.table
        for decl in mctx.decls():
            if decl.package != "burn":
                continue
            spec = decl.spec(doc)
            if not default_features_off(spec):
                continue
            feats = spec_features(spec)
            effective, _ = mctx.effective_features(decl)
            effective |= mctx.all_forwarded(decl)
            if decl.tables == ("workspace", "dependencies"):
                effective |= _member_features(mctx, decl.key)
            if decl.tables == ("dev-dependencies",):   # (cargo unifies it with [dependencies] for tests)
                effective |= {f for d in mctx.decls() if d.package == "burn" and d.tables == ("dependencies",)
                              for f in spec_features(d.spec(doc))}
            effective = t.closure(effective)   # (`train` turns on `optim`, `optim` turns on `autodiff`)
            lacking = self.lacking(mctx, decl) if decl.tables == ("workspace", "dependencies") else set()
            add = [f for f in dict.fromkeys(self.wanted(mctx, effective)) if f not in feats
                   and (f not in effective or f in lacking) and t.exists(f)]
            # the project's own switch for one of them (`fusion = ["dep:burn-fusion",
            # "burn-cubecl/fusion"]`): burn's feature goes into that switch, not always on
            if decl.tables in (("dependencies",),):
                for kind, pf in _project_switches(doc, [a for a in add if a in _SWITCHED]).items():
                    add.remove(kind)
                    arr = doc["features"][pf]
                    if f"{decl.key}/{kind}" not in {str(v) for v in arr}:
                        arr.append(f"{decl.key}/{kind}")
                        span = mctx.locate(f"{pf} =") if f"{pf} =" in mctx.text else mctx.decl_span(decl)
                        out.append(self.changed(span, f"project feature `{pf}`: add `{decl.key}/{kind}` (the project's "
                                                      f"own switch for {kind}: burn 0.22.1 fuses through its `{kind}` "
                                                      "feature, kept off unless it is on)"))
            if not add:
                continue
            set_features(decl, doc, feats + add)
            # what the code needs to compile on 0.22.1 (`burn::optim`, `.autodiff()`) is safe; the
            # rest 0.21 ran without too (its backends came with `default-features = false` as well):
            # adding them changes the build, usually for the better, so a person says yes
            needed = [a for a in add if a in _NEEDED]
            chosen = [a for a in add if a not in _NEEDED]
            # one edit of the feature list carries both: one record then, review when it adds back
            # anything (a safe record whose edit also wrote the review's features would apply them)
            need = (f"add {', '.join('`'+a+'`' for a in needed)} (the code needs {'it' if len(needed) == 1 else 'them'} "
                    "on 0.22.1)") if needed else ""
            back = f"add back {', '.join('`'+a+'`' for a in chosen)}" if chosen else ""
            out.append(self.changed(mctx.decl_span(decl), f"`{decl.key}` has default-features = false: "
                                    + "; ".join(x for x in (back, need) if x),
                                    safety=Safety.REVIEW if chosen else None, reason=_SAME_IN_0_21 if chosen else ""))
        lock = mctx.lockfile
        if self.reports_lock and any(lock.has(b) for b in ("burn-wgpu", "burn-cuda", "burn-rocm")) \
                and not lock.has("burn-fusion"):
            out.append(self.finding((0, 0), "Cargo.lock has a GPU backend but no burn-fusion: fusion is off",
                                    "after this change run `cargo update`; `burn-fusion` and `burn-cubecl-fusion` "
                                    "then appear in Cargo.lock (pitfall 4)."))
        return out


def _flex_defaults_on(mctx: ManifestContext) -> bool:
    """Does the package depend on `burn-flex` itself, unconditionally and with its default
    features (`std`, `simd`, `rayon`, burn-flex 0.22.1's Cargo.toml)? Then Flex's SIMD and threads
    are on through it, as they were in 0.21: burn's `simd` / `rayon` (burn-dispatch:
    `burn-flex?/simd`, `burn-flex?/rayon`) would add nothing."""
    for d in mctx.decls():
        if d.package == "burn-flex" and d.tables == ("dependencies",):
            spec = d.spec(mctx.doc)
            table = spec if hasattr(spec, "get") else {}
            if table.get("optional") is not True and not default_features_off(spec):
                return True
    return False


def _member_features(mctx: ManifestContext, key: str) -> set[str]:
    """Features the members add to a workspace dependency, as the other rules left them."""
    out: set[str] = set()
    for member in mctx.members:
        for d in member.decls():
            spec = d.spec(member.doc)
            if d.key == key and hasattr(spec, "get") and spec.get("workspace") is True:
                out |= set(spec_features(spec))
    return out


# features the migrated code needs (0.22.1 gates `burn::optim` and `Device::autodiff` behind them)
_NEEDED = frozenset({"optim", "autodiff"})
_SAME_IN_0_21 = ("burn 0.21 ran without these too: its backends came with `default-features = false` as well "
                 "(burn 0.21.0's Cargo.toml), so `default-features = false` turned burn-wgpu's fusion and autotune, "
                 "Flex's simd and rayon and `std` off there just as in 0.22.1. Adding them makes this build differ "
                 "from 0.21's, usually several times faster on a GPU (pitfall 4); keep them unless the project turned "
                 "them off on purpose (a no_std target, static kernels).")

# burn features a project may switch itself (0.21: through burn-fusion / burn-cubecl's own features)
_SWITCHED = ("fusion", "autotune")


def _project_switches(doc, kinds: list[str]) -> dict[str, str]:
    """kind → the project feature that switches it (`fusion = ["dep:burn-fusion",
    "burn-cubecl/fusion"]`, `autotune = ["burn-cubecl/autotune"]`): one that names a burn crate's
    feature or dependency of that kind."""
    out: dict[str, str] = {}
    for pf, items in (doc.get("features") or {}).items():
        for it in (str(v) for v in items) if hasattr(items, "__iter__") else ():
            for kind in kinds:
                if kind not in out and re.fullmatch(rf"(?:dep:)?burn-[\w-]*{kind}|burn-[\w-]+\??/{kind}", it):
                    out[kind] = pf
    return out


class BurnNeededFeatures(BurnDefaultFeatures):
    """burn-needed-features — what the migrated code needs, under `default-features = false` (pitfall 4).

    What it does:
        For a burn dependency with `default-features = false`, adds `optim` when the code uses
        optimizers and `autodiff` when it builds autodiff devices (in a workspace, to the root's
        `[workspace.dependencies]` entry, as burn-default-features does), one step before
        burn-default-features adds back the speed features.

    Why:
        burn 0.22.1 gates `burn::optim` (and `burn::grad_clipping`) behind `optim` and
        `Device::autodiff` behind `autodiff` (burn 0.22.1 `lib.rs`); 0.21 always had them. Kept in
        one record with the optional speed features, a reviewer who said no to those lost these
        too, and the build with them (E0432 / E0599; Obiente/assort, TeamDman/Poche).

    Example:
        before: burn = { version = "0.21", default-features = false, features = ["flex"] }
        after:  burn = { version = "0.21", default-features = false, features = ["flex", "optim"] }

    Fix safety:
        safe: the migrated code does not compile without them.

    Reproduction check:
        `cargo check` on 0.22.1: E0432 (`burn::optim`) / E0599 (`.autodiff()`) without them, none
        with them.
    """

    id = "burn-needed-features"
    name = "add the burn features the migrated code needs"
    safety = Safety.SAFE
    reports_lock = False
    check = Check("`cargo check` on 0.22.1: E0432 for `burn::optim` / E0599 for `.autodiff()` before, none after",
                  "cargo check", ("E0432", "E0599"),
                  matches=(ErrorMatch("E0599", "named `autodiff`"), ErrorMatch("E0432", r"`burn::optim\b", r"burn::optim")))

    def wanted(self, mctx: ManifestContext, effective: set[str]) -> list[str]:
        return [f for f in ("autodiff", "optim") if f in mctx.uses]

    def lacking(self, mctx: ManifestContext, decl) -> set[str]:
        """A member that uses `burn::optim` (or `.autodiff()`) builds alone (`cargo build -p`) with
        its own features only: another member's `train` does not lend it `optim`."""
        out: set[str] = set()
        for member in mctx.members:
            for d in member.decls():
                spec = d.spec(member.doc)
                if d.key == decl.key and hasattr(spec, "get") and spec.get("workspace") is True:
                    own = mctx.table.closure(member.effective_features(d)[0] | member.all_forwarded(d))
                    out |= {f for f in ("autodiff", "optim") if f in member.uses and f not in own}
        return out
