"""What a source rule sees: one parsed file (`FileContext`) with the project index and its
crate's facts, and `BurnImports`, the planner for burn names new code needs in scope."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from tree_sitter import Node, Tree

from burnmigrate import burn_api as api
from burnmigrate.model import CrateFacts
from burnmigrate.rust.burn_traits import changed_trait_impls
from burnmigrate.rust.imports import (
    binding_scope,
    binds,
    binds_elsewhere,
    block_binds,
    defines,
    gated_binding,
    insertion_edit,
    merge_edit,
    renamed_imports,
    sees_imports_of,
    use_leaves,
)
from burnmigrate.rust.index import ProjectIndex
from burnmigrate.rust.scans import aliases_backend_trait, has_word
from burnmigrate.rust.scope import BackendScope
from burnmigrate.rust.syntax import identifiers, named_args, node_index, text

_USE_KEYWORD = re.compile(rb"(?m)^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?(use)\b")


@dataclass
class FileContext:
    path: str
    src: bytes
    tree: Tree | None
    index: ProjectIndex
    crate: CrateFacts
    scope: BackendScope = field(init=False)

    @classmethod
    def prepared(cls, path, src, tree, index, crate, nodes=None, idents=None) -> FileContext:
        """A context reusing what pass 1 already computed for the same text."""
        ctx = cls(path, src, tree, index, crate)
        ctx._nodes = nodes
        ctx._idents = idents
        return ctx

    def __post_init__(self):
        self.scope = BackendScope(self.index, self.crate.project_crates)
        self.original: bytes = self.src   # the file as the user wrote it (the engine sets it in later rounds)
        self.masks: list = []   # the expression view's masks (rust/macros.py `Mask`): where `src` is not the file's
        self._nodes: dict[str, list[Node]] | None = None
        self._idents: frozenset[str] | None = None
        self._changed_traits: list[tuple[Node, api.ChangedTrait]] | None = None
        if self.tree is not None and ((b"Backend" in self.src and aliases_backend_trait(self.src)) or (
                self.index.shadowing_traits and any(n.encode() in self.src for n in self.index.shadowing_traits))):
            self._resolve_backend_names()

    def _resolve_backend_names(self) -> None:
        """Local definitions and explicit imports beat glob imports: which backend-trait names in
        this file are burn's (per file: a module-level approximation of Rust's per-module rule)."""
        shadowed: set[str] = set()
        for name in self.index.shadowing_traits:
            if re.search(rb"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?trait\s+" + name.encode() + rb"\b", self.src):
                shadowed.add(name)
        roots = set(self.crate.burn_roots) | {"burn", "burn_core", "burn_tensor"}
        shadowed |= {leaf.bound for leaf in use_leaves(self.root, self.use_declarations()) if leaf.path
                     and leaf.path[0] in ("crate", "super", "self") and leaf.bound in self.index.shadowing_traits}
        aliases = renamed_imports(self.root, roots, api.BACKEND_TRAITS, self.use_declarations())
        if shadowed or aliases:
            self.scope.resolve_names(shadowed, aliases)

    @property
    def root(self) -> Node:
        """The tree's root node: a rule's context has its tree (only the engine's probe, which
        asks the rules whether they apply, has none)."""
        assert self.tree is not None
        return self.tree.root_node

    def file_text(self, node: Node) -> str:
        """`node`'s text as the file has it: a macro's pattern the view blanked (`matches!(d, X::Y)`) included."""
        out = bytearray(self.src[node.start_byte:node.end_byte])
        for m in self.masks:
            if node.start_byte <= m.start and m.end <= node.end_byte:
                out[m.start - node.start_byte:m.end - node.start_byte] = m.original
        return out.decode("utf-8", "replace")

    def nodes(self, *kinds: str) -> list[Node]:
        """Nodes of the given kinds, in document order. One query traversal per tree collects
        every kind in syntax.INDEXED_KINDS (a traversal costs about the same whatever it
        captures); another kind costs one more traversal."""
        if self._nodes is None:
            self._nodes = node_index(self.root)
        missing = [k for k in kinds if k not in self._nodes]
        if missing:
            self._nodes.update(node_index(self.root, missing))
        if len(kinds) == 1:
            return self._nodes[kinds[0]]
        out = [n for k in kinds for n in self._nodes[k]]
        return sorted(out, key=lambda n: (n.start_byte, -n.end_byte))

    def method_calls(self, method: str, nargs: int | None = None) -> list[tuple[Node, Node, list[Node]]]:
        """(call, method name node, arguments) of every `x.method(..)` call, with `nargs`
        arguments when given."""
        out = []
        for call in self.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "field_expression":
                continue
            field = fn.child_by_field_name("field")
            if field is None or field.text != method.encode():
                continue
            arglist = call.child_by_field_name("arguments")
            args = named_args(arglist) if arglist is not None else []
            if nargs is None or len(args) == nargs:
                out.append((call, field, args))
        return out

    def changed_trait_impls(self) -> list[tuple[Node, api.ChangedTrait]]:
        """The project's impls of burn traits whose shape changed in 0.22.1 (rust/burn_traits.py):
        left as 0.21 wrote them, with `burn-trait-impl`'s finding."""
        if self._changed_traits is None:
            self._changed_traits = []
            if b"impl" in self.src and any(n.encode() in self.src for n in api.CHANGED_TRAITS):
                self._changed_traits = changed_trait_impls(self.crate.burn_roots, self.use_declarations(),
                                                           self.nodes("impl_item"))
        return self._changed_traits

    def frozen_spans(self) -> list[tuple[int, int]]:
        """Byte spans no fix rule may edit: the impls of `changed_trait_impls`."""
        return [(impl.start_byte, impl.end_byte) for impl, _ in self.changed_trait_impls()]

    def frozen(self, node: Node) -> bool:
        """Is `node` inside a frozen span? (A rule that also writes outside the node, an import
        for instance, asks before it plans.)"""
        return any(s <= node.start_byte and node.end_byte <= e for s, e in self.frozen_spans())

    def use_declarations(self) -> list[Node]:
        """Every `use` declaration. Found from the text (`use` keywords) when no node index was
        built: a file that only needs its imports checked is not traversed whole."""
        if self._nodes is not None:
            return self.nodes("use_declaration")
        root = self.root
        out = []
        for m in _USE_KEYWORD.finditer(self.src):
            n = root.descendant_for_byte_range(m.start(1), m.end(1))
            if n is not None and n.type == "use" and n.parent is not None and n.parent.type == "use_declaration":
                out.append(n.parent)
        return out

    def in_use_declaration(self, pos: int) -> bool:
        """Is the byte `pos` inside one of the file's `use` declarations?"""
        spans = self.__dict__.get("_use_spans")
        if spans is None:
            spans = self.__dict__["_use_spans"] = [(u.start_byte, u.end_byte) for u in self.use_declarations()]
        return any(a <= pos < b for a, b in spans)

    @property
    def idents(self) -> frozenset[str]:
        if self._idents is None:
            self._idents = identifiers(self.src)
        return self._idents

    def names_outside_uses(self, name: str) -> bool:
        """Does the code name `name` outside its `use` declarations, comments and strings?"""
        code = self.__dict__.get("_code_outside_uses")
        if code is None:
            from burnmigrate.rust.uses import without_comments_and_strings
            buf = bytearray(without_comments_and_strings(self.src))
            for d in self.use_declarations():
                buf[d.start_byte:d.end_byte] = b" " * (d.end_byte - d.start_byte)
            code = self.__dict__["_code_outside_uses"] = bytes(buf)
        return has_word(code, name.encode())

    def mentions_any(self, names) -> bool:
        return not self.idents.isdisjoint(names)

    def text(self, node: Node | None) -> str:
        return self.src[node.start_byte:node.end_byte].decode("utf-8") if node is not None else ""


