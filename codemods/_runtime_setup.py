"""CubeCL's runtime setup (`init_setup::<G>(&device, ..)`, `WgpuRuntime::client(&device)`): a
device value that goes there stays the runtime's own device type (cubecl-wgpu's `WgpuDevice`),
not burn's `Device` (E0308); after the setup, burn's `Device::from(device)` is what 0.22.1's own
`Device::wgpu_options().init()` hands out."""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import ancestors, descendants, enclosing, last_segment, named_args, required_child, text

from ._callees import called_item
from ._device_values import arg_of
from ._runtime_fields import field_read, stored_in_field, stored_param_field
from ._typed_calls import _device_name


def _setup_call(call: Node) -> str:
    """`init_setup::<G>(..)` or `WgpuRuntime::client(..)`: the call's head, else ''."""
    f = call.child_by_field_name("function")
    if f is not None and f.type == "generic_function":
        f = f.child_by_field_name("function")
    if f is None or f.type not in ("identifier", "scoped_identifier"):
        return ""
    path = f.child_by_field_name("path") if f.type == "scoped_identifier" else None
    if path is not None and path.type == "bracketed_type" and (q := path.named_child(0)) is not None:
        path = q.child_by_field_name("type")   # `<WgpuRuntime as cubecl::Runtime>::client(..)`
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
    call, bound = _call_or_let(value)
    if call is not None and (found := _setup_call(call)):
        return found
    if (field := stored_in_field(arg_of(value))) is not None:   # `Self { device: WgpuDevice::default() }`
        return passed_to_runtime(field)
    if bound is None:
        return ""
    fn, let, name = bound
    return _setup_receiving(fn, let.end_byte, name)


def _call_or_let(value: Node) -> tuple[Node | None, tuple[Node, Node, str] | None]:
    """(the call `value` (or `&value`) is an argument of; the fn, `let` and name of the untyped
    `let NAME = value;` it initialises), each None when it is not one."""
    arg = arg_of(value)
    holder = arg.parent
    call = holder.parent if holder is not None and holder.type == "arguments" and holder.parent is not None \
        and holder.parent.type == "call_expression" else None
    let = value.parent
    pat = let.child_by_field_name("pattern") if let is not None and let.type == "let_declaration" \
        and let.child_by_field_name("value") == value else None
    fn = enclosing(value, ("function_item",))
    if let is None or pat is None or pat.type != "identifier" or fn is None:
        return call, None
    return call, (fn, let, text(pat))


# cubecl-common's `Device` trait methods, which 0.21's backend device types had and burn 0.22.1's
# `Device` has not (burn-tensor 0.22.1 `device.rs`): `DeviceHandle::new(device.to_id())`
_CUBECL_DEVICE_METHODS = frozenset({"to_id"})


def _setup_receiving(scope: Node, after: int, name: str, depth: int | None = None, struct: str = "") -> str:
    """The setup call in `scope`, past byte `after`, that the local `name` (with `struct`, a read
    of that struct's field `name`) is passed to; with a `depth`, also through a fn of this file
    whose parameter stays the runtime's (`passed_to_runtime`), up to three calls deep. '' when none."""
    def named(a: Node) -> str | None:
        return field_read(a, struct) if struct else _device_name(a)

    for call in descendants(scope):
        if call.type != "call_expression" or call.start_byte < after:
            continue
        f = call.child_by_field_name("function")
        if f is not None and f.type == "field_expression" and text(f.child_by_field_name("field")) in _CUBECL_DEVICE_METHODS \
                and text(f.child_by_field_name("value")).lstrip("*&(").rstrip(")") == name:
            return f"{name}.{text(f.child_by_field_name('field'))}()"   # (cubecl's `Device::to_id`: burn's `Device` has none)
        found = _setup_call(call)
        for i, a in enumerate(named_args(required_child(call, "arguments"))):
            if named(a) != name:
                continue
            if found:
                return found
            kept = _kept_param_type(call, i) if depth is not None and depth < 3 else None
            if kept is not None and (through := passed_to_runtime(kept, (depth or 0) + 1)):
                return through
    return ""


