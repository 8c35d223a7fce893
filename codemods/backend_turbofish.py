"""backend-turbofish — remove backend arguments from turbofish calls (R8).

What it does:
    Deletes backend type arguments from `f::<..>(..)` and `x.m::<..>(..)` calls:
    `config.model.init::<B>(&device)` → `config.model.init(&device)`,
    `train::<B, AgNewsDataset>(..)` → `train::<AgNewsDataset>(..)`,
    `grads.get::<B, 2>(id)` → `grads.get::<2>(id)`, `save_image::<B, _>(..)` → `save_image(..)`,
    `optimizer.init::<B, Model<B>>()` → `optimizer.init()`. The project's own generic fns are
    looked up in the index (the backend position is known, whatever the argument is called).

Why:
    0.22 functions have no backend parameter: the turbofish has one argument too many (E0107),
    or names a trait bound that no longer exists — pitfall 1.

Example:
    before: let model = config.model.init::<B>(&device);
    after:  let model = config.model.init(&device);

Fix safety:
    safe for backend parameters and burn / project fns; review when the argument is a concrete
    backend (the device value must carry it: R11/R12) or when the fn is not the project's nor a
    known burn API (an external crate built for 0.21 must be upgraded too). Safe again where the
    device passed (in one of the callee's device parameters) is a `let device =
    Default::default();` of the fn that 0.21 typed from that backend, or a `Default::default()`
    made in the argument itself: it becomes its constructor in the same change
    (codemods/_device_origin.py); where the argument is that backend's own 0.21 device value
    (`CudaDevice::default()`, `FlexDevice`) or a `let` of one: it becomes that backend's device,
    made autodiff as the backend was (`Device::cuda(DeviceIndex::Default).autodiff()`,
    codemods/_device_values.py); and where no device within the call's reach is typed by the
    backend (codemods/_device_reach.py). Never where the backend also chose element types
    (`Wgpu<f16, i32>`, an alias defined so under a `#[cfg]`). Issue 26 item 1.

Reproduction check:
    E0107 ("function takes 0 generic arguments but 1 generic argument was supplied") at the call
    under burn 0.22.1; none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import BurnImports, FileContext
from burnmigrate.rust.edits import replace
from burnmigrate.rust.inferred_devices import DEVICE_WORD
from burnmigrate.rust.resolve import binding_uses, local_binding
from burnmigrate.rust.syntax import capture, enclosing, named_args, required_child, text

from ._autodiff import inner_device
from ._backend_args import DEFAULT_VALUE, decide, erase_args, head_name, untyped_default_let
from ._backend_choice import backend_base, checkpointing, device_backend, elem_note
from ._callees import callee
from ._device_decided import OncePerFn, Origins
from ._device_helpers import helper_made
from ._device_moves import may_move
from ._device_origin import backend_constructor, device_uses
from ._device_reach import chooses_nothing
from ._device_values import device_names, inline_device, passed_as
from ._runtime_setup import left_for_setup
from ._typed_calls import outer_args

_CALLED = re.compile(rb"(\w+)\s*::\s*<")


class BackendTurbofish(SourceRule):
    id = "backend-turbofish"
    name = "Remove backend arguments from turbofish calls"
    pitfalls = (1,)
    guide = "R8"
    triggers = (b"::<",)
    check = Check("E0107 (wrong number of generic arguments) at the call under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -c E0107", ("E0107",),
                  matches=(ErrorMatch('E0107', '', '::<'),))

    def applies(self, ctx: FileContext) -> bool:
        if b"::<" not in ctx.src:
            return False
        if b"Backend" in ctx.src or b"::<_," in ctx.src or ctx.mentions_any(ctx.index.trigger_names(with_fns=False)):
            return True
        if ctx.index.user_fns.keys().isdisjoint(ctx.idents):   # (no project fn named at all: no call of one)
            return False
        return any(m.decode() in ctx.index.user_fns for m in _CALLED.findall(ctx.src))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        imports = BurnImports(ctx)
        origins = Origins(self, imports, by_type=False)
        once = OncePerFn()
        for gf in ctx.nodes("generic_function"):
            fn = gf.child_by_field_name("function")
            ta = gf.child_by_field_name("type_arguments")
            if fn is None or ta is None:
                continue
            args = named_args(ta)
            if not args:
                continue
            scope = ctx.scope.in_scope(gf)
            d = decide(ctx, fn, args, scope, is_fn=True)
            if not d.doomed:
                if d.left:
                    out.append(self.finding(gf, f"`{text(gf)}` left as it is", d.left))
                continue
            edits = erase_args(ctx, fn, ta, d.doomed, turbofish=True)
            names = ", ".join(text(a) for a in d.doomed)
            safety, reason = d.safety, d.reason
            if safety is Safety.REVIEW and (moved := _module_train(ctx, gf, d.doomed, scope)):
                reason = moved   # (`.train()` makes the module autodiff itself: the device question is another one)
            # the device made in the argument (`Default::default()`, `CudaDevice::default()`) becomes
            # the chosen backend's, autodiff where it was: the drop is decided (codemods/_device_values.py)
            inline = inline_device(ctx, gf.parent) if gf.parent is not None and gf.parent.type == "call_expression" \
                and reason == d.reason and head_name(fn) not in ctx.index.forward_only_fns else None
            ad = self._autodiff_device(ctx, gf, fn, d.doomed, scope) if inline is None else None
            autodiff_let = False   # the `let` it passes is made autodiff where it is made
            # a callee that only runs a model forward needs the plain device: an autodiff one would
            # only grow its graph and keep Dropout on (pitfalls 13, 16)
            forward_only = ad is not None and head_name(fn) in ctx.index.forward_only_fns
            if ad is not None:
                arg, local = ad
                made_let = self._default_let_ctor(ctx, gf, arg, d.doomed, imports) if not local else None
                if made_let is not None:
                    # `let device = Default::default();` took its backend from this call's type:
                    # it becomes that backend's constructor, then a local like any other
                    ctor, autodiff_let = made_let
                    edits = edits + [ctor]
                    local = True
                    ad = (arg, True)
                if forward_only:
                    ad = None
                    safety = Safety.REVIEW
                    reason = (f"`{head_name(fn)}` only runs a model forward (no backward, step or gradients): the "
                              "device is passed plain, not made autodiff as the erased backend was, so no graph "
                              "grows and Dropout stays off (pitfalls 13, 16; valid-for-inference). Make it "
                              "autodiff if a caller takes gradients of what it returns.")
                elif local:
                    # the erased type was an autodiff backend: the device passed must now be one,
                    # or `.backward()` panics at run time (R11); a local built here is ours to convert
                    ckpt = any(checkpointing(ctx, text(a)) for a in d.doomed)
                    edits = edits + ([] if autodiff_let else self._make_autodiff(ctx, arg, ckpt, gf.parent))
                    note = "".join(elem_note(ctx, text(a), with_checkpointing=False) for a in d.doomed).strip()
                    safety, reason = (Safety.REVIEW, note) if note else (Safety.SAFE, "")
            made = origins.settle(ctx, gf, d.chosen or [], scope, out) \
                if inline is None and ad is None and safety is Safety.REVIEW else None
            note = ""
            if inline is not None:
                value, written = inline
                edits = edits + [Edit(value.start_byte, value.end_byte, imports.write(value, written, device_names(written)))]
                reason, safety, note = "", Safety.SAFE, f" (its device, made in the argument: `{written}`)"
            elif made is not None:   # the device passed is made in this fn for that backend (issue 26 item 1)
                edits, reason, safety, note = edits + made, "", Safety.SAFE, origins.note
            elif ad is None and safety is Safety.REVIEW and reason == d.reason \
                    and len(d.chosen or []) == len(d.doomed) and chooses_nothing(ctx, gf, d.chosen or [], scope):
                reason, safety = "", Safety.SAFE   # no device within its reach is typed by it
            elif ad is None and safety is Safety.REVIEW and reason == d.reason and (helper := helper_made(ctx, gf, d.chosen or [])):
                reason, safety, note = "", Safety.SAFE, f" (its device is `{helper}()`'s, made for `{names}`)"
            plain, inner = inner_device(ctx, gf, d.doomed, scope) if safety is not Safety.REVIEW else ([], "")
            if inner:
                safety, reason = Safety.REVIEW, inner
            elif plain:   # the inner backend's values get the plain device, as in 0.21
                edits, note = edits + plain, note + " and pass the plain device (`.clone().inner()`)"
            key = once.key(gf, reason, d.chosen, safety) if reason == d.reason else None
            if once.follows(key):
                safety, reason = Safety.SAFE, ""
            change = self.change(gf, f"drop backend argument `{names}` from `{head_name(fn)}::<..>`"
                                 + (" (its device is made autodiff where it is made)" if autodiff_let else
                                    " and pass an autodiff device" if ad is not None and ad[1] else "") + note,
                                 edits, safety=safety, reason=reason, pitfalls=(1, 13, 16) if forward_only else None)
            once.record(key, change)
            out.append(change)
            if inline is None:
                out.extend(self._default_devices(ctx, gf, fn, d.doomed, imports))
        out.extend(imports.changes(self))
        return out

    def _autodiff_device(self, ctx: FileContext, gf, fn, doomed, scope):
        """(the device argument, whether it is a local `let` of the enclosing fn) when an erased
        argument was an autodiff backend (`Autodiff<Flex>`, an alias of one) and the call passes
        one device; None otherwise."""
        if not any(ctx.scope.is_autodiff_type(a, scope) and ctx.scope.backend_kind(a, scope) in ("concrete", "alias")
                   for a in doomed):
            return None
        call = gf.parent
        if call is None or call.type != "call_expression":
            return None
        args = named_args(call.child_by_field_name("arguments"))
        own = callee(ctx, fn)
        slots = own.devices if own is not None else ctx.index.device_params.get(head_name(fn))
        # the one argument stands for the device only when nothing says which parameter is one
        # and it reads as a device; a resolved callee without a device parameter gets none
        guess = args if len(args) == 1 and own is None and DEVICE_WORD.search(text(args[0])) else []
        cands = [args[i] for i in sorted(slots) if i < len(args)] if slots else guess
        if len(cands) != 1:
            return None
        arg = cands[0]
        inner = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
        if inner is None or inner.type != "identifier":
            return None
        name = text(inner)
        fn_item = enclosing(call, ("function_item",))
        if fn_item is None:
            return None
        # the binding the argument names, as rustc resolves it (a closure's capture is the fn's
        # `let`: `.unwrap_or_else(|_| Config::new().init::<AB>(&device))`, reading 57)
        found = local_binding(fn_item, name, inner)
        lets = [found] if found is not None and found.type == "let_declaration" \
            and (p := found.child_by_field_name("pattern")) is not None and p.type == "identifier" else []
        # a local whose type the compiler knows without this call: `let device = Default::default();`
        # takes its type from the call it is passed to, and `device.clone()` would not (E0282)
        if lets and left_for_setup(lets[-1].child_by_field_name("value"), call):
            return None   # cubecl's own device, for its `init_setup`: no `.autodiff()` (the value has its finding)
        local = bool(lets) and (lets[-1].child_by_field_name("type") is not None or not DEFAULT_VALUE.fullmatch(
            text(lets[-1].child_by_field_name("value") or lets[-1]).replace(" ", "")))
        return arg, local

    def _default_let_ctor(self, ctx: FileContext, gf, arg, doomed, imports: BurnImports):
        """(The edit writing the constructor of the erased backend into `let device =
        Default::default();` (untyped: its type came from this call), whether it is made autodiff
        there) when every turbofish call of the fn that passes this local names the same backend;
        None otherwise. A call typed by a type (`let model: Linear<B> = ..init(&device)`,
        `Tensor::<B, 2>::zeros(.., &device)`) that passes it too counts (reading 26): where those
        name the autodiff backend, the `let` is made autodiff itself (the model's parameters must be
        on it, or no gradient reaches them); plain and autodiff ones together are not decided."""
        inner = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
        fn_item = enclosing(gf, ("function_item",))
        if inner is None or inner.type != "identifier" or fn_item is None:
            return None
        name = text(inner)
        value = untyped_default_let(gf, name)
        if value is None:
            return None
        bases = set()
        for other in capture("(generic_function) @g", fn_item, "g"):
            call = other.parent
            if call is None or call.type != "call_expression" or other.start_byte < value.end_byte:
                continue
            passed = [a.child_by_field_name("value") if a.type == "reference_expression" else a
                      for a in named_args(required_child(call, "arguments"))]
            if any(p is not None and text(p) == name for p in passed):
                bases |= {backend_base(ctx, t) or "?" for t in named_args(required_child(other, "type_arguments"))
                          if ctx.scope.is_backendish(t)}
        typed = set()
        for _call, _arg, args, turbofish in device_uses(ctx, fn_item, value.parent, name) if value.parent is not None else ():
            scope = ctx.scope.in_scope(_call)
            if not args and not turbofish and (_call.parent is None or _call.parent.type != "expression_statement"):
                # `let net = Net::new(&device);`: 0.21 inferred its backend from where the value goes
                # (`train::<Autodiff<Flex>>(net, &device)`: autodiff, so the `let` must be too)
                fed = _fed_backend(ctx, fn_item, _call)
                if fed is None:
                    return None
                typed.add(fed)
                continue
            typed |= {(device_backend(ctx, backend_base(ctx, a)), ctx.scope.is_autodiff_type(a, scope)) for a in outer_args(args)
                      if not turbofish and ctx.scope.backend_kind(a, scope) in ("concrete", "alias", "components")}
        base = bases.pop() if len(bases) == 1 else ""
        base = device_backend(ctx, base)
        if base not in api.DEFAULT_DEVICE or any(b != base for b, _ in typed) or len({ad for _, ad in typed}) > 1:
            return None
        ctor, names = api.DEFAULT_DEVICE[base]
        autodiff = any(ad for _, ad in typed)
        return Edit(value.start_byte, value.end_byte, imports.write(value, ctor, names) + (".autodiff()" if autodiff else "")), autodiff

    @staticmethod
    def _make_autodiff(ctx: FileContext, arg, checkpointing: bool, call) -> list:
        """`&device` → `&device.clone().autodiff()` (`.gradient_checkpointing()` after it where the
        erased type was `Autodiff<B, BalancedCheckpointing>`); `device.autodiff()` where it may be
        moved (its last use: _device_moves.py)."""
        ad = ".autodiff().gradient_checkpointing()" if checkpointing else ".autodiff()"
        inner = arg.child_by_field_name("value") if arg.type == "reference_expression" else arg
        clone = "" if inner is not None and may_move(ctx, call, inner) else ".clone()"
        return [replace(arg, ("&" if arg is not inner else "") + f"{text(inner)}{clone}{ad}")]

    def _default_devices(self, ctx: FileContext, gf, fn, doomed, imports: BurnImports) -> list[Change]:
        """`launch::<Autodiff<Wgpu>>(Default::default())`: the device argument that the backend
        type used to pick becomes that backend's constructor (R12); the callee makes it autodiff."""
        call = gf.parent
        own = callee(ctx, fn)
        slots = own.devices if own is not None else ctx.index.device_params.get(head_name(fn))
        if call is None or call.type != "call_expression" or not slots:
            return []
        bases = {backend_base(ctx, a) for a in doomed} - {""}
        if len(bases) != 1:
            return []
        base = bases.pop()
        base = device_backend(ctx, base)
        if base not in api.DEFAULT_DEVICE:
            return []
        ctor, names = api.DEFAULT_DEVICE[base]
        out = []
        args = named_args(call.child_by_field_name("arguments"))
        for i in sorted(slots):
            if i < len(args) and DEFAULT_VALUE.fullmatch(text(args[i]).replace(" ", "")):
                a = args[i]
                written = imports.write(a, ctor, names)
                out.append(self.change(a, f"the device for `{base}` → `{ctor}`", [replace(a, written)]))
        return out


