"""``banker`` in the banker's language (issue 36): its help, its refusals and its words about a game in German,
French and Spanish; what a program reads (``--json``, the journal's lines) the same in every language."""

from __future__ import annotations

import json

import pytest

from banker.cli.main import main
from tests.kit.journal import db_path, make_game
from tests.kit.languages import SPOKEN, banker_speaks

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
    "fr": "commande inconnue « frob » ; les commandes sont accord, acheter,",
    "es": "orden desconocida «frob»; las órdenes son acuerdo, alquiler,",
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


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:  # --help
        status = int(stop.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("code", SPOKEN)
def test_help_in_the_language(capsys, code):
    with banker_speaks(code):
        status, out, _ = run(capsys, "--help")
    assert status == 0
    for words in HELP[code]:
        assert words in out, out
    for english in ("usage:", "positional arguments", "start a game and print its id", "show this help message"):
        assert english not in out, english
    with banker_speaks(code):
        status, out, _ = run(capsys, "export", "--help")
    words = " ".join(out.split())
    assert status == 0 and "(default md)" not in words and "md (Markdown)" in words and "recap (Recap)" not in words


@pytest.mark.parametrize("code", SPOKEN)
def test_a_refusal_in_the_language(capsys, code):
    with banker_speaks(code):
        status, _, err = run(capsys, "state", "0")
    assert (status, err.strip()) == (2, REFUSED[code])
    make_game(db_path(), ("Ann", "Bob"))
    with banker_speaks(code):
        status, _, err = run(capsys, "do", "frob", "ann")
    assert status == 2 and UNKNOWN[code] in err, err


@pytest.mark.parametrize("code", SPOKEN)
def test_state_in_words_in_the_language_and_json_as_it_is(capsys, code):
    make_game(db_path(), ("Ann", "Bob"), ["buy ann park place", "buy ann boardwalk", "build ann park place"])
    _, english, _ = run(capsys, "state", "--json")
    with banker_speaks(code):
        status, out, _ = run(capsys, "state")
        assert status == 0
        for words in STATE[code]:
            assert words in out, out
        assert run(capsys, "state", "--json")[1] == english


def test_a_german_line_is_journalled_as_the_english_verb(capsys):
    make_game(db_path(), ("Ann", "Bob"), settings=None)
    with banker_speaks("de"):
        assert run(capsys, "do", "kaufe", "ann", "boardwalk")[0] == 0
        status, out, _ = run(capsys, "log")
    assert status == 0 and "buy ann boardwalk" in out and "kaufe" not in out
    export = json.loads(run(capsys, "export", "--format", "json")[1])
    assert export["standings"][0]["deeds"] == 400
