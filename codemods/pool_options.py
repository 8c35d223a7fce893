"""pool-options — the pooling and interpolation functions take an options struct (R27).

What it does:
    `max_pool1d` / `max_pool2d` / `max_pool1d_with_indices` / `max_pool2d_with_indices`
    `(x, kernel, stride, padding, dilation, ceil_mode)` →
    `(x, MaxPoolOptions::new(kernel).with_stride(stride).with_padding(padding)
    .with_dilation(dilation).with_ceil_mode(ceil_mode))`, and `avg_pool1d` / `avg_pool2d`
    `(x, kernel, stride, padding, count_include_pad, ceil_mode)` → `AvgPoolOptions::new(..)
    ….with_count_include_pad(..).with_ceil_mode(..)`. The 1-D functions' scalars become
    one-element arrays (`[k]`). Only calls with 0.21's six arguments are touched.
    `interpolate(x, output_size, options)` → `interpolate(x, options.with_output_size(output_size))`
    (a call of burn's, not of a project fn of that name).

Why:
    burn-tensor 0.22.1 `tensor/module.rs`: `max_pool2d(x: Tensor<4>, options: MaxPoolOptions<2>)`
    (`MaxPoolOptions` / `AvgPoolOptions` in `burn::tensor::ops`, padding as symmetric values or
    `(begin, end)` pairs); `interpolate(x: Tensor<4>, options: InterpolateOptions)` reads the size
    from `options.output_size` (burn-std 0.22.1 `ops.rs`: `with_output_size`); 0.21's positional
    forms fail with E0061.

Example:
    max_pool2d(x, [2, 2], [2, 2], [0, 0], [1, 1], false)
    → max_pool2d(x, MaxPoolOptions::new([2, 2]).with_stride([2, 2]).with_padding([0, 0]).with_dilation([1, 1]).with_ceil_mode(false))

Fix safety:
    safe: each builder sets the field the positional argument set (`with_padding` is the
    symmetric padding 0.21 had).

Reproduction check:
    `cargo check` on 0.22.1: E0061 (this function takes 2 arguments) before, none after.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import binding_scope, binds, import_edit
from burnmigrate.rust.syntax import named_args, text

from ._callees import names_burn

_MAX = ("max_pool1d", "max_pool2d", "max_pool1d_with_indices", "max_pool2d_with_indices")
_AVG = ("avg_pool1d", "avg_pool2d")


class PoolOptions(SourceRule):
    id = "pool-options"
    name = "pooling functions take MaxPoolOptions / AvgPoolOptions"
    pitfalls = (1,)
    guide = "R27"
    safety = Safety.SAFE
    triggers = (b"_pool1d", b"_pool2d", b"interpolate")
    check = Check("`cargo check` on 0.22.1: E0061 at a 6-argument pooling call, none after", "cargo check", ("E0061",),
                  matches=(ErrorMatch("E0061", "", r"(?:max|avg)_pool[12]d|interpolate"),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        wanted: dict[int, tuple[Node, set[str]]] = {}
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type not in ("identifier", "scoped_identifier"):
                continue
            name = text(fn).rsplit("::", 1)[-1]
            arglist = call.child_by_field_name("arguments")
            args = named_args(arglist) if arglist is not None else []
            if name == "interpolate" and len(args) == 3 and names_burn(ctx, fn, globs=True):
                opts = text(args[2]) if args[2].type in ("call_expression", "identifier", "field_expression") \
                    else f"({text(args[2])})"
                out.append(self.change(call, "`interpolate` takes the output size in its `InterpolateOptions` in 0.22.1",
                                       [Edit(args[1].start_byte, args[2].end_byte,
                                             f"{opts}.with_output_size({text(args[1])})")]))
                continue
            if name not in _MAX + _AVG:
                continue
            if len(args) != 6:
                continue
            one_d = "1d" in name
            k, s, p, fourth, c = (text(a) for a in args[1:])
            wrap = (lambda v: f"[{v}]") if one_d else (lambda v: v)
            kind = "MaxPoolOptions" if name in _MAX else "AvgPoolOptions"
            fourth_call = f".with_dilation({wrap(fourth)})" if name in _MAX else f".with_count_include_pad({fourth})"
            options = (f"{kind}::new({wrap(k)}).with_stride({wrap(s)}).with_padding({wrap(p)}){fourth_call}"
                       f".with_ceil_mode({c})")
            out.append(self.change(call, f"`{name}` takes a `{kind}` in 0.22.1",
                                   [Edit(args[1].start_byte, args[-1].end_byte, options)]))
            body = binding_scope(call)
            wanted.setdefault(body.id, (body, set()))[1].add(kind)
        root = ctx.crate.burn_roots[0]
        for body, names in wanted.values():
            names = sorted(n for n in names if not binds(body, n, set(), ctx.use_declarations()))
            if names:
                out.append(self.change((body.start_byte, body.start_byte), f"import {', '.join(names)}",
                                       [import_edit(ctx.src, body, f"{root}::tensor::ops", names, ctx.use_declarations())]))
        return out
