"""record_counts: what `preview` leaves a person on the bench trees (issue 26's measure).

The trees are the projects of bench/real_projects.toml (exported from their mirrors at run time,
as real_projects.py does: no third-party code is stored here) and burn's own `examples/` at
v0.21.0 (from the burn mirror, $BURN_MIRROR). Each is previewed as it is (`preview --format
json`), and per tree this counts:

- review: changes marked review (a person checks the edit);
- findings: records with no edit (a person writes the fix);
- decisions: the report's decisions (review items and findings grouped by the work they ask for);
- safe: changes marked safe;
- lines: the tree's `.rs` lines.

    python bench/record_counts.py [--only NAME ...] [--compare OLD.json] [--out FILE]

Writes bench/results/record_counts.json (with the commit it ran on) unless --out says otherwise,
and prints a Markdown table; with --compare, each cell shows old → new. Exit 2 on a set-up error.
No compile: a few minutes warm.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import RESULTS, burnmigrate_cmd, die, extract, mirror, repo_state  # noqa: E402
from real_projects import LIST, export, mirror_of  # noqa: E402

BURN_EXAMPLES = ("burn's examples (v0.21.0)", "v0.21.0:examples")
KEYS = ("review", "findings", "decisions", "safe")


def rs_lines(root: Path) -> int:
    return sum(p.read_bytes().count(b"\n") for p in root.rglob("*.rs") if p.is_file())


def counts(bm: str, root: Path) -> dict:
    r = subprocess.run([bm, "preview", "--format", "json", "--no-progress", str(root)], capture_output=True, text=True)
    if r.returncode not in (0, 1) or not r.stdout.strip():
        die(f"preview of {root} failed ({r.returncode}): {r.stderr.strip()[-400:]}")
    report = json.loads(r.stdout)
    records = [c for f in report["files"] for c in f["changes"]]
    return {
        "lines": rs_lines(root),
        "review": sum(1 for c in records if c["kind"] == "change" and c.get("safety") == "review"),
        "safe": sum(1 for c in records if c["kind"] == "change" and c.get("safety") != "review"),
        "findings": sum(1 for c in records if c["kind"] == "finding"),
        "decisions": len(report.get("decisions", [])),
    }


def trees(only: set[str]) -> list[tuple[str, object]]:
    specs = tomllib.loads(LIST.read_text("utf-8"))["project"]
    out: list[tuple[str, object]] = [(s["repository"].split("/")[1], s) for s in specs]
    out.append((BURN_EXAMPLES[0], None))
    return [(n, s) for n, s in out if not only or n in only]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--compare", type=Path)
    ap.add_argument("--out", type=Path, default=RESULTS / "record_counts.json")
    args = ap.parse_args()
    bm = burnmigrate_cmd()
    rows = []
    with tempfile.TemporaryDirectory(prefix="record-counts-") as tmp:
        for name, spec in trees(set(args.only)):
            dest = Path(tmp) / name.split(" ")[0]
            if isinstance(spec, dict):
                export(mirror_of(spec["repository"]), spec["commit"], dest)
            else:
                extract(mirror(), BURN_EXAMPLES[1], dest)
            rows.append({"project": name, **counts(bm, dest)})
            print(f"  {name}: {rows[-1]}", file=sys.stderr)
    total = {"project": "all", **{k: sum(r[k] for r in rows) for k in ("lines", *KEYS)}}
    old = {r["project"]: r for r in json.loads(args.compare.read_text())["rows"]} if args.compare else {}
    if old:
        old["all"] = {k: sum(r[k] for r in old.values() if r["project"] in {x["project"] for x in rows})
                      for k in ("lines", *KEYS)}

    def cell(r: dict, k: str) -> str:
        before = old.get(r["project"], {}).get(k)
        return f"{before} → {r[k]}" if before is not None and before != r[k] else str(r[k])

    print("| project | lines | review | findings | decisions | safe |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in [*rows, total]:
        print(f"| {r['project']} | {r['lines']:,} | " + " | ".join(cell(r, k) for k in KEYS) + " |")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"repo": repo_state(), "rows": rows, "total": total}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
