"""The README shows the app (issue 34): every picture it names exists, and the README's pictures of the screens are
exactly what docs/images/readme_screenshots.py makes; the slow test runs the script and checks it makes each one
(a terminal screen as Textual's SVG, a browser's page as a PNG of its size), so the pictures are made, never
drawn."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kit.skips import needs

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "docs" / "images" / "readme_screenshots.py"


def _script():
    spec = importlib.util.spec_from_file_location("readme_screenshots", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pictures() -> list[str]:
    return re.findall(r"!\[[^\]]+\]\(([^)]+)\)", (ROOT / "README.md").read_text())


def test_every_readme_picture_exists_and_is_made_by_the_script():
    pictures = _pictures()
    assert pictures and all((ROOT / p).is_file() for p in pictures), pictures
    made = {f"docs/images/{name}" for name in _script().OUTPUTS}
    assert {p for p in pictures if "/readme-" in p} == made


@pytest.mark.slow
@needs("chromium", "chromium")
@needs("chromedriver", "chromium-driver")
def test_the_script_makes_every_picture(tmp_path):
    from PIL import Image

    out = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    for name in _script().OUTPUTS:
        path = tmp_path / name
        assert path.is_file() and path.stat().st_size > 10_000, name
        if name.endswith(".svg"):
            assert "Banker" in path.read_text() and "<svg" in path.read_text()  # Textual's screenshot of the app
        else:
            width, _height = Image.open(path).size
            assert width in (360, 1000, 1920), (name, width)
