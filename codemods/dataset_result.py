"""dataset-result — `Dataset::get` and dataset / dataloader iteration return `Result` (R23).

What it does:
    - In `impl Dataset<I> for T`, `fn get(&self, index: usize) -> Option<I>` becomes
      `-> Result<I, DatasetError>` (the error imported next to the file's `Dataset`). A body that
      delegates to a field holding a dataset (`self.dataset.get(index)`, `.map(..)` after it)
      gets `.map_err(DatasetError::new)`; a tail `Some(x)` becomes `Ok(x)`; another Option-valued
      tail (`self.items.get(index).cloned()`) gets `.ok_or_else(..)` with an out-of-bounds error.
      A body with `return` or `?` is a finding.
    - `x.iter()` over a dataset or a dataloader of the fn (a `let` from a dataset type or a
      `DataLoaderBuilder`, a parameter typed as one, a `let` or tuple `let` bound from a project
      fn whose signature returns one: `let (ds, n) = load_split(..)?;`), consumed on the spot (a
      `for` loop, an iterator adapter, `collect`, `next`), gets `.map(Result::unwrap)`: items are
      `Result`s now. An
      iterator kept in a variable is a finding (its items need handling where they are used).
    - `if let Some(x) = ds.get(i)` / `while let` / `let Some(x) = .. else` → `Ok(x)`;
      `ds.get(i).is_some()` / `is_none()` → `is_ok()` / `is_err()`; `.unwrap()`, `.expect(..)`,
      `.map(..)` after it read the same on the `Result`; any other use of the value (a closure's
      result, an argument, a `match`, a comparison) gets `.ok()`: 0.21's `Option<I>` back.

Why:
    burn 0.22 made `Dataset::get` return `Result<I, E>` (`E = DatasetError` by default, burn-
    dataset 0.22.1 `dataset/base.rs`); `DatasetIterator` and the dataloaders' iterators yield
    `Result<I, DatasetError>`. 0.21 code fails with E0053 (the impl), E0308 (its body), E0277
    (`collect` into `Vec<I>`) and E0609 (a field read on a batch).

Example:
    fn get(&self, index: usize) -> Option<Item> { self.dataset.get(index) }
    → fn get(&self, index: usize) -> Result<Item, DatasetError> { self.dataset.get(index).map_err(DatasetError::new) }
    for batch in dataloader.iter() { .. }  →  for batch in dataloader.iter().map(Result::unwrap) { .. }

Fix safety:
    safe where the type says it all (delegation, `Some` → `Ok`, `unwrap` of an item: 0.21's
    datasets panicked on a read failure too). Review for the out-of-bounds error that replaces a
    `None` tail (0.22's own datasets panic past the end instead).

Reproduction check:
    `cargo check` on 0.22.1: E0053 / E0308 / E0277 / E0609 before, none after.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from burnmigrate.model import Change, Check, Edit, ErrorMatch, Safety
from burnmigrate.rules import SourceRule
from burnmigrate.rust.context import FileContext
from burnmigrate.rust.generics import generic_params
from burnmigrate.rust.imports import binding_scope, binds, import_edit, use_leaves
from burnmigrate.rust.resolve import result_type
from burnmigrate.rust.syntax import capture, enclosing, last_segment, named_args, receiver, required_child, text

from ._callees import returned_type, tuple_parts

# burn's own dataset types (burn-dataset 0.22.1) and what builds dataloaders
BURN_DATASETS = frozenset({
    "InMemDataset", "SqliteDataset", "DataframeDataset", "ImageFolderDataset", "MnistDataset",
    "PartialDataset", "ShuffledDataset", "MapperDataset", "SamplerDataset", "ComposedDataset",
    "WindowsDataset", "SelectionDataset", "TextFolderDataset", "SpeechCommandsDataset", "CifarDataset",
    "AgNewsDataset", "DbPediaDataset",
})
_CONTAINERS = re.compile(r"^(?:&\s*)?(?:mut\s+)?(?:Vec|VecDeque|HashMap|BTreeMap|Option|(?:\w+::)*Result\b|\(|\[|&\[|String|Box<\[)")
_CONSUMERS = frozenset({"enumerate", "take", "skip", "map", "filter", "filter_map", "zip", "collect", "for_each",
                        "count", "step_by", "chain", "fold", "last", "nth", "peekable", "cycle", "flat_map",
                        "take_while", "skip_while", "inspect", "position", "any", "all", "find", "min_by_key",
                        "max_by_key", "rev", "sum", "next"})
_HANDLED = re.compile(r"\bunwrap\b|\bexpect\b|\bok\b|\bResult\b|\?|\bunwrap_or")


def _dataset_type(ty: str, project: set[str]) -> bool:
    ty = ty.strip()
    if _CONTAINERS.match(ty):
        return False
    heads = set(re.findall(r"\b([A-Z]\w*)", ty))
    return bool(heads & (BURN_DATASETS | project)) or "Dataset<" in ty or ty.rstrip(">").endswith("Dataset")


def _loader_type(ty: str) -> bool:
    return "DataLoader" in ty and "DataLoaderBuilder" not in ty


class DatasetResult(SourceRule):
    id = "dataset-result"
    name = "Dataset::get and dataset / dataloader iteration return Result"
    pitfalls = (1,)   # a 0.22 API change: a compile failure after the upgrade (the chart sends those to chapter 1)
    guide = "R23"
    safety = Safety.SAFE
    triggers = (b"Dataset", b"DataLoader", b"dataset", b"dataloader")
    check = Check("`cargo check` on 0.22.1: E0053 / E0308 at a `Dataset::get` impl, E0277 / E0609 at iteration",
                  "cargo check", ("E0053", "E0308", "E0277", "E0609"),
                  matches=(ErrorMatch("E0053", "method `get` has an incompatible type for trait"),
                           ErrorMatch("E0308", "", r"\.get\(|fn get\("),
                           ErrorMatch("E0277", "Result<"), ErrorMatch("E0609", "Result<")))

    def run(self, ctx: FileContext) -> list[Change]:
        out: list[Change] = []
        project = set(getattr(ctx.index, "dataset_types", ()) or ())
        error_name = None
        for impl in ctx.nodes("impl_item"):
            tr = impl.child_by_field_name("trait")
            if tr is None or last_segment(tr) != "Dataset":
                continue
            args = tr.child_by_field_name("type_arguments") if tr.type == "generic_type" else None
            if args is not None and len(named_args(args)) > 1:
                continue   # a dataset with its own error type: 0.21 had none, so this is 0.22 code
            body = impl.child_by_field_name("body")
            for fn in (body.named_children if body is not None else []):
                if fn.type != "function_item" or text(fn.child_by_field_name("name")) != "get":
                    continue
                ret = fn.child_by_field_name("return_type")
                if ret is None or ret.type != "generic_type" or last_segment(ret) != "Option":
                    continue
                if error_name is None:
                    error_name, imp = self._error_name(ctx, impl)
                    if imp is not None:
                        out.append(imp)
                out += self._impl_get(ctx, impl, fn, ret, error_name, project)
        out += self._iteration(ctx, project)
        return out

    # -- impl Dataset ... { fn get } ------------------------------------------------------------
    def _error_name(self, ctx: FileContext, at: Node) -> tuple[str, Change | None]:
        """How to write `DatasetError` here, importing it beside the file's `Dataset`."""
        body = binding_scope(at)
        base = None
        for leaf in use_leaves(ctx.root, ctx.use_declarations()):
            if leaf.path and leaf.path[-1] == "Dataset" and leaf.bound == "Dataset":
                base = "::".join(leaf.path[:-1])
        if base is None:
            base = f"{ctx.crate.burn_roots[0]}::data::dataset"
        if binds(body, "DatasetError", set(), ctx.use_declarations()):
            return "DatasetError", None
        edit = import_edit(ctx.src, body, base, ["DatasetError"], ctx.use_declarations())
        return "DatasetError", self.change((body.start_byte, body.start_byte), f"import `{base}::DatasetError`", [edit])

    def _impl_get(self, ctx, impl: Node, fn: Node, ret: Node, err: str, project: set[str]) -> list[Change]:
        targs = ret.child_by_field_name("type_arguments")
        item = text(named_args(targs)[0]) if targs is not None and named_args(targs) else "_"
        sig = Edit(ret.start_byte, ret.end_byte, f"{result_type(ret, ctx.use_declarations())}<{item}, {err}>")
        block = fn.child_by_field_name("body")
        tail = _tail(block)
        msg = f"`Dataset::get` returns `Result<{item}, {err}>` in 0.22"
        if block is None or tail is None or capture("[(return_expression) (try_expression)] @r", block, "r"):
            return [self.finding(ret, msg + ": this body has `return` / `?` or no tail value; make each exit an "
                                       f"`Ok(..)` or `Err({err}::new(..))` and change the return type",
                                 "burn-dataset 0.22.1 `Dataset::get(&self, index) -> Result<I, E>`; past the end "
                                 "burn's own datasets panic, `Err` is for failures on an index in bounds")]
        index = _first_param_name(fn)
        if tail.type == "call_expression" and text(tail.child_by_field_name("function")) == "Some":
            f = required_child(tail, "function")
            return [self.change(ret, msg + ": `Some(..)` becomes `Ok(..)`", [sig, Edit(f.start_byte, f.end_byte, "Ok")])]
        root = _chain_root(tail)
        if root is not None and _delegates(ctx, impl, root, project):
            return [self.change(ret, msg + f": the delegated dataset's error becomes a `{err}`",
                                [sig, Edit(tail.end_byte, tail.end_byte, f".map_err({err}::new)")])]
        oob = (f"{err}::new(std::io::Error::other(format!(\"index {{{index}}} is out of bounds\")))"
               if index else f"{err}::new(std::io::Error::other(\"index out of bounds\"))")
        if tail.type == "identifier" and text(tail) == "None":
            return [self.change(ret, msg + ": `None` becomes an out-of-bounds error", [sig, Edit(tail.start_byte, tail.end_byte, f"Err({oob})")],
                                safety=Safety.REVIEW, reason=_OOB_REASON)]
        if tail.type in _BRANCHING:
            return [self.finding(ret, msg + ": make each branch an `Ok(..)` (or an `Err`) and change the return type",
                                 "burn-dataset 0.22.1 `Dataset::get(&self, index) -> Result<I, E>`")]
        return [self.change(ret, msg + ": the `Option` becomes a `Result` with an out-of-bounds error",
                            [sig, Edit(tail.end_byte, tail.end_byte, f".ok_or_else(|| {oob})")],
                            safety=Safety.REVIEW, reason=_OOB_REASON)]

    # -- call sites ------------------------------------------------------------------------
    def _iteration(self, ctx: FileContext, project: set[str]) -> list[Change]:
        out: list[Change] = []
        known: dict[int, dict[str, str]] = {}
        for call, field, args in ctx.method_calls("iter", 0):
            recv = receiver(call)
            kind = self._receiver_kind(ctx, recv, known, project)
            if not kind:
                continue
            parent = call.parent
            if parent is not None and parent.type == "field_expression":
                method = text(parent.child_by_field_name("field"))
                outer = parent.parent
                if method in _CONSUMERS and outer is not None and outer.type == "call_expression":
                    if method in ("map", "filter_map", "flat_map", "for_each") and _HANDLED.search(text(outer.child_by_field_name("arguments"))):
                        continue   # the items are handled already
                    if method == "collect" and "Result" in text(outer):
                        continue
                elif method in ("flatten",):
                    continue
                else:
                    continue
            elif parent is None or parent.type != "for_expression" or parent.child_by_field_name("value") != call:
                if parent is not None and parent.type == "let_declaration":
                    out.append(self.finding(call, f"`{text(recv)}.iter()` yields `Result`s in 0.22: handle each item "
                                                  "where this iterator is used (`.map(Result::unwrap)` here if a "
                                                  "failed read may panic)",
                                            "burn 0.22.1: `DatasetIterator` / the dataloaders' iterators yield "
                                            "`Result<_, DatasetError>`"))
                continue
            out.append(self.change(field, f"`{text(recv)}.iter()` yields `Result`s in 0.22: unwrap each {kind}",
                                   [Edit(call.end_byte, call.end_byte, ".map(Result::unwrap)")]))
        for call, field, args in ctx.method_calls("get", 1):
            recv = receiver(call)
            if not self._receiver_kind(ctx, recv, known, project) == "item":
                continue
            out += self._get_use(call)
        return out

    def _get_use(self, call: Node) -> list[Change]:
        parent = call.parent
        if parent is None:
            return []
        if parent.type == "let_condition" or (parent.type == "let_declaration" and parent.child_by_field_name("alternative") is not None):
            pat = parent.child_by_field_name("pattern")
            if pat is not None and pat.type == "tuple_struct_pattern" and text(pat.child_by_field_name("type")) == "Some":
                t = required_child(pat, "type")   # (its text is `Some`)
                return [self.change(t, "`Dataset::get` returns a `Result` in 0.22: `Some(..)` → `Ok(..)`",
                                    [Edit(t.start_byte, t.end_byte, "Ok")])]
            return []   # another pattern (`Ok(..)`: 0.22 code already)
        if parent.type == "field_expression":
            m = parent.child_by_field_name("field")
            new = {"is_some": "is_ok", "is_none": "is_err"}.get(text(m))
            if new and m is not None and parent.parent is not None and parent.parent.type == "call_expression":
                return [self.change(m, f"`Dataset::get` returns a `Result` in 0.22: `{text(m)}` → `{new}`",
                                    [Edit(m.start_byte, m.end_byte, new)])]
            if text(m) in _SAME_ON_RESULT:
                return []   # `.unwrap()`, `.expect(..)`, `.map(..)`: the same on the `Result`
        elif parent.type == "expression_statement":
            return []
        # the value itself (a closure's result, an argument, a `match`, a comparison, `collect`ed):
        # `.ok()` gives back 0.21's `Option<I>` (`Err` → `None`, as 0.21's `None` for no item)
        return [self.change(call, "`Dataset::get` returns a `Result` in 0.22: `.ok()` keeps the `Option` 0.21 gave",
                            [Edit(call.end_byte, call.end_byte, ".ok()")])]

    def _receiver_kind(self, ctx, recv: Node | None, known: dict, project: set[str]) -> str:
        """'item' for a dataset, 'batch' for a dataloader, '' when the receiver is neither or unknown."""
        if recv is None:
            return ""
        fn = enclosing(recv)
        while fn is not None:   # the innermost closure or fn that types the name (closures see outer names)
            names = known.get(fn.id)
            if names is None:
                names = known[fn.id] = _typed_names(ctx, fn, project)
            if text(recv) in names:
                return names[text(recv)]
            if fn.type == "closure_expression" and text(recv) in _closure_param_names(fn):
                return ""   # an untyped closure parameter shadows the outer name: not known
            fn = enclosing(fn) if fn.type == "closure_expression" else None
        return ""


