"""burnmigrate.rust.resolve: what a name means where it is written, one row per construct
(issue 25 item 1). Each row: a file, the name, where it is used (the text at the use site's
line, unique), and what it must resolve to: the kind, and the item's first line or the path."""
from __future__ import annotations

import pytest

from burnmigrate.rust.resolve import resolve
from burnmigrate.rust.syntax import parse, text

ROWS = [
    # a `use` binds it
    ("use", "use burn::backend::Autodiff;\nfn f() { let _x: Autodiff<u8>; }",
     "Autodiff", "let _x", ("import", "burn::backend::Autodiff")),
    # a `pub use` binds it the same way
    ("pub use", "pub use crate::train::run;\nfn f() { run(); }", "run", "run()", ("import", "crate::train::run")),
    # a glob brings it, from a module this file does not see
    ("glob", "use crate::train::*;\nfn f() { run(); }", "run", "run()", ("glob", "crate::train")),
    # an item of the module shadows a glob that brings the same name
    ("local item shadows glob", "use crate::train::*;\nfn run(a: &Args) {}\nfn f() { run(a); }",
     "run", "run(a);", ("item", "fn run(a: &Args) {}")),
    # a `use` that names it shadows a glob too
    ("named use shadows glob", "use crate::a::*;\nuse crate::b::run;\nfn f() { run(); }", "run", "run()",
     ("import", "crate::b::run")),
    # a fn-local alias shadows the module's alias of the same name
    ("fn-local alias", "type B = Autodiff<Flex>;\nfn t() { type B = Flex; let _d: B; }", "B", "let _d",
     ("local", "type B = Flex;")),
    # the module's alias where no local one is in scope
    ("module alias", "type B = Autodiff<Flex>;\nfn t() { let _d: B; }", "B", "let _d", ("item", "type B = Autodiff<Flex>;")),
    # a generic parameter shadows an alias of the same name
    ("generic param shadows alias", "type B = Flex;\nfn g<B: Backend>(x: Tensor<B, 1>) {}", "B", "x: Tensor",
     ("param", "B: Backend")),
    # an impl's parameter, seen from inside one of its methods
    ("impl param", "type B = Flex;\nimpl<B: Backend> M<B> {\n    fn m(&self) -> B::Device { todo!() }\n}", "B",
     "fn m", ("param", "B: Backend")),
    # an inline module is a module of its own: the outer alias is not visible in it
    ("mod", "type B = Autodiff<Flex>;\nmod tests {\n    fn t() { let _d: B; }\n}", "B", "let _d", ("unknown", "")),
    # ... unless it imports its parent's names
    ("mod with use super::*", "type B = Autodiff<Flex>;\nmod tests {\n    use super::*;\n    fn t() { let _d: B; }\n}",
     "B", "let _d", ("item", "type B = Autodiff<Flex>;")),
    # ... and its own alias wins over the parent's
    ("mod's own alias", "type B = Autodiff<Flex>;\nmod tests {\n    use super::*;\n    type B = Flex;\n    fn t() { let _d: B; }\n}",
     "B", "let _d", ("item", "type B = Flex;")),
    # a name bound nowhere in the file
    ("unknown", "fn f() { run(); }", "run", "run()", ("unknown", "")),
]


def _use_site(root, src: bytes, marker: str, name: str):
    line_start = src.index(marker.encode())
    for node in _walk(root):
        if node.type in ("identifier", "type_identifier") and text(node) == name and node.start_byte >= line_start:
            return node
    raise AssertionError(f"{name} not found after {marker!r}")


def _walk(node):
    yield node
    for c in node.children:
        yield from _walk(c)


@pytest.mark.parametrize("label,src,name,marker,want", ROWS, ids=[r[0] for r in ROWS])
def test_resolution(label, src, name, marker, want):
    raw = src.encode()
    root = parse(raw).root_node
    got = resolve(_use_site(root, raw, marker, name), name)
    kind, detail = want
    assert got.kind == kind, f"{label}: {got}"
    if kind in ("import", "glob"):
        assert "::".join(got.path) == detail
    elif kind != "unknown":
        assert got.node is not None and text(got.node).splitlines()[0].strip() == detail


def _binding(src: str, at_text: str) -> str | None:
    """The text of the `let` that the last identifier `device` inside `at_text` resolves to."""
    from burnmigrate.rust.resolve import local_binding
    from burnmigrate.rust.syntax import descendants
    tree = parse(src.encode())
    fn = next(n for n in descendants(tree.root_node) if n.type == "function_item")
    start = src.index(at_text) + at_text.rindex("device")
    at = next(n for n in descendants(fn) if n.type == "identifier" and n.start_byte == start)
    found = local_binding(fn, "device", at)
    return text(found).split("=")[1].strip(" ;") if found is not None else None


@pytest.mark.parametrize("src, at, expected", [
    # a `let` inside the closure that holds the use: rustc sees it
    ("fn f() { std::thread::spawn(|| { let device = Inner; use_it(&device) }); }", "use_it(&device)", "Inner"),
    # a captured outer `let`
    ("fn f() { let device = Outer; let g = || use_it(&device); }", "use_it(&device)", "Outer"),
    # the closure's parameter of that name hides the outer `let`
    ("fn f() { let device = Outer; let g = |device: D| use_it(&device); }", "use_it(&device)", None),
    # a `let` in another closure is out of scope
    ("fn f() { let a = || { let device = Other; }; let b = || use_it(&device); }", "use_it(&device)", None),
    # a nested fn sees none of the outer locals
    ("fn f() { let device = Outer; fn g() { use_it(&device) } }", "use_it(&device)", None),
    # the later `let` shadows the earlier one
    ("fn f() { let device = First; let device = Second; use_it(&device); }", "use_it(&device)", "Second"),
])
def test_local_binding_follows_rustc_scopes(src, at, expected):
    assert _binding(src, at) == expected
