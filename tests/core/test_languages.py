"""A game in the family's language (issue 36): what the session hands out to be read (a reply, the log, the undo
key's words, a phone's recorded request) is in the reader's language, the banker's or each phone's, while the journal
keeps every summary in English: a format, as the action is, so the same file reads the same in any language and in
an older Banker (docs/storage.md). Nothing translated is ever written."""

from __future__ import annotations

import sqlite3

import pytest

from banker.journal import Journal
from banker.language import speaking
from banker.session import Session
from rules import Settings

LINES = ["buy ann boardwalk", "buy ann park place", "rent bob boardwalk", "build ann boardwalk 2"]
ENGLISH = [
    "Ann buys Boardwalk from the bank for $400",
    "Ann buys Park Place from the bank for $350",
    "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50",
    "Ann builds 2 houses for $400: Park Place 1 house, Boardwalk 1 house",
]
GERMAN = [
    "Ann kauft Boardwalk von der Bank für $400",
    "Ann kauft Park Place von der Bank für $350",
    "Bob zahlt Ann $100: Boardwalk, ganze Gruppe, unbebaut, 2 x $50",
    "Ann baut 2 Häuser für $400: Park Place 1 Haus, Boardwalk 1 Haus",
]
FRENCH_RENT = "Bob paie $100 à Ann : Boardwalk, groupe complet, terrain nu, 2 x $50"


@pytest.fixture
def db(tmp_path):
    return tmp_path / "game.db"


def journalled(db) -> list[str]:
    """The summaries as the journal's file holds them."""
    with sqlite3.connect(db) as conn:
        return [row[0] for row in conn.execute("SELECT summary FROM events ORDER BY seq")]


def test_a_game_played_in_german_reads_german_and_journals_english(db):
    with speaking("de"), Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as game:
        previews = [game.preview(line) for line in LINES[:1]]
        replies = [game.execute(line) for line in LINES]
        assert [p.message for p in previews] == GERMAN[:1]
        assert [r.message for r in replies] == GERMAN
        assert [e.summary for e in game.log()] == GERMAN
        assert game.undo_summary() == GERMAN[-1]
        undo = game.execute("undo")
        assert undo.message == f"rückgängig: {GERMAN[-1]}"
        assert [e.summary for e in game.events()] == [*ENGLISH, f"undo: {ENGLISH[-1]}"]
    assert journalled(db) == [*ENGLISH, f"undo: {ENGLISH[-1]}"]
    with Session.open(db) as english:  # the same file, read in English: the journal's own words
        assert [e.summary for e in english.log()] == [*ENGLISH, f"undo: {ENGLISH[-1]}"]


def test_each_reader_reads_the_log_in_their_own_language_from_one_session(db):
    """Two phones of one game, one German and one French, and the banker in English: each reads its own."""
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as game:
        for line in LINES:
            assert game.execute(line).ok
        game.execute("undo")
        game.execute("redo")
        with speaking("de"):
            german = [e.summary for e in game.log()]
            rent = game.entry_summary(3)
        with speaking("fr"):
            french = game.entry_summary(3)
        english = [e.summary for e in game.log()]
    assert german == [*GERMAN, f"rückgängig: {GERMAN[-1]}", f"wiederhergestellt: {GERMAN[-1]}"]
    assert (rent, french) == (GERMAN[2], FRENCH_RENT)
    assert english == [*ENGLISH, f"undo: {ENGLISH[-1]}", f"redo: {ENGLISH[-1]}"] == journalled(db)


def test_a_long_game_resumed_from_a_checkpoint_reads_its_older_entries_in_the_language(db, monkeypatch):
    """Entries before the session's own checkpoint are said again from the nearest checkpoint before them."""
    monkeypatch.setattr(Session, "checkpoint_every", property(lambda self: 3))
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as game:
        for line in [*LINES, "rent bob boardwalk", "next", "next"]:
            assert game.execute(line).ok
    with speaking("es"), Session.open(db) as game:
        said = [e.summary for e in game.log()]
    assert said[2] == "Bob paga $100 a Ann: Boardwalk, grupo completo, sin edificar, 2 x $50"
    assert said[4] == "Bob paga $200 a Ann: Boardwalk, 1 casa"
    assert said[-1] == "turno de Cy (turno 3)"
    assert all(s.isascii() for s in journalled(db))


def test_a_phone_s_recorded_request_says_whose_phone_asked_in_the_reader_s_language(db):
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as game:
        game.execute("buy ann boardwalk")
        journal = Journal(db, create=False)
        try:
            row, _ = journal.add_request(game.game_id, 1, "bob-rent-0001", "rent Bob Boardwalk", 5)
        finally:
            journal.close()
        assert row is not None
        with speaking("de"):
            reply = game.execute(row.line, request=row)
        assert reply.message == "Bob zahlt Ann $50: Boardwalk, unbebaut (vom Handy von Bob angefragt)"
        with speaking("es"):
            assert game.entry_summary(2) == "Bob paga $50 a Ann: Boardwalk, sin edificar (pedido desde el móvil de Bob)"
    assert journalled(db)[-1] == "Bob pays Ann $50: Boardwalk, unimproved (asked from Bob's phone)"


def test_undo_to_and_the_refusals_of_the_session_read_in_the_language(db):
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as game:
        for line in LINES:
            game.execute(line)
        with speaking("fr"):
            bulk = game.execute("undo to 2")
            nothing = game.execute("redo to 1")
        assert bulk.message.startswith("2 actions annulées, tout après l'entrée 2 : ")
        assert not nothing.ok and nothing.message == ("rien à rétablir : l'entrée 1 est en vigueur (redo)")
    assert journalled(db)[-2:] == [f"undo: {ENGLISH[3]}", f"undo: {ENGLISH[2]}"]
