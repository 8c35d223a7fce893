"""padded-cross-entropy — a cross-entropy loss with pad tokens, whose mean changed in 0.22.1.

What it does:
    Reports burn's `CrossEntropyLossConfig::new()..with_pad_tokens(Some(..))` and
    `CrossEntropyLoss::new(Some(pad), &device)` (the path resolved to burn as rustc resolves it;
    `None` is left alone).

Why:
    burn-nn 0.21.0 set the pad positions' losses to zero and then took the mean over the whole
    batch (`tensor.mean()`, or the sum over all targets' weights). burn-nn 0.22.1
    (`loss/cross_entropy.rs`, `reduce_mean`) divides by the number of positions that are not
    padding, or by their weights. A padded batch's loss is larger by batch / unpadded, and so is
    its gradient. A learning rate tuned on 0.21 steps further, and logged losses do not compare
    with 0.21's. A batch that is all padding gives NaN (0 / 0), where 0.21 gave 0.

Example:
    CrossEntropyLossConfig::new().with_pad_tokens(Some(vec![PAD])).init(&device)
    → finding: "the padded loss is a mean over the unpadded positions in 0.22.1".

Fix safety:
    finding only: whether to keep 0.22.1's mean (it is the usual one) or rescale to 0.21's is
    the training's choice.

Reproduction check:
    logits [4, 5], targets [2, 0, 4, PAD]: 0.21's loss is 3/4 of 0.22.1's.
"""
from __future__ import annotations

from tree_sitter import Node

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import named_args, receiver, text

from ._callees import burn_item, chain_start

_WHY = ("burn-nn 0.21 zeroed the pad positions and took the mean over the whole batch; 0.22.1 "
        "divides by the positions that are not padding (or their weights), so a padded batch's loss and "
        "gradient grow by batch / unpadded, and a batch of padding only gives NaN where 0.21 gave 0 "
        "(burn-nn 0.22.1 `loss/cross_entropy.rs`): retune the learning rate or rescale, and skip empty batches; "
        "code that already rescaled 0.21's mean to the unpadded positions (`loss * total / kept`) now does it "
        "twice: remove that rescaling")


def _is_none(arg: Node) -> bool:
    return text(arg).strip() == "None"


def _burn_type(ctx: FileContext, call: Node, name: str) -> bool:
    """Is `call` `<name>::new(..)` with `<name>` burn's?"""
    fn = call.child_by_field_name("function")
    if fn is None or fn.type != "scoped_identifier" or text(fn.child_by_field_name("name")) != "new":
        return False
    path = fn.child_by_field_name("path")
    return path is not None and text(path).rsplit("::", 1)[-1] == name and burn_item(ctx, path)


class PaddedCrossEntropy(FindingRule):
    id = "padded-cross-entropy"
    name = "a cross-entropy loss with pad tokens averages over the unpadded positions"
    pitfalls = (1,)
    guide = "R28"
    triggers = (b"CrossEntropyLoss",)
    check = Check("logits [4, 5], targets [2, 0, 4, PAD]: 0.21's padded loss is 3/4 of 0.22.1's", "cargo test", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for call, method, args in ctx.method_calls("with_pad_tokens", 1):
            root = chain_start(receiver(call))
            if _is_none(args[0]) or root is None or not _burn_type(ctx, root, "CrossEntropyLossConfig"):
                continue
            out.append(self.finding(method, "the padded loss is a mean over the unpadded positions in 0.22.1", _WHY))
        for call in ctx.nodes("call_expression"):
            al = call.child_by_field_name("arguments")
            args = named_args(al) if al is not None else []
            if args and not _is_none(args[0]) and _burn_type(ctx, call, "CrossEntropyLoss"):
                out.append(self.finding(call, "the padded loss is a mean over the unpadded positions in 0.22.1", _WHY))
        return out
