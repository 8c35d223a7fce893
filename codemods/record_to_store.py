"""record-to-store — 0.21's recorders become 0.22.1's burnpack store calls (R21, pitfall 17).

What it does:
    `module.save_file(path, &recorder)` → `module.save_file(path)`;
    `module.load_file(path, &recorder, &device)` → `module.try_load_file(path)` (it returned a
    `Result` in 0.21 and still does, so `?` / `.expect(..)` after it keep working);
    `CompactRecorder::new().load(path.into(), &device)` (any of 0.21's file recorders) →
    `burn::store::ModuleRecord::load(path)`, whose result `module.load_record(record)` takes;
    `CompactRecorder::new().record(model.into_record(), path.into())` → `model.into_record().save(path)`;
    a bytes recorder's `BinBytesRecorder::<S>::default().load(bytes, &device)` →
    `burn::store::ModuleRecord::from_bytes(burn::tensor::Bytes::from_bytes_vec(bytes.to_vec()))` and
    its `.record(record, ())` → `record.into_bytes().map(|bytes| bytes.to_vec())` (still a `Vec<u8>`).
    The `ModelRecord<B>` types 0.21's `#[derive(Module)]` generated become
    `burn::store::ModuleRecord`. The `burn::record` imports and the project's imports of those
    record types go once unused (`backend-import`).

Why:
    burn 0.22.1 has no `burn::record` (E0432) and `Module::save_file` / `load_file` take the path
    only (E0061): a module saves and loads itself as a burnpack file.

Example:
    before: model.save_file(format!("{dir}/model"), &CompactRecorder::new()).expect("saved");
    after:  model.save_file(format!("{dir}/model")).expect("saved");

Fix safety:
    decided where the project says where the file goes, else review. 0.22.1 writes and reads
    burnpack files, appending `.bpk` to a path with no extension (burn-pack 0.22.1 `writer.rs`,
    `reader.rs`; 0.21's recorders set `.mpk` / `.bin` / `.json`...), and cannot read what a 0.21
    recorder wrote (pitfall 17). A save is safe when no string of the project names its
    recorder's 0.21 extension (`"model.mpk"`, `format!("{dir}/model-{epoch}.mpk")`,
    `with_extension("mpk")`: nothing looks for the file by its old name); a load is safe when,
    besides, its package saves that path shape (`format!("{artifact_dir}/model")` both: it reads
    what the migrated code writes). The run then notes once that files 0.21 wrote must be loaded
    with burn 0.21 and saved again (and, for 0.21's half-precision `CompactRecorder`, that 0.22.1
    stores the module's own dtype: files about twice as large). Any other recorder call (a load of
    a path nothing here saves, a bytes recorder: bytes 0.21 encoded) is review with that reason.
    The record types (`ModelRecord<B>`, `<Net<B> as Module<B>>::Record`) are safe: types only, a
    use they do not fit is a compile error. A recorder held in a fn's `let` is rewritten the same
    at each call, and the `let` goes once none of its uses is left; one passed around, or one
    0.21 did not name (a project's own), is not rewritten (`removed-items` reports it). A string
    naming a `.mpk` file, in a file that uses a recorder or reads checkpoints, gets a finding (it
    matches nothing 0.22.1 writes).

Reproduction check:
    E0432 at `burn::record` and E0061 at the calls under 0.22.1 before; none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.burn_api import BYTES_RECORDERS, FILE_RECORDERS
from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.edits import delete_span
from burnmigrate.rust.record_files import RECORDER, WAS_F16, half_precision, old_name_in_use, path_key
from burnmigrate.rust.resolve import binding_uses, local_binding, parameter
from burnmigrate.rust.syntax import enclosing, last_segment, receiver, text, whole_line_span
from burnmigrate.rust.units import package_of, unit_of

from ._callees import burns
from ._typed_calls import _unwrapped

_REASON = ("0.22.1 writes and reads burnpack files, appending `.bpk` to a path with no extension (0.21's "
           "recorders appended `.mpk` / `.bin`: code that names the written file, `format!(\"{path}.mpk\")`, "
           "must follow), and cannot read what a 0.21 recorder wrote: load old files with burn 0.21 "
           "and save them again, or re-export the weights (pitfall 17)")

def _half_precision(recorder: Node) -> bool:
    """Is the recorder, built here or held in a `let`, a 0.21 half-precision one?"""
    written = text(recorder)
    if recorder.type == "identifier" and (fn := enclosing(recorder)) is not None:
        let = local_binding(fn, written, recorder)   # (a recorder held in a `let`)
        written = text(let) if let is not None else written
    return half_precision(written)


def _saving_reason(recorder: Node) -> str:
    """`_REASON`, and for a half-precision 0.21 recorder what 0.22.1 stores instead: the module's
    own dtype (burn-core 0.22.1 `store/mod.rs`, `ModuleRecord`)."""
    if not _half_precision(recorder):
        return _REASON
    return (_REASON + ". 0.21's recorder stored the weights as f16; 0.22.1 stores the dtype the module holds "
            "(f32 unless converted), so the files are about twice as large: map the module's floats to f16 "
            "before saving (a `ModuleMapper` calling `tensor.cast(DType::F16)`) where the size matters")


# a burn trait's 0.21 associated `Record` → the one record type 0.22.1 has for it
_RECORD_OF = {"Module": "store::ModuleRecord", "Optimizer": "optim::OptimizerRecord"}
_MPK = re.compile(r"\.mpk(?:\.gz)?\b")
_BYTES_REASON = ("0.22.1 encodes a record as burnpack bytes and cannot decode what a 0.21 bytes recorder encoded "
                 "(bincode / named MessagePack): decode old bytes with burn 0.21 and encode them again (pitfall 17)")


class RecordToStore(SourceRule):
    id = "record-to-store"
    name = "recorders become the burnpack store"
    pitfalls = (17,)
    guide = "R21"
    safety = Safety.REVIEW
    triggers = (b"Recorder", b"save_file", b"load_file", b"Record", b".mpk")
    check = Check("E0432 at `burn::record` / E0061 at `save_file` and `load_file` under 0.22.1; none after",
                  "cargo check --message-format short 2>&1 | grep -cE 'E0432|E0061'", ("E0432", "E0061"),
                  matches=(ErrorMatch("E0061", r"this method takes 1 argument but [23] arguments"),))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        root = ctx.crate.device_path.split("::", 1)[0] or "burn"
        for call, field, args in ctx.method_calls("save_file", 2):
            if (m := RECORDER.match(text(args[1]).strip())) is not None:
                out.append(self._file_call(ctx, call, m.group(1), None, "`.save_file(path, &recorder)` → "
                                           "`.save_file(path)`", [Edit(args[0].end_byte, args[1].end_byte, "")], args[1]))
        for call, field, args in ctx.method_calls("load_file", 3):
            if (m := RECORDER.match(text(args[1]).strip())) is not None:
                out.append(self._file_call(ctx, call, m.group(1), args[0],
                                           "`.load_file(path, &recorder, &device)` → `.try_load_file(path)`",
                                           [Edit(field.start_byte, field.end_byte, "try_load_file"),
                                            Edit(args[0].end_byte, args[2].end_byte, "")], None))
        held: dict[int, tuple[Node, list[Node]]] = {}   # a recorder held in a `let`: (the let, calls rewritten)
        for call, field, args in ctx.method_calls("load", 2):
            name = _recorder_name(receiver(call), held)
            if name is None:
                continue
            recv = text(receiver(call))
            record = f"{root}::optim::OptimizerRecord" if _loaded_into_optimizer(call) else f"{root}::store::ModuleRecord"
            if name in BYTES_RECORDERS:   # `BinBytesRecorder::<S, &'static [u8]>::default().load(BYTES, &device)`
                new = f"{record}::from_bytes({root}::tensor::Bytes::from_bytes_vec({_owned(args[0])}))"
                out.append(self.change(call, f"`{recv}.load(bytes, ..)` → `{record}::from_bytes(..)` (burnpack)",
                                       [Edit(call.start_byte, call.end_byte, new)], reason=_BYTES_REASON))
                continue
            path = re.sub(r"\s*\.\s*into\s*\(\s*\)$", "", text(args[0]).strip())
            out.append(self._file_call(ctx, call, name, args[0], f"`{recv}.load(..)` → `{record}::load(..)`",
                                       [Edit(call.start_byte, call.end_byte, f"{record}::load({path})")], None))
        for call, field, args in ctx.method_calls("record", 2):   # `recorder.record(module.into_record(), path)`
            name = _recorder_name(receiver(call), held)
            if name is None:
                continue
            recv, rec = text(receiver(call)), text(args[0]).strip()
            if name in BYTES_RECORDERS:   # returned `Vec<u8>`: so does the rewrite
                out.append(self.change(call, f"`{recv}.record(record, ())` → `record.into_bytes()` (burnpack)",
                                       [Edit(call.start_byte, call.end_byte,
                                             f"{rec}.into_bytes().map(|bytes| bytes.to_vec())")], reason=_BYTES_REASON))
                continue
            path = re.sub(r"\s*\.\s*into\s*\(\s*\)$", "", text(args[1]).strip())
            out.append(self._file_call(ctx, call, name, None, f"`{recv}.record(record, path)` → `record.save(path)`",
                                       [Edit(call.start_byte, call.end_byte, f"{rec}.save({path})")], receiver(call) or call))
        if b"Record" in ctx.src and any(m.decode() in ctx.index.module_types
                                        for m in re.findall(rb"\b(\w+)Record\b", ctx.src)):
            for t in ctx.nodes("generic_type", "scoped_type_identifier", "type_identifier"):
                head = t.child_by_field_name("type") if t.type == "generic_type" else t
                name = last_segment(head)
                if t.type != "generic_type" and t.parent is not None and (
                        t.parent.type == "generic_type" or (t.type == "type_identifier" and t.parent.type == "scoped_type_identifier")):
                    continue   # the path or generic type around it is the one rewritten (`model::NetRecord<B>` whole)
                if t.parent is not None and t.parent.type in ("struct_expression", "struct_pattern", "tuple_struct_pattern"):
                    continue   # a record built or matched field by field has no `ModuleRecord` form: removed-items reports it
                if not _derived_record(ctx, name) or ctx.in_use_declaration(t.start_byte):
                    continue
                # safe: a type, no file read (0.22.1's derive makes no record type; `load_record` takes
                # `ModuleRecord`): a use it does not fit is a compile error, the calls carry the format
                out.append(self.change(t, f"`{text(t)}` → `{root}::store::ModuleRecord`",
                                       [Edit(t.start_byte, t.end_byte, f"{root}::store::ModuleRecord")], safety=Safety.SAFE))
        out.extend(self._qualified_records(ctx, root))
        out.extend(self._mpk_names(ctx))
        out.extend(self._held_lets(ctx, held))
        return out

    def _file_call(self, ctx: FileContext, call: Node, recorder: str, loaded: Node | None,
                   message: str, edits: list[Edit], held: Node | None) -> Change:
        """A file recorder's save (`loaded` None) or load (`loaded`: its path), decided when the project
        says where the file goes: safe when no string of the project names the recorder's 0.21
        extension (nothing looks for the file by its old name) and, for a load, its package saves
        that path shape too (it reads what the migrated code writes; the run's note says what
        becomes of files 0.21 wrote). Else review, with the reason."""
        key = path_key(text(loaded)) if loaded is not None else None
        if not old_name_in_use(ctx.index, recorder) and (
                loaded is None or (key is not None and _package(ctx) in ctx.index.record_saves.get(key, ()))):
            half = held is not None and _half_precision(held)
            return self.change(call, message + (f" (burnpack{WAS_F16})" if half else " (burnpack)"), edits,
                               safety=Safety.SAFE)
        return self.change(call, message + " (burnpack)", edits,
                           reason=_saving_reason(held) if held is not None else _REASON)

    @classmethod
    def project_notes(cls, changes: list[Change]) -> list[str]:
        """What a person must know of the recorder calls decided safe: the files 0.21 wrote."""
        decided = [c for c in changes if c.safety is Safety.SAFE and "(burnpack" in c.message]
        if not decided:
            return []
        f16 = any(WAS_F16 in c.message for c in decided)
        return [f"{cls.id}: {len(decided)} recorder save(s) and load(s) now write and read burnpack files (0.22.1 "
                "appends `.bpk` to a path with no extension) and cannot read a file burn 0.21 wrote: load models and "
                "checkpoints saved before the upgrade with burn 0.21 and save them again, or train again (pitfall 17)"
                + ("; 0.21's half-precision recorder stored f16, 0.22.1 stores the module's dtype (f32 unless cast): "
                   "those files are about twice as large" if f16 else "")]

    def _qualified_records(self, ctx: FileContext, root: str) -> list[Change]:
        """`<Net<B> as Module<B>>::Record` / `<O as Optimizer<M, B>>::Record`: 0.22.1's `Module`
        and `Optimizer` have no `Record` (E0576); a module's record is `ModuleRecord` (what
        `load_record` takes), a module optimizer's `OptimizerRecord` (burn-core / burn-optim 0.22.1)."""
        out = []
        for t in ctx.nodes("scoped_type_identifier"):
            path, name = t.child_by_field_name("path"), t.child_by_field_name("name")
            if path is None or name is None or path.type != "bracketed_type" or text(name) != "Record":
                continue
            q = path.named_children[0] if path.named_children else None
            trait = q.child_by_field_name("alias") if q is not None and q.type == "qualified_type" else None
            head = (trait.child_by_field_name("type") or trait) if trait is not None else None
            new = _RECORD_OF.get(last_segment(head) or "") if head is not None else None
            if new is None or head is None or not burns(ctx, head):
                continue
            # safe: a type (as above; a `..::Record: Send` bound reads no file either)
            out.append(self.change(t, f"`{text(t)}` → `{root}::{new}`", [Edit(t.start_byte, t.end_byte, f"{root}::{new}")],
                                   safety=Safety.SAFE))
        return out

    def _held_lets(self, ctx: FileContext, held: dict[int, tuple[Node, list[Node]]]) -> list[Change]:
        """`let recorder = BinBytesRecorder::<S>::default();` goes when every use of `recorder`
        after it is a call rewritten above (else it stays, and removed-items reports it)."""
        out = []
        for let, calls in held.values():
            name = text(let.child_by_field_name("pattern"))
            scope = enclosing(let)
            if scope is None:
                continue
            uses = binding_uses(scope, let, name)
            rewritten = {r.id for r in (receiver(c) for c in calls) if r is not None}
            if uses and all(u.id in rewritten for u in uses):
                # safe: a recorder's construction does nothing of its own; the rewritten calls it
                # served carry the format's review (one place each, not two)
                out.append(self.change(let, f"`let {name} = {text(let.child_by_field_name('value'))};` goes (its calls "
                                            "are the store's now)", [delete_span(*whole_line_span(ctx.src, let))],
                                       safety=Safety.SAFE))
        return out

    def _mpk_names(self, ctx: FileContext) -> list[Change]:
        """A string that names a file by 0.21's recorder extension, in a file that records with a
        recorder or reads checkpoints, or of a package that saves with one (`format!("{name}_model.mpk")`
        looking a model up in an embedded bundle: reading 34): the file 0.22.1 writes is `.bpk`, so the name no longer
        matches (a best-checkpoint lookup that silently finds nothing)."""
        if b"mpk" not in ctx.src or not (b"Recorder" in ctx.src or b"checkpoint" in ctx.src or any(
                _package(ctx) in saving for saving in ctx.index.record_saves.values())):
            return []
        return [self.finding(lit, f"`{text(lit)}` names a 0.21 recorder's `.mpk` file",
                             "0.22.1 writes burnpack `.bpk` files (a module's `save_file`, burn-train's checkpoints "
                             "`<dir>/checkpoint/model-{epoch}.bpk`): a name built with `.mpk` matches nothing "
                             "0.22.1 wrote (pitfall 17)")
                for lit in ctx.nodes("string_literal") if _MPK.search(text(lit)) or _extension_arg(lit)]


