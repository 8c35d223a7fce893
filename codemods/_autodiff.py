"""Shared by the rules that erase autodiff backends: where does the autodiff device come from?"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Edit
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.inferred_devices import DEVICE_WORD
from burnmigrate.rust.syntax import ancestors, enclosing, last_segment, named_args, required_child, text

from ._backend_args import gradients_params_call


def device_param(ctx: FileContext, fn: Node, backend: str) -> tuple[Node, str, bool] | None:
    """(the parameter node, its name, by reference?) of a value parameter typed `B::Device` or
    `&B::Device` for the backend parameter `backend`."""
    params = fn.child_by_field_name("parameters")
    if params is None:
        return None
    for p in named_args(params):
        if p.type != "parameter":
            continue
        pat, ty = p.child_by_field_name("pattern"), p.child_by_field_name("type")
        if pat is None or ty is None or pat.type != "identifier":
            continue
        by_ref = ty.type == "reference_type"
        inner = ty.child_by_field_name("type") if by_ref else ty
        if inner is not None and re.fullmatch(rf"(?:{re.escape(backend)}|<{re.escape(backend)} as \w+>)::Device", text(inner)):
            if by_ref and any(c.type == "mutable_specifier" for c in ty.children):
                return None
            return p, text(pat), by_ref
    return None


def calls_autodiff_fn(ctx: FileContext, fn: Node) -> bool:
    """Does the body call another project fn generic over an autodiff backend (then that one is
    the sink that makes the device autodiff, not this one)?"""
    body = fn.child_by_field_name("body")
    if body is None or not ctx.index.autodiff_fns:
        return False
    own = text(fn.child_by_field_name("name"))
    words = set(re.findall(r"\b(\w+)\s*(?:::\s*<[^()]*>\s*)?\(", text(body)))
    return bool((words - {own}) & ctx.index.autodiff_fns)


def autodiff_sink(ctx: FileContext, fn: Node, backend: str):
    """For a fn generic over the autodiff backend `backend` that receives the device and hands
    it to no other autodiff fn: (param, name, by_ref); else None."""
    if fn.type != "function_item":
        return None
    dp = device_param(ctx, fn, backend)
    if dp is None or calls_autodiff_fn(ctx, fn):
        return None
    return dp


# calls that take the device to build tensors, modules or data on it: they train nothing
_BUILDS = frozenset({"init", "from_data", "from_floats", "from_ints", "from_bool", "zeros", "ones", "full",
                     "random", "arange", "empty", "to_device", "new", "load_file", "load_record", "clone",
                     "inner", "into", "zeros_like", "ones_like"})


def inference_only(ctx: FileContext, fn: Node, backend: str) -> tuple[tuple[Node, str, bool], list[tuple[str, bool]]] | None:
    """A fn generic over the autodiff backend `backend` that only runs a model forward: no
    backward pass, step, gradients or learner in its body, the device handed only to calls
    that build on it, no `.valid()` yet, a name that is not a training one. → (its device
    parameter, [(model parameter, by reference)], empty when the fn builds its models on the
    device) or None. On such a fn the autodiff device
    only grows a graph (pitfall 13) and keeps Dropout on (16)."""
    if fn.type != "function_item":
        return None
    body = fn.child_by_field_name("body")
    name = text(fn.child_by_field_name("name"))
    dp = device_param(ctx, fn, backend)
    if body is None or dp is None or api.TRAINING_NAME.search(name):
        return None
    src = text(body)
    if ".forward(" not in src or ".valid()" in src or api.TRAINING_CALLS.search(src):
        return None
    if not _only_built_on(src, dp[1], _BUILDS):   # every use of the device: an argument of a call that builds on it
        return None
    models = []
    params = fn.child_by_field_name("parameters")
    for p in named_args(params) if params is not None else []:
        pat, ty = p.child_by_field_name("pattern"), p.child_by_field_name("type")
        if p.type != "parameter" or pat is None or ty is None or pat.type != "identifier":
            continue
        by_ref = ty.type == "reference_type"
        inner = ty.child_by_field_name("type") if by_ref else ty
        head = inner.child_by_field_name("type") if inner is not None and inner.type == "generic_type" else None
        if head is not None and text(head) in ctx.index.module_types and f"{text(pat)}.forward(" in src:
            models.append((text(pat), by_ref))
    # no model parameter: the models it runs are built here, on the device (every use of the
    # device feeds a builder, checked above), so the plain device alone keeps them off the graph
    return dp, models


# words of code that may hold values 0.21 typed on the inner backend by inference alone (a
# validation loader, a learner's or evaluator's valid side, a valid model)
_MAY_BE_INNER = re.compile(r"(?i)inner|valid|batch|loader|learner|evaluat|metric|record")


def graph_only(ctx: FileContext, fn: Node, device: str) -> bool:
    """Does the fn, generic over an autodiff backend, build everything from its device for that
    backend? It hands `device` only to calls that build on it (tensors, modules) and names nothing
    that may have been on the inner backend by inference (data loaders, batchers, learners,
    evaluators, valid models, records), and takes no other backend value (no `self`, no parameter
    typed by its generics: a tensor or module a caller built, maybe on a plain device). Then `let device = device.autodiff();` at its top builds
    exactly what 0.21's type did, graph and all: nothing is left for a person to check."""
    body, params = fn.child_by_field_name("body"), fn.child_by_field_name("parameters")
    if body is None or params is None:
        return False
    src = text(body)
    if _MAY_BE_INNER.search(src) or _MAY_BE_INNER.search(text(fn)[:body.start_byte - fn.start_byte]):
        return False
    # the device is its only way in for backend values: a tensor or module the caller built (on a
    # plain device, once the caller is erased) would meet the autodiff ones built here
    generics = fn.child_by_field_name("type_parameters")
    names = {text(n) for n in (generics.named_children if generics is not None else [])
             for n in [n.child_by_field_name("name") or n] if n.type in ("type_identifier", "type_parameter",
                                                                          "constrained_type_parameter", "optional_type_parameter")}
    typed = re.compile(r"\b(?:impl|dyn|Self)\b" + "".join(rf"|\b{re.escape(n)}\b" for n in names if n))
    for p in named_args(params):
        pat, ty = p.child_by_field_name("pattern"), p.child_by_field_name("type")
        if p.type != "parameter" or pat is None or ty is None:
            return False   # `self`: its fields were built by a caller
        if text(pat) != device and typed.search(text(ty)):
            return False
    return _only_built_on(src, device, _BUILDS - {"new", "load_file", "load_record", "into"})


