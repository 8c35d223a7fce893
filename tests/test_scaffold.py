"""CONTRIBUTING.md's promise: a new rule can be added by following it alone. In a copy of the
repository (its own venv, installed editable like a contributor's), `scripts/new_rule.py`
scaffolds a rule, its doc and its first corpus case, and then the whole fast suite passes there:
the new rule is registered, documented in the five sections, has a case whose snapshot shows it
firing, and nothing else moved."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

EXAMPLE = """use burn::prelude::*;

/// Sorts along the last axis inside the step.
pub fn order<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2, Int> {
    let sorted = x.argsort(1);
    sorted
}
"""


def _copy_repo(dest: Path) -> None:
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


def test_a_scaffolded_rule_passes_the_fast_suite(tmp_path):
    repo = tmp_path / "repo"
    _copy_repo(repo)
    venv = repo / ".venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    # the dependencies come from this venv; the package itself from the copy (pip builds it in
    # isolation, with the build backend pyproject.toml names, as on a contributor's machine)
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "deps-from-the-test-venv.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "-e", str(repo)],
                   check=True, capture_output=True)
    example = tmp_path / "lib.rs"
    example.write_text(EXAMPLE)
    made = subprocess.run([str(py), "scripts/new_rule.py", "argsort-in-step", "--pitfall", "21",
                           "--method", "argsort", "--example", str(example), "--name", "sort in a step",
                           "--why", "a sort waits for every queued op on the device",
                           "--message", "`argsort` in the step waits for the device",
                           "--check", "a profile shows the step blocked on the sort", "--guide", "R11",
                           "--topic", "timing"],
                          cwd=repo, capture_output=True, text=True)
    assert made.returncode == 0, made.stdout + made.stderr
    records = (repo / "corpus/argsort-in-step/first-case/records.txt").read_text()
    assert ("src/lib.rs:5:18-5:30 | argsort-in-step (21) | finding | review | `argsort` in the step "
            "waits for the device | a sort waits for every queued op on the device\n") in records
    assert "erase backend parameter `B` of `order`" in records   # the other rules ran on it too
    after = (repo / "corpus/argsort-in-step/first-case/after/src/lib.rs").read_text()
    assert "pub fn order(x: Tensor<2>) -> Tensor<2, Int>" in after
    env = dict(os.environ, PATH=f"{venv / 'bin'}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("PYTHONPATH", None)
    suite = subprocess.run([str(py), "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not compile_tier",
                            "--ignore=tests/test_scaffold.py"], cwd=repo, env=env, capture_output=True, text=True)
    assert suite.returncode == 0, suite.stdout[-4000:] + suite.stderr[-2000:]
    assert "[100%]" in suite.stdout and "FAILED" not in suite.stdout   # -qq (addopts -q): no summary line
