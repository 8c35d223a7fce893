"""Generic fns that make a device whose backend their caller's types choose (issue 26 item 1).

A generic fn's `Default::default()` device (or `B::Device::default()`, a DataLoaderBuilder's) is
built for whatever backend its caller instantiates it with; after migration it is
`Device::default()`. A concrete backend named where such a fn is called chooses that device, so
codemods/_device_reach.py never decides a drop whose fn calls one. Read per fn in pass 1 (the
fn's name, the bounds of its and its impl's parameters) and closed over calls by name in the
merge: a backend-generic fn calling one makes one too.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.file_facts import FileFacts
from burnmigrate.rust.fn_sigs import returns_own_type
from burnmigrate.rust.generics import bound_names, generic_params, where_clause
from burnmigrate.rust.syntax import ancestors, capture, last_segment, required_child, text

# a value whose type the surrounding types choose (read as text first, then by the tree)
# (`<B::Device as Default>::default()`, `<<B as BackendTypes>::Device as Default>::default()`: the same
# call written through the trait, reading 27)
INFERRED_DEVICE = re.compile(r"(?:(?:std|core)::default::)?Default::default|<_>::default|unwrap_or_default|Device::default|Device::from_id"
                             r"|<[^;{}()]*?as\s*(?:(?:std|core)::default::)?Default\s*>\s*::\s*default")
# a device its backend type makes: `B::Device::default()`, `B::Device::from_id(id)` (the caller's `run::<Flex>(..)` chose it)
_TYPE_MADE = ("Device::default", "Device::from_id")
# `Tensor::from(v)` is `Tensor::from_data(v.into(), &Default::default())` (burn-tensor 0.21.0 and
# 0.22.1 `tensor/api/base.rs`): a device its type's backend chooses, like a written default
TENSOR_FROM = re.compile(r"(?:[\w:]*::)?Tensor(?:::<[^()]*>)?::from")


def note_inferred_device(item: Node, name: str, body: str, facts: FileFacts) -> None:
    """Record fn `item`'s parameter bounds (its own and its impl's) and whether it makes such a device."""
    impl = next((a for a in ancestors(item) if a.type == "impl_item"), None)
    bounds = {b for holder in (item, impl) if holder is not None for p in generic_params(holder)
              for b in bound_names(p.child_by_field_name("bounds"))}
    bounds |= {b for holder in (item, impl) if holder is not None and (w := where_clause(holder)) is not None
               for pred in w.named_children for b in bound_names(pred.child_by_field_name("bounds"))}
    if impl is not None and impl.child_by_field_name("trait") is None:
        key = f"{last_segment(impl.child_by_field_name('type'))}::{name}"
        facts.assoc_returns_self[key] = facts.assoc_returns_self.get(key, True) and returns_own_type(item, impl)
        slots = _impl_device_slots(item, impl)
        if slots:
            facts.assoc_device_params[key] = slots
    if bounds:
        facts.generic_fns[name] = frozenset(bounds) | facts.generic_fns.get(name, frozenset())
        if api.dataloader_default_device(body) or (INFERRED_DEVICE.search(body) and _makes_inferred_device(item)):
            facts.default_fns.add(name)


def _impl_device_slots(fn: Node, impl: Node) -> frozenset[int]:
    """The value parameters of a method of `impl<B: Backend> Type<B>` typed by B's device (`&B::Device`,
    `&<B as Backend>::Device`, `&Device<B>`): a call `Type::<Flex>::new(cfg, &Default::default())` in
    another file passes its device there (a `self` method has none of these counted)."""
    backends = [text(p.child_by_field_name("name")) for p in generic_params(impl) if p.type == "type_parameter"
                and set(bound_names(p.child_by_field_name("bounds"))) & api.BACKEND_TRAITS]
    params = fn.child_by_field_name("parameters")
    if not backends or params is None:
        return frozenset()
    device = param_device_type(backends)
    values = [p for p in params.named_children if p.type == "parameter"]
    return frozenset(i for i, p in enumerate(values) if device.fullmatch(text(p.child_by_field_name("type")).strip()))


def param_device_type(params) -> re.Pattern[str]:
    """The device type of one of the backend parameters `params` as written: `B::Device`,
    `&B::Device`, `&<B as Backend>::Device`, `Device<B>` (with its path)."""
    alt = "|".join(map(re.escape, params))
    return re.compile(rf"&?\s*(?:(?:{alt})::Device|<\s*(?:{alt})\s+as\s+[\w:]+\s*>::Device|(?:[\w:]*::)?Device\s*<\s*(?:{alt})\s*>)")


def merge_assoc_facts(device_params: dict[str, set[int]], returns_self: dict[str, bool], facts: FileFacts) -> None:
    """Pass 1's `Type::fn` device parameters and self returns into the index's (two such types
    that differ say nothing: no parameter, not `Self`)."""
    for key, slots in facts.assoc_device_params.items():
        device_params[key] = set(slots) if device_params.get(key, set(slots)) == set(slots) else set()
    for key, own in facts.assoc_returns_self.items():
        returns_self[key] = returns_self.get(key, True) and own


def makes_inferred_device(item: Node) -> str:
    """The first device-making `Default::default()` / `.unwrap_or_default()` an item's fns write
    (`B::Device::default()` left out: backend-device-type reviews it), '' if none."""
    fns = [item] if item.type == "function_item" else capture("(function_item) @f", item, "f")
    for fn in fns:
        found = _inferred_call(fn, with_device_default=False)
        if found:
            return found
    return ""


def _makes_inferred_device(fn) -> bool:
    # (a `Tensor::from` is reviewed where its fn is erased, not at every caller: the callers are
    # found by name, and a name like `init` or `new` would take in half the project)
    return bool(_inferred_call(fn, with_from=False))


DEVICE_WORD = re.compile(r"(?i)dev")   # a name that says device (when nothing else does)
_TURBOFISH_ARGS = re.compile(r"::\s*<([^()]*)>")


def _own_params(fn: Node) -> set[str]:
    """The type parameters `fn` sees: its own and its impl's."""
    impl = next((a for a in ancestors(fn) if a.type == "impl_item"), None)
    return {text(p.child_by_field_name("name") or p) for holder in (fn, impl) if holder is not None
            for p in generic_params(holder)}


