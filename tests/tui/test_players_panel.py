"""The players' panel as a banker reads it (a pilot at the sizes of a game night): the jail turn and the jail cards
are never cut. Found at 120x40: Ann, just sent to jail with two Get Out of Jail Free cards, read "jail: just sent ·
2 jai…" (at 80x24 the same line read in full; with five players, two columns of one line each, it was cut
there too)."""

from __future__ import annotations

import pytest

from banker.tui.app import make_app
from banker.tui.widgets.players import PlayerCard
from tests.kit.journal import db_path, make_game
from tests.kit.waits import settled

TWO_CARDS_JUST_SENT = ["card ann chance get out of jail", "card ann chest get out of jail", "jail ann"]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("names", [("Ann", "Bob", "Cy"), ("Ann", "Bob", "Cy", "Dee", "Eve")], ids=["3", "5"])
async def test_the_jail_turn_and_the_cards_are_never_cut(size, names):
    db = db_path()
    make_game(db, names=names, lines=TWO_CARDS_JUST_SENT)
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        card = app.screen.query_one("#player-0", PlayerCard)
        assert card.jail and card.cards == "2 jail cards"
        shown = str(card.render().plain)
        lines = shown.splitlines()
        assert len(lines) <= card.size.height, (lines, card.size)
        assert all(len(line) <= card.size.width for line in lines), lines
        assert "…" not in shown, shown
        # one line a player (below 100 columns), two columns of them beyond four: "2 cards" where it must be
        assert "2 jail cards" in shown or (card.one_line and "2 cards" in shown), shown
        assert "just sent" in shown, shown
