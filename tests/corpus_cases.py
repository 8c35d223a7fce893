"""Loading corpus cases: corpus/<rule-id>/<case>/{before,after}/ + case.toml."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@dataclass
class Case:
    id: str
    dir: Path
    meta: dict = field(default_factory=dict)

    @property
    def before(self) -> Path:
        return self.dir / "before"

    @property
    def after(self) -> Path:
        return self.dir / "after"

    @property
    def rules(self) -> set[str]:
        return set(self.meta.get("rules", []))

    @property
    def family(self) -> str:
        """Cases filed under a source rule exercise the source rules only (their Cargo.toml
        stays as it is); cases under a manifest rule or `end-to-end` run every rule."""
        from burnmigrate.rules.registry import source_rules
        return "source" if self.dir.parent.name in {r.id for r in source_rules()} else "all"

    @property
    def options(self) -> dict:
        opts = {}
        if self.family == "source":
            from burnmigrate.rules.registry import source_rules
            opts["select"] = frozenset(r.id for r in source_rules())
        if self.meta.get("keep_cpu_feature"):
            opts["keep_cpu_feature"] = True
        if self.meta.get("config_patches"):   # `--write-config-patches`
            opts["config_patches"] = True
        if self.meta.get("enable"):   # opt-in rules the case turns on (`--enable ID`)
            opts["enable"] = frozenset(self.meta["enable"])
        return opts


def cases() -> list[Case]:
    out = []
    for toml in sorted(CORPUS.glob("*/*/case.toml")):
        d = toml.parent
        if d.parent.name == "shim":
            continue
        out.append(Case(f"{d.parent.name}/{d.name}", d, tomllib.loads(toml.read_text())))
    return out


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "target" not in p.relative_to(root).parts}


# -- the record snapshot (records.txt) -------------------------------------------------------
# One line per record the preview gives for the case's before/ (the options of the corpus test):
#   PATH:LINE:COL-END_LINE:END_COL | RULE | KIND | SAFETY | MESSAGE | REASON
# in the engine's record order (path, line, column, rule, message). KIND is `change`, `finding`
# or `failure`, with ` (doc)` for a record made in a documentation code block. Newlines inside a
# message or reason are written `\n`. The format is documented in CONTRIBUTING.md.

SNAPSHOT = "records.txt"
SAFETY_ORDER = ("opt-in", "review", "safe")   # model.Safety's order, as the snapshot spells it


def _one_line(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def record_line(c) -> str:
    kind = c.outcome.value + (" (doc)" if c.doc else "")
    rule = f"{c.rule} ({', '.join(map(str, c.pitfalls))})" if c.pitfalls else c.rule   # the pitfalls its label shows
    return " | ".join((f"{c.path}:{c.start_line}:{c.start_col}-{c.end_line}:{c.end_col}", rule, kind, c.safety.value,
                       _one_line(c.message), _one_line(c.reason)))


def snapshot_text(res) -> str:
    return "".join(record_line(c) + "\n" for c in res.changes)


def run_case(case, root: Path | None = None):
    """The preview of a case side (before/ by default) with the corpus test's options."""
    from burnmigrate.engine import Options, run
    return run(root or case.before, Options(jobs=1, **case.options))


def _main(argv: list[str]) -> int:
    """`python tests/corpus_cases.py snapshot RULE/CASE|--all [--accept]`: (re)write records.txt.
    An existing snapshot that differs is shown as a diff and kept unless `--accept` is given."""
    import sys
    if len(argv) < 2 or argv[0] != "snapshot":
        print(_main.__doc__, file=sys.stderr)
        return 2
    accept = "--accept" in argv
    wanted = argv[1]
    matches = [c for c in cases() if wanted in (c.id, "--all")]
    if not matches:
        print(f"no corpus case {wanted!r}", file=sys.stderr)
        return 2
    return max(_snapshot(case, accept) for case in matches)


def _snapshot(case, accept: bool) -> int:
    import difflib
    import sys
    new = snapshot_text(run_case(case))
    path = case.dir / SNAPSHOT
    old = path.read_text(encoding="utf-8") if path.exists() else None
    if old == new:
        print(f"{case.id}: {SNAPSHOT} unchanged")
        return 0
    if old is not None and not accept:
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                   f"{case.id}/{SNAPSHOT} (kept)", f"{case.id}/{SNAPSHOT} (now)"))
        print(f"{case.id}: the records changed; read the diff, then rerun with --accept to keep them")
        return 1
    path.write_text(new, encoding="utf-8")
    print(f"{case.id}: {SNAPSHOT} {'written' if old is None else 'accepted'} ({new.count(chr(10))} records)")
    return 0


if __name__ == "__main__":
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    raise SystemExit(_main(sys.argv[1:]))
