"""Manifest rules: the engine side. Every Cargo.toml of a burn-using crate (and every workspace
root that declares burn) goes through the manifest fixers as a tomlkit document; each rule
mutates the document, the engine turns each rule's text difference into edits and change
records, and validates that the result still parses. Outputs are the same as for source files.
"""
from __future__ import annotations

import difflib
import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterator

import tomlkit
from tomlkit.items import Array, InlineTable, Table

from . import edits as E
from .changes import Change
from .diffs import labelled_diff
from .results import FileResult, decode, encode, locate
from .discover import Crate, Project
from .rule import Rule

# -- the feature facts ----------------------------------------------------------------------


@dataclass
class FeatureTable:
    version: str
    rust_version: str
    default: frozenset[str]
    known: frozenset[str]
    backends: frozenset[str]
    gpu_backends: frozenset[str]
    offline_cpu: str
    add_back_common: tuple[str, ...]
    add_back_gpu: tuple[str, ...]
    add_back_flex: tuple[str, ...]
    deprecated: dict[str, str]
    renamed: dict[str, str]
    removed: dict[str, str]
    constructors: dict[str, str]
    backend_types: dict[str, str]
    source: str = "burnmigrate's table"   # or the path of the resolved burn Cargo.toml

    def exists(self, feature: str) -> bool:
        return feature in self.known


@lru_cache(maxsize=None)
def _raw_tables() -> dict:
    return tomllib.loads(resources.files("burnmigrate").joinpath("data/burn-features.toml").read_text("utf-8"))


def resolved_burn_manifest(version: str) -> Path | None:
    """burn's own Cargo.toml for `version` in cargo's registry cache, when it is on disk."""
    home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
    for src in sorted((home / "registry" / "src").glob("*")):
        p = src / f"burn-{version}" / "Cargo.toml"
        if p.is_file():
            return p
    return None


@lru_cache(maxsize=None)
def feature_table(version: str = "0.22.1") -> FeatureTable:
    raw = _raw_tables()["versions"]
    v = raw[version]
    if "same_as" in v:
        v = raw[v["same_as"]]
    table = FeatureTable(
        version=version, rust_version=v["rust_version"], default=frozenset(v["default"]),
        known=frozenset(v["known"]), backends=frozenset(v["backends"]),
        gpu_backends=frozenset(v["gpu_backends"]), offline_cpu=v["offline_cpu"],
        add_back_common=tuple(v["add_back_common"]), add_back_gpu=tuple(v["add_back_gpu"]),
        add_back_flex=tuple(v["add_back_flex"]), deprecated=dict(v["deprecated"]),
        renamed=dict(v["renamed"]), removed=dict(v["removed"]),
        constructors=dict(v["constructors"]), backend_types=dict(v["backend_types"]))
    disk = resolved_burn_manifest(version)
    if disk is not None:
        try:
            feats = tomllib.loads(disk.read_text("utf-8")).get("features", {})
            table.known = frozenset(feats)
            table.default = frozenset(feats.get("default", []))
            table.source = str(disk)
        except (OSError, tomllib.TOMLDecodeError):
            pass
    return table


# -- what the code uses (collected per file by the source pass) ------------------------------

# What a file needs from burn's features. Plain substring tests first: this runs on every file.
_USE_SUBSTRINGS = {
    "autodiff": (b".autodiff()", b"AutodiffBackend", b"Autodiff<", b"AutodiffModule"),
    "sqlite": (b"SqliteDataset", b"HuggingfaceDatasetLoader"),
    "linalg": (b"linalg::",),
    "signal": (b"signal::",),
    "safetensors": (b"SafetensorsStore",),
    "pytorch": (b"PytorchStore", b"PyTorchToBurnAdapter"),
    "device-default": (b"Device::default()", b"Default::default()"),
}
_OPTIM = re.compile(rb"\boptim::|\b(?:Adam|AdamW|Sgd|RmsProp|AdaGrad|Adan|Muon|Lbfgs)Config\b|\blr_scheduler\b|\bgrad_clipping\b")
_CTOR = re.compile(rb"\bDevice::(\w+)\s*\(")


