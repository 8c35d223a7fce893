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
