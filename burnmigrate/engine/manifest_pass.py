"""The manifest pass: every Cargo.toml of a burn-using crate (and every workspace root that
declares burn) goes through the manifest rules as a tomlkit document; each rule mutates the
document, the pass turns each rule's text difference into edits and change records, and checks
that the result still parses. Outputs are the same as for source files."""
from __future__ import annotations

import difflib
from pathlib import Path

import tomlkit

from burnmigrate import burn_api as api
from burnmigrate.manifest import toml11
from burnmigrate.manifest.context import ManifestContext
from burnmigrate.manifest.features import feature_table
from burnmigrate.model import Change, FileResult, edits as E
from burnmigrate.model.results import decode, encode, locate
from burnmigrate.output.diff import labelled_diff
from burnmigrate.project import toml_read
from burnmigrate.project.discover import Crate, Project
from burnmigrate.project.inputs import read_input
from burnmigrate.project.lockfile import find_lockfile
from burnmigrate.project.module_gates import file_reader, module_gate
from burnmigrate.rules.base import ManifestRule


def text_edits(before: str, after: str) -> list[E.Edit]:
    """Line-level edits (byte offsets in `before`) that turn `before` into `after`."""
    a = before.splitlines(True)
    b = after.splitlines(True)
    offsets = [0]
    for line in a:
        offsets.append(offsets[-1] + len(line.encode("utf-8")))
    out: list[E.Edit] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:   # line for line: a record inside stays on its own line
            out.extend(E.Edit(offsets[i], offsets[i + 1], b[j1 + i - i1]) for i in range(i1, i2))
        elif tag != "equal":
            out.append(E.Edit(offsets[i1], offsets[i2], "".join(b[j1:j2])))
    return out


class ManifestRun:
    """One Cargo.toml going through the manifest rules (in phases: see run_manifests)."""

    def __init__(self, path: str, raw: bytes, factory, doc=None):
        self.path, self.raw = path, raw
        text_b, self.bom, self.crlf = decode(raw)
        self.original = text_b
        # TOML 1.1's multi-line inline tables, folded for tomlkit; the fold is the first edit step
        # (records map back through it) and `finish` unfolds them
        folded, self.folds = toml11.fold(text_b.decode("utf-8"))
        self.doc = doc if doc is not None else tomlkit.parse(folded)
        self.mctx: ManifestContext = factory(self.doc, folded)
        self.history: list[list[E.Edit]] = [toml11.fold_edits(text_b.decode("utf-8"), self.folds)] if self.folds else []
        self.collected: list[Change] = []
        self.text = self.mctx.text   # the document's text after the last step (tomlkit round-trips)

    def step(self, rule: ManifestRule) -> None:
        mctx = self.mctx
        mctx.doc = self.doc
        mctx.text = self.text
        if not rule.applies(mctx):
            return
        before = mctx.text
        try:
            found = rule.run(mctx)
        except Exception as exc:  # a rule bug must not lose the manifest nor the run
            found = [Change.failure(rule.id, f"internal error in rule: {type(exc).__name__}: {exc}", span=(0, 0))]
            self.doc = mctx.doc = tomlkit.parse(before)
        after = self.doc.as_string()
        try:
            if after != before:
                toml_read.loads(after)
        except toml_read.TOMLDecodeError:
            self.doc = mctx.doc = tomlkit.parse(before)
            self.text = before
            self.collected.append(Change.failure(
                rule.id, f"rule {rule.id} produced a Cargo.toml that does not parse; its changes were dropped",
                span=(0, 0), step=len(self.history)))
            return
        self.text = after
        step = len(self.history)
        edits = text_edits(before, after) if after != before else []
        changes = [c for c in found if c.edits_from_text]
        findings = [c for c in found if not c.edits_from_text]
        for c in found:
            c.step = step
        if edits:
            for c in changes:  # each change carries the edits of the lines it speaks of
                s, e = c.span
                # (an edit that ends where the line starts is the line before's)
                mine = [x for x in edits if (x.start < e and x.end > s) or (x.start == x.end and s <= x.start <= e)
                        or s == e == x.start]
                c.edits = mine or [min(edits, key=lambda x: abs(x.start - s))]
                # the change covers its declaration line and the lines its edits touch
                c.span = (min([s] + [x.start for x in c.edits]), max([e] + [x.end for x in c.edits]))
            self.history.append(edits)
        else:
            changes = []  # nothing changed: no change to report
        self.collected.extend(changes + findings)

    def finish(self):
        result = FileResult(path=self.path, original=self.raw)
        final = toml11.unfold(self.doc.as_string(), self.folds).encode("utf-8")
        for c in self.collected:
            locate(c, self.original, self.history, self.path)
        result.changes = self.collected
        if final != self.original:
            result.final = encode(final, self.bom, self.crlf)
            result.diff = labelled_diff(self.path, self.raw, result.final, result.changes)
        return result


