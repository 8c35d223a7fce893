"""The 0.21 device a `let` holds, when its type names one backend: a backend's own device value
(`let device = LibTorchDevice::Cuda(0);`) or what a fn of this file returns whose 0.21 return
type is a backend's own device type (`let device = wgpu_device(index);` of `fn wgpu_device(index:
usize) -> WgpuDevice`). backend-device-value rewrites those values, and the fn's return values, to
that backend's 0.22.1 device, so a drop that passes the `let` is decided (issue 26 item 1).
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import descendants, enclosing, last_segment, returned_values, text

from ._backend_args import DEFAULT_VALUE
from ._callees import burns, called_item
from ._device_aliases import own_or_alias_value
from ._device_values import device_constructor, own_device_value


def returned_own_device(ctx: FileContext, value: Node) -> tuple[str | None, str]:
    """(0.21 device type, the 0.22.1 device of its first value) when `value` calls a non-generic fn
    of this file whose return type is a backend's own device type (`-> WgpuDevice`) and every value
    it returns is that type's own device value (`WgpuDevice::default()`, `WgpuDevice::DiscreteGpu(i)`,
    through `if` / `match` tails and `return`s), or `Default::default()` as the body's tail or a
    `return` (which backend-device-value makes that type's constructor: `defaults_typed_by`);
    (None, '') otherwise: a value the fn reads from elsewhere is not known to be that device."""
    fn = called_item(ctx, value) if value.type == "call_expression" else None
    ret = fn.child_by_field_name("return_type") if fn is not None else None
    body = fn.child_by_field_name("body") if fn is not None else None
    if fn is None or ret is None or body is None or fn.child_by_field_name("type_parameters") is not None \
            or ret.type not in ("type_identifier", "scoped_type_identifier"):
        return None, ""
    ty = last_segment(ret)
    if ty not in api.DEVICE_TYPE_BACKENDS or ty in ctx.index.defined_types or not burns(ctx, ret):
        return None, ""
    direct = returned_values(fn)
    last = _block_tail(body)
    tails = _tails(last) if last is not None else [] if direct else None
    if tails is None:
        return None, ""
    found: list[str] = []
    for v in [*direct, *tails]:
        if DEFAULT_VALUE.fullmatch(text(v).replace(" ", "")) and (v in direct or v == last):
            made = device_constructor(ctx, ty, "default", [])   # (typed by the return type: defaults_typed_by)
            own, new = (ty, made[0]) if made is not None and not made[1] else (None, "")
        else:
            own, new = own_device_value(ctx, v)
        if own != ty:
            return None, ""
        found.append(new)
    return (ty, found[0]) if found else (None, "")


def _block_tail(block: Node) -> Node | None:
    """The expression a block evaluates to (an `if` / `match` there is parsed as a statement
    without its `;`), None when it ends in a statement."""
    last = next((c for c in reversed(block.named_children) if not c.type.endswith("comment")), None)
    if last is not None and last.type == "expression_statement" and not text(last).rstrip().endswith(";") \
            and last.named_children:
        last = last.named_children[0]
    return None if last is None or last.type.endswith(("_statement", "_declaration", "_item")) else last


def _tails(node: Node) -> list[Node] | None:
    """The values an expression in tail position evaluates to, through blocks, `if` / `else` and
    `match` arms; None where one of them is not an expression (a block ending in a statement)."""
    if node.type == "block":
        last = _block_tail(node)
        return _tails(last) if last is not None else None
    if node.type == "if_expression":
        then, alt = node.child_by_field_name("consequence"), node.child_by_field_name("alternative")
        if then is None or alt is None or not alt.named_children:
            return None
        a, b = _tails(then), _tails(alt.named_children[0])
        return a + b if a is not None and b is not None else None
    if node.type == "match_expression":
        body = node.child_by_field_name("body")
        out: list[Node] = []
        for arm in body.named_children if body is not None else []:
            v = arm.child_by_field_name("value") if arm.type == "match_arm" else None
            got = _tails(v) if v is not None else None
            if got is None:
                return None
            out += got
        return out if out else None
    if node.type == "parenthesized_expression" and node.named_children:
        return _tails(node.named_children[0])
    return [node]


def own_device_let(ctx: FileContext, let: Node, at: Node) -> tuple[str, str] | None:
    """(backend, its 0.22.1 device) for `let device = LibTorchDevice::Cuda(0);` (the binding rustc
    resolves the device passed at `at` to) when its 0.21 type was one backend's only (`WgpuDevice`,
    which four shared, is read as Wgpu's). A `let` under `#[cfg]` counts with every earlier `let`
    of the name in scope at `at` (its `#[cfg]` alternatives, or the one seen when it is compiled
    out): each must be such a value of the same backend. Then the device passed at `at` is that
    backend's, whatever the turbofish (backend-device-value rewrites the values themselves)."""
    pat = let.child_by_field_name("pattern")
    if let.type != "let_declaration" or pat is None or pat.type != "identifier" or let.parent is None:
        return None
    name = text(pat)
    fn = enclosing(let, ("function_item", "closure_expression"))
    # a `#[cfg]`-gated binding may be compiled out: then an earlier `let` of the name that is in
    # scope at `at` (in a block holding it) is the one seen, so every such `let` counts
    group = [let] if not _cfg_gated(let) or fn is None else [
        other for other in descendants(fn)
        if other.type == "let_declaration" and other.start_byte < at.start_byte and other.parent is not None
        and other.parent.start_byte <= at.start_byte < other.parent.end_byte
        and (p := other.child_by_field_name("pattern")) is not None and text(p).removeprefix("mut ").strip() == name]
    found: set[tuple[str, str]] = set()
    for other in group:
        value = other.child_by_field_name("value")
        ty, new = own_or_alias_value(ctx, value) if value is not None else (None, "")
        if ty is None and value is not None:
            ty, new = returned_own_device(ctx, value)
        # `WgpuDevice` stands for Wgpu here: its rewrite is `Device::wgpu(..)`, Wgpu's device (a
        # Metal or Vulkan turbofish does not match it and stays review)
        backends = frozenset({"Wgpu"}) if ty == "WgpuDevice" else api.DEVICE_TYPE_BACKENDS.get(ty or "", frozenset())
        if len(backends) != 1:
            return None
        found.add((next(iter(backends)), new))
    bases = {b for b, _ in found}
    return (bases.pop(), sorted(found)[0][1]) if len(bases) == 1 else None


def _cfg_gated(item: Node) -> bool:
    """Is this statement under a `#[cfg(..)]` attribute (the attributes before it in its block)?"""
    prev = item.prev_named_sibling
    while prev is not None and (prev.type == "attribute_item" or prev.type.endswith("comment")):
        if prev.type == "attribute_item" and text(prev).replace(" ", "").startswith("#[cfg("):
            return True
        prev = prev.prev_named_sibling
    return False