def code_uses(original: bytes, final: bytes, idents: frozenset[str] | None = None) -> frozenset[str]:
    """Tokens saying what a file needs from burn's features: `ctor:wgpu`, `type:WgpuDevice`,
    `autodiff`, `optim`, `sqlite`, ... (from the 0.21 text and the migrated text)."""
    out = set()
    texts = (original,) if final is original else (original, final)
    for name, keys in _USE_SUBSTRINGS.items():
        if any(k in t for t in texts for k in keys):
            out.add(name)
    if any((b"optim" in t or b"Config" in t or b"lr_scheduler" in t or b"grad_clipping" in t) and _OPTIM.search(t)
           for t in texts):
        out.add("optim")
    if b"Device::" in final:
        out.update("ctor:" + m.decode() for m in _CTOR.findall(final))
    # 0.21 backend and device types the migration left in place still need their backend
    # the 0.21 type names the feature table maps to backends (one list, in the data file)
    names = [n for n in feature_table().backend_types if (n in idents if idents is not None and final is original
                                        else n.encode() in final)]
    for n in names:  # a backend type, not an enum variant (`LibTorchDevice::Cuda`)
        if re.search(rb"(?<!::)(?<![\w])" + n.encode() + rb"(?![\w])", final):
            out.add("type:" + n)
    if b"burn_store" in final:
        out.add("burn_store-path")
    if b"burn_store" in original:
        out.add("burn_store")
    return frozenset(out)


# -- tomlkit helpers ------------------------------------------------------------------------

@dataclass
class BurnDecl:
    """One declaration of a burn crate in one manifest."""
    tables: tuple[str, ...]     # path of the dependency table: ('dependencies',), ('target', cfg, 'dependencies'), ('workspace', 'dependencies')
    key: str
    package: str

    def table(self, doc) -> Table:
        t = doc
        for k in self.tables:
            t = t[k]
        return t

    def spec(self, doc):
        return self.table(doc)[self.key]

    @property
    def label(self) -> str:
        where = ".".join(f"'{t}'" if "(" in t else t for t in self.tables)
        return f"[{where}] {self.key}"


def _dependency_tables(doc) -> Iterator[tuple[tuple[str, ...], Table]]:
    for t in ("dependencies", "dev-dependencies", "build-dependencies"):
        if t in doc:
            yield (t,), doc[t]
    for cfg, body in (doc.get("target") or {}).items():
        for t in ("dependencies", "dev-dependencies", "build-dependencies"):
            if t in body:
                yield ("target", cfg, t), body[t]
    ws = doc.get("workspace")
    if ws is not None and "dependencies" in ws:
        yield ("workspace", "dependencies"), ws["dependencies"]


def burn_decls(doc, crates: frozenset[str]) -> list[BurnDecl]:
    out = []
    for path, table in _dependency_tables(doc):
        for key, spec in table.items():
            package = spec.get("package", key) if hasattr(spec, "get") else key
            if str(package) in crates:
                out.append(BurnDecl(path, key, str(package)))
    return out


def spec_features(spec) -> list[str]:
    if hasattr(spec, "get"):
        f = spec.get("features")
        if f is not None:
            return [str(x) for x in f]
    return []


def default_features_off(spec) -> bool:
    if hasattr(spec, "get"):
        for k in ("default-features", "default_features"):
            if spec.get(k) is False:
                return True
    return False


def _inline(pairs: list[tuple[str, str]], pad: bool = True):
    """An inline table written the way people (and cargo) write them: `{ a = 1, b = [..] }`."""
    body = ", ".join(f"{k} = {v}" for k, v in pairs)
    text = ("{ " + body + " }") if pad else ("{" + body + "}")
    return tomlkit.parse(f"__x = {text}\n")["__x"]


