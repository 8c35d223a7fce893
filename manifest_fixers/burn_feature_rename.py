"""burn-feature-rename — burn's Cargo features as 0.22.1 names them (R25, R26).

What it does:
    In every burn declaration's `features` and in the project's own `[features]` that forward
    `burn/x` (or `burn?/x`): renames `server` → `remote-server`; drops the removed `candle`,
    `candle-cuda`, `candle-metal`, `router`, `dispatch`, `distributed`, `collective` and
    `record-item-custom-serde` (a finding says what replaces each); adds `remote-websocket`
    beside `remote` (0.21's `remote` was the WebSocket client, 0.22's is Iroh); adds the features
    0.22.1 no longer implies when the code needs them: `sqlite` (`SqliteDataset`,
    `HuggingfaceDatasetLoader`), `linalg`, `signal`, `safetensors` / `pytorch` (the stores, which
    burn now re-exports), `extension` (code that keeps `burn::backend::..` paths, tensor
    primitives `from_primitive` / `into_primitive`, `#[backend_extension]`). `webgpu` becomes `wgpu` in a crate without a wasm32 target (0.21's
    `webgpu` was native; 0.22's is the browser device). Deprecated backends (`ndarray`, `tch`)
    get a finding with the offline-safe alternative.

Why:
    A removed or renamed feature makes cargo refuse the manifest ("package `burn` does not have
    that feature"); a feature no longer implied makes `burn::data::dataset::SqliteDataset` or
    `burn::linalg` disappear (E0432 / E0433) — pitfall 1.

Example:
    before: burn = { version = "0.21", features = ["server", "dispatch", "dataset", "webgpu"] }
    after:  burn = { version = "0.21", features = ["remote-server", "dataset", "wgpu", "sqlite"] }   (SqliteDataset in the code)

Fix safety:
    safe for renames and implied features; review for `remote` (the transport changed) and for
    dropped features (their replacement is code, reported as a finding).

Reproduction check:
    `cargo metadata` (or `cargo check`) fails with "does not have the feature `dispatch`" before
    and resolves after.
"""
from __future__ import annotations

from burnmigrate.manifest.context import ManifestContext
from burnmigrate.manifest.declarations import edit_features, project_features, spec_features
from burnmigrate.model import Change, Check, Safety
from burnmigrate.rules import ManifestRule

_IMPLIED = {  # feature → the code-use token that needs it
    "sqlite": "sqlite", "linalg": "linalg", "signal": "signal",
    "safetensors": "safetensors", "pytorch": "pytorch", "extension": "extension",
}


