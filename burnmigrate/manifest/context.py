"""What a manifest rule sees: one Cargo.toml document, the crates it speaks for, what their
code uses, the feature table, and its workspace root's and members' contexts."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import tomlkit

from burnmigrate.manifest.declarations import burn_decls, default_features_off, project_features, spec_features
from burnmigrate.manifest.features import FeatureTable
from burnmigrate.project.dependencies import BurnDependency
from burnmigrate.project.discover import Crate
from burnmigrate.project.lockfile import Lockfile


@dataclass
class ManifestContext:
    path: str                        # relative to the project root
    doc: tomlkit.TOMLDocument
    text: str                        # the document's text before the current rule
    crates: list[Crate]              # the crates this manifest speaks for (members of a root)
    uses: frozenset[str]             # what their code uses (code_uses tokens)
    table: FeatureTable
    burn_packages: frozenset[str]
    keep_cpu_feature: bool = False
    lockfile: Lockfile = field(default_factory=Lockfile)  # Cargo.lock next to it (empty when none)
    member_of: ManifestContext | None = None
    root_decls: list[BurnDependency] = field(default_factory=list)  # [workspace.dependencies] burn of the root
    members: list[ManifestContext] = field(default_factory=list)  # for a root: its members' contexts

    _decls: tuple = field(default=(None, None, None), repr=False, compare=False)

    def decls(self) -> list[BurnDependency]:
        """The burn declarations of the document as the current rule found it (read once per
        rule: the engine sets `text` before each one)."""
        key = (id(self.doc), self.text)
        if self._decls[:2] != key:
            self._decls = (*key, burn_decls(self.doc, self.burn_packages))
        return list(self._decls[2])

    def locate(self, needle: str) -> tuple[int, int]:
        """Byte span of the first line holding `needle` in the text the rule sees."""
        i = self.text.find(needle)
        if i < 0:
            return (0, 0)
        b = self.text.encode("utf-8")
        start = len(self.text[:i].encode("utf-8"))
        end = b.find(b"\n", start)
        return (start, end if end >= 0 else len(b))

    def decl_span(self, decl: BurnDependency) -> tuple[int, int]:
        """The line declaring `decl`: its own table header (`[dependencies.burn]`), or its key
        inside the header of its dependency table (`[target.'cfg(unix)'.dependencies]`)."""
        text = self.text
        if decl.tables[0] == "target":
            heads = [f"[target.'{decl.tables[1]}'.{decl.tables[2]}", f'[target."{decl.tables[1]}".{decl.tables[2]}']
        else:
            heads = ["[" + ".".join(decl.tables)]
        for head in heads:
            own = re.search(re.escape(head) + r"\." + re.escape(decl.key) + r"\]", text)
            if own:
                return self._byte_span(own.start())
            for h in re.finditer(re.escape(head) + r"\]", text):
                nxt = re.search(r"^\[", text[h.end():], re.M)
                body_end = h.end() + nxt.start() if nxt else len(text)
                k = re.search(r"^[ \t]*" + re.escape(decl.key) + r"\s*[.=]", text[h.end():body_end], re.M)
                if k:
                    return self._byte_span(h.end() + k.start())
        return self.locate(f"{decl.key} =")

    def _byte_span(self, char_pos: int) -> tuple[int, int]:
        b = self.text.encode("utf-8")
        start = len(self.text[:char_pos].encode("utf-8"))
        end = b.find(b"\n", start)
        return (start, end if end >= 0 else len(b))

    def effective_features(self, decl: BurnDependency) -> tuple[set[str], bool]:
        """The burn features a declaration turns on (its own, the workspace root's, and the
        project features that forward `burn/x` from `default`), and whether defaults are off."""
        spec = decl.spec(self.doc)
        feats = set(spec_features(spec))
        off = default_features_off(spec)
        if hasattr(spec, "get") and spec.get("workspace") is True:
            for rd in self.root_decls:
                if rd.key == decl.key and self.member_of is not None:
                    rspec = rd.spec(self.member_of.doc)
                    feats |= set(spec_features(rspec))
                    off = off or default_features_off(rspec)
        pf = project_features(self.doc)
        default_on = set(pf.get("default", []))
        seen = set()
        stack = list(default_on)
        while stack:
            f = stack.pop()
            if f in seen:
                continue
            seen.add(f)
            for v in pf.get(f, []):
                m = re.match(r"^([\w-]+)\??/([\w-]+)$", v)
                if m and m.group(1) == decl.key:
                    feats.add(m.group(2))
                elif v in pf:
                    stack.append(v)
        return feats, off

    @property
    def targets_wasm(self) -> bool:
        """Does this manifest build for the browser (wasm32 target tables, wasm-bindgen)?"""
        return "wasm32" in self.text or "wasm-bindgen" in self.text

    def all_forwarded(self, decl: BurnDependency) -> set[str]:
        """Every burn feature any project feature forwards (default or not)."""
        out = set()
        for vals in project_features(self.doc).values():
            for v in vals:
                m = re.match(r"^([\w-]+)\??/([\w-]+)$", v)
                if m and m.group(1) == decl.key:
                    out.add(m.group(2))
        return out
