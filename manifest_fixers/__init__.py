"""Manifest rules (tomlkit over every Cargo.toml), in the order the engine applies them."""
from .burn_backend_feature import BurnBackendFeature
from .burn_cpu_offline import BurnCpuOffline
from .burn_crate_features import BurnCrateFeatures
from .burn_default_features import BurnDefaultFeatures, BurnNeededFeatures
from .burn_dependent_crates import BurnDependentCrates
from .burn_feature_rename import BurnFeatureRename
from .burn_version import BurnVersion

RULES = (
    BurnVersion,
    BurnFeatureRename,
    BurnCrateFeatures,
    BurnCpuOffline,
    BurnBackendFeature,
    BurnNeededFeatures,
    BurnDefaultFeatures,
    BurnDependentCrates,
)

__all__ = ["RULES"] + [r.__name__ for r in RULES]
