"""Valuation and standings (seed 000, RULES for a SHORT GAME rule 3; seed 003, SHORT GAME rule 5)."""

from rules import apply
from rules.actions import Bankrupt
from rules.codec import state_from_dict, state_to_dict
from rules.valuation import standings, valuation, valuation_rule
from tests.kit.games import fresh, own, set_cash


def test_worth_seed000_short_rule3():
    s = fresh(3, "short-1973")
    s = own(s, 0, "Boardwalk", mortgaged=True)  # half of $400
    s = own(s, 0, "Park Place", s.hotel_level)  # $350 + hotel at 4 x $200 (3 houses turned in + the hotel)
    s = own(s, 0, "Baltic", 2)  # $60 + 2 x $50
    w = valuation(s, 0)
    assert (w.cash, w.deeds, w.mortgaged, w.houses, w.hotels) == (1500, 410, 200, 2, 1)
    assert w.buildings == 4 * 200 + 2 * 50
    assert w.total == 1500 + 410 + 200 + 900


def test_standings_rank_ties_share_and_bankrupt_last():
    s = set_cash(fresh(4), 1, 1700)
    s = set_cash(s, 3, 0).with_player(3, bankrupt=True)
    table = standings(s)
    assert [(t.rank, t.name) for t in table] == [(1, "Bob"), (2, "Ann"), (2, "Cy"), (4, "Dee")]
    assert table[-1].bankrupt and table[0].total == 1700


def test_valuation_rule_cites_the_seed():
    assert "seed 000" in valuation_rule(fresh(3, "short-1973")) and "3 houses" in valuation_rule(fresh(3, "short-1973"))
    assert "4 houses" in valuation_rule(fresh())


def test_the_1990s_short_game_values_by_its_own_book_seed003():
    """seed 003, RULES for a SHORT GAME, rule 5: "The remaining players value their property" (issue 22: the 1990s
    short game cited seed 000)."""
    rule = valuation_rule(fresh(3, "short-1990s"))
    assert rule.startswith("seed 003, RULES for a SHORT GAME, rule 5") and "3 houses" in rule
    assert valuation_rule(fresh(3, "time-limit")).startswith("seed 000")


def _out(state, *names):
    """``names`` go bankrupt to the bank, in this order (seed 000, BANKRUPTCY)."""
    for name in names:
        state = apply(state, Bankrupt(name)).state
    return state


def test_ruling_bankrupt_players_rank_below_everyone_in_the_later_out_the_higher():
    """docs/rulings.md, "Bankrupt players": the books rank nobody who retired; the one who lasted longer ranks
    higher, whatever the order of seats or the cash they had."""
    s = set_cash(fresh(5), 0, 3000)  # Ann, the richest, goes out second: she still ranks below everyone in
    s = _out(s, "Cy", "Ann", "Eve")
    assert [p.out_order for p in s.players] == [2, 0, 1, 0, 3]
    s = set_cash(s, 3, 1600)
    table = standings(s)
    assert [(t.rank, t.name, t.bankrupt) for t in table] == [
        (1, "Dee", False),
        (2, "Bob", False),
        (3, "Eve", True),
        (4, "Ann", True),
        (5, "Cy", True),
    ]


def test_ruling_bankrupt_order_unknown_in_an_old_checkpoint_ranks_last():
    """A checkpoint saved before the order was recorded has no ``out_order``: it decodes as 0 (order unknown), such
    players share the last rank, and a bankruptcy after it still ranks above them (its order counts on from
    ``GameState.bankruptcies``)."""
    s = _out(fresh(5), "Cy", "Ann")
    old = state_to_dict(s)
    for p in old["players"]:
        del p["out_order"]
    s = state_from_dict(old)
    assert [p.out_order for p in s.players] == [0, 0, 0, 0, 0]
    s = _out(s, "Eve")
    table = standings(s)
    assert [(t.rank, t.name) for t in table][2:] == [(3, "Eve"), (4, "Ann"), (4, "Cy")]


def test_standings_mark_the_winner_once_the_game_is_over_seed000_short_rule3():
    """The standing is the one record of a player's place: the winner is marked on it, by the rules (the richest
    once the game is over; a tie for first is nobody's win, docs/rulings.md), never while play goes on."""
    from dataclasses import replace

    from rules.valuation import winner, winner_of

    s = set_cash(fresh(3), 1, 1700)
    assert not any(t.winner for t in standings(s)) and winner(s) is None
    over = replace(s, over=True, end_reason="by agreement")
    assert [(t.name, t.winner) for t in standings(over)] == [("Bob", True), ("Ann", False), ("Cy", False)]
    assert winner(over) == winner_of(standings(over)) == "Bob"
    tied = replace(set_cash(s, 0, 1700), over=True)
    assert not any(t.winner for t in standings(tied)) and winner(tied) is None and winner_of(standings(tied)) is None