# methods whose call reads the same on 0.22's `Result` as on 0.21's `Option`
_SAME_ON_RESULT = frozenset({"unwrap", "expect", "map", "unwrap_or", "unwrap_or_default", "ok", "is_ok", "is_err",
                             "map_err", "err", "unwrap_err", "expect_err", "inspect_err"})   # (the last: 0.22 code)

_OOB_REASON = ("0.21's `None` meant \"no item here\"; this `Err` keeps callers on the failure path (0.22's own "
               "datasets panic on an index past the end instead): check what this dataset's callers expect")


_BRANCHING = ("if_expression", "match_expression", "block", "loop_expression")


def _tail(block: Node | None) -> Node | None:
    if block is None:
        return None
    kids = [c for c in block.named_children if c.type not in ("line_comment", "block_comment")]
    if not kids:
        return None
    last = kids[-1]
    # tree-sitter wraps a block-like expression (`if`, `match`, a block, `loop`) in an
    # expression_statement even where it is the block's value (no `;` after it)
    if (last.type == "expression_statement" and last.named_child_count == 1 and not text(last).endswith(";")
            and last.named_children[0].type in _BRANCHING):
        return last.named_children[0]
    if last.type.endswith("_statement") or last.type in ("let_declaration",):
        return None
    return last


def _chain_root(expr: Node) -> Node | None:
    """The innermost `recv.get(..)` call of a method chain (`self.ds.get(i).map(..)` → `self.ds.get(i)`)."""
    cur = expr
    while cur is not None and cur.type == "call_expression":
        fn = cur.child_by_field_name("function")
        if fn is None or fn.type != "field_expression":
            return None
        if text(fn.child_by_field_name("field")) == "get":
            return cur
        cur = fn.child_by_field_name("value")
    return None


