"""Generic aliases whose parameter is the backend: `type Net<B> = Model<B>;` bounds nothing, but
its `B` is only ever the backend argument of types that lose it, so the alias loses it too (issue
25 item 10). Pass 1 records where each unbounded alias parameter appears (`alias_params`); once
every file is indexed, `alias_backend_params` decides."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.generics import generic_params
from burnmigrate.rust.syntax import capture, last_segment, named_args, text

Places = list[tuple[str, int] | None]   # where the aliased type names a parameter: (head, argument index) or None


class FileFacts(Protocol):   # (the index's own, as far as this module reads it: no import cycle)
    backend_param_aliases: set[str]
    defined_types: set[str]
    optimizer_aliases: set[str]
    alias_params: dict[str, list[tuple[str, int, int, Places]]]


class AliasFileFacts(Protocol):
    aliases: list


class ProjectIndex(Protocol):
    kept_types: set[str]
    optimizer_aliases: set[str]
    user_types: dict[str, tuple[int, int]]
    alias_backend_params: dict[str, str]


def alias_params(item: Node, name: str, facts: FileFacts) -> None:
    """Where a generic alias's unbounded type parameters appear in the aliased type; an alias
    whose parameter is a backend by its body (`type Dev<B> = <B as Backend>::Device`) is left as it
    is (backend-device-type's finding), so it is recorded apart."""
    target = item.child_by_field_name("type")
    params = generic_params(item)
    body = text(target)
    if target is not None and target.type == "generic_type" and last_segment(target.child_by_field_name("type")) in api.REPLACED_WHOLE:
        facts.optimizer_aliases.add(name)   # every parameter goes with the type (module-optimizer), `<B as ..>` in it too
        return
    for p in params:
        pn = text(p.child_by_field_name("name"))
        if re.search(r"<\s*" + re.escape(pn) + r"\s+as\s+[\w:]*(?:Backend|BackendTypes)\s*>", body):
            facts.backend_param_aliases.add(name)
            return
    if target is None:
        return
    out = []
    for position, p in enumerate(params):
        if p.type not in ("type_identifier", "type_parameter") or p.child_by_field_name("bounds") is not None:
            continue
        pname = text(p.child_by_field_name("name") or p)
        places: Places = []
        for n in capture(f'((type_identifier) @n (#eq? @n "{pname}"))', target, "n") if pname.isidentifier() else []:
            args = n.parent
            owner = args.parent if args is not None and args.type == "type_arguments" else None
            if args is None or owner is None or owner.type != "generic_type":
                places.append(None)
                continue
            positional = [a for a in named_args(args) if a.type not in ("lifetime", "type_binding")]
            places.append((last_segment(owner.child_by_field_name("type")), next(i for i, a in enumerate(positional) if a.id == n.id)))
        out.append((pname, position, len(params), places))
    if out:
        facts.alias_params[name] = out


def alias_backend_params(idx: ProjectIndex, all_facts: Sequence[FileFacts]) -> None:
    """A generic alias's parameter that is only ever the backend argument of types that lose it
    (burn's generic types at their first argument, the project's at their backend position, other
    such aliases) is a backend parameter: the alias loses it too, and its uses their argument.
    Iterated: an alias of an alias."""
    aliases = {n: ps for f in all_facts for n, ps in f.alias_params.items()}
    # (a name the project defines twice, `struct Opt<T>` in another module, is not rewritten by name)
    defined = Counter(n for f in all_facts for n in f.defined_types)
    idx.optimizer_aliases = {n for f in all_facts for n in f.optimizer_aliases if defined[n] <= 1}
    changed = True
    while changed:
        changed = False
        for alias, params in aliases.items():
            if alias in idx.alias_backend_params or alias in idx.kept_types:
                continue
            for pname, position, count, places in params:
                if alias in idx.user_types and idx.user_types[alias] != (position, count):
                    continue   # (the name's struct of another `#[cfg]` takes the backend at the same place, or nothing)
                if places and all(_erased(pl, idx) for pl in places):
                    idx.alias_backend_params[alias] = pname
                    idx.user_types[alias] = (position, count)
                    changed = True
                    break


def _erased(place: tuple[str, int] | None, idx: ProjectIndex) -> bool:
    """Is this a backend argument that goes: burn's generic types take it first, the project's
    types (and inferred aliases) at their backend position."""
    if place is None:
        return False
    head, i = place
    if head in api.REPLACED_WHOLE:
        return True   # every argument goes with the type
    if head in api.BURN_GENERIC_TYPES:
        return i == 0
    return head in idx.user_types and idx.user_types[head][0] == i


def device_aliases(all_facts: Sequence[AliasFileFacts], backends: dict | None = None
                   ) -> tuple[dict[str, str], dict[str, tuple[str, bool]]]:
    """`type Dev = CudaDevice;` defined once in the crate (an alias defined twice, per `#[cfg]`,
    stands for no single device): (alias → the 0.21 device type it names, for other files'
    `Dev::new(0)` to become that backend's constructor; and for an alias written `<X as
    BackendTypes>::Device` through a backend alias or `Autodiff<..>` (`backends`: the resolved
    backend aliases), alias → (X as written, whether X is autodiff): `Dev::default()` is then
    X's constructor, `.autodiff()` where X was)."""
    seen: dict[str, set[str]] = {}
    through: dict[str, set[tuple[str, bool]]] = {}
    for f in all_facts:
        for a in f.aliases:
            named = a.head if a.head in api.BACKEND_DEVICE_TYPES and not a.args else qualified_device_type(a.target)
            via = ("", "", False) if named else backend_of_device(a.target, backends or {})
            seen.setdefault(a.name, set()).add(named or (api.DEVICE_TYPE_OF.get(via[1], "") if via[0] else ""))
            through.setdefault(a.name, set()).add((via[0], via[2]) if via[0] else ("", False))
    one = {n: next(iter(t)) for n, t in seen.items() if len(t) == 1 and next(iter(t))}
    return one, {n: next(iter(t)) for n, t in through.items() if n in one and len(t) == 1 and next(iter(t))[0]}


# `<X as BackendTypes>::Device` with any X (a backend alias, `Autodiff<Flex>`)
_ANY_QUALIFIED_DEVICE = re.compile(r"<\s*((?:[\w:]*::)?\w+\s*(?:<.*>)?)\s+as\s+(?:[\w:]*::)?(?:Backend|BackendTypes)\s*>\s*::\s*Device")


def backend_of_device(target: str, backends: dict) -> tuple[str, str, bool]:
    """(X as written, its base backend, whether it is autodiff) for `<X as BackendTypes>::Device`
    where X is a backend alias of the crate (`backends`, resolved) or `Autodiff<Y>` of a concrete
    backend or such an alias; ('', '', False) otherwise."""
    m = _ANY_QUALIFIED_DEVICE.fullmatch(target.strip())
    if m is None:
        return "", "", False
    written = " ".join(m.group(1).split())
    head = written.split("<", 1)[0].rsplit("::", 1)[-1].strip()
    if head in backends:
        return written, backends[head].base, backends[head].autodiff
    inner = re.fullmatch(r"(?:[\w:]*::)?Autodiff\s*<\s*(?:[\w:]*::)?(\w+)\s*(?:<[^<>]*>)?\s*(?:,[^<>]*)?>", written)
    if inner is None:
        return "", "", False
    name = inner.group(1)
    base = backends[name].base if name in backends else name if name in api.DEVICE_TYPE_OF else ""
    return (written, base, True) if base else ("", "", False)


# `<NdArray<f32> as BackendTypes>::Device`: a concrete backend's device type, named through its trait
_QUALIFIED_DEVICE = re.compile(r"<\s*(?:[\w:]*::)?(\w+)\s*(?:<[^<>]*>)?\s+as\s+(?:[\w:]*::)?(?:Backend|BackendTypes)\s*>"
                               r"\s*::\s*Device")


def qualified_device_type(target: str) -> str:
    """The 0.21 device type an alias's `<X as Backend>::Device` names (X a concrete backend: not
    `Autodiff<..>`, whose device value 0.22.1 makes autodiff; that one stays the erasure's), or ''."""
    m = _QUALIFIED_DEVICE.fullmatch(target.strip())
    return api.DEVICE_TYPE_OF.get(m.group(1), "") if m is not None else ""


def qualified_device(node: Node | None) -> tuple[str, Node | None]:
    """(the 0.21 device type, the backend's path node) of a type written `<NdArray<f32> as
    BackendTypes>::Device`; ('', None) for any other type."""
    named = qualified_device_type(text(node)) if node is not None else ""
    q = node.child_by_field_name("path") if named and node is not None else None
    inner = q.named_children[0] if q is not None and q.type == "bracketed_type" and q.named_children else None
    backend = inner.child_by_field_name("type") if inner is not None and inner.type == "qualified_type" else None
    if backend is not None and backend.type == "generic_type":   # `NdArray<f32>`: the backend, its element aside
        backend = backend.child_by_field_name("type")
    return (named, backend) if backend is not None else ("", None)
