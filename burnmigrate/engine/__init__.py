"""The engine: the pipeline (discover → index → rewrite → validate → changes), the source and
manifest passes, the worker pool, and the rule catalog. Only the engine imports the rules."""
from .pipeline import Options, enabled_rules, rewrite_without, run

__all__ = ["Options", "enabled_rules", "rewrite_without", "run"]
