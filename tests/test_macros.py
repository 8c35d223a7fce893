"""The expression-macro view (rust/macros.py): same length as the file, restored byte for byte,
never used where it parses worse, and no edit may write view bytes into the file."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.model import CrateFacts
from burnmigrate.model.edits import Edit
from burnmigrate.rules.registry import source_rules
from burnmigrate.rust.index import collect, merge
from burnmigrate.rust.macros import expression_macros, expression_view, macro_turbofish_facts, restore, shift, touches
from burnmigrate.rust.syntax import error_count, parse


def view_of(src: bytes, **kw):
    return expression_view(src, parse(src), **kw)


def migrate(src: str) -> str:
    facts = collect("src/lib.rs", src.encode())
    res = rewrite_source("src/lib.rs", src.encode(), merge([facts]), CrateFacts(), source_rules())
    return (res.final or src.encode()).decode(), res


def test_views_of_std_macros():
    src = (b"fn f() { assert_eq!(a, Tensor::<B, 1>::x()); let v = vec![T::<B>::y(); 2];"
           b" matches!(X::<B>::z(), Some(_) | None if q); }")
    v = view_of(src)
    assert v.text == (b"fn f() { assert_eq_(a, Tensor::<B, 1>::x()); let v =     [T::<B>::y(); 2];"
                      b" matches_(X::<B>::z()," + b" " * len(b" Some(_) | None if q") + b"); }")
    assert len(v.text) == len(src) and restore(v.text, v.masks) == src
    assert not v.tree.root_node.has_error


def test_nested_calls_are_seen_one_level_per_parse():
    src = b"fn f() { assert!(matches!(Tensor::<B, 1>::zeros([3], d).dims(), [3])); }"
    v = view_of(src)
    assert v.text.startswith(b"fn f() { assert_(matches_(Tensor::<B, 1>::zeros([3], d).dims(),")
    assert restore(v.text, v.masks) == src


def test_a_call_with_nothing_to_rewrite_is_not_masked():
    assert view_of(b'fn f() { println!("{}", x); assert_eq!(a, b); }').masks == []


def test_a_view_that_parses_worse_is_not_used_for_that_call():
    # `$` tokens are not expressions: the view of this call would not parse
    src = b"fn f() { assert_eq!($x::<B>, 1); println!(\"{}\", T::<B>::n()); }"
    v = view_of(src)
    assert b"assert_eq!($x" in v.text and b"println_(" in v.text
    assert error_count(v.tree) <= error_count(parse(src))


def test_project_macros_by_their_matchers():
    src = b"""macro_rules! e { ($a:expr, $b:expr) => {}; ($($x:expr),*) => {} }
macro_rules! t { ($($x:ty),* $(,)?) => {} }
macro_rules! k { (key = $a:expr) => {} }
macro_rules! m { ($a:expr; $b:ty) => {} }
"""
    exprs, types, other = expression_macros(parse(src).root_node)
    assert exprs == {"e"} and types == {"t"} and other == {"k", "m"}


def test_macros_calling_a_fragment_with_a_turbofish_and_what_they_are_given():
    src = b"""macro_rules! on_cpu { ($job:path) => { $job::<Flex>(&Default::default()) }; }