def cubecl_default(value: Node) -> str:
    """`WgpuDevice::default()`, or 0.21's `WgpuDevice::DefaultDevice`, which cubecl 0.11's
    `WgpuDevice` (a struct: which device, which graphics API) writes as its default (kind
    `DefaultDevice`, API `Auto`: cubecl-runtime 0.11 `device/wgpu.rs`): the value as cubecl 0.11
    writes it ('' for any other value, left as the person wrote it)."""
    if value.type == "call_expression" and not named_args(required_child(value, "arguments")) \
            and text(value.child_by_field_name("function")).replace(" ", "").split("::")[-2:] == ["WgpuDevice", "default"]:
        return text(value)
    if value.type == "scoped_identifier" and text(value).replace(" ", "").split("::")[-2:] == ["WgpuDevice", "DefaultDevice"]:
        return text(value).rsplit("::", 1)[0].rstrip() + "::default()"
    return ""


def setup_shadow(value: Node) -> tuple[int, str, str] | None:
    """Where `let device = WgpuDevice::default();` goes to CubeCL's setup (`init_setup::<G>(&device,
    ..);` as a statement of its own) and is then used as burn's device: (the offset after the
    last setup statement, its indent, the name), so that `let device = Device::from(device);` can
    follow it — what burn 0.22.1's own `Device::wgpu_options().init()` does after its
    `try_init_setup` (burn-tensor `wgpu.rs`). None — the value keeps its finding — unless the
    value is `WgpuDevice::default()` in an untyped `let` (0.22.1's `WgpuDevice` is a struct: the
    0.21 variants are gone), every setup is a statement of that block (not inside an `if`, a
    closure, a scope), nothing else uses the value before the last one, and after it nothing
    hands it to CubeCL (a `::<..Runtime>` turbofish, a fn of this file that sets up) or out of
    the fn as the runtime's device type."""
    let = value.parent
    if let is None or let.type != "let_declaration" or let.child_by_field_name("value") != value \
            or let.child_by_field_name("type") is not None:
        return None
    if not cubecl_default(value):
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

    def passes(call: Node) -> bool:
        return any(_device_name(a) == name for a in named_args(required_child(call, "arguments")))

    def setup_statement(node: Node) -> bool:
        """`init_setup::<G>(&device, ..);`, `.. .await;`, `let _ = ..;` whose only use of the value is the setup's."""
        inner = node.named_children[0] if node.type == "expression_statement" and node.named_children else \
            node.child_by_field_name("value") if node.type == "let_declaration" else None
        while inner is not None and inner.type in ("await_expression", "try_expression") and inner.named_children:
            inner = inner.named_children[0]
        if inner is None or inner.type != "call_expression" or not _setup_call(inner) or not passes(inner):
            return False
        return len(uses(node)) == len(uses(required_child(inner, "arguments")))

    setups = [k for k, c in enumerate(after) if setup_statement(c)]
    if not setups:
        return None
    last = setups[-1]
    if any(uses(c) for k, c in enumerate(after[:last]) if k not in setups):
        return None   # (used between, or the setup inside an `if`, a closure, a scope)
    rest = after[last + 1:]
    if rest and rest[0].type == "let_declaration" and text(rest[0].child_by_field_name("pattern")) == name:
        return None   # (already followed by its own `let device = ..;`: a second run adds nothing)
    ret = fn.child_by_field_name("return_type")
    if not any(uses(c) for c in rest) or (ret is not None and "Device" in text(ret)):   # (it hands the device out)
        return None
    setting_up = _setup_fns(fn)
    for u in (u for c in rest for u in uses(c)):
        call = _call_passing(u)
        head = text(call.child_by_field_name("function")) if call is not None else ""
        if call is not None and (_setup_call(call) or "Runtime" in head or head.split("::<")[0] in setting_up):
            return None   # (still handed to CubeCL after the setup)
    stmt = after[last]
    return stmt.end_byte, " " * stmt.start_point[1], name


