"""The rules engine is pure: importing it loads no UI, no database and nothing of the app (GUIDE practice 1)."""

import subprocess
import sys

FORBIDDEN = ("textual", "rich", "sqlite3", "sqlite_utils", "banker", "qrcode")


def test_importing_rules_loads_no_ui_database_or_app():
    code = (
        "import sys, rules, rules.engine, rules.handlers\n"
        "from rules import new_game, apply\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        f"print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_lazy_query_exports_are_the_query_module():
    """``rules/__init__`` lists the query API's names without importing ``rules.queries`` (start-up stays lazy);
    the list must be the module's own, or a new query would be missing from ``rules.<name>``."""
    import rules
    import rules.queries

    lazy = {name for name, home in rules._homes().items() if home == "rules.queries"}
    assert lazy == set(rules.queries.__all__) - {"valuation"}  # rules.valuation names its module
