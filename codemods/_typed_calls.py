"""What types a call's device (issue 26 item 1): the type arguments of its path
(`Tensor::<B, 2>::zeros`, `run::<B>`), of the struct literal whose field it initialises, or of
the `let` its result goes to (through `?`, `.unwrap()`, `.expect(..)`)."""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.inferred_devices import DEVICE_WORD, param_device_type
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import ancestors, descendants, enclosing, last_segment, named_args, required_child, text

from ._backend_args import DEFAULT_VALUE, head_name
from ._callees import callee, device_type_arg

_UNWRAPS = frozenset({"unwrap", "expect"})


def _unwrapped(value: Node) -> Node | None:
    """`value?`, `value.unwrap()`, `value.expect(..)`: the expression that unwraps `value`, else None."""
    p = value.parent
    if p is not None and p.type == "try_expression":
        return p
    call = p.parent if p is not None and p.type == "field_expression" else None
    if p is not None and call is not None and call.type == "call_expression" \
            and text(p.child_by_field_name("field")) in _UNWRAPS:
        return call
    return None


def _wrapped_call(value: Node) -> Node:
    """`call?`, `call.unwrap()`, `call.expect(..)` → `call` (as far as such unwraps go); else `value`."""
    while True:
        if value.type == "try_expression" and value.named_children:
            value = value.named_children[0]
            continue
        f = value.child_by_field_name("function") if value.type == "call_expression" else None
        recv = f.child_by_field_name("value") if f is not None and f.type == "field_expression" else None
        if recv is not None and f is not None and text(f.child_by_field_name("field")) in _UNWRAPS:
            value = recv
            continue
        return value


def mapped_body(collect: Node) -> Node | None:
    """`(0..n).map(|_| cfg.init(&device)).collect()` (a `collect` with no turbofish of a `map`
    whose closure's body is one call): that call, which `Vec<T>`'s `FromIterator<T>` types by
    the `let` the result goes to; else None."""
    f = collect.child_by_field_name("function") if collect.type == "call_expression" else None
    inner = f.child_by_field_name("value") if f is not None and f.type == "field_expression" \
        and text(f.child_by_field_name("field")) == "collect" and not named_args(required_child(collect, "arguments")) else None
    g = inner.child_by_field_name("function") if inner is not None and inner.type == "call_expression" else None
    args = named_args(required_child(inner, "arguments")) if g is not None and inner is not None else []
    if g is None or g.type != "field_expression" or text(g.child_by_field_name("field")) != "map" \
            or len(args) != 1 or args[0].type != "closure_expression":
        return None
    body = args[0].child_by_field_name("body")
    while body is not None and body.type == "block" and len(body.named_children) == 1:
        body = body.named_children[0]   # `|_| { cfg.init(&device) }`
    return body if body is not None and body.type == "call_expression" else None


def map_call_of(body: Node) -> Node | None:
    """The `it.map(|..| body)` call whose one closure's body is `body` (or a block of it alone)."""
    up = body.parent
    closure = up.parent if up is not None and up.type == "block" and len(up.named_children) == 1 else up
    args = closure.parent if closure is not None and closure.type == "closure_expression" else None
    call = args.parent if args is not None and args.type == "arguments" and len(named_args(args)) == 1 else None
    f = call.child_by_field_name("function") if call is not None and call.type == "call_expression" else None
    return call if f is not None and f.type == "field_expression" and text(f.child_by_field_name("field")) == "map" else None


def _collected_into(call: Node) -> Node | None:
    """The typed `let v: Vec<T> = ..map(|_| call).collect();` whose element type types `call`."""
    mapped = map_call_of(call)
    collect = mapped.parent.parent if mapped is not None and mapped.parent is not None else None
    let = collect.parent if collect is not None else None
    ty = let.child_by_field_name("type") if let is not None and let.type == "let_declaration" else None
    if ty is None or ty.type != "generic_type" or text(ty.child_by_field_name("type")) != "Vec" \
            or collect is None or (body := mapped_body(collect)) is None or body.id != call.id:
        return None
    return let


def outer_args(args: list[Node]) -> list[Node]:
    """`typing_args` less those nested in another of them (`NdArray` of `Autodiff<NdArray>`)."""
    ids = {a.id for a in args}
    return [a for a in args if not any(p.id in ids for p in ancestors(a))]


