"""backend-type-argument — drop the backend argument of generic types (R1, R2, R3, R14).

What it does:
    Removes the backend type argument from every generic type: `Tensor<B, 2>`, burn's own types
    (`Linear<B>`, `ClassificationOutput<B>`, `Batcher<B, I, O>`, `LstmState<B, 2>`, …) and the
    project's own types declared with a backend parameter (`Model<B>`, `MnistBatch<B>`, in any
    crate of the workspace), in type position and in expression paths (`Tensor::<B, 1>::zeros`).
    An emptied list disappears with its `::`. A `let` annotation that, so emptied, only repeats
    the type of its value goes whole: `let m: Model<B> = Model::init(&device);` becomes `let m =
    Model::init(&device);` when the project's inherent `Model::init` returns `Self` (then maybe
    `Module` methods returning `Self`: `.load_record(r)`, `.no_grad()`), as burn's hand migration
    writes it.

Why:
    burn 0.22 made the backend a value carried by the device. `Tensor` is `Tensor<const D: usize,
    K = Float>`, modules have no generics, so the 0.21 form fails with E0747 ("type provided when
    a constant was expected") or E0107 ("struct takes 0 generic arguments") — pitfall 1.

Example:
    before: fn forward(&self, x: Tensor<B, 3>) -> Tensor<B, 2, Int> { Tensor::<B, 1>::zeros(..) }
    after:  fn forward(&self, x: Tensor<3>) -> Tensor<2, Int> { Tensor::<1>::zeros(..) }

Fix safety:
    safe when the argument is a backend parameter; review when it names a concrete backend
    (`Tensor<Wgpu, 2>`, `Model<MyAutodiffBackend>`): the device value must now carry that
    choice (R12) and, for an autodiff backend, be an autodiff device (R11). Review also when
    the generic type is neither burn's nor the project's. A backend parameter bounded by more
    than a backend (an extension trait) is never erased: backend-extension reports it.
    Safe again where the code says which device it is: the call passes a `let device =
    Default::default();` of its fn whose every backend-typed use names that one backend (0.21
    typed the device from it), a `let device: Device<X> = Default::default();`, or makes the
    device in the argument itself (`&Default::default()`): that value becomes the backend's
    constructor (`Device::flex()`, `Device::flex().autodiff()` for `Autodiff<Flex>`,
    `Device::ndarray()`: NdArray's deprecation is the manifest's finding) in the same change as
    the drop (codemods/_device_origin.py). Safe too where no device within the type's reach is
    typed by it (a helper's value parameter whose callers, all seen, make their devices
    themselves; codemods/_device_reach.py). Issue 26 item 1.
    `Device::<X>::Mps` / `Device::<X>::Cuda(0)` names a variant of the concrete backend X's own
    0.21 device type (`Device<X>` was `X::Device`): it becomes that device's 0.22.1 constructor
    (`Device::libtorch_mps()`, `.autodiff()` for an autodiff X), as backend-device-value writes
    `LibTorchDevice::Mps`; dropping only the argument would leave `Device::Mps` (E0599). A variant
    with no known constructor is review, asked on its own. `Tensor::<X, 2>::from(v)` built on X's default device; 0.22.1's
    `From` takes `Device::default()`, so it becomes `Tensor::<2>::from_data(v, &X's constructor)`
    (review where X has none). A drop whose call is given a device made right there with
    `Default::default()` is asked on its own, never following its fn's first question.

Reproduction check:
    `cargo check` on 0.22.1 reports E0747 / E0107 at the argument before the change and
    nothing after it.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import BurnImports, FileContext
from burnmigrate.rust.syntax import descendants, enclosing, last_segment, named_args, required_child, text

from ._autodiff import inner_device
from ._backend_args import DEFAULT_VALUE, decide, erase_args
from ._callees import burns
from ._device_decided import OncePerFn, Origins
from ._device_helpers import helper_made
from ._device_origin import backend_constructor
from ._device_reach import chooses_nothing, tensor_from_typed
from ._device_variant import FROM_DEFAULT, device_variant, implicit_default, variant_value
from ._runtime_setup import SETUP_NOTE, runtime_setup
from ._typed_calls import made_by_default

# `Tensor<other_crate::Fast, 2>`: a path first in a `Tensor`'s list is 0.21's backend, whoever's
_TENSOR_PATH_FIRST = re.compile(rb"\bTensor\s*(?:::\s*)?<\s*[A-Za-z_]\w*(?:\s*::\s*\w+)+\s*,")


MADE_HERE = ("the device here is made with `Default::default()`, typed by `{names}` in 0.21: with the argument "
             "dropped it is `Device::default()`, which 0.22 picks at run time (`BURN_DEVICE`, then the enabled "
             "backends' order: pitfall 5); write that backend's constructor (`Device::wgpu(..)`, `Device::flex()`, ..).")

FROM_PRIMITIVE = ("0.22.1's `Tensor::from_primitive` takes the backend as its own type parameter "
                  "(`from_primitive::<B>(p)`, burn-tensor 0.22.1 `tensor/api/extension.rs`), so it is written there; "
                  "the primitive it takes is `<K as BackendPrimitive<B>>::Primitive` (0.21's `into_primitive()` is "
                  "`try_into_primitive::<B>()`, a `Result`): check the value passed, or use `from_bridge` / `into_bridge`.")


def _from_primitive(gt: Node) -> Node | None:
    """The `from_primitive` of `Tensor::<X, D>::from_primitive(..)` whose path is `gt`."""
    holder = gt.parent
    name = holder.child_by_field_name("name") if holder is not None and holder.type == "scoped_identifier" \
        and holder.child_by_field_name("path") == gt else None
    return name if name is not None and text(name) == "from_primitive" else None


def _let_value_typed_by(gt: Node) -> Node | None:
    """The value of the `let` whose type is `gt` (`let device: Device<B> = Default::default();`)."""
    holder = gt.parent
    if holder is not None and holder.type == "let_declaration" and holder.child_by_field_name("type") == gt:
        return holder.child_by_field_name("value")
    return None


# `Module` methods that return `Self` in 0.21 and 0.22.1 (burn-core `module/base.rs`): `Cnn::new(..).load_record(r)` is a `Cnn`
_SELF_METHODS = frozenset({"load_record", "to_device", "fork", "no_grad"})


def _annotation_said_twice(ctx: FileContext, gt: Node, head: Node, args: list[Node],
                           doomed: list[Node]) -> tuple[Node, str] | None:
    """The pattern of `let m: Model<B> = Model::init(..)` (and `Model::init`) when the annotation, with its every
    argument dropped, only repeats the value's type: the value is `Model::f(..)` (the same path, so
    rustc resolves it to the same type, a project type whose one parameter is the backend) whose
    inherent `f` returns `Self` (pass 1's `assoc_returns_self`), maybe followed by `Module` methods returning `Self`. Its only job in 0.21
    was to choose the backend; burn's hand migration drops it (`let mut model = Model::init(&device);`)."""
    let = gt.parent
    if let is None or let.type != "let_declaration" or let.child_by_field_name("type") != gt or len(doomed) != len(args):
        return None
    value, name = let.child_by_field_name("value"), last_segment(head)
    if ctx.index.user_types.get(name, (0, 0))[1] != 1:   # (another parameter, `K = Float`, is inferred without it)
        return None
    while value is not None and value.type == "call_expression" and (f := value.child_by_field_name("function")) is not None \
            and f.type == "field_expression" and text(f.child_by_field_name("field")) in _SELF_METHODS \
            and name in ctx.index.module_types and text(f.child_by_field_name("field")) not in ctx.index.project_names:
        value = f.child_by_field_name("value")
    f = value.child_by_field_name("function") if value is not None and value.type == "call_expression" else None
    path = f.child_by_field_name("path") if f is not None and f.type == "scoped_identifier" else None
    if path is not None and path.type in ("generic_type", "generic_type_with_turbofish"):   # (`Model::<B>::init`)
        path = path.child_by_field_name("type")
    if f is None or path is None or "".join(text(path).split()) != "".join(text(head).split()):
        return None
    callee = f"{name}::{text(f.child_by_field_name('name'))}"
    pattern = let.child_by_field_name("pattern")
    return (pattern, callee) if pattern is not None and ctx.index.assoc_returns_self.get(callee) is True else None


VARIANT_UNKNOWN = ("`{written}` names a variant or function of `{backend}`'s own 0.21 device type "
                   "(`Device<X>` was `X::Device`); 0.22.1's `Device` has none of that name: write that "
                   "backend's constructor (`Device::cuda(..)`, `Device::libtorch_mps()`, ..).")


class BackendTypeArgument(SourceRule):
    id = "backend-type-argument"
    name = "Drop the backend argument of generic types"
    pitfalls = (1,)
    guide = "R1 R2 R3 R14"
    check = Check("E0747 (type provided when a constant was expected) / E0107 (wrong number of "
                  "generic arguments) at this argument under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0747|E0107'",
                  ("E0747", "E0107"),
                  matches=(ErrorMatch('E0747', '', 'Tensor'), ErrorMatch('E0107')))

    def applies(self, ctx: FileContext) -> bool:
        return b"<" in ctx.src and (ctx.mentions_any(ctx.index.trigger_names(with_fns=False))
                                    or (b"Tensor" in ctx.src and _TENSOR_PATH_FIRST.search(ctx.src) is not None))

    def _conflicting_impls(self, ctx: FileContext) -> tuple[set[int], list[Change]]:
        """Trait impls for the same project type that differ only by a concrete backend
        (`impl Foo for Model<Wgpu>` and `impl Foo for Model<NdArray>`) would conflict once the
        backend is erased (E0119): they are left alone and reported (R3)."""
        groups: dict[tuple[str, str], list] = {}
        for item in ctx.nodes("impl_item"):
            trait = item.child_by_field_name("trait")
            ty = item.child_by_field_name("type")
            if trait is None or ty is None or ty.type != "generic_type":
                continue
            ta = ty.child_by_field_name("type_arguments")
            args = named_args(ta) if ta is not None else []
            scope = ctx.scope.in_scope(item)
            if args and any(ctx.scope.backend_kind(a, scope) in ("concrete", "alias") for a in args):
                groups.setdefault((text(trait), text(ty.child_by_field_name("type"))), []).append(ty)
        skip: set[int] = set()
        found: list[Change] = []
        for (trait, head), tys in groups.items():
            if len(tys) < 2:
                continue
            for ty in tys:
                skip.add(ty.id)
                found.append(self.finding(ty, f"`impl {trait} for {text(ty)}`: {len(tys)} impls of `{trait}` for `{head}` differ only by backend",
                                          "erasing the backend would make them conflict (E0119): keep one impl, or "
                                          "branch on the device at run time (R3)."))
        return skip, found

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        imports = BurnImports(ctx)
        origins = Origins(self, imports, by_type=True)
        once = OncePerFn()
        skip, conflicts = self._conflicting_impls(ctx) if b"impl" in ctx.src else (set(), [])
        out.extend(conflicts)
        for gt in ctx.nodes("generic_type", "generic_type_with_turbofish"):
            if gt.id in skip:
                continue
            head = gt.child_by_field_name("type")
            ta = gt.child_by_field_name("type_arguments")
            if head is None or ta is None:
                continue
            args = named_args(ta)
            if not args:
                continue
            scope = ctx.scope.in_scope(gt)
            d = decide(ctx, head, args, scope, is_fn=False)
            if not d.doomed:
                continue
            expr = variant_value(gt)
            variant = device_variant(ctx, expr) if expr is not None else None
            if expr is not None and variant is not None:   # `Device::<X>::Mps`: X's own device value, rewritten whole
                if variant.new is None:
                    out.append(self.change(gt, f"drop backend argument `{text(args[0])}` of `{text(head)}`",
                                           erase_args(ctx, head, ta, d.doomed, turbofish=True), safety=Safety.REVIEW,
                                           reason=VARIANT_UNKNOWN.format(written=text(expr), backend=text(variant.backend))))
                    continue
                new = imports.write(expr, variant.new, variant.names)
                out.append(self.change(expr, f"`{text(expr)}` → `{new}`", [Edit(expr.start_byte, expr.end_byte, new)]))
                continue
            edits = erase_args(ctx, head, ta, d.doomed, turbofish=gt.parent is not None
                               and gt.parent.type == "scoped_identifier")
            names = ", ".join(text(a) for a in d.doomed)
            reason, safety = d.reason, d.safety
            value = _let_value_typed_by(gt)
            if value is not None and (setup := runtime_setup(value)):   # it stays the runtime's device type
                fn = enclosing(gt, ("function_item",))
                call = next((c for c in descendants(fn) if c.type == "call_expression" and c.start_byte > gt.end_byte
                             and text(c.child_by_field_name("function")).split("::<")[0] == setup), None) if fn is not None else None
                out.append(self.finding((gt.start_byte, call.end_byte if call is not None else gt.end_byte),
                                        f"`{text(gt)}` types a device passed to `{setup}`: left as it is", SETUP_NOTE))
                continue
            implicit = implicit_default(gt) if safety is Safety.REVIEW and reason == d.reason \
                and len(d.chosen or []) == len(d.doomed) == 1 and burns(ctx, head) else None
            made = origins.settle(ctx, gt, d.chosen or [], scope, out) \
                if safety is Safety.REVIEW and implicit is None else None
            note = ""
            if implicit is not None:   # `Tensor::<Flex, 2>::from(v)`: on Flex's default device, not 0.22.1's
                ctor = backend_constructor(ctx, (d.chosen or [])[0])
                if ctor is None:
                    reason = FROM_DEFAULT.format(written=text(implicit), backend=names)
                else:
                    written = imports.write(implicit, ctor[2], ctor[3])
                    fn_name = required_child(required_child(implicit, "function"), "name")
                    args = required_child(implicit, "arguments")
                    edits += [Edit(fn_name.start_byte, fn_name.end_byte, "from_data"),
                              Edit(args.end_byte - 1, args.end_byte - 1, f", &{written}")]
                    reason, safety, note = "", Safety.SAFE, f" (`from` took its default device: `from_data(.., &{written})`)"
            elif made is not None:   # the device passed is made in this fn for that backend (issue 26 item 1)
                edits = [e for e in edits if not any(m.start <= e.start and e.end <= m.end for m in made)]
                edits, reason, safety, note = edits + made, "", Safety.SAFE, origins.note   # (`Device::<X>::default()`: the call is rewritten whole)
            elif safety is Safety.REVIEW and reason == d.reason and len(d.chosen or []) == len(d.doomed) \
                    and chooses_nothing(ctx, gt, d.chosen or [], scope):
                reason, safety = "", Safety.SAFE   # no device within its reach is typed by it
            elif safety is Safety.REVIEW and reason == d.reason and (helper := helper_made(ctx, gt, d.chosen or [])):
                reason, safety, note = "", Safety.SAFE, f" (its device is `{helper}()`'s, made for `{names}`)"
            elif safety is Safety.REVIEW and reason == d.reason and (made_by_from := tensor_from_typed(gt)) is not None:
                reason = FROM_DEFAULT.format(written=text(made_by_from), backend=names)
            impl = gt.parent
            if (impl is not None and impl.type == "impl_item" and impl.child_by_field_name("trait") is None
                    and impl.child_by_field_name("type") == gt
                    and any(ctx.scope.backend_kind(a, scope) in ("concrete", "alias", None) for a in d.doomed)):
                reason = (f"`impl {text(gt)}` was specialised on a backend: it becomes `impl {text(head)}`, so "
                          "its methods now exist for every device and may clash with another impl's (R3); "
                          "branch on the device at run time if the behaviour must differ.")
            plain, inner = inner_device(ctx, gt, d.doomed, scope) if safety is not Safety.REVIEW else ([], "")
            if inner:
                safety, reason = Safety.REVIEW, inner
            elif plain:   # the inner backend's values get the plain device, as in 0.21
                edits, note = edits + plain, note + " and pass the plain device (`.clone().inner()`)"
            made_at = made_by_default(ctx, gt) if made is None and safety is Safety.REVIEW and reason == d.reason else ""
            made_here = made is None and safety is Safety.REVIEW and reason == d.reason and (bool(made_at) or (
                value is not None and DEFAULT_VALUE.fullmatch(text(value).replace(" ", "")) is not None))
            if made_here:
                # a device made here, not received: asked on its own (with the element-type note, if any)
                reason = MADE_HERE.format(names=names) + (" It must also be an autodiff device (`.autodiff()`, R11)."
                                                          if "be an autodiff device" in d.reason else "") \
                    + "".join(d.reason.partition(" It also chose")[1:])
            method = _from_primitive(gt) if text(head) == "Tensor" and len(d.doomed) == 1 else None
            if method is not None:   # the backend moves to the method's own turbofish (not a drop that follows another)
                edits = edits + [Edit(method.end_byte, method.end_byte, f"::<{text(d.doomed[0])}>")]
                safety, reason, note = Safety.REVIEW, FROM_PRIMITIVE, f" (to `from_primitive::<{names}>`)"
            said = _annotation_said_twice(ctx, gt, head, named_args(ta), d.doomed) if method is None else None
            if said is not None:   # (`let m = Model::init(..)`: the whole annotation goes)
                edits = [e for e in edits if not (gt.start_byte <= e.start and e.end <= gt.end_byte)] \
                    + [Edit(said[0].end_byte, gt.end_byte, "")]
                note += f" and the annotation (`{said[1]}` returns a `{text(head)}`)"
            # (a device made here is one question per fn too: its `let` serves every call below it)
            key = once.key(gt, reason, d.chosen, safety) if reason == d.reason or (made_here and made_at != "argument") else None
            if once.follows(key):
                safety, reason = Safety.SAFE, ""
            change = self.change(gt, f"drop backend argument `{names}` of `{text(head)}`{note}", edits, safety=safety,
                                 reason=reason)
            once.record(key, change)
            out.append(change)
        out.extend(imports.changes(self))
        return out
