"""The exports a person reads, in the banker's language (issue 36; docs/exports.md, "Which words are translated"):
each written in German, French and Spanish, parsed back, holds that language's words and none of the English
sentences of the reports' catalogue; the CSV's columns and values and the JSON's keys are the English ones in every
language, so a file reads the same to a program (and pastes into one sheet beside an English night's)."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import rules
from banker.catalogues import TRANSLATED as SPOKEN
from banker.language import LOCALE_DIR, speaking
from banker.reports import exports, formats
from banker.reports.board import html as board_html
from banker.reports.board import markdown as board_markdown
from banker.reports.leaderboard import leaderboard, leaderboard_text
from banker.reports.report import parse_time, report
from banker.reports.stats import by_variant, collect, stats_text
from banker.session import Session

GAME = [
    "deal ann boardwalk",
    "deal ann park place",
    "deal bob reading",
    "next",
    "build ann boardwalk 3",
    "next",
    "rent bob boardwalk",
    "correct cy -50 change given twice",
    "next",
    "bankrupt bob to ann",  # the short game (1990s) ends at the first bankruptcy
]
WORDS = {
    "de": {
        "both": ["Endstand", "Spieler", "Gesamt", "Gewinner: Ann", "Bob (pleite)", "Vermögen im Spielverlauf"],
        "html": ["Korrektur: Cy zahlt der Bank $50 (change given twice)"],
        "recap": ["Die Geschichte des Spiels", "Höchste Miete", "Bob zahlte Ann $600 auf Boardwalk", "Ann: 3 Häuser"],
    },
    "fr": {
        "both": ["Classement final", "Joueur", "Total", "Gagnant : Ann", "Bob (en faillite)", "La fortune au fil"],
        "html": ["Correction : Cy paie $50 à la banque (change given twice)"],
        "recap": ["L'histoire de la partie", "Plus gros loyer", "Bob a payé $600 à Ann sur Boardwalk", "3 maisons"],
    },
    "es": {
        "both": ["Clasificación final", "Jugador", "Total", "Ganador: Ann", "Bob (en bancarrota)", "El patrimonio"],
        "html": ["Corrección: Cy paga $50 a la banca (change given twice)"],
        "recap": ["La historia de la partida", "Mayor alquiler", "Bob pagó $600 a Ann en Boardwalk", "3 casas"],
    },
}
"""Words each export must hold in each language: on both pages, on the HTML standings only, on the recap only."""


@pytest.fixture
def game(tmp_path):
    db = tmp_path / "g.db"
    with Session.create(db, ["Ann", "Bob", "Cy"], rules.Settings(variant="short-1990s")) as session:
        for line in GAME:
            reply = session.execute(line)
            assert reply.ok, f"{line}: {reply.message}"
        assert session.state.over
        yield session, db


class _Text(HTMLParser):
    """A page's language and the words a person reads on it (its text, and the words it gives a screen reader)."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self.lang = dict(attrs).get("lang") or self.lang if tag == "html" else self.lang
        self._skip += tag == "style"
        self.words += [v for k, v in attrs if k in ("aria-label", "title") and v]

    def handle_endtag(self, tag):
        self._skip -= tag == "style"

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.words.append(data.strip())


def read_page(page: str) -> tuple[str, str]:
    parser = _Text()
    parser.feed(page)
    return parser.lang, " ".join(" ".join(parser.words).split())


def english_left(text: str, code: str) -> list[str]:
    """The English sentences of the reports' catalogue (their words between the placeholders, two words or more)
    that ``text`` still holds, where the language's catalogue says them otherwise."""
    po = read_po((LOCALE_DIR / code / "LC_MESSAGES" / "reports.po").open("rb"))
    left = []
    for m in po:
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        said = [m.string] if isinstance(m.string, str) else list(m.string or ())
        for english in ids:
            for piece in re.split(r"\{[^{}]*\}", english):
                piece = piece.strip(" ,.:;()#")
                if len(piece.split()) >= 2 and not any(piece in s for s in said) and piece in text:
                    left.append(piece)
    return left