def _is_cfg(attr: Node) -> bool:
    return attr.type == "attribute_item" and text(attr).replace(" ", "").startswith("#[cfg(")


def cfg_attributes(node: Node) -> list[Node]:
    """The `#[cfg(..)]` attributes written on `node` (an item or a statement), nearest first."""
    found = []
    attr = node.prev_named_sibling
    while attr is not None and attr.type in ("attribute_item", "line_comment", "block_comment"):
        if _is_cfg(attr):
            found.append(attr)
        attr = attr.prev_named_sibling
    return found


def _cfg_attributed(node: Node) -> bool:
    """Is `node` (an item or a statement) preceded by a `#[cfg(..)]` attribute of its own?"""
    return bool(cfg_attributes(node))


def item_cfg(node: Node) -> str:
    """The `#[cfg(..)]` attributes (whitespace left out) of the item holding `node` (itself an item,
    or inside one): '' when it has none. Two items with the same text are in the same build."""
    item: Node | None = node
    while item is not None and item.parent is not None and item.parent.type not in ("source_file", "declaration_list"):
        item = item.parent
    return "".join(sorted(text(a).replace(" ", "") for a in cfg_attributes(item))) if item is not None else ""


def _cfg_arm(arm: Node) -> bool:
    """Is the match arm `#[cfg(..)] Pattern => ..`? (Its attributes are its own children.)"""
    return any(_is_cfg(c) for c in arm.named_children)