def _with_key(table, key: str, new_key: str, value_text: str) -> None:
    """Add `new_key` to the inline table `table[key]`, keeping its spacing style (tomlkit alone
    writes `{ a = 1, b = 2}`)."""
    spec = table[key]
    pad = spec.as_string().startswith("{ ") or spec.as_string() == "{}"
    pairs = [(k, v.as_string().strip()) for k, v in spec.value.body if k is not None]
    pairs = [(k.as_string().strip(), v) for k, v in pairs]
    pairs.append((new_key, value_text))
    table[key] = _inline(pairs, pad)


def set_features(decl: BurnDecl, doc, features: list[str]) -> None:
    """Write the feature list, keeping the array's layout (one per line stays one per line); a
    plain `burn = "0.21"` becomes `burn = { version = "0.21", features = [..] }`."""
    table = decl.table(doc)
    spec = table[decl.key]
    arr_text = "[" + ", ".join(f'"{f}"' for f in features) + "]"
    if not hasattr(spec, "get"):
        table[decl.key] = _inline([("version", tomlkit.string(str(spec)).as_string()), ("features", arr_text)])
        return
    if isinstance(spec, InlineTable) and spec.get("features") is None:
        _with_key(table, decl.key, "features", arr_text)
        return
    current = spec.get("features")
    if isinstance(current, Array):
        existing = [str(x) for x in current]
        # remove what goes, append what comes: the items that stay keep their comments
        for i in reversed(range(len(existing))):
            if existing[i] not in features:
                del current[i]
        for f in features:
            if f not in existing:
                current.append(f)
        return
    arr = tomlkit.array()
    arr.extend(features)
    spec["features"] = arr


def edit_features(decl: BurnDecl, doc, *, replace: dict[str, str] | None = None,
                  remove: set[str] | frozenset[str] = frozenset(), add: list[str] | None = None) -> list[str]:
    """Edit a declaration's features in place: a replaced name keeps its position and its
    comment, removed names go with their line, added names come last. Returns the new list."""
    replace = replace or {}
    add = add or []
    feats = spec_features(decl.spec(doc))
    result: list[str] = []
    for f in feats:
        if f in remove:
            continue
        g = replace.get(f, f)
        if g not in result:
            result.append(g)
    for f in add:
        if f not in result:
            result.append(f)
    if result == feats:
        return feats
    spec = decl.spec(doc)
    current = spec.get("features") if hasattr(spec, "get") else None
    if isinstance(current, Array):
        seen: set[str] = set()
        for i in reversed(range(len(current))):  # drop removed names and duplicates
            v = replace.get(str(current[i]), str(current[i]))
            if str(current[i]) in remove or (v in seen):
                del current[i]
            seen.add(v)
        seen = set()
        for i in range(len(current)):
            v = str(current[i])
            if v in replace and replace[v] != v:
                current[i] = replace[v]
        present = [str(x) for x in current]
        for f in result:
            if f not in present:
                current.append(f)
        return result
    set_features(decl, doc, result)
    return result


def set_version(decl: BurnDecl, doc, version: str) -> None:
    table = decl.table(doc)
    spec = table[decl.key]
    if hasattr(spec, "get"):
        spec["version"] = version
    else:
        table[decl.key] = version


def project_features(doc) -> dict[str, list[str]]:
    feats = doc.get("features")
    return {str(k): [str(x) for x in v] for k, v in feats.items()} if feats is not None else {}


# -- the manifest rule contract -------------------------------------------------------------

