"""burn-backend-feature — every backend the code needs gets its Cargo feature (pitfall 3).

What it does:
    burn 0.22.1 enables no execution backend by default. For each burn-using crate this rule
    collects the backends its code needs — every `Device::<constructor>(..)` call
    (`Device::wgpu(..)` → `wgpu`, `Device::cuda(..)` → `cuda`, `Device::libtorch()` → `tch`, …)
    and the 0.21 backend and device types still present (`Wgpu`, `WgpuDevice`, `CudaDevice`,
    `Flex`, …) — and adds the missing features to its burn dependency. A crate whose code only
    uses `Device::default()` (or no device at all) and has no backend enabled gets `flex`, the
    offline-safe CPU backend. A backend that a non-default project feature already forwards is
    left to that feature, with a finding. Nothing is ever removed. `cpu` is never added (its
    build downloads LLVM, pitfall 2): code that still needs it gets a finding, unless
    `--keep-cpu-feature`.

Why:
    Without a backend feature `Device::default()` panics at run time ("No execution backend is
    enabled") and `Device::flex()` / `Device::wgpu(..)` fail to compile with E0599 — pitfall 3.

Example:
    before: burn = { version = "0.21", features = ["train"] }          (code: Device::wgpu(..))
    after:  burn = { version = "0.21", features = ["train", "wgpu"] }

Fix safety:
    safe: adds only backends the code names. With several backends enabled, `Device::default()`
    picks one by priority at run time (pitfall 5): prefer explicit constructors. Adding a
    deprecated backend (`ndarray`, `tch`: the code's `Device::ndarray()` / `Device::libtorch()`)
    comes with a finding that says so, once per crate.

Reproduction check:
    E0599 ("no function or associated item named `wgpu` found for struct `Device`") at each
    constructor before, none after; `fn main() { Device::default(); }` runs without the
    "No execution backend" panic.
"""
from __future__ import annotations

import tomlkit
from tomlkit.items import Whitespace

from burnmigrate.manifest.context import ManifestContext
from burnmigrate.manifest.declarations import default_features_off, set_features, spec_features
from burnmigrate.model import Change, Check, ErrorMatch
from burnmigrate.project.dependencies import BurnDependency
from burnmigrate.rules import ManifestRule