def _call_passing(use: Node) -> Node | None:
    """The call `use` (`x`, `&x`, `x.clone()`, `&x.clone()`) is an argument of."""
    node = use
    while node.parent is not None and (node.parent.type == "reference_expression" or (
            node.parent.type == "field_expression" and text(node.parent.child_by_field_name("field")) == "clone")
            or (node.parent.type == "call_expression" and node.parent.child_by_field_name("function") == node)):
        node = node.parent
    holder = node.parent
    return holder.parent if holder is not None and holder.type == "arguments" else None


def _setup_fns(fn: Node) -> set[str]:
    """Names of this file's fns whose body makes a setup call (their device parameter stays CubeCL's)."""
    return {text(f.child_by_field_name("name")) for f in descendants(_root(fn)) if f.type == "function_item"
            and any(c.type == "call_expression" and _setup_call(c) for c in descendants(f))}


def returns_a_setup_device(t: Node) -> str:
    """The setup call in the body of the fn whose return type is `t` ('' when `t` is no return
    type or the body makes no such call): the fn hands out the runtime's own device."""
    fn = t.parent
    while fn is not None and fn.type in ("type_arguments", "generic_type", "tuple_type", "reference_type"):
        fn = fn.parent   # (`Result<WgpuDevice, E>`, `(WgpuDevice, WgpuSetup)`: the device is what it returns)
    if fn is None or fn.type != "function_item" or fn.child_by_field_name("return_type") not in (t, *ancestors(t)):
        return ""
    body = fn.child_by_field_name("body")
    return next((found for c in descendants(body) if c.type == "call_expression" and (found := _setup_call(c))), "") \
        if body is not None else ""


def passed_to_runtime(t: Node, depth: int = 0) -> str:
    """The CubeCL setup or runtime call (`init_setup::<G>(d, ..)`, `WgpuRuntime::client(d)`) that
    the fn parameter, `let` or struct field typed `t` is handed to after it, directly or through a fn of this
    file whose parameter is kept for one (`inner(d)` with `fn inner(d: &WgpuDevice)` calling
    `WgpuRuntime::client(d)`), else '': there the name keeps the runtime's own device type
    (burn's `Device` is E0308)."""
    holder = next((a for a in ancestors(t) if a.type in ("parameter", "let_declaration", "field_declaration",
                                                         "function_item", "block")), None)
    if holder is None or holder.type not in ("parameter", "let_declaration", "field_declaration"):
        return ""
    typed = holder.child_by_field_name("type")
    pattern = holder.child_by_field_name("name" if holder.type == "field_declaration" else "pattern")
    if typed is None or pattern is None or not (typed.start_byte <= t.start_byte and t.end_byte <= typed.end_byte):
        return ""
    name = text(pattern).removeprefix("mut ").strip()
    if holder.type == "field_declaration":   # a struct's field: its reads in the file (`init(&opts.device)`)
        item = next((a for a in ancestors(holder) if a.type == "struct_item"), None)
        struct = text(item.child_by_field_name("name")) if item is not None else ""
        return _setup_receiving(_root(holder), 0, name, depth if depth is not None else 0, struct=struct) if struct else ""
    if holder.type == "parameter":
        fn = enclosing(holder, ("function_item",))
        scope = fn.child_by_field_name("body") if fn is not None else None
        for field in stored_param_field(scope, name) if scope is not None and depth < 3 else ():
            if found := passed_to_runtime(field, depth + 1):   # `self.device = device`, the field kept
                return found
    else:
        scope = holder.parent
    if scope is None or not name.isidentifier():
        return ""
    return _setup_receiving(scope, holder.end_byte, name, depth)


