"""Issue 21, "Type-ahead in order", in a real terminal: the installed ``banker`` in tmux, each reproduction sent once
in one burst (one ``send-keys``: one write to the terminal) and once a key at a time (each key typed once the one
before it has shown and the app is quiet: :meth:`Terminal.press`), with the journal (``banker log``) as the
oracle. Both must record what was meant, the same way. The two runs of a comparison are independent (their own
directory, database, tmux server and port) and run side by side, each in a thread.

Also issue 22's keyboard items: Escape then Enter typed quickly cancels (never read as Alt+Enter, which confirmed),
Ctrl+C on the table says how to quit in plain words, and the command palette survives PageUp at once.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar

import pytest

from tests.kit.terminal import MARKS, TEXT_COLUMN, Terminal

pytestmark = MARKS

DIALOG_TOP = "▀▀▀▀▀▀▀▀▀▀"
FOUR = "new standard Ann Bob Cy Dee"
# Cy holds the four railroads and $50 in cash: a $100 payment opens the ways to raise the money, one row a railroad.
RAILROADS = (
    FOUR,
    "buy cy reading",
    "buy cy pennsylvania railroad",
    "buy cy b&o",
    "buy cy short line",
    "pay cy 650",
)


T = TypeVar("T")


SEEN = "seen"
"""In a key list: the banker waits for the screen to show what the keys before it did before typing on (a dialog the
app opens on its own takes no key typed before it showed: issue 30)."""


def send(term: Terminal, keys: list[str], burst: bool) -> None:
    """``keys``: tmux key names (``Down``, ``Enter``, ``BTab``, ``C-s``) and text (``"st james"``, sent as typed);
    at :data:`SEEN`, until the app is done with the keys before it."""
    parts: list[list[str]] = [[]]
    for key in keys:
        if key == SEEN:
            parts.append([])
        else:
            parts[-1].append(key)
    for n, part in enumerate(parts):
        if n:
            term.idle()
        if part and burst:
            term.keys(*part)
        elif part:
            term.press(*part)


AT_ONCE = 4
"""Runs of one test side by side at most (each is one app in its own tmux server)."""


def side_by_side(*runs: Callable[[], T]) -> list[T]:
    """Independent runs at once (at most :data:`AT_ONCE`), each in a thread: each is tmux calls, ``banker``
    processes and waits. Their results in order, or the first failure."""
    with ThreadPoolExecutor(min(len(runs), AT_ONCE)) as pool:
        futures = [pool.submit(one) for one in runs]
        return [future.result() for future in futures]


def run(tmp_path, lines: tuple[str, ...], keys: list[str], burst: bool, done, what: str) -> tuple[list[str], str]:
    """Play ``lines``, launch, send ``keys``; wait for ``done(term, screen, new entries)`` and then for the app to be
    quiet (a key still on its way would show: an extra entry, a dialog left open); the lines typed since (``banker
    log``), and the screen."""
    with Terminal(tmp_path / ("burst" if burst else "slow")) as term:
        term.play(*lines)
        before = len(term.played())
        term.launch()
        send(term, keys, burst)
        term.wait_until(lambda s: done(term, s, (term.entries() or 0) - before), what)
        screen = term.idle()
        return [entry[TEXT_COLUMN:].split("  ")[0].strip() for entry in term.journal()[before:]], screen


def both(tmp_path, lines, keys, done, what) -> tuple[list[str], str]:
    (tmp_path / "burst").mkdir(parents=True)
    (tmp_path / "slow").mkdir(parents=True)
    burst, slow = side_by_side(
        partial(run, tmp_path, lines, keys, True, done, what), partial(run, tmp_path, lines, keys, False, done, what)
    )
    assert burst[0] == slow[0], f"in one burst: {burst[0]}\none by one: {slow[0]}"
    return burst


def journal_grew(n: int):
    """Done: ``n`` new journal entries, and no dialog open."""
    return lambda term, screen, new: DIALOG_TOP not in screen and new >= n


def test_cannot_pay_down_down_down_space_enter_mortgages_the_fourth_row(tmp_path):
    """Reproduction: Down Down Down Space Enter in one burst (meaning "mortgage Short Line") mortgaged the first
    row: Space ticked the row the cursor was on before the arrows typed ahead of it. (Typed once the dialog is on
    show: keys typed before it opened are set aside, issue 30.)"""
    lines = RAILROADS  # then "pay cy 100" on the command line: Cy has $50, so the ways to raise it open
    typed, _ = both(
        tmp_path,
        lines,
        ["/", "pay cy 100", "Enter", SEEN, "Down", "Down", "Down", "Space", "Enter"],
        journal_grew(2),
        "the mortgage and the payment",
    )
    assert [t.casefold() for t in typed] == ["mortgage cy short line", "pay cy 100"], typed


def test_rent_by_a_card_tab_tab_tab_space_enter(tmp_path):
    """Reproduction: r, read, Tab Tab Tab Space Enter quickly recorded the plain rent ($25): the Space went to the
    field being left. Sent by a card, a railroad's rent is twice (seed 000, CHANCE: "pay owner twice the
    rental")."""
    lines = (FOUR, "buy cy reading")
    typed, _ = both(
        tmp_path,
        lines,
        ["r", "read", "Tab", "Tab", "Tab", "Space", "Enter"],
        journal_grew(1),
        "the rent",
    )
    assert typed == ["rent Ann Reading Railroad card"], typed


