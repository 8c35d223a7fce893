"""Every rule's facts as data (RuleInfo): what `rules`, `explain`, the renderers, SARIF and
`verify` read. The one place outside the pipeline that imports the rule registry."""
from __future__ import annotations

from functools import cache, lru_cache

from burnmigrate.model import RuleInfo
from burnmigrate.rules.registry import all_rules


@cache
def catalog() -> tuple[RuleInfo, ...]:
    """Every rule, source rules first, each in the engine's order."""
    return tuple(r.info() for r in all_rules())


def rule_info(rule_id: str) -> RuleInfo | None:
    return next((i for i in catalog() if i.id == rule_id), None)


def by_id() -> dict[str, RuleInfo]:
    return {i.id: i for i in catalog()}


@lru_cache(maxsize=1)
def code_digest() -> bytes:
    """A digest of burnmigrate's code and data, the rule folders included (an editable install
    keeps codemods/ and manifest_fixers/ outside burnmigrate/): a changed rule is a new digest."""
    import hashlib
    from pathlib import Path

    import burnmigrate
    import burnmigrate.codemods
    import burnmigrate.manifest_fixers
    h = hashlib.blake2b(b"burnmigrate-code-1")
    for mod in (burnmigrate, burnmigrate.codemods, burnmigrate.manifest_fixers):
        assert mod.__file__ is not None   # packages imported from files
        pkg = Path(mod.__file__).resolve().parent
        for p in sorted(pkg.rglob("*")):
            if p.is_file() and p.suffix in (".py", ".md", ".toml", ".json", ".in"):
                h.update(mod.__name__.encode() + b"/" + p.relative_to(pkg).as_posix().encode())
                h.update(p.read_bytes())
    return h.digest()
