"""Pass 1: cross-file facts, collected per file (file_facts.py) and merged into one ProjectIndex.

What a rule cannot see in its own file: which user types and fns take a backend parameter (and
at which position), which aliases name a backend, which project traits extend `Backend`, which
structs carry `PhantomData<B>` fields, and where names are mentioned.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from burnmigrate import burn_api as api
from burnmigrate.rust import fn_sigs
from burnmigrate.rust.alias_params import alias_backend_params, alias_params, device_aliases
from burnmigrate.rust.alias_resolution import (
    Alias,
    AliasFacts,
    alias_definitions,
    file_aliases,
    generic_backend_alias,
    module_bindings,
    resolve_aliases,
)
from burnmigrate.rust.configs import ConfigType, config_types
from burnmigrate.rust.file_facts import FileFacts, ItemFacts
from burnmigrate.rust.generics import (
    backend_marker,
    burn_path_bounds,
    fn_owner,
    generic_params,
    renamed_bound_names,
    where_clause,
)
from burnmigrate.rust.imports import renamed_imports
from burnmigrate.rust.inferred_devices import autodiff_field, default_fns, merge_assoc_facts, note_inferred_device
from burnmigrate.rust.macros import expression_macros, macro_turbofish_facts
from burnmigrate.rust.module_tree import FnSig, Module, module_path, project_uses
from burnmigrate.rust.param_mentions import param_only_mentions
from burnmigrate.rust.param_uses import keep_both_or_neither, keep_macro_turbofish_fns, mark_op_kept, param_uses
from burnmigrate.rust.record_files import named_extensions, own_record_types, saved_paths
from burnmigrate.rust.scans import dataset_impls, needs_index, renamed_in_uses, without_erasable_mentions
from burnmigrate.rust.syntax import (
    GENERIC_ITEMS,
    associated,
    capture,
    identifiers,
    last_segment,
    named_args,
    parse,
    text,
)
from burnmigrate.rust.units import apply_delta, defined_names, package_of, unit_of, unit_views

_ITEMS_Q = "[(struct_item) (enum_item) (union_item) (trait_item) (type_item) (function_item) (function_signature_item) (impl_item)] @item"
# `use crate::engine::Backend;` (or super/self): the file's `Backend` is the project's
_CRATE_USE = re.compile(rb"\buse\s+(?:crate|super|self)::[^;]*;")
_TRAIT_NAME = re.compile(rb"\b(Backend|AutodiffBackend|BackendTypes)\b(?!\s+as\b)")
_CALLED = re.compile(r"\b([a-z_]\w*)\s*(?:::\s*<[^()]*>\s*)?\(")
_DERIVED_MODULE = re.compile(rb"#\[derive\([^)]*\bModule\b[^)]*\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?"
                             rb"(?:struct|enum)\s+(\w+)|\bimpl\b[^{;]*?\bModule\b\s*(?:<[^{;]*?>)?\s+for\s+(\w+)")
_OUT_OF_LINE_MOD = re.compile(rb"\bmod\s+\w+\s*;")


@dataclass
class ProjectIndex:
    user_types: dict[str, tuple[int, int]] = field(default_factory=dict)   # name → (backend position, type+const params)
    user_fns: dict[str, set[tuple[int, int]]] = field(default_factory=dict)   # fn name → {(backend position, count)}
    autodiff_fns: set[str] = field(default_factory=set)
    # user fn name (and `Type::fn` of an inherent impl) → positions of its value parameters typed `&B::Device`
    device_params: dict[str, set[int]] = field(default_factory=dict)
    assoc_returns_self: dict[str, bool] = field(default_factory=dict)   # `Type::fn` of an inherent impl → returns `Self`
    backend_aliases: dict[str, Alias] = field(default_factory=dict)
    # project module → its generic free fns, for a call that resolves there (module_tree.py)
    module_fns: dict[Module, dict[str, FnSig]] = field(default_factory=dict)
    module_fn_returns: dict[Module, dict[str, str]] = field(default_factory=dict)   # its fns' return types (fn_sigs.py)
    module_fn_devices: dict[Module, dict[str, dict[int, str]]] = field(default_factory=dict)   # params typed `&WgpuDevice`
    module_default_bodied: dict[Module, set[str]] = field(default_factory=dict)   # `fn d() -> T { Default::default() }`
    # file path → aliases whose meaning there is not the crate-wide one (alias_resolution.py)
    file_aliases: dict[str, dict[str, Alias]] = field(default_factory=dict)
    shadowed_aliases: dict[str, set[str]] = field(default_factory=dict)   # file → alias names another item there
    device_aliases: dict[str, str] = field(default_factory=dict)   # `pub type Dev = CudaDevice;` → CudaDevice
    device_alias_backends: dict[str, tuple[str, bool]] = field(default_factory=dict)   # `<X as Backend>::Device` → (X, autodiff)
    extension_traits: set[str] = field(default_factory=set)
    autodiff_extension_traits: set[str] = field(default_factory=set)
    # project traits named like a burn backend trait that do not extend one (`trait Backend {..}`)
    shadowing_traits: set[str] = field(default_factory=set)
    # types that keep their backend parameter (a use no rule rewrites): so do all their uses ("erase both or neither")
    kept_types: set[str] = field(default_factory=set)
    # kept types kept for a backend op or primitive (param_uses.mark_op_kept): 0.21 form; why: item → the use
    op_kept_types: set[str] = field(default_factory=set)
    op_kept_why: dict[str, str] = field(default_factory=dict)
    # fns (by name) that keep a backend parameter (a use, an extension trait), and those kept for a backend op
    kept_fns: set[str] = field(default_factory=set)
    op_kept_fns: set[str] = field(default_factory=set)
    macro_kept_fns: dict[str, str] = field(default_factory=dict)   # fn → the macro writing `$fn::<..>` for it
    # alias → its parameter that is only ever a backend argument; `OptimizerAdaptor` aliases (alias_params.py)
    alias_backend_params: dict[str, str] = field(default_factory=dict)
    optimizer_aliases: set[str] = field(default_factory=set)
    defined_types: set[str] = field(default_factory=set)
    project_names: set[str] = field(default_factory=set)   # every fn and type any file defines (text-read, parsed or not)
    phantom_fields: dict[str, set[str]] = field(default_factory=dict)
    mentions: dict[str, set[str]] = field(default_factory=dict)
    module_types: set[str] = field(default_factory=set)   # the project's `#[derive(Module)]` types
    # fn name → positions of value parameters a generic or `impl Trait` types (one signature per name)
    generic_value_fns: dict[str, frozenset[int]] = field(default_factory=dict)
    to_f32_fns: set[str] = field(default_factory=set)   # fns only `.to_f32()` their `ToElement` argument
    # generic fns that only run a model forward (no backward, step, learner): an autodiff device only grows a graph
    forward_only_fns: set[str] = field(default_factory=set)
    # name → the files with a mention the erasure does not remove (a backend alias used there stays)
    sticky_mentions: dict[str, set[str]] = field(default_factory=dict)
    idiom_021_files: set[str] = field(default_factory=set)
    expr_macros: frozenset[str] = frozenset()   # the project's expression-list macros
    type_macros: frozenset[str] = frozenset()   # the project's type-list macros
    other_macros: frozenset[str] = frozenset()  # the project's other macros (std names included)
    config_types: dict[str, ConfigType] = field(default_factory=dict)  # the project's `#[derive(Config)]` types
    pytorch_weight_files: set[str] = field(default_factory=set)   # files that load PyTorch weights
    dataset_types: set[str] = field(default_factory=set)   # the project's types implementing `Dataset`
    type_aliases: set[str] = field(default_factory=set)   # the project's `type` items (as read: alias facts)
    record_saves: dict[str, set[str]] = field(default_factory=dict)   # saved path shape → its saving packages
    recorder_extensions_named: set[str] = field(default_factory=set)   # 0.21 recorder extensions strings name
    device_types_named: set[str] = field(default_factory=set)   # 0.21 device types the code names (`WgpuDevice`)
    autodiff_device_fields: dict[str, set[str]] = field(default_factory=dict)   # struct → fields typed `AB::Device`
    # file → (its lowercase words if it names `super::` / `crate::` (it can call a private fn above it), has `mod x;`)
    file_words: dict[str, tuple[frozenset[str], bool]] = field(default_factory=dict)
    default_fns: set[str] = field(default_factory=set)   # generic fns making a device from their type (_device_reach.py)
    workspace_default_fns: frozenset[str] = frozenset()   # the same over the workspace (`other_crate::f::<X>(..)`)
    # unit → its own reading of the by-name fields (it defines a name another unit does); file → its unit (units.py)
    unit_views: dict[str, dict] = field(default_factory=dict)
    file_units: dict[str, str] = field(default_factory=dict)

    def for_file(self, path: str) -> ProjectIndex:
        """The index as `path` sees it: its crate's facts about the names its crate defines
        (units.py), and its own backend aliases (or those it imports from a project module)
        instead of the crate-wide reading of those names."""
        unit = self.file_units.get(path)
        view = self._unit_view(unit) if unit is not None else {}
        own, shadowed = self.file_aliases.get(path, {}), self.shadowed_aliases.get(path, set())
        if own or shadowed:
            view = {**view, "backend_aliases": {n: a for n, a in {**self.backend_aliases, **own}.items() if n not in shadowed}}
        return dataclasses.replace(self, **view) if view else self

    def _unit_view(self, unit: str) -> dict:
        """A unit's own values of the fields its view changes (made once per unit, kept)."""
        cache = self.__dict__.setdefault("_unit_view_cache", {})
        if unit not in cache:
            cache[unit] = {k: apply_delta(getattr(self, k), d) for k, d in self.unit_views[unit].items()}
        return cache[unit]

    def interesting_names(self) -> set[str]:
        return set(self.user_types) | set(self.backend_aliases)

    def trigger_names(self, with_fns: bool = True) -> frozenset[str]:
        """Names whose presence makes a file worth parsing for the erasure rules."""
        key = f"_trigger_names_{with_fns}"
        names = self.__dict__.get(key)
        if names is None:
            names = frozenset(self.interesting_names() | (set(self.user_fns) if with_fns else set())
                              | set(api.CONCRETE_BACKENDS) | api.BACKEND_FROM_COMPONENTS
                              | {"InnerBackend"} | set(api.BACKEND_TRAITS) | self.extension_traits)
            self.__dict__[key] = names
        return names


