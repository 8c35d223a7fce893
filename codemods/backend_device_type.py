"""backend-device-type — the device type is the struct `Device` (R5, R10 `B::Gradients`).

What it does:
    Rewrites the backend's associated device type to burn 0.22's `Device` struct: `B::Device`,
    `<B as Backend>::Device`, `MyBackend::Device` (types) and `B::Device::default()` (expression
    paths); `B::Gradients` becomes `Gradients`. It adds `use burn::tensor::Device;` (through the
    crate's own name for burn) where the module does not bind `Device` yet — a `burn::prelude::*`
    glob already does — and writes the full path instead when the module defines its own
    `Device`.

Why:
    0.22 has no associated `Device` type: `B::Device` fails with E0220 / E0412 once `B` is gone
    — pitfall 1.

Example:
    before: fn init(&self, device: &B::Device) -> Model<B>
    after:  fn init(&self, device: &Device) -> Model

Fix safety:
    safe. `&B::Device` becomes `&Device` and `B::Device` becomes `Device` (by value); a
    `B::Device::default()`, or a `let device: B::Device = Default::default();` (the same default,
    chosen by the annotation), keeps its meaning only when one backend feature is enabled
    (R28: `Device::default()` picks a backend at run time) — review then (`.autodiff()` written
    where `B` was an autodiff backend).

Reproduction check:
    E0412 (cannot find type `Device`) / E0220 (associated type `Device` not found) at the type
    under burn 0.22.1; none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import BurnImports, FileContext
from burnmigrate.rust.edits import replace
from burnmigrate.rust.syntax import ancestors, named_args, required_child, text

from ._backend_args import DEFAULT_VALUE
from ._device_origin import backend_constructor, default_origin
from ._runtime_setup import runtime_setup
from ._typed_calls import returned_tail


def _qualified_backend(ctx: FileContext, path: Node, scope) -> bool:
    # `<B as Backend>` / `<MyBackend as Backend>`
    if path.type == "bracketed_type":
        inner = path.named_children[0] if path.named_children else None
        if inner is not None and inner.type == "qualified_type":
            ty = inner.child_by_field_name("type")
            alias = inner.child_by_field_name("alias")
            return text(alias).split("::")[-1] in ctx.scope.backend_traits or (
                ty is not None and ctx.scope.is_backendish(ty, scope))
    return False


def _names_backend(ctx: FileContext, path: Node, scope) -> bool:
    if path.type == "identifier":  # expression position: `B::Device::default()`
        name = text(path)
        if name in scope:
            return not scope[name].extension or scope[name].kept_form
        return name in ctx.index.backend_aliases or (
            name in api.CONCRETE_BACKENDS and name not in ctx.index.defined_types)
    # a parameter kept for type-level uses: its `B::Device` is 0.22.1's `Device` all the same
    return (ctx.scope.is_backendish(path, scope) or ctx.scope.backend_kind(path, scope) == "kept"
            or _qualified_backend(ctx, path, scope))


def _alias_param(node: Node, path: Node) -> str:
    """`type Dev<B> = <B as Backend>::Device;`: the alias's head (`Dev<B>`) when the backend the
    path names is a parameter of the enclosing type alias ('' otherwise)."""
    item = next((a for a in ancestors(node) if a.type == "type_item"), None)
    if item is None or item.child_by_field_name("type_parameters") is None:
        return ""
    inner = path.named_children[0] if path.type == "bracketed_type" and path.named_children else path
    if inner.type == "qualified_type":
        inner = inner.child_by_field_name("type") or inner
    params = [text(p.child_by_field_name("name") or p) for p in named_args(required_child(item, "type_parameters"))]
    if text(inner) not in params and not any(re.search(rf"\b{re.escape(p)}\b", text(inner)) for p in params):
        return ""   # (`type D<LC> = <<LC as Components>::Backend as Backend>::Device;`: a parameter inside it too)
    return f"{text(item.child_by_field_name('name'))}{text(item.child_by_field_name('type_parameters'))}"



def _concrete_ctor(ctx: FileContext, path: Node) -> tuple[str, bool, str, tuple[str, ...]] | None:
    """The 0.22.1 constructor of the concrete backend `<X as Backend>` / `X` names (backend_constructor)."""
    inner = path.named_children[0] if path.type == "bracketed_type" and path.named_children else path
    backend = inner.child_by_field_name("type") if inner.type == "qualified_type" else inner
    return backend_constructor(ctx, backend) if backend is not None else None

class BackendDeviceType(SourceRule):
    id = "backend-device-type"
    name = "B::Device becomes Device"
    pitfalls = (1,)
    guide = "R5 R10"
    triggers = (b"::Device", b"::Gradients")
    check = Check("E0412 / E0220 (no associated type `Device`) at the type under burn 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0412|E0220'", ("E0412", "E0220"),
                  matches=(ErrorMatch('E0412', r'`\w*Device`'), ErrorMatch('E0220', '`Device`'), ErrorMatch('E0433', '', '::Device')))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        imports = BurnImports(ctx)
        caps = ctx.nodes("scoped_type_identifier", "scoped_identifier")
        seen: set[int] = set()
        for node in caps:
            if node.id in seen:
                continue
            seen.add(node.id)
            name = text(node.child_by_field_name("name"))
            if name not in api.ASSOCIATED_TYPES:
                continue
            path = node.child_by_field_name("path")
            call = node.parent.parent if node.type == "scoped_identifier" and node.parent is not None \
                and node.parent.type == "scoped_identifier" and node.parent.parent is not None else None
            named = default_origin(ctx, call) if call is not None and call.type == "call_expression" else None
            if named is not None and call is not None and (setup := runtime_setup(call)):
                out.append(self.finding(call, f"`{text(call)}` goes to CubeCL's `{setup}`: left as it is",
                                        "CubeCL's setup and runtime calls take the runtime's own device type in 0.22.1 "
                                        "(cubecl 0.11's `WgpuDevice`), not burn's `Device` (E0308): build that one for the "
                                        "setup (`burn::backend::wgpu::WgpuDevice::default()`), then `Device::from(device)` "
                                        "where burn takes it (R12)."))
                continue
            if named is not None and call is not None:
                # `<NdArray as Backend>::Device::default()`: that backend's default device, by its constructor
                new_text = imports.write(call, named.ctor, set(named.names))
                out.append(self.change(call, f"`{text(call)}` → `{new_text}`", [replace(call, new_text)]))
                continue
            if path is None or (node.type == "scoped_identifier" and path.type != "identifier"):
                continue
            scope = ctx.scope.in_scope(node)
            if not _names_backend(ctx, path, scope):
                continue
            parent = node.parent
            param = scope.get(text(path))
            if parent is not None and parent.type == "where_predicate" and parent.child_by_field_name("left") == node \
                    and param is not None and not param.extension and not param.kept_form:
                continue  # `B::Device: Clone` goes with the erased parameter (an import for it would be unused)
            alias = _alias_param(node, path)
            if alias:
                out.append(self.finding(node, f"the alias `{alias}` names a backend's `{name}`: left as it is",
                    f"in 0.22 this is `{api.ASSOCIATED_TYPES[name]}`, with no parameter: rewriting only the body would leave "
                    f"`{alias}` a parameter it no longer uses (E0091) and its uses an argument (E0107). Replace its uses "
                    f"by `{api.ASSOCIATED_TYPES[name]}` and delete the alias (pitfall 1)."))
                continue
            new = api.ASSOCIATED_TYPES[name]
            replacement = imports.spelling(node, new)
            safety, reason = None, ""
            parent = node.parent
            target, new_text = node, replacement
            if (node.type == "scoped_identifier" and parent is not None and parent.type == "scoped_identifier"
                    and text(parent.child_by_field_name("name")) == "default"):
                safety = Safety.REVIEW
                reason = ("`Device::default()` picks the backend at run time among the enabled "
                          "backend features (R28, pitfall 5): with several enabled it may not be "
                          "the backend `" + text(path) + "` was.")
                call = parent.parent
                pname = text(path)
                if (call is not None and call.type == "call_expression" and pname in scope and scope[pname].autodiff
                        and not named_args(required_child(call, "arguments"))):
                    # the default device of an autodiff backend was an autodiff device (R11)
                    target, new_text = call, f"{replacement}::default().autodiff()"
            edits = [replace(target, new_text)]
            value = parent.child_by_field_name("value") if parent is not None and parent.type == "let_declaration" \
                and parent.child_by_field_name("type") == node else None
            tail = returned_tail(node) if value is None and not (param is not None and param.autodiff) else None
            made = _concrete_ctor(ctx, path) if tail is not None and DEFAULT_VALUE.fullmatch(text(tail).replace(" ", "")) else None
            if tail is not None and made is not None:   # `fn d() -> <Flex as Backend>::Device { Default::default() }`
                edits.append(replace(tail, imports.write(tail, made[2], set(made[3]))))
            elif value is not None and DEFAULT_VALUE.fullmatch(text(value).replace(" ", "")):
                # `let device: B::Device = Default::default();`: the same default, chosen by the annotation
                safety = Safety.REVIEW
                reason = ("this `let`'s `Default::default()` was `" + text(path) + "`'s default device; in 0.22 it "
                          "is `Device::default()`, which picks the backend at run time among the enabled backend "
                          "features (R28, pitfall 5): with several enabled it may not be the backend `" + text(path)
                          + "` was. Pass the device in, or build the one you mean (`Device::flex()`, ..).")
                pname = text(path)
                made = _concrete_ctor(ctx, path)
                if made is not None:   # `let d: <NdArray as Backend>::Device = Default::default();`
                    edits.append(replace(value, imports.write(value, made[2], set(made[3]))))
                    safety, reason = None, ""
                elif pname in scope and scope[pname].autodiff:
                    edits.append(replace(value, f"{replacement}::default().autodiff()"))   # (R11, as above)
                    reason += " It was an autodiff device: `.autodiff()` is written."
            out.append(self.change(target, f"`{text(target)}` → `{new_text}`", edits,
                                   safety=safety, reason=reason,
                                   pitfalls=(1, 5) if safety else None))
        out.extend(imports.changes(self))
        return out
