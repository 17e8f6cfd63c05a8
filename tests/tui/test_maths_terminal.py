"""The maths mode in a real terminal (tmux): Bob is in maths mode; rent he pays is asked of him first. A wrong
answer shows the engine's working and records nothing; the right one records the command as it was; F2 reveals
the answer of a payment from the rent dialog; Escape records nothing. The journal (``banker log``) and the
balances (``banker state --json``) are the oracle: never another amount than the engine's."""

from __future__ import annotations

from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS

QUESTION = "How much does Bob pay Ann?"


def test_a_wrong_then_a_right_answer(tmp_path):
    with Terminal(tmp_path, 100, 30) as term:
        term.play("new standard Ann Bob", "buy ann boardwalk", "buy ann park place")
        assert "maths mode on for Bob" in term.banker("maths", "bob").stdout
        term.launch()
        term.command_line()
        term.run_line("rent bob boardwalk")
        term.wait_for(QUESTION)
        assert term.typed() == ["buy ann boardwalk", "buy ann park place"]  # asked first: nothing recorded yet
        term.type("40")
        term.keys("Enter")
        screen = term.wait_for("Not $40.")
        assert "The working: Boardwalk, full set, unimproved, 2 x $50." in " ".join(screen.split())
        assert len(term.journal()) == 2
        term.type("100")
        term.keys("Enter")
        term.wait_gone(QUESTION)
        typed, state = term.records()
        assert typed[-1] == "rent bob boardwalk"
        assert [p["cash"] for p in state["players"]] == [1500 - 750 + 100, 1500 - 100]
        # from the rent dialog this time: F2 shows the answer, Enter records it
        term.leave_command_line()
        term.keys("r")
        term.wait_for("Landed on")
        term.type("park")
        term.keys("Tab", "C-u")  # the payer starts as the player whose turn it is
        term.type("bob")
        term.keys("Enter")
        term.wait_for(QUESTION)
        term.keys("F2")
        term.wait_for("The answer: Bob pays Ann $70")
        term.keys("Enter")
        term.wait_gone(QUESTION)
        assert term.typed()[-1].startswith("rent Bob Park Place") and len(term.journal()) == 4
        # Escape: nothing recorded
        term.command_line()
        term.run_line("rent bob boardwalk")
        term.wait_for(QUESTION)
        term.escape(lambda s: QUESTION not in s, "the maths dialog to close")
        term.wait_for("Not recorded: `rent bob boardwalk`")
        assert len(term.journal()) == 4
        assert [p["cash"] for p in term.state()["players"]] == [1500 - 750 + 170, 1500 - 170]
        term.quit()
