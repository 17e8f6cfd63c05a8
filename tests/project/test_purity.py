"""The app's core (journal, session, command language, completion, exports, CLI) loads no Textual or Rich: a
test imports each module in a fresh interpreter (harlequin's import-hygiene test), and the import-linter
contracts in pyproject.toml (run by .ci/run) keep the same shape statically."""

import subprocess
import sys

import pytest

CORE = (
    "banker.journal",
    "banker.session",
    "banker.commands",
    "banker.commands.completion",
    "banker.reports.report",
    "banker.reports.exports",
    "banker.reports.files",
    "banker.reports.bgstats",
    "banker.reports.story",
    "banker.reports.leaderboard",
    "banker.reports.stats",
    "banker.cli.main",
    "banker.cli.commands",
    "banker.cli.parser",
    "banker.cli.exports",
    "banker.cli.support",
    "banker.paths",
    "banker.reports.qr",
    "banker.commands.help",
)


@pytest.mark.parametrize("module", CORE)
def test_the_core_loads_no_textual_or_rich(module):
    code = (
        f"import sys, {module}\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} loads {out.stdout.strip()}"