def _inferred_call(fn, with_device_default: bool = True, with_from: bool = True) -> str:
    """Does the fn's body make a value whose type the types around it choose: a
    `Default::default()` that no struct literal's field or typed `let` types, `X::Device::default()`,
    `.unwrap_or_default()`? (Read for the index: a generic fn's caller chooses that type.)"""
    body = fn.child_by_field_name("body")
    for n in capture("(call_expression function: (_) @f) @c", body, "c") if body is not None else ():
        f = text(n.child_by_field_name("function")).replace(" ", "")
        if (f.endswith(".unwrap_or_default") and DEVICE_WORD.search(f)) or (with_device_default and f.endswith(_TYPE_MADE)):
            return text(n)   # (`devices().into_iter().next().unwrap_or_default()`; not any Option's default)
        if with_from and tensor_from(n):
            typed = fish.group(1) if (fish := _TURBOFISH_ARGS.search(f)) is not None else \
                text(t) if n.parent is not None and n.parent.type == "let_declaration" \
                and (t := n.parent.child_by_field_name("type")) is not None else None
            if typed is None or _own_params(fn) & set(re.findall(r"\w+", typed)):
                return text(n)   # (`Tensor::<Flex, 1>::from(v)`: typed by its own call, Flex's default)
            continue
        if with_from and into_call(n) \
                and (into := into_tensor(fn, n)) is not None and _own_params(fn) & set(re.findall(r"\w+", text(into))):
            return text(n)   # `[1.0, 2.0].into()` into a `Tensor<B, 1>`: `Tensor::from`
        if not INFERRED_DEVICE.fullmatch(f) or f.endswith(_TYPE_MADE):
            continue
        holder = n.parent.parent if n.parent is not None and n.parent.type == "reference_expression" else n.parent
        if holder is not None and (holder.type in ("field_initializer", "base_field_initializer") or (
                holder.type == "let_declaration" and holder.child_by_field_name("type") is not None)):
            continue
        call = holder.parent if holder is not None and holder.type == "arguments" else None
        fish = _TURBOFISH_ARGS.search(text(call.child_by_field_name("function"))) if call is not None else None
        if fish is not None and not _own_params(fn) & set(re.findall(r"\w+", fish.group(1))):
            continue   # `Tensor::<Flex, 1, Int>::from_data(.., &Default::default())`: typed by its own call
        return text(n)
    return ""


