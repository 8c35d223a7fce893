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
from burnmigrate.rust.syntax import descendants, enclosing, last_segment, text

from ._backend_args import backend_base, elem_note
from ._device_origin import _device_slot, _typing_args, let_origin

# backends whose 0.21 device type was theirs alone, and those that shared `WgpuDevice` with `Wgpu`
# (decided only where the code names no `WgpuDevice`: one built for `Wgpu` could reach them)
UNIQUE_DEVICE = frozenset({"Flex", "NdArray", "LibTorch", "Cuda", "Rocm", "Wgpu"})
WGPU_FAMILY = frozenset({"Vulkan", "Metal", "WebGpu"})
# std's macros (the index's `other_macros` counts them with the project's)
_STD_MACROS = frozenset({"assert", "assert_eq", "assert_ne", "debug_assert", "debug_assert_eq", "debug_assert_ne",
                         "vec", "format", "println", "eprintln", "print", "eprint", "write", "writeln", "panic",
                         "unreachable", "todo", "unimplemented", "matches", "dbg", "concat", "stringify", "include_str",
                         "include_bytes", "env", "option_env", "cfg", "line", "file", "column", "module_path",
                         "format_args", "thread_local", "compile_error"})
_DEFAULT_CALL = re.compile(r"(?:(?:(?:std|core)::default::)?Default::default|<_>::default|<_ as Default>::default)")
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
    if _autodiff_in_file(ctx):
        return False
    fn = enclosing(node, ("function_item",))
    body = fn.child_by_field_name("body") if fn is not None else None
    if fn is None or body is None or not _closed(ctx, fn, node):
        return False
    if body.start_byte <= node.start_byte < body.end_byte:
        return True
    return _callers_closed(ctx, fn)


_AUTODIFF_WORDS = (b"Autodiff", b"InnerBackend", b".autodiff()", b".inner()")


def _autodiff_in_file(ctx: FileContext) -> bool:
    """Does the file touch autodiff (`Autodiff<..>`, an alias of one, `InnerBackend`,
    `.autodiff()`)? In 0.21 one device value served an autodiff backend and its inner one, the
    type deciding which; in 0.22 a device is autodiff or not, so a plain backend dropped where an
    autodiff one is near may have been what kept its tensors off the graph (a validation batch, an
    inference encoder on the training device)."""
    if any(w in ctx.src for w in _AUTODIFF_WORDS):
        return True
    autodiff = [n for n, a in ctx.index.backend_aliases.items() if a.autodiff]
    return bool(autodiff) and ctx.mentions_any(autodiff)


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
            elif f is not None and _called_name(f) in ctx.index.default_fns:
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


def _generic_names(fn: Node) -> list[str]:
    names = []
    for holder in (fn, *(a for a in _ancestors(fn) if a.type == "impl_item")):
        tp = holder.child_by_field_name("type_parameters")
        if tp is not None:
            names += [text(p.child_by_field_name("name") or p) for p in tp.named_children]
    return names


def _ancestors(node: Node):
    p = node.parent
    while p is not None:
        yield p
        p = p.parent


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
        if let_origin(ctx, holder) is not None:
            return True   # decided: its constructor is written with the drops
        annotated = holder.child_by_field_name("type")
        return annotated is not None and not _within(annotated, typed)
    if holder.type == "arguments" and holder.parent is not None and holder.parent.type == "call_expression":
        outer = holder.parent
        scope = ctx.scope.in_scope(outer)
        backends, _ = _typing_args(outer)
        return _device_slot(ctx, outer, arg, "") and not any(_within(b, typed) or _within(typed, b) for b in backends) \
            and any(ctx.scope.backend_kind(a, scope) in ("concrete", "alias", "components") for a in backends)
    if holder.type in ("field_initializer", "base_field_initializer"):
        lit = holder.parent.parent if holder.parent is not None else None
        name = lit.child_by_field_name("name") if lit is not None and lit.type == "struct_expression" else None
        return name is not None and last_segment(name) not in ctx.index.user_types and "<" not in text(name)
    return False