@pytest.mark.parametrize("code", SPOKEN)
def test_the_html_page_and_the_recap_in_the_language(game, code):
    session, _ = game
    with speaking(code):
        rep = report(session, story=True)
        pages = {fmt: formats.render(rep, fmt) for fmt in ("html", "recap")}
    for fmt, page in pages.items():
        lang, text = read_page(page)
        assert lang == code, fmt
        for word in WORDS[code]["both"] + WORDS[code][fmt]:
            assert word in text, (fmt, word)
        assert english_left(text, code) == [], fmt


@pytest.mark.parametrize("code", SPOKEN)
def test_the_text_exports_in_the_language(game, code):
    session, db = game
    with speaking(code):
        rep = report(session)
        md = formats.render(rep, "md")
        qr = exports.qr_text(rep)
        sheet = board_markdown(session) + read_page(board_html(session))[1]
        stats = stats_text(by_variant(collect(db)))
        board = leaderboard_text(leaderboard(db))
    for text in (md, qr, sheet, stats, board):
        assert english_left(text, code) == [], text
    for word in WORDS[code]["both"][:5] + WORDS[code]["html"]:
        assert word in md, word
    bankrupt = WORDS[code]["both"][4].removeprefix("Bob (").removesuffix(")")
    assert qr.splitlines()[-1] == f"3. Bob {bankrupt}" and qr.splitlines()[0].endswith(" Ann")
    with speaking(code):
        assert read_page(board_html(session))[0] == code


@pytest.mark.parametrize("code", SPOKEN)
def test_the_csv_and_the_json_read_the_same_in_every_language(game, code):
    session, _ = game
    english = report(session)
    with speaking(code):
        rep = report(session)
        table = list(csv.reader(io.StringIO(formats.render(rep, "csv"))))
        document = json.loads(formats.render(rep, "json"))
    assert table == list(csv.reader(io.StringIO(formats.render(english, "csv"))))
    assert tuple(table[0]) == exports.CSV_COLUMNS and {row[9] for row in table[1:]} == {"yes", "no"}
    assert document == json.loads(formats.render(english, "json"))
    assert exports.from_dict(document).rows == english.rows


def test_no_english_is_found_where_there_is_none():
    """The check above can fail: the English page holds the English sentences it looks for."""
    rep = exports.from_dict(json.loads(Path(__file__).with_name("golden").joinpath("short-1973.json").read_text()))
    assert "Final standings" in english_left(formats.render(rep, "md"), "de")


@pytest.mark.parametrize(("code", "length"), [("en", "4 min."), ("de", "4 Min."), ("fr", "4 min."), ("es", "4 min.")])
def test_the_facts_end_with_one_period_after_an_abbreviation(game, code, length):
    """The German Markdown export said "4 Min..": the sentence of facts ends with the length, which German writes
    with an abbreviation's period (review of the language nights, issue 36); one period shows, in every export."""
    session, _ = game
    with speaking(code):
        rep = report(session, story=True)
        rep = replace(rep, ended=(parse_time(rep.created) + timedelta(minutes=4, seconds=10)).isoformat())
        pages = {fmt: formats.render(rep, fmt) for fmt in ("md", "html", "recap")}
    for fmt, page in pages.items():
        text = page if fmt == "md" else read_page(page)[1]
        assert f", {length} " in text or text.count(f", {length}\n") == 1, (fmt, text)
        assert ".." not in text.replace("...", ""), (fmt, text)


TURN = {"de": "Runde", "fr": "tour", "es": "turno"}
"""A turn's number is said with one word in each language, on the phone pages, the exports and the CLI alike (the
table's is the TUI's catalogue): German "Runde", never "Zug" beside it (review of the language nights, issue 36)."""


@pytest.mark.parametrize("code", SPOKEN)
def test_a_turn_s_number_is_said_with_one_word(code):
    for domain in ("web", "reports", "cli"):
        po = read_po((LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po").open("rb"))
        for m in po:
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            said = [m.string] if isinstance(m.string, str) else list(m.string or ())
            numbered = [s for i, s in zip(ids, said, strict=False) if re.search(r"\bturns? \{\w+\}", i)]
            for s in numbered:
                assert re.search(rf"\b{TURN[code]}\b", s, re.IGNORECASE), (domain, m.id, s)
