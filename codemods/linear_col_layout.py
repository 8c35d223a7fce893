"""linear-col-layout — a `LinearLayout::Col` Linear in a project that loads PyTorch weights (pitfall 19).

What it does:
    Reports each `LinearLayout::Col` when the project loads PyTorch weights (a `PytorchStore`,
    or a store with `PyTorchToBurnAdapter`, in any file).

Why:
    A Col-layout `Linear` keeps its weight transposed in memory, with load and save mappers
    that transpose (burn-nn 0.22.1 `linear.rs`). burn-store checks the file's shape against the
    parameter before the load mapper runs, and `PyTorchToBurnAdapter` transposes `Linear`
    weights as well: a PyTorch `[out, in]` weight goes through two transposes on its way into a
    Col-layout layer — a `ShapeMismatch` when the layer is not square, a silently transposed
    weight when it is. The seed's chapter: "the Col layout has its own problem".

Example:
    LinearConfig::new(3, 4).with_layout(LinearLayout::Col)   // in a crate with PytorchStore
    → finding: "compare the loaded weight with PyTorch's, or keep the default Row layout here".

Fix safety:
    finding only: the layout is a performance choice of the project.

Reproduction check:
    load a PyTorch-exported `nn.Linear(3, 4)` into a Col-layout `LinearConfig::new(3, 4)`
    through `PytorchStore`: the load fails or the output differs from PyTorch's; with the Row
    layout it matches.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text


class LinearColLayout(FindingRule):
    id = "linear-col-layout"
    name = "Col-layout Linear where PyTorch weights are loaded"
    pitfalls = (19,)
    guide = "R22"
    triggers = (b"LinearLayout",)
    check = Check("a PyTorch-exported nn.Linear(3, 4) loaded into a Col-layout Linear: ShapeMismatch or an output "
                  "that differs from PyTorch's", "cargo test (compare outputs with PyTorch)", ())

    def applies(self, ctx: FileContext) -> bool:
        return super().applies(ctx) and bool(getattr(ctx.index, "pytorch_weight_files", None))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        where = sorted(ctx.index.pytorch_weight_files)
        for node in ctx.nodes("scoped_identifier"):
            if text(node.child_by_field_name("name")) != "Col":
                continue
            path = node.child_by_field_name("path")
            if path is None or text(path).rsplit("::", 1)[-1] != "LinearLayout":
                continue
            out.append(self.finding(node, "a Col-layout Linear in a project that loads PyTorch weights "
                                          f"({', '.join(where[:3])}{' …' if len(where) > 3 else ''}): compare the loaded "
                                          "weights with PyTorch's, or keep the default Row layout for layers loaded "
                                          "from PyTorch",
                                    "the Col layout keeps the weight transposed with load/save mappers; burn-store "
                                    "checks shapes before the load mapper and the PyTorch adapter transposes too, so "
                                    "a PyTorch weight is transposed twice on the way in: ShapeMismatch when the layer "
                                    "is not square, silently transposed when it is (pitfall 19)"))
        return out
