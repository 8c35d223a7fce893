"""burn-crate-features — the features of burn's other crates as their 0.22 release names them (R25).

What it does:
    For every dependency on one of burn's workspace crates other than `burn` itself (whose
    features burn-feature-rename owns): drops each feature that the crate's 0.22 release does not
    have, from the dependency's `features` and from the project's own `[features]` entries that
    forward it (`burn-train/ddp`, `burn-store?/burnpack`). The dependency itself, its `optional`
    and every other feature stay as written. Feature lists come from `data/burn-crates.toml`,
    generated from the crates.io index (0.21.0's and the 0.22 release's `[features]`).

Why:
    cargo refuses a manifest that asks a dependency for a feature it does not have ("package
    `burn-store` does not have feature `burnpack`"), so the whole workspace stops resolving.
    burn-store 0.22.1 always has burnpack; burn-train 0.22.1 has no `ddp`.

Example:
    before: burn-store = { version = "0.21", features = ["std", "burnpack"] }
    after:  burn-store = { version = "0.21", features = ["std"] }   (burn-version bumps it to 0.22.1)

Fix safety:
    safe where 0.22.1 provides what the feature gave without it (burnpack); review where it is
    gone with its capability (`ddp`, `distributed`, test features), with what replaces it.

Reproduction check:
    `cargo metadata` fails with "does not have that feature" before and resolves after.
"""
from __future__ import annotations

from burnmigrate import burn_api as api
from burnmigrate.manifest.context import ManifestContext
from burnmigrate.manifest.declarations import edit_features, spec_features
from burnmigrate.model import Change, Check, Safety
from burnmigrate.rules import ManifestRule

# gone features whose capability 0.22.1 gives without them: dropping them changes nothing
_ALWAYS_ON = frozenset({("burn-store", "burnpack")})


class BurnCrateFeatures(ManifestRule):
    id = "burn-crate-features"
    name = "features of burn's other crates as their 0.22 release names them"
    pitfalls = (1,)
    guide = "R25"
    check = Check("cargo rejects a feature the crate's 0.22 release does not have (\"does not have that "
                  "feature\") before; resolves after", "cargo metadata --format-version 1 > /dev/null", ())

    def run(self, mctx: ManifestContext) -> list[Change]:
        out: list[Change] = []
        doc = mctx.doc
        gone_by_key: dict[str, tuple[str, frozenset[str]]] = {}
        for decl in mctx.decls():
            gone = self._gone(decl.package)
            if not gone:
                continue
            gone_by_key[decl.key] = (decl.package, gone)
            spec = decl.spec(doc)
            # (a member's `{ workspace = true, features = [..] }` adds its features to the root's:
            # a gone one there fails resolution as much as in the root, issue 25 item 15)
            drop = [f for f in spec_features(spec) if f in gone]
            if not drop:
                continue
            edit_features(decl, doc, remove=set(drop))
            for f in drop:
                out.append(self._record(mctx.decl_span(decl), decl.key, decl.package, f))
        pf = doc.get("features")
        if pf is None or not gone_by_key:
            return out
        for name in list(pf.keys()):
            arr = pf[name]
            for i in reversed(range(len(arr))):
                dep, sep, feat = str(arr[i]).partition("/")
                hit = gone_by_key.get(dep.rstrip("?")) if sep else None
                if hit and feat in hit[1]:
                    del arr[i]
                    out.append(self._record(mctx.locate(f"{name} ="), dep.rstrip("?"), hit[0], feat,
                                            where=f" from feature `{name}`"))
        return out

    @staticmethod
    def _gone(package: str) -> frozenset[str]:
        """The features 0.21.0 of `package` had that its 0.22 release lacks (none for `burn`,
        and none for a crate with no 0.22 release: burn-version reports that one)."""
        row = api.crate_releases().get(package)
        if package == "burn" or not row or not row["release"]:
            return frozenset()
        return frozenset(row["features_0_21"]) - frozenset(row["features"])

    def _record(self, span: tuple[int, int], key: str, package: str, feature: str, where: str = "") -> Change:
        release = api.release_0_22(package)
        reason = api.GONE_CRATE_FEATURES.get(
            (package, feature),
            f"{package} {release} has no `{feature}` feature (0.21.0 had it); nothing else in the manifest is changed.")
        if (package, feature) in _ALWAYS_ON:
            return self.changed(span, f"drop `{key}` feature `{feature}`{where}: {package} {release} always has it",
                                reason=reason)
        return self.changed(span, f"drop `{key}` feature `{feature}`{where} (gone in {package} {release})",
                            safety=Safety.REVIEW, reason=reason)
