"""Property tests over generated 0.21 code: the rewrite never adds parse errors, keeps every
comment, reaches a fixpoint (a second run changes nothing) and leaves no backend generic that
has no finding."""
from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burnmigrate.rust.index import collect, merge
from burnmigrate.rules.registry import source_rules
from burnmigrate.model import CrateFacts
from burnmigrate.engine.source_pass import rewrite_source
from burnmigrate.rust.syntax import error_count, parse

PARAM = st.sampled_from(["B: Backend", "B: Backend + 'static", "B: AutodiffBackend", "B"])
TYPES = st.sampled_from(["Tensor<B, 2>", "Tensor<B, D>", "Tensor<B, 1, Int>", "Linear<B>",
                         "Vec<Tensor<B, 3>>", "Option<Param<Tensor<B, 1>>>", "B::Device",
                         "&B::Device", "Model<B>", "burn::tensor::Tensor<B, 2>", "usize"])
COMMENT = st.sampled_from(["", " /* c */", " // note\n"])
WS = st.sampled_from([" ", "\n    ", "  "])


@st.composite
def programs(draw):
    param = draw(PARAM)
    where = param == "B"
    gen = "<B, const D: usize>" if where else f"<{param}, const D: usize>"
    wc = f"{draw(WS)}where{draw(WS)}B: Backend," if where else ""
    fields = draw(st.lists(TYPES.filter(lambda t: not t.startswith("&")), min_size=1, max_size=4))
    out = ["use burn::prelude::*;", "use burn::nn::Linear;", ""]
    out.append(f"#[derive(Module, Debug)]\npub struct Model{gen}{wc} {{")
    for i, f in enumerate(fields):
        out.append(f"    f{i}: {f},{draw(COMMENT)}")
    out.append("}")
    out.append("")
    n = draw(st.integers(1, 3))
    for k in range(n):
        a, r = draw(TYPES), draw(TYPES)
        out.append(f"pub fn f{k}{gen}(x: {a}{draw(COMMENT)}){draw(WS)}-> {r}{wc} {{")
        out.append(f"    let _t = Tensor::<B, 1>::zeros([1], &x);{draw(COMMENT)}")
        out.append("    helper::<B>(&x);")
        out.append("    todo!()")
        out.append("}")
    out.append("pub fn helper<B: Backend>(_x: &B::Device) {}")
    return "\n".join(out) + "\n"


def migrate(src: bytes) -> tuple[bytes, list]:
    index = merge([collect("src/lib.rs", src)])
    res = rewrite_source("src/lib.rs", src, index, CrateFacts(), source_rules())
    return (res.final if res.final is not None else src), res.changes


COMMENTS = re.compile(rb"/\*.*?\*/|//[^\n]*")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_rewrite_properties(program):
    src = program.encode()
    out, changes = migrate(src)
    assert error_count(parse(out)) <= error_count(parse(src))
    assert COMMENTS.findall(out) == COMMENTS.findall(src)
    again, _ = migrate(out)
    assert again == out
    if re.search(rb"Tensor<B,|B: Backend|B::Device", out):
        assert any(c.is_finding for c in changes), out.decode()
