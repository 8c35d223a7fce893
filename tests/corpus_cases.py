"""Loading corpus cases: corpus/<rule-id>/<case>/{before,after}/ + case.toml."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@dataclass
class Case:
    id: str
    dir: Path
    meta: dict = field(default_factory=dict)

    @property
    def before(self) -> Path:
        return self.dir / "before"

    @property
    def after(self) -> Path:
        return self.dir / "after"

    @property
    def rules(self) -> set[str]:
        return set(self.meta.get("rules", []))

    @property
    def family(self) -> str:
        """Cases filed under a source rule exercise the source rules only (their Cargo.toml
        stays as it is); cases under a manifest rule or `end-to-end` run every rule."""
        from burnmigrate.rules.registry import source_rules
        return "source" if self.dir.parent.name in {r.id for r in source_rules()} else "all"

    @property
    def options(self) -> dict:
        opts = {}
        if self.family == "source":
            from burnmigrate.rules.registry import source_rules
            opts["select"] = frozenset(r.id for r in source_rules())
        if self.meta.get("keep_cpu_feature"):
            opts["keep_cpu_feature"] = True
        if self.meta.get("config_patches"):   # `--write-config-patches`
            opts["config_patches"] = True
        if self.meta.get("enable"):   # opt-in rules the case turns on (`--enable ID`)
            opts["enable"] = frozenset(self.meta["enable"])
        return opts


def cases() -> list[Case]:
    out = []
    for toml in sorted(CORPUS.glob("*/*/case.toml")):
        d = toml.parent
        if d.parent.name == "shim":
            continue
        out.append(Case(f"{d.parent.name}/{d.name}", d, tomllib.loads(toml.read_text())))
    return out


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "target" not in p.relative_to(root).parts}
