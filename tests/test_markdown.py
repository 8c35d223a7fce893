"""The Markdown report as a pull-request body: fences that cannot be closed early, a body under
GitHub's limit with what was left out, and the "needs a person" list grouped by reason."""
from __future__ import annotations

import re

from burnmigrate.engine import Options, run
from burnmigrate.output.markdown import BODY_LIMIT, fence_for, to_markdown

LIB = """use burn::prelude::*;

/// ```
/// a fence in a doc comment near the change
/// ```
pub fn f_{n}<B: Backend>(x: Tensor<B, 1>, d: &B::Device) -> Tensor<B, 1> {{
    let _w = burn::backend::wgpu::WgpuDevice::default();
    x + Tensor::<B, 1>::zeros([1], d)
}}

pub fn name_{n}<B: Backend>(d: &B::Device) -> String {{
    B::name(d)
}}
"""


def _project(root, files):
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "md"\nversion = "0.1.0"\nedition = "2021"\n\n'
                                     '[dependencies]\nburn = "0.21"\n')
    for k in range(files):
        (root / "src" / f"m{k}.rs").write_text(LIB.format(n=k) + "// ````` five backticks\n")
    (root / "src" / "lib.rs").write_text("".join(f"pub mod m{k};\n" for k in range(files)))
    return root


def test_fence_is_longer_than_any_backtick_run():
    assert fence_for("no ticks") == "```"
    assert fence_for("a ``` b ````` c") == "``````"


def test_diff_fences_are_not_closed_by_the_code_inside(tmp_path):
    md = to_markdown(run(_project(tmp_path / "p", 1), Options(jobs=1)))
    blocks = re.findall(r"^(`{3,})diff\n(.*?)\n\1$", md, re.M | re.S)
    assert len(blocks) == 2   # Cargo.toml and src/m0.rs, each closed by its own fence
    for fence, body in blocks:
        assert len(fence) > max((len(r) for r in re.findall(r"`+", body)), default=0)


def test_a_large_project_stays_under_the_body_limit_and_says_what_was_left_out(tmp_path):
    md = to_markdown(run(_project(tmp_path / "p", 300), Options()))
    assert len(md) < BODY_LIMIT
    assert "file diff(s) left out to keep this body under 60,000 characters" in md
    assert "burnmigrate --dry-run" in md


def test_needs_a_person_is_a_checklist_of_decisions(tmp_path):
    md = to_markdown(run(_project(tmp_path / "p", 3), Options(jobs=1)))
    grouped = [l for l in md.splitlines()
               if re.match(r"- \[ \] \*\*D-[0-9a-f]{7}\*\* \S.* \((review|finding|review, finding)\), \d+ places in 3 files$", l)]
    assert grouped, md[:3000]
    # under it, its questions (rule, reason once), each place under its question
    assert any(re.match(r"  - `[\w-]+` \((review|finding)\), 3 places in 3 files: ", l) for l in md.splitlines())
    assert sum(1 for l in md.splitlines() if l.startswith("    - `src/m")) >= 3
