"""burn-dependent-crates — a dependency that is itself built on burn 0.21 (R25, issue 25 item 12).

What it does:
    Reports each dependency of the manifest that is not one of burn's crates nor the project's
    own (a `path` dependency is migrated with the project) but that, in the project's
    Cargo.lock, depends on a burn crate older than 0.22: one finding at its declaration, naming
    the burn version it is built on. Nothing is edited. And each `[patch.<registry>]` entry for one
    of burn's or CubeCL's crates (a copy of it at 0.21, as a project keeps a fix): after the upgrade
    cargo drops a patch whose version no longer matches, with only a warning.

Why:
    Such a crate's public types still take a backend (`TheirModel<B>`) and pull its own burn
    0.21: after the upgrade the project links two burns, and the values it passes between them
    do not type-check (E0107 / E0277 at every use). The project cannot move before the crate
    does: upgrade it to a release built on burn 0.22, or vendor and migrate it.

Example:
    [dependencies]
    burn-extra = "0.3"      # Cargo.lock: burn-extra 0.3.1 depends on "burn 0.21.0"
    → finding: "`burn-extra` 0.3.1 is built on burn 0.21.0"

Fix safety:
    finding only.

Reproduction check:
    `cargo tree -i burn@0.21.0` after the upgrade still lists the crate.
"""
from __future__ import annotations

from burnmigrate import burn_api as api
from burnmigrate.manifest.context import ManifestContext
from burnmigrate.model import Change, Check, RuleKind
from burnmigrate.project.dependencies import BurnDependency, burn_dependencies
from burnmigrate.project.lockfile import burn_dependents
from burnmigrate.project.vendored import is_burns_own
from burnmigrate.rules import ManifestRule


def _before_0_22(version: str) -> bool:
    try:
        major, minor = (int(x) for x in version.split(".")[:2])
    except ValueError:
        return False
    return (major, minor) < (0, 22)


class BurnDependentCrates(ManifestRule):
    id = "burn-dependent-crates"
    name = "dependencies built on burn 0.21"
    kind = RuleKind.FINDING
    safety = None
    pitfalls = (1,)
    guide = "R25"
    check = Check("`cargo tree -i burn@0.21.0` after the upgrade still lists the crate", "cargo tree -i burn@0.21.0", ())

    def run(self, mctx: ManifestContext) -> list[Change]:
        # (a member's lock is its workspace's: the root's Cargo.lock)
        lock = mctx.lockfile if mctx.lockfile.path is not None or mctx.member_of is None else mctx.member_of.lockfile
        dependents = {name: (version, burn) for name, (version, burn) in
                      burn_dependents(lock, api.BURN_CRATES).items()
                      if _before_0_22(burn.partition(" ")[2])}
        out: list[Change] = []
        # (`x = { workspace = true }` takes the root's declaration: a path there is the project's too)
        root = mctx.member_of.doc if mctx.member_of is not None else mctx.doc
        ws = root.get("workspace", {}).get("dependencies", {})
        for decl in burn_dependencies(mctx.doc, dependents, workspace=True):
            if decl.source == "path" or (decl.source == "workspace" and hasattr(ws.get(decl.key), "get")
                                         and "path" in ws[decl.key]):
                continue   # the project's own crate: migrated with it
            version, burn = dependents[decl.package]
            out.append(self.finding(mctx.decl_span(decl), f"`{decl.package}` {version} is built on {burn}",
                                    f"its types still take a backend and it links its own {burn}: the project "
                                    "cannot move to 0.22.1 before it does. Upgrade it to a release built on burn "
                                    "0.22 (or vendor and migrate it); its uses are left as they are until then."))
        return out + self._patches(mctx, lock)

    def _patches(self, mctx: ManifestContext, lock) -> list[Change]:
        """A `[patch.<registry>]` entry for one of burn's or CubeCL's crates: a copy (or fork) of it
        at the 0.21 release. cargo applies a patch only where its version matches the requirement
        in the graph, and drops it otherwise with a warning (`Patch .. was not used in the crate
        graph`): after the upgrade the project builds without the fix it carried."""
        out = []
        for registry, table in (mctx.doc.get("patch") or {}).items():
            for key, spec in (table.items() if hasattr(table, "items") else ()):
                package = str(spec.get("package", key)) if hasattr(spec, "get") else str(key)
                if not is_burns_own(package, lock.version(package)):
                    continue   # (a `cubecl-*` crate is CubeCL's on burn 0.21's line, as the lock says)
                cubecl = package.startswith("cubecl")
                line = ".".join(api.cubecl_for_0_22().split(".")[:2]) if cubecl else api.release_0_22(package)
                to = f"{line} (the cubecl burn 0.22.1 builds on)" if cubecl else line
                where = f"`{spec['path']}`" if hasattr(spec, "get") and "path" in spec else "its source"
                decl = BurnDependency(("patch", str(registry)), str(key), package, "", "path")
                out.append(self.finding(mctx.decl_span(decl), f"`[patch.{registry}]` `{key}`: burn 0.22.1 takes "
                                        f"{package} {line}", f"after the upgrade the graph asks for {package} {to}; cargo "
                                        f"applies this patch ({where}) only if its version matches, and otherwise drops "
                                        "it with a warning (`Patch .. was not used in the crate graph`), and the fix "
                                        f"with it. Port the patch onto {package} {to}, or drop it if 0.22.1 has the fix."))
        return out
