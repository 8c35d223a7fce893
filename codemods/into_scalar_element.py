"""into-scalar-element — `into_scalar` names the element it returns (R20).

What it does:
    - `t.into_scalar().elem::<T>()` → `t.into_scalar::<T>()`;
    - `t.into_scalar().elem()` → `t.into_scalar()`: 0.21's `elem<E: Element>()` took `E` from its
      context (a typed `let`, a fn's return, a parameter), which now types `into_scalar` the same;
    - `t.into_scalar().to_bool()` / `.to_f32()` / `.to_i64()` … → `t.into_scalar::<bool>()` …, and
      `.to_usize()` → `t.into_scalar::<i64>() as usize` (review);
    - a bare `t.into_scalar()` whose type nothing fixes (a `println!` argument, arithmetic, an
      untyped `let`) gets a turbofish from what the chain shows the tensor to be: `i64` after
      `argmax` / `argmin` / `.int()`, `bool` after a comparison, else `f32` (review).
    `let x: f32 = t.into_scalar().into();` → `let x: f32 = t.into_scalar::<f32>();` (a primitive
    the `let` names: 0.21's element went into it by an exact `Into`, safe).
    An `into_scalar()` that a typed `let`, a fn's return or a call's argument types is left; one
    that `assert_eq!` / `assert_ne!` compares with an integer literal gets `i64` (the literal's
    suffix type where it has one), safe: that literal typed 0.21's element, an integer.
    `t.try_into_scalar()` likewise gets the type its chain converts to past `?`, `.map_err(..)`,
    `.expect(..)` or `.unwrap()` (`.try_into_scalar().map_err(e)?.elem::<i64>()` →
    `.try_into_scalar::<i64>().map_err(e)?.elem::<i64>()`; the conversion stays, an identity).

Why:
    burn 0.22 made it `fn into_scalar<E: Element>(self) -> E` and `fn try_into_scalar<E:
    Element>(self) -> Result<E, TensorReadError>` (burn-tensor 0.22.1 `tensor/api/base.rs`); 0.21's returned the backend's element type (`K::Elem`). Untyped uses
    fail with E0282 / E0283 "type annotations needed".

Example:
    let loss = loss.into_scalar().elem::<f32>();   →  let loss = loss.into_scalar::<f32>();
    println!("{}", loss.into_scalar());            →  println!("{}", loss.into_scalar::<f32>());

Fix safety:
    safe where 0.21 code named the type (`elem::<T>`, `to_T`, a typed `let`). Review where the
    type is read off the chain: 0.21 gave the backend's element type (f32 / i32 / i64 …), the
    rewrite gives f32 / i64 / bool; and for `to_usize` (negative values wrap with `as`). Safe
    again where the chain says the kind (`argmax`, `.int()`, a comparison, `.float()`) and the
    value is only shown or converted: a format macro's argument (`{name}` in its string too), an
    `as` cast, `.elem::<T>()` / `.to_T()`, directly or through an untyped `let` whose every use
    is one; any element of that kind prints and converts to the same value there.

Reproduction check:
    `cargo check` on 0.22.1: E0282 / E0283 "type annotations needed" before, none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.resolve import binding_uses
from burnmigrate.rust.syntax import enclosing, named_args, required_child, text

_TO = {"to_bool": "bool", "to_f32": "f32", "to_f64": "f64", "to_i32": "i32", "to_i64": "i64", "to_i8": "i8",
       "to_i16": "i16", "to_u8": "u8", "to_u16": "u16", "to_u32": "u32", "to_u64": "u64"}
_INT = re.compile(r"\.(?:argmax|argmin|argsort|argsort_descending|int|argwhere|nonzero)\s*\(|Int\b")
_BOOL = re.compile(r"\.(?:bool|equal|not_equal|greater|greater_equal|lower|lower_equal|equal_elem|greater_elem|"
                   r"lower_elem|any|all|is_nan|is_inf|is_finite|contains_nan|is_close|all_close|bool_and|bool_or|bool_not)\w*\s*\(")
_FLOAT_AFTER = re.compile(r"\.(?:float|int)\s*\(")


def _kind(receiver: str) -> str:
    """The element a 0.21 chain ends on, read off its last kind-changing call."""
    marks = [(m.start(), "i64") for m in _INT.finditer(receiver)] + [(m.start(), "bool") for m in _BOOL.finditer(receiver)]
    marks += [(m.start(), "f32") for m in re.finditer(r"\.float\s*\(", receiver)]
    return max(marks)[1] if marks else "f32"


class IntoScalarElement(SourceRule):
    id = "into-scalar-element"
    name = "into_scalar names its element type"
    pitfalls = (1,)   # a 0.22 API change: a compile failure after the upgrade (the chart sends those to chapter 1)
    guide = "R20"
    safety = Safety.SAFE
    triggers = (b"into_scalar",)
    check = Check("`cargo check` on 0.22.1: E0282 / E0283 type annotations needed at `into_scalar()`, none after",
                  "cargo check", ("E0282", "E0283"),
                  matches=(ErrorMatch("E0282", "", r"into_scalar\(\)"), ErrorMatch("E0283", "", r"into_scalar\(\)")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = self._fallible(ctx)
        for call, field, args in ctx.method_calls("into_scalar", 0):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "field_expression":
                continue   # already `into_scalar::<E>()`
            recv = fn.child_by_field_name("value")
            parent = call.parent
            after = parent.parent if parent is not None and parent.type == "field_expression" else None
            method = text(parent.child_by_field_name("field")) if after is not None and parent is not None else ""
            # `.elem::<T>()` / `.elem()` right after
            if after is not None and after.type == "generic_function" and method == "elem":
                targs = after.child_by_field_name("type_arguments")
                outer = after.parent
                if targs is not None and outer is not None and outer.type == "call_expression":
                    ty = text(targs)[1:-1].strip()
                    if "::" in ty:
                        continue   # a backend element type: backend-elem-type names it first
                    out.append(self.change(field, f"`into_scalar().elem::<{ty}>()` → `into_scalar::<{ty}>()`",
                                           [Edit(field.end_byte, field.end_byte, f"::<{ty}>"),
                                            Edit(call.end_byte, outer.end_byte, "")]))
                continue
            if after is not None and after.type == "call_expression" and method == "elem":
                # 0.21's `elem<E: Element>()` took its type from the context (a typed `let`, a fn's
                # return, a parameter): the same context now types `into_scalar<E: Element>()`
                why = "the `let` names the type" if _typed_let(after) else "its context names the type"
                out.append(self.change(field, f"`into_scalar().elem()` → `into_scalar()` ({why})",
                                       [Edit(call.end_byte, after.end_byte, "")]))
                continue
            ty = _let_type(after) if after is not None and after.type == "call_expression" and method == "into" \
                and not named_args(required_child(after, "arguments")) else ""
            if ty in _PRIMITIVES and after is not None:   # `let x: f32 = t.into_scalar().into();` (0.21: `B::FloatElem: Into<f32>`)
                out.append(self.change(field, f"`into_scalar().into()` → `into_scalar::<{ty}>()` (the `let` names the type)",
                                       [Edit(field.end_byte, field.end_byte, f"::<{ty}>"), Edit(call.end_byte, after.end_byte, "")]))
                continue
            if after is not None and after.type == "call_expression" and method in _TO:
                ty = _TO[method]
                out.append(self.change(field, f"`into_scalar().{method}()` → `into_scalar::<{ty}>()`",
                                       [Edit(field.end_byte, field.end_byte, f"::<{ty}>"), Edit(call.end_byte, after.end_byte, "")]))
                continue
            if after is not None and after.type == "call_expression" and method == "to_usize":
                out.append(self.change(field, "`into_scalar().to_usize()` → `into_scalar::<i64>() as usize`",
                                       [Edit(field.end_byte, field.end_byte, "::<i64>"), Edit(call.end_byte, after.end_byte, " as usize")],
                                       safety=Safety.REVIEW,
                                       reason="`usize` is not a tensor element type; `as usize` wraps a negative value "
                                              "where `to_usize` panicked"))
                continue
            converter = _f32_converter(call, ctx.index.to_f32_fns)
            if converter:   # `scalar_to_f32(x.into_scalar())`: it returns `to_f32()` of whatever element it gets
                out.append(self.change(field, f"`into_scalar()` → `into_scalar::<f32>()` (`{converter}` only converts "
                                              "it with `to_f32()`: the same value)", [Edit(field.end_byte, field.end_byte, "::<f32>")]))
                continue
            if _typed_by_context(call, ctx.index.generic_value_fns):
                continue
            if ty := _compared_with_int_literal(call):   # 0.21's element took an integer literal: an int kind
                out.append(self.change(field, f"`into_scalar()` → `into_scalar::<{ty}>()` (compared with an integer "
                                              "literal: 0.21's element was an integer)",
                                       [Edit(field.end_byte, field.end_byte, f"::<{ty}>")]))
                continue
            out.append(self._read_off_chain(field, recv, "into_scalar", _only_shown(call)))
        return out

    def _read_off_chain(self, field: Node, recv: Node | None, method: str, shown: bool = False) -> Change:
        """`method()` → `method::<T>()` with `T` read off the receiver's chain: review, unless the
        chain says its kind (`argmax`, `.int()`, a comparison) and the value is only shown or
        converted (`_only_shown`), where any element of that kind gives the same value."""
        ty = _kind(text(recv))
        if shown and _marked(text(recv)):
            return self.change(field, f"`{method}()` names its element in 0.22: `{method}::<{ty}>()` (the chain makes "
                                      f"it {'an integer' if ty == 'i64' else 'a bool' if ty == 'bool' else 'a float'}, "
                                      "and the value is only shown or converted)",
                               [Edit(field.end_byte, field.end_byte, f"::<{ty}>")])
        return self.change(field, f"`{method}()` names its element in 0.22: `{method}::<{ty}>()`",
                           [Edit(field.end_byte, field.end_byte, f"::<{ty}>")], safety=Safety.REVIEW,
                           reason=f"0.21 returned the backend's element type (f32 / i32 / i64 …); `{ty}` is read "
                                  "off the chain (an `argmax`, `int()` or comparison): check it is the type this "
                                  "value needs" if _marked(text(recv)) else
                                  "0.21 returned the backend's element type (f32 / i32 / i64 …); nothing in the chain "
                                  "says the tensor's kind, so `f32` (a float tensor's) is taken: check the tensor is a "
                                  "float one and `f32` the type this value needs")


    def _fallible(self, ctx: FileContext) -> list[Change]:
        """`try_into_scalar()` (0.22.1: `try_into_scalar<E: Element>(self) -> Result<E, _>`): the
        element comes from the `.elem::<T>()` / `.to_T()` the chain ends on past `?`,
        `.map_err(..)`, `.expect(..)`, `.unwrap()` (kept: converting T to T is the identity);
        else from the context, else it is read off the chain (review)."""
        out: list[Change] = []
        for call, field, _args in ctx.method_calls("try_into_scalar", 0):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "field_expression":
                continue   # already `try_into_scalar::<E>()`
            named, end = _chain_element(call)
            if named:
                out.append(self.change(field, f"`try_into_scalar()` → `try_into_scalar::<{named}>()` (the chain converts to `{named}`)",
                                       [Edit(field.end_byte, field.end_byte, f"::<{named}>")]))
                continue
            if _typed_by_context(end, ctx.index.generic_value_fns):
                continue
            out.append(self._read_off_chain(field, required_child(fn, "value"), "try_into_scalar"))
        return out


# what a fallible read passes through before its value is converted
_THROUGH = frozenset({"map_err", "expect", "unwrap", "context", "with_context", "wrap_err"})


def _chain_element(call: Node) -> tuple[str, Node]:
    """The element type the chain after `call` converts the read value to (`?.elem::<i64>()`,
    `.unwrap().to_f32()`), or "" and the expression the plain value ends at."""
    node = call
    while True:
        p = node.parent
        if p is not None and p.type == "try_expression":
            node = p
            continue
        if p is None or p.type != "field_expression":
            return "", node
        method = text(p.child_by_field_name("field"))
        g = p.parent
        if g is not None and g.type == "generic_function" and method == "elem":
            targs = g.child_by_field_name("type_arguments")
            ty = text(targs)[1:-1].strip() if targs is not None else ""
            return ("" if "::" in ty else ty), node
        if g is not None and g.type == "call_expression" and method in _TO:
            return _TO[method], node
        if g is None or g.type != "call_expression" or method not in _THROUGH:
            return "", node
        node = g


# macros that only format their arguments (the macro view's names, `println!` → `println_`)
_SHOWN_BY = frozenset({"print_", "println_", "eprint_", "eprintln_", "format_", "format_args_", "write_", "writeln_",
                       "panic_", "trace_", "debug_", "info_", "warn_", "error_"})
# element conversions every element type has (`ElementConversion::elem`, `ToElement::to_*`)
_CONVERTS = frozenset({"elem", *_TO, "to_usize", "to_isize"})


def _marked(receiver: str) -> bool:
    """Does the chain say what kind its tensor ends as (not the f32 taken when nothing does)?"""
    return bool(_INT.search(receiver) or _BOOL.search(receiver) or re.search(r"\.float\s*\(", receiver))


def _shown_or_converted(node: Node) -> bool:
    """`node` is a format macro's argument, an `as` cast's operand or the receiver of an element
    conversion (`.elem::<f32>()`, `.to_f64()`): any element of one kind gives the same text and
    the same converted value there (i32 and i64 hold the same integer; 0.21's f32 and 0.22.1's
    default f32)."""
    p = node.parent
    while p is not None and p.type == "parenthesized_expression":
        node, p = p, p.parent
    if p is None:
        return False
    if p.type == "token_tree":   # a format macro the view left as tokens: a whole argument, or cast
        mac = p.parent
        before, after = node.prev_sibling, node.next_sibling
        return mac is not None and mac.type == "macro_invocation" and f"{text(mac.child_by_field_name('macro'))}_" \
            in _SHOWN_BY and before is not None and before.type == "," and after is not None \
            and after.type in (",", ")", "as")
    if p.type == "arguments":
        call = p.parent
        fn = call.child_by_field_name("function") if call is not None else None
        return fn is not None and fn.type == "identifier" and text(fn) in _SHOWN_BY
    if p.type == "type_cast_expression":
        return p.child_by_field_name("value") == node
    if p.type == "field_expression" and p.child_by_field_name("value") == node:
        g = p.parent
        if g is not None and g.type == "generic_function":
            g = g.parent
        return g is not None and g.type == "call_expression" and text(p.child_by_field_name("field")) in _CONVERTS
    return False


def _only_shown(call: Node) -> bool:
    """Is the read value only shown or converted (`_shown_or_converted`): in place, or through an
    untyped `let` whose every use is (a `{name}` inside a format string is one)?"""
    if _shown_or_converted(call):
        return True
    let = call.parent
    if let is None or let.type != "let_declaration":
        return False
    pat = let.child_by_field_name("pattern")
    if pat is None or pat.type != "identifier" or let.child_by_field_name("type") is not None \
            or let.child_by_field_name("value") != call:
        return False
    fn = enclosing(let, ("function_item",))
    name = text(pat)
    uses = binding_uses(fn, let, name) if fn is not None else []
    return fn is not None and all(_shown_or_converted(u) for u in uses)


# the numeric element types `into_scalar` reads to: an `Into` conversion of 0.21's element to one of
# them (`f16` / `f32` into `f32`, `i32` into `i64`) is exact, so reading straight into it is the same value
_PRIMITIVES = frozenset({"f32", "f64", "i32", "i64", "u32", "u64", "i16", "u16", "i8", "u8", "bool"})


def _let_type(node: Node) -> str:
    """The type of the `let` whose value `node` is (`let x: f32 = ..`), '' when none."""
    p = node.parent
    ty = p.child_by_field_name("type") if p is not None and p.type == "let_declaration" \
        and p.child_by_field_name("value") == node else None
    return text(ty).strip() if ty is not None else ""


def _typed_let(node: Node) -> bool:
    return bool(_let_type(node))


def _typed_by_context(call: Node, generic_fns: dict[str, frozenset[int]]) -> bool:
    """Something around the call fixes its type: a typed `let`, a fn's tail or `return`, a call
    argument (not one a project fn types by a generic: `scalar_to_f32<E: ToElement>(value: E)`,
    `generic_fns` from the index), a struct field, an assignment."""
    node, p = call, call.parent
    while p is not None and p.type in ("parenthesized_expression", "reference_expression"):
        node, p = p, p.parent
    if p is None:
        return False
    if p.type == "let_declaration":
        return p.child_by_field_name("type") is not None
    if p.type == "arguments":
        return not _macro_args(p) and not _generic_argument(p, node, generic_fns)
    if p.type in ("return_expression", "field_initializer", "assignment_expression"):
        return True
    if p.type == "block":   # a tail expression: typed by the fn (or a typed block)
        kids = [c for c in p.named_children if c.type not in ("line_comment", "block_comment")]
        return bool(kids) and kids[-1] == node and p.parent is not None and p.parent.type == "function_item"
    return False


def _generic_argument(args: Node, arg: Node, generic_fns: dict[str, frozenset[int]]) -> bool:
    """Is `arg` passed where the called project fn (by name; a free fn, `f(..)` or `a::f(..)`)
    has a value parameter typed by its own generic?"""
    positions = generic_fns.get(_free_fn_called(args), frozenset())
    return bool(positions) and next((i for i, a in enumerate(named_args(args)) if a.id == arg.id), -1) in positions


def _f32_converter(call: Node, converters: set[str]) -> str:
    """The project fn (by name: a free fn, `f(..)` or `a::f(..)`) that `call` is the one argument
    of, when it only converts its `ToElement` argument with `.to_f32()` (fn_sigs.to_f32_fns):
    reading the scalar as f32 first gives the same f32. '' otherwise."""
    args = call.parent
    while args is not None and args.type == "parenthesized_expression":
        args = args.parent
    name = _free_fn_called(args) if args is not None and args.type == "arguments" and len(named_args(args)) == 1 else ""
    return name if name in converters else ""


def _free_fn_called(args: Node) -> str:
    """The name of the free fn (`f(..)`, `a::f(..)`) whose argument list `args` is, else ''."""
    call = args.parent
    fn = call.child_by_field_name("function") if call is not None else None
    return text(fn).split("::")[-1].strip() if fn is not None and fn.type in ("identifier", "scoped_identifier") else ""


def _macro_args(args: Node) -> bool:
    """Arguments of a `println_(..)`-style call in the macro view (std's macros take anything)."""
    call = args.parent
    fn = call.child_by_field_name("function") if call is not None else None
    return fn is not None and fn.type == "identifier" and text(fn).endswith("_")


_INT_LITERAL = re.compile(r"-?\s*\d[\d_]*(i8|i16|i32|i64|u8|u16|u32|u64)?")


def _compared_with_int_literal(call: Node) -> str:
    """`assert_eq!(t.into_scalar(), 10)` (`assert_ne!`): the other side is an integer literal, so
    0.21's element (which that literal typed) was an integer: `i64` (any integer holds the same
    value and compares the same, and i64 holds every 0.21 int element's), or the literal's own
    suffix (`10u8`); '' when not so."""
    args = call.parent
    fn = args.parent.child_by_field_name("function") if args is not None and args.type == "arguments" \
        and args.parent is not None else None
    if fn is None or args is None or text(fn) not in ("assert_eq_", "assert_ne_", "debug_assert_eq_", "debug_assert_ne_"):
        return ""
    both = named_args(args)[:2]
    if len(both) != 2 or call.id not in (both[0].id, both[1].id):
        return ""
    m = _INT_LITERAL.fullmatch(text(both[1] if both[0].id == call.id else both[0]).strip())
    return "" if m is None else m.group(1) or "i64"
