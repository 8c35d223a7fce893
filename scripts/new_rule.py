"""Scaffold a new finding rule, its documentation and its first corpus case.

    python scripts/new_rule.py RULE-ID --pitfall N --method NAME --example before.rs \
        --name "short title" --why "why 0.22.1 needs a person here" \
        --message "what the finding says at the call" --check "what shows the problem"

writes
    codemods/RULE_ID.py                 the rule: a FindingRule that reports each `.NAME(..)` call
                                        (the doc in its five sections, from the arguments)
    codemods/__init__.py                the rule imported and appended to RULES (finding rules
                                        run last, on the rewritten text)
    README.md                           its row in the rule table
    burnmigrate/output/decision_topics.py  the rule in the --topic's `rules` (the work its
                                        findings ask a person for: its decision in the reports)
    corpus/RULE-ID/first-case/          before/ (a crate on burn 0.21 whose src/lib.rs is
                                        --example), after/ (what the source rules make of it),
                                        case.toml (the rules that fire), records.txt (the snapshot)

Then read CONTRIBUTING.md: narrow the rule (a call name alone is rarely enough), add a near miss
to the case, run the fast tests and the compile tier. A rule that fixes starts from this shape
too: derive from SourceRule, set `safety`, and return `self.change(..)` records with edits.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")

RULE = '''"""{id} — {name} (pitfall {pitfall}).

What it does:
    Reports each call of `.{method}(..)` in the code (comments and strings are not code).

Why:
    {why}

Example:
{example_doc}
    → finding: "{message}".

Fix safety:
    finding only: the rule never changes code.

Reproduction check:
    {check}
"""
from __future__ import annotations

from burnmigrate.model import Change, Check
from burnmigrate.rules import FindingRule
from burnmigrate.rust.context import FileContext


class {cls}(FindingRule):
    id = "{id}"
    name = "{name}"
    pitfalls = ({pitfall},)
    guide = "{guide}"
    triggers = (b"{method}",)
    check = Check({check!r}, "cargo check", ())

    def run(self, ctx: FileContext) -> list[Change]:
        return [self.finding(call, {message!r}, {why!r})
                for call, _field, _args in ctx.method_calls("{method}")]
'''

CARGO = '''[package]
name = "{crate}"
version = "0.1.0"
edition = "2024"

[dependencies]
burn = "0.21"
'''

CASE = '''description = "{description}"
pitfalls = [{pitfall}]
rules = {rules}
errors_before = []
reproduction = "{check}"
'''

# Run inside the repository's environment: the case's after/ and the rules that fire, from the
# engine with the corpus test's options (tests/corpus_cases.py).
_MIGRATE = r"""
import json, sys
sys.path.insert(0, "tests")
from pathlib import Path
from corpus_cases import Case, run_case
case = Case(sys.argv[1], Path(sys.argv[2]))
res = run_case(case)
for r in res.all_results:
    if r.changed:
        (case.after / r.path).write_bytes(r.final)
print(json.dumps(sorted({c.rule for c in res.changes})))
"""


def class_name(rule_id: str) -> str:
    return "".join(part.capitalize() for part in rule_id.split("-"))


def register(init: Path, module: str, cls: str) -> None:
    """Import the rule in codemods/__init__.py (imports stay sorted) and append it to RULES."""
    text = init.read_text()
    if f"import {cls}\n" in text:
        raise SystemExit(f"{cls} is registered already")
    lines = text.splitlines(keepends=True)
    imports = [i for i, ln in enumerate(lines) if ln.startswith("from .")]
    new_import = f"from .{module} import {cls}\n"
    at = next((i for i in imports if lines[i] > new_import), imports[-1] + 1)
    lines.insert(at, new_import)
    text = "".join(lines)
    end = text.index("\n)", text.index("RULES = ("))
    text = text[:end] + f"\n    {cls}," + text[end:]
    init.write_text(text)


def add_to_topic(topics: Path, rule_id: str, topic: str) -> None:
    """The rule appended to its topic's `rules` in decision_topics.py (every rule has one)."""
    text = topics.read_text(encoding="utf-8")
    m = re.search(rf'Topic\("{re.escape(topic)}", ', text)
    if m is None:
        ids = re.findall(r'Topic\("([\w-]+)", ', text)
        raise SystemExit(f"--topic {topic!r} is none of decision_topics.py's: {', '.join(ids)}")
    # the topic's `rules` tuple: the first line after its title that opens a parenthesis
    rules_at = text.index("\n          (", m.end()) + len("\n          (")
    text = text[:rules_at] + f'"{rule_id}", ' + text[rules_at:]
    topics.write_text(text, encoding="utf-8")