_OPTIMIZER_CONFIG = re.compile(r"\b(?:Adam|AdamW|Sgd|RmsProp|AdaGrad|Adan|Muon|Lbfgs|LBFGS|Lion|Lamb|Adafactor)Config\b")


def _loaded_into_optimizer(call: Node) -> bool:
    """Is the record a recorder loads here given to an optimizer (a `let` typed as one's record, or
    `let r = recorder.load(p, &d)?; optim.load_record(r)`, `optim` a parameter bounded by
    `Optimizer<..>` or built by an optimizer config)? 0.22.1's optimizer record is
    `OptimizerRecord`, loaded by its own `load` / `from_bytes` (burn-optim 0.22.1
    `optim/module/record/mod.rs`; readings 26, 37)."""
    value = call
    while (up := _unwrapped(value)) is not None:   # through `?`, `.unwrap()`, `.expect(..)`
        value = up
    let, fn = value.parent, enclosing(call, ("function_item",))
    pat = let.child_by_field_name("pattern") if let is not None and let.type == "let_declaration" else None
    if pat is None or fn is None or pat.type != "identifier":
        return False
    typed = let.child_by_field_name("type") if let is not None else None
    if typed is not None and re.search(r"\bOptimizer\b|\b(?:Optimizer|Adaptor)Record\b", text(typed)):
        return True   # `let r: <O as Optimizer<M, B>>::Record = recorder.load(..)` (reading 37)
    for m in re.finditer(rf"(\w+)\s*\.\s*load_record\s*\(\s*{re.escape(text(pat))}\s*\)", text(fn)):
        recv = m.group(1)
        typed = text(p.child_by_field_name("type")) if (p := parameter(fn, recv)) is not None else ""
        bounds = text(fn.child_by_field_name("type_parameters") or fn) + " " + " ".join(
            text(c) for c in fn.children if c.type == "where_clause")
        if re.search(r"\bOptimizer(?:Adaptor)?\b", typed) or (
                typed and re.search(rf"\b{re.escape(typed.strip('&mut '))}\s*:\s*[^,{{]*\bOptimizer\s*<", bounds)):
            return True
        made = re.search(rf"\blet\s+(?:mut\s+)?{re.escape(recv)}\b[^;]*?=([^;]*);", text(fn))
        if made is not None and _OPTIMIZER_CONFIG.search(made.group(1)) and ".init" in made.group(1):
            return True
    return False


