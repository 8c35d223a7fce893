"""Backend aliases kept for a mention the migration removed (a second look after the source pass).

Pass 1 reads, from each file's text, whether a backend alias's mention there will outlast the
erasure (`rust/index.py` `sticky_mentions`: a `use` or a `Tensor<X, ..>` argument goes, a
turbofish, `X::seed(..)` or `Linear<X>` is counted as staying). A `pub` alias named in another
file is then kept, with its finding ("still used"), even where the rules of that other file
rewrote every mention: `run::<backend::TrainBackend>(..)` lost its turbofish, `TrainBackend::seed`
became `device.seed`. The next `apply` deleted the alias, so a second run changed the code.

After the source pass, each such alias is read again in the other files' migrated text (code
only: comments and strings do not count). Where no other file names it any more, its defining
file is migrated again from its own bytes with that reading, so the deletion lands in the same
run, as one change of the defining file (and its record, its diff, are that run's).
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from burnmigrate.model.results import FileResult
from burnmigrate.rust.index import ProjectIndex
from burnmigrate.rust.scans import has_word
from burnmigrate.rust.uses import without_comments_and_strings

_ROUNDS = 3   # an alias whose deletion frees another's (`type Train = Autodiff<Infer>` in another file)


def settle_aliases(index: ProjectIndex, results: list[FileResult], read: Callable[[str], bytes],
                   rerun: Callable[[str, bytes, ProjectIndex], FileResult]) -> list[FileResult]:
    """`results` with the defining files of aliases no other file names any more migrated again
    (`rerun(path, raw, index)`); `read(path)` gives a file's bytes on disk."""
    by_path = {r.path: r for r in results}
    code: dict[str, bytes] = {}

    def migrated(path: str) -> bytes:
        if path not in code:
            r = by_path.get(path)
            text = r.final if r is not None and r.final is not None else read(path)
            code[path] = bytes(without_comments_and_strings(text))
        return code[path]

    sticky = dict(index.sticky_mentions)
    for _ in range(_ROUNDS):
        kept = _kept_for_others(by_path.values())
        freed: dict[str, set[str]] = {}
        for name in sorted(set(kept) & set(sticky)):
            files = sticky[name]
            left = {f for f in files if f not in by_path or has_word(migrated(f), name.encode())}
            if left != files:
                freed[name] = left
        if not freed:
            break
        sticky.update(freed)
        reading = dataclasses.replace(index, sticky_mentions=sticky)
        for path in sorted({p for name in freed for p in kept[name]}):   # (each alias's defining file)
            redone = rerun(path, read(path), reading)
            by_path[path] = redone
            code.pop(path, None)
    return [by_path[r.path] for r in results]


_KEPT = re.compile(r"backend alias `(\w+)` is still used \((?!this file)")


def _kept_for_others(results) -> dict[str, set[str]]:
    """The aliases backend-alias kept for another file's mention (its finding says which), with
    the files whose definition of it the finding is at."""
    out: dict[str, set[str]] = {}
    for r in results:
        for c in r.changes:
            if c.rule == "backend-alias" and (m := _KEPT.match(c.message)) is not None:
                out.setdefault(m.group(1), set()).add(r.path)
    return out
