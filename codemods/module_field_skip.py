"""module-field-skip — a `derive(Module)` field that is not a module is `#[module(skip)]` (R17, pitfall 14).

What it does:
    In a `#[derive(Module)]` struct, a field that 0.21's derive kept as a constant and that is
    certainly no module in 0.22.1 gets `#[module(skip)]`: a type the project defines without
    `derive(Module)` (a config, a state struct), a std type burn has no `Module` for (`PathBuf`,
    `Duration`, `Arc<..>`, `HashMap<String, Config>`, `&'static str`, a `dyn` or fn type), or
    an `Option` / `Vec` / array / tuple of those.

Why:
    0.21's derive took a field for a sub-module only when it was a `Param`, a `Tensor`, or
    mentioned the backend `B` or a module-bounded generic (burn-derive 0.21.0
    `module/codegen_struct.rs`, `parse_module_field_type`); any other field was cloned as a
    constant. 0.22.1's takes every field that is not primitive (its `is_primitive_type`: the
    numbers, `bool`, `char`, `String`, and std containers, tuples, arrays and references of
    them) and not `#[module(skip)]` for a module: E0277 "the trait bound `GptConfig: Module` is
    not satisfied" at the derive.

Example:
    #[derive(Module, Debug)]
    pub struct Gpt<B: Backend> { pub wte: Embedding<B>, pub config: GptConfig }
    →
    #[derive(Module, Debug)]
    pub struct Gpt { pub wte: Embedding, #[module(skip)] pub config: GptConfig }

Fix safety:
    safe: a skipped field is moved and cloned as it is, never visited, mapped nor moved between
    devices — what 0.21 did with a constant field. A field whose type mentions one of the
    struct's generics, a type of another crate that is not std's, or a name only a glob import
    brings is left alone (it may be a module).

Reproduction check:
    `cargo check` on 0.22.1: E0277 (`X: Module` / `X: ModuleDisplay` not satisfied) at the derive
    before, none after.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.generics import generic_params
from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.syntax import capture, derives, last_segment, text

# burn-derive 0.22.1 `is_primitive_ident` / `is_constant_container`
_PRIMITIVE = frozenset({"bool", "char", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
                        "i128", "isize", "f32", "f64", "String"})
_CONSTANT_CONTAINERS = frozenset({"Option", "Result", "Vec", "Box", "Arc", "Weak", "HashMap", "BTreeMap", "HashSet",
                                  "BTreeSet", "VecDeque", "LinkedList"})
# burn-core 0.22.1 `module/param/primitive.rs`: a module of modules
_MODULE_CONTAINERS = frozenset({"Option", "Vec"})
# std types burn implements no `Module` for (a container of them is no module either)
_STD_TYPES = frozenset({"PathBuf", "Path", "Duration", "Instant", "SystemTime", "Mutex", "RwLock", "RefCell", "Cell",
                        "Rc", "OnceCell", "OnceLock", "AtomicBool", "AtomicUsize", "AtomicU64", "AtomicU32",
                        "AtomicI64", "AtomicI32", "Sender", "Receiver", "SyncSender", "JoinHandle", "Range",
                        "PhantomPinned", "Ordering", "str"})
_STD_ROOTS = ("std", "core", "alloc")


def _projects(ctx: FileContext, name: str) -> bool:
    """Does the project define a type `name` (in a file pass 1 parsed, or any other: a
    `#[derive(Config)] enum` in a file with no backend in it)?"""
    return name in ctx.index.defined_types or name in ctx.index.project_names


def _field_attributes(field: Node) -> list[str]:
    out, prev = [], field.prev_named_sibling
    while prev is not None and prev.type in ("attribute_item", "line_comment", "block_comment"):
        if prev.type == "attribute_item":
            out.append(text(prev))
        prev = prev.prev_named_sibling
    return out


class ModuleFieldSkip(SourceRule):
    id = "module-field-skip"
    name = "derive(Module) fields that are no module are skipped"
    pitfalls = (14,)
    guide = "R17"
    safety = Safety.SAFE
    triggers = (b"Module",)
    check = Check("`cargo check` on 0.22.1: E0277 `X: Module` not satisfied at the derive before, none after",
                  "cargo check", ("E0277",), matches=(ErrorMatch("E0277", r"Module"),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for item in ctx.nodes("struct_item"):
            body = item.child_by_field_name("body")
            if body is None or body.type != "field_declaration_list" or not derives(item, "Module"):
                continue
            generics = {text(p.child_by_field_name("name") or p) for p in generic_params(item)}
            for field in body.named_children:
                ty = field.child_by_field_name("type") if field.type == "field_declaration" else None
                if ty is None or any(a.startswith("#[module") for a in _field_attributes(field)):
                    continue
                if generics & {text(n) for n in capture("[(type_identifier) (identifier)] @n", ty, "n")}:
                    continue   # a generic may be a module (0.21 took `B` and module-bounded ones for one)
                if last_segment(ty) in ("Param", "Tensor"):
                    continue
                why = self._no_module(ctx, ty)
                if not why:
                    continue
                out.append(self.change(field, f"`#[module(skip)]` on `{text(field.child_by_field_name('name'))}: {text(ty)}` ({why})",
                                       [Edit(field.start_byte, field.start_byte, "#[module(skip)]" + self._gap(ctx.src, field))]))
        return out

    @staticmethod
    def _gap(src: bytes, field: Node) -> str:
        """A new line with the field's indentation when the field starts its line, else a space."""
        line_start = src.rfind(b"\n", 0, field.start_byte) + 1
        lead = src[line_start:field.start_byte]
        return "\n" + lead.decode() if lead.strip() == b"" else " "

    def _no_module(self, ctx: FileContext, ty: Node) -> str:
        """Why `ty` is certainly neither primitive nor a module in 0.22.1 ('' when it may be one)."""
        if ty.type == "primitive_type":
            return ""
        if ty.type in ("dynamic_type", "function_type", "abstract_type", "pointer_type"):
            return "a trait object or fn type is no module"
        if ty.type == "reference_type":
            inner = ty.child_by_field_name("type")
            return "a reference is no module" if inner is not None and not self._primitive(inner) else ""
        if ty.type in ("tuple_type", "array_type"):
            parts = [c for c in ty.named_children if c.type not in ("integer_literal", "identifier", "scoped_identifier")] \
                if ty.type == "tuple_type" else [ty.child_by_field_name("element")]
            return next((w for p in parts if p is not None and (w := self._no_module(ctx, p))), "")
        if ty.type not in ("type_identifier", "scoped_type_identifier", "generic_type"):
            return ""
        head = last_segment(ty)
        args = self._type_args(ty)
        if head in _PRIMITIVE:
            return ""
        if head in _CONSTANT_CONTAINERS and all(self._primitive(a) for a in args):
            return ""   # 0.22.1 counts a std container of primitives as primitive
        if head in _MODULE_CONTAINERS:
            return next((w for a in args if (w := self._no_module(ctx, a))), "")
        origin = self._origin(ctx, ty)
        if origin == "std" and (head in _STD_TYPES or head in _CONSTANT_CONTAINERS):
            return f"std's `{head}` is no module"
        if origin == "project" and head not in ctx.index.module_types:
            return f"`{head}` is the project's own type and does not derive `Module`"
        return ""

    def _primitive(self, ty: Node) -> bool:
        if ty.type == "primitive_type":
            return True
        if ty.type == "reference_type":
            inner = ty.child_by_field_name("type")
            return inner is not None and self._primitive(inner)
        if ty.type in ("tuple_type", "array_type"):
            parts = ty.named_children if ty.type == "tuple_type" else [ty.child_by_field_name("element")]
            return all(p is not None and (p.type == "integer_literal" or self._primitive(p)) for p in parts)
        head = last_segment(ty)
        if head in _PRIMITIVE:
            return True
        return head in _CONSTANT_CONTAINERS and all(self._primitive(a) for a in self._type_args(ty))

    @staticmethod
    def _type_args(ty: Node) -> list[Node]:
        targs = ty.child_by_field_name("type_arguments") if ty.type == "generic_type" else None
        return [a for a in targs.named_children if a.type not in ("lifetime", "type_binding")] if targs is not None else []

    @staticmethod
    def _origin(ctx: FileContext, ty: Node) -> str:
        """'project' (defined here or imported from `crate` / `self` / `super`), 'std', or ''."""
        head = ty.child_by_field_name("type") if ty.type == "generic_type" else ty
        if head is not None and head.type == "scoped_type_identifier":
            path = text(head).split("::")
            if path[0] in _STD_ROOTS:
                return "std"
            return "project" if path[0] in ("crate", "self", "super") and _projects(ctx, path[-1]) else ""
        name = text(head)
        r = resolve(ty, name, ctx.use_declarations())
        if r.kind in ("item", "local"):
            return "project" if r.node is not None and r.node.type in ("struct_item", "enum_item", "union_item") else ""
        if r.kind == "import" and r.path:
            if r.path[0] in _STD_ROOTS:
                return "std"
            if r.path[0] in ("crate", "self", "super") and _projects(ctx, r.path[-1]):
                return "project"
        if r.kind in ("unknown", "glob") and name == "Box":
            return "std"   # the std prelude's
        return ""