@dataclass
class ManifestContext:
    path: str                        # relative to the project root
    doc: tomlkit.TOMLDocument
    text: str                        # the document's text before the current rule
    crates: list[Crate]              # the crates this manifest speaks for (members of a root)
    uses: frozenset[str]             # what their code uses (code_uses tokens)
    table: FeatureTable
    burn_packages: frozenset[str]
    keep_cpu_feature: bool = False
    lockfile: str = ""               # Cargo.lock text next to it (or the workspace root's), '' if none
    member_of: "ManifestContext | None" = None
    root_decls: list[BurnDecl] = field(default_factory=list)  # [workspace.dependencies] burn of the root
    members: list["ManifestContext"] = field(default_factory=list)  # for a root: its members' contexts

    def decls(self) -> list[BurnDecl]:
        return burn_decls(self.doc, self.burn_packages)

    def locate(self, needle: str) -> tuple[int, int]:
        """Byte span of the first line holding `needle` in the text the rule sees."""
        i = self.text.find(needle)
        if i < 0:
            return (0, 0)
        b = self.text.encode("utf-8")
        start = len(self.text[:i].encode("utf-8"))
        end = b.find(b"\n", start)
        return (start, end if end >= 0 else len(b))

    def decl_span(self, decl: BurnDecl) -> tuple[int, int]:
        """The line declaring `decl`: its own table header (`[dependencies.burn]`), or its key
        inside the header of its dependency table (`[target.'cfg(unix)'.dependencies]`)."""
        text = self.text
        if decl.tables[0] == "target":
            heads = [f"[target.'{decl.tables[1]}'.{decl.tables[2]}", f'[target."{decl.tables[1]}".{decl.tables[2]}']
        else:
            heads = ["[" + ".".join(decl.tables)]
        for head in heads:
            own = re.search(re.escape(head) + r"\." + re.escape(decl.key) + r"\]", text)
            if own:
                return self._byte_span(own.start())
            for h in re.finditer(re.escape(head) + r"\]", text):
                nxt = re.search(r"^\[", text[h.end():], re.M)
                body_end = h.end() + nxt.start() if nxt else len(text)
                k = re.search(r"^[ \t]*" + re.escape(decl.key) + r"\s*[.=]", text[h.end():body_end], re.M)
                if k:
                    return self._byte_span(h.end() + k.start())
        return self.locate(f"{decl.key} =")

    def _byte_span(self, char_pos: int) -> tuple[int, int]:
        b = self.text.encode("utf-8")
        start = len(self.text[:char_pos].encode("utf-8"))
        end = b.find(b"\n", start)
        return (start, end if end >= 0 else len(b))

    def effective_features(self, decl: BurnDecl) -> tuple[set[str], bool]:
        """The burn features a declaration turns on (its own, the workspace root's, and the
        project features that forward `burn/x` from `default`), and whether defaults are off."""
        spec = decl.spec(self.doc)
        feats = set(spec_features(spec))
        off = default_features_off(spec)
        if hasattr(spec, "get") and spec.get("workspace") is True:
            for rd in self.root_decls:
                if rd.key == decl.key and self.member_of is not None:
                    rspec = rd.spec(self.member_of.doc)
                    feats |= set(spec_features(rspec))
                    off = off or default_features_off(rspec)
        pf = project_features(self.doc)
        default_on = set(pf.get("default", []))
        seen = set()
        stack = list(default_on)
        while stack:
            f = stack.pop()
            if f in seen:
                continue
            seen.add(f)
            for v in pf.get(f, []):
                m = re.match(r"^([\w-]+)\??/([\w-]+)$", v)
                if m and m.group(1) == decl.key:
                    feats.add(m.group(2))
                elif v in pf:
                    stack.append(v)
        return feats, off

    @property
    def targets_wasm(self) -> bool:
        """Does this manifest build for the browser (wasm32 target tables, wasm-bindgen)?"""
        return "wasm32" in self.text or "wasm-bindgen" in self.text

    def all_forwarded(self, decl: BurnDecl) -> set[str]:
        """Every burn feature any project feature forwards (default or not)."""
        out = set()
        for vals in project_features(self.doc).values():
            for v in vals:
                m = re.match(r"^([\w-]+)\??/([\w-]+)$", v)
                if m and m.group(1) == decl.key:
                    out.add(m.group(2))
        return out


