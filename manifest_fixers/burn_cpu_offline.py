"""burn-cpu-offline — the `cpu` feature downloads LLVM at build time: use `flex` (pitfall 2).

What it does:
    Replaces burn's `cpu` feature by the offline-safe `flex` (plus `simd` and `rayon` when
    `default-features = false`), in the dependency and in the project's `[features]` that
    forward `burn/cpu`. With `--keep-cpu-feature` it keeps the CubeCL CPU backend reachable
    behind a non-default project feature `cpu = ["burn/cpu"]` instead. The source rule
    `device-cpu-to-flex` rewrites `Device::cpu()` to `Device::flex()` to match. A Cargo.lock
    that holds `cubecl-llvm` / `tracel-llvm-bundler` is reported where this manifest's `cpu` went
    (not for a `cpu` kept with `--keep-cpu-feature`, nor a stale entry nothing pulls).

Why:
    `cpu` pulls cubecl-cpu → cubecl-llvm, whose build dependency tracel-llvm-bundler downloads
    LLVM in its build script: an offline or sandboxed build panics there — pitfall 2. Flex is
    pure Rust with no build-time download.

Example:
    before: burn = { version = "0.21", features = ["cpu", "train"] }
    after:  burn = { version = "0.21", features = ["flex", "train"] }

Fix safety:
    review: Flex has no kernel fusion and no autotune, so CPU throughput differs from the
    CubeCL CPU backend; keep `cpu` (`--keep-cpu-feature`) where that matters and the build has
    a network.

Reproduction check:
    `cargo tree -e features -i cubecl-llvm` lists the chain before and "did not match any
    packages" after; offline, Cargo.lock has no `name = "cubecl-llvm"` /
    `name = "tracel-llvm-bundler"` entry after `cargo update`.
"""
from __future__ import annotations

import tomlkit

from burnmigrate.manifest.context import ManifestContext
from burnmigrate.manifest.declarations import default_features_off, edit_features, project_features, spec_features
from burnmigrate.model import Change, Check, Safety
from burnmigrate.rules import ManifestRule

REASON = ("Flex has no fusion and no autotune: CPU throughput differs from the CubeCL CPU "
          "backend. Keep it with `--keep-cpu-feature` (behind a non-default `cpu` feature) where "
          "that matters and builds have a network.")


class BurnCpuOffline(ManifestRule):
    id = "burn-cpu-offline"
    name = "cpu feature → offline-safe flex"
    pitfalls = (2,)
    guide = "R25"
    safety = Safety.REVIEW
    check = Check("`cargo tree -e features -i cubecl-llvm` finds the LLVM chain before and no package after",
                  "cargo tree -e features -i cubecl-llvm", ())

    def run(self, mctx: ManifestContext) -> list[Change]:
        out: list[Change] = []
        doc = mctx.doc
        t = mctx.table
        flex = t.offline_cpu
        for decl in mctx.decls():
            if decl.package != "burn":
                continue
            spec = decl.spec(doc)
            feats = spec_features(spec)
            if "cpu" not in feats:
                continue
            span = mctx.decl_span(decl)
            off = default_features_off(spec)
            extra = [f for f in (list(t.add_back_flex) if off else []) if t.exists(f)]
            edit_features(decl, doc, replace={"cpu": flex} if flex not in feats else {},
                          remove={"cpu"} if flex in feats else set(), add=extra)
            if mctx.keep_cpu_feature:
                self._keep_behind_feature(mctx, decl.key)
                out.append(self.changed(span, f"`{decl.key}`: `cpu` moved behind the project feature `cpu`; `{flex}` is the default CPU backend",
                                    reason="build with `--features cpu` for the CubeCL CPU backend (it downloads LLVM "
                                           "at build time); the default build is offline-safe with Flex, which has no "
                                           "fusion and no autotune."))
            else:
                out.append(self.changed(span, f"`{decl.key}` feature `cpu` → `{flex}`" + (" (+ simd, rayon)" if off else ""),
                                    reason=REASON))
        pf = doc.get("features")
        if pf is not None:
            keys = {d.key for d in mctx.decls() if d.package == "burn"}
            for name in list(project_features(doc)):
                arr = pf[name]
                vals = [str(v) for v in arr]
                hits = [v for v in vals if v.partition("/")[2] == "cpu" and v.partition("/")[0].rstrip("?") in keys]
                if not hits or (mctx.keep_cpu_feature and name == "cpu"):
                    continue
                for i in reversed(range(len(arr))):
                    if str(arr[i]) in hits:
                        dep = str(arr[i]).partition("/")[0]
                        del arr[i]
                        if f"{dep}/{flex}" not in vals:
                            arr.insert(i, f"{dep}/{flex}")
                out.append(self.changed(mctx.locate(f"{name} ="), f"feature `{name}` forwards `{flex}` instead of `cpu`",
                                    reason=REASON))
        lock = mctx.lockfile
        # only where this manifest's `cpu` went: a lock entry of another manifest's feature, of a
        # `cpu` kept behind a project feature, or a stale one (cargo prunes it) is not this one's
        if out and not mctx.keep_cpu_feature and (lock.has("cubecl-llvm") or lock.has("tracel-llvm-bundler")):
            out.append(self.finding((0, 0), "Cargo.lock pulls cubecl-llvm / tracel-llvm-bundler (LLVM download at build time)",
                                    "after this change run `cargo update`: the entries disappear once no `cpu` "
                                    "feature remains; an offline build then no longer downloads LLVM (pitfall 2)."))
        return out

    @staticmethod
    def _keep_behind_feature(mctx: ManifestContext, key: str) -> None:
        doc = mctx.doc
        if "features" not in doc:
            doc["features"] = tomlkit.table()
        pf = doc["features"]
        if "cpu" not in pf:
            arr = tomlkit.array()
            arr.append(f"{key}/cpu")
            pf["cpu"] = arr