def test_undo_to_here_down_down_enter(tmp_path):
    """Reproduction: U, Down Down Enter quickly acted on the first highlight (nothing to take back), showed the
    refusal behind the dialog and left it open."""
    lines = (FOUR, "go ann", "go bob", "go cy")
    typed, _ = both(tmp_path, lines, ["U", "Down", "Down", "Enter"], journal_grew(1), "the undo")
    assert typed[:1] == ["undo to 1"], typed  # the third row, newest first, is "go ann": what came after it goes


def test_auction_deed_then_bids_in_one_burst(tmp_path):
    """Reproduction: st james Enter 20 Enter 25 in one burst left "st james20" in the Deed field."""
    lines = (FOUR,)
    typed, _ = both(
        tmp_path,
        lines,
        ["a", "st james", "Enter", "20", "Enter", "25", "C-s"],
        journal_grew(1),
        "the auction",
    )
    assert typed == ["auction St. James Place Bob 25"], typed


def test_auction_rebid_replaces_the_old_bid(tmp_path):
    """Reproduction at human speed: when Enter came back round to a bidder the cursor sat after the old bid, so
    Dee's 10 then 15 became 1015 and Ctrl+S sold Park Place for $1,015. The bid is selected when entered."""
    lines = (FOUR,)
    typed, _ = both(
        tmp_path,
        lines,
        ["a", "park place", "Enter", "10", "Enter", "11", "Enter", "12", "Enter", "13", "Enter", "15", "C-s"],
        journal_grew(1),
        "the auction",
    )
    assert typed == ["auction Park Place Ann 15"], typed


def test_a_community_chest_card_in_few_keys(tmp_path):
    """Reproduction: the card dialog's deck started as "chance", so Shift+Tab and chest gave "chancechest", and
    every Community Chest card cost 16 keys. The deck now starts blank, meaning the one deck that has a card of the
    words typed: k, xmas, Enter; and a deck typed is taken as typed."""
    lines = (FOUR,)
    for typed, _ in side_by_side(
        partial(both, tmp_path / "xmas", lines, ["k", "xmas", "Enter"], journal_grew(1), "the card"),
        partial(
            both,
            tmp_path / "deck",
            lines,
            ["k", "BTab", "chest", "Tab", "bank error", "Enter"],
            journal_grew(1),
            "the card",
        ),
    ):
        assert len(typed) == 1 and typed[0].startswith("card Ann chest"), typed


def test_a_prefilled_payer_is_replaced(tmp_path):
    """Reproduction: the rent dialog's payer started with the current player, and typing appended (Bobcy)."""
    lines = (FOUR, "buy ann boardwalk")
    typed, _ = both(tmp_path, lines, ["r", "boardwalk", "Tab", "cy", "Enter"], journal_grew(1), "the rent")
    assert typed == ["rent Cy Boardwalk"], typed


def test_commands_typed_at_once_after_a_refused_line(tmp_path):
    """Reproduction: after a refused line the text stays (for correction), but a new command typed at once was
    glued onto it: a burst of commands after one refusal recorded none of them. The refused text is selected."""
    lines = (FOUR,)
    typed, _ = both(
        tmp_path,
        lines,
        ["/", "xyzzy", "Enter", "go ann", "Enter", "go bob", "Enter", "go cy", "Enter"],
        lambda term, s, new: new >= 3,
        "the three salaries",
    )
    assert typed == ["go ann", "go bob", "go cy"], typed