def gated_without_block(at: Node) -> bool:
    """Is `at` in a `#[cfg(..)]` match arm whose value is no block (`#[cfg(feature = "wgpu")]
    Kind::Wgpu => run(Device::wgpu(..))`)? No `use` fits there, and one at module level would
    be unused in the other builds: a name it needs is written with its path."""
    cur = at.parent
    while cur is not None and cur.type not in ("function_item", "block"):
        if cur.type == "match_arm" and _cfg_arm(cur):
            return True
        cur = cur.parent
    return False


def _gated_fn_body(at: Node) -> Node | None:
    """The block around `at` that is compiled only under a `#[cfg(..)]`: a gated statement's own
    block (`#[cfg(feature = "wgpu")] if cpu { .. }`), else the body of a gated fn. Its imports go
    inside it, or they are unused (a warning, an error under `deny(warnings)`) in every build
    that leaves it out (a method of a gated `impl` counts as gated)."""
    block: Node | None = None   # the innermost block around `at` so far
    cur = at.parent
    while cur is not None and cur.type != "function_item":
        if cur.type == "block" and block is None:
            block = cur
        if ((cur.type in ("expression_statement", "let_declaration") and _cfg_attributed(cur))
                or (cur.type == "match_arm" and _cfg_arm(cur))) and block is not None and cur.start_byte <= block.start_byte:
            return block
        cur = cur.parent
    if cur is None:
        return None
    return cur.child_by_field_name("body") if _cfg_attributed(cur) or _in_gated_impl(cur) else None


def _in_gated_impl(fn: Node) -> bool:
    """Is this fn a method of an `impl` / `trait` under a `#[cfg(..)]`? (A gated `mod` is its
    own import scope: see `binding_scope`.)"""
    cur = fn.parent
    while cur is not None and cur.type not in ("source_file", "mod_item", "function_item"):
        if cur.type in ("impl_item", "trait_item") and _cfg_attributed(cur):
            return True
        cur = cur.parent
    return False


