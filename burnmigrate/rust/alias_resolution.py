"""Which backend a project alias names, and where (issue 25 item 1).

An alias name is not one fact for the whole crate: `type B = Autodiff<Flex>;` in `train.rs` and
`type B = Flex;` in `tests/infer.rs` are two items, and each file's `B` is its own, as rustc
resolves it (a module's own item is the name's meaning there). A file that imports the name from
one of the project's modules (`use crate::train::B;`) means that module's item. Only a file that
neither defines nor imports it by path sees the crate-wide reading, which is "one of .." when the
definitions differ (a cfg-chosen alias, or two files' aliases): no single backend stands for it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.generics import generic_params
from burnmigrate.rust.imports import UseLeaf, use_leaves
from burnmigrate.rust.module_tree import from_project, module_of_use, module_path
from burnmigrate.rust.syntax import last_segment, named_args, text


@dataclass
class AliasFacts:
    name: str
    head: str            # last segment of the aliased type's head
    args: tuple[str, ...]  # last segments of the head's type arguments
    public: bool
    target: str          # the aliased type, as written


class FileFacts(Protocol):
    """What this module reads of a file's facts (burnmigrate.rust.file_facts.FileFacts)."""
    path: str
    aliases: list[AliasFacts]
    project_uses: dict[str, tuple[str, ...]]
    renamed_uses: dict[str, str]
    own_items: set[str]


@dataclass(frozen=True)
class Alias:
    name: str
    base: str
    autodiff: bool
    public: bool
    target: str


def resolve_aliases(defs: dict[str, list[AliasFacts]], defined_types: set[str]) -> dict[str, Alias]:
    """name → the backend its definitions name, resolved transitively (`type MyAd =
    Autodiff<MyBackend>`); a name defined several times with different bodies names "one of" them,
    and so does an alias over such a name."""
    aliases = {n: ds[-1] for n, ds in defs.items() if ds}
    resolved: dict[str, Alias] = {}
    changed = True
    while changed:
        changed = False
        for name, a in aliases.items():
            if name in resolved:
                continue
            base = None
            ad = False
            if a.head in api.CONCRETE_BACKENDS and a.head not in (defined_types - set(aliases)):
                base, ad = api.named_backend(a.head, a.args), a.head in api.AUTODIFF_BACKENDS
                if (ad or a.head == "Fusion") and a.args:
                    inner = a.args[0]
                    base = resolved[inner].base if inner in resolved else inner
            elif a.head in resolved:
                base, ad = resolved[a.head].base, resolved[a.head].autodiff
            elif a.head == "InnerBackend":
                base, ad = "inner", False
            if base is not None:
                resolved[name] = Alias(name, base, ad, a.public, a.target)
                changed = True
    # one alias name defined several times (`#[cfg(feature = "wgpu")] type MyBackend = Wgpu;`,
    # `#[cfg(feature = "cuda")] type MyBackend = Cuda;`): no single backend stands for it
    for name, ds in defs.items():
        targets = {d.target for d in ds}
        if name in resolved and len(targets) > 1:
            r = resolved[name]
            bases = sorted({t.split("<")[0].split("::")[-1].strip() for t in targets})
            resolved[name] = Alias(name, "one of " + ", ".join(bases), r.autodiff, r.public, " | ".join(sorted(targets)))
    # an alias over one of those (`type Train = Autodiff<Infer>`) has no single backend either
    multi = {n for n, r in resolved.items() if r.base.startswith("one of ")}
    while True:
        over = {n: v for n, a in aliases.items() if n in resolved and n not in multi
                and (v := next((x for x in (a.head, *a.args[:1]) if x in multi), None))}
        if not over:
            break
        for n, v in over.items():
            r = resolved[n]
            resolved[n] = Alias(n, resolved[v].base, r.autodiff, r.public, r.target)
            multi.add(n)
    return resolved


def alias_definitions(all_facts: Sequence[FileFacts]) -> dict[str, list[AliasFacts]]:
    """alias name → its definitions, in every file."""
    defs: dict[str, list[AliasFacts]] = {}
    for f in all_facts:
        for a in f.aliases:
            defs.setdefault(a.name, []).append(a)
    return defs


def file_aliases(all_facts: Sequence[FileFacts], defs: dict[str, list[AliasFacts]], defined_types: set[str],
                 crate_wide: dict[str, Alias]) -> tuple[dict[str, dict[str, Alias]], dict[str, set[str]]]:
    """(file path → the aliases whose meaning there differs from the crate-wide one: the file's own
    definitions, or those of the project module it imports the name from; file path → the alias
    names that mean another item there, `shadowed_aliases`). `defs` is `alias_definitions(all_facts)`."""
    views = _file_aliases(all_facts, defs, defined_types, crate_wide)
    return views, shadowed_aliases(all_facts, set(crate_wide) | {n for v in views.values() for n in v})