def _delegates(ctx, impl: Node, get_call: Node, project: set[str]) -> bool:
    """`self.F.get(..)` where the struct's field F holds a dataset (its type in this file)."""
    recv = receiver(get_call)
    if recv is None or recv.type != "field_expression" or text(recv.child_by_field_name("value")) != "self":
        return False
    fname = text(recv.child_by_field_name("field"))
    owner = last_segment(impl.child_by_field_name("type"))
    bounds = _param_texts(impl)
    for st in ctx.nodes("struct_item"):
        if text(st.child_by_field_name("name")) != owner:
            continue
        for fd in capture("(field_declaration) @f", st, "f"):
            if text(fd.child_by_field_name("name")) == fname:
                ty = text(fd.child_by_field_name("type"))
                # (a type alias of the file: `type Mapped = MapperDataset<..>;` is that dataset, reading 33)
                ty = next((text(t.child_by_field_name("type")) for t in ctx.nodes("type_item")
                           if text(t.child_by_field_name("name")) == ty.strip()), ty)
                param_bound = bounds.get(ty.strip(), "")
                sparams = _param_texts(st)
                return _dataset_type(ty, project) or "Dataset" in param_bound or "Dataset" in sparams.get(ty.strip(), "")
    return False


def _param_texts(item: Node) -> dict[str, str]:
    """An item's type parameters: name → the parameter as written (`D: Dataset<I>`)."""
    return {text(p.child_by_field_name("name")): text(p) for p in generic_params(item)
            if p.type == "type_parameter" and p.child_by_field_name("name") is not None}


