"""fork-not-to-device — a module trained after a device move is forked, not moved (pitfall 15).

What it does:
    Rewrites `let model = model.to_device(&device);` (or `model = model.to_device(..)`) to
    `model.fork(&device)` when the moved module is then trained in the same function: it is
    handed to an optimizer step (`optim.step(lr, model, grads)`), its gradients are taken
    (`GradientsParams::from_grads(grads, &model)`), or it is run forward and a `.backward()`
    follows (a loss through its parameters).

Why:
    `to_device` moves initialised parameters through an autodiff op: they become outputs of
    `to_device`, not leaves, so the first step's gradients are zero and the second step panics
    (burn 0.22.1's own doc on `Module::to_device`: "you can't optimize it with gradient descent …
    use fork instead"). `fork` gives the module its own graph on the new device — pitfall 15.

Example:
    before: let model = model.to_device(&device); .. model = optim.step(lr, model, grads);
    after:  let model = model.fork(&device);      .. model = optim.step(lr, model, grads);

Fix safety:
    review: the two are the same for inference, and `fork` is what training needs; a module
    moved for another reason right before a step (sharing parameters on purpose) would change.
    Moves with no step after them, and `to_device` on tensors, are left alone.

Reproduction check:
    a training step after the move: with `to_device` the weight's gradient is `None` / zero and
    a second step panics; with `fork` it is non-zero (both compile, under 0.21.0 and 0.22.1).
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import enclosing, named_args, text

_TRAINS = ("step", "from_grads")   # the calls that train what they are given


class ForkNotToDevice(SourceRule):
    id = "fork-not-to-device"
    name = "fork a module that is trained after a device move"
    pitfalls = (15,)
    guide = "R10"
    safety = Safety.REVIEW
    triggers = (b"to_device",)
    check = Check("a training step after the move: gradients are None / zero with `to_device`, non-zero with `fork`",
                  "cargo test (a step after the move)", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for call, field, _ in ctx.method_calls("to_device", 1):
            name = _bound_name(call)
            fn = enclosing(call)
            body = fn.child_by_field_name("body") if fn is not None else None
            if not name or body is None or not (_trained_after(body, name, call.end_byte)
                                                or _backward_through(body, name, call.end_byte)):
                continue
            out.append(self.change(field, f"`{name}` is trained after `.to_device(..)`: `.fork(..)` keeps its parameters leaves",
                                   [Edit(field.start_byte, field.end_byte, "fork")],
                                   reason="`to_device` makes initialised parameters outputs of an autodiff op: the "
                                          "first step's gradients are zero, the second panics; `fork` gives the module "
                                          "its own graph on the device (same result for inference). Check that the move "
                                          "was not meant to share parameters."))
        return out


def _bound_name(call: Node) -> str:
    """`m` in `let m = x.to_device(..);` / `m = x.to_device(..)` ('' otherwise)."""
    parent = call.parent
    if parent is None:
        return ""
    if parent.type == "let_declaration":
        pat = parent.child_by_field_name("pattern")
        if pat is not None and pat.type == "mut_pattern":
            pat = pat.named_children[0] if pat.named_children else None
        return text(pat) if pat is not None and pat.type == "identifier" else ""
    if parent.type == "assignment_expression" and parent.child_by_field_name("right") == call:
        left = parent.child_by_field_name("left")
        return text(left) if left is not None and left.type == "identifier" else ""
    return ""


def _backward_through(body: Node, name: str, after: int) -> bool:
    """Does the fn, after byte `after`, run `name` forward and then call `.backward()` (a loss
    taken through the moved module's parameters, which `to_device` made non-leaves)?"""
    rest = body.text[after - body.start_byte:] if body.text is not None else b""
    fwd = rest.find(name.encode() + b".forward(")
    return fwd >= 0 and rest.find(b".backward()", fwd) >= 0


def _trained_after(body: Node, name: str, after: int) -> bool:
    """Is `name` handed, after byte `after`, to a call that trains it (`.step(lr, name, grads)`,
    `GradientsParams::from_grads(grads, &name)`)?"""
    stack = [body]
    while stack:
        n = stack.pop()
        if n.end_byte <= after:
            continue
        if n.type == "call_expression" and n.start_byte >= after:
            fn = n.child_by_field_name("function")
            method = ""
            if fn is not None and fn.type == "field_expression":
                method = text(fn.child_by_field_name("field"))
            elif fn is not None and fn.type == "scoped_identifier":
                method = text(fn.child_by_field_name("name"))
            args = n.child_by_field_name("arguments")
            if method in _TRAINS and args is not None:
                for a in named_args(args):
                    inner = a.child_by_field_name("value") if a.type == "reference_expression" else a
                    if inner is not None and inner.type == "identifier" and text(inner) == name:
                        return True
        stack.extend(n.named_children)
    return False