def _module_train(ctx: FileContext, gf, doomed, scope) -> str:
    """`model.train::<AB>()` (burn-core 0.21 `Module::train<AB: AutodiffBackend<InnerBackend = B>>`,
    no arguments): 0.22.1's `.train()` enables autodiff on the device the module is on, so what
    the erased `AB` still asks is that the module was built on `AB`'s inner backend's device. Why, or ''."""
    fn = gf.child_by_field_name("function")
    call = gf.parent
    if fn is None or fn.type != "field_expression" or text(fn.child_by_field_name("field")) != "train" \
            or call is None or call.type != "call_expression" or named_args(required_child(call, "arguments")) \
            or len(doomed) != 1 or "train" in ctx.index.user_fns or not ctx.scope.is_autodiff_type(doomed[0], scope):
        return ""
    ab = text(doomed[0])
    made = backend_constructor(ctx, doomed[0])
    inner = made[2].removesuffix(".autodiff()") if made is not None else "Device::flex()"
    return (f"`.train::<{ab}>()` moved the module onto `{ab}`, built on the device of its inner backend; 0.22.1's "
            "`.train()` makes the module autodiff on the device it is on (burn-core 0.22.1 `Module::train`), so check "
            f"the module was built on `{ab}`'s inner backend's device: a device 0.21 typed from this call "
            "(`let device = Default::default();` passed to the module's constructor) is `Device::default()` now, "
            f"a pick by priority: write that backend's constructor there (`{inner}`)."
            + elem_note(ctx, ab))