def _code_table(path: Path, crate_dir: Path) -> str:
    """Which dependency table the code of this file is built with: 'dev' (tests, benches,
    examples), 'build' (the build script), '' ([dependencies])."""
    try:
        parts = Path(path).relative_to(crate_dir).parts
    except ValueError:
        return ""
    if parts == ("build.rs",):
        return "build"
    return "dev" if parts and parts[0] in ("tests", "benches", "examples") else ""


def manifests_to_run(project: Project) -> list[Path]:
    """The manifests the manifest rules go over: burn-using crates and workspace roots with
    burn-using members."""
    roots = {c.workspace_root / "Cargo.toml" for c in project.crates if c.workspace_root is not None and c.uses_burn}
    return [m for m in project.manifests
            if m in roots or any(c.manifest == m and c.uses_burn for c in project.crates)]


def preparse(paths: list[Path]) -> dict[Path, tuple[bytes, tomlkit.TOMLDocument]]:
    """tomlkit documents of the manifests (slow for large ones): done while the source passes
    run in the workers."""
    out = {}
    for m in paths:
        raw = read_input(m)
        out[m] = (raw, tomlkit.parse(toml11.fold(decode(raw)[0].decode("utf-8"))[0]))
    return out


def run_manifests(project: Project, file_results, opts, rules: list[ManifestRule], preparsed=None) -> list:
    """Every manifest of a burn-using crate, and every workspace root declaring burn. Rules run
    in two phases: the early ones over every manifest (roots first), then the `late` ones (they
    read what the early ones decided in other manifests: a root's add-back features depend on
    the backends its members end up with)."""
    burn_packages = frozenset(api.BURN_CRATES)
    features = feature_table("0.22.1")
    uses_by_crate: dict[Path, set[str]] = {}
    by_path = {r.path: r for r in file_results}
    read = file_reader()   # (a `lib.rs` that declares many gated modules is read once)
    for rel, abspath, crate in project.rust_files:
        r = by_path.get(rel)
        if r is not None:
            # where code lives decides the table: a backend named only by tests, benches and
            # examples belongs to [dev-dependencies] (`dev:` tokens); `build.rs` to build deps
            # (a file whose `mod` is `#[cfg(feature = "x")]` / `#[cfg(test)]` is all under it)
            table = _code_table(abspath, crate.dir) or module_gate(Path(abspath), crate.dir, read)
            uses_by_crate.setdefault(crate.dir, set()).update(
                (f"{table}:{u}" if table and u.startswith(("ctor:", "type:")) else u) for u in r.uses)
    crates_by_manifest = {c.manifest: c for c in project.crates}
    roots: dict[Path, list[Crate]] = {}
    for c in project.crates:
        if c.workspace_root is not None:
            roots.setdefault(c.workspace_root / "Cargo.toml", []).append(c)
    runs: dict[Path, ManifestRun] = {}
    for m in sorted(project.manifests, key=lambda m: (m not in roots, str(m))):  # roots first
        m_crate = crates_by_manifest.get(m)
        members = [c for c in roots.get(m, []) if c.uses_burn]
        speaks_for = ([m_crate] if m_crate is not None and m_crate.uses_burn else []) + [c for c in members if c is not m_crate]
        if not speaks_for:
            continue
        uses = frozenset(u for c in speaks_for for u in uses_by_crate.get(c.dir, ()))
        root_run = None
        if m_crate is not None and m_crate.workspace_root is not None and m_crate.workspace_root / "Cargo.toml" != m:
            root_run = runs.get(m_crate.workspace_root / "Cargo.toml")
        lock = find_lockfile([m.parent])
        m_rel = project.rel(m)

        def factory(doc, text, speaks_for=speaks_for, uses=uses, root_run=root_run, lock=lock, rel=m_rel):
            root_ctx = root_run.mctx if root_run is not None else None
            return ManifestContext(rel, doc, text, speaks_for, uses, features, burn_packages,
                                   keep_cpu_feature=getattr(opts, "keep_cpu_feature", False), lockfile=lock,
                                   member_of=root_ctx, root_decls=root_ctx.decls() if root_ctx is not None else [])

        raw, doc = (preparsed or {}).get(m, (None, None))
        runs[m] = ManifestRun(project.rel(m), raw if raw is not None else read_input(m), factory, doc)
        if root_run is not None:
            root_run.mctx.members.append(runs[m].mctx)
    for late in (False, True):
        for run in runs.values():
            for rule in rules:
                if rule.late == late:
                    run.step(rule)
    return [run.finish() for run in runs.values()]