def typing_args(call: Node) -> tuple[list[Node], bool]:
    """The type arguments that type this call (its path's `Tensor::<B, 2>`, or the type of the
    `let` it initialises), and whether a fn turbofish is among them."""
    f = call.child_by_field_name("function")
    found: list[Node] = []
    turbofish = False
    if f is not None:
        for n in (f, *descendants(f)):
            if n.type in ("generic_type", "generic_type_with_turbofish", "generic_function") and not _backend_type(n):
                ta = n.child_by_field_name("type_arguments")
                if ta is not None:
                    found += named_args(ta)
                    turbofish = turbofish or n.type == "generic_function"
    lit = _literal_of_field_value(call) if not found else None
    if lit is not None:   # `Linear::<TB> { weight: Param::from_data(.., &device), bias: Some(..) }`: the literal's type
        name = lit.child_by_field_name("name")
        if name is not None and name.type in ("generic_type", "generic_type_with_turbofish"):
            ta = name.child_by_field_name("type_arguments")
            found += named_args(ta) if ta is not None else []
    # through `?`, `.unwrap()`, `.expect(..)` to the `let` the result goes to; a field of a literal
    # with no type arguments, to the `let` the literal goes to (`let m: Mlp<AB> = Mlp { l: c.init(&d) }`)
    value = lit if lit is not None and not found else call
    while (up := _unwrapped(value)) is not None:
        value = up
    let = value.parent
    if let is None or let.type != "let_declaration" or let.child_by_field_name("value") != value:
        let = _collected_into(value) if value is call else None   # (`Vec<T>` of `..map(|_| call).collect()`)
    if let is not None:
        ty = let.child_by_field_name("type")
        for n in (ty, *descendants(ty)) if ty is not None else ():
            if n.type == "generic_type" and not _backend_type(n):
                ta = n.child_by_field_name("type_arguments")
                found += named_args(ta) if ta is not None else []
    return found, turbofish


def _backend_type(n: Node) -> bool:
    """Is `n` a backend type itself (`Autodiff<Flex>`, `Wgpu<f16>`)? Its arguments type nothing:
    `Flex` of `Model::<Autodiff<Flex>>` is not a second backend of the call (reading 38)."""
    return last_segment(n) in api.CONCRETE_BACKENDS


def _literal_of_field_value(call: Node) -> Node | None:
    """The struct literal whose field `call` initialises, directly or wrapped in `Some(..)`."""
    node = call
    p = node.parent
    if p is not None and p.type == "arguments" and p.parent is not None and p.parent.type == "call_expression" \
            and text(p.parent.child_by_field_name("function")) == "Some" and len(named_args(p)) == 1:
        node, p = p.parent, p.parent.parent
    if p is None or p.type != "field_initializer" or p.child_by_field_name("value") != node:
        return None
    lit = p.parent.parent if p.parent is not None else None
    return lit if lit is not None and lit.type == "struct_expression" else None


def typed_call(typed: Node) -> Node | None:
    """The call `typed` (a generic type) types: the nearest call whose path holds it, or the call
    a typed `let` initialises; the `let` itself when it is `let d: Device<X> = Default::default();`."""
    node: Node | None = typed
    while node is not None and node.type not in ("block", "function_item", "source_file"):
        if node.type == "call_expression" and typed.start_byte < (node.child_by_field_name("arguments") or node).start_byte:
            return node
        if node.type == "let_declaration":
            v = node.child_by_field_name("value")
            if node.child_by_field_name("type") is not None and typed.start_byte < (v or node).start_byte \
                    and v is not None and DEFAULT_VALUE.fullmatch(text(v).replace(" ", "")):
                return node
            v = _wrapped_call(v) if v is not None else None   # (`let m: Model<X> = load(.., &device)?;`)
            body = mapped_body(v) if v is not None else None
            body = body if body is not None and (into := _collected_into(body)) is not None and into.id == node.id else None
            return body or (v if v is not None and v.type == "call_expression" else None)
        node = node.parent
    return None


def returned_device(typed: Node) -> Node | None:
    """`fn device() -> Device<X> { Default::default() }`: the body's tail, when `typed` is the
    fn's return type `Device<X>` and the tail is the only value it returns (no `return`)."""
    return returned_tail(typed) if device_type_arg(typed) is not None else None


def returned_tail(typed: Node) -> Node | None:
    """The body's tail of the fn whose return type is `typed`, when it is the only value the fn
    returns (no `return`); None otherwise."""
    fn = typed.parent
    if fn is None or fn.type != "function_item" or fn.child_by_field_name("return_type") != typed:
        return None
    body = fn.child_by_field_name("body")
    last = body.named_children[-1] if body is not None and body.named_children else None
    if last is None or last.type.endswith("_statement") or last.type.endswith("_declaration") \
            or last.type.endswith("_item") or body is None or any(d.type == "return_expression" for d in descendants(body)):
        return None
    return last