def _fed_backend(ctx: FileContext, fn: Node, call: Node) -> tuple[str, bool] | None:
    """(backend, autodiff) an untyped call's value took in 0.21 from the fn turbofishes it is given
    to, whole or through a `let` (`let net = Net::new(&device); train::<Autodiff<Flex>>(net, ..)`);
    None when it goes anywhere else, or to turbofishes of different backends."""
    holder = call.parent.parent if call.parent is not None and call.parent.type == "reference_expression" else call.parent
    if holder is not None and holder.type == "arguments":
        targets = [holder.parent]
    elif holder is not None and holder.type == "let_declaration" and holder.child_by_field_name("type") is None \
            and (pat := holder.child_by_field_name("pattern")) is not None and pat.type == "identifier":
        uses = [passed_as(n) for n in binding_uses(fn, holder, text(pat))]
        if not uses or any(u.parent is None or u.parent.type != "arguments" for u in uses):
            return None
        targets = [u.parent.parent for u in uses if u.parent is not None]
    else:
        return None
    found = set()
    for t in targets:
        f = t.child_by_field_name("function") if t is not None and t.type == "call_expression" else None
        ta = f.child_by_field_name("type_arguments") if f is not None and f.type == "generic_function" else None
        scope = ctx.scope.in_scope(t) if t is not None else None
        picked = [a for a in named_args(ta) if ctx.scope.backend_kind(a, scope) in ("concrete", "alias")] if ta else []
        if len(picked) != 1:
            return None
        found.add((device_backend(ctx, backend_base(ctx, picked[0])), ctx.scope.is_autodiff_type(picked[0], scope)))
    return found.pop() if len(found) == 1 else None