@pytest.mark.parametrize("burst", [True, False], ids=["burst", "slow"])
def test_palette_pageup_at_once_keeps_the_app(tmp_path, burst):
    """Reproduction: Ctrl+P then PageUp in one burst ended Banker with KeyError: 0 in OptionList._move_page."""
    with Terminal(tmp_path) as term:
        term.play(FOUR)
        term.launch()
        send(term, ["C-p", "PPage", "NPage", "PPage"], burst)
        term.idle()
        assert term.running(), "banker ended"
        for _ in range(2):  # the first Escape closes the palette's list, the second the palette
            term.escape()
        term.wait_until(lambda s: "🔎" not in s, "the palette to close")
        term.command_line()
        term.run_line("go ann")
        term.wait_journal(1)
        assert term.typed() == ["go ann"]


def test_escape_then_enter_at_once_cancels_the_dialog(tmp_path):
    """Issue 22: Escape then Enter within the terminal's escape delay reached Textual as Alt+Enter, read as Enter:
    the dialog the banker had just cancelled was recorded. Escape then Enter is now both keys: cancel, and Enter on
    the table does nothing."""
    with Terminal(tmp_path) as term:
        term.play(FOUR)
        term.launch()
        term.keys("g")
        term.wait_for("GO salary")
        term.keys("Escape", "Enter")  # one write: ESC CR
        term.wait_until(lambda s: DIALOG_TOP not in s, "the dialog to close")
        term.idle()  # an Enter read after the Escape would have recorded by now
        assert term.typed() == [], term.journal()


def test_escape_then_b_at_once_cancels_and_opens_buy(tmp_path):
    """Found in issue 20's game-night review: Escape then b (or f, or a digit) in one write is a sequence Textual's
    table reads as a Mac Option key (ESC b Ctrl+Left, ESC 1 "¡"): the Escape and the b were both lost, the rent
    dialog stayed open and the deed typed for Buy went into it. Now it is Escape, then b."""
    typed, _ = both(
        tmp_path,
        (FOUR,),
        ["r", "Escape", "b", "boardwalk", "Tab", "Enter"],
        journal_grew(1),
        "the purchase",
    )
    assert [t.casefold() for t in typed] == ["buy ann boardwalk"], typed


def test_keys_typed_before_the_app_has_the_terminal_are_recorded_in_order(tmp_path):
    """Found in issue 20's game-night review: keys typed while banker starts meet the terminal in its line mode,
    which turns Enter into a line feed (Ctrl+J to the app): the Enter was lost, the command line kept "pay ann 5",
    and the next command was typed onto it. A line feed is Enter now."""
    with Terminal(tmp_path) as term:
        term.play(FOUR)
        gate = tmp_path / "gate"
        term.launch(ready=None, gate=gate)  # the pane waits for the gate before it starts banker
        term.keys("/")
        term.type("pay ann 5")
        term.keys("Enter")
        term.type("pay bob 7")
        term.keys("Enter")
        term.wait_for("pay bob 7")  # the terminal echoes what it holds for banker, in its line mode
        term.open_gate(gate)
        term.wait_journal(len(term.played()) + 2)
        term.idle()
        assert term.typed()[-2:] == ["pay ann 5", "pay bob 7"], term.journal()


def test_ctrl_c_says_how_to_quit_in_plain_words(tmp_path):
    """Issue 22: Ctrl+C on the table showed Textual's raw markup, "Press [b]ctrl+q[/b] to quit the app"."""
    with Terminal(tmp_path) as term:
        term.play(FOUR)
        term.launch()
        term.keys("C-c")
        screen = term.wait_for("to quit")
        assert "[b]" not in screen and "[/b]" not in screen, screen
        assert term.running()


