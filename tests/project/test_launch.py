"""What a launch does before the table's first frame (issues 20 and 33: launch time, bench/bench_app.py): the frame
shows the balances, so it waits for the game, the table and its players' panel, and for nothing a key, a dialog, a
subcommand, another panel or a later screen needs. Each module named here was once loaded before the first frame;
each cost the launch time. The launch's modules and the first frame's widgets are listed whole: one more fails the
test, naming it, until it is deferred or added here with its reason."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

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
        seen["modules"] = sorted(
            m for m in sys.modules if m.split(".")[0] in ("banker", "rules", "argparse", "babel", "tomllib")
        )
        seen["packages"] = [m for m in seen["modules"] if hasattr(sys.modules[m], "__path__")]
        seen["widgets"] = [f"{type(w).__name__}#{w.id}" for w in screen.walk_children(with_self=False)]
        sheet = self.stylesheet
        seen["css"] = {
            (where.rsplit("/", 1)[-1] if not what else what): len(sheet._parse_rules(css, (where, what), default))
            for (where, what), (css, default, *_rest) in sheet.source.items()
        }
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
    "babel": "the catalogues' compiler: a launch in English reads no catalogue (banker.language)",
    "banker.cli.parser": "the parser",
    "banker.reports.formats": "the export formats, for the parser's help",
    "banker.views": "the answers to queries (banker.session imports them where used, and prepare() after the frame)",
    "banker.tui.widgets.command_line": "the command line, mounted just after the frame",
    "banker.tui.widgets.inputs": "the command line's and the dialogs' inputs",
    "banker.tui.widgets.keybar": "the key bar, mounted just after the frame",
    "banker.commands": "the command language (prepare(), after the frame)",
    "banker.session.recorder": "the write path: made when the game is first changed (Session._recorder)",
    "rules.engine": "the engine (prepare(), after the frame)",
    "rules.money": "the money rules (with the engine)",
    "rules.outcome": "the outcome of an action (with the engine)",
    "rules.edition_file": "reading an edition's file: the board is the one an earlier launch read (banker.kept)",
    "rules.fields": "the kinds of an edition file's keys (likewise)",
    "rules.bounded": "the bounded reader of a file (likewise)",
    "rules.decks": "the decks, checked with an edition's file (likewise) and read when dealt",
    "tomllib": "the TOML parser: the board and the variant are kept from an earlier launch (banker.kept)",
}

THE_LAUNCH = {
    "banker.cli.main": "the entry point",
    "banker.compiled": "the code dataclasses generate for the records, compiled once and kept",
    "banker.cli.support": "a database that cannot be opened, said in one line",
    "banker.paths": "where the database is",
    "banker.settings": "the settings file (theme, read aloud, backups, the language)",
    "banker.language": "the banker's language, installed before anything is said (English: no catalogue read)",
    "banker.kept": "the board and the variant an earlier launch read, kept in the cache directory",
    "banker.journal.database": "the game's database",
    "banker.journal.errors": "a database that is not Banker's, said in one line",
    "banker.journal.files": "the database file's checks",
    "banker.journal.phones": "the phones' requests waiting, counted in the status line",
    "banker.journal.rows": "the rows read, frozen",
    "banker.journal.schema": "the schema, checked on opening",
    "banker.timeline": "the state after the last entry, from its checkpoint",
    "banker.session.replies": "what the session hands out (the journal's lines)",
    "banker.session.source": "the journal as the timeline's source",
    "banker.tui.app": "the app",
    "banker.tui.keyorder": "the app's key path",
    "banker.tui.host": "what the screens ask of the app",
    "banker.tui.jobs.backups": "the app's jobs, which it holds from its start: the backup after the first frame",
    "banker.tui.jobs.follow_up": "(a job) what follows a reply",
    "banker.tui.jobs.maths": "(a job) the maths mode's questions",
    "banker.tui.jobs.phones": "(a job) the phone pages' hooks, turned on again when they were on",
    "banker.tui.jobs.read_aloud": "(a job) reading summaries aloud, when the settings say so",
    "banker.tui.jobs.set_aside": "(a job) the keys set aside, shown and offered",
    "banker.tui.speech": "reading aloud (the read-aloud job's)",
    "banker.tui.screens.deferred": "the one place an import waits: what it names is imported on first use",
    "banker.tui.keys": "the table's bindings",
    "banker.tui.safety": "the app's safety net",
    "banker.tui.textual_private": "Textual's private names, checked",
    "banker.tui.words": "the table's words in the banker's language: its keys described, sentences with styled parts",
    "banker.tui.screens.table": "the table",
    "banker.tui.widgets.players": "the balances",
    "banker.tui.widgets.changes": "what a state changed of the table, which the first frame draws whole",
    "banker.tui.widgets.queries": "the players' worth and jail",
    "banker.tui.widgets.bank": "the bank's panel (mounted after the frame; its class is the table's attribute)",
    "banker.tui.widgets.deeds": "the deeds' panel (likewise)",
    "banker.tui.widgets.journal": "the journal's panel (likewise)",
    "rules.board": "the board",
    "rules.codec": "the checkpoint's state and the actions after it",
    "rules.editions": "the game's edition",
    "rules.errors": "a rule's refusal",
    "rules.i18n": "the one door every sentence goes through",
    "rules.limits": "the settings' bounds",
    "rules.names": "the players' names",
    "rules.options": "the house rules",
    "rules.queries": "the players' worth and jail, asked of the rules",
    "rules.state": "the game",
    "rules.valuation": "the players' worth",
    "rules.variants": "the game's rule system",
    "rules.words": "the closed words the state holds (decks, tax choices)",
}
"""Every module of Banker's the launch loads before the first frame, and why (packages aside)."""

