"""Dependency declarations in a Cargo.toml: the one walker over its dependency tables, and the
one record of a burn crate's declaration. Works on tomllib dicts and tomlkit documents alike
(tomlkit's tables have `.get`, its strings are `str`)."""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

KINDS = ("dependencies", "dev-dependencies", "build-dependencies")


def dependency_tables(doc, *, workspace: bool = True) -> Iterator[tuple[tuple[str, ...], Mapping[str, Any]]]:
    """(path of the table, the table): `[dependencies]`, dev and build deps, every
    `[target.'cfg(..)'.*]` one, and (with `workspace`) `[workspace.dependencies]`."""
    for t in KINDS:
        if t in doc:
            yield (t,), doc[t]
    for cfg, body in (doc.get("target") or {}).items():
        for t in KINDS:
            if t in body:
                yield ("target", cfg, t), body[t]
    ws = doc.get("workspace") if workspace else None
    if ws is not None and "dependencies" in ws:
        yield ("workspace", "dependencies"), ws["dependencies"]


@dataclass
class BurnDependency:
    """One declaration of a burn crate in one manifest."""
    tables: tuple[str, ...]  # ('dependencies',), ('target', cfg, 'dependencies'), ('workspace', 'dependencies')
    key: str                 # the key in the manifest (`burn`, `nn`, `burn-core`)
    package: str             # the crate it names (`burn`, `burn-core`)
    version: str = ""        # requirement as written ('' when path/git/workspace without a root)
    source: str = ""         # 'registry', 'path', 'git', 'workspace'

    @property
    def rust_name(self) -> str:
        return self.key.replace("-", "_")

    @property
    def label(self) -> str:
        where = ".".join(f"'{t}'" if "(" in t else t for t in self.tables)
        return f"[{where}] {self.key}"

    def table(self, doc):
        t = doc
        for k in self.tables:
            t = t[k]
        return t

    def spec(self, doc):
        return self.table(doc)[self.key]


def burn_dependencies(doc, packages, workspace_deps=None, *, workspace: bool = False) -> list[BurnDependency]:
    """Every declaration of one of `packages` (renamed ones included: `nn = { package = "burn" }`),
    with its version requirement and source; `workspace = true` entries take the root's."""
    out = []
    for tables, body in dependency_tables(doc, workspace=workspace):
        for key, spec in body.items():
            package, version, source = key, "", "registry"
            if isinstance(spec, str):
                version = str(spec)
            elif hasattr(spec, "get"):
                package = spec.get("package", key)
                version = str(spec.get("version", ""))
                if spec.get("workspace") is True:
                    source = "workspace"
                    root_spec = (workspace_deps or {}).get(key)
                    if root_spec is not None:
                        if isinstance(root_spec, str):
                            version = str(root_spec)
                        else:
                            package = root_spec.get("package", package)
                            version = str(root_spec.get("version", ""))
                elif "path" in spec:
                    source = "path"
                elif "git" in spec:
                    source = "git"
            if str(package) in packages:
                out.append(BurnDependency(tables, str(key), str(package), version, source))
    return out


def same_minor(req: str, version: str) -> bool:
    """Does a requirement (`0.10`, `=0.10.0`, `^0.10.2`) name `version`'s major.minor line?"""
    got = re.findall(r"\d+", req)[:2]
    return len(got) == 2 and got == re.findall(r"\d+", version)[:2]
