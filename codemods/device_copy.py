"""device-copy — a copy of a 0.21 CPU device that was `Copy` becomes a `.clone()` (R12).

What it does:
    Where a parameter is a reference to a 0.21 device type that was `Copy` (`NdArrayDevice`,
    `FlexDevice`, or a project alias of one: `type Dev = NdArrayDevice;`, named by a module path,
    never a type's projection such as `B::Device`) and the fn copies the
    device out of it (`*device` as a value: a struct field, an argument, a `let`, a return), the
    copy becomes `device.clone()`. Likewise `self.device` read by value in a `&self` method, where
    the struct's field has such a type; and a local made by a constructor of such a device
    (`let device = Device::ndarray();`, what the other rules wrote for `NdArrayDevice::default()`
    or `<Flex as Backend>::Device::default()`) moved where it is used again after (a field, an
    argument, `Ctx { device, .. }`, or anywhere in a loop): `device.clone()` there.

Why:
    burn-ndarray's and burn-flex's 0.21 devices derive `Copy` (burn-ndarray 0.21.0 `backend.rs`,
    burn-flex 0.21.0 `backend.rs`); 0.22.1's `Device` is only `Clone` (burn-tensor 0.22.1
    `device.rs`). Once the type becomes `Device`, `*device` moves out of a borrow (E0507) and
    `self.device` moves out of `&self` (E0507), and a local used after a move is E0382. Seen on
    kaizen-recsys (`device: *device`) and burn_p2p (`Ctx { device, model: init(&device) }`).

Example:
    fn finish(device: &Dev) -> Trained { Trained { device: *device } }
    → fn finish(device: &Device) -> Trained { Trained { device: device.clone() } }

Fix safety:
    safe: `clone` of a device is the same device (0.21's copy was too).

Reproduction check:
    `cargo check` on 0.22.1: E0507 "cannot move out of `*device` which is behind a shared
    reference" before (with the type rewritten), none after.
"""
from __future__ import annotations

import re
from itertools import takewhile

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import ancestors, descendants, text

# 0.21 device types that derive `Copy` (the crates' sources); 0.22.1's `Device` does not
COPY_DEVICES = frozenset({"NdArrayDevice", "FlexDevice"})
# where a value is moved (read by value): a field initialiser, an argument, a `let`, a return
_MOVING_PARENTS = ("field_initializer", "arguments", "let_declaration", "return_expression", "assignment_expression",
                   "array_expression", "tuple_expression")


