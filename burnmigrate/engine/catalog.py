"""Every rule's facts as data (RuleInfo): what `rules`, `explain`, the renderers, SARIF and
`verify` read. The one place outside the pipeline that imports the rule registry."""
from __future__ import annotations

from functools import lru_cache

from burnmigrate.model import RuleInfo
from burnmigrate.rules.registry import all_rules


@lru_cache(maxsize=None)
def catalog() -> tuple[RuleInfo, ...]:
    """Every rule, source rules first, each in the engine's order."""
    return tuple(r.info() for r in all_rules())


def rule_info(rule_id: str) -> RuleInfo | None:
    return next((i for i in catalog() if i.id == rule_id), None)


def by_id() -> dict[str, RuleInfo]:
    return {i.id: i for i in catalog()}
