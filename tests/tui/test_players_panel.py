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
from tests.tui.speaking import banker_language

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


@pytest.mark.parametrize("code", ["en", "de", "fr"])
async def test_the_players_cash_and_worth_stand_in_columns(code):
    """The German table showed "Ben      5.200 DM  Wert…" under "30.200 DM  Wert…", the French "$550  valeur" under
    "$1,200  valeur" (review of the language nights, issue 36): on one line a player, the cash is aligned right in
    the widest player's, whatever the edition writes, and follows the game as a fortune grows a digit."""
    db = db_path()
    make_game(db, names=("Ann", "Ben", "Cy"), lines=["pay cy 1450"])
    with banker_language(code):
        app = make_app(db)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            cards = [app.screen.query_one(f"#player-{i}", PlayerCard) for i in range(3)]
            assert all(card.one_line for card in cards)

            def ends() -> set[int]:
                lines = [str(card.render().plain) for card in cards]
                return {line.index(card.cash) + len(card.cash) for line, card in zip(lines, cards, strict=True)}

            assert len(ends()) == 1, [str(card.render().plain) for card in cards]
            assert app.run_command("collect ann 10000").ok  # Ann's cash grows a digit: the others follow
            await settled(pilot)
            assert len(ends()) == 1, [str(card.render().plain) for card in cards]
