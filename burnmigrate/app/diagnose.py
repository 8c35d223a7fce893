"""`burnmigrate diagnose`: the seed's decision chart as a command. It reads what the user hit —
cargo / rustc output (human or `--message-format=json`), a panic with its backtrace, a build
script's failure, a load error — or a symptom in words, and answers with the chapter(s) and the
rules that cover them.

The chart (seed, "decision chart"): a compile or build failure → E0747 / E0107 / E0405: 1,
"Module is not satisfied": 14, a build.rs download failure: 2; a run-time panic → "No execution
backend": 3, "not on the same device": 5 or 6, "RecvError": 7, "tape already consumed": 12, a
location in burn-tensor: 9; a load failure → "missing field": 17, "Missing tensors": 18,
"ShapeMismatch": 19; no error but a wrong result, slowness or memory → the symptom words."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from burnmigrate import pitfalls


@dataclass(frozen=True)
class Pattern:
    chapter: int
    regex: str
    what: str            # what the pattern recognises, said in the answer


# in chart order; each is tried on the whole input (messages and backtraces)
PATTERNS: tuple[Pattern, ...] = (
    Pattern(1, r"error\[E0747\]|type provided when a constant was expected", "E0747: a backend type where 0.22 wants a const"),
    Pattern(1, r"error\[E0107\]", "E0107: a 0.21 backend type argument"),
    Pattern(1, r"error\[E0405\]: cannot find trait `(?:Backend|AutodiffBackend)`", "E0405: a 0.21 backend trait"),
    Pattern(1, r"error\[E0432\]: unresolved import `burn::(?:tensor::backend|backend|record)", "E0432: a 0.21 burn path"),
    Pattern(14, r"the trait bound `[^`]*: (?:burn::module::)?Module` is not satisfied|Module` is not satisfied",
            "a field type that is not a Module"),
    Pattern(2, r"(?:tracel-llvm-bundler|cubecl-llvm)[^\n]*(?:build script|custom build)|failed to run custom build command for `(?:tracel-llvm-bundler|cubecl-llvm)",
            "the `cpu` feature's LLVM download in a build script"),
    Pattern(3, r"No execution backend", "no backend feature enabled"),
    Pattern(6, r"on the wrong backend|input tensor \w* ?is on the wrong", "a cat / stack across two devices"),
    Pattern(5, r"not on the same device", "tensors on two devices in one op"),
    Pattern(7, r"No Discrete GPU device found|\bRecvError\b", "a device that does not exist on this machine"),
    Pattern(8, r"AlreadyInitialized|settings have already been initialized", "configure after the first tensor"),
    Pattern(12, r"tape has already been consumed", "a second backward on one graph"),
    Pattern(11, r"backward requires a tracked autodiff tensor|called `Option::unwrap\(\)` on a `None` value[\s\S]{0,2000}\bgrad",
            "a backward (or a gradient read) without a tracked tensor"),
    Pattern(17, r"missing field `\w+`", "a config file without a field the config has"),
    Pattern(19, r"ShapeMismatch|[Ss]hape mismatch(?: for '|, expected)", "a weight of another shape (PyTorch's transposed Linear)"),
    Pattern(18, r"Missing tensors", "a checkpoint without a tensor the module has"),
    Pattern(9, r"panicked at [^\n]*burn-tensor[^\n]*\.rs:\d+|(?:^|\n)\s*at [^\n]*burn-tensor-[\d.]+/src/",
            "a panic located in burn-tensor"),
)

# words of the chapters without a message of their own (the chart's last rows)
SYMPTOMS: dict[int, tuple[str, ...]] = {
    4: ("gpu slower", "slower after default-features", "default-features"),
    8: ("overflow", "int width", "truncat", "f64 on metal"),
    10: ("slice", "out of bounds slice", "clamp"),
    11: ("gradient none", "grad none", "no gradient", "gradient is zero", "gradients zero"),
    13: ("memory grows during inference", "inference memory", "memory grows"),
    15: ("no gradients after to_device", "to_device", "gradients zero after move"),
    16: ("differ on every run", "evaluation differs", "dropout", "different each run"),
    20: ("same seed different order", "batch order", "shuffle order", "different order"),
    21: ("first run slow", "timings jump", "timing", "slow first"),
    22: ("logging", "debug log", "tuning results change"),
    23: ("benchmark measures", "benchmark", "measures almost nothing", "too fast"),
    24: ("later read", "error surfaces later", "deferred error"),
    25: ("gpu memory does not go down", "memory does not go down", "memory only grows", "memory after drop"),
    26: ("strange values", "out of bounds kernel", "kernel reads garbage", "custom kernel"),
}


@dataclass
class Answer:
    chapter: int
    title: str
    why: str                         # what in the input matched
    cause: str
    fix: str
    check: str
    rules: list[str]
    places: list[str] = field(default_factory=list)   # with PATH: where the project's rules flag it

    def to_json(self) -> dict:
        return {"chapter": self.chapter, "title": self.title, "matched": self.why, "cause": self.cause,
                "fix": self.fix, "check": self.check, "rules": self.rules, "explain": f"burnmigrate explain {self.chapter}",
                "places": self.places}


def _text_of(raw: str) -> str:
    """The input as text: cargo's JSON lines become their rendered messages (and the build
    script output cargo reports), anything else stays as it is."""
    out: list[str] = []
    json_lines = 0
    for line in raw.splitlines():
        s = line.strip()
        if s.startswith("{") and s.endswith("}"):
            try:
                m = json.loads(s)
            except json.JSONDecodeError:
                out.append(line)
                continue
            json_lines += 1
            msg = m.get("message") if isinstance(m, dict) else None
            if isinstance(msg, dict):
                out.append(msg.get("rendered") or msg.get("message", ""))
            elif m.get("reason") == "build-script-executed":
                continue
        else:
            out.append(line)
    return "\n".join(out)


def _section(text: str, name: str) -> str:
    m = re.search(rf"(?m)^{re.escape(name)}:\s*(.+)$", text)
    return m.group(1).strip() if m else ""


def _answer(n: int, why: str, catalog) -> Answer:
    text = pitfalls.chapter(n) or ""
    body = [p.strip() for p in text.split("\n\n")[1:] if p.strip()]
    cause = next((p for p in body if not p.startswith(("Area:", "How to", "Rules:"))), "")
    return Answer(n, pitfalls.title(n), why, cause.replace("\n", " "), _section(text, "How to fix").split(". ")[0],
                  _section(text, "How to check").split(". ")[0],
                  [r.id for r in catalog if n in r.pitfalls])


def diagnose(raw: str, symptom: str, catalog) -> list[Answer]:
    """The chapters the input (or the symptom) points at, in chart order, each once."""
    text = _text_of(raw) if raw else ""
    found: list[tuple[int, str]] = []
    for p in PATTERNS:
        m = re.search(p.regex, text) if text else None
        if m and all(c != p.chapter for c, _ in found):
            if p.chapter == 5 and any(c == 6 for c, _ in found):
                continue   # the cat / stack form is chapter 6 itself
            if p.chapter == 9 and found:
                continue   # a burn-tensor location is 9 only when nothing more specific matched
            found.append((p.chapter, f"{p.what} (`{m.group(0).strip()[:80]}`)"))
    if symptom:
        words = symptom.lower()
        scored = []
        for n, keys in SYMPTOMS.items():
            hits = [k for k in keys if k in words]
            title_words = set(re.findall(r"[a-z0-9]+", pitfalls.title(n).lower())) - {"the", "a", "of", "on", "in", "not", "does"}
            overlap = title_words & set(re.findall(r"[a-z0-9]+", words))
            score = 2 * len(hits) + len(overlap)
            if score >= 2:
                scored.append((-score, n, hits or sorted(overlap)))
        for _, n, hits in sorted(scored)[:3]:
            if all(c != n for c, _ in found):
                found.append((n, "the symptom: " + ", ".join(f"`{h}`" for h in hits)))
    return [_answer(n, why, catalog) for n, why in found]


def compile_rules(raw: str, catalog) -> dict[int, list[str]]:
    """For compile errors: chapter 1's rules whose reproduction check maps one of the input's
    error codes back to them (the same mapping `verify` uses)."""
    codes = set(re.findall(r"error\[(E\d{4})\]", _text_of(raw)))
    rules = [r.id for r in catalog if r.check is not None and codes & {m.code for m in r.check.error_matches()}]
    return {1: rules} if rules else {}


def read_input(source, stdin) -> str:
    """What the user hit: a file, or stdin for `-` (UsageError when the file cannot be read)."""
    from pathlib import Path

    from burnmigrate.project.errors import UsageError
    if source == "-":
        return stdin.read()
    if source:
        try:
            return Path(source).read_text("utf-8", errors="replace")
        except OSError as e:
            raise UsageError(f"{source}: cannot read: {e.strerror}") from None
    return ""


def answer(raw: str, symptom: str, catalog, path=None, migrate=None) -> list[Answer]:
    """The answers, chapter 1's rules narrowed to those the error codes map to, and with PATH the
    places of the project that carry the chapters' records."""
    answers = diagnose(raw, symptom, catalog)
    narrowed = compile_rules(raw, catalog)
    for a in answers:
        if a.chapter in narrowed:
            a.rules = narrowed[a.chapter]
    if path is not None and answers and migrate is not None:
        res = migrate(path)
        for a in answers:
            a.places = [f"{c.path}:{c.start_line} [{c.rule}] {c.message}" for c in res.changes if a.chapter in c.pitfalls][:20]
    return answers


def patterns_for(n: int) -> list[str]:
    """What `diagnose` recognises for chapter n (for `explain N`)."""
    out = [p.what for p in PATTERNS if p.chapter == n]
    if n in SYMPTOMS:
        out.append("the symptom words " + ", ".join(f"\"{k}\"" for k in SYMPTOMS[n][:3]) + " (`--symptom`)")
    return out
