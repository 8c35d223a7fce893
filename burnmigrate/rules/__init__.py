"""The rule contract (base classes for source and manifest rules) and the registry."""
from .base import ManifestRule, Rule

__all__ = ["ManifestRule", "Rule"]