# Random bursts from every screen's keys: the app alive, no error, money and buildings conserved ---------------------
RANDOM_KEYS = int(__import__("os").environ.get("BANKER_RANDOM_KEYS", "300"))
"""Keys per terminal size (several thousand when run by hand: BANKER_RANDOM_KEYS=3000). The palette (Ctrl+P) is left
out: typed letters there can choose its Quit command, a quit meant as such (its keys have their own tests above)."""
ALPHABET = [
    *"rbapcghsmltkjx!dnuyw?/vU",  # the table's keys (never q: the run never quits)
    *"annbobcydee boardwalk park st james reading 0123456789$,",
    "Enter", "Tab", "BTab", "Escape", "Space", "BSpace", "C-u", "C-s", "C-c",
    "Up", "Down", "Left", "Right", "Home", "End", "PPage", "NPage",
]  # fmt: skip


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])  # the sizes a banker plays at
def test_random_bursts_keep_the_app_and_the_money(tmp_path, size):
    import random

    from banker.journal import Journal
    from banker.paths import log_path
    from banker.session import Session
    from tests.kit.conservation import conserved

    rng = random.Random(f"keys {size}")
    with Terminal(tmp_path, width=size[0], height=size[1]) as term:
        term.play(
            FOUR,
            "buy ann boardwalk",
            "buy ann park place",
            "buy bob reading",
            "buy cy st james place",
            "buy cy tennessee",
            "buy cy new york",
        )
        term.launch(ready="Quit")
        sent = 0
        screen = ""
        while sent < RANDOM_KEYS:
            burst = [rng.choice(ALPHABET) for _ in range(rng.randint(1, 12))]
            term.keys(*burst)
            sent += len(burst)
            if rng.random() < 0.2:
                term.settle(0.2)
            now, _, running = term.look()  # fails if an error is shown
            if not running:
                log = tmp_path / "data" / "banker.log"
                raise AssertionError(
                    f"banker ended after {sent} keys; the last burst: {burst}; the screen before it:\n{screen}\n"
                    + (log.read_text() if log.exists() else "(no log)")
                )
            screen = now
        term.idle()
        assert term.running()
        term.screen()
    log = tmp_path / "data" / log_path().name
    assert not log.exists() or "Traceback" not in log.read_text(), log.read_text()
    journal_db = Journal(tmp_path / "game.db")
    try:
        games = journal_db.games()
    finally:
        journal_db.close()
    for game in games:  # a new game may have been started from the keys
        session = Session.open(tmp_path / "game.db", game.id, readonly=True)
        try:
            assert conserved(session.state)
        finally:
            session.close()


# The differential property in the real terminal, over a small sample per screen -----------------------------------
SAMPLE = int(__import__("os").environ.get("BANKER_TERMINAL_SAMPLE", "2"))
"""Random sequences per screen (the pilot's test_key_order.py runs many more)."""
WORDS = ["ann", "bob", "cy", "boardwalk", "park place", "st james", "read", "10", "25", "$1,000", "x"]
MOVES = ["Tab", "BTab", "Enter", "Up", "Down", "Space", "BSpace", "C-u", "Home", "End", "Left", "Right"]
OPENINGS = {
    "rent": ["r"],
    "card": ["k"],
    "auction": ["a"],
    "build": ["h"],
    "trade": ["x"],
    "undo to here": ["U"],
    "cannot pay": ["/", "pay cy 100", "Enter"],
    "command line": ["/"],
}


def look_after(where, keys: list[str], burst: bool) -> tuple[list[str], str]:
    """The Railroads game with Boardwalk and Park Place owned, ``keys`` sent: the lines typed (``banker log``), and the
    screen once the app is quiet (the keys sent have all been handled)."""
    where.mkdir()
    with Terminal(where) as term:
        term.play(*RAILROADS, "buy ann boardwalk", "buy bob park place")
        before = len(term.played())
        term.launch()
        send(term, keys, burst)
        shown = term.idle()
        return [e[TEXT_COLUMN:].split("  ")[0] for e in term.journal()[before:]], shown


@pytest.mark.parametrize("screen", list(OPENINGS))
def test_burst_and_one_by_one_agree_in_the_terminal(tmp_path, screen):
    """Random keys typed ahead in a screen once it is on show, in one burst and one at a time: the same journal and
    screen; where a refusal set the keys typed after it aside in the burst (issue 30), the burst recorded exactly
    what the same keys recorded up to it one at a time."""
    import random

    rng = random.Random(f"terminal {screen}")
    samples = []
    for _ in range(SAMPLE):
        keys = [*OPENINGS[screen], SEEN]  # the screen opened; the random keys are typed ahead in it
        for _ in range(rng.randint(3, 8)):
            keys.append(rng.choice(WORDS) if rng.random() < 0.4 else rng.choice(MOVES))
        samples.append(keys)
    runs = []  # every sample's two runs, side by side
    for n, keys in enumerate(samples):
        runs += [partial(look_after, tmp_path / f"{n}-{how}", keys, how == "burst") for how in ("burst", "slow")]
    results = side_by_side(*runs)
    for keys, burst, slow in zip(samples, results[::2], results[1::2], strict=True):
        if "and not used" in burst[1]:  # a refusal (or a dialog the app opened) set the keys typed on aside
            assert burst[0] == slow[0][: len(burst[0])], f"keys {keys}: the burst did more:\n{burst[0]}\n{slow[0]}"
            continue  # what the keys set aside do when typed after it showed is the pilot's property (test_key_order)
        assert burst[0] == slow[0], f"keys {keys}: journals differ:\n{burst[0]}\n{slow[0]}"
        if burst[1] != slow[1]:
            import difflib

            diff = difflib.unified_diff(burst[1].splitlines(), slow[1].splitlines(), "burst", "slow")
            raise AssertionError(f"keys {keys}: screens differ:\n" + "\n".join(diff))


