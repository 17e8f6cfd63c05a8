"""Valuation and standings (seed 000, RULES for a SHORT GAME rule 3; seed 003, SHORT GAME rule 5)."""

from rules.valuation import standings, valuation_rule, worth
from tests.rules.support import game, own, set_cash


def test_worth_seed000_short_rule3():
    s = game(3, "short-1973")
    s = own(s, 0, "Boardwalk", mortgaged=True)       # half of $400
    s = own(s, 0, "Park Place", s.hotel_level)       # $350 + hotel at 4 x $200 (3 houses turned in + the hotel)
    s = own(s, 0, "Baltic", 2)                       # $60 + 2 x $50
    w = worth(s, 0)
    assert (w.cash, w.deeds, w.mortgaged, w.houses, w.hotels) == (1500, 410, 200, 2, 1)
    assert w.buildings == 4 * 200 + 2 * 50
    assert w.total == 1500 + 410 + 200 + 900


def test_standings_rank_ties_share_and_bankrupt_last():
    s = set_cash(game(4), 1, 1700)
    s = set_cash(s, 3, 0).with_player(3, bankrupt=True)
    table = standings(s)
    assert [(t.rank, t.name) for t in table] == [(1, "Bob"), (2, "Ann"), (2, "Cy"), (4, "Dee")]
    assert table[-1].bankrupt and table[0].total == 1700


def test_valuation_rule_cites_the_seed():
    assert "seed 000" in valuation_rule(game(3, "short-1973")) and "3 houses" in valuation_rule(game(3, "short-1973"))
    assert "4 houses" in valuation_rule(game())
