"""The installed ``banker`` in a real terminal (tmux, 120x40): start a game, record rent by typed command, quit,
relaunch and see the same balances. Exercises the entry point, start-up and a real terminal's key handling."""

from __future__ import annotations

from tests.kit.patience import scaled
from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS


def test_rent_survives_a_restart_in_a_real_terminal(tmp_path):
    with Terminal(tmp_path) as term:
        term.banker("new", "standard", "ann", "bob")
        term.do("buy ann boardwalk")
        term.launch()
        term.wait_for("Boardwalk")
        term.command_line()
        term.run_line("rent bob boardwalk")
        screen = term.wait_for("bob pays ann $50")
        assert "worth $1,550" in screen  # bob: $1,500 - $50 rent; ann: $1,100 cash + $400 deed + $50
        term.quit()
        screen = term.launch()
        screen = term.wait_for("bob pays ann $50")
        assert "worth $1,450" in screen and "worth $1,550" in screen
        term.quit()


def _visible(page: str) -> str:
    """A phone page's text as shown: its script (whose `${...}` is code, not money) left out."""
    import re

    return re.sub(r"(?s)<script.*?</script>", "", page)


def test_a_uk_game_shows_no_dollar_in_a_real_terminal(tmp_path):
    """Issue 24: a UK game through the installed app at 120x40: a Chance card (the UK deck) and the tax dialog, the
    standings, help and the phone pages, and every export, with no dollar sign anywhere."""
    from urllib.request import urlopen

    from banker.reports import formats

    with Terminal(tmp_path) as term:
        term.banker("new", "standard", "ann", "bob", "--edition", "uk")
        term.do("buy ann mayfair")
        screens = [term.launch()]
        assert "rent bob mayfair" in screens[0]  # the command line's example is the board's own
        term.keys("k")
        screens.append(term.wait_for("Chance / Community Chest"))
        term.type("trafalgar")
        term.keys("Enter")
        screens.append(term.wait_for('ann draws Chance "Advance to Trafalgar Square. If you pass Go collect £200"'))
        term.keys("t")
        screens.append(term.wait_for("Income tax: choose £200 or 10%"))
        term.type("200")
        term.keys("Enter")
        screens.append(term.wait_for("ann pays the £200 Income Tax to the bank"))
        term.keys("w")
        screens.append(term.wait_for("Valuation"))
        assert "£" in screens[-1]
        term.escape(lambda s: "Valuation" not in s, "the standings to close")
        term.keys("?")
        screens.append(term.wait_for("Banker help"))
        term.escape(lambda s: "Bankrupt" in s, "help to close")
        term.keys("o")
        phones = term.wait_until(lambda s: s.count("http://") >= 3, "the server's address and the players' links")
        screens.append(phones)
        links = sorted({w for w in phones.split() if w.startswith("http://") and w.count("/") == 3})
        assert len(links) >= 2, phones  # ann's and bob's (the table's is further down)
        for link in links:
            with urlopen(link, timeout=scaled(10)) as reply:
                page = _visible(reply.read().decode("utf-8"))
            assert ("£900" in page or "£1,500" in page) and "$" not in page, link
        for screen in screens:
            assert "$" not in screen, screen
        log = term.journal()
        assert len(log) == 3 and not any("$" in line for line in log)
        for form in formats.FORMATS:
            out = term.banker("export", "--format", form.key).stdout
            assert "$" not in out and ("£" in out or form.key == "csv"), form.key
        term.escape()
        term.quit()
