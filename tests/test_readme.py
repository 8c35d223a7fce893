"""The README's 30-second example is real output: rebuild the crate from the README's code
blocks, run the preview, compare."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def blocks(lang: str) -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```$", README.read_text(), re.S | re.M)


def test_the_readme_example_is_what_the_tool_prints(tmp_path):
    manifest = blocks("toml")[0]
    lib = blocks("rust")[0]
    expected = blocks("diff")[0]
    (tmp_path / "src").mkdir()
    (tmp_path / "Cargo.toml").write_text(manifest)
    (tmp_path / "src" / "lib.rs").write_text(lib)
    r = subprocess.run([sys.executable, "-m", "burnmigrate", "--dry-run", "--color", "never", str(tmp_path)],
                       capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    assert r.returncode == 0, r.stderr
    assert r.stdout == expected
