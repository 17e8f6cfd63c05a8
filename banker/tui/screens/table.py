"""The table: the main screen a banker keeps open all game night.

Every key of :data:`banker.tui.keys.ACTIONS` is bound in ``BINDINGS`` (shown in the key bar), offered in the command
palette (``banker.tui.app.BankerCommands``) and clickable in the button bar. A key that builds one command from a
few fields opens its form, a record of :mod:`banker.tui.forms` (no method here: :func:`_forms_for_keys`); the others
are the ``action_*`` methods below (a dialog with logic of its own, a screen, a command such as ``next``). A dialog
records through the app's ``record`` (``Session.execute``), so a dialog and a typed command are recorded the same
way. While the command line has focus it takes every key: no table key fires.

What the table shows only once a key asks for it (the dialogs, the other screens, the command line) it names through
:mod:`banker.tui.screens.deferred`, imported then rather than before the first frame.

The table reads the game through the session it was given. What it asks of the app is of two kinds:

* what no key typed later depends on is posted as a message the app handles (:class:`TableScreen.TimeIsUp`,
  :class:`TableScreen.PhonesRequested`);
* what a key does is done by the key's action, through :attr:`TableScreen.banker` (the app, typed): a command
  (Enter, n, u, y) is recorded and its dialog or screen pushed before the next key is read (the app lets each key
  through only once the keys before it have taken effect: :mod:`banker.tui.keyorder`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from banker.journal import RequestStatus
from banker.session import Reply, Session
from banker.tui.keyorder import KeptInView
from banker.tui.keys import ACTIONS, OFTEN, key_label
from banker.tui.safety import guard_actions, guarded
from banker.tui.screens import deferred
from banker.tui.textual_private import own_lines_kept
from banker.tui.widgets.bank import BankPanel
from banker.tui.widgets.changes import changes, fitting_lines, redraw
from banker.tui.widgets.deeds import DeedsPanel
from banker.tui.widgets.journal import JournalPanel
from banker.tui.widgets.players import PlayersPanel
from banker.tui.words import styled, translated
from rules import GameState
from rules.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from banker.tui.host import Banker
    from banker.tui.widgets.command_line import CommandLine
    from banker.tui.widgets.keybar import KeyBar

JOURNAL_LINES = 30
PANELS_CSS = Path(__file__).parents[1] / "panels.tcss"
"""The layout of the panels :meth:`TableScreen._mount_rest` mounts (the first frame's is the app's ``app.tcss``)."""
KEY_ROWS = 3
"""The key bar's rows the table's grid keeps at 100 columns and more (app.tcss, panels.tcss): the English keys need
no more."""
REPLY_ROWS = 4
"""The last reply's rows at 100 columns and more (panels.tcss), where the terminal is tall enough."""
ABOVE_THE_REPLY = 1 + 16
"""The status line and the deeds' panel (28 deeds in two columns of 14, and a border: app.tcss)."""

_Table = TypeVar("_Table", bound=type[Screen[None]])


def _forms_for_keys(cls: _Table) -> _Table:
    """Each key of :data:`~banker.tui.keys.ACTIONS` the table has no ``action_*`` method for opens its form
    (:mod:`banker.tui.forms`, by the same action name): a new form is a record there, not a method here."""
    for a in ACTIONS:
        if not hasattr(cls, f"action_{a.action}"):
            setattr(cls, f"action_{a.action}", _opens_form(a.action))
    return cls


def _opens_form(action: str) -> Callable[[TableScreen], None]:
    def opens(self: TableScreen) -> None:
        self.open_form(action)

    opens.__name__ = f"action_{action}"
    opens.__doc__ = f"Open the {action} form (banker.tui.forms)."  # i18n-exempt: a docstring
    return opens