def _kept_param_type(call: Node, index: int) -> Node | None:
    """The type of parameter `index` of the free fn of this file `call` calls by its bare name
    (the first one of that name in the file), when it names a 0.21 device type (`&WgpuDevice`)."""
    f = call.child_by_field_name("function")
    if f is None or f.type != "identifier":
        return None
    fn = next((d for d in descendants(_root(call)) if d.type == "function_item"
               and text(d.child_by_field_name("name")) == text(f)), None)
    params = [c for c in named_args(required_child(fn, "parameters")) if c.type == "parameter"] if fn is not None else []
    ty = params[index].child_by_field_name("type") if index < len(params) else None
    while ty is not None and ty.type == "reference_type":
        ty = ty.child_by_field_name("type")
    return ty if ty is not None and last_segment(ty) in api.BACKEND_DEVICE_TYPES else None


def left_span(value: Node) -> tuple[int, int]:
    """The span a finding on a device value left for CubeCL's setup covers: from the value to the
    last use of the name its `let` binds in the fn (each later use as burn's device fails until
    the person writes `Device::wgpu_options().init()`), or the value alone."""
    let = value.parent
    pat = let.child_by_field_name("pattern") if let is not None and let.type == "let_declaration" else None
    fn = enclosing(value, ("function_item",))
    end = value.end_byte
    if let is not None and pat is not None and pat.type == "identifier" and fn is not None:
        end = max([end, *(i.end_byte for i in descendants(fn) if i.type == "identifier" and text(i) == text(pat)
                          and i.start_byte > let.end_byte)])
    return value.start_byte, end


def left_for_setup(value: Node | None, at: Node) -> bool:
    """Is the `let` value `value` a device kept as CubeCL's own for its setup (`runtime_setup`) at
    the use `at`: everywhere when no `Device::from` follows the setup (`setup_shadow`), else
    before that point? There it has none of burn's `Device` methods (`.autodiff()`: E0599)."""
    if value is None or not runtime_setup(value):
        return False
    shadow = setup_shadow(value)
    return shadow is None or at.start_byte < shadow[0]


def given_a_setup_device(t: Node) -> str:
    """The setup call a caller in this file keeps its device for, when the fn parameter typed `t`
    (`device: &WgpuDevice`) is given such a device (`left_for_setup`) at a call: as burn's `Device`
    the parameter would not take it (E0308). '' otherwise."""
    prm = next((a for a in ancestors(t) if a.type == "parameter"), None)
    fn = enclosing(prm, ("function_item",)) if prm is not None else None
    plist = prm.parent if prm is not None else None
    if prm is None or fn is None or plist is None:
        return ""
    index = [c.id for c in named_args(plist) if c.type in ("parameter", "self_parameter")].index(prm.id)
    name = text(fn.child_by_field_name("name"))
    for call in descendants(_root(fn)):
        f = call.child_by_field_name("function") if call.type == "call_expression" else None
        head = f.child_by_field_name("field") if f is not None and f.type == "field_expression" else \
            f.child_by_field_name("name") if f is not None and f.type == "scoped_identifier" else f
        if head is None or text(head) != name:
            continue
        args = named_args(required_child(call, "arguments"))
        shift = 1 if f is not None and f.type == "field_expression" and any(
            c.type == "self_parameter" for c in named_args(plist)) else 0
        arg = args[index - shift] if 0 <= index - shift < len(args) else None
        passed = _device_name(arg) if arg is not None else None
        caller = enclosing(call, ("function_item",))
        if arg is None or passed is None or caller is None:
            continue
        let = local_binding(caller, passed, arg)
        value = let.child_by_field_name("value") if let is not None and let.type == "let_declaration" else None
        if left_for_setup(value, call):
            return runtime_setup(value) if value is not None else ""
    return ""


def _root(node: Node) -> Node:
    """The file's root node (the rules here see one node, not the file's context)."""
    while node.parent is not None:
        node = node.parent
    return node


KEPT_NOTE = ("that item keeps its backend parameter (its backend-extension finding says why), so it still takes "
             "the backend's own device type (`B::Device`: `FlexDevice`, `CudaDevice`, ..); burn 0.22.1's `Device` "
             "there is E0308. The value keeps its 0.21 type (burn-core's `extension` feature has it): migrate it "
             "with that item, by hand (R19).")


