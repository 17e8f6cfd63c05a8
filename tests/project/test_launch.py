"""What a launch does before the table's first frame (issue 20: launch time, bench/bench_app.py): the frame shows
the balances, so it waits for the game, the table and its panels, and for nothing a key, a dialog, a subcommand or
a later screen needs. Each module named here was once loaded before the first frame; each cost the launch time."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.kit.journal import db_path, make_game
from tests.kit.patience import scaled

PROBE = r"""
import json, sys
import banker.tui.app
from textual.app import App
from banker.tui.screens.table import TableScreen

real_run = banker.tui.app.run
banker.tui.app.run = lambda path, **options: real_run(path, headless=True, size=(120, 40))
seen = {}
display = App._display


def _display(self, screen, renderable):
    if renderable is not None and not seen and isinstance(screen, TableScreen):
        seen["modules"] = sorted(m for m in sys.modules if m.split(".")[0] in ("banker", "rules", "argparse"))
        try:
            from rules import decks, editions

            seen["balances"] = [screen.query_one(f"#player-{i}").cash for i in range(len(self.session.state.players))]
            seen["editions read"] = editions._read_built_in.cache_info().currsize
            seen["deck files read"] = decks._load_file.cache_info().currsize
        finally:
            self.call_later(self.exit)
    return display(self, screen, renderable)


App._display = _display
from banker.cli.main import main

status = main(sys.argv[1:])
print(json.dumps(seen))
raise SystemExit(status)
"""

NOT_BEFORE_THE_FIRST_FRAME = {
    "argparse": "the parser (banker --db PATH is read without it: banker.cli.main.plain_launch)",
    "banker.cli.parser": "the parser",
    "banker.reports.formats": "the export formats, for the parser's help",
    "banker.views": "the answers to queries (banker.session imports them where used, and prepare() after the frame)",
    "banker.tui.widgets.command_line": "the command line, mounted just after the frame",
    "banker.tui.widgets.inputs": "the command line's and the dialogs' inputs",
    "banker.tui.widgets.keybar": "the key bar, mounted just after the frame",
    "banker.commands": "the command language (prepare(), after the frame)",
    "rules.engine": "the engine (prepare(), after the frame)",
    "rules.money": "the money rules (with the engine)",
    "rules.outcome": "the outcome of an action (with the engine)",
}


def test_the_first_frame_shows_the_balances_and_waits_for_nothing_else():
    db = db_path()
    make_game(db, lines=["buy ann boardwalk", "rent bob boardwalk"])  # closed with a checkpoint, as after a quit
    out = subprocess.run(
        [sys.executable, "-c", PROBE, "--db", str(db)], capture_output=True, text=True, timeout=scaled(60)
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["balances"] == ["$1,150", "$1,450", "$1,500"]
    loaded = {m: why for m, why in NOT_BEFORE_THE_FIRST_FRAME.items() if m in seen["modules"]}
    assert not loaded, loaded
    assert "banker.session" in seen["modules"] and "banker.tui.screens.table" in seen["modules"]  # the probe sees
    # A US game reads the US edition's file and no other, and none of the shared deck files (read when dealt).
    assert (seen["editions read"], seen["deck files read"]) == (1, 0)
