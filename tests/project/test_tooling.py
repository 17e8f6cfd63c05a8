"""The tools a newcomer installs agree with each other: the pre-commit hook runs the ruff the dev group pins."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pre_commit_runs_the_ruff_the_dev_group_pins():
    groups = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["dependency-groups"]
    pinned = next(d.split("==", 1)[1] for d in groups["dev"] if isinstance(d, str) and d.startswith("ruff=="))
    hooks = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    match = re.search(r"repo: https://github.com/astral-sh/ruff-pre-commit\s+rev: v(\S+)", hooks)
    assert match is not None, "the pre-commit config runs ruff"
    assert match.group(1) == pinned
    assert "id: ruff-check" in hooks and "id: ruff-format" in hooks and "--check" in hooks


def test_the_readme_keeps_its_two_set_up_commands_first():
    # .ci/run runs the README's second shell block as the test command; the dev commands come later
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```$", readme, flags=re.S | re.M)
    assert blocks[0].strip() == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/banker"
    assert blocks[1].strip() == "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m pytest"
    assert any("HYPOTHESIS_PROFILE=dev" in b and '-m "not slow"' in b for b in blocks[2:])