def _callers_closed(ctx: FileContext, fn: Node) -> bool:
    """A type in `fn`'s signature types its callers' arguments: is every caller seen, and closed?"""
    if any(c.type == "visibility_modifier" for c in fn.children):
        return False
    for a in _ancestors(fn):
        if a.type == "trait_item" or (a.type == "impl_item" and a.child_by_field_name("trait") is not None):
            return False   # callable through the trait, from anywhere
    name_node = fn.child_by_field_name("name")
    name = text(name_node)
    if any(m.child_by_field_name("body") is None and not _child_cannot_call(ctx, m, name) for m in ctx.nodes("mod_item")):
        return False   # a child module in another file sees this fn, and may call it
    if any(name in text(m) for m in ctx.nodes("macro_definition")):
        return False   # a macro's expansion calls it with arguments made wherever the macro is used
    project_macros = ctx.index.expr_macros | ctx.index.type_macros | (ctx.index.other_macros - _STD_MACROS)
    if any(text(m.child_by_field_name("macro")).split("::")[-1] in project_macros for m in ctx.nodes("macro_invocation")):
        return False   # (a project macro defined elsewhere may expand to a call of it)
    for ident in ctx.nodes("identifier", "field_identifier"):
        if text(ident) != name or (name_node is not None and ident.id == name_node.id):
            continue
        if not _is_call(ident):
            return False
        caller = enclosing(ident, ("function_item",))
        if caller is None:
            return False
        if caller.id != fn.id and not closed(ctx, caller):
            return False
    return True


def _child_cannot_call(ctx: FileContext, mod: Node, name: str) -> bool:
    """`mod common;`: is its file known, without modules of its own, and naming no `name` (a
    child reaches its parent's items only through `super::` or `crate::` paths, so a file with
    neither names none)? Then it cannot call this file's private fn `name`."""
    if any(a.type == "attribute_item" and "path" in text(a) for a in _prev_siblings(mod)):
        return False   # `#[path = ".."]`: the file is elsewhere
    child = text(mod.child_by_field_name("name"))
    folder, _, stem = ctx.path.rpartition("/")
    base = f"{folder}/" if folder else ""
    if stem not in ("main.rs", "lib.rs", "mod.rs") and not _crate_root(ctx.path):
        base += stem.removesuffix(".rs") + "/"
    found = [ctx.index.file_words[c] for c in (f"{base}{child}.rs", f"{base}{child}/mod.rs") if c in ctx.index.file_words]
    return len(found) == 1 and not found[0][1] and name not in found[0][0]


def _crate_root(path: str) -> bool:
    """`tests/x.rs`, `examples/x.rs`, `benches/x.rs`, `build.rs`: a file that is its crate's root."""
    parts = path.split("/")
    return parts[-1] == "build.rs" or (len(parts) >= 2 and parts[-2] in ("tests", "examples", "benches"))


def _prev_siblings(node: Node):
    p = node.prev_sibling
    while p is not None and p.type in ("attribute_item", "line_comment", "block_comment"):
        yield p
        p = p.prev_sibling


def _is_call(ident: Node) -> bool:
    """`name(..)`, `Self::name(..)`, `x.name(..)`, `name::<..>(..)`, or `name(` in a macro's tokens."""
    node = ident
    parent = node.parent
    if parent is not None and parent.type == "token_tree":
        nxt = ident.next_sibling
        return nxt is not None and nxt.type == "token_tree" and text(nxt).startswith("(")
    while parent is not None and parent.type in ("scoped_identifier", "field_expression", "generic_function") \
            and (parent.child_by_field_name("name") == node or parent.child_by_field_name("field") == node
                 or parent.child_by_field_name("function") == node):
        node, parent = parent, parent.parent
    return parent is not None and parent.type == "call_expression" and parent.child_by_field_name("function") == node
