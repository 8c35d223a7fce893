"""Shared by the rules that erase autodiff backends: where does the autodiff device come from?"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import named_args, text


def device_param(ctx: FileContext, fn: Node, backend: str) -> tuple[Node, str, bool] | None:
    """(the parameter node, its name, by reference?) of a value parameter typed `B::Device` or
    `&B::Device` for the backend parameter `backend`."""
    params = fn.child_by_field_name("parameters")
    if params is None:
        return None
    for p in named_args(params):
        if p.type != "parameter":
            continue
        pat, ty = p.child_by_field_name("pattern"), p.child_by_field_name("type")
        if pat is None or ty is None or pat.type != "identifier":
            continue
        by_ref = ty.type == "reference_type"
        inner = ty.child_by_field_name("type") if by_ref else ty
        if inner is not None and re.fullmatch(rf"(?:{re.escape(backend)}|<{re.escape(backend)} as \w+>)::Device", text(inner)):
            if by_ref and any(c.type == "mutable_specifier" for c in ty.children):
                return None
            return p, text(pat), by_ref
    return None


def calls_autodiff_fn(ctx: FileContext, fn: Node) -> bool:
    """Does the body call another project fn generic over an autodiff backend (then that one is
    the sink that makes the device autodiff, not this one)?"""
    body = fn.child_by_field_name("body")
    if body is None or not ctx.index.autodiff_fns:
        return False
    own = text(fn.child_by_field_name("name"))
    words = set(re.findall(r"\b(\w+)\s*(?:::\s*<[^()]*>\s*)?\(", text(body)))
    return bool((words - {own}) & ctx.index.autodiff_fns)


def autodiff_sink(ctx: FileContext, fn: Node, backend: str):
    """For a fn generic over the autodiff backend `backend` that receives the device and hands
    it to no other autodiff fn: (param, name, by_ref); else None."""
    if fn.type != "function_item":
        return None
    dp = device_param(ctx, fn, backend)
    if dp is None or calls_autodiff_fn(ctx, fn):
        return None
    return dp
