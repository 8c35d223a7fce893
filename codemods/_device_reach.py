"""Where a dropped backend chooses no device (issue 26 item 1: decide what the code already says).

A concrete backend dropped from a type (`Tensor<NdArray, 2>`, `fn flat(t: &Tensor<TB, 4>)`) is
review because "the device this code receives must be built for that backend". But a type
chooses a device only through inference: a device whose own expression does not say its backend
(`Default::default()`, a generic callee's `B::Device::default()`) takes it from the types around
it. Where no such device is within the type's reach, the backend was chosen where each value was
built, by code that names it itself (and is decided, or reviewed, there); the drop changes nothing.

Decided here, so safe, only when all of this holds:
- the file touches no autodiff (`Autodiff`, an alias of one, `InnerBackend`, `.autodiff()`,
  `.inner()`): 0.21's device served an autodiff backend and its inner one alike, the type
  deciding which, so a plain backend near an autodiff one may be what kept tensors off the graph;
- every backend dropped (each one a cfg-chosen alias may stand for) has one device type of its
  own (`Flex`, `NdArray`, `LibTorch`, `Cuda`, `Rocm`, `Wgpu`; `Vulkan`, `Metal`, `WebGpu` only
  where the code names no `WgpuDevice`, which they shared with `Wgpu`), is not autodiff (0.21's
  autodiff device was the inner backend's: the type alone made it autodiff) and fixes no element
  type;
- the fn holding the type makes no device by inference: each `Default::default()` in it is
  typed by its own `let` annotation, a struct's field, a call's own backend argument, or is a
  `let` that _device_origin decides; it calls no generic project fn that makes one (the index's
  `default_fns`, a fixpoint over calls) and builds no `DataLoaderBuilder` without `set_device`
  that no Learner takes (burn_api.dataloader_default_device);
- a type in the fn's signature reaches its callers too: the fn is private to a file that has no
  out-of-line child module, every mention of its name there is a call, and each calling fn makes
  no device by inference either.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.inferred_devices import into_call, into_tensor, tensor_from
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import (
    ancestors,
    descendants,
    enclosing,
    last_segment,
    named_args,
    required_child,
    text,
    value_branches,
)
from burnmigrate.rust.uses import without_comments_and_strings

from ._backend_args import DEFAULT_VALUE
from ._backend_choice import backend_base, elem_note
from ._callers import calls_of, child_cannot_call, prev_siblings
from ._device_origin import READS_A_DEVICE, let_origin
from ._typed_calls import _device_name, _device_slot, typed_call, typing_args

# backends whose 0.21 device type was theirs alone, and those that shared `WgpuDevice` with `Wgpu`
# (decided only where the code names no `WgpuDevice`: one built for `Wgpu` could reach them)
UNIQUE_DEVICE = frozenset({"Flex", "NdArray", "LibTorch", "Cuda", "Rocm", "Wgpu"})
WGPU_FAMILY = frozenset({"Vulkan", "Metal", "WebGpu"})
_DEFAULT_CALL = re.compile(r"(?:(?:(?:std|core)::default::)?Default::default|<_>::default|<_ as Default>::default"
                           r"|<[^;{}()]*?as\s*(?:(?:std|core)::default::)?Default\s*>\s*::\s*default)")
_MACRO_DEVICE = re.compile(r"\bdefault\b|unwrap_or_default|DataLoaderBuilder")


def chooses_nothing(ctx: FileContext, node: Node, chosen: list[Node], scope) -> bool:
    """Is the drop at `node` of the concrete backends `chosen` decided (see the module doc)?"""
    if not chosen:
        return False
    for a in chosen:
        bases = _bases(ctx, a, scope)
        if bases is None or not all(b in UNIQUE_DEVICE or (b in WGPU_FAMILY and "WgpuDevice" not in ctx.index.device_types_named)
                                    for b in bases):
            return False
    fn = enclosing(node, ("function_item",))
    body = fn.child_by_field_name("body") if fn is not None else None
    if fn is None:
        return not _autodiff_in_file(ctx) and _literals_closed(ctx, node)
    if body is None or not _closed(ctx, fn, node):
        return False
    in_body = body.start_byte <= node.start_byte < body.end_byte
    if _autodiff_in_file(ctx) and not (in_body and _made_here(ctx, fn, node)):
        return False
    if in_body:
        return True
    return _callers_closed(ctx, fn)


def _literals_closed(ctx: FileContext, node: Node) -> bool:
    """A drop in a private struct's field type (`model: Model<Backend>`) types what the struct's
    literals put there (`Self { model: Model::from_file(p, &device), .. }`, its backend inferred
    from the field): decided when every literal of the struct is in this file, each in a fn that
    makes no device by inference, and nothing else fills the field (no `Default` / `Deserialize`,
    no assignment to it, no child module or macro that could build it)."""
    field = next((a for a in ancestors(node) if a.type == "field_declaration"), None)
    item = next((a for a in ancestors(node) if a.type == "struct_item"), None)
    if field is None or item is None or any(c.type == "visibility_modifier" for c in item.children):
        return False
    name = text(item.child_by_field_name("name"))
    fname = text(field.child_by_field_name("name"))
    attrs = " ".join(text(a) for a in prev_siblings(item))
    if re.search(r"\b(?:Default|Deserialize|Module|Config)\b", attrs) or \
            re.search(rf"\bimpl\b[^{{;]*\b(?:Default|Deserialize)\b[^{{;]*\bfor\s+{re.escape(name)}\b", text(ctx.root)):
        return False   # built by a derive or a `Default` impl, its fields typed by inference
    if fname and re.search(rf"\.\s*{re.escape(fname)}\s*=[^=]", text(ctx.root)):
        return False   # filled by an assignment too
    if any(m.child_by_field_name("body") is None and not child_cannot_call(ctx, m, name) for m in ctx.nodes("mod_item")) \
            or any(name in text(m) for m in ctx.nodes("macro_definition")):
        return False
    lits = []
    for lit in ctx.nodes("struct_expression"):
        head = lit.child_by_field_name("name")
        own = text(head) == "Self" and any(
            a.type == "impl_item" and last_segment(a.child_by_field_name("type")) == name for a in ancestors(lit))
        if head is not None and (own or last_segment(head) == name):
            lits.append(lit)
    if not lits:
        return False   # built where this file cannot see
    for lit in lits:
        fn = enclosing(lit, ("function_item",))
        if fn is None or not closed(ctx, fn):
            return False
    return True


_AUTODIFF_WORDS = (b"Autodiff", b"InnerBackend", b".autodiff()", b".inner()")


def _autodiff_in_file(ctx: FileContext) -> bool:
    """Does the file touch autodiff (`Autodiff<..>`, an alias of one, `InnerBackend`,
    `.autodiff()`)? In 0.21 one device value served an autodiff backend and its inner one, the
    type deciding which; in 0.22 a device is autodiff or not, so a plain backend dropped where an
    autodiff one is near may have been what kept its tensors off the graph (a validation batch, an
    inference encoder on the training device)."""
    code = ctx.__dict__.get("_code_only")
    if code is None:   # (a word in a comment or a string is no use: `// Tensor<B, D, Int>`)
        code = ctx.__dict__["_code_only"] = bytes(without_comments_and_strings(ctx.src))
    if any(w in code for w in _AUTODIFF_WORDS):
        return True
    autodiff = [n for n, a in ctx.index.backend_aliases.items() if a.autodiff]
    return bool(autodiff) and ctx.mentions_any(autodiff) and any(
        re.search(rb"\b" + re.escape(n.encode()) + rb"\b", code) for n in autodiff)


# a device made by its backend's own 0.21 constructor: `WgpuDevice::default()`, `NdArrayDevice::Cpu`,
# `CudaDevice::new(0)`, `FlexDevice`
_CONSTRUCTOR = re.compile(r"(?:[\w:]*::)?(?:" + "|".join(sorted(api.BACKEND_DEVICE_TYPES)) + r")(?:::\w+)?(?:\(.*\))?", re.S)


def _made_here(ctx: FileContext, fn: Node, typed: Node) -> bool:
    """In a file that touches autodiff: is every device the drop's call passes made in this fn,
    by its backend's constructor, in a fn that touches no autodiff itself? Then it is a plain
    device in 0.22 too, whatever the file's other fns share: autodiff-device makes a device
    autodiff in the fn that receives it (and a turbofish in the argument), never in its maker."""
    if autodiff_near(ctx, fn):
        return False
    call = typed_call(typed)
    if call is None or call.type != "call_expression":
        return False
    args = named_args(required_child(call, "arguments"))
    if any(READS_A_DEVICE.search(text(a)) for a in args):
        return False   # a device read off a value or a field: made wherever that was
    devices = [a for a in args if _device_slot(ctx, call, a, _device_name(a) or "")]
    for a in devices:
        inner = a.child_by_field_name("value") if a.type == "reference_expression" else a
        if inner is not None and DEFAULT_VALUE.fullmatch(text(inner).replace(" ", "")):
            continue   # made in the argument (`_closed` has judged what types it)
        name = _device_name(a)
        let = local_binding(fn, name, a) if name else None
        if let is None or let.type != "let_declaration":
            return False
        value = let.child_by_field_name("value")
        if value is None or not (_CONSTRUCTOR.fullmatch(text(value).replace(" ", "").replace("\n", ""))
                                 or let_origin(ctx, let) is not None):
            return False
    return bool(devices)


def autodiff_note(ctx: FileContext, value: Node, new: str) -> str:
    """Why a 0.21 device value rewritten to the plain constructor `new` is review: its fn names an
    autodiff backend too (`type TestBackend = Autodiff<NdArray>` used there), which 0.21's one
    device type served by type; '' when not (or when `new` is autodiff already)."""
    fn = enclosing(value, ("function_item",))
    if "(" not in new or new.endswith(".autodiff()") or fn is None or _a_lets_value(value) or not autodiff_near(ctx, fn):
        return ""   # (a `let`'s value: the drops at its uses decide, or ask, with its origin)
    return (f"this fn names an autodiff backend too: 0.21's device type was the same for it and its inner backend, "
            f"the type deciding which; in 0.22.1 autodiff is the device value's, so where this value feeds the "
            f"autodiff backend's code it must be `{new}.autodiff()` (R11; `backward()` panics on a plain device).")


def _a_lets_value(value: Node) -> bool:
    """Is `value` what a `let` holds: its value, or one branch's of a `match` / `if` that is
    (`let device = match kind { "cpu" => WgpuDevice::Cpu, _ => WgpuDevice::DefaultDevice };`)?"""
    let = next((a for a in ancestors(value) if a.type == "let_declaration"), None)
    held = let.child_by_field_name("value") if let is not None else None
    return held is not None and any(b is not None and b.id == value.id for b in value_branches(held))


def autodiff_near(ctx: FileContext, fn: Node) -> bool:
    """Does `fn` (with its impl's header) name autodiff: `Autodiff`, an alias of one,
    `InnerBackend`, `.autodiff()`, `.inner()`?"""
    held = [text(fn)]
    for a in ancestors(fn):
        if a.type in ("impl_item", "trait_item"):
            b = a.child_by_field_name("body")
            held.append(text(a)[:b.start_byte - a.start_byte] if b is not None else text(a))
    src = " ".join(held)
    if any(w.decode() in src for w in _AUTODIFF_WORDS):
        return True
    autodiff = [n for n, al in ctx.index.backend_aliases.items() if al.autodiff]
    return any(re.search(rf"\b{re.escape(n)}\b", src) for n in autodiff)


def _bases(ctx: FileContext, a: Node, scope) -> list[str] | None:
    """The backends `a` may stand for (a cfg-chosen alias: each of its definitions), None when one
    is autodiff or fixes an element type."""
    alias = ctx.index.backend_aliases.get(last_segment(a))
    if alias is not None and alias.base.startswith("one of "):
        if "<" in alias.target:   # `Autodiff<..>`, `Wgpu<f16>` among the definitions
            return None
        return alias.base.removeprefix("one of ").split(", ")
    if ctx.scope.is_autodiff_type(a, scope) or elem_note(ctx, text(a)):
        return None
    base = backend_base(ctx, a)
    return [base] if base else None


def closed(ctx: FileContext, fn: Node) -> bool:
    """Does `fn` make no device whose backend its types choose?"""
    cache = ctx.__dict__.setdefault("_device_reach_closed", {})
    if fn.id not in cache:
        cache[fn.id] = _closed(ctx, fn)
    return cache[fn.id]


def _closed(ctx: FileContext, fn: Node, typed: Node | None = None) -> bool:
    """`closed`, where a device typed by `typed` itself (the drop being judged) counts as made by
    inference: that drop is what chose it."""
    body = fn.child_by_field_name("body")
    if body is None:
        return False
    if api.dataloader_default_device(text(body)):
        return False   # its batches' device is the default one
    stack = list(body.named_children)
    while stack:
        n = stack.pop()
        if n.type == "function_item":
            continue   # a nested fn is judged on its own
        if n.type == "token_tree":   # a macro's arguments are tokens: read them as text
            if _MACRO_DEVICE.search(text(n)) or any(t.type == "identifier" and text(t) in ctx.index.default_fns
                                                    for t in descendants(n)):
                return False
            continue
        if n.type == "call_expression":
            f = n.child_by_field_name("function")
            ft = text(f).replace(" ", "") if f is not None else ""
            if _DEFAULT_CALL.fullmatch(ft):
                if not _anchored(ctx, n, typed):
                    return False
            elif tensor_from(n):
                fish = f.child_by_field_name("path") if f is not None else None
                if typed is None or fish is None or "<" not in text(fish) or _within(fish, typed):
                    return False   # `Tensor::from(v)`: on the default device of the backend its type names
            elif into_call(n) and into_tensor(fn, n) is not None:
                return False   # `[1.0, 2.0].into()` into a `Tensor<X, 1>`: `Tensor::from`, the same
            elif f is not None and (_called_name(f) in ctx.index.default_fns or (_called_name(f) in ctx.index.workspace_default_fns
                                    and text(f).split("::")[0].strip() in ctx.crate.project_crates)):   # (`table::classify::<X>`)
                return False
            elif f is not None and f.type == "scoped_identifier" and text(f.child_by_field_name("name")) == "default" \
                    and text(f.child_by_field_name("path")) in ("Self", *_generic_names(fn)):
                return False
        elif n.type == "scoped_identifier" and _DEFAULT_CALL.fullmatch(text(n).replace(" ", "")):
            parent = n.parent
            if parent is None or parent.type != "call_expression" or parent.child_by_field_name("function") != n:
                return False   # `Default::default` passed as a fn
        elif n.type == "field_identifier" and text(n) == "unwrap_or_default":
            return False
        stack.extend(n.named_children)
    return True


def tensor_from_typed(node: Node) -> Node | None:
    """The `Tensor::from(v)` / `v.into()` in `node`'s fn whose tensor type `node` (a dropped
    backend argument) writes: `let t: Tensor<X, 1> = Tensor::from(v)`, a fn returning
    `Tensor<X, 1>` whose tail is `v.into()`, `Tensor::<X, 1>::from(v)` in a `let`'s value."""
    fn = enclosing(node, ("function_item",))
    body = fn.child_by_field_name("body") if fn is not None else None
    if fn is None or body is None:
        return None
    for n in descendants(body):
        if n.type != "call_expression":
            continue
        holder = n.parent
        annotated = holder.child_by_field_name("type") if holder is not None and holder.type == "let_declaration" else None
        if tensor_from(n) and (_within(n.child_by_field_name("function"), node) or _within(annotated, node)):
            return n
        if into_call(n) and _within(into_tensor(fn, n), node):   # (the `let`'s type or the fn's return type)
            return n
    return None