class ManifestRule(Rule):
    late: bool = False  # runs after the other rules have gone over every manifest
    """A rule over one Cargo.toml (tomlkit). `run` mutates `mctx.doc` and returns the change
    records (`self.fix(..)` for what it changed, `self.finding(..)` for what it reports); the
    engine computes the edits from the text before and after the rule."""

    def fix(self, span: tuple[int, int], message: str, *, safety: str | None = None, reason: str = "",
            pitfalls: tuple[int, ...] | None = None) -> Change:
        c = self.change(span, message, [], safety=safety, reason=reason, pitfalls=pitfalls)
        c.fix = True
        return c

    def applies(self, mctx: ManifestContext) -> bool:  # type: ignore[override]
        return True

    def run(self, mctx: ManifestContext) -> list[Change]:  # type: ignore[override]
        raise NotImplementedError


# -- the engine -----------------------------------------------------------------------------

def text_edits(before: str, after: str) -> list[E.Edit]:
    """Line-level edits (byte offsets in `before`) that turn `before` into `after`."""
    a = before.splitlines(True)
    b = after.splitlines(True)
    offsets = [0]
    for line in a:
        offsets.append(offsets[-1] + len(line.encode("utf-8")))
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            out.append(E.Edit(offsets[i1], offsets[i2], "".join(b[j1:j2])))
    return out


def _lockfile(crate_dirs: list[Path]) -> str:
    for d in crate_dirs:
        p = d / "Cargo.lock"
        if p.is_file():
            try:
                return p.read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                return ""
    return ""


class ManifestRun:
    """One Cargo.toml going through the manifest rules (in phases: see run_manifests)."""

    def __init__(self, path: str, raw: bytes, factory, doc=None):
        self.path, self.raw = path, raw
        text_b, self.bom, self.crlf = decode(raw)
        self.original = text_b
        self.doc = doc if doc is not None else tomlkit.parse(text_b.decode("utf-8"))
        self.mctx: ManifestContext = factory(self.doc, text_b.decode("utf-8"))
        self.history: list[list[E.Edit]] = []
        self.collected: list[Change] = []

    def step(self, rule: ManifestRule) -> None:
        mctx = self.mctx
        mctx.doc = self.doc
        mctx.text = self.doc.as_string()
        if not rule.applies(mctx):
            return
        before = mctx.text
        try:
            found = rule.run(mctx)
        except Exception as exc:  # a rule bug must not lose the manifest nor the run
            found = [Change(rule=rule.id, message=f"internal error in rule: {type(exc).__name__}: {exc}",
                            safety="review", span=(0, 0))]
            self.doc = mctx.doc = tomlkit.parse(before)
        after = self.doc.as_string()
        try:
            if after != before:
                tomllib.loads(after)
        except tomllib.TOMLDecodeError:
            self.doc = mctx.doc = tomlkit.parse(before)
            self.collected.append(Change(rule=rule.id, safety="review", span=(0, 0), step=len(self.history),
                                         message=f"rule {rule.id} produced a Cargo.toml that does not parse; its changes were dropped"))
            return
        step = len(self.history)
        edits = text_edits(before, after) if after != before else []
        changes = [c for c in found if c.fix]
        findings = [c for c in found if not c.fix]
        for c in found:
            c.step = step
        if edits:
            for c in changes:  # each change carries the edits of the lines it speaks of
                s, e = c.span
                mine = [x for x in edits if x.start <= e and x.end >= s]
                c.edits = mine or [min(edits, key=lambda x: abs(x.start - s))]
                # the change covers its declaration line and the lines its edits touch
                c.span = (min([s] + [x.start for x in c.edits]), max([e] + [x.end for x in c.edits]))
            self.history.append(edits)
        else:
            changes = []  # nothing changed: no change to report
        self.collected.extend(changes + findings)

    def finish(self):
        result = FileResult(path=self.path, original=self.raw)
        final = self.doc.as_string().encode("utf-8")
        for c in self.collected:
            locate(c, self.original, self.history, self.path)
        result.changes = self.collected
        if final != self.original:
            result.final = encode(final, self.bom, self.crlf)
            result.diff = labelled_diff(self.path, self.raw, result.final, result.changes)
        return result


