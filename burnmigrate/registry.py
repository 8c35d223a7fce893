"""Where the rules are listed: the codemods package (installed as burnmigrate.codemods)."""
from __future__ import annotations

from functools import lru_cache

from .rule import Rule


@lru_cache(maxsize=None)
def source_rules() -> tuple[type[Rule], ...]:
    from burnmigrate.codemods import RULES
    return tuple(RULES)


@lru_cache(maxsize=None)
def manifest_rules() -> tuple[type[Rule], ...]:
    from burnmigrate.manifest_fixers import RULES
    return tuple(RULES)


def all_rules() -> tuple[type[Rule], ...]:
    return source_rules() + manifest_rules()


def rule_by_id(rule_id: str) -> type[Rule] | None:
    for r in all_rules():
        if r.id == rule_id:
            return r
    return None
