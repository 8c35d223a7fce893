"""require-grad-without-autodiff — `require_grad()` panics on a plain device in 0.22.1 (R28).

What it does:
    `x.require_grad()` in code that names no autodiff backend (`impl<B: Backend> Head<B>`, a
    `Tensor<NdArray, 1>`) → `burn::module::Parameter::set_require_grad(x, true)` (through the
    crate's own name for burn). Where the fn (with its impl's header) names autodiff
    (`B: AutodiffBackend`, `Autodiff<..>`, an autodiff alias) the tensor is an autodiff one and
    the call is left, unless its receiver was built on the inner backend (`B::InnerBackend`,
    `.inner()`). Only in 0.21 code: a plain backend parameter in scope, or a plain backend named
    where the tensor is made (`Tensor::<NdArray, 1>::ones(..)`), so a second run changes nothing.
    A project's own `require_grad` (any fn of that name in the project) is left.

Why:
    burn-tensor 0.21.0's `require_grad` "does nothing when autodiff is not enabled"
    (`tensor/api/float.rs`); 0.22.1's panics: "Tensor::require_grad requires autodiff; call
    Tensor::autodiff first" (`tensor/api/float.rs`, `set_require_grad_impl`). A model built
    for inference on a plain device (`Param::initialized(id, t.require_grad())` in its `new`)
    compiled and ran in 0.21 and panics after the upgrade, with no compile error to point at
    it. burn-core 0.22.1's `Parameter::set_require_grad` for float tensors keeps 0.21's
    behaviour: "Float tensors without autodiff remain unchanged" (`module/param/tensor.rs`: it
    calls the tensor's only when `is_autodiff()`), which is what burn's own modules use.

Example:
    let bias = Tensor::ones([1], device).require_grad();
    → let bias = burn::module::Parameter::set_require_grad(Tensor::ones([1], device), true);

Fix safety:
    safe: on an autodiff tensor it is the same call (`Tensor::set_require_grad(x, true)`,
    which `require_grad` was); on a plain one it is 0.21's no-op.

Reproduction check:
    `cargo test` on 0.22.1 with a model built on `Device::flex()`: the panic "Tensor::require_grad
    requires autodiff" before, the test passes after.
"""
from __future__ import annotations

import re

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, Edit, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import enclosing, required_child, text

from ._device_reach import autodiff_near

_INNER = re.compile(r"InnerBackend\b|\.inner\(\s*\)")
_PLAIN = frozenset(api.CONCRETE_BACKENDS) - {"Autodiff"}
_TYPE_ARGS = re.compile(r"<\s*(?:\w+\s*::\s*)*(\w+)")   # the first name of each generic argument list


class RequireGradWithoutAutodiff(SourceRule):
    id = "require-grad-without-autodiff"
    name = "require_grad() on a tensor that may be plain keeps 0.21's no-op"
    pitfalls = (11,)
    guide = "R28"
    safety = Safety.SAFE
    triggers = (b"require_grad",)
    check = Check("a test building the model on a plain device (`Device::flex()`): 0.22.1 panics \"Tensor::require_grad "
                  "requires autodiff\" before, passes after", "cargo test", ())

    def run(self, ctx: FileContext) -> list[Change]:
        if "require_grad" in ctx.index.project_names:
            return []   # a project's own `require_grad` may be the one called
        out: list[Change] = []
        root = ctx.crate.burn_roots[0]
        plain_names = {n for n, a in ctx.index.backend_aliases.items() if not a.autodiff} | _PLAIN
        for call, field, _args in ctx.method_calls("require_grad", 0):
            recv = required_child(required_child(call, "function"), "value")
            fn = enclosing(call, ("function_item",))
            if fn is not None and autodiff_near(ctx, fn) and not _INNER.search(text(recv)):
                continue   # an autodiff backend's tensor: `require_grad` marks it, as in 0.21
            # 0.21 code only (a second run must change nothing): a plain backend parameter in scope,
            # or a plain backend named where the tensor is made (`Tensor::<NdArray, 1>::ones(..)`)
            if not any(not p.autodiff for p in ctx.scope.in_scope(call).values()) and not _INNER.search(text(recv)) \
                    and not any(w in plain_names for w in _TYPE_ARGS.findall(text(recv))):
                continue
            out.append(self.change(field, "`require_grad()` → `Parameter::set_require_grad(.., true)` (0.22.1's "
                                          "panics on a tensor without autodiff; 0.21's did nothing there)",
                                   [Edit(call.start_byte, recv.start_byte, f"{root}::module::Parameter::set_require_grad("),
                                    Edit(recv.end_byte, call.end_byte, ", true)")]))
        return out
