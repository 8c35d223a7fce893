"""What a type name stands for where it is written (names are resolved the way rustc resolves
them): a file's type alias, a fn-local one included, which the project index (crate-wide, by
name) does not hold, and whether the type an alias names is given to a `Tensor` as its backend."""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import UseLeaf
from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.syntax import last_segment, named_args, text


def a_tensors_backend(ctx: FileContext, cand: Node) -> bool:
    """Is the type the alias `cand` names (`type B = PerfTestBackend;`) also given to a `Tensor`
    as its backend in this file, directly or through an alias of the same type (`Tensor<B, 2>`,
    `Tensor::<PerfTestBackend, 1>::ones(..)`), where that type is meant (not a generic `B`)?"""
    target = alias_target(ctx, cand)
    if target is None:
        return False
    want = _meaning(ctx, target)
    for t in ctx.nodes("generic_type", "generic_type_with_turbofish"):
        if last_segment(t.child_by_field_name("type")) != "Tensor":
            continue
        ta = t.child_by_field_name("type_arguments")
        args = named_args(ta) if ta is not None else []
        first = args[0] if args else None
        if first is None or first.type not in ("type_identifier", "scoped_type_identifier"):
            continue
        got = alias_target(ctx, first)
        if _meaning(ctx, got if got is not None else first) == want:
            return True
    return False


def _meaning(ctx: FileContext, node: Node) -> tuple[str, ...]:
    """What a type path means here: its `use` path (`bunsen::..::PerfTestBackend`), or as written."""
    segments = tuple(text(node).replace(" ", "").split("::"))
    found = resolve(node, segments[0], ctx.use_declarations())
    if found.kind == "import" and found.path:
        return (*found.path, *segments[1:])
    return ("?", *segments) if found.kind in ("param", "unknown", "glob") else ("item", str(found.node.id if found.node else 0), *segments)


def local_alias_target(ctx: FileContext, cand: Node) -> Node | None:
    """The target of a fn-local alias `cand` names (`type B = Cuda<bf16>;` inside a fn)."""
    if cand.type != "type_identifier" or resolve(cand, text(cand), ctx.use_declarations()).kind != "local":
        return None
    return alias_target(ctx, cand)


def alias_target(ctx: FileContext, cand: Node) -> Node | None:
    """The type a bare name stands for where it is written, when it resolves to a type alias of
    this file with no parameters (a fn-local one, or a module's): `type B = PerfTestBackend;`."""
    if cand.type != "type_identifier":
        return None
    found = resolve(cand, text(cand), ctx.use_declarations())
    item = found.node if found.kind in ("item", "local") else None
    if item is None or item.type != "type_item" or item.child_by_field_name("type_parameters") is not None:
        return None
    target = item.child_by_field_name("type")
    return target if target is not None and target.type in ("type_identifier", "scoped_type_identifier", "generic_type") else None


PRIMITIVES = frozenset({"bool", "char", "str", "f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "i128", "isize",
                         "u8", "u16", "u32", "u64", "u128", "usize"})


def unused_crate_alias(ctx: FileContext, leaf: UseLeaf, vis: Node, used) -> bool:
    """`pub(crate) use burn::backend::Flex as Cpu;`: the crate's own backend alias (not API: a
    restricted re-export), which no file names any more once the erasure is in (every other
    mention is one it removes): it goes, as backend-alias deletes an unused `type` alias."""
    return (text(vis).replace(" ", "") != "pub" and len(leaf.path) > 1 and leaf.bound != leaf.path[-1]
            and leaf.path[-1] in api.CONCRETE_BACKENDS and leaf.bound in ctx.index.backend_aliases
            and not used(leaf.bound) and not (ctx.index.sticky_mentions.get(leaf.bound, set()) - {ctx.path}))


def backend_fn_calls(ctx: FileContext, text_: bytes) -> bool:
    """Does `text_` (code, comments and strings blanked) call a fn through a backend type
    (`Flex::name(..)`, `B::float_add(..)`, an alias's)? That is what a backend trait imported
    `as _` is used by: the name `_` itself says nothing."""
    heads = {*api.CONCRETE_BACKENDS, *ctx.index.backend_aliases}
    return any(m.group(1).decode() in heads or len(m.group(1)) == 1
               for m in _PATH_CALL.finditer(text_))


_PATH_CALL = re.compile(rb"\b([A-Z]\w*)\s*::\s*[a-z_]\w*\s*[(<]")
