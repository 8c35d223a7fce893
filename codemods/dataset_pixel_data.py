"""dataset-pixel-data — a vision item's `image` is a packed `PixelData`, not a `Vec<PixelDepth>` (R23).

What it does:
    On the `image` field of burn's `ImageDatasetItem` (a value whose binding says so: a parameter,
    a typed `let`, a `for` or closure over a collection of them):
    - `item.image.into_iter()` in a chain that ends in a consumer (`collect`, `sum`, `for_each` …)
      → `item.image.iter()`, and `for p in item.image` → `for p in item.image.iter()`: both yield
      `PixelDepth` by value, as 0.21's owned iteration did;
    - anything else the 0.21 `Vec` allowed (`item.image[i]`, `item.image.iter()` with its
      `&PixelDepth` items, `for p in &item.image`, the field moved into a `Vec<PixelDepth>`) gets a
      finding that says what 0.22.1 offers instead. `len()`, `is_empty()` and `clone()` still
      compile and are left alone.

Why:
    burn-dataset 0.22.1 stores an image once at its depth (`PixelData::U8(Vec<u8>)`, `U16`, `F32`,
    `vision/image_folder.rs`); it is neither an iterator (E0599 at `.into_iter()`, E0277 in a
    `for`) nor indexable (E0608), and its `iter()` yields `PixelDepth` by value, so 0.21's
    `|&p|` patterns and `*p` (E0308 / E0614) break.

Example:
    item.image.into_iter().map(|p: PixelDepth| -> u8 { p.try_into().unwrap() }).collect::<Vec<u8>>()
    → item.image.iter().map(|p: PixelDepth| -> u8 { p.try_into().unwrap() }).collect::<Vec<u8>>()
    (burn's own example now writes `Vec::<u8>::try_from(item.image)`: one conversion, no per-pixel tag)

Fix safety:
    safe: the rewritten iteration yields the same values in the same order, and the chain or loop
    consumes them where they are made (a borrowed iterator does not outlive the item). The
    findings change nothing.

Reproduction check:
    `cargo check` on 0.22.1: E0599 "`PixelData` is not an iterator" before, none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import local_binding
from burnmigrate.rust.syntax import enclosing, required_child, text

_ITEM = "ImageDatasetItem"
# iterator methods that consume the iterator where it is made (the borrow `iter()` takes ends there)
_CONSUMERS = frozenset({"collect", "sum", "product", "count", "fold", "for_each", "max", "min", "any", "all", "last",
                        "nth", "position", "find", "max_by", "min_by", "reduce", "try_for_each", "try_fold", "unzip",
                        "partition"})
_REPLACES = ("0.22.1's `image` is a `PixelData` (`U8(Vec<u8>)`, `U16(Vec<u16>)`, `F32(Vec<f32>)`), not a "
             "`Vec<PixelDepth>`: convert it once for a known depth (`Vec::<u8>::try_from(item.image)`), or "
             "read `PixelDepth` values from `item.image.iter()` (by value: no `&p` patterns, no `*p`)")


class DatasetPixelData(SourceRule):
    id = "dataset-pixel-data"
    name = "a vision item's image is PixelData"
    pitfalls = (1,)   # a 0.22 API change: a compile failure after the upgrade (the chart sends those to chapter 1)
    guide = "R23"
    safety = Safety.SAFE
    triggers = (_ITEM.encode(),)
    check = Check("`cargo check` on 0.22.1: E0599 `PixelData` is not an iterator at `.image.into_iter()`; none after",
                  "cargo check", ("E0599",), matches=(ErrorMatch("E0599", r"`PixelData` is not an iterator"),))

    def applies(self, ctx: FileContext) -> bool:
        return super().applies(ctx) and _ITEM not in ctx.index.defined_types   # a project's own type is not burn's

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for field in ctx.nodes("field_expression"):
            if text(field.child_by_field_name("field")) != "image" or not _is_item(field.child_by_field_name("value")):
                continue
            change = self._use(field)
            if change is not None:
                out.append(change)
        return out

    def _use(self, image: Node) -> Change | None:
        expr = image   # `item.image`, or its `.clone()` (the same `PixelData`)
        if _method(expr) == "clone":
            expr = _parent(_parent(expr))
        method = _method(expr)
        if method in ("len", "is_empty") or (method == "clone" and expr is image):
            return None
        p = _parent(expr)
        if method == "into_iter" and _consumed(_parent(p)):
            name = required_child(p, "field")
            return self.change(name, "`image.into_iter()` → `image.iter()` (`PixelData` yields `PixelDepth` values)",
                               [Edit(name.start_byte, name.end_byte, "iter")])
        if method == "iter":
            return self.finding(p, "`image.iter()` yields `PixelDepth` by value in 0.22.1 (0.21: `&PixelDepth`)",
                                "0.22.1's `PixelData::iter()` yields `PixelDepth` values: a `|&p|` pattern or "
                                "`*p` on them no longer compiles (drop the `&` / `*`)")
        if p.type == "for_expression" and p.child_by_field_name("value") == expr:
            return self.change(expr, f"`for p in {text(expr)}` → `for p in {text(expr)}.iter()` (`PixelData` is not iterable)",
                               [Edit(expr.end_byte, expr.end_byte, ".iter()")])
        return self.finding(image, f"`{text(image)}` is a `PixelData` in 0.22.1, not a `Vec<PixelDepth>`", _REPLACES)


def _parent(node: Node) -> Node:
    """The parent of a node that has one (an expression inside a fn body)."""
    assert node.parent is not None
    return node.parent


def _method(expr: Node) -> str:
    """The method called on `expr` (`expr.m(..)`), else ""."""
    p = expr.parent
    if p is None or p.type != "field_expression" or p.child_by_field_name("value") != expr:
        return ""
    call = p.parent
    return text(p.child_by_field_name("field")) if call is not None and call.type == "call_expression" else ""


def _consumed(call: Node) -> bool:
    """The method chain `call` starts reaches a consumer before it ends."""
    cur = call
    while cur.parent is not None and cur.parent.type == "field_expression" and cur.parent.parent is not None:
        name = text(cur.parent.child_by_field_name("field"))
        nxt = cur.parent.parent
        if nxt.type == "generic_function":
            nxt = nxt.parent
        if nxt is None or nxt.type != "call_expression":
            return False
        if name in _CONSUMERS:
            return True
        cur = nxt
    return False


def _is_item(value: Node | None) -> bool:
    """`value` is a name bound to one of burn's `ImageDatasetItem`s (or a reference to one)."""
    if value is None or value.type != "identifier":
        return False
    name = text(value)
    scope = enclosing(value)
    while scope is not None:
        ty = _binding_type(scope, name, value)
        if ty is not None:
            return _names_item(ty)
        scope = enclosing(scope)
    return False