def collect(path: str, src: bytes, tree=None, idents: frozenset[str] | None = None,
            nodes: dict | None = None, unit: str | None = None) -> FileFacts:
    facts = FileFacts(path=path, unit=unit, defined_names=defined_names(src))
    words = idents if idents is not None else identifiers(src)
    facts.mentions = {w for w in words if w[:1].isupper()}
    if b"super::" in src or b"crate::" in src:   # (how a module names its ancestors' private fns)
        facts.words = frozenset(w for w in words if not w[:1].isupper())
    facts.child_mods = _OUT_OF_LINE_MOD.search(src) is not None
    if b"Module" in src and b"derive" in src:
        facts.module_types = {(d or i).decode() for d, i in _DERIVED_MODULE.findall(src)}   # derived or hand-written
    if b"Config" in src and b"derive" in src:
        facts.config_types = config_types(src, tree)
    facts.pytorch_weights = b"PytorchStore" in src or b"PyTorchToBurnAdapter" in src
    facts.generic_value_fns, facts.to_f32_fns, facts.fn_returns = fn_sigs.generic_value_params(src), fn_sigs.to_f32_fns(src), fn_sigs.fn_return_types(src)
    facts.saved_paths, facts.recorder_extensions = saved_paths(src), named_extensions(src)
    facts.fn_devices, facts.default_fns_here = fn_sigs.fn_device_params(src, frozenset(api.DEVICE_TYPE_BACKENDS)), fn_sigs.default_bodied_fns(src)
    facts.dataset_types, own_records = dataset_impls(src), own_record_types(src)   # (text-read: no parse needed)
    facts.turbofish_macros, facts.macro_args = macro_turbofish_facts(src)
    facts.defined_types |= own_records
    if b"Tensor" in src and b"use " in src:
        left, facts.renamed_uses = identifiers(without_erasable_mentions(src)), renamed_in_uses(src)
        facts.erasable_mentions = facts.mentions - left - {a for x, a in facts.renamed_uses.items() if x in left}
    facts.project_uses = project_uses(src) if b"use crate::" in src or b"use super::" in src else {}
    if not needs_index(src):
        facts.param_only_mentions = param_only_mentions(src, None)
        return facts
    if tree is None:
        tree = parse(src)
    facts.own_items, nested, renamed = module_bindings(tree.root_node, src)
    facts.project_uses.update(nested)
    facts.aliases += renamed
    items = (sorted((n for k in GENERIC_ITEMS for n in nodes.get(k, [])), key=lambda n: n.start_byte)
             if nodes is not None else capture(_ITEMS_Q, tree.root_node, "item"))
    if b"macro_rules!" in src:
        facts.expr_macros, facts.type_macros, facts.other_macros = expression_macros(tree.root_node)
    facts.crate_imports = {m.decode() for u in _CRATE_USE.findall(src) for m in _TRAIT_NAME.findall(u)}
    renamed = renamed_imports(tree.root_node, None, api.BACKEND_TRAITS) if b" as " in src else {}   # (`Backend as X`)
    for item in items:
        kind = item.type
        name_node = item.child_by_field_name("name")
        name = text(name_node) if name_node is not None else ""
        if kind == "function_item" and name:
            body = text(item.child_by_field_name("body"))
            facts.fn_calls.setdefault(name, set()).update(_CALLED.findall(body))
            note_inferred_device(item, name, body, facts)
            if api.TRAINING_CALLS.search(body) or api.TRAINING_NAME.search(name):
                facts.training_fns.add(name)
            elif ".forward(" in body and ".valid()" not in body and generic_params(item):
                facts.forward_only_fns.add(name)
        if kind == "type_item" and name and item.child_by_field_name("type_parameters") is not None:
            alias_params(item, name, facts)
        if kind in ("struct_item", "enum_item", "union_item", "trait_item", "type_item") and name and not associated(item):
            facts.defined_types.add(name)
        if kind == "trait_item":
            sup = renamed_bound_names(item.child_by_field_name("bounds"), renamed)
            facts.traits.append((name, tuple(sup)))
        if kind == "type_item" and (not generic_params(item) or generic_backend_alias(item)):
            target = item.child_by_field_name("type")
            if target is not None:
                head = last_segment(target)
                args: tuple[str, ...] = ()
                if target.type == "generic_type":
                    ta = target.child_by_field_name("type_arguments")
                    if ta is not None:
                        args = tuple(last_segment(a) or text(a) for a in named_args(ta))
                public = any(c.type == "visibility_modifier" for c in item.children)
                facts.aliases.append(AliasFacts(name, head, args, public, text(target)))
        params: list[tuple[str, tuple[str, ...], bool]] = []
        bounds_by_name: dict[str, list[str]] = {}
        wc = where_clause(item)
        if wc is not None:
            for pred in named_args(wc):
                left = pred.child_by_field_name("left") if pred.type == "where_predicate" else None
                if left is not None and left.type == "type_identifier":
                    bounds_by_name.setdefault(text(left), []).extend(renamed_bound_names(b := pred.child_by_field_name("bounds"), renamed) + burn_path_bounds(b))
        uses: dict[str, list] = {}
        for p in generic_params(item):
            pname = text(p.child_by_field_name("name"))
            if p.type == "const_parameter":
                params.append((pname, (), True))
                continue
            names = renamed_bound_names(b := p.child_by_field_name("bounds"), renamed) + burn_path_bounds(b) + bounds_by_name.get(pname, [])
            params.append((pname, tuple(names), False))
            if any(n in api.BACKEND_TRAITS for n in names):
                facts.idiom_021 = True
                u = param_uses(item, pname, p)
                if u:
                    uses[pname] = u
        if params and kind != "impl_item":
            value_params: tuple[str, ...] = ()
            if kind.startswith("function"):
                plist = item.child_by_field_name("parameters")
                value_params = tuple(text(p.child_by_field_name("type")) for p in named_args(plist)
                                     if p.type == "parameter") if plist is not None else ()
            facts.items.append(ItemFacts(kind, name, fn_owner(item) if kind.startswith("function") else "", params,
                                         value_params, uses))
        elif params and uses:  # an impl: its self type keeps the parameter when the impl must
            facts.items.append(ItemFacts(kind, last_segment(item.child_by_field_name("type")), "", params, (), uses))
        backend_params = {p for p, bounds, const in params if not const and any(b in api.BACKEND_TRAITS for b in bounds)}
        if kind == "struct_item" and backend_params:
            body = item.child_by_field_name("body")
            if body is not None and body.type == "field_declaration_list":
                for fd in named_args(body):
                    if field_name := autodiff_field(fd, params):   # (`pub device: B::Device`, `B: AutodiffBackend`)
                        facts.autodiff_device_fields.setdefault(name, set()).add(field_name)
                    if names := backend_marker(fd, backend_params):   # (`_b: PhantomData<fn() -> B>`)
                        facts.phantom_fields.setdefault(name, []).append((text(fd.child_by_field_name("name")), names))
    facts.param_only_mentions = param_only_mentions(src, tree)
    return facts


