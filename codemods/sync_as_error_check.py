"""sync-as-error-check — `device.sync()` read as "the ops before it succeeded" (pitfall 24).

What it does:
    Reports `x.sync()?`, `x.sync().is_ok()` / `is_err()`, `if let Err(..) = x.sync()` and
    `match x.sync() { .. }`: code that handles a device error at the sync.

Why:
    Errors of queued ops surface at the next read or sync, not where the op was called (pitfall
    24): a sync that succeeds says nothing about ops queued after it, and an `Err` there belongs
    to an earlier op. Read results with `try_into_data()` where the error must be handled.

Example:
    device.sync()?;   // after launching work
    → finding: "errors surface at the next read: `try_into_data()` on the value that must be right".

Fix safety:
    finding only.

Reproduction check:
    an op that fails on the device (an out-of-memory): the error comes from the read after it,
    not from the op's line.
"""
from __future__ import annotations

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text


class SyncAsErrorCheck(FindingRule):
    id = "sync-as-error-check"
    name = "device.sync() as an error check"
    pitfalls = (24,)
    guide = "R28"
    triggers = (b".sync()",)
    check = Check("a failing device op: its error comes from the next read, not the op's line", "cargo run", ())

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        for call, field, args in ctx.method_calls("sync", 0):
            p = call.parent
            how = ""
            if p is not None and p.type == "try_expression":
                how = "`?`"
            elif p is not None and p.type == "field_expression" and text(p.child_by_field_name("field")) in ("is_ok", "is_err"):
                how = f"`.{text(p.child_by_field_name('field'))}()`"
            elif p is not None and p.type in ("let_condition", "match_expression"):
                how = "a pattern on its `Result`"
            if not how:
                continue
            out.append(self.finding(call, f"`{text(call)}` handled with {how}: device errors surface at the next read, not "
                                          "at the op that caused them",
                                    "a successful sync says nothing of ops queued after it, and an `Err` here belongs to "
                                    "an earlier op (pitfall 24); read the value that must be right with "
                                    "`try_into_data()` / `try_into_scalar()` and handle that `Result`"))
        return out