def _first_param_name(fn: Node) -> str:
    params = fn.child_by_field_name("parameters")
    for p in (named_args(params) if params is not None else []):
        if p.type == "parameter":
            pat = p.child_by_field_name("pattern")
            return text(pat) if pat is not None and pat.type == "identifier" else ""
    return ""


def _closure_param_names(closure: Node) -> set[str]:
    params = closure.child_by_field_name("parameters")
    out = set()
    for p in params.named_children if params is not None else []:
        pat = p.child_by_field_name("pattern") if p.type == "parameter" else p
        if pat is not None and pat.type == "identifier":
            out.add(text(pat))
    return out


def _kind_of(ty: str, project: set[str]) -> str:
    return "batch" if _loader_type(ty) else "item" if ty and _dataset_type(ty, project) else ""


def _typed_names(ctx: FileContext, fn: Node, project: set[str]) -> dict[str, str]:
    """name → 'item' (a dataset) / 'batch' (a dataloader) for the fn's parameters, its closures'
    typed parameters and its `let`s (typed, or bound from what a project fn returns: `let (ds, n)
    = load_split(..)?;` reads `load_split`'s signature)."""
    out: dict[str, str] = {}
    params = fn.child_by_field_name("parameters")
    generic = _param_texts(fn)
    for p in (named_args(params) if params is not None else []):
        if p.type != "parameter":
            continue
        pat, ty = p.child_by_field_name("pattern"), text(p.child_by_field_name("type"))
        name = text(pat.named_children[-1] if pat is not None and pat.type == "mut_pattern" else pat)
        bare = ty.lstrip("&").strip()
        if _loader_type(ty) or "DataLoader" in generic.get(bare, ""):
            out[name] = "batch"
        elif _dataset_type(ty, project) or "Dataset" in generic.get(bare, ""):
            out[name] = "item"
    body = fn.child_by_field_name("body")
    for cp in (capture("(closure_parameters (parameter) @p)", body, "p") if body is not None else []):
        pat, ty = cp.child_by_field_name("pattern"), text(cp.child_by_field_name("type"))
        if pat is not None and pat.type == "identifier" and ty and _dataset_type(ty, project):
            out[text(pat)] = "item"   # `|dataset: &InMemDataset<Item>| ..`
    for let in (capture("(let_declaration) @l", body, "l") if body is not None else []):
        pat = let.child_by_field_name("pattern")
        if pat is not None and pat.type == "mut_pattern":
            pat = pat.named_children[-1] if pat.named_children else None
        if pat is not None and pat.type == "tuple_pattern" and let.child_by_field_name("type") is None:
            elems = [e.named_children[-1] if e.type == "mut_pattern" and e.named_children else e for e in pat.named_children]
            parts = tuple_parts(returned_type(ctx, let.child_by_field_name("value")))
            out.update({text(e): k for e, t in zip(elems, parts) if len(parts) == len(elems)
                        and e.type == "identifier" and (k := _kind_of(t, project))})
            continue
        if pat is None or pat.type != "identifier":
            continue
        ty = text(let.child_by_field_name("type")) or returned_type(ctx, let.child_by_field_name("value"))
        init = text(let.child_by_field_name("value"))
        head = re.match(r"\s*([A-Z]\w*)(?:\s*::\s*<[^>]*>)?\s*(?:::|\{)", init)
        if _loader_type(ty) or (re.match(r"\s*DataLoaderBuilder\b", init) and ".build(" in init):
            out[text(pat)] = "batch"
        elif (ty and _dataset_type(ty, project)) or (head and head.group(1) in (BURN_DATASETS | project)) \
                or (head and head.group(1).endswith("Dataset")) or re.search(r"HuggingfaceDatasetLoader\b.*\.dataset\(", init, re.S):
            out[text(pat)] = "item"
    return out