FIRST_FRAME_CSS = {
    "app.tcss": 9,  # the table's grid, the status line and the players: panels.tcss comes with the panels after it
    "PlayerCard.DEFAULT_CSS": 7,
    "VerticalScroll.DEFAULT_CSS": 1,  # the players' column (and its base's, below)
    "ScrollableContainer.DEFAULT_CSS": 1,
    **{f"{cls}.DEFAULT_CSS": n for cls, n in (("App", 11), ("Screen", 7), ("Widget", 1), ("Static", 1))},
    **{f"{cls}.DEFAULT_CSS": n for cls, n in (("ToastRack", 1), ("Tooltip", 2))},  # Textual's own, as a bare app's
}
"""The stylesheets parsed before the first frame, and how many rules each holds (issue 33: 92 rules once)."""

THE_FIRST_FRAME = ["Static#status", "PlayersPanel#players"]
"""The widgets of the table's first frame, besides a card per player and Textual's own (toasts, tooltips): the
deeds, the bank, the journal, the reply, the command line and the key bar are mounted after it (issue 33)."""
TEXTUAL_OWN = {"ToastRack#textual-toastrack", "Tooltip#textual-tooltip"}


def launch(db: Path) -> dict[str, Any]:
    """What the probe saw at the first frame of ``banker --db db`` (in the test's own cache directory)."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE, "--db", str(db)], capture_output=True, text=True, timeout=scaled(60)
    )
    assert out.returncode == 0, out.stderr
    seen: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return seen


def test_the_first_frame_shows_the_balances_and_waits_for_nothing_else():
    db = db_path()
    make_game(db, lines=["buy ann boardwalk", "rent bob boardwalk"])  # closed with a checkpoint, as after a quit
    first = launch(db)  # the first launch reads the board's and the variant's files, and keeps what it read
    assert {"rules.edition_file", "tomllib"} <= set(first["modules"])
    seen = launch(db)  # every launch after it, as a family's next game night
    assert first["balances"] == seen["balances"] == ["$1,150", "$1,450", "$1,500"]
    loaded = {m: why for m, why in NOT_BEFORE_THE_FIRST_FRAME.items() if m in seen["modules"]}
    assert not loaded, loaded
    assert "banker.session" in seen["modules"] and "banker.tui.screens.table" in seen["modules"]  # the probe sees
    # A US game reads the US edition's file and no other, and none of the shared deck files (read when dealt).
    assert (seen["editions read"], seen["deck files read"]) == (1, 0)
    assert sorted(set(seen["modules"]) - {*seen["packages"], "argparse"}) == sorted(THE_LAUNCH)
    assert seen["css"] == FIRST_FRAME_CSS
    widgets = [w for w in seen["widgets"] if w not in TEXTUAL_OWN]
    assert widgets == [*THE_FIRST_FRAME, "PlayerCard#player-0", "PlayerCard#player-1", "PlayerCard#player-2"]
