"""config-new-fields — config files saved before a field existed fail to load (pitfall 17).

What it does:
    At each `X::load(..)` / `X::load_binary(..)` / `serde_json::from_*::<X>(..)` of a project
    `#[derive(Config)]` type that holds (directly, in a `Vec`/`Option`, through its own configs
    or burn's) a burn config that gained keys in 0.22 — `MultiHeadAttentionConfig`'s four
    `*_bias`, `SoftplusConfig::threshold` (also inside an `ActivationConfig::Softplus`) — it
    reports the keys old files lack. It reads the project's JSON files: one that is a project
    config (its keys are the config's fields, its required fields all there) and lacks keys that
    have a default — burn's new ones or the project's own `#[config(default = ..)]` fields — gets
    a finding, and with `--write-config-patches` a patch that adds them with their defaults,
    laid out like the file's other keys.

Why:
    `#[derive(Config)]` reads files through a private serde mirror that copies each field's name
    and type and none of its attributes: `#[config(default = ..)]` is used by `new()` and the
    `with_*` builders only, so a file without the key fails with `Config error => Invalid
    format: missing field `key_bias``. `#[serde(default)]` cannot be added (the derive does not
    forward it) — pitfall 17. burn 0.22 added defaulted keys to `MultiHeadAttentionConfig` and
    `SoftplusConfig`, so every config file written by 0.21 that holds one of them stops loading.

Example:
    #[derive(Config)] pub struct NetConfig { pub attention: MultiHeadAttentionConfig, .. }
    let config = NetConfig::load("artifacts/config.json")?;
    → finding: "files saved by burn 0.21 lack `attention.key_bias`, …"
    artifacts/config.json, with --write-config-patches:
      "attention": {"d_model": 64, "n_heads": 4, …, "key_bias": true, "value_bias": true, …}

Fix safety:
    The code sites are findings (the file is the project's data). A patch of burn's keys is safe:
    the default is 0.21's behaviour (the projections always had biases; the softplus threshold
    of 20 changes nothing but overflow). A patch of the project's own defaulted field is review:
    the file predates the field, and the default is what `new()` gives, not necessarily what the
    run that wrote the file used. A default that is not a literal (an expression) is not
    written: the finding says so.

Reproduction check:
    a `NetConfig` JSON without `attention.key_bias`: `NetConfig::load` errs with `missing field
    `key_bias`` on 0.22.1; after the patch it loads.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from burnmigrate.model import Change, Check, Edit, Safety
from burnmigrate.project import json_text as J
from burnmigrate.rules import DataFileRule, SourceRule
from burnmigrate.rust.configs import ConfigType, head, json_default
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.syntax import text

_SERDE = re.compile(r"serde_json\s*::\s*from_(?:str|slice|reader|value)\s*::\s*<\s*(?:_\s*,\s*)?([\w:]+)\s*>")
_TYPED_LET = re.compile(r"^\s*let\s+(?:mut\s+)?\w+\s*:\s*([\w:]+)\s*=\s*serde_json\s*::\s*from_")


@lru_cache(maxsize=1)
def burn_changes() -> dict:
    """The shipped table (data/burn_config_changes.json): burn's configs that gained keys, and
    the configs that hold them."""
    return json.loads(resources.files("burnmigrate").joinpath("data/burn_config_changes.json").read_text("utf-8"))


@dataclass
class Missing:
    obj: J.JObject | None        # where the key goes (None: only a code-side path)
    key: str
    path: str                    # dotted, from the file's root
    default: str                 # as written in Rust
    owner: str                   # the config type the key belongs to
    burn: bool                   # one of burn's 0.22 keys (else the project's own default)


def burn_paths(name: str, types: dict[str, ConfigType], prefix: str = "", depth: int = 0) -> list[str]:
    """The dotted key paths of burn's 0.22 keys under config type `name` (code side: no file)."""
    table = burn_changes()
    if depth > 12:
        return []
    out: list[str] = []
    for k in table["added"].get(name, {}):
        out.append(prefix + k)
    for f, t in table["holders"].get(name, {}).items():
        out += burn_paths(t, types, f"{prefix}{f}.", depth + 1)
    ct = types.get(name)
    if ct is not None and name not in table["added"] and name not in table["holders"]:
        for fd in ct.fields:
            out += burn_paths(head(fd.type), types, f"{prefix}{fd.name}.", depth + 1)
        for v, payload in ct.variants.items():
            if payload:
                out += burn_paths(head(payload), types, f"{prefix}{v}.", depth + 1)
    return out