def add_to_readme(readme: Path, rule_id: str, guide: str, pitfall: int) -> None:
    """A row in the README's rule table, after the last source rule (the table follows the
    engine's order: the codemods in RULES order, then the manifest rules)."""
    lines = readme.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if ln.startswith("## Rules"))
    last = None
    for i in range(start, len(lines)):
        if lines[i].startswith("## ") and i > start:
            break
        m = re.match(r"^\| `([a-z0-9-]+)` \|", lines[i])
        if m and (ROOT / "codemods" / (m.group(1).replace("-", "_") + ".py")).exists():
            last = i
    if last is None:
        raise SystemExit("README.md has no rule table under '## Rules'")
    lines.insert(last + 1, f"| `{rule_id}` | {guide} | {pitfall} | finding | — |\n")
    readme.write_text("".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rule_id", help="kebab-case, stable: printed with every record")
    ap.add_argument("--pitfall", type=int, required=True, help="the seed's chapter the rule addresses")
    ap.add_argument("--method", required=True, help="the method whose calls the rule reports")
    ap.add_argument("--example", type=Path, required=True, help="before/src/lib.rs: the smallest burn 0.21 code that shows it")
    ap.add_argument("--name", required=True)
    ap.add_argument("--why", required=True)
    ap.add_argument("--message", required=True)
    ap.add_argument("--check", required=True, help="what shows the problem (a compiler error, a panic, a number)")
    ap.add_argument("--guide", required=True, help="the migration guide's section (an R-number of reference/migration-0.22.md)")
    ap.add_argument("--topic", required=True, help="the work a person takes on for its findings: a topic id of "
                    "burnmigrate/output/decision_topics.py (device, autodiff, dtypes, backend-code, saving, training, "
                    "data, slicing, quantization, losses, timing, multi-device, manifests, burn-api)")
    ap.add_argument("--case", default="first-case", help="the corpus case's folder name")
    a = ap.parse_args(argv)
    if not ID.match(a.rule_id):
        ap.error(f"rule id {a.rule_id!r} is not kebab-case with at least two words")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", a.method):
        ap.error(f"--method {a.method!r} is not a Rust method name")
    module = a.rule_id.replace("-", "_")
    rule_py = ROOT / "codemods" / f"{module}.py"
    case = ROOT / "corpus" / a.rule_id / a.case
    for p in (rule_py, case):
        if p.exists():
            raise SystemExit(f"{p.relative_to(ROOT)} exists already")
    example = a.example.read_text(encoding="utf-8")
    if f".{a.method}(" not in example.replace(" ", ""):
        ap.error(f"--example never calls `.{a.method}(..)`: the first case must show the rule firing")
    cls = class_name(a.rule_id)
    example_doc = "\n".join("    " + ln for ln in example.strip().splitlines()[:6])
    rule_py.write_text(RULE.format(id=a.rule_id, name=a.name, pitfall=a.pitfall, method=a.method, why=a.why,
                                   example_doc=example_doc, message=a.message, check=a.check, cls=cls,
                                   guide=a.guide))
    register(ROOT / "codemods" / "__init__.py", module, cls)
    add_to_topic(ROOT / "burnmigrate" / "output" / "decision_topics.py", a.rule_id, a.topic)
    add_to_readme(ROOT / "README.md", a.rule_id, a.guide, a.pitfall)
    for side in ("before", "after"):
        (case / side / "src").mkdir(parents=True)
        (case / side / "Cargo.toml").write_text(CARGO.format(crate=a.case))
        (case / side / "src" / "lib.rs").write_text(example)
    migrated = subprocess.run([sys.executable, "-c", _MIGRATE, f"{a.rule_id}/{a.case}", str(case)],
                              cwd=ROOT, capture_output=True, text=True)
    if migrated.returncode:
        raise SystemExit(f"the engine failed on the example:\n{migrated.stderr[-2000:]}")
    fired = json.loads(migrated.stdout.strip().splitlines()[-1])
    (case / "case.toml").write_text(CASE.format(
        description=f"`.{a.method}(..)` gets the pitfall-{a.pitfall} finding of {a.rule_id}.".replace('"', '\\"'),
        pitfall=a.pitfall, rules=json.dumps(fired), check=a.check.replace('"', '\\"')))
    snap = subprocess.run([sys.executable, str(ROOT / "tests" / "corpus_cases.py"), "snapshot",
                           f"{a.rule_id}/{a.case}"], cwd=ROOT, capture_output=True, text=True)
    print(snap.stdout.strip() or snap.stderr.strip())
    print(f"wrote {rule_py.relative_to(ROOT)}, registered {cls} in codemods/__init__.py, "
          f"and corpus/{a.rule_id}/{a.case}/ (before, after, case.toml, records.txt)")
    print("next: read the snapshot, add a near miss to case.toml, then `python -m pytest -m 'not compile_tier'` "
          "and the compile tier (CONTRIBUTING.md)")
    return snap.returncode


if __name__ == "__main__":
    raise SystemExit(main())