class BurnFeatureRename(ManifestRule):
    id = "burn-feature-rename"
    name = "burn features renamed, removed or no longer implied"
    pitfalls = (1,)
    guide = "R25 R26"
    check = Check("cargo rejects a removed burn feature (\"does not have the feature\") before; resolves after",
                  "cargo metadata --format-version 1 > /dev/null", ())

    def run(self, mctx: ManifestContext) -> list[Change]:
        out: list[Change] = []
        self._wasm = mctx.targets_wasm
        t = mctx.table
        doc = mctx.doc
        for decl in mctx.decls():
            if decl.package != "burn":
                continue
            spec = decl.spec(doc)
            span = mctx.decl_span(decl)
            feats = spec_features(spec)
            rep, rem, add = self._plan(feats, t, out, span, decl.key)
            if decl.tables != ("workspace", "dependencies"):
                effective, _ = mctx.effective_features(decl)
                effective |= {rep.get(f, f) for f in feats if f not in rem} | set(add)
                for feat, token in _IMPLIED.items():
                    if token in mctx.uses and feat not in effective and t.exists(feat):
                        add.append(feat)
                        out.append(self.changed(span, f"add `{feat}` to `{decl.key}`: the code uses it and 0.22.1 no longer implies it"))
            new = edit_features(decl, doc, replace=rep, remove=rem, add=add)
            for dep in ("ndarray", "tch"):
                if dep in new:
                    out.append(self.finding(span, f"`{dep}` is deprecated", t.deprecated[dep], pitfalls=(1, 2) if dep == "tch" else (1,)))
        # the project's own features that forward burn features: edited in place
        pf = doc.get("features")
        if pf is not None:
            keys = {d.key for d in mctx.decls() if d.package == "burn"}
            said = {dep for dep in ("ndarray", "tch") if any(c.message == f"`{dep}` is deprecated" for c in out)}
            for name in list(project_features(doc)):
                arr = pf[name]
                extra: list[str] = []
                for i in reversed(range(len(arr))):
                    dep, sep, feat = str(arr[i]).partition("/")
                    if not sep or dep.rstrip("?") not in keys:
                        continue
                    rep, rem, add = self._plan([feat], t, out, mctx.locate(f"{name} ="), dep)
                    if feat in rem:
                        del arr[i]
                    elif feat in rep:
                        arr[i] = f"{dep}/{rep[feat]}"
                    extra += [f"{dep}/{a}" for a in add]
                present = [str(x) for x in arr]
                for v in extra:
                    if v not in present:
                        arr.append(v)
                for dep in sorted({f for x in arr if (f := str(x).partition("/")[2]) in ("ndarray", "tch")
                                   and str(x).partition("/")[0].rstrip("?") in keys} - said):
                    # (a backend the project's own feature turns on: deprecated as a declared one is; said once)
                    said.add(dep)
                    out.append(self.finding(mctx.locate(f"{name} ="), f"`{dep}` (through feature `{name}`) is deprecated",
                                            t.deprecated[dep], pitfalls=(1, 2) if dep == "tch" else (1,)))
        return out

    def _plan(self, feats: list[str], t, out: list[Change], span, key: str):
        """→ (replace, remove, add) for the feature names `feats`."""
        rep: dict[str, str] = {}
        rem: set[str] = set()
        add: list[str] = []
        for f in feats:
            if f in t.renamed:
                rep[f] = t.renamed[f]
                out.append(self.changed(span, f"`{key}` feature `{f}` → `{t.renamed[f]}`"))
            elif f in t.gone_implicit:
                rem.add(f)   # (0.21 compiled the crate and exposed nothing of it: the plain feature did)
                twin = t.gone_implicit[f]
                out.append(self.changed(span, f"drop `{key}` feature `{f}` (0.21's implicit feature of its optional "
                                              f"dependency `{f}`; burn 0.22.1 has none)"
                                              + (f": the backend is the `{twin}` feature" if twin else "")))
            elif f in t.removed:
                rem.add(f)
                out.append(self.changed(span, f"drop `{key}` feature `{f}` (removed in 0.22)", safety=Safety.REVIEW,
                                    reason=t.removed[f]))
            elif f == "webgpu" and not self._wasm and "wgpu" not in feats:
                rep[f] = "wgpu"
                out.append(self.changed(span, f"`{key}` feature `webgpu` → `wgpu` (native build)", safety=Safety.REVIEW,
                                    reason="0.21's `webgpu` was native wgpu with WGSL; 0.22's `webgpu` is the browser "
                                           "WebGPU device. This crate has no wasm32 target, so `wgpu` is the native "
                                           "equivalent (`Device::wgpu(..)`)."))
            elif f == "webgpu" and not self._wasm:
                rem.add(f)
                out.append(self.changed(span, f"drop `{key}` feature `webgpu` (native build; `wgpu` is on)", safety=Safety.REVIEW,
                                    reason="0.22's `webgpu` is the browser WebGPU device."))
            elif f == "remote" and "remote-websocket" not in feats:
                add.append("remote-websocket")
                out.append(self.changed(span, f"add `remote-websocket` beside `{key}` feature `remote`", safety=Safety.REVIEW,
                                    reason="0.21's `remote` was the WebSocket client; 0.22's `remote` is the Iroh "
                                           "client and WebSocket is `remote-websocket`: keep the one your server speaks."))
        return rep, rem, add