def _walk(value, name: str, types: dict[str, ConfigType], prefix: str, out: list[Missing], depth: int = 0) -> None:
    """The keys with a default that `value` (read as config `name`) lacks."""
    table = burn_changes()
    if depth > 24:
        return
    if isinstance(value, J.JArray):
        for i, item in enumerate(value.items):
            _walk(item, name, types, f"{prefix}{i}.", out, depth + 1)
        return
    if not isinstance(value, J.JObject):
        return
    if name in table["added"]:
        for k, d in table["added"][name].items():
            if k not in value.members:
                out.append(Missing(value, k, prefix + k, d, name, True))
    holders = table["holders"].get(name)
    if holders is not None:
        for k, t in holders.items():
            if k in value.members:
                _walk(value.members[k], t, types, f"{prefix}{k}.", out, depth + 1)
        return
    ct = types.get(name)
    if ct is None or name in table["added"]:
        return
    if ct.is_enum:
        for v, payload in ct.variants.items():
            if payload and v in value.members:
                _walk(value.members[v], head(payload), types, f"{prefix}{v}.", out, depth + 1)
        return
    for fd in ct.fields:
        if fd.name in value.members:
            _walk(value.members[fd.name], head(fd.type), types, f"{prefix}{fd.name}.", out, depth + 1)
        elif fd.default is not None:
            out.append(Missing(value, fd.name, prefix + fd.name, fd.default, name, False))


def file_config(root: J.JValue, types: dict[str, ConfigType]) -> list[str]:
    """The project config types a JSON file's root object can be: its keys are that config's
    fields and every required field is there."""
    if not isinstance(root, J.JObject) or not root.members:
        return []
    keys = set(root.members)
    out = []
    for name, ct in sorted(types.items()):
        if ct.is_enum:
            continue
        fields = {f.name for f in ct.fields}
        required = {f.name for f in ct.fields if f.default is None and not f.optional}
        if keys <= fields and required <= keys:
            out.append(name)
    return out


