"""item-lazy-sync — an `impl ItemLazy` in 0.21's shape becomes 0.22.1's `sync(self) -> Result<Self, _>` (R15).

What it does:
    For `impl ItemLazy for Output<..>` whose `type ItemSync` is the same type (`Output<Flex>`, the
    pattern of burn's own 0.21 examples: sync the tensors to a CPU backend for the metrics):
    `type ItemSync = ..;` goes, `fn sync(self) -> Self::ItemSync` becomes
    `fn sync(self) -> Result<Self, ExecutionError>`, and the body's value is wrapped in `Ok(..)`
    (its tail, and each `return`). The body itself is kept: it reads the tensors back and builds
    them again on the device it names, as before.

Why:
    burn-train 0.22.1's `ItemLazy` has no associated type and `fn sync(self) -> Result<Self,
    ExecutionError>` (`metric/processor/base.rs`): the 0.21 impl fails with E0437 (`ItemSync`) and
    E0053 (the signature). With the backend erased, `Output<Flex>` and `Output<B>` are one type, so
    returning the rebuilt item as `Self` is what 0.21 returned.

    A bound or type written `<TO as ItemLazy>::ItemSync` (a `SupervisedTraining` where-clause)
    becomes `TO`: the synced item is the item itself in 0.22.1.

Example:
    impl<B: Backend> ItemLazy for Out<B> { type ItemSync = Out<Flex>; fn sync(self) -> Self::ItemSync { Out { .. } } }
    → impl ItemLazy for Out { fn sync(self) -> Result<Self, ExecutionError> { Ok(Out { .. }) } }
    where <TO as ItemLazy>::ItemSync: Adaptor<LossInput>  →  where TO: Adaptor<LossInput>

Fix safety:
    safe: the same value, now in `Ok`. An `ItemSync` of another type, a body with `?`, or a
    `sync` that is not `Self::ItemSync`-typed is left (training-traits reports it). The
    qualified path is safe: 0.22.1 has no other type for it to mean.

Reproduction check:
    `cargo check` on 0.22.1: E0437 / E0053 at the impl before, none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import BurnImports, FileContext
from burnmigrate.rust.edits import delete_span
from burnmigrate.rust.inferred_devices import INFERRED_DEVICE
from burnmigrate.rust.resolve import result_type
from burnmigrate.rust.syntax import descendants, last_segment, required_child, text, whole_line_span

from ._device_origin import backend_constructor


class ItemLazySync(SourceRule):
    id = "item-lazy-sync"
    name = "`ItemLazy::sync` returns `Result<Self, ExecutionError>`"
    pitfalls = (1,)
    guide = "R15"
    triggers = (b"ItemSync",)
    check = Check("`cargo check` on 0.22.1: E0437 / E0053 at the impl before, none after", "cargo check",
                  ("E0437", "E0053"), matches=(ErrorMatch("E0437", r"`ItemSync`"), ErrorMatch("E0053", r"`sync`")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        imports = BurnImports(ctx)
        for impl in ctx.nodes("impl_item"):
            tr, self_ty, body = (impl.child_by_field_name(f) for f in ("trait", "type", "body"))
            if tr is None or self_ty is None or body is None or last_segment(tr) != "ItemLazy":
                continue
            assoc = next((c for c in body.named_children if c.type == "type_item"
                          and text(c.child_by_field_name("name")) == "ItemSync"), None)
            sync = next((c for c in body.named_children if c.type == "function_item"
                         and text(c.child_by_field_name("name")) == "sync"), None)
            if assoc is None or sync is None or last_segment(assoc.child_by_field_name("type")) != last_segment(self_ty):
                continue
            ret, fbody = sync.child_by_field_name("return_type"), sync.child_by_field_name("body")
            if ret is None or fbody is None or text(ret).replace(" ", "") not in ("Self::ItemSync",
                                                                                 text(assoc.child_by_field_name("type")).replace(" ", "")):
                continue
            if any(n.type == "try_expression" and _own(n, sync) for n in descendants(fbody)):
                continue   # a `?` in 0.21's infallible sync: what it converts is the project's business
            tail = _tail(fbody)
            returns = [n for n in descendants(fbody) if n.type == "return_expression" and _own(n, sync) and n.named_children]
            if tail is None and not returns:
                continue
            err = imports.write(ret, "ExecutionError", ["ExecutionError"])
            edits = [delete_span(*whole_line_span(ctx.src, assoc)),
                     Edit(ret.start_byte, ret.end_byte, f"{result_type(ret, ctx.use_declarations())}<Self, {err}>")]
            for value in ([tail] if tail is not None else []) + [r.named_children[0] for r in returns]:
                edits += [Edit(value.start_byte, value.start_byte, "Ok("), Edit(value.end_byte, value.end_byte, ")")]
            made, unsure = _synced_devices(ctx, assoc, fbody, imports)
            out.append(self.change(assoc, "`ItemLazy` in 0.22.1: no `ItemSync`; `sync` returns `Result<Self, "
                                          "ExecutionError>` (the body's value in `Ok`)" + (
                                              f"; its device: `{made[0].new.lstrip('&')}`" if made else ""), edits + made,
                                   safety=Safety.REVIEW if unsure else Safety.SAFE, reason=unsure))
        for node in ctx.nodes("scoped_type_identifier") if b"as" in ctx.src else ():
            qualified = _item_sync_of(node)
            if qualified is not None:   # `<TO as ItemLazy>::ItemSync`: 0.22.1's `sync` returns `Self`
                item = qualified.child_by_field_name("type")
                out.append(self.change(node, f"`{text(node)}` → `{text(item)}` (0.22.1's `sync` returns the item itself)",
                                       [Edit(node.start_byte, node.end_byte, text(item))]))
        out.extend(imports.changes(self))
        return out


def _item_sync_of(node: Node) -> Node | None:
    """The `TO as ItemLazy` of `<TO as ItemLazy>::ItemSync` (None for any other path)."""
    name, path = node.child_by_field_name("name"), node.child_by_field_name("path")
    if name is None or text(name) != "ItemSync" or path is None or path.type != "bracketed_type":
        return None
    q = next((c for c in path.named_children if c.type == "qualified_type"), None)
    alias = q.child_by_field_name("alias") if q is not None else None
    return q if alias is not None and last_segment(alias) == "ItemLazy" else None


_DEFAULT = re.compile(r"&?\s*(?:(?:std|core)::default::)?Default::default\(\s*\)")


def _synced_devices(ctx: FileContext, assoc: Node, fbody: Node, imports: BurnImports) -> tuple[list[Edit], str]:
    """The device a 0.21 `sync` made by inference (`let device = &Default::default();`) was the
    default device of the backend `ItemSync` named (`Out<NdArray>`): with `ItemSync` gone it would
    be `Device::default()`, which 0.22.1 picks among the enabled backends at run time (reading
    24: the metrics' tensors went back to the GPU). (Edits writing that backend's constructor
    there, or '' with the reason when it cannot be written.)"""
    found = [n for n in descendants(fbody) if n.type == "call_expression"
             and _DEFAULT.fullmatch(text(n).replace(" ", "")) is not None]
    if not found and INFERRED_DEVICE.search(text(fbody)) is None:
        return [], ""
    args = [a for a in descendants(required_child(assoc, "type")) if a.type in ("type_identifier", "generic_type",
                                                                                   "scoped_type_identifier")]
    backend = next((a for a in args if a.parent is not None and a.parent.type == "type_arguments"
                    and ctx.scope.backend_kind(a, ctx.scope.in_scope(a)) in ("concrete", "alias")), None)
    made = backend_constructor(ctx, backend) if backend is not None else None
    others = INFERRED_DEVICE.findall(text(fbody))
    if made is None or len(others) != len(found) or any(_DEFAULT.fullmatch(o.replace(" ", "") + "()") is None
                                                         for o in others):
        return [], (f"this `sync` makes a device by inference, which 0.21 built for the backend `ItemSync` named "
                    f"(`{text(assoc.child_by_field_name('type'))}`); in 0.22.1 it is `Device::default()`, picked at "
                    "run time among the enabled backends (pitfall 5): write the device the metrics should read on.")
    ctor = imports.write(found[0], made[2], made[3])
    return [Edit(n.start_byte, n.end_byte, ctor) for n in found], ""


def _own(node: Node, fn: Node) -> bool:
    """Is `node` in `fn`'s own body, not in a closure or a nested fn inside it?"""
    cur = node.parent
    while cur is not None and cur.id != fn.id:
        if cur.type in ("closure_expression", "function_item"):
            return False
        cur = cur.parent
    return True


def _tail(block: Node) -> Node | None:
    kids = [c for c in block.named_children if c.type not in ("line_comment", "block_comment")]
    if not kids:
        return None
    last = kids[-1]
    if last.type == "expression_statement" or last.type.endswith("_declaration") or last.type.endswith("_item"):
        return None
    return last
