"""CubeCL's runtime setup (`init_setup::<G>(&device, ..)`, `WgpuRuntime::client(&device)`): a
device value that goes there stays the runtime's own device type (cubecl-wgpu's `WgpuDevice`),
not burn's `Device` (E0308); after the setup, burn's `Device::from(device)` is what 0.22.1's own
`Device::wgpu_options().init()` hands out."""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.syntax import descendants, enclosing, last_segment, named_args, required_child, text

from ._device_values import arg_of


def _setup_call(call: Node) -> str:
    """`init_setup::<G>(..)` or `WgpuRuntime::client(..)`: the call's head, else ''."""
    f = call.child_by_field_name("function")
    if f is not None and f.type == "generic_function":
        f = f.child_by_field_name("function")
    if f is None or f.type not in ("identifier", "scoped_identifier"):
        return ""
    path = f.child_by_field_name("path") if f.type == "scoped_identifier" else None
    if last_segment(f) in api.RUNTIME_SETUP_FNS or (path is not None and last_segment(path).endswith("Runtime")):
        return text(f)
    return ""


SETUP_NOTE = ("CubeCL's setup and runtime calls (`init_setup::<G>(&device, ..)`, `WgpuRuntime::client(&device)`) take "
               "the runtime's own device type in 0.22.1 (cubecl-wgpu 0.11's `WgpuDevice`), not burn's `Device` (E0308). "
               "burn 0.22.1 initialises wgpu itself: `let device = Device::wgpu_options().init()?;` (burn-tensor "
               "`wgpu.rs`; `.setup(..)` registers an existing wgpu device and queue) gives the `Device` the rest of the "
               "code takes (R19).")


def runtime_setup(value: Node) -> str:
    """The CubeCL setup or runtime call a device value goes to, as an argument or through the
    untyped `let` it initialises ('' when none): there it must stay the runtime's own device type
    (a burn `Device` is E0308), so it is not rewritten."""
    arg = arg_of(value)
    holder = arg.parent
    if holder is not None and holder.type == "arguments" and holder.parent is not None \
            and holder.parent.type == "call_expression" and (found := _setup_call(holder.parent)):
        return found
    let = value.parent
    pat = let.child_by_field_name("pattern") if let is not None and let.type == "let_declaration" \
        and let.child_by_field_name("value") == value else None
    fn = enclosing(value, ("function_item",))
    if let is None or pat is None or pat.type != "identifier" or fn is None:
        return ""
    for call in descendants(fn):
        if call.type != "call_expression" or call.start_byte < let.end_byte or not (found := _setup_call(call)):
            continue
        for a in named_args(required_child(call, "arguments")):
            inner = a.child_by_field_name("value") if a.type == "reference_expression" else a
            if inner is not None and text(inner).removesuffix(".clone()") == text(pat):
                return found
    return ""


def setup_shadow(value: Node) -> tuple[int, str, str] | None:
    """Where `let device = WgpuDevice::default();` goes to CubeCL's setup (`init_setup::<G>(&device,
    ..)`) and is then used as burn's device: (the offset after the last setup statement, its
    indent, the name), so that `let device = Device::from(device);` can follow it — what burn
    0.22.1's own `Device::wgpu_options().init()` does after its `try_init_setup` (burn-tensor
    `wgpu.rs`). None when the `let` is not a statement of the block the setup is in, when the
    value is used between the two, or when nothing uses it after (or the fn hands it out as the
    runtime's device type)."""
    let = value.parent
    if let is None or let.type != "let_declaration" or let.child_by_field_name("value") != value:
        return None
    pat = let.child_by_field_name("pattern")
    block = let.parent
    fn = enclosing(let, ("function_item",))
    if pat is None or pat.type != "identifier" or block is None or block.type != "block" or fn is None:
        return None
    name = text(pat)
    after = [c for c in block.named_children if c.start_byte >= let.end_byte]

    def uses(node: Node) -> list[Node]:
        return [i for i in descendants(node) if i.type == "identifier" and text(i) == name]

    def sets_up(node: Node) -> bool:
        return any(c.type == "call_expression" and _setup_call(c) and any(
            text(a.child_by_field_name("value") if a.type == "reference_expression" else a).removesuffix(".clone()") == name
            for a in named_args(required_child(c, "arguments"))) for c in [node, *descendants(node)])

    last = max((k for k, c in enumerate(after) if sets_up(c)), default=None)
    if last is None or any(uses(c) for c in after[:last] if not sets_up(c)):
        return None
    if any(c.type == "let_declaration" and text(c.child_by_field_name("pattern")) == name for c in after[:last + 1]):
        return None   # (shadowed already)
    rest = after[last + 1:]
    if rest and rest[0].type == "let_declaration" and text(rest[0].child_by_field_name("pattern")) == name:
        return None   # (already followed by its own `let device = ..;`: a second run adds nothing)
    ret = fn.child_by_field_name("return_type")
    if not any(uses(c) for c in rest) or (ret is not None and "Device" in text(ret)):   # (it hands the device out)
        return None
    stmt = after[last]
    return stmt.end_byte, " " * stmt.start_point[1], name


def returns_a_setup_device(t: Node) -> str:
    """The setup call in the body of the fn whose return type is `t` ('' when `t` is no return
    type or the body makes no such call): the fn hands out the runtime's own device."""
    fn = t.parent
    if fn is None or fn.type != "function_item" or fn.child_by_field_name("return_type") != t:
        return ""
    body = fn.child_by_field_name("body")
    return next((found for c in descendants(body) if c.type == "call_expression" and (found := _setup_call(c))), "") \
        if body is not None else ""
