"""Which drops a decided device settles, and what they carry (issue 26 item 1).

A drop of a concrete backend is decided when the device its call passes is made for exactly that
backend: a `let` or an argument _device_origin decides, or a parameter every caller gives such a
device (_device_params). The drop then carries the edits that write those devices' constructors,
so none lands without the other.
"""
from __future__ import annotations

import re
from dataclasses import replace

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Edit, Safety
from burnmigrate.rust.context import FileContext, cfg_attributes
from burnmigrate.rust.syntax import descendants, enclosing, named_args, text

from ._backend_choice import elem_note
from ._device_origin import Origin, call_origin, origin_edit
from ._device_params import body_origins, no_device, signature_origins
from ._device_reach import autodiff_near
from ._device_values import chosen_backend


class Origins:
    """The devices one rule's drops are decided by, in one run over a file. `by_type`: this rule
    records the `let`s whose calls a type's arguments type (backend-type-argument), else those
    only fn turbofishes type (backend-turbofish): each `let`'s change is recorded once, by one rule."""

    def __init__(self, rule, imports, by_type: bool) -> None:
        self.rule, self.imports, self.by_type = rule, imports, by_type
        self.written: set[int] = set()
        self.note = ""   # what the last settled drop's message adds (a device made in the argument)

    def settle(self, ctx: FileContext, typed: Node, chosen: list[Node], scope, out: list[Change]) -> list[Edit] | None:
        """The edits a drop at `typed` carries when the device its call passes is decided
        (`decided`): the `let`'s constructor, or nothing when it is written already; None when
        the device is not decided. The drop then is safe: the `let` lands with it or neither does."""
        origin = decided(ctx, typed, chosen, scope)
        self.note = ""
        if origin is None:
            return None
        others = {o.value.id: origin_edit(o, self.imports) for o in origin.also if o.pending and o.value.id != origin.value.id}
        loaders = loader_edits(ctx, typed, origin, self.imports)
        others.update({call.id: e for call, e in loaders})
        for call, e in loaders:   # each recorded once; every drop it decides carries its edit too
            if call.id not in self.written:
                self.written.add(call.id)
                out.append(self.rule.change(call, f"the loader's batches were made on `{origin.base}`'s default device: "
                                                  f"`{e.new}`", [e], safety=Safety.SAFE))
        if origin.from_callers:
            self.note = f" (every device it is given or makes: `{origin.ctor}`)"
        elif not origin.ctor:
            self.note = " (no device reaches the call)"
        if not origin.pending:
            return list(others.values())
        made = origin_edit(origin, self.imports)
        if origin.returned:
            self.note = f" (the device it returns: `{origin.ctor}`)"
        elif origin.let is None:
            self.note = f" (its device, made in the argument: `{origin.ctor}`)"
        elif origin.own:   # (no record of its own: the drop says what its edit writes)
            self.note = f" (its device `{text(origin.value)}`: `{origin.ctor}`)"
        if origin.let is not None and not origin.own and origin.by_type == self.by_type and origin.let.id not in self.written:
            self.written.add(origin.let.id)
            out.append(origin_change(self.rule, origin, made))
        return [made, *others.values()]


def origin_change(rule, origin: Origin, edit: Edit) -> Change:
    """The record of a `let`'s constructor (`rule` records it). Every drop it decides carries the
    same edit, so none lands without it. Safe for NdArray and LibTorch too: `Device::ndarray()` /
    `Device::libtorch()` are the same backends in 0.22.1 (deprecated there: the crate's `ndarray` /
    `tch` feature carries that finding once, in the manifest)."""
    assert origin.let is not None   # (a device made in the argument is recorded with its drop)
    return rule.change(origin.value, f"the device `{text(origin.let.child_by_field_name('pattern'))}` was made for "
                                     f"`{origin.base}`" + (" (autodiff)" if origin.autodiff else "") + f": `{edit.new}`",
                       [edit], safety=Safety.SAFE)


