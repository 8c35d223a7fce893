"""default-dtypes — `set_default_dtypes::<B>(&device, ..)` → `device.configure(..)` (R18, pitfall 8).

What it does:
    `set_default_dtypes::<B>(&device, f, i)` → `device.configure((FloatDType::from(f),
    IntDType::from(i)))`, `set_default_float_dtype::<B>(&device, f)` →
    `device.configure(FloatDType::from(f))`, `set_default_int_dtype` likewise; what the call's
    result went through (`?`, `.unwrap()`, `.expect(..)`) stays. `configure` takes `&mut self`:
    a `let device = ..` of the same fn becomes `let mut device = ..`; a device this fn does not
    own (a `&Device` parameter, a field) is configured through a clone, `device.clone()
    .configure(..)`: the settings are burn's per-device defaults, which 0.22.1's `configure`
    sets for the device id as 0.21's call did, so the clone configures the same device.

Why:
    burn-tensor 0.22.1 no longer exports `set_default_dtypes` (E0425); the dtypes are a setting
    of the device value, `Device::configure(&mut self, impl Into<DeviceConfig>) -> Result<(),
    DeviceError>` (`device.rs`). It must run before the first tensor on that device: afterwards it
    returns `DeviceError::AlreadyInitialized` — pitfall 8.

Example:
    let device = WgpuDevice::default();   set_default_dtypes::<B>(&device, DType::F16, DType::I32).unwrap();
    → let mut device = ..;                 device.configure((FloatDType::from(DType::F16), IntDType::from(DType::I32))).unwrap();

Fix safety:
    review: the call must stay before the first tensor created on this device (the same rule as
    0.21's, but a device value that is cloned before the call keeps its clones unconfigured
    only when they are distinct devices: the settings are per device, shared by its clones).

Reproduction check:
    `cargo check` on 0.22.1: E0425 cannot find function `set_default_dtypes` before, none after;
    at run time `device.settings()` shows the dtypes.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import BurnImports, FileContext
from burnmigrate.rust.imports import remove_leaves, use_leaves
from burnmigrate.rust.syntax import capture, enclosing, named_args, required_child, text

_FNS = {"set_default_dtypes": 3, "set_default_float_dtype": 2, "set_default_int_dtype": 2}
_REASON = ("`configure` must run before the first tensor on this device: afterwards it returns "
           "`DeviceError::AlreadyInitialized` (pitfall 8); the settings belong to the device value and its clones")


class DefaultDtypes(SourceRule):
    id = "default-dtypes"
    name = "set_default_dtypes → device.configure"
    pitfalls = (8,)
    guide = "R18"
    safety = Safety.REVIEW
    triggers = (b"set_default_",)
    reads_others = True   # runs again after its own round: the stale import goes once the calls are gone
    check = Check("`cargo check` on 0.22.1: E0425 `set_default_dtypes` not found; none after", "cargo check", ("E0425",),
                  matches=(ErrorMatch("E0425", r"set_default_(?:dtypes|float_dtype|int_dtype)"),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        imports = BurnImports(ctx)
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is not None and fn.type == "generic_function":
                fn = fn.child_by_field_name("function")
            name = text(fn).rsplit("::", 1)[-1] if fn is not None else ""
            if name not in _FNS:
                continue
            args = named_args(required_child(call, "arguments"))
            if len(args) != _FNS[name]:
                continue
            dev = args[0]
            target = text(dev.named_children[0]) if dev.type == "reference_expression" and dev.named_children else text(dev)
            let = _local_let(call, target)
            # `configure` takes `&mut self` but sets the per-device defaults burn keeps for the
            # device id (burn-tensor 0.22.1 `Device::configure` → `set_default_dtypes::<Dispatch>`),
            # as 0.21's call did: on a device this fn does not own, a clone configures the same device
            receiver = target if let is not None else f"{target}.clone()"
            f_ty = imports.spelling(call, "FloatDType")
            i_ty = imports.spelling(call, "IntDType")
            vals = [text(a) for a in args[1:]]
            if name == "set_default_dtypes":
                config = f"({f_ty}::from({vals[0]}), {i_ty}::from({vals[1]}))"
            elif name == "set_default_float_dtype":
                config = f"{f_ty}::from({vals[0]})"
            else:
                config = f"{i_ty}::from({vals[0]})"
            edits = [Edit(call.start_byte, call.end_byte, f"{receiver}.configure({config})")]
            pat = let.child_by_field_name("pattern") if let is not None else None
            if pat is not None and pat.type == "identifier":
                edits.append(Edit(pat.start_byte, pat.start_byte, "mut "))
            out.append(self.change(call, f"`{name}::<B>(..)` → `{receiver}.configure(..)`", edits, reason=_REASON))
        if not out:
            out += self._stale_imports(ctx)
            # a `configure(..)` written in an earlier round whose import edit waited behind another
            # rule's edit of the same `use` (the call is gone now, the need is not)
            for node in ctx.nodes("scoped_identifier"):
                path = node.child_by_field_name("path")
                if path is not None and text(path) in ("FloatDType", "IntDType") and text(node.child_by_field_name("name")) == "from":
                    imports.need(node, {text(path)})
        return out + imports.changes(self)

    def _stale_imports(self, ctx: FileContext) -> list[Change]:
        """`use burn::tensor::set_default_dtypes;` once no call is left (0.22.1 has no such item)."""
        leaves = [l for l in use_leaves(ctx.root, ctx.use_declarations()) if l.bound in _FNS]
        if not leaves:
            return []
        gone = [l for l in leaves if not ctx.names_outside_uses(l.bound)]
        if not gone:   # still named outside the `use` (a call in a macro the rule cannot rewrite)
            return []
        return [self.change(gone[0].node, f"`{gone[0].bound}` is gone in 0.22.1: its import goes",
                            remove_leaves(ctx.src, gone), safety=Safety.SAFE)]


def _local_let(call: Node, name: str) -> Node | None:
    """The `let name = ..` of the enclosing fn before `call` (a plain identifier binding)."""
    if not name.isidentifier():
        return None
    fn = enclosing(call)
    body = fn.child_by_field_name("body") if fn is not None else None
    if body is None:
        return None
    found = None
    for let in capture("(let_declaration) @l", body, "l"):
        if let.start_byte > call.start_byte:
            break
        pat = let.child_by_field_name("pattern")
        if pat is None:
            continue
        bound = pat.named_children[-1] if pat.type == "mut_pattern" and pat.named_children else pat
        if bound.type == "identifier" and text(bound) == name:
            found = let
    return found