NIGHT = [
    ["b", "boardwalk", "Enter"],
    ["n", "b", "park", "Enter"],
    ["n", "b", "read", "Enter"],
    ["n", "r", "read", "Enter"],
    ["n", "g", "Enter"],
    ["k", "xmas", "Enter"],
    ["n", "a", "vent", "Enter", "10", "Enter", "15", "Enter", "20", "Enter", "25", "Enter", "30", "C-s"],
    ["k", "BTab", "chance", "Tab", "chair", "Enter"],
    ["/", "xyzzy", "Enter", "go bob", "Enter", "Escape"],
    ["U", "Down", "Escape"],
    ["x", "dee", "Tab", "park place", "Enter", "Tab", "$50", "Enter", "C-s"],
    ["Escape"],
    ["n", "t", "200", "Enter"],
    ["m", "read", "Enter"],
    ["u"],
    ["y"],
]
NIGHT_JOURNAL = [
    "buy Ann Boardwalk",
    "next",
    "buy Bob Park Place",
    "next",
    "buy Cy Reading Railroad",
    "next",
    "rent Dee Reading Railroad",
    "next",
    "go Ann",
    "card Ann chest xmas_fund",
    "next",
    "auction Ventnor Avenue Ann 30",
    "card Bob chance chairman",
    "go bob",
    "trade Bob Dee give Park Place get 50",
    "next",
    "tax Cy income 200",
    "mortgage Cy Reading Railroad",
    "undo",
    "redo",
]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_a_game_night_typed_ahead_in_one_burst(tmp_path, size):
    """A fast banker's evening, every key in one write (never waiting for the screen): exactly what was meant is
    recorded. Found while playing it: Escape, U, Escape, x in one write reached the app as "^", U... (Textual reads
    an ESC that a key and another ESC follow again as "^"), so the rest went into the command line. (The trade is a
    whole one now: it used to be refused, and the Escape typed blind after it closed it; a refusal in a dialog sets
    the keys typed before it showed aside, issue 30.)"""
    with Terminal(tmp_path, width=size[0], height=size[1]) as term:
        term.play(FOUR)
        term.launch(ready="Quit")
        term.keys(*[key for burst in NIGHT for key in burst])
        term.wait_until(lambda s: (term.entries() or 0) >= len(NIGHT_JOURNAL), "the night's entries", timeout=30)
        term.idle()
        assert term.typed() == NIGHT_JOURNAL


def test_a_colour_group_completed_with_tab_in_the_build_dialog(tmp_path):
    """Reproduction (game-night review, item 7): the build dialog's "Deed or group" field says "type to complete
    (Tab)", but ``ora`` Tab did nothing and Enter said ``no deed called "ora"``. Now Tab completes the group's name
    (the owner follows it into the player field) and Enter builds on the lot the rules say comes next."""
    lines = (FOUR, "buy ann st james", "buy ann tennessee", "buy ann new york")
    typed, screen = both(tmp_path, lines, ["h", "ora", "Tab", "Enter"], journal_grew(1), "the house")
    assert typed == ["build Ann St. James Place"], typed  # the orange lot that comes next
    assert "no deed called" not in screen


def test_tab_takes_the_whole_name_of_words_shortened_inside_it(tmp_path):
    """Reproduction (game-night review): ``rent bob st j`` is read as St. James Place, but Tab after it did nothing
    (nothing can be drawn after the cursor for words shortened inside a name). Tab now puts the name in their place,
    on the command line and in a dialog's field (where it then moves on, as after any completion)."""
    keys = ["/", "rent bob st j", "Tab", "Enter", "Escape", "r", SEEN, "st j", "Tab", "cy", "Enter"]
    typed, screen = both(tmp_path, (FOUR, "buy ann st james", "next"), keys, journal_grew(2), "the two rents")
    assert typed == ["rent bob st. james place", "rent Cy St. James Place"], typed
    assert "Cy pays Ann $14: St. James Place" in screen