def _extension_arg(lit: Node) -> bool:
    """`path.with_extension("mpk")` / `set_extension("mpk")` (reading 26: the file 0.21 wrote, named
    by extension)."""
    args = lit.parent
    call = args.parent if args is not None and args.type == "arguments" else None
    f = call.child_by_field_name("function") if call is not None else None
    return text(lit) in ('"mpk"', '"mpk.gz"') and f is not None and f.type == "field_expression" \
        and text(f.child_by_field_name("field")) in ("with_extension", "set_extension")


def _recorder_name(recv: Node | None, held: dict[int, tuple[Node, list[Node]]]) -> str | None:
    """The 0.21 file or bytes recorder a call's receiver is, built in place or held in a fn's `let`
    (`let recorder = BinBytesRecorder::<S>::default();`, recorded in `held` with the call); None for
    anything else (a project's own recorder, a parameter: what its `load` takes is not known)."""
    if recv is not None and recv.type == "identifier":
        fn = enclosing(recv)
        let = local_binding(fn, text(recv), recv) if fn is not None else None
        value = let.child_by_field_name("value") if let is not None and let.type == "let_declaration" else None
        if let is None or value is None or let.child_by_field_name("type") is not None:
            return None
        name = _recorder_name(value, held)
        if name is not None and recv.parent is not None and recv.parent.parent is not None:
            held.setdefault(let.id, (let, []))[1].append(recv.parent.parent)
        return name
    m = RECORDER.match(text(recv).strip()) if recv is not None else None
    return m.group(1) if m is not None and m.group(1) in FILE_RECORDERS | BYTES_RECORDERS else None


def _package(ctx: FileContext) -> str:
    """The package of the file (its saves and loads are matched within it)."""
    return package_of(unit_of(ctx.path, ctx.crate.package))


def _owned(arg: Node) -> str:
    """`arg` as the `Vec<u8>` 0.22.1's `Bytes::from_bytes_vec` takes (0.21 took a `Vec<u8>` or a `&[u8]`)."""
    simple = arg.type in ("identifier", "field_expression", "call_expression", "scoped_identifier", "macro_invocation")
    return f"{text(arg)}.to_vec()" if simple else f"({text(arg)}).to_vec()"


def _derived_record(ctx: FileContext, name: str) -> bool:
    """`ModelRecord` where the project derives `Module` for `Model` (the 0.21 derive's record type)."""
    return name.endswith("Record") and len(name) > 6 and name[:-6] in ctx.index.module_types \
        and name not in ctx.index.defined_types