@guard_actions
@translated
@_forms_for_keys
@own_lines_kept
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
        Binding("escape", "leave_command_line", N_("Leave command line"), show=False),
        Binding("pageup", "scroll_reply(-1)", N_("Scroll the reply up"), show=False),
        Binding("pagedown", "scroll_reply(1)", N_("Scroll the reply down"), show=False),
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
        self.players = PlayersPanel(session.state, id="players")
        """The table's panels, kept by reference: the players are in the first frame; the deeds, the bank, the
        journal and the reply are mounted after it (:meth:`_mount_rest`), and drawn from then on."""
        self.status = Static(id="status")
        self.deeds = DeedsPanel(id="deeds")
        self.bank = BankPanel(id="bank")
        self.journal = JournalPanel(JOURNAL_LINES, id="journal")
        self.reply = Static(id="reply")
        self.reply_box = VerticalScroll(self.reply, id="reply-box")
        self.rest_mounted = False
        self.shown: GameState | None = None
        """The state the panels show: the next is drawn as the difference from it (:meth:`show_state`)."""
        self.journal_seq = 0
        self.key_bar: KeyBar | None = None
        """Mounted after the first frame (:meth:`_mount_rest`)."""
        """The last journal entry the journal's panel and the key bar's undo show."""
        self.refusals = KeptInView()
        self.key_rows = KEY_ROWS
        """The key bar's rows the grid gives it now (:meth:`fit_keys`)."""
        self.reply_rows = REPLY_ROWS
        """The last reply's rows the grid gives it now (:meth:`fit_keys`)."""

    @property
    def banker(self) -> Banker:
        """The app, typed, for what must happen as a key arrives (the module docstring says why not a message)."""
        return cast("Banker", self.app)

    def compose(self) -> ComposeResult:
        """The first frame: the status line and the players with their balances, nothing else. The deeds, the bank,
        the journal, the reply box, the command line and the key bar are mounted right after it (:meth:`_mount_rest`):
        the grid keeps their rows and columns from the start, so nothing moves when they come."""
        yield self.status
        yield self.players

    def complete_line(self, value: str, /, *, whole: bool = False) -> str | None:
        return deferred.complete(value, self.session.state, whole=whole)

    def on_mount(self) -> None:
        self.show_state()
        self.call_after_refresh(self._mount_rest)
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
                self.app.notify(game_over(state.end_said()), title=_("Game over"))

    def _mount_rest(self) -> None:
        """Everything but the balances, after the first frame: the deeds, the bank and the journal (drawn before
        they are mounted, so they come whole), the reply box, the command line and the key bar. The command line's
        and the key bar's modules are imported here, not with the table, for the same reason (the command line's
        brings Textual's check boxes, radio buttons and selection lists the dialogs share: about 3 ms of the
        launch): they are named in :mod:`~banker.tui.screens.deferred`, and the methods below that name them only run
        once they are mounted. Their layout is read now too (``panels.tcss``: the launch parses only the first
        frame's, ``app.tcss``)."""
        if not self.is_attached:  # replaced (another game opened) before its first frame
            return
        self.rest_mounted = True
        self.app.stylesheet.read(PANELS_CSS)  # parsed once (kept by its text), when the panels below are styled
        state = self.session.state
        self.deeds.show(state)
        self.bank.show(state)
        self._show_journal()
        keys = [deferred.Key(key_label(a.key), _(a.label), a.action, a.action in OFTEN) for a in ACTIONS if a.bar]
        keys += [
            deferred.Key("^p", _("Palette"), "app.command_palette"),
            deferred.Key("q", _("Quit"), "app.quit", True),
        ]
        # i18n-exempt: the keys' names, as keyboards print them
        line_keys = [
            deferred.Key("Enter", _("Record"), "submit_line"),
            deferred.Key("Tab", _("Complete"), "complete_line_key"),
            deferred.Key("Esc", _("Back to the keys"), "leave_command_line"),
            deferred.Key("^U", _("Clear"), "clear_line"),
            deferred.Key("PgUp/PgDn", _("Scroll the reply"), "scroll_reply(1)"),
        ]
        line = deferred.CommandLine(
            self.complete_line,
            placeholder=_("/ to type a command: {example}   (? for help)").format(example=self.example_line()),
            id="command",
            compact=True,
        )
        self.key_bar = deferred.KeyBar(keys, line_keys, id="keys")
        self.mount_all(
            [
                self.deeds,
                self.bank,
                VerticalScroll(self.journal, id="journal-box"),
                self.reply_box,
                Vertical(line, self.key_bar, id="controls"),
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
        return f"rent {payer.casefold()} {deed.name.casefold()}"  # i18n-exempt: a command line

    def _controls_ready(self) -> None:
        self._show_undo()
        self.fit_keys()
        self.session.prepare()

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_keys)  # once the key bar has its new width

    def fit_keys(self) -> None:
        """At 100 columns and more the grid's last row holds the command line and the key bar: three rows of keys in
        English (four from 100 to 108 columns, with the room kept for what u takes back: KeyBar._rows_kept); German,
        French and Spanish words need four or five at 100 columns, and a key that does not fit is not shown at all
        (issue 36). The row grows for them, and is three again once they fit; below 100 columns the panels stack
        and the bar takes the rows it needs (panels.tcss). On a short terminal the last reply's rows make room for
        the keys."""
        bar = self.key_bar
        if bar is None or not bar.is_attached or not bar.size.width:
            return
        narrow = self.has_class("-narrow")
        # the screen's width, which the bar spans: the bar's own is narrower while a row too few gives it a scrollbar
        rows = KEY_ROWS if narrow else max(KEY_ROWS, bar.table_rows(self.size.width))
        # A short terminal (120x24) has no row for the journal, and the reply gives up rows before a key is hidden:
        # the grid took the key bar's third row, and `/ Command`, `? Help` and `q Quit` were out of sight (a
        # game-night review).
        room = self.size.height - ABOVE_THE_REPLY - (1 + rows)
        reply = REPLY_ROWS if narrow else max(1, min(REPLY_ROWS, room))
        if (rows, reply) == (self.key_rows, self.reply_rows):
            return
        self.key_rows, self.reply_rows = rows, reply
        controls = self.query_one("#controls")
        if (rows, reply) == (KEY_ROWS, REPLY_ROWS):  # the stylesheet's own rows again
            self.styles.grid_rows = None
            controls.styles.height = None
            self.reply_box.styles.height = None
        else:
            self.styles.grid_rows = f"1 16 1fr {reply} {1 + rows}"
            controls.styles.height = 1 + rows
            self.reply_box.styles.height = reply

    # Display -------------------------------------------------------------------------------------------
    def show_state(self) -> None:
        """Redraw what changed since the state last drawn: the players, deeds and supply the new state moved
        (:func:`banker.tui.widgets.changes.changes`), the journal's new entries added to those shown. The screen is a
        view of the journal, and a key redraws what it changed, not the whole table (issue 33: with 8 players a
        rent's Enter redrew every card, the deeds, the bank and 30 journal entries)."""
        state = self.session.state
        change = changes(self.shown, state)
        self.shown = state
        if change.any:
            self.players.show(state, change.players)
            if self.rest_mounted:
                if change.deeds:
                    self.deeds.show(state)
                if change.bank:
                    self.bank.show(state)
            if change.status:
                self._show_status()
        if self.session.last_seq != self.journal_seq:
            self._show_journal()
        self._show_undo()  # what u takes back: a group of entries is known once it is whole

    def _show_journal(self) -> None:
        """The entries recorded since those shown, added to the panel (an undo or a redo strikes or restores an
        entry shown, so the panel is read again whole)."""
        if not self.rest_mounted:
            return  # mounted after the first frame, and shown then (_mount_rest)
        session = self.session
        new = session.last_seq - self.journal_seq
        entries = session.log(limit=min(new, JOURNAL_LINES)) if 0 < new < JOURNAL_LINES and self.journal_seq else []
        if entries and all(e.kind == "action" for e in entries) and entries[0].seq == self.journal_seq + 1:
            self.journal.add(entries)
        else:
            self.journal.show(session.log(limit=JOURNAL_LINES))
        self.journal_seq = session.last_seq

    def _show_status(self) -> None:
        """The header line: the game, the time left of a time-limit game (right after the game's number, so no
        terminal is too narrow to show it; issue 22), the variant and whose turn it is."""
        state = self.session.state
        status = Text(no_wrap=True, overflow="ellipsis")
        status.append(" " + _("Game {game}").format(game=self.session.game_id) + " ", style="bold reverse")
        clock = "" if state.over else self.time_left_text()
        if clock:
            status.append(f" {clock} ", style="bold reverse" if clock == _("Time is up") else "bold")
        status.append(f"  {_(state.variant.title)}  ·  ")
        status.append_text(
            styled(_("turn {turn}: {player}"), turn=str(state.turn_no), player=(state.players[state.turn].name, "bold"))
        )
        if state.over:
            status.append("  ·  " + _("GAME OVER"), style="bold red")
        self.status_line = status
        self.show_requests()

    def show_requests(self) -> None:
        """The status line, with how many requests from the phones wait (i opens them); never takes the keys."""
        session = self.session
        self.asked_mark = session.requests_mark()
        waiting = 0 if session.state.over else len(session.requests(status=RequestStatus.PENDING))
        status = self.status_line.copy()
        if waiting:
            asked = ngettext("{n} request from phones (i)", "{n} requests from phones (i)", waiting)
            status.append("  ·  " + asked.format(n=waiting), style="bold")
        self.status.update(status, layout=False)  # one line, whatever it says

    def _show_undo(self) -> None:
        """What u would take back, beside the key (an undo is never a guess)."""
        if self.key_bar is None:
            return  # the first frame: the key bar comes just after it, and shows the undo then (_controls_ready)
        self.key_bar.set_undo(self.session.undo_summary() or "")

    def show_reply(self, reply: Reply) -> None:
        """The last reply stays in view (a refusal too) until the next one; a query's answer may run over the
        box, which PageUp and PageDown scroll while the command line keeps the keyboard."""
        # a refusal stays in view above the replies that follow until the banker could have seen it (review, item 2)
        refused = None if reply.ok else (reply.line or None)
        text = self.refusals.shown(deferred.reply_text(reply), refused, getattr(self.app, "keys", None))
        width = self.reply.size.width
        redraw(self.reply, text, fitting_lines(text, width))
        # What waits for the next frame makes the next key wait for it too (banker.tui.keyorder): only a refusal
        # kept waits to be seen, and a box already at its top has no scrolling to do.
        if self.refusals.kept is not None:
            self.call_after_refresh(self.refusals.stamp)
        box = self.reply_box
        if box.is_mounted and (box.scroll_x or box.scroll_y):
            box.scroll_home(animate=False)

    def action_scroll_reply(self, pages: int) -> None:
        box = self.reply_box
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
            return _("Time is up")
        return _("Time left {time}").format(time=f"{left // 3600}:{left % 3600 // 60:02}:{left % 60:02}")

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

    def open_form(self, action: str) -> None:
        """The form of the key ``action`` (:mod:`banker.tui.forms`): a dialog that builds one command."""
        form = deferred.table_form(action, self.state)
        if form is None:
            raise LookupError(f"no form for the table's key {action!r}")  # i18n-exempt: a programming error
        self.app.push_screen(
            deferred.CommandDialog(self.session, self.banker.record_in_dialog, form.on_turn_of(self.current())),
            self.banker.follow_up,
        )

    # Actions: a key with no method here opens its form (_forms_for_keys) ------------------------------
    def action_auction(self) -> None:
        self.app.push_screen(deferred.AuctionDialog(self.session, self.banker.record_in_dialog), self.banker.follow_up)

    def action_trade(self) -> None:
        self.app.push_screen(
            deferred.TradeDialog(self.session, self.banker.record_in_dialog, self.current()), self.banker.follow_up
        )

    def action_take_over(self) -> None:
        """T: the set-up screen (banker.tui.screens.takeover), while play has not begun; after, why not."""
        if self.state.started:
            self.show_reply(
                Reply(
                    False,
                    _(
                        "Play has begun: a position is taken over from the board only before the first move. To put "
                        "money right, f (a correction); or undo back to the set-up."
                    ),
                )
            )
            return
        self.app.push_screen(deferred.TakeOverScreen(self.session, self.banker.record_in_dialog))

    def action_next_turn(self) -> None:
        self.banker.run_command("next")

    def action_undo(self) -> None:
        self.banker.run_command("undo")

    def action_redo(self) -> None:
        self.banker.run_command("redo")

    def action_undo_to(self) -> None:
        """Shift+U: pick a journal entry and take back everything after it (banker.tui.dialogs.undo_to)."""
        self.app.push_screen(deferred.UndoToDialog(self.session, self.banker.record_in_dialog), self.banker.follow_up)

    def action_new_game(self) -> None:
        self.banker.new_game()

    def action_saved_games(self) -> None:
        self.banker.show_games()

    def action_inbox(self) -> None:
        """i: the phones' requests (banker.tui.dialogs.inbox): Enter records one, x declines it."""
        self.app.push_screen(deferred.InboxDialog(self.session, self.banker.record_request))

    def show_deed(self, deed: str) -> None:
        """A deed's card (banker.tui.screens.deed_card): from the palette or a click on the deeds panel."""
        self.app.push_screen(deferred.DeedCardScreen(lambda: self.session.state, deed))

    def on_deeds_panel_chosen(self, message: DeedsPanel.Chosen) -> None:
        message.stop()
        self.show_deed(message.deed)

    def action_board(self) -> None:
        """B: the board sheet, the count check, the game at an entry (banker.tui.screens.board)."""
        self.app.push_screen(deferred.BoardScreen(self.session))

    def action_standings(self) -> None:
        self.banker.open_standings()

    def action_phones(self) -> None:
        self.post_message(self.PhonesRequested())

    def action_help(self) -> None:
        self.app.push_screen(deferred.HelpScreen())

    def action_toggle_view(self) -> None:
        """On a narrow terminal the deeds and the bank and journal share the space: v switches."""
        self.toggle_class("-journal-view")

    def action_command_line(self) -> None:
        # The command line is mounted right after the first frame; the app lets no key through before that frame
        # (its after-refresh callbacks are part of the key's effects: banker.tui.keyorder).
        for line in self.query(deferred.CommandLine):
            self.set_focus(line)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._line_mode(isinstance(event.widget, deferred.CommandLine))

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if isinstance(event.widget, deferred.CommandLine):
            self._line_mode(False)

    def _line_mode(self, on: bool) -> None:
        """While the command line has the keyboard the key bar says what Enter, Tab and Escape do there."""
        for bar in self.query(deferred.KeyBar):
            bar.set_line_mode(on)

    def forget_line(self, line: str) -> None:
        """A refused line kept in the command line goes to the raise-money dialog, which records it once the
        money is raised: clear it now, so an Enter typed after the dialog's cannot record it a second time."""
        for field in self.query(deferred.CommandLine):
            if field.value.strip() == line.strip():
                field.value = ""

    def restore_line(self, line: str) -> None:
        """The raise-money dialog was left without paying: the refused line is back in the command line, selected, as
        any refused line stays there (unless the banker has typed something else since): a command typed next, or
        keys set aside and typed again (Ctrl+R), replace it."""
        for field in self.query(deferred.CommandLine):
            if not field.value.strip():
                field.value = line
                field.select_all()

    def _command_line(self) -> CommandLine:
        """The command line (mounted just after the first frame; its module is imported then: _mount_rest)."""
        return self.query_one(deferred.CommandLine)

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
        replaces it (an arrow keeps it for editing; Ctrl+U clears it). A leading ``/``, the key that opens the command
        line from the table typed again out of habit while the line already has the keyboard (after a dialog opened
        from it closes, say), is not part of the command (found at a game night: "unknown command /pay")."""
        line = field.value.strip().removeprefix("/").lstrip()
        if not line:
            return
        reply = self.banker.run_command(line)
        if reply.ok:
            field.value = ""
        elif field.value:
            field.select_all()


def game_over(reason: str) -> str:
    """The game's end in one sentence, with its reason when the game has one."""
    return _("The game is over: {reason}.").format(reason=reason) if reason else _("The game is over.")


__all__ = ["TableScreen", "game_over"]
