"""The text rendering for a terminal: coloured labelled diffs, a summary table per rule, and
the "needs a person" list. Diffs are written straight to stdout (fast on large trees); the
tables use rich."""
from __future__ import annotations

import os
import sys

from rich.console import Console, JustifyMethod
from rich.table import Table

from burnmigrate.model import RunResult
from burnmigrate.output.decisions import Decision, decide, place
from burnmigrate.output.diff import file_diff, label
from burnmigrate.output.summary import needs_person, summarize

_RED, _GREEN, _CYAN, _BOLD, _RESET = "\x1b[31m", "\x1b[32m", "\x1b[36m", "\x1b[1m", "\x1b[0m"


def use_color(color: str) -> bool:
    if color == "always":
        return True
    if color == "never":
        return False
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def print_account(acc, *, color: str = "auto", title: str = "verify") -> None:
    """The `verify` account: every error left, with the rule that covers it (or not)."""
    colored = use_color(color)
    bold, dim, reset = (_BOLD, "\x1b[2m", _RESET) if colored else ("", "", "")
    lines = []
    for d in sorted(acc.errors, key=lambda d: (d.path, d.line, d.column)):
        tag = f"[{d.rule} · pitfall {','.join(map(str, d.pitfalls))}]" if d.rule else "[not covered]"
        lines.append(f"  {d.path}:{d.line}:{d.column} {d.code or 'error'} {tag} ({d.status}) {d.message}\n")
        if d.reason:
            lines.append(f"      {dim}{d.reason}{reset}\n")
    sys.stdout.write("".join(lines))
    sys.stdout.write(f"{bold}{title}: {len(acc.errors)} errors left after {acc.migrated} migrated changes: "
                     f"{acc.count('flagged')} flagged with a reason, {acc.count('pending')} pending "
                     f"(`burnmigrate apply`), {acc.count('not-covered')} not covered.{reset}\n")
    for problem in acc.manifest_problems:
        sys.stdout.write(f"  manifest: {problem}\n")
    if acc.manifest_problems:
        sys.stdout.write(f"{bold}{title}: {len(acc.manifest_problems)} manifests pull burn's crates differently "
                         f"from HEAD's (an optional crate made unconditional, a feature lost).{reset}\n")
    if acc.cargo_exit not in (0, 101) and not acc.errors:
        sys.stdout.write(f"cargo exited {acc.cargo_exit}:\n{acc.cargo_stderr[-2000:]}\n")


SHOWN_PLACES = 3   # places a decision shows in the text report (`--all-places`: every one)


def decision_lines(decisions: list[Decision], colored: bool, all_places: bool = False) -> list[str]:
    """The "needs a person" part of the text report: one block per decision (output/decisions.py),
    its work first, then each question it holds (rule, reason once) with its first places."""
    bold, dim, reset = (_BOLD, "\x1b[2m", _RESET) if colored else ("", "", "")
    places = sum(len(d.records) for d in decisions)
    head = f"Needs a person: {len(decisions)} decision{'s' if len(decisions) != 1 else ''} "
    lines = [f"\n{bold}{head}({places} place{'s' if places != 1 else ''}):{reset}\n"]
    for d in decisions:
        lines.append(f"  {bold}{d.id}{reset} {d.title} ({d.kind}) {d.count}\n")
        for q in d.questions:
            lines.append(f"    {label(q.records[0])} ({q.kind}) {q.count}: {dim}{q.text}{reset}\n")
            shown = q.records if all_places else q.records[:SHOWN_PLACES]
            lines += [f"      {place(c)} {c.message}\n" for c in shown]
            if len(shown) < len(q.records):
                lines.append(f"      {dim}… and {len(q.records) - len(shown)} more: `burnmigrate explain {d.id}` "
                             f"(or `--all-places`){reset}\n")
    return lines