def made_by_default(ctx: FileContext, typed: Node) -> str:
    """Where the call `typed` types takes its device made right there with `Default::default()`:
    "argument" (`Model::new(&Default::default())`), "let" (an untyped `let` of its fn), "" neither.
    0.21 typed that value by `typed`'s backend; once the argument is dropped it is
    `Device::default()`, picked at run time: the place to ask, not one to follow another's answer
    (a `let` is one question for every call it serves; each argument is one of its own)."""
    call = typed_call(typed)
    fn = enclosing(typed, ("function_item",))
    if call is None or call.type != "call_expression" or fn is None:
        return ""
    for arg in named_args(required_child(call, "arguments")):
        inner = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
        name = _device_name(arg)
        let = local_binding(fn, name, arg) if name else None
        value = let.child_by_field_name("value") if let is not None and let.type == "let_declaration" \
            and let.child_by_field_name("type") is None else inner
        if value is not None and DEFAULT_VALUE.fullmatch(text(value).replace(" ", "")) \
                and (_device_slot(ctx, call, arg, name or "") or (value.parent is not None and value.parent.type == "reference_expression")):
            return "let" if value is not inner else "argument"   # (a value lent is the device, not a config)
    return ""


def lent_value(arg: Node | None) -> Node | None:
    """The value an argument lends or clones: `x` of `x`, `&x`, `x.clone()`, `&x.clone()`."""
    node = arg.child_by_field_name("value") if arg is not None and arg.type == "reference_expression" else arg
    if node is not None and node.type == "call_expression":
        f = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if f is not None and f.type == "field_expression" and text(f.child_by_field_name("field")) == "clone" \
                and args is not None and not named_args(args):
            node = f.child_by_field_name("value")
    return node


def _device_name(arg: Node) -> str | None:
    """`device`, `&device`, `device.clone()`, `&device.clone()` → `device`."""
    node = lent_value(arg)
    return text(node) if node is not None and node.type == "identifier" else None


def _device_slot(ctx: FileContext, call: Node, arg: Node, name: str) -> bool:
    """Is `arg` where `call` takes its device? A fn turbofish: one of the callee's device
    parameters (when known), a method's last argument named like a device; burn's `Tensor::<B, D>::zeros(.., &device)` and its kin: the last
    argument; another type's associated fn (`Model::<B>::new(..)`): a name that says device."""
    args = named_args(required_child(call, "arguments"))
    at = next((i for i, a in enumerate(args) if a.id == arg.id), -1)
    f = call.child_by_field_name("function")
    if f is not None and f.type == "generic_function":
        head = required_child(f, "function")
        if head.type == "field_expression":   # a method (`config.init::<B>(&device)`): its receiver's
            return at == len(args) - 1 and bool(DEVICE_WORD.search(name))   # type is unknown here
        own = callee(ctx, head)
        slots = own.devices if own is not None else ctx.index.device_params.get(head_name(head), set())
        return at in slots
    if f is not None and f.type in ("identifier", "scoped_identifier") and (own := callee(ctx, f)) is not None \
            and at in own.devices:
        return True   # a project fn's `device: &B::Device` (`load(base, &Default::default())`)
    path = f.child_by_field_name("path") if f is not None and f.type == "scoped_identifier" else None
    if path is not None and last_segment(path.child_by_field_name("type") if path.type.startswith("generic_type")
                                          else path) == "Tensor":
        return at == len(args) - 1
    if path is not None and f is not None and at in _assoc_device_slots(ctx, path, text(f.child_by_field_name("name"))):
        return True   # `Model::<Flex>::new(cfg, &Default::default())`: its impl's `device: &B::Device`
    if path is not None and f is not None and path.type in ("generic_type", "generic_type_with_turbofish", "type_identifier", "scoped_type_identifier") \
            and at in ctx.index.device_params.get(f"{last_segment(path)}::{text(f.child_by_field_name('name'))}", set()):
        return True   # the same, the impl in another file (pass 1's facts)
    return bool(DEVICE_WORD.search(name))


def _assoc_device_slots(ctx: FileContext, path: Node, fn_name: str) -> set[int]:
    """The parameters typed by the impl's backend device (`&B::Device`, `&<B as Backend>::Device`,
    `&Device<B>`) of the associated fn `fn_name` of this file's `impl<B: Backend> Type<B>` whose
    type `path` names (`Model::<Flex>`); empty when this file has no such impl or fn."""
    head = path.child_by_field_name("type") if path.type.startswith("generic_type") else path
    type_name = last_segment(head) if head is not None else ""
    for impl in ctx.nodes("impl_item"):
        ty = impl.child_by_field_name("type")
        own = ty.child_by_field_name("type") if ty is not None and ty.type == "generic_type" else None
        if own is None or text(own) != type_name or impl.child_by_field_name("trait") is not None:
            continue
        backends = list(ctx.scope.params_of(impl))
        body = impl.child_by_field_name("body")
        if not backends or body is None:
            continue
        device = param_device_type(backends)
        for fn in body.named_children:
            if fn.type == "function_item" and text(fn.child_by_field_name("name")) == fn_name:
                params = [p for p in named_args(required_child(fn, "parameters")) if p.type == "parameter"]
                return {i for i, p in enumerate(params) if device.fullmatch(text(p.child_by_field_name("type")).strip())}
    return set()
