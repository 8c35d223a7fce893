"""removed-items — 0.21 items that burn 0.22.1 no longer has, reported where the project uses them.

What it does:
    Reports, with what replaces each, the burn 0.21 items the project uses that the released
    burn 0.22.1 removed outright (checked against the crate's sources): `burn::module::Reinitializer`
    (burn-core 0.21's `module/reinit.rs` has no 0.22.1 counterpart), the associated type
    `ItemLazy::ItemSync` in an `impl ItemLazy for ..` (0.22.1's `ItemLazy::sync(self)` returns
    `Result<Self, ExecutionError>`), `pub use` re-exports of paths 0.22.1 does not have
    (`burn::tensor::backend::Backend`, `burn::prelude::Backend`), the `burn::record` module
    (recorders), the `XRecord` types 0.21's `#[derive(Module)]` generated, `save_file` /
    `load_file` calls that pass a recorder, `burn::server::start_websocket`,
    `burn::backend::WebGpu` (also inside macro token trees such as `cfg_if!`); any other `use`
    through burn of a name that nothing in burn 0.22.1 defines or re-exports (the generated
    `data/burn-gone-names.txt`: `burn::tensor::quantization::QuantLevel`,
    `burn::optim::adaptor::..`, `burn::optim::record::AdaptorRecord`); and burn-store's root items 0.22.1 dropped (`TensorSnapshot`,
    `TensorSnapshotError`, `BurnpackWriter`, `BurnpackError`: now burn-pack's `Tensor`, `Error`,
    `Writer`), and in a file that uses `TensorSnapshot` (or burn-store's stores, `ModuleSnapshot`,
    `KeyRemapper`, `ModuleAdapter`), each read of a member `burn_pack::Tensor`
    lacks (`full_path()`, `data_len()`, `clone_data_fn()`, …: E0599); and in a file that imports
    burn's `QuantScheme`, each call of a builder method cubecl 0.11 removed (`.with_level(..)`,
    `.with_param(..)`: 0.22.1 has `.per_tensor(ScaleDtype)` / `.per_block(block, ScaleDtype)`), in
    one that imports `GradientsParams`, each `.all_reduce(..)` (0.21's feature `collective`; 0.22.1
    reduces per tensor in `burn::tensor::distributed`, and `burn::collective` is gone), in one that
    imports a burn-store store, each `.get_snapshot(..)` / `.get_all_snapshots()` (0.22.1:
    `get_tensor` / `get_all_tensors`); in one that imports burn-store's `PytorchReader`, each
    `.get(..)` / `.tensors()` / `.into_tensors()` of a reader it builds (0.22.1 hands out
    `burn_store::pytorch_reader::Tensor`: `shape()` / `dtype()` methods, no `to_data()`; E0616).

Why:
    These fail to compile under burn 0.22.1 (E0432 unresolved import, E0437 `type ItemSync` is
    not a member of trait `ItemLazy`, E0425, E0599, E0061) and no mechanical rewrite here keeps
    their behaviour: the project must decide (copy its own `Reinitializer`, sync in place,
    re-export `burn::backend::Backend` or nothing, convert its 0.21 record files before moving to
    burnpack ones) — pitfalls 1 and 17.

Example:
    before: impl ItemLazy for MyOutput { type ItemSync = MyOutput; fn sync(self) -> Self { self } }
    after:  (unchanged; a finding at `type ItemSync` says: 0.22.1's `fn sync(self) ->
            Result<Self, ExecutionError>`, no associated type)

Fix safety:
    findings only: nothing is rewritten.

Reproduction check:
    E0437 at `type ItemSync` / E0432 at the `use` / E0061 at a recorder argument / E0412 at an
    `XRecord` type under burn 0.22.1, before and after (the finding covers the line).
"""
from __future__ import annotations

import re

from burnmigrate import burn_api as api
from burnmigrate.model import Change, Check, ErrorMatch
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.imports import use_leaves
from burnmigrate.rust.resolve import binding_uses, resolve
from burnmigrate.rust.syntax import ancestors, enclosing, last_segment, named_args, path_ending_at, required_child, text
from burnmigrate.rust.uses import without_comments_and_strings