def _file_aliases(all_facts: Sequence[FileFacts], defs: dict[str, list[AliasFacts]], defined_types: set[str],
                  crate_wide: dict[str, Alias]) -> dict[str, dict[str, Alias]]:
    ambiguous = {n for n, ds in defs.items() if len({d.target for d in ds}) > 1}
    renamed = _renamed(all_facts, defs, crate_wide)
    if not ambiguous:
        return renamed
    by_module = {mp: f for f in all_facts if (mp := module_path(f.path)) is not None}

    def imported_from(f: FileFacts, name: str) -> FileFacts | None:
        path = f.project_uses.get(name)
        key = module_of_use(f.path, path) if path is not None and path[-1] == name else None   # a rename binds another name
        return by_module.get(key) if key is not None else None

    out: dict[str, dict[str, Alias]] = {}
    for f in all_facts:
        own: dict[str, list[AliasFacts]] = {}
        for a in f.aliases:
            if a.name in ambiguous:
                own.setdefault(a.name, []).append(a)
        for name in ambiguous - set(own):
            source = imported_from(f, name)
            if source is not None and any(a.name == name for a in source.aliases):
                own[name] = [a for a in source.aliases if a.name == name]
        if not own:
            continue
        view = {n: ds for n, ds in defs.items() if n not in own}
        view.update(own)
        resolved = resolve_aliases(view, defined_types)
        diff = {n: resolved[n] for n in own if n in resolved and crate_wide.get(n) != resolved[n]}
        if diff:
            out[f.path] = diff
    for path, names in renamed.items():
        out[path] = {**names, **out.get(path, {})}
    return out


def module_bindings(root: Node, src: bytes) -> tuple[set[str], dict[str, tuple[str, ...]], list[AliasFacts]]:
    """What a file's module binds, read off one walk of its `use` trees: (the structs, enums,
    unions and traits it defines itself, not in an inline module; the names its `use` trees bind
    from the project, nested ones too, each with its path, as rustc reads them; the burn backends
    it imports under another name, as aliases)."""
    own = {text(n) for c in root.named_children if c.type in ("struct_item", "enum_item", "union_item", "trait_item")
           and (n := c.child_by_field_name("name")) is not None}
    project, renames = b"use crate::" in src or b"use super::" in src, b" as " in src
    leaves = use_leaves(root) if project or renames else []
    bound = {leaf.bound: tuple(leaf.path) for leaf in leaves if leaf.bound and from_project(leaf.path)} if project else {}
    return own, bound, _imported_backend_aliases(leaves) if renames else []


def _imported_backend_aliases(leaves: list[UseLeaf]) -> list[AliasFacts]:
    """A burn backend imported under another name at module level (`pub(crate) use
    burn_wgpu::Vulkan as BurnBackend;`, often one per `#[cfg]` arm): an alias of it, as a `type`
    item would be (`BurnBackend<f16>` names the backend with its element type)."""
    crates = {"burn", *api.BURN_CRATE_IDENTS}
    return [AliasFacts(leaf.bound, leaf.path[-1], (), any(c.type == "visibility_modifier" for c in leaf.declaration.children),
                       "::".join(leaf.path))
            for leaf in leaves if leaf.declaration.parent is not None and leaf.declaration.parent.type == "source_file"
            and leaf.path[0] in crates and leaf.path[-1] in api.CONCRETE_BACKENDS and leaf.bound not in ("", leaf.path[-1])]


def shadowed_aliases(all_facts: Sequence[FileFacts], alias_names: set[str]) -> dict[str, set[str]]:
    """file path → the alias names that mean another item there, as rustc resolves them: a struct,
    enum or trait the module defines itself (`pub struct BurnBackend;` beside a crate-root
    `type BurnBackend = Autodiff<NdArray>`), or one it imports from the project module that
    defines it (`use crate::builders::agent::{BurnBackend as BuilderBurnBackend}`)."""
    by_module = {mp: f for f in all_facts if (mp := module_path(f.path)) is not None}
    out: dict[str, set[str]] = {}
    for f in all_facts:
        own_aliases = {a.name for a in f.aliases}
        shadowed = (f.own_items - own_aliases) & alias_names
        for bound, path in f.project_uses.items():
            if bound not in alias_names or bound in own_aliases:
                continue
            key = module_of_use(f.path, path)
            source = by_module.get(key) if key is not None else None
            if source is not None and path[-1] in source.own_items and all(a.name != path[-1] for a in source.aliases):
                shadowed.add(bound)
        if shadowed:
            out[f.path] = shadowed
    return out


def _renamed(all_facts: Sequence[FileFacts], defs: dict[str, list[AliasFacts]],
             crate_wide: dict[str, Alias]) -> dict[str, dict[str, Alias]]:
    """file path → the project aliases it imports under another name (`use my_lib::Fast as Fx;`):
    `Fx` there is `Fast` (a name defined as an alias itself, or one alias name defined several
    times, is left to its own reading)."""
    out: dict[str, dict[str, Alias]] = {}
    for f in all_facts:
        for new, name in f.renamed_uses.items():
            a = crate_wide.get(name)
            if a is not None and new not in defs and len({d.target for d in defs.get(name, [])}) == 1:
                out.setdefault(f.path, {})[new] = Alias(new, a.base, a.autodiff, a.public, a.target)
    return out


def generic_backend_alias(item: Node) -> bool:
    """`type CpuBackend<E, I> = Flex<E, I>;`: an alias with parameters of a burn backend, whose
    parameters are only its element types (0.22.1's backends take none: E0107 at every use)."""
    target = item.child_by_field_name("type")
    if target is None or target.type != "generic_type" or last_segment(target) not in api.CONCRETE_BACKENDS:
        return False
    ta = target.child_by_field_name("type_arguments")
    params = {text(p.child_by_field_name("name") or p) for p in generic_params(item)}
    return ta is not None and {text(a) for a in named_args(ta)} <= params
