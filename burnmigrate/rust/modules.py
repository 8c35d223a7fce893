"""The project's `#[derive(Module)]` structs as fields and types (for `burnmigrate remap`): which
field paths exist, so that two revisions' paths can be paired."""
from __future__ import annotations

import re
from dataclasses import dataclass

from burnmigrate.rust.syntax import capture, parse, text


@dataclass(frozen=True)
class Field:
    name: str
    type: str      # as written, backend argument erased, spaces removed


def module_structs(src: bytes) -> dict[str, list[Field]]:
    """struct name → its fields, for every struct deriving `Module` in the file."""
    out: dict[str, list[Field]] = {}
    tree = parse(src)
    for item in capture("(struct_item) @s", tree.root_node, "s"):
        attrs = []
        prev = item.prev_named_sibling
        while prev is not None and prev.type == "attribute_item":
            attrs.append(text(prev))
            prev = prev.prev_named_sibling
        if not any(re.search(r"derive\([^)]*\bModule\b", a) for a in attrs):
            continue
        tp = item.child_by_field_name("type_parameters")
        params = [text(p.child_by_field_name("name") or p) for p in (tp.named_children if tp is not None else [])
                  if p.type in ("type_parameter", "type_identifier")]
        body = item.child_by_field_name("body")
        fields = []
        for fd in (body.named_children if body is not None else []):
            if fd.type != "field_declaration":
                continue
            ty = re.sub(r"\s+", "", text(fd.child_by_field_name("type")))
            for p in params:   # `Linear<B>` at 0.21 and `Linear` at 0.22 are the same field type
                ty = re.sub(rf"(?<=[<,]){re.escape(p)}(?:,|(?=>))", "", ty)
            fields.append(Field(text(fd.child_by_field_name("name")), ty.replace("<>", "")))
        out[text(item.child_by_field_name("name"))] = fields
    return out


@dataclass
class Rename:
    struct: str
    old: str
    new: str


def pair_renames(old: dict[str, list[Field]], new: dict[str, list[Field]]) -> tuple[list[Rename], list[str]]:
    """(renames paired with certainty, what could not be paired). A removed field and an added one
    pair when they have the same type and are the only removed / added fields of that type in
    the struct; anything else is listed, not guessed."""
    renames, unpaired = [], []
    for s in sorted(set(old) & set(new)):
        before = {f.name: f.type for f in old[s]}
        after = {f.name: f.type for f in new[s]}
        gone = [n for n in before if n not in after]
        came = [n for n in after if n not in before]
        for n in gone:
            same = [m for m in came if after[m] == before[n]]
            rivals = [g for g in gone if before[g] == before[n]]
            if len(same) == 1 and len(rivals) == 1:
                renames.append(Rename(s, n, same[0]))
            else:
                unpaired.append(f"{s}.{n} ({before[n]}): removed, no single new field of that type to pair it with")
        paired = {r.new for r in renames if r.struct == s}
        unpaired += [f"{s}.{m} ({after[m]}): added, nothing removed to pair it with" for m in came if m not in paired]
    return renames, unpaired


def prefixes(structs: dict[str, list[Field]], target: str) -> list[str]:
    """Regex prefixes of the tensor paths under which `target`'s fields appear, from the root
    modules (structs no other struct holds) down: `encoder\\.`, `layers\\.(\\d+)\\.` for a Vec."""
    holders: dict[str, list[tuple[str, str]]] = {}
    for s, fields in structs.items():
        for f in fields:
            for t in structs:
                if re.search(rf"(?:^|<|,){re.escape(t)}(?:$|>|,)", f.type):
                    seg = re.escape(f.name) + (r"\.(\d+)" if f.type.startswith(("Vec<", "[")) else "")
                    holders.setdefault(t, []).append((s, seg))
    out: list[str] = []

    def walk(t: str, suffix: str, depth: int) -> None:
        if depth > 8:
            return
        if t not in holders:
            out.append("^" + suffix)
            return
        for s, seg in holders[t]:
            walk(s, seg + r"\." + suffix, depth + 1)

    walk(target, "", 0)
    return sorted(set(out))
