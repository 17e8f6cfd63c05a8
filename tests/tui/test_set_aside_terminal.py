"""Issue 30, "Nothing recorded that nobody meant", in a real terminal: the installed ``banker`` in tmux, each of the
issue's reproductions sent in one burst (one ``send-keys``: one write, as a fast banker types), with the journal
(``banker log``) and the balances (``banker state --json``) as the oracle.

A dialog the app opens on its own (the ways to raise money after a payment the player cannot make, the maths
question) or a refusal in a dialog takes no key typed before it showed: those keys are set aside, the dialog says so,
nothing is recorded in it; once it is closed, Ctrl+R types them again where they were meant (banker.tui.keyorder).
"""

from __future__ import annotations

from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS

DIALOG_TOP = "▀▀▀▀▀▀▀▀▀▀"
SET_ASIDE = "was typed before this opened and not used"
# Clemens holds Boardwalk and Park Place and $750: a payment of $1,100 opens the ways to raise the money.
CLEMENS = ("new standard Anna Bea Clemens", "buy clemens boardwalk", "buy clemens park place")
# Anna's Park Place has 3 houses ($1,100 rent); Bea has $1,080 and four deeds to mortgage: $20 short.
PARK = (
    "new standard Anna Bea Clemens",
    "collect anna 1000",
    "buy anna park place",
    "buy anna boardwalk",
    "build anna park place 6",
    "buy bea reading",
    "buy bea mediterranean",
    "buy bea baltic",
    "buy bea oriental",
)


def played(term: Terminal, *lines: str) -> tuple[list[str], dict]:
    term.play(*lines)
    term.launch(ready="Quit")
    return term.records()


def test_a_payment_too_large_then_go_records_nothing_in_the_dialog(tmp_path):
    """Reproduction: `/` `pay clemens 1100` Enter `go anna` Enter recorded a mortgage nobody chose (the space of "go
    anna" ticked a row, its Enter raised and paid) and lost Anna's salary. Now the keys are set aside, nothing is
    recorded, and Ctrl+R once the dialog is closed records the salary on the command line."""
    with Terminal(tmp_path) as term:
        before, state = played(term, *CLEMENS)
        term.keys("/")
        term.type("pay clemens 1100")
        term.keys("Enter")
        term.type("go anna")
        term.keys("Enter")
        screen = term.wait_for(SET_ASIDE)
        assert "`go anna ⏎`" in screen and "Clemens cannot pay $1,100" in screen
        term.idle()
        assert term.records() == (before, state), "nothing recorded in the dialog"
        term.escape(lambda s: DIALOG_TOP not in s, "the dialog to close")
        term.wait_for("Ctrl+R types it now")
        term.keys("C-r")
        term.wait_journal(len(before) + 1)
        term.idle()
        typed, after = term.records()
        assert typed == [*before, "go anna"]
        assert [p["cash"] for p in after["players"]] == [1700, 1500, 750]  # the salary; Clemens still owes


def test_an_amount_too_large_never_makes_bea_bankrupt(tmp_path):
    """Reproduction: `pay bea 99999` Enter (a typo for 99), `buy bea boardwlk` Enter, `buy bea marvin` Enter made
    Bea bankrupt while she held $1,500: with nothing to sell the Bankruptcy button had the focus, Enter asked, and
    the y of "buy" said yes. Now nothing is recorded; Enter typed in the dialog explains; x then y does not record a
    bankruptcy either (the word bankrupt, typed whole, does)."""
    with Terminal(tmp_path) as term:
        before, state = played(term, "new standard Anna Bea Clemens")
        term.keys("/")
        term.type("pay bea 99999")
        term.keys("Enter")
        term.type("buy bea boardwlk")
        term.keys("Enter")
        term.type("buy bea marvin")
        term.keys("Enter")
        term.wait_for(SET_ASIDE)
        term.idle()
        assert term.records() == (before, state)
        term.keys("Enter")  # typed once the dialog is on show: it explains, and asks nothing
        term.wait_for("Bea has nothing to sell or mortgage")
        term.keys("x")
        term.wait_for("type bankrupt, then Enter")
        term.keys("y", "Enter")
        term.wait_for('"y" is not bankrupt')
        term.idle()
        typed, now = term.records()
        assert typed == before and not any(p["bankrupt"] for p in now["players"]), now