class BurnImports:
    """The burn names (`Device`, `DeviceKind`, ...) that new code needs in scope, per module body;
    `edits()` brings the missing ones in (merged into an existing `use burn::tensor::..` when
    there is one). A module that defines a name itself gets no import (use `qualified`)."""

    def __init__(self, ctx: FileContext):
        self.ctx = ctx
        self.base = ctx.crate.device_path.rsplit("::", 1)[0]   # e.g. `burn::tensor`
        self.globs: set[tuple[str, ...]] = ({(r, "prelude") for r in ctx.crate.burn_roots}
                      | {(r, "tensor") for r in ctx.crate.burn_roots})
        self._wanted: dict[int, tuple[Node, set[str]]] = {}
        self._known: dict[tuple[int, str], tuple[bool, bool]] = {}

    def _state(self, body: Node, name: str) -> tuple[bool, bool]:
        key = (body.id, name)
        if key not in self._known:
            globs = self._globs(name)
            decls = self.ctx.use_declarations()
            if body.type == "block":   # a gated fn's own `use`s, and its module's
                own = any(leaf.bound == name for leaf in use_leaves(body, decls)
                          if leaf.declaration.parent is not None and leaf.declaration.parent.id == body.id)
                module = binding_scope(body)
                self._known[key] = (own or binds(module, name, globs, decls), defines(module, name))
            else:
                self._known[key] = (binds(body, name, globs, decls), defines(body, name))
        return self._known[key]

    def _globs(self, name: str) -> set[tuple[str, ...]]:
        """The globs that bring `name`: a prelude glob binds the prelude's names only (`FloatDType`
        is not one of them)."""
        return self.globs if name in api.PRELUDE_0_22 else {g for g in self.globs if g[-1] != "prelude"}

    def qualified(self, name: str) -> str:
        return f"{self.base}::{name}"

    def spelling(self, at: Node, name: str, path_ok: bool = True) -> str:
        """How to write `name` at `at`: bare (importing it when needed), or the full path when the
        module defines its own `name` or (with `path_ok`) where no import fits."""
        gated = _gated_fn_body(at)
        if gated is not None and not gated.start_byte <= at.start_byte < gated.end_byte:
            # a gated fn's signature: no `use` in its body reaches it, and one at module level
            # is unused in the builds that leave the fn out
            return self.qualified(name)
        body = gated or binding_scope(at)
        bound, defined = self._state(body, name)
        if not bound and not defined and block_binds(at, name, self._globs(name), self.ctx.use_declarations()):
            return name   # (a block around `at` imports it: a doc snippet's `fn main() { use burn::prelude::*; .. }`)
        roots = {*self.ctx.crate.burn_roots, "burn", "burn_core", "burn_tensor"}
        decls = self.ctx.use_declarations()
        if bound and (binds_elsewhere(body, name, roots, decls) or (body.type == "block" and not any(
                leaf.bound == name for leaf in use_leaves(body, decls) if leaf.declaration.parent is not None
                and leaf.declaration.parent.id == body.id) and binds_elsewhere(binding_scope(body), name, roots, decls))):
            return self.qualified(name)   # (`use cubecl::device::Device;`, for a gated fn its module's: the bare name is cubecl's)
        if defined or (not bound and path_ok and gated_without_block(at)) \
                or (not bound and gated_binding(body, name, self.ctx.use_declarations())):
            return self.qualified(name)   # (no `use` fits: the module's own, a `#[cfg]` arm, or a gated `use` of it)
        if not bound:
            self._wanted.setdefault(body.id, (body, set()))[1].add(name)
        return name

    def write(self, at: Node, code: str, names) -> str:
        """`code` (written with the bare `names`, `Device::wgpu(DeviceKind::DefaultDevice)`) as it
        is spelled at `at`: each name imported, or written with its path where no import fits."""
        for n in names:
            spelled = self.spelling(at, n)
            if spelled != n:
                code = re.sub(rf"(?<![\w:]){re.escape(n)}\b", spelled, code)
        return code

    def need(self, at: Node, names) -> None:
        """Bring `names` in scope at `at` (for text the caller writes with the bare names)."""
        for n in names:
            self.spelling(at, n, path_ok=False)

    def changes(self, rule) -> list:
        out = []
        for body, wanted in self._wanted.values():
            # a name an enclosing body imports too is in scope here already, where its imports are
            # (a block of that module; a module that globs `super::*` up to it)
            names = sorted(wanted - {n for other, more in self._wanted.values() if other.id != body.id
                                     and other.start_byte <= body.start_byte and body.end_byte <= other.end_byte
                                     and sees_imports_of(body, other) for n in more})
            if not names:
                continue
            merged = merge_edit(self.ctx.src, body, self.base, names, self.ctx.use_declarations())
            listed = names[0] if len(names) == 1 else "{" + ", ".join(names) + "}"
            line = insertion_edit(self.ctx.src, body, f"use {self.base}::{listed};")
            c = rule.change((body.start_byte, body.start_byte), f"import {', '.join('`'+n+'`' for n in names)}",
                            [merged or line])
            if merged is not None:   # merged into a `use`: a line of its own if that `use` is busy
                c.fallback = [line]
            out.append(c)
        return out
