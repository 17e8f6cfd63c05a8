"""The one place in banker/tui where an import waits (banker/tui/screens/deferred.py): each name is found where it
says, typed by the same import under TYPE_CHECKING, and none of them is imported with the app, which is their reason
to wait (the first frame does not pay for the command language, the dialogs and the other screens)."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys

from banker.tui.screens import deferred


def test_each_name_comes_from_the_module_the_type_checker_reads():
    tree = ast.parse(inspect.getsource(deferred))
    checked = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    typed = {
        alias.name: node.module for node in checked.body if isinstance(node, ast.ImportFrom) for alias in node.names
    }
    assert {name: module for name, module in typed.items() if name not in deferred.MODULES} == deferred.WHERE
    assert {name: f"{typed[name]}.{name}" for name in deferred.MODULES} == deferred.MODULES
    for name, module in deferred.WHERE.items():
        assert getattr(deferred, name) is getattr(importlib.import_module(module), name)
    assert set(deferred.__all__) == {"WHERE", "MODULES", *deferred.WHERE, *deferred.MODULES}


def test_the_launch_imports_none_of_them():
    names = sorted({*deferred.WHERE.values(), *deferred.MODULES.values()})
    code = f"import sys, banker.tui.app; print([m for m in {names!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