def _names_item(ty: str) -> bool:
    return re.fullmatch(rf"&?\s*(?:mut\s+)?(?:[\w:]*::)?{_ITEM}", ty.strip()) is not None


def _binding_type(scope: Node, name: str, at: Node) -> str | None:
    """The type the binding of `name` visible at `at` declares inside `scope` (a fn or closure):
    its parameter, a `let` before `at`, or a `for` over / closure on a collection of items.
    "" when it is bound there without a type that says; None when `scope` does not bind it."""
    params = scope.child_by_field_name("parameters")
    for prm in params.named_children if params is not None else []:
        pat = prm.child_by_field_name("pattern") if prm.type == "parameter" else prm
        if pat is not None and text(pat).removeprefix("mut ").strip() == name:
            ty = prm.child_by_field_name("type") if prm.type == "parameter" else None
            if ty is not None:
                return text(ty)
            return _ITEM if scope.type == "closure_expression" and _over_items(scope) else ""
    best = local_binding(scope, name, at)
    if best is None:
        return None
    if best.type == "let_declaration":
        ty = best.child_by_field_name("type")
        return text(ty) if ty is not None else ""
    return _ITEM if _collection_of_items(best.child_by_field_name("value"), scope) else ""


def _over_items(closure: Node) -> bool:
    """`closure` is the argument of an iterator method on a collection of items
    (`items.iter().map(|item| ..)`, `items.into_iter().for_each(|item| ..)`)."""
    args = closure.parent
    call = args.parent if args is not None and args.type == "arguments" else None
    fn = call.child_by_field_name("function") if call is not None else None
    if fn is None or fn.type != "field_expression":
        return False
    recv = fn.child_by_field_name("value")
    while recv is not None and recv.type == "call_expression":   # `items.iter()`, `items.into_iter()`
        f = recv.child_by_field_name("function")
        if f is None or f.type != "field_expression" or text(f.child_by_field_name("field")) not in ("iter", "into_iter"):
            return False
        recv = f.child_by_field_name("value")
    return _collection_of_items(recv, enclosing(closure))


def _collection_of_items(value: Node | None, scope: Node | None) -> bool:
    """`value` (a name, `&name`) is bound to a `Vec<ImageDatasetItem>` / `&[ImageDatasetItem]`."""
    while value is not None and value.type == "reference_expression":
        value = value.child_by_field_name("value")
    if value is None or value.type != "identifier" or scope is None:
        return False
    while scope is not None:
        ty = _binding_type(scope, text(value), value)
        if ty is not None:
            return re.fullmatch(rf"&?\s*(?:mut\s+)?(?:Vec\s*<\s*|\[\s*)(?:[\w:]*::)?{_ITEM}\s*[>\]]", ty.strip()) is not None
        scope = enclosing(scope)
    return False
