"""Corrections (issue 35; docs/rulings.md, "Corrections"): money between a player and the bank, recorded as a
correction with its reason, never as a payment, and never below nothing (seed 000, BANKRUPTCY: a debt to the bank
is raised as any other)."""

from __future__ import annotations

import re

import pytest

from rules import CannotPay, apply
from rules.actions import Correction, PositionCash
from rules.outcome import BANK, Transfer, TransferKind
from tests.kit.games import fresh, game, ok, refused


def test_a_correction_takes_money_back_with_its_reason():
    out = ok(game(), Correction("Ann", -50, "change given twice"))
    assert out.state.players[0].cash == 1450
    assert out.summary == "Correction: Ann pays the bank $50 (change given twice)"
    assert out.transfers == (Transfer("Ann", BANK, 50, TransferKind.CORRECTION),)


def test_a_correction_gives_money_from_the_bank():
    out = ok(game(edition="uk"), Correction("Bob", 20, "short-changed at the auction"))
    assert out.state.players[1].cash == 1520
    assert out.summary == "Correction: the bank pays Bob £20 (short-changed at the auction)"
    assert out.transfers == (Transfer(BANK, "Bob", 20, TransferKind.CORRECTION),)


def test_a_correction_is_play_not_set_up():
    """Before the first move it begins play (the position lines are the set-up's way to say what a player has)."""
    assert ok(fresh(2), Correction("Ann", 5, "found under the board")).state.started


def test_a_player_is_never_corrected_below_nothing_seed000_bankruptcy():
    error = refused(game(cash={"Ann": 30}), Correction("Ann", -50, "paid twice"), "Ann cannot pay \\$50", CannotPay)
    assert isinstance(error, CannotPay) and error.creditor == BANK and error.debt and error.missing == 20


@pytest.mark.parametrize(
    "action,match",
    [
        (Correction("Ann", 0, "nothing"), "not 0"),
        (Correction("Ann", 1_000_001, "absurd"), re.escape("$1 to $1,000,000")),
        (Correction("Ann", -5, ""), "say why"),
        (Correction("Ann", -5, "   "), "say why"),
        (Correction("Ann", -5, "x" * 81), "81 characters"),
        (Correction("Ann", -5, "two  spaces"), "one line of words"),
        (Correction("Ann", -5, "bell \x07"), "control character"),
        (Correction("Zed", -5, "nobody"), 'no player called "Zed"'),
    ],
)
def test_refused_corrections_change_nothing(action, match):
    refused(game(), action, match)


def test_a_bankrupt_player_is_not_corrected():
    refused(game(bankrupt=["Bob"]), Correction("Bob", 10, "late"), "bankrupt")


def test_a_position_line_after_play_names_the_correction():
    s = ok(fresh(2), Correction("Ann", 5, "found under the board")).state
    refused(s, PositionCash("Ann", 1000), "record a correction \\(`correct <player> <amount> <reason>`\\)")
    assert apply(s, Correction("Ann", -5, "it was Bob's")).state.players[0].cash == 1500