from ._callees import burns
from .quant_scheme_levels import chain, level_rewrite
from .record_to_store import _derived_record

# a burn type the file imports → the methods 0.22.1 removed from it (each call: E0599)
_METHODS_GONE = {"QuantScheme": api.QUANT_SCHEME_METHODS_GONE, "GradientsParams": api.GRADIENTS_METHODS_GONE,
                 "Tensor": api.TENSOR_METHODS_GONE,
                 **{s: api.STORE_METHODS_GONE for s in ("PytorchStore", "SafetensorsStore", "BurnpackStore", "ModuleStore")}}
_FROM_PRIMITIVE = re.compile(rb"\bTensor\s*(?:::\s*<[^;(]*?>\s*)?::\s*(from_primitive)\b")
_SNAPSHOT_TO_DATA = re.compile(rb"\.\s*to_data\s*\(\s*\)(\s*(?:\?|\.\s*(?:expect|unwrap|map_err|ok)\b))")
_SNAPSHOT_MEMBER = re.compile(rb"\.\s*(" + "|".join(api.SNAPSHOT_MEMBERS_GONE).encode() + rb")\b")
_READER_LET = re.compile(rb"\blet\s+(?:mut\s+)?(\w+)\s*(?::[^=;]*)?=\s*(?:[\w:]*::)?PytorchReader\s*::\s*"
                         rb"(?:new|with_top_level_key|from_reader)\b")
_READER_TENSOR = ("its element type and shape are read-only: `shape()` and `dtype()` are methods (the fields are "
                  "private: E0616), and `dtype()` is pytorch-reader's own `DType`, not burn's; there is no "
                  "`to_data()`. Read its values with `burn_store::bridge::to_data(&burn_store::bridge::from_pytorch("
                  "t.clone()))` (burn's `DType` is that tensor's `dtype` field), or its bytes with `t.read()`.")
_REEXPORTS = {("tensor", "backend"): "burn::backend", ("prelude",): "burn::backend"}


