"""The rules import inside a function only where this table says why: everywhere else an import is at the top of
its file, where a reader (and the no-cycle test) sees what a module leans on. Each one left defers a cost the launch
of the app does not pay (tests/tui/test_launch.py, tests/core/test_session.py, tests/rules/test_queries.py) or is
the handlers' registry (tests/project/test_no_cycles.py). The package's own names are loaded on first use too
(``rules/__init__.py``, PEP 562), by its ``__getattr__`` rather than an import statement."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).parents[2] / "rules"

DEFERRED = {
    ("rules.engine", "rules"): "the handlers' registry: load_handlers imports rules.handlers on the first apply",
    ("rules.codec", "rules.actions"): "decoding a saved state needs no action types; decoding an action does",
    ("rules.editions", "rules.edition_file"): "a board kept from an earlier launch (rules.data.parsed) reads no file",
    ("rules.editions", "rules.decks"): "the decks an edition carries, held when its board is read or kept",
    ("rules.variants", "tomllib"): "a variant kept from an earlier launch (rules.data.parsed) parses no TOML",
}
"""(module, what it imports inside a function): why the import waits."""

HANDLER_MODULES = {
    f"rules.{alias.name}"
    for node in ast.parse((RULES / "handlers.py").read_text(encoding="utf-8")).body
    if isinstance(node, ast.ImportFrom)
    for alias in node.names
}
QUERIES_MAY_DEFER = HANDLER_MODULES | {"rules.money", "rules.deal_terms"}
"""A question (rules/queries.py) loads the handler module that answers it, or the money rules, or the side deals'
terms (they read the outcome), when it is asked: drawing a saved game's table asks none of them
(tests/rules/test_queries.py, tests/tui/test_launch.py)."""


def imports_inside_functions(path: Path) -> set[tuple[str, str]]:
    module = "rules" if path.name == "__init__.py" else f"rules.{path.stem}"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    found.add((module, inner.module or ""))
                elif isinstance(inner, ast.Import):
                    found.update((module, alias.name) for alias in inner.names)
    return found


def test_the_rules_import_inside_a_function_only_where_the_table_says_why():
    found = set().union(*(imports_inside_functions(p) for p in sorted(RULES.glob("*.py"))))
    questions = {imported for module, imported in found if module == "rules.queries"}
    assert questions and questions <= QUERIES_MAY_DEFER, questions - QUERIES_MAY_DEFER
    assert {(module, imported) for module, imported in found if module != "rules.queries"} == set(DEFERRED)


def test_an_import_inside_a_function_is_found(tmp_path):
    # the test above cannot pass by finding nothing: an import in a method, one nested deeper, none at the top
    source = tmp_path / "sample.py"
    source.write_text(
        "import os\n\nclass A:\n    def f(self):\n        import json\n\n"
        "def g():\n    if True:\n        from rules.board import Board\n",
        encoding="utf-8",
    )
    assert imports_inside_functions(source) == {("rules.sample", "json"), ("rules.sample", "rules.board")}
