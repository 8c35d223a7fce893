"""What a rule needs to know of the crate a file belongs to (made by discovery, read by rules)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class CrateFacts:
    name: str = ""
    burn_roots: tuple[str, ...] = ("burn",)   # Rust paths that reach burn (`burn`, `nn`, ...)
    device_path: str = "burn::tensor::Device"  # how to import the Device struct
    burn_version: str = ""
    cpu_to_flex: bool = False   # the manifest's `cpu` feature becomes `flex` (burn-cpu-offline)
    migrate_docs: bool = True   # the code blocks of doc comments are migrated too (`--no-docs` turns it off)
    denies_deprecated: str = ""   # where the crate makes a deprecation warning an error (project/lints.py), or ''
    package: str | None = None  # the crate's folder relative to the project root ('' the root; None unknown)
    # the Rust names of the project's library crates (`use my_lib::Backend` from a bin, an example, a member)
    project_crates: frozenset[str] = frozenset()
    # (library name, its package's folder relative to the project root) of each of them: an
    # example's `use my_lib::train::run;` names a module of that folder's `src/`
    project_libs: tuple[tuple[str, str], ...] = ()
