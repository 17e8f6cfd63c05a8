"""`banker --version` and CHANGELOG.md agree (issue 34): the version the command says is the package's, and the
changelog has a section for it that says what a user got."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_version_is_one_figure_everywhere():
    from banker import __version__

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    out = subprocess.run([sys.executable, "-m", "banker", "--version"], capture_output=True, text=True, check=True)
    assert __version__ == declared and out.stdout.strip() == f"banker {declared}"


def test_the_changelog_has_a_section_for_this_version():
    from banker import __version__

    text = (ROOT / "CHANGELOG.md").read_text()
    sections = re.findall(r"^## (.+)$", text, flags=re.M)
    assert __version__ in sections
    body = text.split(f"## {__version__}\n", 1)[1].split("\n## ", 1)[0]
    assert len(body.split()) > 50  # what a user got, in words