def _generic_names(fn: Node) -> list[str]:
    names = []
    for holder in (fn, *(a for a in ancestors(fn) if a.type == "impl_item")):
        tp = holder.child_by_field_name("type_parameters")
        if tp is not None:
            names += [text(p.child_by_field_name("name") or p) for p in tp.named_children]
    return names



def _called_name(f: Node) -> str:
    if f.type == "generic_function":
        f = f.child_by_field_name("function") or f
    if f.type == "field_expression":
        return text(f.child_by_field_name("field"))
    return last_segment(f) if f.type in ("identifier", "scoped_identifier") else ""


def _within(node: Node | None, typed: Node | None) -> bool:
    return node is not None and typed is not None and node.start_byte <= typed.start_byte < node.end_byte


def _anchored(ctx: FileContext, call: Node, typed: Node | None = None) -> bool:
    """Is the device `call` (`Default::default()`) makes typed by its own surroundings (not by
    types elsewhere in the fn, nor by `typed`, the drop being judged)?"""
    arg = call.parent if call.parent is not None and call.parent.type == "reference_expression" else call
    holder = arg.parent
    if holder is None:
        return False
    if holder.type == "let_declaration" and holder.child_by_field_name("value") == arg:
        lit = typed.parent if typed is not None else None
        name = text(holder.child_by_field_name("pattern"))
        if lit is not None and lit.type == "struct_expression" and lit.child_by_field_name("name") == typed \
                and any(n.type == "identifier" and text(n) == name for n in descendants(lit)):
            return False   # the literal being judged types it (`Cache::<B> { t: Tensor::ones(.., &device) }`): settle's
        if let_origin(ctx, holder) is not None:
            return True   # decided: its constructor is written with the drops
        annotated = holder.child_by_field_name("type")
        return annotated is not None and not _within(annotated, typed)
    if holder.type == "arguments" and holder.parent is not None and holder.parent.type == "call_expression":
        outer = holder.parent
        scope = ctx.scope.in_scope(outer)
        backends, _ = typing_args(outer)
        return _device_slot(ctx, outer, arg, "") and not any(_within(b, typed) or _within(typed, b) for b in backends) \
            and any(ctx.scope.backend_kind(a, scope) in ("concrete", "alias", "components") for a in backends)
    if holder.type in ("field_initializer", "base_field_initializer"):
        lit = holder.parent.parent if holder.parent is not None else None
        name = lit.child_by_field_name("name") if lit is not None and lit.type == "struct_expression" else None
        return name is not None and last_segment(name) not in ctx.index.user_types and "<" not in text(name)
    return False


def _callers_closed(ctx: FileContext, fn: Node) -> bool:
    """A type in `fn`'s signature types its callers' arguments: is every caller seen, and closed?"""
    calls = calls_of(ctx, fn)
    if calls is None:
        return False
    for call in calls:
        caller = enclosing(call, ("function_item",))
        if caller is None or (caller.id != fn.id and not closed(ctx, caller)):
            return False
    return True