class DeviceCopy(SourceRule):
    id = "device-copy"
    name = "copies of a `Copy` 0.21 device become clones"
    pitfalls = (1,)
    guide = "R12"
    safety = Safety.SAFE
    triggers = (b"*", b"self.", b"Device::")
    reads_others = True   # the locals' constructors are what backend-device-type / -value write
    check = Check("`cargo check` on 0.22.1: E0507 at the copy before, none after", "cargo check", ("E0507",),
                  matches=(ErrorMatch("E0507", r"cannot move out of"),))

    def applies(self, ctx: FileContext) -> bool:
        return any(n.encode() in ctx.src for n in self._copy_names(ctx)) or bool(_COPY_CTOR_BYTES.search(ctx.src))

    @staticmethod
    def _copy_names(ctx: FileContext) -> set[str]:
        return set(COPY_DEVICES) | {a for a, target in ctx.index.device_aliases.items()
                                    if target.rsplit("::", 1)[-1] in COPY_DEVICES}

    def run(self, ctx: FileContext) -> list[Change]:
        names = self._copy_names(ctx)
        # (a module path before the name, never a type's: `B::Device` is the backend's associated
        # type even where a test module has `type Device = FlexDevice;`)
        copy_type = re.compile(r"^&\s*(?:mut\s+)?(?:(?:[a-z_]\w*)?::)*(" + "|".join(map(re.escape, sorted(names))) + r")$")
        fields = _copy_fields(ctx, names)
        out: list[Change] = []
        for fn in ctx.nodes("function_item"):
            body = fn.child_by_field_name("body")
            params = fn.child_by_field_name("parameters")
            if body is None or params is None:
                continue
            borrowed = {text(p.child_by_field_name("pattern")) for p in params.named_children
                        if p.type == "parameter" and copy_type.match(text(p.child_by_field_name("type")).strip())}
            self_ref = any(c.type == "self_parameter" and text(c).startswith("&") for c in params.named_children)
            for node in descendants(body):
                if node.type == "unary_expression" and text(node).startswith("*"):
                    arg = node.named_children[-1] if node.named_children else None
                    if arg is not None and arg.type == "identifier" and text(arg) in borrowed and _moved(node):
                        out.append(self.change(node, f"`*{text(arg)}` → `{text(arg)}.clone()` (0.22.1's `Device` is not `Copy`)",
                                               [Edit(node.start_byte, node.end_byte, f"{text(arg)}.clone()")]))
                elif node.type == "field_expression" and self_ref and fields:
                    value, field = node.child_by_field_name("value"), node.child_by_field_name("field")
                    if value is not None and value.type == "self" and field is not None and text(field) in fields \
                            and _moved(node):
                        out.append(self.change(node, f"`self.{text(field)}` → `self.{text(field)}.clone()` (0.22.1's "
                                                     "`Device` is not `Copy`)",
                                               [Edit(node.end_byte, node.end_byte, ".clone()")]))
            out.extend(self._locals(body))
        return out

    def _locals(self, body: Node) -> list[Change]:
        """A local made by a `Copy` device's 0.22.1 constructor, moved and then used again."""
        out = []
        for let in descendants(body):
            pat, value = let.child_by_field_name("pattern"), let.child_by_field_name("value")
            if let.type != "let_declaration" or pat is None or value is None or pat.type != "identifier" \
                    or not _COPY_CTOR.fullmatch(text(value).replace(" ", "")):
                continue
            name, scope = text(pat), let.parent
            if scope is None:
                continue
            uses = []
            for n in descendants(scope):
                if n.start_byte < let.end_byte:
                    continue
                if n.type == "let_declaration" and n is not let and text(n.child_by_field_name("pattern") or n) == name:
                    break   # shadowed from here on
                if n.type == "identifier" and text(n) == name and not _in_closure(n, scope):
                    uses.append(n)
            for k, u in enumerate(uses):
                short = u.parent is not None and u.parent.type == "shorthand_field_initializer"
                if (short or _moved(u)) and (k + 1 < len(uses) or _in_loop(u, scope)):
                    new = f"{name}: {name}.clone()" if short else f"{name}.clone()"
                    out.append(self.change(u, f"`{name}` → `{new}` (used again after; 0.21's device was `Copy`, "
                                              "0.22.1's `Device` is not)", [Edit(u.start_byte, u.end_byte, new)]))
        return out


# the 0.22.1 constructors the rules write for a 0.21 device that was `Copy` (NdArray's, Flex's)
_COPY_CTOR = re.compile(r"(?:[\w:]*::)?Device::(?:ndarray|flex)\(\)(?:\.autodiff\(\))?")
_COPY_CTOR_BYTES = re.compile(rb"Device::(?:ndarray|flex)\(\)")


def _in_loop(node: Node, scope: Node) -> bool:
    """Is `node` in a loop inside `scope` (moved on one pass, used on the next)?"""
    return _within(node, scope, ("for_expression", "while_expression", "loop_expression"))


def _in_closure(node: Node, scope: Node) -> bool:
    return _within(node, scope, ("closure_expression",))


def _within(node: Node, scope: Node, kinds: tuple[str, ...]) -> bool:
    return any(a.type in kinds for a in takewhile(lambda a: a.id != scope.id, ancestors(node)))


def _moved(node: Node) -> bool:
    """Is the value read by value where it stands (moved, were it not `Copy`)?"""
    p = node.parent
    if p is None:
        return False
    if p.type in _MOVING_PARENTS:
        return p.type != "let_declaration" or p.child_by_field_name("value") == node
    if p.type == "block":   # a tail expression
        kids = [c for c in p.named_children if c.type not in ("line_comment", "block_comment")]
        return bool(kids) and kids[-1] == node
    return False


def _copy_fields(ctx: FileContext, names: set[str]) -> set[str]:
    """Fields of this file's structs whose type is a `Copy` device."""
    out = set()
    for f in ctx.nodes("field_declaration"):
        ty = f.child_by_field_name("type")
        name = f.child_by_field_name("name")
        # by value and named by a module path (`&'a B::Device` is a borrow of the backend's own type)
        m = re.fullmatch(r"(?:(?:[a-z_]\w*)?::)*(\w+)", re.sub(r"\s", "", text(ty))) if ty is not None else None
        if m is not None and name is not None and m.group(1) in names:
            out.add(text(name))
    return out
