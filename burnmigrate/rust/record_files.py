"""The files a project's 0.21 recorders write and read, read off its text (pass 1): which path
shapes its module saves use, and which recorder extensions its string literals name. With them
record-to-store decides a recorder call instead of leaving it to a person (issue 26): a save
whose 0.21 extension nothing names, a load of a path the same package saves.
"""
from __future__ import annotations

import re

from burnmigrate.burn_api import HALF_PRECISION_RECORDERS, RECORDER_EXTENSIONS

# a recorder 0.21 named, built in place: `&CompactRecorder::new()`, `BinFileRecorder::<FullPrecisionSettings>::default()`
RECORDER = re.compile(r"^&?\s*(?:[\w:]*::)?(\w*Recorder|DebugRecordSettings)(?:\s*::\s*<[^()]*>)?\s*::\s*(?:new|default)\s*\(\s*\)$")
_HALF = re.compile(r"\b(?:" + "|".join(sorted(HALF_PRECISION_RECORDERS)) + r"|HalfPrecisionSettings)\b")
# the message tail of a decided save by a 0.21 half-precision recorder (the run's note reads it)
WAS_F16 = "; 0.21 stored f16"
_SAVE_CALL = re.compile(r"\.\s*(save_file|record)\s*\(")
_LITERAL = re.compile(rb'"(?:[^"\\\n]|\\.)*"')
# a 0.21 recorder's extension (burn_api.RECORDER_EXTENSIONS), in a file name or alone (`with_extension("mpk")`)
_NAMED_EXTENSION = re.compile(rb'(?:\.|")((?:mpk|bin|json)(?:\.gz)?)(?=[^\w.]|\.(?!gz))')
_CONVERTED = re.compile(r"\s*\.\s*(?:into|to_owned|to_string|clone|as_path|as_ref)\s*\(\s*\)\s*$")
_FORMAT = re.compile(r'^(?:format!\s*\(|(?:(?:std::)?path::)?(?:Path::new|PathBuf::from)\s*\(|String::from\s*\(|)\s*"((?:[^"\\]|\\.)*)"\s*(.*)$', re.S)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_JOINED = re.compile(r'^[\w.]+(?:\(\s*\))?\s*\.\s*join\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)$', re.S)


def path_key(expr: str) -> str | None:
    """The shape of the path an expression names, its placeholders as `{}`:
    `format!("{artifact_dir}/model").into()`, `format!("{}/model", dir)` and `dir.join("model")`
    are all `{}/model`; None when the expression is no literal shape, or names only placeholders
    (`format!("{path}")`: any file at all)."""
    e = expr.strip().lstrip("&").strip()
    while (m := _CONVERTED.search(e)) is not None:
        e = e[:m.start()]
    if (j := _JOINED.match(e)) is not None:
        lit = "{}/" + j.group(1)
    elif (f := _FORMAT.match(e)) is not None and (f.group(2).startswith((")", ",")) or not f.group(2)):
        lit = f.group(1)
    else:
        return None
    key = re.sub(r"\{[^{}]*\}", "{}", lit.replace("{{", "\0").replace("}}", "\1")).replace("\0", "{{").replace("\1", "}}")
    return key if re.search(r"[A-Za-z]", key.replace("{}", "")) else None


def call_args(src: str, open_paren: int) -> list[str]:
    """The top-level arguments of the call whose `(` is at `open_paren` (strings and nested
    brackets skipped); [] when the call does not close."""
    args: list[str] = []
    depth, start, i = 0, open_paren + 1, open_paren + 1
    while i < len(src):
        c = src[i]
        if c == '"':
            m = _STRING.match(src, i)
            i = m.end() if m is not None else len(src)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                last = src[start:i].strip()
                return args + [src[start:i]] if last else args
            depth -= 1
        elif c == "," and depth == 0:
            args.append(src[start:i])
            start = i + 1
        i += 1
    return []


def saved_paths(src: bytes) -> set[str]:
    """The path shapes a file's 0.21 module saves write ("" for a path no shape is read from): `.save_file(path, &recorder)`,
    `recorder.record(model.into_record(), path)`, and a learner's `with_file_checkpointer(..)`
    (`<dir>/checkpoint/model-{epoch}`, `optim-`, `scheduler-`; an RL learner's `policy-`,
    `learning-agent-`: burn-train 0.21.0 and 0.22.1 `learner/*/paradigm.rs`)."""
    out = set()
    if b"with_file_checkpointer" in src:   # a learner's checkpoints (burn-train `checkpoint/file.rs`)
        out |= {f"{{}}/checkpoint/{name}-{{}}" for name in ("model", "optim", "scheduler", "policy", "learning-agent")}
    if b"save_file" not in src and b"into_record" not in src:
        return out
    code = src.decode("utf-8", "replace")
    for m in _SAVE_CALL.finditer(code):
        args = call_args(code, m.end() - 1)
        if len(args) != 2 or (m.group(1) == "record" and "into_record" not in args[0]) or (
                m.group(1) == "save_file" and not (RECORDER.match(args[1].strip()) or args[1].strip().lstrip("&").isidentifier())):
            continue
        key = path_key(args[0] if m.group(1) == "save_file" else args[1])
        out.add(key or "")   # ("": a save whose path this reading cannot shape)
    return out


def named_extensions(src: bytes) -> set[str]:
    """The 0.21 recorder extensions a file's string literals name (`"model.mpk"`,
    `format!("{dir}/model-{epoch}.mpk")`, `with_extension("mpk")`)."""
    if b"mpk" not in src and b"bin" not in src and b"json" not in src:
        return set()
    return {e.decode() for lit in _LITERAL.findall(src) for e in _NAMED_EXTENSION.findall(lit)}


def half_precision(written: str) -> bool:
    """Does a recorder as written (or its `let`) name a 0.21 half-precision recorder (burn-core 0.21
    `record/recorder.rs`: `CompactRecorder`, `SensitiveCompactRecorder`, `HalfPrecisionSettings`)?"""
    return _HALF.search(written) is not None


def old_name_in_use(index, recorder: str) -> bool:
    """Does a string of the project name the extension the 0.21 `recorder` gave its files (so
    something may look for a file by its old name)?"""
    return RECORDER_EXTENSIONS.get(recorder) in index.recorder_extensions_named


_OWN_RECORD = re.compile(rb"\b(?:struct|enum|type|trait|union)\s+(\w+Record)\b")


def own_record_types(src: bytes) -> set[str]:
    """The project's own `XRecord` types a file defines (read as text, any file)."""
    return {m.decode() for m in _OWN_RECORD.findall(src)} if b"Record" in src else set()