class BurnBackendFeature(ManifestRule):
    id = "burn-backend-feature"
    name = "a Cargo feature for every backend the code needs"
    pitfalls = (3,)
    guide = "R25 R12"
    check = Check("E0599 at `Device::<ctor>` before; none after, and `Device::default()` finds a backend",
                  "cargo check --message-format short 2>&1 | grep -c E0599", ("E0599",),
                  matches=(ErrorMatch('E0599', r'no (?:function or associated item|method) named `(?:flex|wgpu|vulkan|metal|webgpu|cuda|rocm|cpu|ndarray|libtorch\w*|remote\w*)`'),))

    def needed(self, mctx: ManifestContext, table: str = "") -> dict[str, str]:
        """feature → why (the first code use that needs it); `table`: the uses of test code only
        ('dev') or of the build script ('build')."""
        t = mctx.table
        out: dict[str, str] = {}
        for u in sorted(mctx.uses):
            prefix, _, rest = u.partition(":")
            if (prefix if prefix in ("dev", "build") else "") != table:
                continue
            if table:
                u = rest
            kind, _, name = u.partition(":")
            if kind == "ctor" and name in t.constructors:
                out.setdefault(t.constructors[name], f"`Device::{name}(..)`")
            elif kind == "type" and name in t.backend_types:
                out.setdefault(t.backend_types[name], f"`{name}`")
        return out

    def run(self, mctx: ManifestContext) -> list[Change]:
        out: list[Change] = []
        doc = mctx.doc
        t = mctx.table
        decls = [d for d in mctx.decls() if d.package == "burn" and d.tables != ("workspace", "dependencies")]
        if not decls:
            return out
        decl = next((d for d in decls if d.tables == ("dependencies",)), decls[0])
        dev_decl = next((d for d in decls if d.tables == ("dev-dependencies",)), None)
        build_decl = next((d for d in decls if d.tables == ("build-dependencies",)), None)
        # features per build: cargo unifies [dev-dependencies] with [dependencies] for tests,
        # benches and examples only, and builds the build script with [build-dependencies] alone
        main_eff, _ = mctx.effective_features(decl)
        dev_eff, build_eff = set(main_eff), set()
        for d in decls:
            f = mctx.effective_features(d)[0]
            if "build-dependencies" in d.tables:
                build_eff |= f
            elif "dev-dependencies" in d.tables:
                dev_eff |= f
            else:
                main_eff |= f
                dev_eff |= f
        any_eff = main_eff | dev_eff | build_eff
        # (a project feature forwarding `burn/metal` turns `wgpu` on too: code under it needs no `wgpu` of its own)
        # (a backend whose own crate is an unconditional dependency, `burn-flex = "0.21"`, was in every
        # 0.21 build: code that needs it gets it always, not only behind the feature that forwards it)
        optional = t.closure(mctx.all_forwarded(decl)) - t.closure(main_eff) - self._backend_crates(mctx)
        plans: dict[int, tuple] = {}   # id(decl) → (decl, features to add, why)
        # what non-test code needs goes to [dependencies]; what only tests, benches, examples and
        # `#[cfg(test)]` modules need goes to [dev-dependencies] when the crate has that entry;
        # what `build.rs` needs to [build-dependencies] (it cannot use burn without that entry)
        dev_needs = self.needed(mctx, "dev")
        passes: list[tuple[dict[str, str], BurnDependency | None, set[str]]] = [(self.needed(mctx), decl, main_eff), (dev_needs, dev_decl or decl, dev_eff)]
        # (a backend only tests use stays out of the library's builds: a dev entry of its own, unless
        # its crate is an unconditional dependency, which put it in every 0.21 build)
        in_all = self._backend_crates(mctx)
        if dev_decl is None and decl.tables == ("dependencies",) and any(
                f not in t.closure(dev_eff) and t.exists(f) and f != "cpu" and f not in optional and f not in in_all
                for f in dev_needs):
            # (the entry is made when a feature goes to it: what [dependencies] gets first, tests have too)
            passes[1:] = [({f: r for f, r in dev_needs.items() if f in in_all}, decl, dev_eff),
                          ({f: r for f, r in dev_needs.items() if f not in in_all}, None, dev_eff)]
        if build_decl is not None:
            passes.append((self.needed(mctx, "build"), build_decl, build_eff))
        for needs, target, effective in passes:
            for feat, reason in needs.items():
                if feat in t.closure(effective) or not t.exists(feat):
                    continue   # (on already, or through one that turns it on: `metal` → `wgpu`)
                if feat in t.downloads_at_build and feat == "cpu" and not mctx.keep_cpu_feature:
                    # never add the backend whose build downloads LLVM (pitfall 2): say what to do instead
                    out.append(self.finding(mctx.decl_span(target or decl), f"the code needs the `cpu` backend ({reason}): not added",
                                            "burn's `cpu` feature downloads LLVM at build time (tracel-llvm-bundler), so "
                                            "it cannot build offline (pitfall 2): move that code to `Device::flex()` (the "
                                            "offline CPU backend), or keep `cpu` on purpose with `--keep-cpu-feature`.",
                                            pitfalls=(2, 3)))
                    continue
                if feat in optional and target is not build_decl:
                    out.append(self.finding(mctx.decl_span(decl), f"backend `{feat}` is only on behind a project feature",
                                            f"the code needs it ({reason}); build with that feature, or "
                                            "`Device::default()` finds no backend at run time (pitfall 3)."))
                    continue
                if target is None:
                    target = self._dev_entry(mctx, decl)
                _, add, why = plans.setdefault(id(target), (target, [], []))
                if feat not in add:
                    add.append(feat)
                    why.append(f"`{feat}` for {reason}")
                effective.add(feat)
                if target is decl:   # ([dependencies] is in every build: the main one and the tests')
                    main_eff.add(feat)
                    dev_eff.add(feat)
                any_eff.add(feat)
        gated, routed = self._gated(mctx, decl, main_eff)
        out += gated
        # (a backend the project's own features turn on, now or by `_gated`, is the crate's backend too)
        if not any(p[1] for p in plans.values()) and not t.gives_backend(any_eff) and not (optional & t.backends) \
                and not (routed & t.backends):
            plans[id(decl)] = (decl, [t.offline_cpu], [f"`{t.offline_cpu}`: no backend is enabled and 0.22.1 has none by default"])
        for target, add, why in plans.values():
            if not add:
                continue
            set_features(target, doc, spec_features(target.spec(doc)) + add)
            out.append(self.changed(mctx.decl_span(target), f"`{target.key}` ({target.label.split(']')[0].removeprefix('[')}): "
                                    f"add {', '.join(why)}"))
            # the code's deprecated backends are decided (`Device::ndarray()` is NdArray still):
            # their deprecation is said once, here, as burn-feature-rename says it for a declared one
            for dep in (f for f in add if f in t.deprecated):
                out.append(self.finding(mctx.decl_span(target), f"`{dep}` is deprecated", t.deprecated[dep],
                                        pitfalls=(1, 2) if dep == "tch" else (1,)))
        return out

    @staticmethod
    def _dev_entry(mctx: ManifestContext, decl: BurnDependency) -> BurnDependency:
        """A `[dev-dependencies]` entry of the same burn (its version, path, git or workspace
        source, and its default features: cargo unifies it with [dependencies] for tests,
        benches and examples), for the backends only they use; 0.21's test backend crate
        (`burn-ndarray` as a dev-dependency) gave them to those builds only (reading 32)."""
        spec = decl.spec(mctx.doc)
        if hasattr(spec, "get") and spec.get("workspace") is True:
            pairs = ["workspace = true"]
        elif hasattr(spec, "get"):
            pairs = [f"{k} = {tomlkit.item(spec.get(k)).as_string()}" for k in
                     ("package", "version", "path", "git", "branch", "tag", "rev", "registry") if spec.get(k) is not None]
            pairs += ["default-features = false"] if default_features_off(spec) else []
        else:
            pairs = [f"version = {tomlkit.string(str(spec)).as_string()}"]
        entry = tomlkit.parse(f"x = {{ {', '.join(pairs)} }}")["x"]
        if "dev-dependencies" not in mctx.doc:
            mctx.doc["dev-dependencies"] = tomlkit.table()
        table = mctx.doc["dev-dependencies"]
        # (tomlkit loses the blank line before the next table, and the file's last line end: kept)
        blank = bool(table.value.body) and isinstance(table.value.body[-1][1], Whitespace)
        table.add(decl.key, entry)
        if blank or (mctx.text.endswith("\n") and not tomlkit.dumps(mctx.doc).endswith("\n")):
            table.add(tomlkit.nl())
        return BurnDependency(("dev-dependencies",), decl.key, decl.package, decl.version, decl.source)

    @staticmethod
    def _backend_crates(mctx: ManifestContext) -> set[str]:
        """The backends whose own crate this package depends on unconditionally (`burn-flex`,
        `burn-wgpu`, `burn-tch` in [dependencies], not `optional`)."""
        out: set[str] = set()
        for d in mctx.decls():
            feat = {"burn-tch": "tch"}.get(d.package, d.package.removeprefix("burn-"))
            spec = d.spec(mctx.doc) if d.tables == ("dependencies",) and feat in mctx.table.backends else None
            if spec is not None and not (hasattr(spec, "get") and spec.get("optional") is True):
                out.add(feat)
        return out

    def _gated(self, mctx: ManifestContext, decl, effective: set[str]) -> tuple[list[Change], set[str]]:
        """Backends only code under `#[cfg(feature = "x")]` needs go to the project feature `x`
        (`x = ["burn/metal"]`), not to burn's always-on list: the default build keeps its backend
        (a GPU added there would also become `Device::default()`'s pick, pitfall 5)."""
        t = mctx.table
        wanted: dict[str, dict[str, str]] = {}
        for u in sorted(mctx.uses):
            if not u.startswith("feat:"):
                continue
            _, pf, rest = u.split(":", 2)
            kind, _, name = rest.partition(":")
            feat = (t.constructors if kind == "ctor" else t.backend_types).get(name)
            if feat and feat not in t.closure(effective) and t.exists(feat) and feat != "cpu":
                wanted.setdefault(pf, {}).setdefault(feat, f"`Device::{name}(..)`" if kind == "ctor" else f"`{name}`")
        out: list[Change] = []
        routed = {f for needs in wanted.values() for f in needs}
        if not wanted:
            return out, routed
        doc = mctx.doc
        if "features" not in doc:
            doc["features"] = tomlkit.table()
        feats = doc["features"]
        for pf, needs in sorted(wanted.items()):
            arr = feats.get(pf)
            if arr is None:
                arr = tomlkit.array()
                feats[pf] = arr
            present = {str(v) for v in arr}
            # (what the feature turns on through another of burn's: `burn/vulkan` turns `wgpu` on)
            on = t.closure(v.split("/", 1)[1] for v in present if v.startswith((f"{decl.key}/", f"{decl.key}?/")))
            add = [f"{decl.key}/{f}" for f in needs if f not in on]
            if not add:
                continue
            for a in add:
                arr.append(a)
            span = mctx.locate(f"{pf} =") if f"{pf} =" in mctx.text else mctx.decl_span(decl)
            out.append(self.changed(span, f"project feature `{pf}`: add {', '.join('`'+a+'`' for a in add)} "
                                          f"(for {', '.join(needs[f.split('/')[1]] for f in add)} under `#[cfg(feature = \"{pf}\")]`)"))
        return out, routed
