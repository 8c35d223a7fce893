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

_USE_PATTERNS = {
    "autodiff": re.compile(rb"\.autodiff\(\)|AutodiffBackend|\bAutodiff<|AutodiffModule"),
    "optim": re.compile(rb"\boptim::|\b(?:Adam|AdamW|Sgd|RmsProp|AdaGrad|Adan|Muon|Lbfgs)Config\b|\blr_scheduler\b|\bgrad_clipping\b"),
    "sqlite": re.compile(rb"\bSqliteDataset\w*\b|\bHuggingfaceDatasetLoader\b"),
    "linalg": re.compile(rb"\blinalg::"),
    "signal": re.compile(rb"\bsignal::"),
    "safetensors": re.compile(rb"\bSafetensorsStore\b"),
    "pytorch": re.compile(rb"\bPytorchStore\b|\bPyTorchToBurnAdapter\b"),
    "device-default": re.compile(rb"\bDevice::default\(\)|\bDefault::default\(\)"),
}
_CTOR = re.compile(rb"\bDevice::(\w+)\s*\(")
_TYPES = re.compile(rb"(?<!::)(?<![\w])(Wgpu|WgpuDevice|WebGpu|Vulkan|Metal|Cuda|CudaDevice|Rocm|RocmDevice|Cpu|CpuDevice|Flex|"
                    rb"FlexDevice|NdArray|NdArrayDevice|LibTorch|LibTorchDevice)\b")


def code_uses(original: bytes, final: bytes) -> frozenset[str]:
    """Tokens saying what a file needs from burn's features: `ctor:wgpu`, `type:WgpuDevice`,
    `autodiff`, `optim`, `sqlite`, ... (from the 0.21 text and the migrated text)."""
    out = set()
    both = original + b"\n" + final
    for name, rx in _USE_PATTERNS.items():
        if rx.search(both):
            out.add(name)
    out.update("ctor:" + m.decode() for m in _CTOR.findall(final))
    if b"burn_store" in final:
        out.add("burn_store-path")
    if b"burn_store" in original or b"::store::" in final:
        out.add("store")
    out.update("type:" + m.decode() for m in _TYPES.findall(original))
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
        for needle in (f"[{'.'.join(decl.tables)}.{decl.key}]", f"\n{decl.key} =", f"\n{decl.key}.", f"{decl.key} ="):
            span = self.locate(needle)
            if span != (0, 0):
                s, e = span
                if needle.startswith("\n"):
                    s += 1
                return (s, e)
        return (0, 0)

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


def run_manifest(path: str, raw: bytes, mctx_factory, rules: list[ManifestRule]) -> "FileResult":
    from .runner import FileResult, _locate, decode, encode
    result = FileResult(path=path, original=raw)
    text_b, bom, crlf = decode(raw)
    text = text_b.decode("utf-8")
    doc = tomlkit.parse(text)
    mctx = mctx_factory(doc, text)
    history: list[list[E.Edit]] = []
    collected: list[Change] = []
    original = text.encode("utf-8")
    for rule in rules:
        mctx.text = doc.as_string()
        if not rule.applies(mctx):
            continue
        before = mctx.text
        try:
            found = rule.run(mctx)
        except Exception as exc:  # a rule bug must not lose the manifest nor the run
            found = [Change(rule=rule.id, message=f"internal error in rule: {type(exc).__name__}: {exc}",
                            safety="review", span=(0, 0))]
            doc = tomlkit.parse(before)
            mctx.doc = doc
        after = doc.as_string()
        try:
            tomllib.loads(after)
        except tomllib.TOMLDecodeError:
            doc = tomlkit.parse(before)
            mctx.doc = doc
            collected.append(Change(rule=rule.id, message=f"rule {rule.id} produced a Cargo.toml that does not parse; its changes were dropped",
                                    safety="review", span=(0, 0), step=len(history)))
            continue
        step = len(history)
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
            history.append(edits)
        else:
            changes = []  # nothing changed: no change to report
        collected.extend(changes + findings)
    final = doc.as_string().encode("utf-8")
    for c in collected:
        _locate(c, original, history, path)
    result.changes = collected
    if final != original:
        result.final = encode(final, bom, crlf)
        result.diff = labelled_diff(path, raw, result.final, result.changes)
    return result


def run_manifests(project: Project, file_results, opts, rules: list[ManifestRule]) -> list:
    """Every manifest of a burn-using crate, and every workspace root declaring burn."""
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
    contexts: dict[Path, ManifestContext] = {}
    results = []
    order = sorted(project.manifests, key=lambda m: (m not in roots, str(m)))  # roots first
    for m in order:
        crate = crates_by_manifest.get(m)
        members = [c for c in roots.get(m, []) if c.uses_burn]
        speaks_for = ([crate] if crate is not None and crate.uses_burn else []) + [c for c in members if c is not crate]
        if not speaks_for:
            continue
        rel = project.rel(m)
        raw = m.read_bytes()
        uses = frozenset(u for c in speaks_for for u in uses_by_crate.get(c.dir, ()))
        root_ctx = contexts.get(crate.workspace_root / "Cargo.toml") if crate is not None and crate.workspace_root is not None and crate.workspace_root / "Cargo.toml" != m else None
        lock = _lockfile([m.parent] + ([crate.workspace_root] if crate is not None and crate.workspace_root else []))

        def factory(doc, text, speaks_for=speaks_for, uses=uses, root_ctx=root_ctx, lock=lock, rel=rel):
            ctx = ManifestContext(rel, doc, text, speaks_for, uses, table, burn_packages,
                                  keep_cpu_feature=getattr(opts, "keep_cpu_feature", False), lockfile=lock,
                                  member_of=root_ctx,
                                  root_decls=root_ctx.decls() if root_ctx is not None else [])
            return ctx

        holder: dict = {}

        def capture_factory(doc, text, _f=factory, _h=holder):
            ctx = _f(doc, text)
            _h["ctx"] = ctx
            return ctx

        results.append(run_manifest(rel, raw, capture_factory, rules))
        if "ctx" in holder:
            contexts[m] = holder["ctx"]
    return results