def manifests_to_run(project: Project) -> list[Path]:
    """The manifests the manifest rules go over: burn-using crates and workspace roots with
    burn-using members."""
    roots = {c.workspace_root / "Cargo.toml" for c in project.crates if c.workspace_root is not None and c.uses_burn}
    return [m for m in project.manifests
            if m in roots or any(c.manifest == m and c.uses_burn for c in project.crates)]


def preparse(paths: list[Path]) -> dict[Path, tuple[bytes, object]]:
    """tomlkit documents of the manifests (slow for large ones): done while the source passes
    run in the workers."""
    from .results import decode
    out = {}
    for m in paths:
        raw = m.read_bytes()
        out[m] = (raw, tomlkit.parse(decode(raw)[0].decode("utf-8")))
    return out


def run_manifests(project: Project, file_results, opts, rules: list[ManifestRule], preparsed=None) -> list:
    """Every manifest of a burn-using crate, and every workspace root declaring burn. Rules run
    in two phases: the early ones over every manifest (roots first), then the `late` ones (they
    read what the early ones decided in other manifests: a root's add-back features depend on
    the backends its members end up with)."""
    from .burn_api import BURN_CRATES
    burn_packages = frozenset(BURN_CRATES)
    table = feature_table("0.22.1")
    uses_by_crate: dict[Path, set[str]] = {}
    by_path = {r.path: r for r in file_results}
    for rel, _, crate in project.rust_files:
        r = by_path.get(rel)
        if r is not None:
            uses_by_crate.setdefault(crate.dir, set()).update(r.uses)
    crates_by_manifest = {c.manifest: c for c in project.crates}
    roots: dict[Path, list[Crate]] = {}
    for c in project.crates:
        if c.workspace_root is not None:
            roots.setdefault(c.workspace_root / "Cargo.toml", []).append(c)
    runs: dict[Path, ManifestRun] = {}
    for m in sorted(project.manifests, key=lambda m: (m not in roots, str(m))):  # roots first
        crate = crates_by_manifest.get(m)
        members = [c for c in roots.get(m, []) if c.uses_burn]
        speaks_for = ([crate] if crate is not None and crate.uses_burn else []) + [c for c in members if c is not crate]
        if not speaks_for:
            continue
        uses = frozenset(u for c in speaks_for for u in uses_by_crate.get(c.dir, ()))
        root_run = None
        if crate is not None and crate.workspace_root is not None and crate.workspace_root / "Cargo.toml" != m:
            root_run = runs.get(crate.workspace_root / "Cargo.toml")
        lock = _lockfile([m.parent])

        def factory(doc, text, speaks_for=speaks_for, uses=uses, root_run=root_run, lock=lock, rel=project.rel(m)):
            root_ctx = root_run.mctx if root_run is not None else None
            return ManifestContext(rel, doc, text, speaks_for, uses, table, burn_packages,
                                   keep_cpu_feature=getattr(opts, "keep_cpu_feature", False), lockfile=lock,
                                   member_of=root_ctx, root_decls=root_ctx.decls() if root_ctx is not None else [])

        raw, doc = (preparsed or {}).get(m, (None, None))
        runs[m] = ManifestRun(project.rel(m), raw if raw is not None else m.read_bytes(), factory, doc)
        if root_run is not None:
            root_run.mctx.members.append(runs[m].mctx)
    for late in (False, True):
        for run in runs.values():
            for rule in rules:
                if rule.late == late:
                    run.step(rule)
    return [run.finish() for run in runs.values()]