def test_backspace_takes_a_trade_item_back_in_one_burst_as_one_at_a_time(tmp_path):
    """Game-night review: a trade's item could go only with all the others (Clear). Backspace in the empty gives
    field puts its last item back to mend, before the keys typed after it act: `$50` back, then `$5`, then `$520`."""
    keys = ["x", SEEN, "bob", "Tab", "boardwalk", "Enter", "$50", "Enter", "BSpace", "BSpace", "20", "Enter", "C-s"]
    typed, screen = both(tmp_path, (FOUR, "buy ann boardwalk"), keys, journal_grew(1), "the trade")
    assert [t.casefold() for t in typed] == ["trade ann bob give boardwalk, 520"], typed
    assert "Boardwalk" in screen


def test_the_board_sheets_count_completed_with_tab_is_asked_in_one_burst_as_one_at_a_time(tmp_path):
    """Game-night reviews: `1 0 dark b` Tab in the board sheet's count field did nothing, then went on to "at entry"
    so Enter asked nothing. Tab completes the group and stays; Enter asks the count, never journalled."""
    keys = ["B", SEEN, "2 0 dark b", "Tab", "Enter"]
    typed, screen = both(
        tmp_path,
        (FOUR, "buy ann park place", "buy ann boardwalk", "build ann dark blue 2"),
        keys,
        lambda term, screen, new: "Dark Blue group matches" in screen,
        "the count's answer",
    )
    assert typed == [], typed


def new_game_from_the_table(tmp_path, burst: bool) -> tuple[str, list[str]]:
    """Review, item 5, from the table: the new-game screen, the players, Tab Tab to the rules, Down Down to Short game
    (1990s), Enter to choose it; then (once seen) Ctrl+S. The new game's rule system and players."""
    with Terminal(tmp_path / ("burst" if burst else "slow")) as term:
        term.play(FOUR)
        term.launch()
        send(term, ["C-n", "Ann Bob Cy", "Tab", "Tab", "Down", "Down", "Enter"], burst)
        term.wait_for("New game (Enter")
        term.idle()
        send(term, ["C-s"], burst)
        term.wait_until(lambda s: "Game 2" in s, "the new game's table")
        term.idle()
        state = term.state()
        return state["game"]["variant"], [p["name"] for p in state["players"]]


def test_the_rule_system_chosen_in_a_burst_from_the_table(tmp_path):
    """Reproduction (review, item 5): sent in one burst from the table, the highlight moved to Short game (1990s)
    but the radio stayed on Standard, and Ctrl+S started a Standard game; typed slowly it worked. The keys typed
    on were let through into the new-game screen before it was built (it took longer than the key order's deadline
    on a loaded machine). Burst and one at a time start the same game."""
    (tmp_path / "burst").mkdir()
    (tmp_path / "slow").mkdir()
    burst, slow = side_by_side(
        partial(new_game_from_the_table, tmp_path, True), partial(new_game_from_the_table, tmp_path, False)
    )
    assert burst == slow == ("short-1990s", ["Ann", "Bob", "Cy"]), (burst, slow)


def test_a_refused_command_line_stays_in_view_in_a_burst(tmp_path):
    """Reproduction (review, item 2, 120x40): ``/`` then ``tax ann 200⏎card ann chance repairs⏎`` in one burst: the
    tax is refused (it needs ``income``), the card is recorded, and the reply box showed the card alone: the refusal
    was gone with nothing on the screen. A refusal on the command line moves no focus, so it sets no keys aside (the
    line typed on replaces the refused text, as one typed a moment later would); it stays in view above the replies
    that follow until a key typed after it could be seen. Burst and one at a time record the same."""
    keys = ["/", "tax ann 200", "Enter", "card ann chance repairs", "Enter"]
    (tmp_path / "burst").mkdir(parents=True)
    (tmp_path / "slow").mkdir(parents=True)
    burst, slow = side_by_side(
        partial(run, tmp_path, (FOUR,), keys, True, journal_grew(1), "the card"),
        partial(run, tmp_path, (FOUR,), keys, False, journal_grew(1), "the card"),
    )
    assert burst[0] == slow[0] == ["card ann chance repairs"], (burst[0], slow[0])
    for screen in (burst[1],):  # typed ahead of the refusal: it is still on the screen, above the card's reply
        assert "tax ann 200 not recorded" in screen and "Ann" in screen.split("tax ann 200 not recorded", 1)[1], screen
    assert "not recorded" not in slow[1], slow[1]  # one at a time the banker saw it: the card's reply replaces it
