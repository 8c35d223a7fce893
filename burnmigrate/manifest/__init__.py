"""Cargo.toml as the manifest rules see it: burn's declarations and their feature edits
(tomlkit), the ManifestContext, and burn's feature table."""