macro_rules! plain { ($job:path) => { $job(&d) }; }
macro_rules! named { () => { build::<B>() }; }
fn f() { on_cpu!(crate::jobs::mean_of_ones); plain![other]; println!("{}", shown); on_cpu! { (nested(call)) } }
"""
    turbofish, args = macro_turbofish_facts(src)
    assert turbofish == {"on_cpu"}   # a turbofish on a `$` fragment only (`build::<B>` names a fn)
    assert args["on_cpu"] == {"crate", "jobs", "mean_of_ones", "nested", "call"} and args["plain"] == {"other"}
    assert "println" not in args and "macro_rules" not in args


def test_a_fn_a_turbofish_macro_is_given_keeps_its_parameter_by_name():
    lib = b"macro_rules! on_cpu { ($job:path) => { $job::<Flex>(&Default::default()) }; }\nmod jobs;\n"
    jobs = b"use burn::prelude::*;\npub fn kept<B: Backend>(d: &B::Device) {}\npub fn erased<B: Backend>(d: &B::Device) {}\n"
    caller = b"pub fn run() { on_cpu!(crate::jobs::kept) }\n"
    idx = merge([collect("src/lib.rs", lib), collect("src/jobs.rs", jobs), collect("src/run.rs", caller)])
    assert idx.macro_kept_fns == {"kept": "on_cpu"} and "kept" in idx.kept_fns and "kept" not in idx.user_fns
    assert "erased" in idx.user_fns and "erased" not in idx.kept_fns


def test_a_project_macro_named_like_std_is_not_std():
    src = b"fn f() { info!(key = Tensor::<B, 1>::x()); }"
    assert view_of(src, other_macros=frozenset({"info"})).masks == []


def test_touches_and_shift():
    src = b"fn f() { assert_eq!(a, T::<B>::x()); }"
    v = view_of(src)
    (m,) = v.masks
    assert touches(Edit(m.start, m.end, "!"), v.masks, v.text)                 # the mask itself
    assert touches(Edit(9, 40, "x"), v.masks, v.text)                          # across it
    assert touches(Edit(0, 0, v.text[9:30].decode()), v.masks, v.text)         # copies the view
    assert not touches(Edit(9, 38, ""), v.masks, v.text)                       # deletes it whole
    assert not touches(Edit(24, 27, "T"), v.masks, v.text)                     # inside the arguments
    moved = shift(v.masks, [Edit(0, 2, "pub fn")])
    assert moved[0].start == m.start + 4
    assert shift(v.masks, [Edit(9, 38, "")]) == []


def test_the_file_gets_the_macro_back_and_the_rewrite_inside():
    out, res = migrate("use burn::prelude::*;\n\npub fn f<B: Backend>(d: &B::Device) {\n"
                       "    assert_eq!(Tensor::<B, 1>::zeros([2], d).dims(), [2]);\n"
                       "    let v = vec![Tensor::<B, 1>::ones([2], d); 2];\n}\n")
    assert out == ("use burn::prelude::*;\n\npub fn f(d: &Device) {\n"
                   "    assert_eq!(Tensor::<1>::zeros([2], d).dims(), [2]);\n"
                   "    let v = vec![Tensor::<1>::ones([2], d); 2];\n}\n")
    assert not [c for c in res.changes if c.rule == "backend-extension"]


def test_second_run_changes_nothing_and_crlf_survives():
    src = ("use burn::prelude::*;\r\n\r\npub fn f<B: Backend>(d: &B::Device) {\r\n"
           "    println!(\"{}\", Tensor::<B, 1>::zeros([2], d));\r\n}\r\n")
    out, _ = migrate(src)
    assert "\r\n" in out and "println!(\"{}\", Tensor::<1>::zeros([2], d));" in out
    again, res = migrate(out)
    assert again == out and res.final is None


ARGS = st.sampled_from(["a", "Tensor::<B, 2>::zeros([1, 2], d)", "x.dims()", "\"{}\"", "B::Device::default()",
                        "vec![Tensor::<B, 1>::ones([1], d)]", "$z", "|x| x + 1", "[1, 2]"])
MACROS = st.sampled_from(["assert_eq", "println", "vec", "format", "matches", "dbg", "write", "info"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(MACROS, st.sampled_from("([{"), st.lists(ARGS, min_size=1, max_size=3)), min_size=1, max_size=4))
def test_view_restores_exactly_and_never_parses_worse(calls):
    close = {"(": ")", "[": "]", "{": "}"}
    body = " ".join(f"let _ = {m}!{o}{', '.join(a)}{close[o]};" for m, o, a in calls)
    src = f"fn f<B: Backend>(d: &B::Device) {{ {body} }}\n".encode()
    v = view_of(src)
    assert len(v.text) == len(src)
    assert restore(v.text, v.masks) == src
    assert error_count(v.tree) <= error_count(parse(src))