def _only_built_on(src: str, device: str, calls: frozenset[str]) -> bool:
    """Is every use of `device` in this body an argument of one of `calls` (`Tensor::zeros(.., &device)`)?"""
    for m in re.finditer(rf"(?<![\w.]){re.escape(device)}\b", src):
        before = src[:m.start()].rstrip().rstrip("&").rstrip()
        call = re.search(r"(\w+)\s*(?:::\s*<[^()]*>\s*)?\(\s*(?:[^()]*,\s*)?$", before)
        if call is None or call.group(1) not in calls:
            return False
    return True


INNER_REASON = ("`{arg}` kept these values off the autodiff graph (0.21's one device served `{param}` and its "
                "inner backend alike, the type choosing); in 0.22 the device value chooses: build them on "
                "`device.clone().inner()` where the device may be autodiff (pitfalls 13, 16).")


def inner_device(ctx: FileContext, node: Node, doomed: list[Node], scope) -> tuple[list[Edit], str]:
    """A `B::InnerBackend` argument dropped where a value is built (a fn body, not a signature),
    in a fn autodiff-device does not handle (it gives its sink fns' inner-backend uses the plain
    device itself): ([the call's device argument → `device.clone().inner()`], '') where the call
    passes the fn's own `B::Device` parameter, ([], the review reason) where it does not; ([], '')
    when there is nothing to do."""
    inner = [a for a in doomed if ctx.scope.backend_kind(a, scope) == "inner"]
    if inner and _field_built_on_a_device(ctx, node):
        arg = text(inner[0])
        return [], INNER_REASON.format(arg=arg, param=re.sub(r"^<\s*", "", arg).split("::")[0].split(" as ")[0].strip())
    fn = next((a for a in ancestors(node) if a.type == "function_item"), None)
    body = fn.child_by_field_name("body") if fn is not None else None
    if not inner or fn is None or body is None or not body.start_byte <= node.start_byte < body.end_byte:
        return [], ""
    arg = text(inner[0])
    param = re.sub(r"^<\s*", "", arg).split("::")[0].split(" as ")[0].strip()
    if param in ctx.scope.params_of(fn) and autodiff_sink(ctx, fn, param) is not None:
        return [], ""   # (autodiff-device handles a fn's own parameter's sink; an impl's is left to this)
    if _gradients_params_access(ctx, node):
        return [], ""   # gradients are plain tensors in 0.21 and 0.22 alike: no value is built on a device
    dp = device_param(ctx, fn, param) if param in scope else None
    call = next((a for a in ancestors(node) if a.type == "call_expression"), None)
    f = call.child_by_field_name("function") if call is not None else None
    if dp is not None and call is not None and f is not None and f.start_byte <= node.start_byte < f.end_byte:
        _, name, by_ref = dp
        edits = []
        for a in named_args(call.child_by_field_name("arguments") or call):
            t = text(a).replace(" ", "")
            if t == f"{name}.clone()" or (t == name and not by_ref):
                edits.append(Edit(a.start_byte, a.end_byte, f"{name}.clone().inner()"))
            elif t in (f"&{name}", f"&{name}.clone()") or (t == name and by_ref):
                edits.append(Edit(a.start_byte, a.end_byte, f"&{name}.clone().inner()"))
        if len(edits) == 1:
            return edits, ""
    if call is not None and f is not None and f.type == "scoped_identifier" and f.start_byte <= node.start_byte < f.end_byte \
            and last_segment(node) == "Tensor" and (args := named_args(required_child(call, "arguments"))):
        # `Tensor::<B::InnerBackend, 1>::from_ints(.., &device)`, whatever device: 0.21 built it on the
        # inner backend, and `inner()` is that device's (a plain device is its own inner one)
        dev = args[-1].child_by_field_name("value") if args[-1].type == "reference_expression" else args[-1]
        if dev is not None and _NAMED.fullmatch(text(dev)):
            name = text(dev).removesuffix(".clone()").strip()
            return [Edit(dev.start_byte, dev.end_byte, f"{name}.clone().inner()")], ""
    return [], INNER_REASON.format(arg=arg, param=param)


