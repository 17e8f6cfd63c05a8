"""The table: the main screen a banker keeps open all game night.

Every action is an ``action_*`` method bound in ``BINDINGS`` (shown in the key bar), offered in the command palette
(``banker.tui.app.BankerCommands`` reads :data:`banker.tui.keys.ACTIONS`) and clickable in the button bar. Each
action opens a dialog that builds command text and records it through the app's ``record`` (``Session.execute``),
so a dialog and a typed command are recorded the same way. While the command line has focus it takes every key: no
table key fires.

The table reads the game through the session it was given. What it asks of the app is of two kinds:

* what no key typed later depends on is posted as a message the app handles (:class:`TableScreen.TimeIsUp`,
  :class:`TableScreen.PhonesRequested`);
* what a key does is done by the key's action, through :attr:`TableScreen.banker` (the app, typed): a command
  (Enter, n, u, y) is recorded and its dialog or screen pushed before the next key is read (the app lets each key
  through only once the keys before it have taken effect: :mod:`banker.tui.keyorder`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from banker.tui.keys import ACTIONS, OFTEN, key_label
from banker.tui.safety import guard_actions, guarded
from banker.tui.widgets.bank import BankPanel
from banker.tui.widgets.deeds import DeedsPanel
from banker.tui.widgets.journal import JournalPanel
from banker.tui.widgets.players import PlayersPanel

if TYPE_CHECKING:
    from banker.commands import Form
    from banker.session import Reply, Session
    from banker.tui.dialogs import Field
    from banker.tui.dialogs.base import Recorded
    from banker.tui.host import Banker
    from banker.tui.widgets.command_line import CommandLine
    from rules import GameState
    from rules.actions import TaxKind
    from rules.board import Board
    from rules.words import TaxChoice

JOURNAL_LINES = 30


@guard_actions
class TableScreen(Screen[None]):
    """Players, deeds by colour, the bank and the journal; a command line; a button per action."""

    RELOAD_SECONDS = 2.0
    """How often the table looks for commands another process journalled (``banker do rent bob boardwalk`` in a
    second terminal); tests shorten it."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    """Below 100 columns the panels stack: players one line each, then the deeds or (v) the bank and journal."""

    AUTO_FOCUS = ""
    """Keys go to the table's bindings until the banker presses / for the command line: no widget is focused at
    launch nor after a dialog (Textual's ``None`` here would mean the app's ``"*"``, and the players' scrolling
    column took the focus, and with it the arrows, at launch and again after every dialog)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(a.key, a.action, a.label, id=a.action, tooltip=a.help) for a in ACTIONS),
        Binding("escape", "leave_command_line", "Leave command line", show=False),
        Binding("pageup", "scroll_reply(-1)", "Scroll the reply up", show=False),
        Binding("pagedown", "scroll_reply(1)", "Scroll the reply down", show=False),
    ]

    class TimeIsUp(Message):
        """The time-limit game's agreed time has come (seed 002, TIME LIMIT GAME): the app ends the game."""

    class PhonesRequested(Message):
        """The phones key: the app turns the phone pages on (a worker; nothing typed later waits on it)."""

    def __init__(self, session: Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session = session
        """The open game this table shows; the app gives each game a new table."""
        self.resumed_before = False
        self.status_line = Text()
        self.asked_mark: tuple[int, str] = (0, "")

    @property
    def banker(self) -> Banker:
        """The app, typed, for what must happen as a key arrives (the module docstring says why not a message)."""
        return cast("Banker", self.app)

    def compose(self) -> ComposeResult:
        state = self.session.state
        yield Static(id="status")
        yield PlayersPanel(len(state.players), id="players")
        yield DeedsPanel(id="deeds")
        yield BankPanel(id="bank")
        with VerticalScroll(id="journal-box"):
            yield JournalPanel(id="journal")
        with VerticalScroll(id="reply-box"):
            yield Static(id="reply")
        # The command line and the key bar are mounted right after the first frame (see on_mount), so the balances
        # appear first; their rows are kept from the start.
        yield Vertical(id="controls")

    def complete_line(self, value: str) -> str | None:
        from banker.commands.completion import complete

        return complete(value, self.session.state)

    def on_mount(self) -> None:
        self.show_state()
        self.call_after_refresh(self._mount_controls)
        self.set_interval(self.RELOAD_SECONDS, self.reload)
        if self.time_limited():
            self.set_interval(1.0, self.tick)

    def on_screen_resume(self) -> None:
        """Back on top (a dialog or the standings closed): redraw from the session, which a screen above may have
        brought up to date with another terminal's commands (then :meth:`reload` finds nothing new to draw)."""
        if self.resumed_before and self.is_attached:
            self.show_state()
        self.resumed_before = True  # the first resume is the first frame, drawn already

    @guarded
    def reload(self) -> None:
        """Show what another process recorded on this game since: the journal is the truth, not this screen.
        Redraws only when the journal has grown (checking is one small query); a dialog open on top checks
        again when it runs its command (``Session.execute`` reloads first)."""
        session = self.session
        if not self.is_attached or session is not self.banker.session:
            return  # this table is on its way out: its game was closed (the file replaced, another game opened)
        if session.replaced():  # mv backup.db game.db: the app opens the game from the new file
            self.banker.file_replaced()
            return
        if session.requests_mark() != self.asked_mark:
            self.show_requests()  # a phone asked through another process's server (banker serve)
        if session.reload():
            self.show_state()
            state = session.state
            if state.over:
                self.app.notify(
                    f"The game is over{': ' + state.end_reason if state.end_reason else ''}.", title="Game over"
                )

    def _mount_controls(self) -> None:
        """The command line and the key bar, after the first frame: the balances need neither. Their modules are
        imported here, not with the table, for the same reason (the command line's brings Textual's check boxes,
        radio buttons and selection lists the dialogs share: about 3 ms of the launch); the methods below that
        name them import them too, and only run once they are mounted."""
        if not self.is_attached:  # replaced (another game opened) before its first frame
            return
        from banker.tui.widgets.command_line import CommandLine
        from banker.tui.widgets.keybar import Key, KeyBar

        keys = [Key(key_label(a.key), a.label, a.action, a.action in OFTEN) for a in ACTIONS if a.bar]
        keys += [Key("^p", "Palette", "app.command_palette"), Key("q", "Quit", "app.quit", True)]
        line_keys = [
            Key("Enter", "Record", "submit_line"),
            Key("Tab", "Complete", "complete_line_key"),
            Key("Esc", "Back to the keys", "leave_command_line"),
            Key("^U", "Clear", "clear_line"),
            Key("PgUp/PgDn", "Scroll the reply", "scroll_reply(1)"),
        ]
        self.query_one("#controls").mount_all(
            [
                CommandLine(
                    self.complete_line,
                    placeholder=f"/ to type a command: {self.example_line()}   (? for help)",
                    id="command",
                    compact=True,
                ),
                KeyBar(keys, line_keys, id="keys"),
            ]
        )
        self.call_after_refresh(self._controls_ready)

    def example_line(self) -> str:
        """A command for the placeholder in this game's own words: a player of the table and its board's dearest
        deed (``rent bob boardwalk`` named nobody at a table without a Bob, and no UK deed; issue 22)."""
        state = self.session.state
        players = [p.name for p in state.players if not p.bankrupt] or [p.name for p in state.players]
        payer = players[1] if len(players) > 1 else players[0]
        deed = max(state.board.deeds, key=lambda d: (d.price, d.index))
        return f"rent {payer.casefold()} {deed.name.casefold()}"

    def _controls_ready(self) -> None:
        self._show_undo()
        self.session.prepare()

    # Display -------------------------------------------------------------------------------------------
    def show_state(self) -> None:
        """Redraw every panel from the session's state: the screen is a pure view of the journal."""
        session = self.session
        state = session.state
        self.query_one(PlayersPanel).show(state)
        self.query_one(DeedsPanel).show(state)
        self.query_one(BankPanel).show(state)
        self.query_one(JournalPanel).show(session.log(limit=JOURNAL_LINES))
        self._show_status()
        self._show_undo()

    def _show_status(self) -> None:
        """The header line: the game, the time left of a time-limit game (right after the game's number, so no
        terminal is too narrow to show it; issue 22), the variant and whose turn it is."""
        state = self.session.state
        status = Text(no_wrap=True, overflow="ellipsis")
        status.append(f" Game {self.session.game_id} ", style="bold reverse")
        clock = "" if state.over else self.time_left_text()
        if clock:
            status.append(f" {clock} ", style="bold reverse" if clock == "Time is up" else "bold")
        status.append(f"  {state.variant.title}  ·  turn {state.turn_no}: ")
        status.append(state.players[state.turn].name, style="bold")
        if state.over:
            status.append("  ·  GAME OVER", style="bold red")
        self.status_line = status
        self.show_requests()

    def show_requests(self) -> None:
        """The status line, with how many requests from the phones wait (i opens them); never takes the keys."""
        from banker.journal import RequestStatus

        session = self.session
        self.asked_mark = session.requests_mark()
        waiting = 0 if session.state.over else len(session.requests(status=RequestStatus.PENDING))
        status = self.status_line.copy()
        if waiting:
            status.append(f"  ·  {waiting} request{'s' if waiting != 1 else ''} from phones (i)", style="bold")
        self.query_one("#status", Static).update(status)

    def _show_undo(self) -> None:
        """What u would take back, beside the key (an undo is never a guess)."""
        if not self.query("#keys"):
            return  # the first frame: the key bar comes just after it, and shows the undo then (_controls_ready)
        from banker.tui.widgets.keybar import KeyBar

        for bar in self.query(KeyBar):
            bar.set_undo(self.session.undo_summary() or "")

    def show_reply(self, reply: Reply) -> None:
        """The last reply stays in view (a refusal too) until the next one; a query's answer may run over the
        box, which PageUp and PageDown scroll while the command line keeps the keyboard."""
        from banker.tui.dialogs import reply_text

        self.query_one("#reply", Static).update(reply_text(reply))
        self.query_one("#reply-box", VerticalScroll).scroll_home(animate=False)

    def action_scroll_reply(self, pages: int) -> None:
        box = self.query_one("#reply-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + pages * max(box.size.height - 1, 1), animate=False)

    # Time-limit game (seed 002, TIME LIMIT GAME) -------------------------------------------------------
    def time_limited(self) -> bool:
        return self.deadline() is not None

    def deadline(self) -> datetime | None:
        """Asked of the rules (``GameState.deadline``), from when the journal says the game started."""
        return self.session.state.deadline(self.session.created)

    def time_left_text(self) -> str:
        deadline = self.deadline()
        if deadline is None:
            return ""
        left = int((deadline - self.banker.now()).total_seconds())
        if left <= 0:
            return "Time is up"
        return f"Time left {left // 3600}:{left % 3600 // 60:02}:{left % 60:02}"

    def tick(self) -> None:
        state = self.session.state
        deadline = self.deadline()
        if deadline is None:
            return
        self._show_status()
        if not state.over and self.banker.now() >= deadline:
            self.post_message(self.TimeIsUp())

    # Helpers for dialogs -------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    def current(self) -> str:
        return self.state.players[self.state.turn].name

    def players_field(
        self, key: str = "player", label: str = "Player", default: str | None = None, owner_of: str = ""
    ) -> Field:
        from banker.commands.completion import PLAYER
        from banker.tui.dialogs import Field

        return Field(key, label, self.current() if default is None else default, PLAYER, owner_of=owner_of)

    def deed_field(self, label: str = "Deed", default: str = "") -> Field:
        from banker.commands.completion import DEED
        from banker.tui.dialogs import Field

        return Field("deed", label, default, DEED, "type to complete (Tab)")

    def complete_field(self, field: Field, value: str, values: dict[str, str]) -> str | None:
        """A dialog field's completion, by the parser's resolvers (a card by the deck chosen beside it)."""
        from banker.commands.completion import complete_value

        if field.slot is None:
            return None
        return complete_value(field.slot, value, self.state, deck=values.get("deck", ""))

    def ask(
        self,
        title: str,
        fields: list[Field],
        build: Callable[[Form], Recorded],
        focus: str | None = None,
        note: str = "",
        preview: bool | Callable[[dict[str, str]], bool] = True,
    ) -> None:
        from banker.tui.dialogs import CommandDialog

        self.app.push_screen(
            CommandDialog(
                self.session,
                self.banker.record_in_dialog,
                title,
                fields,
                build,
                focus,
                note,
                preview,
                complete=self.complete_field,
            ),
            self.banker.follow_up,
        )

    # Actions -------------------------------------------------------------------------------------------
    def action_rent(self, payer: str | None = None, deed: str = "") -> None:
        """One key and Enter for the common case: the payer is whoever's turn it is; type the deed."""
        from banker.tui.dialogs import Field

        self.ask(
            "Rent",
            [
                self.deed_field("Landed on", deed),
                self.players_field("payer", "Payer", payer),
                Field("dice", "Dice total", "", placeholder="utilities only", optional=True),
                Field("card", "Sent by a card", flag=True),
            ],
            lambda f: f.rent("payer", "deed", "dice", "card"),
            focus="deed",
        )

    def action_buy(self, player: str | None = None, deed: str = "") -> None:
        from rules.actions import Buy

        self.ask(
            "Buy from the bank",
            [self.deed_field(default=deed), self.players_field(default=player)],
            lambda f: Buy(f.player("player"), f.deed("deed")),
            focus="deed",
        )

    def action_auction(self, deed: str = "") -> None:
        from banker.tui.dialogs import AuctionDialog

        self.app.push_screen(AuctionDialog(self.session, self.banker.record_in_dialog, deed), self.banker.follow_up)

    def action_pay(self, player: str | None = None) -> None:
        from banker import commands
        from banker.commands.completion import PLAYER
        from banker.tui.dialogs import Field
        from rules.actions import Pay

        self.ask(
            "Pay",
            [
                self.players_field(default=player),
                Field("amount", "Amount"),
                Field(
                    "to", "To", "", (PLAYER, commands.EVERYONE | commands.BANK), "bank, a player, each", optional=True
                ),
            ],
            lambda f: f.money(Pay, "player", "amount", "to"),
            focus="amount",
        )

    def action_collect(self, player: str | None = None) -> None:
        from banker import commands
        from banker.commands.completion import PLAYER
        from banker.tui.dialogs import Field
        from rules.actions import Collect

        self.ask(
            "Collect",
            [
                self.players_field(default=player),
                Field("amount", "Amount"),
                Field(
                    "source",
                    "From",
                    "",
                    (PLAYER, commands.EVERYONE | commands.BANK),
                    "bank, a player, each",
                    optional=True,
                ),
            ],
            lambda f: f.money(Collect, "player", "amount", "source"),
            focus="amount",
        )

    def action_go(self) -> None:
        from rules.actions import Go

        self.ask("GO salary", [self.players_field()], lambda f: Go(f.player("player")), focus="player")

    def _building(self, verb: str, title: str, player: str | None = None) -> None:
        from banker.tui.dialogs import Field
        from rules.actions import Build, Sell

        self.ask(
            title,
            [
                self.deed_field("Deed or group"),  # a colour group names the lot that comes next (docs/commands.md)
                self.players_field(default=player, owner_of="deed"),
                # empty means one: a "1" already in the field made a typed 3 into 13
                Field("count", "How many", "", placeholder="1 (or how many houses)", optional=True),
            ],
            lambda f: f.building(Build if verb == "build" else Sell, "player", "deed", "count"),
            focus="deed",
        )

    def action_build(self, player: str | None = None) -> None:
        self._building("build", "Build houses or a hotel", player)

    def action_sell(self, player: str | None = None) -> None:
        self._building("sell", "Sell buildings to the bank", player)

    def action_mortgage(self, player: str | None = None) -> None:
        from rules.actions import Mortgage

        self.ask(
            "Mortgage",
            [self.deed_field(), self.players_field(default=player, owner_of="deed")],
            lambda f: Mortgage(f.player("player"), f.deed("deed")),
            focus="deed",
        )

    def action_unmortgage(self, player: str | None = None) -> None:
        from rules.actions import Unmortgage

        self.ask(
            "Lift a mortgage",
            [self.deed_field(), self.players_field(default=player, owner_of="deed")],
            lambda f: Unmortgage(f.player("player"), f.deed("deed")),
            focus="deed",
        )

    def action_tax(self) -> None:
        """Income tax: the player chooses the flat figure ($200, the edition's) or 10% before adding up (seed 000,
        "INCOME TAX"); the field is labelled with the board's own figure, which is what it records."""
        from banker import commands
        from banker.tui.dialogs import Field
        from rules.actions import TaxKind
        from rules.board import SquareKind
        from rules.words import TaxChoice

        state = self.state
        board = state.board
        offered = state.variant.income_tax_choices  # asked of the variant: (FLAT, PERCENT), (FLAT,), (PERCENT,)
        square = board.square_name(SquareKind.LUXURY_TAX)  # "Luxury Tax", "Super Tax" on the UK board
        word = commands.luxury_word(board)  # the command word for it: luxury, or super on the UK board
        flat = str(board.income_tax)  # the flat choice as typed and journalled: 200, 4000 on the Deutsche Mark board
        choices = [flat if o is TaxChoice.FLAT else o.value for o in offered]
        if len(offered) > 1:
            note = (
                f"Income tax: choose {state.money(board.income_tax)} or 10% BEFORE adding up your worth; the amount is"
                f" shown after the choice. Or: {word} ({square})."
            )
        elif offered == (TaxChoice.FLAT,):
            note = f"Income tax is a flat {state.money(board.income_tax)} in this game. Or: {word} ({square})."
        else:
            note = f"Income tax is 10% of cash, mortgage values and buildings (seed 001). Or: {word} ({square})."
        spellings = {
            w: m
            for w, m in (commands.tax_choices(board) | commands.TAX_KINDS).items()
            if m in offered or m == TaxKind.LUXURY
        }

        self.ask(
            "Tax",
            # Where the rule book gives a choice, the field starts empty: a figure already in it was a choice made
            # for the player, and a quick Enter recorded it (seed 000, "INCOME TAX": the player chooses).
            [
                self.players_field(),
                Field(
                    "how",
                    " / ".join((*choices, word)),
                    choices[0] if len(offered) == 1 else "",
                    spellings,
                    placeholder=f"the player's choice: {' or '.join(choices)}, or {word}",
                ),
            ],
            lambda f: f.tax("player", "how"),
            focus="how",
            note=note,
            preview=lambda values: len(offered) == 1 or _not_the_percent(values["how"], spellings, board),
        )

    def action_card(self) -> None:
        from banker import commands
        from banker.commands.completion import CARD
        from banker.tui.dialogs import Field

        self.ask(
            "Chance / Community Chest",
            [
                self.players_field(),
                # Blank: the deck is the one that has a card of those words (a Community Chest card in 6 keys).
                Field("deck", "Deck", "", commands.DECKS, "chance or chest (blank: from the card)", optional=True),
                Field("card", "Card", "", CARD, "words on the card (chairman, repairs) or its id"),
            ],
            lambda f: f.card("player", "deck", "card"),
            focus="card",
        )

    def action_jail(self) -> None:
        from banker import commands
        from banker.tui.dialogs import Field

        self.ask(
            "Jail",
            [
                self.players_field(),
                Field(
                    "how", "How", "", commands.JAIL_HOW, "blank: go to jail; fine, card, doubles, miss", optional=True
                ),
            ],
            lambda f: f.jail("player", "how"),
            focus="how",
        )

    def action_trade(self) -> None:
        from banker.tui.dialogs import TradeDialog

        self.app.push_screen(
            TradeDialog(self.session, self.banker.record_in_dialog, self.current()), self.banker.follow_up
        )

    def action_bankrupt(self, player: str | None = None, creditor: str = "") -> None:
        from banker import commands
        from banker.commands.completion import PLAYER
        from banker.tui.dialogs import Field

        # No default player: a bankruptcy ends a player's game (and may end the game), so it is never recorded
        # for whoever's turn it happens to be by a stray Enter (found at a game night).
        self.ask(
            "Bankruptcy",
            [
                self.players_field(default=player or ""),
                Field("to", "To (creditor)", creditor, (PLAYER, commands.BANK), "a player or bank"),
            ],
            lambda f: f.bankrupt("player", "to"),
            focus="to" if player else "player",
        )

    def action_deal(self) -> None:
        from banker.commands import random_seed
        from banker.commands.completion import DEED, PLAYER
        from banker.tui.dialogs import Field

        seed = random_seed()  # drawn once: the deal previewed is the deal recorded

        self.ask(
            "Deal (short games)",
            [
                Field("player", "Player (or random)", "", (PLAYER, {"random": "random"})),
                Field("deed", "Deed (or seed)", "", DEED, optional=True),
            ],
            lambda f: f.deal("player", "deed", seed),
            focus="player",
        )

    def action_take_over(self) -> None:
        """T: the set-up screen (banker.tui.screens.takeover), while play has not begun; after, why not."""
        from banker.session import Reply
        from banker.tui.screens.takeover import TakeOverScreen

        if self.state.started:
            self.show_reply(
                Reply(
                    False,
                    "Play has begun: a position is taken over from the board only before the first move. To put "
                    "money right, f (a correction); or undo back to the set-up.",
                )
            )
            return
        self.app.push_screen(TakeOverScreen(self.session, self.banker.record_in_dialog))

    def action_correct(self, player: str | None = None) -> None:
        """f: a correction (``correct``): money between a player and the bank, with the reason."""
        from banker.tui.dialogs import Field

        self.ask(
            "Correction (money between a player and the bank)",
            [
                self.players_field(default=player),
                Field("amount", "Amount", placeholder="-50: the player gives it back; 50: the bank pays it"),
                Field("reason", "Reason", placeholder="why, in a few words: change given twice"),
            ],
            lambda f: f.correction("player", "amount", "reason"),
            focus="amount",
            note="Recorded as a correction with its reason: never as rent, income or a payment.",
        )

    def action_next_turn(self) -> None:
        self.banker.run_command("next")

    def action_undo(self) -> None:
        self.banker.run_command("undo")

    def action_redo(self) -> None:
        self.banker.run_command("redo")

    def action_undo_to(self) -> None:
        """Shift+U: pick a journal entry and take back everything after it (banker.tui.dialogs.undo_to)."""
        from banker.tui.dialogs.undo_to import UndoToDialog

        self.app.push_screen(UndoToDialog(self.session, self.banker.record_in_dialog), self.banker.follow_up)

    def action_new_game(self) -> None:
        self.banker.new_game()

    def action_saved_games(self) -> None:
        self.banker.show_games()

    def action_inbox(self) -> None:
        """i: the phones' requests (banker.tui.dialogs.inbox): Enter records one, x declines it."""
        from banker.tui.dialogs.inbox import InboxDialog

        self.app.push_screen(InboxDialog(self.session, self.banker.record_request))

    def show_deed(self, deed: str) -> None:
        """A deed's card (banker.tui.screens.deed_card): from the palette or a click on the deeds panel."""
        from banker.tui.screens.deed_card import DeedCardScreen

        self.app.push_screen(DeedCardScreen(lambda: self.session.state, deed))

    def on_deeds_panel_chosen(self, message: DeedsPanel.Chosen) -> None:
        message.stop()
        self.show_deed(message.deed)

    def action_board(self) -> None:
        """B: the board sheet, the count check, the game at an entry (banker.tui.screens.board)."""
        from banker.tui.screens.board import BoardScreen

        self.app.push_screen(BoardScreen(self.session))

    def action_standings(self) -> None:
        self.banker.open_standings()

    def action_phones(self) -> None:
        self.post_message(self.PhonesRequested())

    def action_help(self) -> None:
        from banker.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_toggle_view(self) -> None:
        """On a narrow terminal the deeds and the bank and journal share the space: v switches."""
        self.toggle_class("-journal-view")

    def action_command_line(self) -> None:
        # The command line is mounted right after the first frame; the app lets no key through before that frame
        # (its after-refresh callbacks are part of the key's effects: banker.tui.keyorder).
        from banker.tui.widgets.command_line import CommandLine

        for line in self.query(CommandLine):
            self.set_focus(line)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        from banker.tui.widgets.command_line import CommandLine

        self._line_mode(isinstance(event.widget, CommandLine))

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        from banker.tui.widgets.command_line import CommandLine

        if isinstance(event.widget, CommandLine):
            self._line_mode(False)

    def _line_mode(self, on: bool) -> None:
        """While the command line has the keyboard the key bar says what Enter, Tab and Escape do there."""
        from banker.tui.widgets.keybar import KeyBar

        for bar in self.query(KeyBar):
            bar.set_line_mode(on)

    def forget_line(self, line: str) -> None:
        """A refused line kept in the command line goes to the raise-money dialog, which records it once the
        money is raised: clear it now, so an Enter typed after the dialog's cannot record it a second time."""
        from banker.tui.widgets.command_line import CommandLine

        for field in self.query(CommandLine):
            if field.value.strip() == line.strip():
                field.value = ""

    def restore_line(self, line: str) -> None:
        """The raise-money dialog was left without paying: the refused line is back in the command line, selected, as
        any refused line stays there (unless the banker has typed something else since): a command typed next, or
        keys set aside and typed again (Ctrl+R), replace it."""
        from banker.tui.widgets.command_line import CommandLine

        for field in self.query(CommandLine):
            if not field.value.strip():
                field.value = line
                field.select_all()

    def _command_line(self) -> CommandLine:
        """The command line (mounted just after the first frame; its module is imported then: _mount_controls)."""
        from banker.tui.widgets.command_line import CommandLine

        return self.query_one(CommandLine)

    def action_submit_line(self) -> None:
        self.submit_line(self._command_line())

    def action_complete_line_key(self) -> None:
        self._command_line().action_complete()

    def action_clear_line(self) -> None:
        self._command_line().value = ""

    def action_leave_command_line(self) -> None:
        self._command_line().value = ""
        self.set_focus(None)

    # Events --------------------------------------------------------------------------------------------
    @on(Input.Submitted, "CommandLine")
    def _line_entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit_line(event.input)

    def submit_line(self, field: Input) -> None:
        """Enter in the command line: record the line; an accepted line (or an answered query) clears, a refused one
        stays for correction with the reason in the reply box, its text selected, so a new command typed at once
        replaces it (an arrow keeps it for editing; Ctrl+U clears it)."""
        line = field.value.strip()
        if not line:
            return
        reply = self.banker.run_command(line)
        if reply.ok:
            field.value = ""
        elif field.value:
            field.select_all()


__all__ = ["TableScreen"]


def _not_the_percent(typed: str, spellings: Mapping[str, TaxChoice | TaxKind], board: Board) -> bool:
    """The tax dialog's choice is made and is not the 10%: its preview (what is paid, or that the player cannot pay
    it) gives nothing away (seed 000, "INCOME TAX": choose before adding up; issue 22: no "cannot pay" line)."""
    from banker import commands
    from rules.words import TaxChoice

    figure = commands.strip_sign(typed, board)  # "$200", "4.000 DM": the flat figure as the board writes it
    if board.thousands.strip() and figure.replace(board.thousands, "").isdigit():
        figure = figure.replace(board.thousands, "")
    try:
        meant = commands.closed_word(figure, spellings)
    except commands.CommandError:
        return False
    return meant is not None and meant != TaxChoice.PERCENT
