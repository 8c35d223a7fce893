"""The GitHub Action and the example workflow: valid against GitHub's schemas
(check-jsonschema's bundled ones) and clean under zizmor's audits (offline)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name):
    exe = shutil.which(name)
    if exe is None:
        pytest.fail(f"{name} is not installed (it is in the test extras)")
    return exe


def test_action_and_workflow_match_githubs_schemas():
    exe = _tool("check-jsonschema")
    for schema, f in (("vendor.github-actions", "action.yml"), ("vendor.github-workflows", "examples/workflows/burnmigrate.yml")):
        r = subprocess.run([exe, "--builtin-schema", schema, str(ROOT / f)], capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr


def test_zizmor_finds_nothing():
    exe = _tool("zizmor")
    r = subprocess.run([exe, "--offline", str(ROOT / "action.yml"), str(ROOT / "examples/workflows/burnmigrate.yml")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "No findings" in r.stdout + r.stderr, r.stdout + r.stderr


def test_the_workflow_asks_for_no_more_than_it_needs():
    text = (ROOT / "examples/workflows/burnmigrate.yml").read_text()
    assert "permissions: {}" in text and "contents: write" in text and "pull-requests: write" in text
    assert "write-all" not in text and "persist-credentials: false" in text