class RemovedItems(FindingRule):
    id = "removed-items"
    name = "0.21 items burn 0.22.1 removed"
    pitfalls = (1,)
    guide = "R19"
    triggers = (b"Reinitializer", b"ItemSync", b"use ", b"Snapshot", b"Burnpack", b"record", b"Record", b"start_websocket",
                b"backend::WebGpu", b"save_file", b"load_file")
    check = Check("E0437 / E0432 at the reported line under burn 0.22.1, before and after (finding only)",
                  "burnmigrate verify", ("E0437", "E0432"),
                  matches=(ErrorMatch("E0437", r"`ItemSync`"), ErrorMatch("E0432", r"Reinitializer|burn::record|Record`|unresolved import `burn"),
                           ErrorMatch("E0425", r"start_websocket|`WebGpu`"),
                           ErrorMatch("E0061", r"this method takes 1 argument"),
                           ErrorMatch("E0599", r"no method named `all_reduce` found for struct `GradientsParams`"),
                           ErrorMatch("E0616", r"pytorch_reader::Tensor"),
                           ErrorMatch("E0599", r"no method named `to_data` found for reference `&.*pytorch_reader::Tensor`")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        roots = set(ctx.crate.burn_roots) | api.BURN_CRATE_IDENTS
        snapshots = False   # does the file import burn-store's `TensorSnapshot` (or read what its API hands out)?
        typed: set[str] = set()   # ... burn types whose removed methods are looked for
        optim = False       # ... anything from `burn::optim`?
        readers = False     # ... burn-store's `PytorchReader`?
        schedulers: set[str] = set()   # ... burn's LR scheduler types, which 0.22.1's configs no longer build
        if b"use " in ctx.src:
            for leaf in use_leaves(ctx.root, ctx.use_declarations()):
                p = leaf.path
                if p and p[0] in ("crate", "self", "super") and _derived_record(ctx, p[-1]):
                    out.append(self.finding(leaf.declaration, f"`{p[-1]}` does not exist in burn 0.22.1",
                                            _RECORD_TYPE.format(p[-1][:-len("Record")])))
                    continue
                if p and (p[0] == "burn_store" or p[:2] in (["burn", "store"], ["burn_core", "store"])) \
                        and p[-1] in api.REMOVED_STORE_ITEMS:
                    out.append(self.finding(leaf.declaration, f"`{'::'.join(p)}` does not exist in burn 0.22.1",
                                            api.REMOVED_STORE_ITEMS[p[-1]] + "."))
                    snapshots |= p[-1] == "TensorSnapshot"
                    continue
                # a file on burn-store's API reads what its stores and `collect()` hand out:
                # 0.22.1's `burn_pack::Tensor`, whatever it imports
                snapshots |= bool(p) and (p[0] == "burn_store" or p[:2] in (["burn", "store"], ["burn_core", "store"])) \
                    and p[-1] in ("ModuleSnapshot", "ModuleStore", "PytorchStore", "SafetensorsStore", "BurnpackStore",
                                  "KeyRemapper", "ModuleAdapter")
                readers |= bool(p) and p[-1] == "PytorchReader" and (
                    p[0] == "burn_store" or p[:2] in (["burn", "store"], ["burn_core", "store"]))
                if not p or p[0] not in roots:
                    continue
                optim |= len(p) > 1 and p[1] == "optim"
                if p[-1] in api.LR_SCHEDULER_TYPES and leaf.bound == p[-1]:
                    schedulers.add(p[-1])
                if p[-1] in _METHODS_GONE:
                    typed.add(p[-1])
                if p[-1] in api.REMOVED_ITEMS or (len(p) > 1 and p[1] in api.REMOVED_PATHS):
                    out.append(self.finding(leaf.declaration, f"`{'::'.join(p)}` does not exist in burn 0.22.1",
                                            api.REMOVED_ITEMS.get(p[-1], api.REMOVED_PATHS.get(p[1], "")) + "."))
                    continue
                gone = next((seg for seg in p[1:] if seg in api.gone_names() and seg not in api.CHANGED_TRAITS), "")
                if gone:
                    out.append(self.finding(leaf.declaration, f"`{'::'.join(p)}` does not exist in burn 0.22.1",
                                            f"no item named `{gone}` is defined or re-exported anywhere in burn 0.22.1 "
                                            "(nor in burn-pack or cubecl 0.11): it was removed or renamed; find what "
                                            "replaces it in burn's 0.22 release notes, or keep this code on 0.21."))
                    continue
                public = any(c.type == "visibility_modifier" for c in leaf.declaration.children)
                where = _REEXPORTS.get(tuple(p[1:-1]))
                if public and where and p[-1] in ("Backend", "AutodiffBackend"):
                    out.append(self.finding(leaf.declaration, f"`pub use {'::'.join(p)}` re-exports a path burn 0.22.1 does not have",
                                            f"the project's API re-exports burn's backend trait: in 0.22.1 it lives at "
                                            f"`{where}::{p[-1]}` (for backend authors); re-export that, or drop the "
                                            "re-export if the API no longer needs a backend type."))
        out += self._removed_in_code(ctx)
        if b"TensorPrimitive" in ctx.src and b"from_primitive" in ctx.src:
            code = without_comments_and_strings(ctx.src)
            for m in _FROM_PRIMITIVE.finditer(code):
                out.append(self.finding((m.start(1), m.end(1)), "`from_primitive` of a 0.21 `TensorPrimitive`",
                                        "0.22.1's `Tensor::from_primitive::<B>(p)` takes, for a float tensor, "
                                        "`B::FloatTensorPrimitive` (burn-tensor 0.22.1 `tensor/api/extension.rs`, "
                                        "`BackendPrimitive`), not 0.21's `TensorPrimitive<B>` (`Float(..)` / "
                                        "`QFloat(..)`): keep the inner primitive (`.tensor()`), or keep tensors "
                                        "through `into_bridge()` / `from_bridge(..)`."))
        if schedulers:
            out += self._scheduler_types(ctx, schedulers)
        if optim and b"to_record" in ctx.src:
            out += self._optimizer_record_maps(ctx)
        if snapshots:
            out += self._snapshot_members(ctx)
        if readers:
            out += self._reader_tensors(ctx)
        tables: set[int] = set()
        for name in sorted(typed):   # (one pass per table: the stores share theirs)
            if name == "Tensor" and b"AutodiffTensor" in ctx.src:
                continue   # (burn-autodiff 0.22.1's `AutodiffTensor` keeps an `into_primitive`)
            if id(_METHODS_GONE[name]) not in tables:
                tables.add(id(_METHODS_GONE[name]))
                out += self._methods_gone(ctx, name)
        if b"Record" in ctx.src:   # names in code (not in a `use`): recorders record-to-store left, derived records
            code = without_comments_and_strings(ctx.src)
            for m in _RECORDER_NAME.finditer(code):   # a recorder held in a variable or a bound
                if not ctx.in_use_declaration(m.start()) and not _own_variant(ctx, m.start(), m.end()) \
                        and _burns_at(ctx, m.start(), m.end()):
                    out.append(self.finding((m.start(), m.end()), f"`{m.group(0).decode()}` does not exist in burn 0.22.1",
                                            api.REMOVED_PATHS["record"] + "."))
            for m in _RECORD_NAME.finditer(code):
                name = m.group(0).decode()
                if _derived_record(ctx, name) and not ctx.in_use_declaration(m.start()):
                    out.append(self.finding((m.start(), m.end()), f"`{name}` does not exist in burn 0.22.1",
                                            _RECORD_TYPE.format(name[:-len("Record")])))
        if b"ItemSync" in ctx.src and b"ItemLazy" in ctx.src:
            for impl in ctx.nodes("impl_item"):
                trait = impl.child_by_field_name("trait")
                if trait is None or last_segment(trait) != "ItemLazy":
                    continue
                body = impl.child_by_field_name("body")
                for item in (body.named_children if body is not None else []):
                    if item.type == "type_item" and text(item.child_by_field_name("name")) == "ItemSync":
                        # the finding covers the rest of the impl: `Self::ItemSync` in `sync` fails too (E0220)
                        out.append(self.finding((item.start_byte, impl.end_byte),
                                                "`ItemLazy::ItemSync` does not exist in burn 0.22.1 (E0437)",
                                                "0.22.1's `ItemLazy` has no associated type: `fn sync(self) -> "
                                                "Result<Self, ExecutionError>` syncs the item in place. Drop `type "
                                                "ItemSync`, return `Ok(self)` (or the synced value of the same type), "
                                                "and read metrics from `Self`."))
        return out

    def _snapshot_members(self, ctx: FileContext) -> list[Change]:
        """In a file that uses `TensorSnapshot` or burn-store's stores, `collect()` or adapters: each
        read of a member 0.22.1's `burn_pack::Tensor`
        (what the stores and `KeyRemapper::remap` hand out now) does not have, macro arguments
        included (`assert_eq!(s.full_path(), ..)`)."""
        out = []
        code = without_comments_and_strings(ctx.src)
        for m in _SNAPSHOT_MEMBER.finditer(code):
            member = m.group(1).decode()
            end = m.end() + 2 if code[m.end():m.end() + 2] == b"()" else m.end()
            out.append(self.finding((m.start() + 1, end), f"`{member}` was `TensorSnapshot`'s: burn-store 0.22.1 hands "
                                                          "out `burn_pack::Tensor`", api.SNAPSHOT_MEMBERS_GONE[member] + "."))
        # `snapshot.to_data().expect(..)`: a tensor's `to_data()` is no `Result`, 0.21's `TensorSnapshot::to_data()` was
        for m in _SNAPSHOT_TO_DATA.finditer(code):
            out.append(self.finding((m.start() + 1, m.start(1)), "`to_data()` was `TensorSnapshot`'s: burn-store 0.22.1 "
                                    "hands out `burn_pack::Tensor`, which has none (E0599)",
                                    "read its values with `burn_store::bridge::to_data(&tensor)` (burn-store 0.22.1 "
                                    "`bridge.rs`: a `Result<TensorData, _>`, as 0.21's method was), or its bytes with "
                                    "`to_bytes()`."))
        return out

    def _reader_tensors(self, ctx: FileContext) -> list[Change]:
        """Each `.get(..)` / `.tensors()` / `.into_tensors()` of a `PytorchReader` the file builds
        (`let reader = PytorchReader::new(path)?;`): 0.21's handed out `TensorSnapshot`s, burn-store
        0.22.1's `pytorch_reader::Tensor`s (pytorch-reader 0.22.1 `tensor.rs`)."""
        code = without_comments_and_strings(ctx.src)
        names = {m.group(1).decode() for m in _READER_LET.finditer(code)}
        out = []
        for method in ("get", "tensors", "into_tensors"):
            for call, name, _ in ctx.method_calls(method):
                receiver = required_child(call, "function").child_by_field_name("value")
                if receiver is None or text(receiver) not in names:
                    continue
                end = call.end_byte   # (bound by a `let`: its uses, the lines 0.22.1 rejects, are covered too)
                let = next((a for a in ancestors(call) if a.type in ("let_declaration", "block")), None)
                fn = enclosing(call, ("function_item", "closure_expression"))
                pat = let.child_by_field_name("pattern") if let is not None and let.type == "let_declaration" else None
                if let is not None and pat is not None and pat.type == "identifier" and fn is not None:
                    end = max([end, *(u.end_byte for u in binding_uses(fn, let, text(pat)))])
                out.append(self.finding((receiver.start_byte, end), f"`PytorchReader::{method}` hands out "
                                        "`burn_store::pytorch_reader::Tensor` in burn-store 0.22.1, not 0.21's `TensorSnapshot`",
                                        _READER_TENSOR))
        return out

    def _optimizer_record_maps(self, ctx: FileContext) -> list[Change]:
        """`let records = optim.to_record();` read or filled as 0.21's per-parameter map
        (`records.get(&id)`, `record.insert(id, AdaptorRecord::..)`): 0.22.1's `OptimizerRecord`
        is opaque (E0599)."""
        out = []
        calls = [c for m in ("get", "insert", "remove", "iter", "keys") for c in ctx.method_calls(m)]
        for let in ctx.nodes("let_declaration"):
            value, pat = let.child_by_field_name("value"), let.child_by_field_name("pattern")
            fn = value.child_by_field_name("function") if value is not None and value.type == "call_expression" else None
            if fn is None or fn.type != "field_expression" or text(fn.child_by_field_name("field")) != "to_record" \
                    or pat is None or let.parent is None:
                continue
            name = text(pat).removeprefix("mut ").strip()
            for call, field, _args in calls:
                member = field.parent
                recv = member.child_by_field_name("value") if member is not None else None
                if member is None or recv is None or text(recv) != name \
                        or not (let.end_byte <= call.start_byte < let.parent.end_byte):
                    continue
                out.append(self.finding(member, f"`{name}.{text(field)}(..)` reads 0.21's per-parameter optimizer record",
                                        "0.22.1's `to_record()` returns an `OptimizerRecord`, which is opaque (`save`, "
                                        "`into_bytes`, `ModuleOptimizer::load_record`; burn-optim 0.22.1 "
                                        "`optim/module/record`): there is no map from `ParamId` to per-parameter state "
                                        "to read or fill; keep such state in the project's own format."))
        return out

    def _scheduler_types(self, ctx: FileContext, names: set[str]) -> list[Change]:
        """Each mention, outside the imports, of a burn LR scheduler type the file imports
        (`let s: CosineAnnealingLrScheduler = config.init()?`, a field, a return type): 0.22.1's
        configs build a `ModuleLrScheduler` instead (E0308; reading 25)."""
        return [self.finding(n, f"`{text(n)}` is not what 0.22.1's scheduler configs build",
                             "every 0.22.1 LR scheduler config's `init()` returns `Result<ModuleLrScheduler, String>` "
                             "(burn-optim 0.22.1 `lr_scheduler/`), whose `step()` returns a `ModuleLearningRate` "
                             "(`.base()` is the `f64` 0.21's `step()` returned): type it `ModuleLrScheduler`.")
                for n in ctx.nodes("type_identifier") if text(n) in names
                and not ctx.in_use_declaration(n.start_byte)
                and (n.parent is None or n.parent.type != "scoped_type_identifier")]

    def _methods_gone(self, ctx: FileContext, type_name: str) -> list[Change]:
        """In a file that imports burn's `type_name`: each call of a method 0.22.1 removed from it
        (`QuantScheme`'s cubecl 0.10 builder `.with_level(..)`, `GradientsParams::all_reduce`: E0599)."""
        table = _METHODS_GONE[type_name]
        pattern = re.compile(rb"\.\s*(" + "|".join(table).encode() + rb")\s*\(")
        code = without_comments_and_strings(ctx.src)
        return [self.finding((m.start() + 1, m.end() - 1), f"`{type_name}::{m.group(1).decode()}` does not exist in burn 0.22.1",
                             table[m.group(1).decode()] + ".")
                for m in pattern.finditer(code) if not _level_fixed(ctx, m.start() + 1, m.end() - 1)]

    def _removed_in_code(self, ctx: FileContext) -> list[Change]:
        """Removed free items named in code, macro token trees included (`burn::server::
        start_websocket::<..>` inside `cfg_if!`), and removed methods and recorder arguments."""
        out: list[Change] = []
        src = ctx.src
        if b"start_websocket" in src or b"backend::WebGpu" in src:
            code = without_comments_and_strings(src)
            for m in _REMOVED_CODE.finditer(code):
                what = m.group(0).decode()
                why = (api.REMOVED_PATHS["start_websocket"] if "start_websocket" in what else
                       "burn 0.22.1 has no `burn::backend::WebGpu` backend type: a WebGPU device is "
                       "`Device::webgpu(DeviceKind::DefaultDevice)` (feature `webgpu`)")
                out.append(self.finding((m.start(), m.end()), f"`{what}` does not exist in burn 0.22.1", why + "."))
        # `use burn::backend::{Vulkan, Metal}`: 0.21's top-level re-exports of the wgpu aliases; 0.22.1
        # keeps them in `burn::backend::wgpu` only (burn 0.22.1 `backend.rs`, burn-wgpu `lib.rs`)
        for leaf in use_leaves(ctx.root, ctx.use_declarations()) if b"Vulkan" in src or b"Metal" in src else ():
            if len(leaf.path) == 3 and leaf.path[1] == "backend" and leaf.path[2] in ("Vulkan", "Metal") \
                    and leaf.path[0] in ctx.crate.burn_roots:
                name = leaf.path[2]
                out.append(self.finding(leaf.node, f"`{'::'.join(leaf.path)}` does not exist in burn 0.22.1",
                    f"burn 0.22.1 keeps `{name}` only as `burn::backend::wgpu::{name}` (no element-type parameters); 0.22 "
                    f"code builds the device instead: `Device::{name.lower()}(DeviceKind::DefaultDevice)` (feature "
                    f"`{name.lower()}`)."))
        if b"record" in src or b"collective" in src:   # `#[from] burn::record::RecorderError`: a path in code
            code = without_comments_and_strings(src)
            roots = "|".join(re.escape(r) for r in sorted(set(ctx.crate.burn_roots) | {"burn", "burn_core"}))
            for m in re.finditer(rf"(?<![\w:])(?:{roots})\s*::\s*(record|collective)\s*::\s*(\w+)".encode(), code):
                if not ctx.in_use_declaration(m.start()):
                    what = re.sub(r"\s+", "", m.group(0).decode())
                    why = api.REMOVED_ITEMS.get(m.group(2).decode(), api.REMOVED_PATHS[m.group(1).decode()])
                    out.append(self.finding((m.start(), m.end()), f"`{what}` does not exist in burn 0.22.1", why + "."))
        if not (b"save_file" in src or b"load_file" in src):
            return out
        for call in ctx.nodes("call_expression"):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "field_expression":
                continue
            name = text(fn.child_by_field_name("field"))
            args = call.child_by_field_name("arguments")
            n = len(named_args(args)) if args is not None else 0
            if (name == "save_file" and n == 2) or (name == "load_file" and n == 3):
                out.append(self.finding(call, f"`.{name}(..)` takes the path only in burn 0.22.1",
                                        f"0.22.1's `Module::{name}(path)` has no recorder (and no device) argument and returns "
                                        + ("`Result<(), RecordError>`" if name == "save_file" else
                                           "the module itself (`try_load_file` returns a `Result`)") + ": it "
                                        "writes and reads burnpack files; files a 0.21 recorder wrote cannot be read by it "
                                        "(load them with 0.21 and save them again) — pitfall 17.", pitfalls=(1, 17)))
        return out


def _own_variant(ctx: FileContext, start: int, end: int) -> bool:
    """Is the name at [start, end) the project's own enum variant (`Recorder(..)` of `enum
    BuildError`, `Self::Recorder(..)`), as rustc resolves it, not burn's recorder (reading 32)?"""
    node = ctx.root.descendant_for_byte_range(start, end)
    parent = node.parent if node is not None else None
    if parent is None:
        return False
    if parent.type == "enum_variant":
        return True
    path = parent.child_by_field_name("path") if parent.type in ("scoped_identifier", "scoped_type_identifier") else None
    return path is not None and (text(path) == "Self" or text(path) in ctx.index.defined_types)


def _burns_at(ctx: FileContext, start: int, end: int) -> bool:
    """Does the name at [start, end), with the path it ends, resolve to burn the way rustc reads it
    (`burn::record::Recorder`, or `Recorder` imported from burn or imported nowhere), not to another
    crate's (`impl metrics::Recorder for ..`, `use metrics::Recorder;`: reading 35)?"""
    name = ctx.root.descendant_for_byte_range(start, end)
    if name is None:
        return True
    node = path_ending_at(name)
    head = text(node).split("::")[0].strip() if "::" in text(node) else ""
    if head and head not in ("crate", "self", "super") and resolve(node, head, ctx.use_declarations()).kind == "glob":
        return head in ctx.crate.burn_roots   # (`metrics::Recorder` under a test module's `use super::*;`: the crate)
    return burns(ctx, node)


_RECORDER_NAME = re.compile(rb"(?<![\w])(?:Compact|NamedMpk|NamedMpkGz|BinFile|BinGzFile|BinBytes|NamedMpkBytes|"
                            rb"DefaultFile|Default|PrettyJsonFile|File|Sensitive\w*)?Recorder\b")
_RECORD_NAME = re.compile(rb"(?<![\w])[A-Z]\w*Record\b")   # (`model::NetRecord` too)
_REMOVED_CODE = re.compile(rb"\bserver\s*::\s*start_websocket(?:_async)?\b|\bbackend\s*::\s*WebGpu\b")
_RECORD_TYPE = ("burn 0.22.1's `#[derive(Module)]` generates no record type: `{0}`'s record is "
                "`burn::store::ModuleRecord` (`model.into_record()`, `model.load_record(record)`, "
                "`model.save_file(path)`); load code that took a `{0}Record` takes a path or a `ModuleRecord`")


def _level_fixed(ctx: FileContext, start: int, end: int) -> bool:
    """Is the `.with_level(..)` call whose method name spans `start..end` one quant-scheme-levels
    rewrites (a level written out, no `with_param` in its chain)?"""
    name = ctx.root.named_descendant_for_byte_range(start, end)
    field = name.parent if name is not None else None
    call = field.parent if field is not None and field.type == "field_expression" else None
    if name is None or text(name) != "with_level" or call is None or call.type != "call_expression":
        return False
    arglist = call.child_by_field_name("arguments")
    args = named_args(arglist) if arglist is not None else []
    return len(args) == 1 and level_rewrite(text(args[0])) is not None and "with_param" not in chain(call)[1]