class ConfigNewFields(SourceRule, DataFileRule):
    id = "config-new-fields"
    name = "config files lacking keys the config gained"
    pitfalls = (17,)
    guide = "R28"
    safety = Safety.REVIEW
    triggers = (b"load", b"serde_json")
    check = Check("a config file without the new key: `Config::load` fails with `missing field` before the patch, "
                  "loads after", "cargo test (load the project's config files)", ())

    def applies(self, ctx: FileContext) -> bool:
        return bool(getattr(ctx.index, "config_types", None)) and super().applies(ctx)

    def run(self, ctx: FileContext) -> list[Change]:
        types: dict[str, ConfigType] = ctx.index.config_types
        out: list[Change] = []
        seen: set[int] = set()
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            name = ""
            if fn is not None and fn.type == "scoped_identifier" and text(fn.child_by_field_name("name")) in ("load", "load_binary"):
                path = fn.child_by_field_name("path")
                ptxt = text(path) if path is not None else ""
                m = re.fullmatch(r"<\s*([\w:]+)\s+as\s+[\w:]*Config\s*>", ptxt)
                name = (m.group(1) if m else ptxt).rsplit("::", 1)[-1]
            elif fn is not None and "serde_json" in text(fn):
                m = _SERDE.search(text(fn))
                if m:
                    name = m.group(1).rsplit("::", 1)[-1]
                else:
                    let = call.parent
                    if let is not None and let.type == "let_declaration":
                        m2 = _TYPED_LET.match(text(let))
                        name = m2.group(1).rsplit("::", 1)[-1] if m2 else ""
            if not name or (name not in types and name not in burn_changes()["added"]) or call.start_byte in seen:
                continue
            paths = burn_paths(name, types)
            if not paths:
                continue
            seen.add(call.start_byte)
            shown = ", ".join(f"`{p}`" for p in paths[:6]) + (f" and {len(paths) - 6} more" if len(paths) > 6 else "")
            out.append(self.finding(call, f"`{name}` files saved by burn 0.21 lack {shown} (keys burn 0.22 added): "
                                          "this load fails on them with `missing field`",
                                    "`#[derive(Config)]` reads files through a serde mirror that ignores "
                                    "`#[config(default = ..)]`, so a key the file lacks is an error, not its default "
                                    "(pitfall 17). Add the keys to the old files: `burnmigrate apply "
                                    "--write-config-patches` does it for the project's JSON files it recognises; "
                                    "files elsewhere need the same keys with their defaults (true for the biases, "
                                    "20.0 for the threshold)."))
        return out

    # -- the project's JSON files (the engine's data pass) ------------------------------------
    data_files = ("*.json",)

    @staticmethod
    def reads_data(index) -> bool:
        return bool(getattr(index, "config_types", None))

    def run_data(self, rel: str, src: str, index, opts) -> tuple[str, list[Change]]:
        if "{" not in src:
            return src, []
        return self.run_json(rel, src, index.config_types, opts.config_patches)

    def run_json(self, rel: str, src: str, types: dict[str, ConfigType], write: bool) -> tuple[str, list[Change]]:
        """One JSON file: (its patched text, the records). Nothing when it is not a config."""
        try:
            root = J.parse(src)
        except ValueError:
            return src, []
        names = file_config(root, types)
        if not names:
            return src, []
        head_span = (0, min(len(src.encode("utf-8")), 1))
        if len(names) > 1:
            found: list[Missing] = []
            for n in names:
                _walk(root, n, types, "", found)
            if not found:
                return src, []
            return src, [self.finding(head_span, f"`{rel}` reads as {' and as '.join(f'`{n}`' for n in names)}: "
                                                  "not patched (which config it is is the project's knowledge)",
                                      "its keys fit more than one `#[derive(Config)]` type of the project, and some "
                                      "of them would lack keys with defaults (pitfall 17)")]
        name = names[0]
        missing: list[Missing] = []
        _walk(root, name, types, "", missing)
        if not missing:
            return src, []
        b = src.encode("utf-8")

        def byte(pos: int) -> int:
            return len(src[:pos].encode("utf-8"))

        if not write:
            shown = ", ".join(f"`{m.path}`" for m in missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
            return src, [self.finding(head_span, f"`{rel}` (a `{name}` file) lacks {shown}: `{name}::load` fails on it "
                                                  "with `missing field`; `--write-config-patches` adds them with their defaults",
                                      "`#[derive(Config)]` ignores `#[config(default = ..)]` when it reads a file "
                                      "(pitfall 17)")]
        by_obj: dict[int, tuple[J.JObject, list[Missing]]] = {}
        out: list[Change] = []
        for m in missing:
            assert m.obj is not None   # (_walk puts each missing key in its object)
            ok, value, why = json_default(m.default)
            if not ok:
                out.append(self.finding((byte(m.obj.start), byte(m.obj.start) + 1),
                                        f"`{rel}`: `{m.path}` is missing and its default is not written", why))
                continue
            by_obj.setdefault(m.obj.start, (m.obj, []))[1].append(Missing(m.obj, m.key, m.path, json.dumps(value), m.owner, m.burn))
        edits: list[tuple[int, str, list[Missing]]] = []
        for obj, ms in by_obj.values():
            at, add = J.insertion(src, obj, [(m.key, json.loads(m.default)) for m in ms])
            edits.append((at, add, ms))
        for at, add, ms in edits:
            pos = byte(at)
            own = [m for m in ms if not m.burn]
            keys = ", ".join(f"`{m.path}` = {m.default}" for m in ms)
            if own:
                safety, reason = Safety.REVIEW, (
                    f"the file predates {', '.join(f'`{m.owner}::{m.key}`' for m in own)}: it gets `new()`'s default, "
                    "check that is what the run that wrote the file used")
            else:
                safety, reason = Safety.SAFE, ""
            out.append(self.change((pos, pos), f"`{rel}`: add {keys} (a `{name}` file saved before these keys existed)",
                                   [Edit(pos, pos, add)], safety=safety, reason=reason))
        # the file is the records' edits applied: what the diff shows is what the records say
        new = b
        for e in sorted((e for c in out for e in c.edits), key=lambda e: -e.start):
            new = new[:e.start] + e.new.encode("utf-8") + new[e.end:]
        return new.decode("utf-8"), out
