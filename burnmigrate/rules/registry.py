"""Where the rules are listed: the codemods package (installed as burnmigrate.codemods) and the
manifest fixers (burnmigrate.manifest_fixers), each in the order the engine applies them.
Only the engine imports this module; everything else reads rule facts from the catalog."""
from __future__ import annotations

from functools import cache

from .base import ManifestRule, Rule


@cache
def source_rules() -> tuple[type[Rule], ...]:
    from burnmigrate.codemods import RULES
    return tuple(RULES)


@cache
def manifest_rules() -> tuple[type[ManifestRule], ...]:
    from burnmigrate.manifest_fixers import RULES
    return tuple(RULES)


def all_rules() -> tuple[type[Rule], ...]:
    return source_rules() + manifest_rules()
