"""The project's `#[derive(Config)]` types as fields, defaults and variants (pass 1), for the
pitfall-17 rule: which keys a config file must hold, and which of them a patch can add."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from burnmigrate.rust.syntax import capture, parse, text

_DERIVES_CONFIG = re.compile(rb"#\[derive\([^)]*\bConfig\b")
_DEFAULT = re.compile(r"#\[config\(\s*default\s*=\s*(.+?)\s*\)\]\s*$", re.S)


@dataclass(frozen=True)
class ConfigField:
    name: str
    type: str               # as written, spaces removed
    default: str | None     # the `#[config(default = ..)]` value as written (a literal)
    optional: bool          # `Option<T>` without a default: a missing key reads as None


@dataclass
class ConfigType:
    name: str
    fields: list[ConfigField] = field(default_factory=list)      # a struct's fields
    variants: dict[str, str] = field(default_factory=dict)       # an enum's variant → payload type ("" = unit)

    @property
    def is_enum(self) -> bool:
        return not self.fields and bool(self.variants)


def config_types(src: bytes, tree=None) -> dict[str, ConfigType]:
    """Every struct or enum of the file deriving `Config` (`tree`: the file's, when parsed already)."""
    if not _DERIVES_CONFIG.search(src):
        return {}
    out: dict[str, ConfigType] = {}
    tree = tree if tree is not None else parse(src)
    for item in capture("[(struct_item) (enum_item)] @s", tree.root_node, "s"):
        attrs = []
        prev = item.prev_named_sibling
        while prev is not None and prev.type in ("attribute_item", "line_comment", "block_comment"):
            if prev.type == "attribute_item":
                attrs.append(text(prev))
            prev = prev.prev_named_sibling
        if not any(re.search(r"derive\([^)]*\bConfig\b", a) for a in attrs):
            continue
        name = text(item.child_by_field_name("name"))
        ct = ConfigType(name)
        body = item.child_by_field_name("body")
        for child in (body.named_children if body is not None else []):
            if child.type == "field_declaration":
                default = None
                prev = child.prev_named_sibling
                while prev is not None and prev.type in ("attribute_item", "line_comment", "block_comment"):
                    m = _DEFAULT.search(text(prev)) if prev.type == "attribute_item" else None
                    if m:
                        default = m.group(1)
                    prev = prev.prev_named_sibling
                ty = re.sub(r"\s+", "", text(child.child_by_field_name("type")))
                ct.fields.append(ConfigField(text(child.child_by_field_name("name")), ty, default,
                                             default is None and ty.startswith("Option<")))
            elif child.type == "enum_variant":
                payload = ""
                vb = child.child_by_field_name("body")
                if vb is not None and vb.type == "ordered_field_declaration_list":
                    types = [c for c in vb.named_children if c.type not in ("attribute_item", "visibility_modifier")]
                    payload = re.sub(r"\s+", "", text(types[0])) if len(types) == 1 else ""
                ct.variants[text(child.child_by_field_name("name"))] = payload
        out[name] = ct
    return out


def head(ty: str) -> str:
    """`burn::nn::LinearConfig` → `LinearConfig`; the element type of `Vec<X>`, `Option<X>`, `[X; N]`."""
    m = re.fullmatch(r"(?:Vec|Option|Box)<(.+)>", ty) or re.fullmatch(r"\[(.+);.+\]", ty)
    if m:
        return head(m.group(1))
    return re.sub(r"<.*", "", ty).rsplit("::", 1)[-1]


_NUMBER = re.compile(r"-?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?")


def json_default(default: str) -> tuple[bool, object, str]:
    """The JSON value of a `#[config(default = ..)]` literal: (ok, value, why not). A string
    literal holds a Rust expression (`"LinearLayout::Row"`, `"1e-5"`)."""
    expr = default.strip()
    if len(expr) >= 2 and expr[0] == '"' and expr[-1] == '"':
        expr = expr[1:-1].strip()
    expr = re.sub(r"(?<=\d)_?(?:f32|f64|u8|u16|u32|u64|usize|i8|i16|i32|i64|isize)$", "", expr)
    if expr in ("true", "false"):
        return True, expr == "true", ""
    if expr == "None":
        return True, None, ""
    if _NUMBER.fullmatch(expr):
        v = expr.replace("_", "")
        return True, (float(v) if re.search(r"[.eE]", v) else int(v)), ""
    m = re.fullmatch(r"(?:\w+::)*[A-Z]\w*::([A-Z]\w*)", expr)
    if m:   # a unit variant serializes as its name
        return True, m.group(1), "unit"
    return False, None, f"the default `{default}` is not a literal burnmigrate can write as JSON"