_NAMED = re.compile(r"[a-z_]\w*(?:\.clone\(\))?|self\.[a-z_]\w*")   # `device`, `device.clone()`, `self.device`



def _gradients_params_access(ctx: FileContext, node: Node) -> bool:
    """`grads.get::<B::InnerBackend, D>(id)` / `.remove` / `.register` on a `GradientsParams`:
    reads or stores a gradient (0.22.1's `get<const D>`)."""
    gf = node if node.type == "generic_function" else next((a for a in ancestors(node) if a.type == "generic_function"), None)
    ta = gf.child_by_field_name("type_arguments") if gf is not None else None
    return gf is not None and ta is not None and gradients_params_call(ctx, required_child(gf, "function"), named_args(ta))


def _field_built_on_a_device(ctx: FileContext, node: Node) -> bool:
    """`skill_tracker: Option<AsyncSkillTracker<B::InnerBackend, ..>>`, a struct field whose type
    the file builds by a call given a device (`AsyncSkillTracker::new(.., skill_tracker_device)`):
    the field's type chose the inner backend for that device (found on rlgymppo_rs, where the
    device is the autodiff training one)."""
    if not any(a.type == "field_declaration" for a in ancestors(node)) or node.type != "generic_type":
        return False
    head = text(node.child_by_field_name("type")).split("::")[-1]
    for call in ctx.nodes("call_expression"):
        f = call.child_by_field_name("function")
        path = f.child_by_field_name("path") if f is not None and f.type == "scoped_identifier" else None
        if path is None or text(path).split("::")[-1].split("<")[0] != head:
            continue
        if any(DEVICE_WORD.search(text(a)) for a in named_args(call.child_by_field_name("arguments") or call)):
            return True
    return False

MIXED_AUTODIFF = ("0.21's one device served an autodiff backend and its inner one alike, the types choosing: the calls "
                  "given this device name both. In 0.22.1 a device is autodiff or not: build the autodiff one for what "
                  "records gradients (`.autodiff()`) and keep this one for the rest (R11).")


def autodiff_uses(ctx: FileContext, let: Node) -> set[bool]:
    """Whether the backends that type the calls given the `let`'s device are autodiff ones."""
    from ._device_origin import device_uses  # (_device_origin reads this module's neighbours)
    from ._typed_calls import outer_args
    fn, pat = enclosing(let, ("function_item",)), let.child_by_field_name("pattern")
    if fn is None or pat is None or pat.type != "identifier":
        return set()
    return {ctx.scope.is_autodiff_type(a, ctx.scope.in_scope(call)) for call, _arg, args, _fish in
            device_uses(ctx, fn, let, text(pat)) for a in outer_args(args)
            if ctx.scope.backend_kind(a, ctx.scope.in_scope(call)) in ("concrete", "alias", "components")}
