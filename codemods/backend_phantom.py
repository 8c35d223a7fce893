"""backend-phantom — remove `PhantomData<B>` carriers of a backend parameter (R9).

What it does:
    Deletes struct fields whose type is `PhantomData` of backend types only, the matching
    initialisers in struct expressions (`phantom: PhantomData`, `phantom: Default::default()`,
    shorthand `phantom`) and patterns, in every file of the project; `PhantomData<fn() -> B>` and
    `PhantomData<*const B>` (the variance / auto-trait forms of the marker) too. `PhantomData<(B, M)>`
    keeps the rest: `PhantomData<M>`. A tuple struct's `PhantomData<B>` is not a field this
    rule removes (positional: constructors, patterns and `.N` accesses change with it): the
    struct keeps its parameter, with backend-extension's finding.

Why:
    With the backend parameter erased (backend-type-parameter), `PhantomData<B>` names an
    undeclared type (E0412) — pitfall 1.

Example:
    before: struct Worker<B: Backend> { device: B::Device, phantom: PhantomData<B> }
            Worker { device, phantom: PhantomData }
    after:  struct Worker { device: Device }
            Worker { device }

Fix safety:
    safe: a zero-sized marker with no behaviour.

Reproduction check:
    E0412 (cannot find type `B`) at the field under burn 0.22.1; none after.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import delete_list_items, replace
from burnmigrate.rust.syntax import ancestors, last_segment, named_args, phantom_marked, text


def _phantom_args(ty: Node) -> list[Node] | None:
    if ty.type != "generic_type" or last_segment(ty) != "PhantomData":
        return None
    ta = ty.child_by_field_name("type_arguments")
    return named_args(ta) if ta is not None else None


class BackendPhantom(SourceRule):
    id = "backend-phantom"
    name = "Remove PhantomData<B> fields"
    pitfalls = (1,)
    guide = "R9"
    triggers = (b"PhantomData", b"phantom")
    check = Check("E0412 (cannot find type `B`) at the field under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -c E0412", ("E0412",),
                  matches=(ErrorMatch('E0412', '`PhantomData`|PhantomData', 'PhantomData'),))

    def applies(self, ctx: FileContext) -> bool:
        return b"PhantomData" in ctx.src or (bool(ctx.index.phantom_fields) and ctx.mentions_any(ctx.index.phantom_fields))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for fd in ctx.nodes("field_declaration"):
            ty = fd.child_by_field_name("type")
            if ty is None:
                continue
            args = _phantom_args(ty)
            if not args:
                continue
            scope = ctx.scope.in_scope(fd)
            if len(args) == 1 and args[0].type == "tuple_type":
                elems = named_args(args[0])
                doomed = [e for e in elems if ctx.scope.is_backendish(e, scope)]
                if doomed and len(doomed) < len(elems):
                    kept = [e for e in elems if e not in doomed]
                    new = text(kept[0]) if len(kept) == 1 else "(" + ", ".join(text(k) for k in kept) + ")"
                    out.append(self.change(args[0], f"drop the backend from `{text(ty)}`",
                                           [replace(args[0], new)]))
                    continue
                if not doomed:
                    continue
            elif not all(ctx.scope.is_backendish(phantom_marked(a), scope) for a in args):
                continue   # (`PhantomData<fn() -> B>`, `PhantomData<*const B>`: markers of `B` too)
            lst = fd.parent
            assert lst is not None   # a field declaration sits in its list
            out.append(self.change(fd, f"remove backend marker field `{text(fd.child_by_field_name('name'))}`",
                                   delete_list_items(ctx.src, lst, [fd])))
        # initialisers and patterns of structs known (project-wide) to carry such fields
        if ctx.index.phantom_fields:
            for s in ctx.nodes("struct_expression", "struct_pattern"):
                name_node = s.child_by_field_name("name") or s.child_by_field_name("type")
                if name_node is None:
                    continue
                sname = last_segment(name_node)
                if sname == "Self":
                    sname = self._self_type(s)
                fields = ctx.index.phantom_fields.get(sname)
                if not fields or sname in ctx.index.kept_types:
                    continue   # (a struct that keeps its backend parameter keeps its marker field)
                body = s.child_by_field_name("body") if s.type == "struct_expression" else s
                if body is None:
                    continue
                doomed = []
                for item in named_args(body):
                    fname = ""
                    if item.type == "field_initializer":
                        fname = text(item.child_by_field_name("field"))
                    elif item.type == "shorthand_field_initializer":
                        fname = text(item.named_children[0]) if item.named_children else ""
                    elif item.type == "field_pattern":
                        n = item.child_by_field_name("name")
                        fname = text(n)
                    if fname in fields:
                        doomed.append(item)
                if not doomed:
                    continue
                items = [i for i in named_args(body) if i.type not in ("type_identifier", "scoped_type_identifier", "generic_type")]
                if s.type == "struct_pattern":
                    edits = delete_list_items(ctx.src, s, doomed) if len(items) > len(doomed) else [
                        Edit(doomed[0].start_byte, doomed[-1].end_byte, "..")]
                else:
                    edits = delete_list_items(ctx.src, body, doomed)
                out.append(self.change(s, f"remove backend marker initialiser of `{sname}`", edits))
        return out

    @staticmethod
    def _self_type(node: Node) -> str:
        for a in ancestors(node):
            if a.type == "impl_item":
                return last_segment(a.child_by_field_name("type"))
        return ""
