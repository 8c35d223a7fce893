"""Device values and types named through something else: a backend's own device value named
through `Device<X>` (`Device::<X>::Mps`), a device alias's uses, a type test of a device type.

0.21's `Device<B>` was `B::Device`, so `Device::<LibTorch>::Mps` is `LibTorchDevice::Mps` and
`Device::<Cuda>::new(1)` is `CudaDevice::new(1)`. Dropping only the argument leaves
`Device::Mps` (E0599: 0.22.1's `Device` is a struct with constructors); the value becomes that
device's 0.22.1 constructor, as backend-device-value writes the device type's own value, made
autodiff for an autodiff backend (as `Device::<Autodiff<X>>::default()` is).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import defined_once, parameter, resolve
from burnmigrate.rust.syntax import descendants, enclosing, last_segment, named_args, required_child, text

from ._backend_choice import backend_base, checkpointing, device_backend
from ._callees import burns
from ._device_values import SlotBackend, device_constructor, device_names, for_backend, own_definition


@dataclass(frozen=True)
class Variant:
    backend: Node        # X, read at its own definition (an alias's target)
    new: str | None      # its 0.22.1 constructor, the head as written; None: no constructor is known
    base: str            # the backend (`LibTorch`)
    autodiff: bool

    @property
    def names(self) -> set[str]:
        """The burn names `new` needs in scope besides its head."""
        return device_names(self.new or "") - {"Device"}


def variant_value(gt: Node) -> Node | None:
    """The value `Device::<X>` (`gt`) is the head of: `Device::<X>::Mps`, or the call
    `Device::<X>::Cuda(0)`; None where `gt` heads no path or names `default` (0.22.1's `Device`
    has `default` too: _device_origin decides it)."""
    path = gt.parent
    if path is None or path.type != "scoped_identifier" or path.child_by_field_name("path") != gt \
            or text(path.child_by_field_name("name")) == "default":
        return None
    call = path.parent
    if call is not None and call.type == "call_expression" and call.child_by_field_name("function") == path:
        return call
    return path


def device_variant(ctx: FileContext, value: Node) -> Variant | None:
    """What `value` (`Device::<X>::Mps` / `Device::<X>::Cuda(0)`, X one concrete backend or the
    project's alias of one, `Device` burn's) is in 0.22.1; None for anything else."""
    path = value.child_by_field_name("function") if value.type == "call_expression" else value
    if path is None or path.type != "scoped_identifier":
        return None
    gt = path.child_by_field_name("path")
    if gt is None or gt.type not in ("generic_type", "generic_type_with_turbofish") or variant_value(gt) is None:
        return None
    head, ta = gt.child_by_field_name("type"), gt.child_by_field_name("type_arguments")
    args = named_args(ta) if ta is not None else []
    if head is None or last_segment(head) != "Device" or "Device" in ctx.index.defined_types \
            or len(args) != 1 or not burns(ctx, head) \
            or ctx.scope.backend_kind(args[0], ctx.scope.in_scope(gt)) not in ("concrete", "alias"):
        return None
    own = own_definition(ctx, args[0])
    base = device_backend(ctx, backend_base(ctx, own))
    autodiff = ctx.scope.is_autodiff_type(own, ctx.scope.in_scope(own))
    ty = api.DEVICE_TYPE_OF.get(base)
    values = [text(a) for a in named_args(required_child(value, "arguments"))] if value.type == "call_expression" else []
    made = device_constructor(ctx, ty, text(path.child_by_field_name("name")), values) if ty is not None else None
    new = for_backend(made[0], ty, SlotBackend(base, autodiff, checkpointing(ctx, text(own)))) \
        if made is not None and not made[1] and base in api.DEFAULT_DEVICE else None
    return Variant(own, text(head) + new[len("Device"):] if new else None, base, autodiff)   # (`burn::tensor::Device::..`)


FROM_DEFAULT = ("`{written}` took the default device of `{backend}` in 0.21; 0.22.1's `Tensor::from` takes "
                "`Device::default()`, picked at run time (`BURN_DEVICE`, then the enabled backends' order: "
                "pitfall 5): write `Tensor::from_data(.., &device)` with a device built for that backend.")


def implicit_default(gt: Node) -> Node | None:
    """The call `Tensor::<X, 2>::from(value)` whose path `gt` heads: 0.21 built it on X's default
    device, 0.22.1's `From` on `Device::default()` (burn-tensor 0.22.1 `tensor/api/base.rs`:
    `Tensor::from_data(value.into(), &Default::default())`). None for anything else."""
    path = gt.parent
    head = gt.child_by_field_name("type")
    if path is None or path.type != "scoped_identifier" or path.child_by_field_name("path") != gt \
            or text(path.child_by_field_name("name")) != "from" or head is None or last_segment(head) != "Tensor":
        return None
    call = path.parent
    if call is None or call.type != "call_expression" or call.child_by_field_name("function") != path \
            or len(named_args(required_child(call, "arguments"))) != 1:
        return None
    return call


def alias_uses(ctx: FileContext, t: Node, per_cfg: bool = False) -> list[Node]:
    """When `t` is the whole target of a type alias (`type TestDevice = FlexDevice;`), the alias's
    uses in type position that resolve to it as rustc does: each typed what `t` typed. With
    `per_cfg`, those of an alias defined once per `#[cfg]` build instead (typed by whichever is
    built), read at its first definition."""
    item = t.parent
    if item is None or item.type != "type_item" or item.child_by_field_name("type") != t \
            or item.child_by_field_name("type_parameters") is not None or defined_once(item) == per_cfg:
        return []   # (one definition per `#[cfg]` build: its uses are typed by whichever is built)
    name = text(required_child(item, "name"))
    siblings = item.parent.named_children if item.parent is not None else []
    if per_cfg and any(c.type == "type_item" and text(c.child_by_field_name("name")) == name
                       and c.start_byte < item.start_byte for c in siblings):
        return []   # (the first definition speaks for them all)
    return [n for n in ctx.nodes("type_identifier") if n.start_byte >= item.end_byte or n.end_byte <= item.start_byte
            if text(n) == name and (found := resolve(n, name, ctx.use_declarations())).kind == "item"
            and found.node is not None and (found.node.id == item.id or (per_cfg and found.node.type == "type_item"))]


_TYPE_TESTS = frozenset({"downcast_ref", "downcast_mut", "downcast", "is", "of"})


def type_test(t: Node) -> Node | None:
    """The call when `t` is the type argument of a runtime type test (`x.downcast_ref::<T>()`,
    `x.is::<T>()`, `TypeId::of::<T>()`): there the device type is what is asked, and `Device`
    would make the test always true."""
    args = t.parent
    if args is None or args.type != "type_arguments":
        return None
    generic = args.parent
    if generic is None or generic.type != "generic_function":
        return None
    fn = generic.child_by_field_name("function")
    name = fn.child_by_field_name("field") if fn is not None and fn.type == "field_expression" else \
        fn.child_by_field_name("name") if fn is not None and fn.type == "scoped_identifier" else fn
    call = generic.parent
    if name is None or text(name) not in _TYPE_TESTS or call is None or call.type != "call_expression":
        return None
    return call



_PATTERN_MACROS = frozenset({"matches", "assert_matches", "debug_assert_matches"})
_MATCHES = re.compile(r"^\(\s*[&*]*\s*([A-Za-z_][\w.]*)\s*,\s*(?:[\w:]*::)?(\w+)\s*::\s*\w+")
VARIANT_NOTE = ("0.22.1's `Device` is one struct for every backend, with no variants (burn-tensor 0.22.1 "
                "`device.rs`), and cubecl 0.11's `WgpuDevice` is a struct too (its `kind`): compare with a "
                "constructor (`device == &Device::wgpu(DeviceKind::DiscreteGpu(0))`; equality ignores "
                "autodiff) or match `device.as_dispatch()` (the `extension` feature). The value matched keeps "
                "its 0.21 type here, so a caller that now holds a `Device` converts it by hand.")


def variant_patterns(ctx: FileContext, device_type) -> list[tuple[Node, str, str]]:
    """Where the code matches a 0.21 device value against its variants (a `match` arm, an `if
    let`, `matches!(device, WgpuDevice::Existing(_))`): (the pattern or the macro, the device
    type, the name matched when it is a plain name). `device_type(node)` names the 0.21 device
    type a path head is, or ''. Such a value has no 0.22.1 form to rewrite: it is left."""
    out = []
    for p in ctx.nodes("match_pattern", "let_condition"):
        heads = [d for d in descendants(p) if d.type == "scoped_identifier"
                 and d.parent is not None and d.parent.type != "scoped_identifier"]
        ty = next((t for h in heads if (t := device_type(h.child_by_field_name("path")))), "")
        if not ty:
            continue
        holder = p.parent.parent.parent if p.type == "match_pattern" and p.parent is not None \
            and p.parent.parent is not None else p   # (match_arm → match_block → match_expression)
        value = holder.child_by_field_name("value") if holder is not None else None
        pattern = p.child_by_field_name("pattern") if p.type == "let_condition" else p
        out.append((pattern or p, ty, _plain(value)))
    # `matches!(d, X::Y)`: a macro, or in the expression view the call `matches_(d,      )` whose
    # pattern is blanked (rust/macros.py): read from the file's own text
    calls = [(m, next((c for c in m.named_children if c.type == "token_tree"), None)) for m in ctx.nodes("macro_invocation")
             if last_segment(m.child_by_field_name("macro")) in _PATTERN_MACROS]
    calls += [(c, c.child_by_field_name("arguments")) for c in ctx.nodes("call_expression")
              if text(c.child_by_field_name("function")).removesuffix("_") in _PATTERN_MACROS
              and text(c.child_by_field_name("function")).endswith("_")]
    for m, tt in calls:
        found = _MATCHES.match(ctx.file_text(tt)) if tt is not None else None
        if found is not None and found.group(2) in api.BACKEND_DEVICE_TYPES:
            out.append((m, found.group(2), found.group(1) if found.group(1).isidentifier() else ""))
    return out


def variant_spans(ctx: FileContext, device_type) -> list[tuple[Node, str, Node | None]]:
    """`variant_patterns`, each with the type of the parameter its plain name is (the matched
    value's type, left with it), or None."""
    out = []
    for pattern, ty, name in variant_patterns(ctx, device_type):
        fn = enclosing(pattern, ("function_item",))
        param = parameter(fn, name) if fn is not None and name else None
        out.append((pattern, ty, param.child_by_field_name("type") if param is not None else None))
    return out


def _plain(value: Node | None) -> str:
    """`device`, `&device`, `*device` → `device`; '' for anything else."""
    while value is not None and value.type in ("reference_expression", "unary_expression", "parenthesized_expression"):
        value = value.named_children[-1] if value.named_children else None
    return text(value) if value is not None and value.type == "identifier" else ""