_TENSOR_TYPE = re.compile(r"&?\s*(?:[\w:]*::)?Tensor\s*<")


def tensor_from(call: Node) -> bool:
    """Is `call` `Tensor::from(v)` (`Tensor::<X, 1>::from(v)`, `burn::tensor::Tensor::from(v)`)?"""
    f = call.child_by_field_name("function")
    return f is not None and TENSOR_FROM.fullmatch(text(f).replace(" ", "")) is not None \
        and len(required_child(call, "arguments").named_children) == 1


def into_call(call: Node) -> bool:
    """Is `call` `x.into()`?"""
    f = call.child_by_field_name("function")
    return f is not None and text(f).replace(" ", "").endswith(".into") \
        and not required_child(call, "arguments").named_children


def into_tensor(fn: Node, call: Node) -> Node | None:
    """Does `call` (`x.into()`) become a tensor: the value of a `let` typed `Tensor<..>`, or what
    `fn` returns (its tail or a `return`) when its return type is one? Its `From` is
    `Tensor::from`, which builds on the default device of the backend the type names. The type
    written, or None."""
    holder = call.parent
    if holder is not None and holder.type == "let_declaration" and holder.child_by_field_name("value") == call:
        annotated = holder.child_by_field_name("type")
        return annotated if annotated is not None and _TENSOR_TYPE.match(text(annotated)) else None
    ret = fn.child_by_field_name("return_type")
    if ret is None or not _TENSOR_TYPE.match(text(ret)):
        return None
    body = fn.child_by_field_name("body")
    tail = body.named_children[-1] if body is not None and body.named_children else None
    returned = (holder is not None and holder.type == "return_expression") or (tail is not None and tail.id == call.id)
    return ret if returned else None


def default_fns(all_facts: list[FileFacts], calls: dict[str, set[str]], known: set[str]) -> set[str]:
    """The backend-generic fns (by name) that make a device by inference, directly or through a
    backend-generic callee (a fixpoint over `calls`, fn → the names it calls), `known` ones
    (other crates') included."""
    backendish = set(api.BACKEND_TRAITS)
    while more := {n for f in all_facts for n, sup in f.traits if n not in backendish and backendish.intersection(sup)}:
        backendish |= more   # (the project's backend extension traits, transitively)
    generic = {n for f in all_facts for n, b in f.generic_fns.items() if b & backendish}
    found = set(known) | ({n for f in all_facts for n in f.default_fns} & generic)
    while more := {n for n, c in calls.items() if n in generic and n not in found and c & found}:
        found |= more
    return found


def autodiff_field(field: Node, params: list[tuple[str, tuple[str, ...], bool]]) -> str:
    """The name of a struct's field typed by the device of a parameter bounded by `AutodiffBackend`
    (`pub device: B::Device`, `Device<B>`), '' for any other: its values were an autodiff
    backend's device in 0.21, so a 0.21 device value written there is made `.autodiff()`."""
    ad = [p for p, bounds, const in params if not const and set(bounds) & api.AUTODIFF_TRAITS]
    ty, name = field.child_by_field_name("type"), field.child_by_field_name("name")
    if not ad or ty is None or name is None:
        return ""
    return text(name) if param_device_type(ad).fullmatch(text(ty)) else ""