def merge(all_facts: list[FileFacts]) -> ProjectIndex:
    """The project index: merged by name, with a view of its own for each crate that defines a
    name another crate defines too (units.py)."""
    idx = merge_by_name(all_facts)
    idx.workspace_default_fns = frozenset(idx.default_fns)
    idx.unit_views, idx.file_units = unit_views(all_facts, idx, merge_by_name)
    return idx


def merge_by_name(all_facts: list[FileFacts], seed: dict | None = None) -> ProjectIndex:
    """Every file's facts merged by name. With `seed` (a unit's view, units.py: the
    workspace's by-name facts less the names the unit defines itself) only the unit's files are
    merged onto it, and what is per file anyway (each file's aliases, mentions) is left out."""
    idx = ProjectIndex(**seed) if seed is not None else ProjectIndex()
    exprs = frozenset(m for f in all_facts for m in f.expr_macros)
    types = frozenset(m for f in all_facts for m in f.type_macros)
    other = frozenset(m for f in all_facts for m in f.other_macros) | (exprs & types)
    idx.expr_macros, idx.type_macros, idx.other_macros = exprs - other, types - other, other
    training = {n for f in all_facts for n in f.training_fns}
    calls: dict[str, set[str]] = {}
    for n, c in ((n, c) for f in all_facts for n, c in f.fn_calls.items()):
        calls.setdefault(n, set()).update(c)
    idx.default_fns = default_fns(all_facts, calls, idx.default_fns)   # (fns making a device by inference; a unit's own too)
    while more := {n for n, c in calls.items() if n not in training and c & training}:
        training |= more   # (a fn that calls a training fn trains too)
    for f in all_facts:
        idx.defined_types, idx.project_names = idx.defined_types | f.defined_types, idx.project_names | f.defined_names
        idx.module_types |= f.module_types
        for n, pos in f.generic_value_fns.items():   # a name with two signatures is nobody's
            idx.generic_value_fns[n] = pos if idx.generic_value_fns.get(n, pos) == pos else frozenset()
        idx.config_types.update(f.config_types)
        if (module := module_path(f.path)) is not None:   # (read by a call through the module's path)
            idx.module_fn_returns.setdefault(module, {}).update(f.fn_returns)
            idx.module_fn_devices.setdefault(module, {}).update(f.fn_devices)
            idx.module_default_bodied.setdefault(module, set()).update(f.default_fns_here)
        idx.dataset_types, idx.to_f32_fns = idx.dataset_types | f.dataset_types, idx.to_f32_fns | f.to_f32_fns
        idx.pytorch_weight_files |= {f.path} if f.pytorch_weights else set()
        idx.recorder_extensions_named |= f.recorder_extensions
        merge_assoc_facts(idx.device_params, idx.assoc_returns_self, f)
        idx.autodiff_device_fields.update({n: idx.autodiff_device_fields.get(n, set()) | fs for n, fs in f.autodiff_device_fields.items()})
        for key in f.saved_paths:
            idx.record_saves.setdefault(key, set()).add(package_of(f.unit if f.unit is not None else unit_of(f.path)))
        idx.forward_only_fns |= f.forward_only_fns - training
        idx.idiom_021_files |= {f.path} if f.idiom_021 else set()
        idx.type_aliases |= {a.name for a in f.aliases} | set(f.alias_params) | f.optimizer_aliases | f.backend_param_aliases
    # project traits that extend a backend trait (transitively): backend extensions (R19)
    traits = {name: sup for f in all_facts for name, sup in f.traits}
    idx.shadowing_traits = {name for name, sup in traits.items()
                            if name in api.BACKEND_TRAITS and not any(s in api.BACKEND_TRAITS for s in sup)}
    backendish = set(api.BACKEND_TRAITS)
    autodiff = set(api.AUTODIFF_TRAITS)
    changed = True
    while changed:
        changed = False
        for name, sup in traits.items():
            if name not in backendish and any(s in backendish for s in sup):
                backendish.add(name)
                idx.extension_traits.add(name)
                changed = True
            if name not in autodiff and any(s in autodiff for s in sup):
                autodiff.add(name)
                idx.autodiff_extension_traits.add(name)
                changed = True
    # backend aliases, resolved transitively, crate-wide and where a file's own differ (alias_resolution.py)
    defs = alias_definitions(all_facts)
    idx.backend_aliases = resolved = resolve_aliases(defs, idx.defined_types)
    if seed is None:
        idx.file_aliases, idx.shadowed_aliases = file_aliases(all_facts, defs, idx.defined_types, resolved)
    # items with a backend parameter (not counting a `Backend` the file defines or imports from the project)
    for f in all_facts:
        shadowed = ({n for n, _ in f.traits} | f.crate_imports) & idx.shadowing_traits
        module = module_path(f.path)
        for it in f.items:
            if it.kind == "impl_item":
                continue
            position, sig = 0, (set[tuple[int, int]](), set[int](), False, False)   # FnSig's fields
            for pname, bounds, is_const in it.params:
                if not is_const and any((b in backendish and b not in shadowed) or   # `burn::X`: a burn path, never shadowed
                                        (b.startswith("burn::") and b[6:] in backendish) for b in bounds):
                    n = len(it.params)
                    if it.kind.startswith("function") and any(b in idx.extension_traits for b in bounds):
                        idx.kept_fns.add(it.name)   # (kept for its extension trait: callers keep their argument)
                        sig = ({(position, n)}, set(), False, True)   # (a call through its path keeps it too)
                        break
                    if it.kind.startswith("function"):
                        idx.user_fns.setdefault(it.name, set()).add((position, n))
                        ad = any(b.removeprefix("burn::") in autodiff for b in bounds)
                        idx.autodiff_fns |= {it.name} if ad else set()
                        device = re.compile(rf"&?\s*(?:{re.escape(pname)}|<{re.escape(pname)} as \w+>)::Device")
                        slots = {i for i, t in enumerate(it.value_params) if device.fullmatch(t.strip())}
                        if slots:
                            idx.device_params.setdefault(it.name, set()).update(slots)
                        sig = ({(position, n)}, slots, ad, False)
                    else:
                        idx.user_types.setdefault(it.name, (position, n))
                    break
                position += 1
            if module is not None and it.kind == "function_item" and not it.owner:
                idx.module_fns.setdefault(module, {})[it.name] = FnSig(frozenset(sig[0]), frozenset(sig[1]), sig[2], sig[3], frozenset(
                    i for i, (_, bounds, _) in enumerate(it.params) if "Optimizer" in bounds))
        for struct, fields in f.phantom_fields.items():
            idx.phantom_fields.setdefault(struct, set()).update(fname for fname, _ in fields)
    for f in all_facts:  # left as they are (backend-device-type's finding): their uses keep their arguments
        for a in f.backend_param_aliases:
            idx.kept_types.add(a)
            idx.user_types.pop(a, None)
    keep_macro_turbofish_fns(idx, all_facts)
    items = [it for f in all_facts for it in f.items]
    size = -1
    while size != (size := len(idx.kept_types) + len(idx.kept_fns) + len(idx.op_kept_types) + len(idx.op_kept_fns)):
        keep_both_or_neither(idx, items)   # (an op-kept set keeps the types it names: their users follow)
        mark_op_kept(idx, items)
    alias_backend_params(idx, all_facts)
    idx.device_aliases, idx.device_alias_backends = device_aliases(all_facts, idx.backend_aliases)
    idx.device_types_named = {n for f in all_facts for n in f.mentions if n in api.BACKEND_DEVICE_TYPES}
    if seed is None:
        idx.file_words = {f.path: (f.words, f.child_mods) for f in all_facts}
    names = idx.interesting_names() if seed is None else set()
    for f in all_facts:
        for n in f.mentions & names:
            idx.mentions.setdefault(n, set()).add(f.path)
            if n not in f.erasable_mentions and n not in f.param_only_mentions:
                idx.sticky_mentions.setdefault(n, set()).add(f.path)
    return idx