def kept_receiver(ctx, value: Node) -> str:
    """The call of an item kept generic (`Normalize::<B>::new(.., &device)` with `Normalize` kept
    for a backend op, `f::<B>(&device)` with `f` kept) that a device value goes to, as an argument
    or through the untyped `let` it initialises ('' when none): there it is the backend's own
    device type still."""
    def kept_call(call: Node) -> str:
        f = call.child_by_field_name("function")
        if f is not None and f.type == "generic_function":
            head = f.child_by_field_name("function")
            if head is None or head.type == "field_expression":
                return ""
            item = called_item(ctx, call)   # (this file's own fn of that name, as rustc resolves it)
            if item is not None:
                return text(f) if any(p.extension for p in ctx.scope.params_of(item).values()) else ""
            return text(f) if last_segment(head) in ctx.index.kept_fns else ""
        path = f.child_by_field_name("path") if f is not None and f.type == "scoped_identifier" else None
        ty = path.child_by_field_name("type") if path is not None and path.type.startswith("generic_type") else path
        return text(f) if ty is not None and last_segment(ty) in ctx.index.kept_types else ""

    holder, bound = _call_or_let(value)
    if holder is not None and (found := kept_call(holder)):
        return found
    if bound is None:
        return ""
    fn, let, name = bound
    for call in descendants(fn):
        if call.type == "call_expression" and call.start_byte > let.end_byte and (found := kept_call(call)) \
                and any(_device_name(a) == name and local_binding(fn, name, a) == let
                        for a in named_args(required_child(call, "arguments"))):
            return found
    return ""


def alias_value_kept(ctx, t: Node) -> str:
    """When `t` is the target of a device alias (`type Device = FlexDevice;`) one of whose values
    (`Device::default()`) goes to code kept generic (`kept_receiver`): that call, else ''. The
    alias then stays the backend's own device type, for that value's sake."""
    item = t.parent
    if item is None or item.type != "type_item" or item.child_by_field_name("type") != t:
        return ""
    name = text(required_child(item, "name"))
    for n in ctx.nodes("identifier"):
        path = n.parent
        call = path.parent if path is not None and path.type == "scoped_identifier" \
            and path.child_by_field_name("path") == n and text(n) == name else None
        if call is not None and call.type == "call_expression" and (found := kept_receiver(ctx, call)):
            return found
    return ""


def runtime_aliases(ctx: FileContext, device_type) -> dict[str, str]:
    """This file's aliases of a backend's device type (`device_type` reads the target) whose values go
    to a CubeCL runtime API (`fn setup(d: &Dev) { init_setup::<G>(d, ..) }`) → that API: they keep the
    runtime's own device type, as such a parameter does (reading 29)."""
    if "_runtime_aliases" not in ctx.__dict__:
        names = {text(i.child_by_field_name("name")) for i in ctx.nodes("type_item")
                 if i.child_by_field_name("type_parameters") is None and device_type(i.child_by_field_name("type"))}
        ctx.__dict__["_runtime_aliases"] = {a: r for a in names if (r := next(
            (r for n in ctx.nodes("type_identifier") if text(n) == a and (r := passed_to_runtime(n))), ""))}
    return ctx.__dict__["_runtime_aliases"]


def typed_by(value: Node, aliases: dict[str, str]) -> str:
    """The alias of `aliases` that types `value` where it is written: the return type of the fn whose
    tail it is, or the type of the `let` it initialises ('' when none)."""
    holder = value.parent
    if holder is not None and holder.type == "let_declaration" and holder.child_by_field_name("value") == value:
        ty = holder.child_by_field_name("type")
    elif holder is not None and holder.type == "block" and holder.parent is not None and holder.parent.type == "function_item" \
            and holder.named_children and holder.named_children[-1] == value:
        ty = holder.parent.child_by_field_name("return_type")
    else:
        return ""
    name = text(ty).lstrip("&").strip() if ty is not None else ""
    return name if name in aliases else ""