def test_from_the_table_rent_too_large_then_next_and_buy(tmp_path):
    """Reproduction: from the table, `n r park Enter n b st j Enter` recorded a mortgage (the space ticked a row, the
    Enter raised and paid) and lost the next turn and the purchase. Now only the first `n` and the rent's dialog
    act; Escape, then Ctrl+R, records the next turn and the purchase as they were typed."""
    with Terminal(tmp_path) as term:
        before, state = played(term, *PARK)
        term.keys("n", "r")
        term.type("park")
        term.keys("Enter", "n", "b")
        term.type("st j")
        term.keys("Enter")
        term.wait_for("was typed before this opened")
        term.idle()
        typed, now = term.records()
        assert typed == [*before, "next"], typed
        assert [p["cash"] for p in now["players"]] == [p["cash"] for p in state["players"]]
        term.escape(lambda s: DIALOG_TOP not in s, "the dialog to close")
        term.keys("C-r")
        term.wait_journal(len(before) + 3)
        term.idle()
        typed, _ = term.records()
        assert typed == [*before, "next", "next", "buy Clemens St. James Place"], typed


def test_the_maths_answer_field_takes_no_command_typed_ahead(tmp_path):
    """Reproduction: the maths-mode answer field swallowed the commands typed after the payment. Now they are set
    aside; the player's answer, typed once the question is on show, records the rent; Ctrl+R then the salary."""
    with Terminal(tmp_path) as term:
        term.play("new standard Ann Bob", "buy ann boardwalk", "buy ann park place")
        term.banker("maths", "bob")
        term.launch(ready="Quit")
        before, state = term.records()
        term.keys("/")
        term.type("rent bob boardwalk")
        term.keys("Enter")
        term.type("go ann")
        term.keys("Enter")
        term.wait_for(SET_ASIDE)
        term.idle()
        assert term.records() == (before, state)
        term.type("100")
        term.keys("Enter")
        term.wait_for("Ctrl+R types it now")
        term.keys("C-r")
        term.wait_journal(len(before) + 2)
        term.idle()
        assert term.typed() == [*before, "rent bob boardwalk", "go ann"]


def test_keys_typed_in_the_reaction_time_are_set_aside(tmp_path):
    """Typed at a banker's speed, not in one burst: the payment, and once the dialog is drawn (a banker who has not
    looked up yet) the next command at once. With the app's reaction time (here 3 s, so a loaded machine is never
    too slow for it) the command is set aside all the same."""
    with Terminal(tmp_path, reaction_ms=3000) as term:
        before, state = played(term, *CLEMENS)
        term.keys("/")
        term.type("pay clemens 1100")
        term.keys("Enter")
        term.wait_for("Clemens cannot pay $1,100")
        term.type("go anna")
        term.keys("Enter")
        assert "`go anna ⏎`" in term.wait_for(SET_ASIDE)
        term.idle()
        assert term.records() == (before, state)


def test_keys_set_aside_at_a_take_over_refusal_never_reach_the_table(tmp_path):
    """Reproduction (game-night review, 80x24): on the take-over screen `bob` Enter in Holds was refused and the rest
    of the burst (`800⏎orie⇥1⏎verm⇥5⏎`) set aside. The screen kept them, and said so, through every line recorded
    after; Ctrl+S offered them on the table, where Ctrl+R played them as table keys (`o` turned the phones on). They
    were typed for what came after the refused line: once a line is recorded there, they are offered there, the line
    saying so goes, the next other key drops them, and nothing reaches the table."""
    with Terminal(tmp_path, 80, 24) as term:
        term.launch(ready="New game")
        term.press("n", "ann bob cy", "C-t")
        term.wait_for("Take over from the board")
        term.press("Tab", "Tab")  # from the player, past the cash, to Holds
        term.keys("b", "o", "b", "Enter", "8", "0", "0", "Enter", "o", "r", "i", "e", "Tab", "1", "Enter")
        term.keys("v", "e", "r", "m", "Tab", "5", "Enter")  # the rest of the same burst
        screen = term.wait_for("was typed before the refusal and not used")
        assert 'no deed called "bob"' in screen
        term.idle()
        assert term.typed() == []
        term.press("C-u", "oriental", "Tab", "1", "Enter")
        term.wait_journal(1)
        screen = term.wait_for("Keys set aside")  # offered here, where they were meant (Ctrl+R types them)
        assert "was typed before the refusal" not in screen
        term.press("verm", "Tab", "1", "Enter")  # any other key drops them
        term.wait_journal(2)
        term.press("conn", "Tab", "1", "Enter")  # the group whole: the position stands
        term.wait_journal(3)
        term.press("C-s")
        term.wait_until(lambda s: "n Next" in s, "the table after Ctrl+S")
        term.keys("C-r")
        screen = term.idle()
        assert "Phone pages" not in screen and DIALOG_TOP not in screen and "n Next" in screen
        deeds = ("Oriental", "Vermont", "Connecticut")
        assert term.typed() == [f"position ann owns {deed} Avenue 1 house" for deed in deeds]
