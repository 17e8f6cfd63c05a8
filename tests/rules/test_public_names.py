"""The package's public names (rules/__init__.py): written once, as the imports a type checker reads, and each one
the object its own module holds, loaded on first use."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import rules


def test_every_public_name_is_its_modules_object():
    homes = rules._homes()
    assert rules.__all__ == sorted(homes) and len(homes) > 50
    for name, home in homes.items():
        assert getattr(rules, name) is getattr(importlib.import_module(home), name), name
    assert set(rules.__all__) <= set(dir(rules))


def test_the_names_are_read_as_a_parser_reads_the_imports():
    """``_homes`` reads the lines of the imports under ``TYPE_CHECKING``; :mod:`ast` reads them the same."""
    tree = ast.parse(Path(rules.__file__).read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    parsed = {a.name: str(n.module) for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}
    assert rules._homes() == parsed


def test_a_star_import_binds_the_public_names_and_nothing_else():
    names: dict[str, object] = {}
    exec("from rules import *", names)
    assert sorted(set(names) - {"__builtins__"}) == rules.__all__


def test_a_name_that_is_not_public_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'apply_all'"):
        rules.apply_all  # noqa: B018
    with pytest.raises(ImportError):
        exec("from rules import TaxChoice", {})  # rules.words holds it; the package does not offer it


def test_a_name_loads_its_module_alone():
    """``from rules import Settings`` loads the state, not the action types or the engine (the launch's first frame
    needs neither: tests/tui/test_launch.py)."""
    code = (
        "import sys\n"
        "from rules import Settings, GameState, new_game, RuleError\n"
        "print(sorted(m for m in sys.modules if m in ('rules.actions', 'rules.engine', 'rules.queries')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
