"""``banker`` in the banker's language (issue 36), chosen as a family chooses it (``LANGUAGE=de``; the settings'
``language`` is read the same way: tests/core/test_language.py): its help, its refusals and its words about a game
in German, French and Spanish; what a program reads (``--json``, the journal's lines) the same in every language."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from banker.catalogues import TRANSLATED as SPOKEN
from banker.cli.main import main
from banker.reports.cells import cells
from rules import Settings
from tests.kit.journal import db_path, make_game
from tests.kit.patience import scaled

BANKER = Path(sys.executable).with_name("banker")

HELP = {
    "de": ("Aufruf: banker", "Positionsargumente", "ein Spiel beginnen und seine Nummer ausgeben"),
    "fr": ("usage : banker", "arguments positionnels", "commencer une partie et afficher son numéro"),
    "es": ("uso: banker", "argumentos posicionales", "empezar una partida y mostrar su número"),
}
REFUSED = {
    "de": "banker state: Argument game: eine Spielnummer ist eine ganze Zahl ab 1 (nicht '0') (siehe banker state "
    "--help)",
    "fr": "banker state: argument game : un numéro de partie est un nombre entier à partir de 1 (pas '0') (voir "
    "banker state --help)",
    "es": "banker state: argumento game: un número de partida es un número entero desde 1 (no '0') (ver banker state "
    "--help)",
}
UNKNOWN = {
    "de": "unbekannter Befehl „frob“; die Befehle sind absprache, baue,",
    "fr": 'commande inconnue "frob" ; les commandes sont accord, acheter,',
    "es": 'orden desconocida "frob"; las órdenes son acuerdo, alquiler,',
}
STATE = {
    "de": (
        "Spiel 1: standard (us), Runde 1: Ann",
        "Bargeld",
        "Vermögen",
        "Park Place 1 Haus",
        "Bank: 31 Häuser, 12 Hotels",
    ),
    "fr": ("partie 1 : standard (us), tour 1 : Ann", "argent", "fortune", "Park Place 1 maison", "banque : 31 maisons"),
    "es": ("partida 1: standard (us), turno 1: Ann", "dinero", "patrimonio", "Park Place 1 casa", "banca: 31 casas"),
}


@pytest.fixture
def speak(monkeypatch):
    """The environment says the language, as ``LANGUAGE=de banker ...`` does."""
    return lambda code: monkeypatch.setenv("LANGUAGE", code)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:  # --help
        status = int(stop.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("code", SPOKEN)
def test_help_in_the_language(capsys, speak, code):
    speak(code)
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for words in HELP[code]:
        assert words in out, out
    for english in ("usage:", "positional arguments", "start a game and print its id", "show this help message"):
        assert english not in out, english
    status, out, _ = run(capsys, "export", "--help")
    words = " ".join(out.split())
    assert status == 0 and "(default md)" not in words and "md (Markdown)" in words and "recap (Recap)" not in words


@pytest.mark.parametrize("code", SPOKEN)
def test_a_refusal_in_the_language(capsys, speak, code):
    speak(code)
    status, _, err = run(capsys, "state", "0")
    assert (status, err.strip()) == (2, REFUSED[code])
    make_game(db_path(), ("Ann", "Bob"))
    status, _, err = run(capsys, "do", "frob", "ann")
    assert status == 2 and UNKNOWN[code] in err, err


@pytest.mark.parametrize("code", SPOKEN)
def test_state_in_words_in_the_language_and_json_as_it_is(capsys, speak, code):
    make_game(db_path(), ("Ann", "Bob"), ["buy ann park place", "buy ann boardwalk", "build ann park place"])
    _, english, _ = run(capsys, "state", "--json")
    speak(code)
    status, out, _ = run(capsys, "state")
    assert status == 0
    for words in STATE[code]:
        assert words in out, out
    assert run(capsys, "state", "--json")[1] == english


def test_a_german_line_is_journalled_as_the_english_verb(capsys, speak):
    make_game(db_path(), ("Ann", "Bob"))
    speak("de")
    assert run(capsys, "do", "kaufe", "ann", "boardwalk")[0] == 0
    status, out, _ = run(capsys, "log")
    assert status == 0 and "buy ann boardwalk" in out and "kaufe" not in out
    export = json.loads(run(capsys, "export", "--format", "json")[1])
    assert export["standings"][0]["deeds"] == 400


@pytest.mark.skipif(not BANKER.exists(), reason="the banker script is not installed")
@pytest.mark.parametrize("code", SPOKEN)
def test_the_installed_banker_speaks_the_language_of_its_environment(code):
    """``LANGUAGE=de banker --help`` and a refusal of ``banker do``, as a person runs them."""
    env = {**os.environ, "LANGUAGE": code}
    done = subprocess.run([BANKER, "--help"], env=env, capture_output=True, text=True, timeout=scaled(60))
    assert done.returncode == 0 and HELP[code][0] in done.stdout and HELP[code][2] in done.stdout
    make_game(db_path(), ("Ann", "Bob"))
    done = subprocess.run([BANKER, "do", "frob"], env=env, capture_output=True, text=True, timeout=scaled(60))
    assert done.returncode == 2 and UNKNOWN[code] in done.stderr, done.stderr


@pytest.mark.parametrize("code", ["en", *SPOKEN])
def test_state_and_editions_line_up_their_columns_in_the_language(capsys, speak, code):
    """German ``banker editions`` drifted a cell on the ``uk`` row (its decks, "uk, classic, 2008", longer than the
    column), and the cash of ``banker state`` was aligned to a fixed width a DM fortune outgrows (review of the
    language nights, issue 36): each column is as wide as its widest cell, an amount aligned right by its printed
    width, counted in the cells a terminal shows."""
    settings = Settings(edition="de-dm", cards="de-dm")
    make_game(db_path(), ("Ann", "Benedikt", "Zoe\u0308"), ["collect ann 1000000", "pay zoe 25000"], settings)
    speak(code)
    status, out, _ = run(capsys, "state")
    rows = [line for line in out.splitlines() if line.startswith("  ") and " DM, " in line]
    assert status == 0 and len(rows) == 3, out
    ends = {cells(row.split(", ")[0]) for row in rows}  # where each cash amount ends: one column
    assert len(ends) == 1 and "1.030.000 DM" in rows[0] and "     5.000 DM" in rows[2], out
    status, out, _ = run(capsys, "editions")
    lines = out.splitlines()
    file_column = {cells(line[: line.index("/")]) for line in lines if line.endswith(".toml")}
    assert status == 0 and len(file_column) == 1, out  # every file starts in one column, the uk row's too