def print_text(res: RunResult, *, color: str = "auto", mode: str = "dry-run", all_places: bool = False) -> None:
    colored = use_color(color)
    w = sys.stdout.write
    for r in res.all_results:
        if not r.changed:
            continue
        for line in file_diff(r):
            if colored:
                if line.startswith(("+++", "---")):
                    line = _BOLD + line.rstrip("\n") + _RESET + "\n"
                elif line.startswith("@@"):
                    line = _CYAN + line.rstrip("\n") + _RESET + "\n"
                elif line.startswith("+"):
                    line = _GREEN + line.rstrip("\n") + _RESET + "\n"
                elif line.startswith("-"):
                    line = _RED + line.rstrip("\n") + _RESET + "\n"
            w(line)
    sys.stdout.flush()
    console = Console(force_terminal=colored, no_color=not colored, highlight=False, soft_wrap=True)
    s = summarize(res)
    verb = {"dry-run": "would change", "apply": "changed", "check": "would change"}.get(mode, "would change")
    console.print()
    console.print(f"burnmigrate {verb} {s.files_changed} of {s.files_scanned} files: "
                  f"{s.changes} changes ({s.review} to review), {s.findings} findings.{s.doc_note}")
    if s.by_rule:
        t = Table(show_edge=False, box=None, pad_edge=False)
        columns: tuple[tuple[str, JustifyMethod], ...] = (("rule", "left"), ("pitfalls", "left"), ("changes", "right"),
                                                          ("review", "right"), ("findings", "right"))
        for col, just in columns:
            t.add_column(col, justify=just, no_wrap=True)   # a rule id is what `--select` takes: never cut
        shown: dict[str, set[int]] = {}   # the pitfalls this run's records of a rule name (as its diff headers do)
        for c in res.changes:
            shown.setdefault(c.rule, set()).update(c.pitfalls or ())
        for rid, cnt in s.by_rule.items():
            rule = res.catalog.get(rid)
            named = sorted(shown.get(rid) or (rule.pitfalls if rule else ()))
            t.add_row(rid, ", ".join(map(str, named)),
                      str(cnt.get("changes", 0)), str(cnt.get("review", 0)), str(cnt.get("findings", 0)))
        console.print(t)
    decisions = decide(needs_person(res))
    if decisions:
        # plain writes: thousands of places are possible. One block per decision: its reason once,
        # its first places under it, and how to list the rest
        sys.stdout.write("".join(decision_lines(decisions, colored, all_places)))
        sys.stdout.flush()
    for n in res.notes:
        console.print(f"note: {n}", markup=False)
    if mode == "dry-run" and s.files_changed:
        console.print("Run `burnmigrate apply` to write these changes.", markup=False)


def print_blame(blamed: dict[str, set[str]], back_out: bool) -> None:
    for path, rules in sorted(blamed.items()):
        sys.stdout.write(f"burnmigrate: {path}: new errors on lines changed by {', '.join(sorted(rules))}"
                         + ("; backing those changes out" if back_out else "; `apply --verify --back-out` restores them")
                         + "\n")


def print_rules(catalog, width: int | None = None) -> None:
    """`burnmigrate rules`: one row per rule. Plain columns: an id is what `--select` takes, so
    it is never cut; the description wraps in what is left of the terminal."""
    import shutil
    import textwrap
    rows = [(r.id, ", ".join(map(str, r.pitfalls)), r.guide, r.safety_label, r.kind.value, r.name) for r in catalog]
    head = ("id", "pitfalls", "guide", "safety", "kind", "what")
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head[:-1])]
    total = width or shutil.get_terminal_size((100, 24)).columns
    left = sum(widths) + 2 * len(widths)
    wrap = max(30, total - left)
    out = ["burnmigrate rules (burn 0.21 → 0.22.1)\n"]
    for row in [head, *rows]:
        cells = "".join(c.ljust(w + 2) for c, w in zip(row[:-1], widths))
        parts = textwrap.wrap(row[-1], wrap) or [""]
        out.append(cells + parts[0] + "\n")
        out.extend(" " * left + p + "\n" for p in parts[1:])
    sys.stdout.write("".join(out))


