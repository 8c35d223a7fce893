"""The layout's rules (README "How it works"), checked on the source: no import cycle, no module
over 400 lines, the data model and the renderers never see tree-sitter or tomlkit, only the
engine imports the rule registry, only the use-case layer writes files or runs cargo; and every
rule fact has one home (the README's rules table is compared with the catalog)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from burnmigrate.engine.catalog import catalog

REPO = Path(__file__).resolve().parents[1]
PKG = REPO / "burnmigrate"
RULE_DIRS = {"codemods": REPO / "codemods", "manifest_fixers": REPO / "manifest_fixers"}


def modules() -> dict[str, Path]:
    out = {}
    for p in sorted(PKG.rglob("*.py")):
        rel = p.relative_to(PKG).with_suffix("")
        parts = [x for x in rel.parts if x != "__init__"]
        out[".".join(["burnmigrate", *parts])] = p
    for name, d in RULE_DIRS.items():
        for p in sorted(d.glob("*.py")):
            stem = [] if p.stem == "__init__" else [p.stem]
            out[".".join(["burnmigrate", name, *stem])] = p
    return out


def imports_of(mod: str, path: Path) -> set[str]:
    """Modules `mod` imports (anywhere in the file: function-level imports count too)."""
    tree = ast.parse(path.read_text("utf-8"))
    pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.add(target)
            for a in node.names:  # `from burnmigrate.model import edits` imports a module
                out.add(f"{target}.{a.name}")
    return out


MODS = modules()
GRAPH = {m: {i for i in imports_of(m, p) if i in MODS and i != m} for m, p in MODS.items()}


def test_no_import_cycle():
    # a package's __init__ re-exporting its own modules is not a cycle of the layout
    def edges(m):
        return {i for i in GRAPH[m] if not (MODS[m].name == "__init__.py" and i.startswith(m + "."))
                and not (MODS[i].name == "__init__.py" and m.startswith(i + "."))}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in edges(m):
            if state.get(n) == 1:
                raise AssertionError("import cycle: " + " → ".join(stack[stack.index(n):] + [n]))
            if n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in MODS:
        if m not in state:
            visit(m)


@pytest.mark.parametrize("mod", sorted(MODS))
def test_no_module_over_400_lines(mod):
    n = len(MODS[mod].read_text("utf-8").splitlines())
    assert n <= 400, f"{mod}: {n} lines"


def _reach(mod: str) -> set[str]:
    seen, todo = set(), [mod]
    while todo:
        m = todo.pop()
        for n in GRAPH.get(m, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


@pytest.mark.parametrize("layer", ["burnmigrate.model", "burnmigrate.output", "burnmigrate.verify"])
def test_data_model_renderers_and_verify_never_see_tree_sitter_or_tomlkit(layer):
    for m, p in MODS.items():
        if m != layer and not m.startswith(layer + "."):
            continue
        direct = imports_of(m, p)
        assert not {i for i in direct if i.split(".")[0] in ("tree_sitter", "tree_sitter_rust", "tomlkit")}, m
        bad = {n for n in _reach(m) if n.startswith(("burnmigrate.rust", "burnmigrate.manifest.", "burnmigrate.engine",
                                                      "burnmigrate.rules", "burnmigrate.app", "burnmigrate.codemods",
                                                      "burnmigrate.manifest_fixers"))}
        assert not bad, f"{m} reaches {sorted(bad)}"


def test_only_the_engine_imports_the_rule_registry():
    for m, deps in GRAPH.items():
        if "burnmigrate.rules.registry" in deps or any(d.startswith(("burnmigrate.codemods", "burnmigrate.manifest_fixers"))
                                                      for d in deps):
            assert m.startswith(("burnmigrate.engine", "burnmigrate.rules", "burnmigrate.codemods",
                                 "burnmigrate.manifest_fixers")), m


WRITES = re.compile(r"os\.replace\(|\.write_bytes\(|\.write_text\(|open\([^)]*['\"][wa]b?['\"]|mkstemp\(")
CARGO = re.compile(r"""["']cargo["']|which\(["']cargo""")


def test_only_the_use_case_layer_writes_files_or_runs_cargo():
    for m, p in MODS.items():
        src = p.read_text("utf-8")
        if m.startswith("burnmigrate.app"):
            continue
        assert not WRITES.search(src), f"{m} writes files"
        assert not CARGO.search(src), f"{m} runs cargo"


def _readme_rules() -> list[list[str]]:
    text = (REPO / "README.md").read_text("utf-8")
    section = text.split("## Rules", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        m = re.match(r"^\| `([a-z0-9-]+)` \|(.*)\|\s*$", line)
        if m:
            rows.append([m.group(1)] + [c.strip() for c in m.group(2).split("|")])
    return rows


def test_readme_rules_table_is_the_catalog():
    rows = _readme_rules()
    assert [r[0] for r in rows] == [i.id for i in catalog()]
    for (rid, guide, pits, kind, safety), info in zip(rows, catalog()):
        assert guide == info.guide, rid
        assert pits == ", ".join(map(str, info.pitfalls)), rid
        assert kind.split()[0] == info.kind.value, rid
        if info.kind.value == "finding":
            assert safety == "—", rid
        else:
            assert safety.split()[0] == info.safety.value, rid
