"""The edit machinery the rules stand on: applying, nesting, insertions, mapping positions back,
and tidy line deletions."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burnmigrate.model import edits as E
from burnmigrate.model.edits import Edit, apply, map_back, normalise, tidy_line_deletions


def test_nested_edits_keep_the_outer_one():
    src = b"Batcher<B, Item, Batch<B>>"
    outer = Edit(0, len(src), "Batcher<Item, Batch>")
    inner = Edit(22, 25, "")
    assert apply(src, [inner, outer]) == b"Batcher<Item, Batch>"


def test_an_insertion_at_the_start_of_a_replacement_keeps_both():
    src = b"    B::seed(&device, 1);\n"
    ins = Edit(4, 4, "let device = device.autodiff();\n    ")
    rep = Edit(4, 23, "device.seed(1)")
    assert apply(src, [rep, ins]) == b"    let device = device.autodiff();\n    device.seed(1);\n"


def test_map_back_inverts_positions_outside_edits():
    src = b"fn f<B: Backend>(x: Tensor<B, 2>) {}"
    edits = [Edit(4, 16, ""), Edit(27, 30, "")]
    out = apply(src, edits)
    assert out == b"fn f(x: Tensor<2>) {}"
    assert map_back(out.index(b"(x"), edits) == src.index(b"(x")
    assert map_back(out.index(b"2>"), edits) == src.index(b"2>")


def test_deleting_lines_leaves_no_double_blank_line():
    src = b"use a;\n\ntype X = Wgpu;\ntype Y = Autodiff<X>;\n\nfn main() {}\n"
    x = src.index(b"type X")
    y = src.index(b"type Y")
    edits = tidy_line_deletions(src, [Edit(x, y, ""), Edit(y, src.index(b"\nfn") , "")])
    assert apply(src, edits) == b"use a;\n\nfn main() {}\n"


def test_deleting_the_first_line_of_a_block_takes_the_blank_after_it():
    src = b"fn main() {\n    type B = Wgpu;\n\n    run();\n}\n"
    s = src.index(b"    type")
    e = src.index(b"\n\n") + 1
    assert apply(src, tidy_line_deletions(src, [Edit(s, e, "")])) == b"fn main() {\n    run();\n}\n"


@given(st.binary(max_size=60), st.lists(st.tuples(st.integers(0, 60), st.integers(0, 8), st.text(max_size=4)), max_size=6))
def test_apply_is_the_same_as_applying_the_normalised_edits_one_by_one(src, raw):
    edits = [Edit(min(s, len(src)), min(s + n, len(src)), t) for s, n, t in raw]
    kept = normalise(edits)
    out = src
    for e in reversed(kept):  # from the end: earlier offsets stay valid
        out = out[:e.start] + e.new.encode() + out[e.end:]
    assert apply(src, edits) == out
    for a, b in zip(kept, kept[1:]):
        assert a.end <= b.start


from hypothesis import given, settings
from hypothesis import strategies as st

from burnmigrate.model.results import LineIndex, StepMap, line_col


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 60), st.lists(st.tuples(st.integers(0, 60), st.integers(0, 5), st.integers(0, 4)), max_size=6))
def test_step_map_is_map_back(n, raw):
    """The bisection map (linear cost for many changes) answers as `map_back` does."""
    edits = [Edit(min(a, n), min(n, a + w), "x" * k) for a, w, k in raw]
    kept = normalise(edits)
    new_len = n + sum(len(e.new) - (e.end - e.start) for e in kept)
    m = StepMap(edits)
    for pos in range(new_len + 1):
        assert m.back(pos) == map_back(pos, edits)


@given(st.binary(max_size=80).map(lambda b: b.replace(b"\r", b"")))
def test_line_index_is_line_col(src):
    li = LineIndex(src)
    for p in range(len(src) + 2):
        assert li.line_col(p) == line_col(src, p)


def test_two_rules_inserting_use_lines_at_one_point_import_each_name_once():
    """E0252 on real code (nanochat-burn): one rule inserted `use burn::tensor::Device;`, another
    `use burn::tensor::{Device, DeviceKind};` after the same `use`."""
    src = b"use a::b;\nfn f() {}\n"
    edits = [E.Edit(9, 9, "\nuse burn::tensor::Device;"), E.Edit(9, 9, "\nuse burn::tensor::{Device, DeviceKind};"),
             E.Edit(9, 9, "\nuse burn::tensor::{Device, Tensor};"), E.Edit(9, 9, "\nuse burn::prelude::Device;")]
    assert E.apply(src, edits).decode() == ("use a::b;\nuse burn::tensor::{Device, DeviceKind};\nuse burn::tensor::Tensor;"
                                            "\nfn f() {}\n")


@pytest.mark.parametrize("src, expected", [
    (b"use a::A;\nuse old::{X, Y};\n\nfn f() {}\n", b"use a::A;\nuse new::{X, Y};\n\nfn f() {}\n"),
    (b"mod m {\n    use a::A;\n    use old::X;\n}\n", b"mod m {\n    use a::A;\n    use new::X;\n}\n"),
])
def test_an_insertion_inside_a_deletion_of_the_same_change_moves_to_its_start(src, expected):
    """`insertion_edit` goes after the module's last `use`; when the change deletes that `use`, the
    insertion moves to where the deleted span starts instead of being swallowed by it."""
    from burnmigrate.rust.edits import clear_of_removals
    start = src.index(b"use old")
    indent = src[src.rfind(b"\n", 0, start) + 1:start].decode()
    end = src.index(b"\n", start) + 1
    moved = "use new::" + src[start + len(b"use old::"):end - 1].decode()
    edits = [Edit(start, end, ""), Edit(end - 1, end - 1, "\n" + indent + moved)]
    assert apply(src, clear_of_removals(src, edits)) == expected
    assert b"use new" not in apply(src, edits)   # (without it the insertion is lost)