def explain_rule(info) -> str:
    """`burnmigrate explain RULE`: the rule's documentation and its reproduction check."""
    lines = [f"{info.id} — {info.name}  (pitfalls {', '.join(map(str, info.pitfalls))}; {info.guide}; {info.safety_label})",
             "", info.doc]
    check = info.check
    if check is not None:
        lines += ["", f"Check: {check.text}"]
        if check.command:
            lines.append(f"  $ {check.command}")
        mapped = sorted({m.code for m in check.error_matches()})
        if check.error_codes:
            lines.append(f"  error codes: {', '.join(check.error_codes)}"
                         + (f"  (`burnmigrate verify` maps {', '.join(mapped)} back to this rule)" if mapped else ""))
        elif mapped:
            lines.append(f"  `burnmigrate verify` maps {', '.join(mapped)} back to this rule")
    return "\n".join(lines)


def explain_pitfall(text: str, covering, command: str = "", no_shape: str = "", diagnose: list[str] | None = None) -> str:
    """`burnmigrate explain N`: the chapter, the rules that cover it, and a command that serves it
    (or why no code shape can show the chapter)."""
    if covering:
        rules = ", ".join(r.id for r in covering)
    elif no_shape:
        rules = f"none: {no_shape}"
    else:
        rules = "none" if command else "none yet: a person must check this one"
    return (text.rstrip() + "\n\nRules: " + rules + (f"\nCommand: {command}" if command else "")
            + ("\nDiagnose: `burnmigrate diagnose` recognises " + "; ".join(diagnose) if diagnose else ""))


def print_remap(plan, since: str, write: bool, record_form, as_json: bool = False) -> None:
    """`burnmigrate remap`'s report: the patterns, what could not be paired, the load sites."""
    import json
    if as_json:
        sys.stdout.write(json.dumps({"patterns": [{"rename": r, "from": a, "to": b} for r, a, b in plan.patterns],
                                     "unpaired": plan.unpaired, "load_sites": plan.sites,
                                     "record_sites": plan.record_sites,
                                     "record_form": record_form(plan.patterns) if plan.patterns else "",
                                     "written": plan.written}, indent=2) + "\n")
        return
    if not plan.patterns and not plan.unpaired:
        print(f"burnmigrate: no field of the project's modules was renamed since {since}")
        return
    for r, a, b in plan.patterns:
        print(f"{r}:  .with_remap_pattern(r\"{a}\", \"{b}\")")
    for u in plan.unpaired:
        print(f"not paired: {u}")
    if plan.sites:
        print("load sites: " + ", ".join(plan.sites) + (f" ({plan.written} file(s) written)" if write else ""))
    if plan.record_sites and plan.patterns:
        print("load_file sites (0.22.1's ModuleRecord cannot remap; load through a store instead, not rewritten): "
              + ", ".join(plan.record_sites))
        print(f"  {record_form(plan.patterns)}")


def print_diagnosis(answers) -> None:
    """`burnmigrate diagnose`'s answer: per chapter, why it matched, the cause, fix, check, rules."""
    if not answers:
        print("burnmigrate: nothing in this matches a chapter of the pitfalls: `burnmigrate explain --list` "
              "lists them; `--symptom \"...\"` matches words")
        return
    for a in answers:
        print(f"chapter {a.chapter}: {a.title}")
        print(f"  matched: {a.why}")
        print(f"  cause:   {a.cause}")
        if a.fix:
            print(f"  fix:     {a.fix}")
        if a.check:
            print(f"  check:   {a.check}")
        print(f"  rules:   {', '.join(a.rules) if a.rules else 'none (see the chapter)'}")
        for p in a.places:
            print(f"    {p}")
        print(f"  more:    burnmigrate explain {a.chapter}")