def decided(ctx: FileContext, typed: Node, chosen: list[Node], scope) -> Origin | None:
    """The origin of the device the call typed by `typed` passes, when it is made for exactly
    the backends `chosen` (the erased arguments that chose one): then the erasure is decided."""
    origin = call_origin(ctx, typed) if chosen else None
    if origin is None and chosen:
        found = signature_origins(ctx, typed) or body_origins(ctx, typed)
        origin = replace(found[0], also=tuple(found[1:]), from_callers=True) if found else None
        pairs = {chosen_backend(ctx, a, scope) for a in chosen}
        if origin is None and len(pairs) == 1:
            origin = no_device(ctx, typed, *next(iter(pairs)))
    if origin is None or {chosen_backend(ctx, a, scope) for a in chosen} \
            != {(origin.base, origin.autodiff)}:
        return None
    if origin.ctor and any(elem_note(ctx, text(a), with_checkpointing=False) for a in chosen):
        return None   # element types chosen with the backend: the device must be configured, a person's call
    fn = enclosing(typed, ("function_item",))
    if origin.own and not origin.autodiff and fn is not None and autodiff_near(ctx, fn):
        return None   # one 0.21 device served the fn's autodiff backend too: a plain drop there is review
    if fn is not None and _default_loaders(fn) and len(_fn_backends(ctx, fn)) != 1:
        return None   # a loader on the default device whose backend is not the one this fn names
    return origin


_LOADER_NEW = re.compile(r"(?:[\w:]*::)?DataLoaderBuilder(?:\s*::\s*<[^()]*>)?\s*::\s*new")


def _default_loaders(fn: Node) -> list[Node]:
    """The `DataLoaderBuilder::new(..)` calls of a fn that makes its batches on the default device
    (burn_api.dataloader_default_device: no `set_device`, iterated here or given to no Learner)."""
    body = fn.child_by_field_name("body")
    if body is None or not api.dataloader_default_device(text(body)):
        return []
    return [c for c in descendants(body) if c.type == "call_expression"
            and _LOADER_NEW.fullmatch(text(c.child_by_field_name("function"))) is not None]


def _fn_backends(ctx: FileContext, fn: Node) -> set[tuple[str, bool]]:
    """The (backend, autodiff) pairs the concrete backend arguments of a fn's types name."""
    out = set()
    for gt in descendants(fn):
        ta = gt.child_by_field_name("type_arguments") if gt.type in ("generic_type", "generic_type_with_turbofish",
                                                                     "generic_function") else None
        if ta is None:
            continue
        scope = ctx.scope.in_scope(gt)
        out |= {chosen_backend(ctx, a, scope) for a in named_args(ta)
                if ctx.scope.backend_kind(a, scope) in ("concrete", "alias", "components")}
    return out


def loader_edits(ctx: FileContext, typed: Node, origin: Origin, imports) -> list[tuple[Node, Edit]]:
    """`.set_device(..)` on each loader of the fn that made its batches on `X::Device::default()`,
    X the backend the drop at `typed` erases (the fn names no other): 0.22.1's loader would use
    `Device::default()`, which picks among the enabled backends at run time (burn-core 0.22.1
    `data/dataloader/builder.rs`: `self.device.unwrap_or_default()`)."""
    fn = enclosing(typed, ("function_item",))
    if fn is None or not origin.ctor:
        return []
    return [(c, Edit(c.end_byte, c.end_byte, f".set_device({imports.write(c, origin.ctor, origin.names)})"))
            for c in _default_loaders(fn)]


_ONCE = " (asked once for this fn: its other drops of this backend follow it, marked safe)"


def _cfg_scope(node: Node, fn: Node) -> str:
    """An id for the innermost statement or item of `fn` under a `#[cfg(..)]` that holds `node`
    ('' when none): two `#[cfg(feature = "a")] { .. }` blocks of one fn are never built together."""
    cur: Node | None = node
    while cur is not None and cur.id != fn.id:
        if cfg_attributes(cur):
            return f"\0cfg{cur.id}"
        cur = cur.parent
    return ""


class OncePerFn:
    """Issue 26 item 1: where the device is not decided, "the device this code receives must be
    built for that backend" is one question per fn, not one per argument. The first drop of a fn
    with that reason stays review and its message says it stands for the others; the later ones are safe (the
    edit itself is the only one 0.22 allows: what a person checks is the device, once)."""

    def __init__(self) -> None:
        self.first: dict[tuple[int, str], Change] = {}

    def key(self, node: Node, reason: str, chosen: list[Node] | None, safety: Safety) -> tuple[int, str] | None:
        fn = enclosing(node, ("function_item",)) if chosen and safety is Safety.REVIEW and reason else None
        # (code under its own `#[cfg(..)]` is built alone: an answer given in another block is not its answer)
        return (fn.id, reason + _cfg_scope(node, fn)) if fn is not None else None

    def follows(self, key: tuple[int, str] | None) -> bool:
        """Does this place follow an earlier one of its fn (then it is safe)?"""
        if key is None or key not in self.first:
            return False
        first = self.first[key]
        if not first.message.endswith(_ONCE):   # the message: the reason (a decision's template) stays
            first.message += _ONCE
        return True

    def record(self, key: tuple[int, str] | None, change: Change) -> None:
        if key is not None and key not in self.first:
            self.first[key] = change
