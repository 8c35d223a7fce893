"""The rule contract (one base class per kind of input, on a shared metadata base) and the registry."""
from .base import DataFileRule, FindingRule, ManifestRule, Rule, RuleMeta, SourceRule

__all__ = ["DataFileRule", "FindingRule", "ManifestRule", "Rule", "RuleMeta", "SourceRule"]
