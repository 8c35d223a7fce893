"""The pitfall chapters (data/pitfalls.md), for `explain N` and the reports."""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def chapters() -> dict[int, str]:
    text = resources.files("burnmigrate").joinpath("data/pitfalls.md").read_text(encoding="utf-8")
    out: dict[int, str] = {}
    for m in re.finditer(r"^## (\d+)\. .*?(?=^## |\Z)", text, re.S | re.M):
        out[int(m.group(1))] = m.group(0).strip()
    return out


def chapter(n: int) -> str | None:
    return chapters().get(n)


def title(n: int) -> str:
    c = chapter(n)
    return c.splitlines()[0].split(". ", 1)[1] if c else ""


# commands (not rules) that serve a chapter: `explain N` names them beside the rules
COMMANDS = {
    17: "`burnmigrate apply --write-config-patches`: the project's JSON config files get the keys their "
        "config gained (burn 0.22's and the project's own defaulted fields), with their defaults",
    18: "`burnmigrate remap --since REV [--write]`: the project's own renamed module fields as "
        "`with_remap_pattern` / `with_key_remapping` calls at the store load sites",
}

# chapters no code shape can show: `explain N` says why, and what reads the symptom instead
NO_CODE_SHAPE = {
    9: "no code shape causes it: the panic's location is the check inside burn-tensor that a wrong shape "
       "reached. Run with `RUST_BACKTRACE=1` to see the caller, add `#[track_caller]` to your own helpers "
       "that take shapes from their callers, and check shapes early with `assert_shape!`; a backtrace whose "
       "top frame is in burn-tensor is what `burnmigrate diagnose` reads for this chapter",
}
