"""The Textual app a banker runs a whole game night on.

``make_app(db_path, session=None)`` is the one factory (used by ``banker`` and by the tests); nothing touches the
database until the app is mounted. Every action ends in ``BankerApp.record(text)``, which is ``Session.execute``
plus redrawing the table, so the screen is always a view of the journal; :meth:`BankerApp.follow_up` then opens
what the reply calls for (the ways to raise money, the final standings).
"""

from __future__ import annotations

import gc
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.actions import ActionParseResult
from textual.app import App
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.dom import DOMNode
from textual.message import Message
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen

from banker.tui.keyorder import KeyOrder, SetAside, Told, Typed, typed_text
from banker.tui.keys import ACTIONS
from banker.tui.safety import guard_actions, guarded, log_error
from banker.tui.screens.table import TableScreen
from banker.tui.textual_private import (
    catch_escaped_errors,
    give_result_callback,
    page_moves_guarded,
    split_escape_prefix,
    withdraw_notification,
)
from rules import CannotPay, RuleError

split_escape_prefix()  # Escape then Enter typed quickly is Escape, Enter: never Alt+Enter read as Enter
page_moves_guarded()  # PageUp in the command palette before its list is laid out ended the app

if TYPE_CHECKING:
    from banker.journal import GameListing, RequestRow
    from banker.session import Reply, Session
    from banker.tui import speech
    from banker.tui.screens.games import GamesScreen
    from banker.tui.screens.new_game import NewGameScreen
    from banker.views import MathsQuestion
    from banker.web.page_data import AuctionFacts
    from banker.web.server import PhoneServer
    from rules import GameState, Settings

PaletteEntry = tuple[str, Callable[[], object], str]
"""A command palette line: its text, what choosing it does, its help."""


class BankerCommands(Provider):
    """Every table action by name in the command palette (Ctrl+P), each once: its name and key on one line, what it
    does on the line below (the name used to repeat the help, so every action read twice)."""

    @property
    def banker(self) -> BankerApp:
        """The app, typed: Textual's provider knows it only as an ``App`` (this palette is the BankerApp's)."""
        return cast("BankerApp", self.app)

    def _actions(self) -> Iterator[PaletteEntry]:
        screen = self.screen
        keys = {b.binding.action: self.app.get_key_display(b.binding) for b in screen.active_bindings.values()}

        def titled(name: str, action: str) -> str:
            return f"{name} ({keys[action]})" if action in keys else name

        if isinstance(screen, TableScreen):
            for a in ACTIONS:
                yield titled(a.label, a.action), partial(getattr(screen, f"action_{a.action}")), a.help
            return  # New game and Saved games are table actions too (keys.ACTIONS)
        yield titled("New game", "new_game"), self.banker.new_game, "Set up players and rules"
        yield "Saved games", self.banker.show_games, "Resume another game in this database"

    async def discover(self) -> Hits:
        for text, callback, help_text in self._actions():
            yield DiscoveryHit(text, callback, help=help_text)

    def _deeds(self) -> Iterator[PaletteEntry]:
        """A card per deed, found by searching ("boardwalk", "deed park"), never listed before a word is typed (28
        entries would bury the actions)."""
        screen = self.screen
        if isinstance(screen, TableScreen):
            for deed in screen.session.state.board.deeds:
                yield (
                    f"Deed: {deed.name}",
                    partial(screen.show_deed, deed.name),
                    "The title deed: every rent, house cost, mortgage; owner and what it collects now",
                )

    def _maths(self) -> Iterator[PaletteEntry]:
        """The maths mode, on or off for each player (found by searching "maths")."""
        screen = self.screen
        if isinstance(screen, TableScreen):
            on = screen.session.maths_players()
            for p in screen.session.state.players:
                turn = "off" if p.name in on else "on"
                yield (
                    f"Maths mode for {p.name}: turn {turn}",
                    partial(self.banker.set_maths, p.name, p.name not in on),
                    "The player works out each payment to or from them before it is recorded",
                )

    async def search(self, query: str) -> Hits:
        """Found by its name or by words of its help ("pay off" finds Lift); a deed's card by the deed's name."""
        matcher = self.matcher(query)
        for text, callback, help_text in self._deeds():  # by the name alone, and first: "boardwalk" is the card
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), callback, text=text, help=help_text)
        for text, callback, help_text in (*self._actions(), *self._maths()):
            score = matcher.match(f"{text} {help_text}")
            if score > 0:
                yield Hit(score, matcher.highlight(text), callback, text=text, help=help_text)


@catch_escaped_errors
@guard_actions
class BankerApp(App[int], Told):
    """Holds the open :class:`banker.session.Session` and the database path. Screens say what the banker chose by
    message (``on_<screen>_<message>`` below: a saved game, a new game's settings, the time limit, the phones); the
    table, given the session, calls :meth:`record` and :meth:`run_command` as a key arrives (banker.tui.screens.table
    says why). It shows what its key order (:attr:`keys`) set aside (:class:`~banker.tui.keyorder.Told`)."""

    CSS_PATH = "app.tcss"
    TITLE = "Banker"
    COMMANDS = App.COMMANDS | {BankerCommands}
    BINDINGS = [
        Binding("q", "quit", "Quit", tooltip="Quit; every action is already saved"),
        Binding("ctrl+n", "new_game", "New game", show=False),
    ]

    phones: PhoneServer | None = None
    """The phone pages' server (:class:`banker.web.server.PhoneServer`) once the banker turned the pages on (the
    phones key, :mod:`banker.tui.screens.phones`); stopped when the app quits."""

    backups = True
    """Back the database up at each launch and at each game's end (:meth:`back_up`; docs/storage.md, "Backups")."""

    raise_errors = False
    """Under test an unexpected exception must fail the test: the fixture in ``tests/conftest.py`` sets this, and
    :meth:`report_error` then re-raises instead of showing the error and keeping the game."""

    def __init__(
        self, db_path: Path, session: Session | None = None, clock: Callable[[], datetime] | None = None
    ) -> None:
        super().__init__()
        self.db_path = Path(db_path)
        from banker.paths import editions_dir
        from rules.editions import use_directory

        use_directory(editions_dir(self.db_path))  # the family's own editions, beside the database
        self.session: Session | None = session
        self.clock = clock
        self._time_up_handled = False
        self._settings_problem = ""
        self.read_aloud = False
        """Read each recorded summary aloud (``[speech] read_aloud``; :mod:`banker.tui.speech`)."""
        self._speech: speech.Turns | None = None
        """The order the summaries are read in (made on the first one)."""
        self.keys_bell = True
        """Ring the bell when keys are set aside (``[keyboard] bell``)."""
        self._offer: Notification | None = None
        """The toast offering the keys a closed screen set aside, while the offer is open."""
        self.keys = KeyOrder(self, told=self)
        """The one key path (:mod:`banker.tui.keyorder`): each key acts on what the keys before it left, in the
        context the banker saw when typing it."""
        self._saved_theme: str | None = None
        self._saved_theme = self._apply_theme()  # reads config.toml: the keyboard's settings go to self.keys
        self._backup_said: set[str] = set()
        """The backup failures already said (their words, figures aside): each once, however many backups meet it."""

    class BackupFailed(Message, bubble=False):
        """The backup worker's failure: what to say once, or (``error``) a bug, for :meth:`report_error`."""

        def __init__(self, text: str, error: Exception | None = None) -> None:
            super().__init__()
            self.text = text
            self.error = error

    async def on_event(self, event: events.Event) -> None:
        """Every key and paste from the terminal goes through :attr:`keys`, in the order typed."""
        if KeyOrder.applies(event):
            if not self.keys.admit(event):
                return  # it waits for the keys typed before it, and comes back here in turn
            if not self.screen_stack:  # typed as the app closes: no screen is left to take it
                return
        await super().on_event(event)

    # Keys typed before a screen was seen (banker.tui.keyorder) ----------------------------------------------
    def open_on_its_own(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Push ``screen``, which the app opens as a consequence of something rather than as what a key is for (the
        ways to raise money, the maths question, the offer to deal, the standings at the end): the keys already
        typed were meant for what the banker saw before it, so they are set aside (:meth:`KeyOrder.hold`)."""
        self.push_screen(screen, callback)
        self.keys.hold(screen)

    def pop_screen(self) -> Any:  # Textual's AwaitComplete
        """Every screen closes here (a dialog's dismiss too): the keys it set aside are offered to the screen below."""
        closing = self.screen_stack[-1] if self.screen_stack else None
        done = super().pop_screen()
        if closing is not None:
            self.keys.closed(closing)
        return done

    def keys_set_aside(self, aside: SetAside) -> None:
        """One line in the screen that set the keys aside (at the top of its dialog box), and the bell once."""
        from rich.text import Text
        from textual.widgets import Static

        screen = aside.screen
        if not screen.is_mounted:  # opened a moment ago: said once it is composed
            screen.call_after_refresh(self.keys_set_aside, aside)
            return
        if not screen.is_attached:
            return
        what = "this opened" if aside.why == "opened" else "the refusal"
        said = f"` was typed before {what} and not used (Ctrl+R later)"
        room = self.size.width - 8 - len(said)  # one line in the dialog box at 80 columns too (its border, padding)
        line = Text(f"⚠ `{typed_text(aside.keys, max(12, min(40, room)))}{said}")
        shown = screen.query("#set-aside").results(Static)
        widget = next(iter(shown), None)
        if widget is not None:
            widget.update(line)
        else:
            widget = Static(line, id="set-aside", classes="dialog-set-aside")
            boxes = screen.query(".dialog-box")
            box = boxes.first() if boxes else screen
            box.mount(widget, before=1 if len(box.children) > 1 and box is not screen else 0)
        if not aside.told:
            aside.told = True
            if self.keys_bell:
                self.bell()

    def keys_offered(self, keys: list[Typed]) -> None:
        self.offer_ended()  # one offer on show: the one with every key offered
        self._offer = Notification(
            f"`{typed_text(keys)}` was set aside, not used (typed before the dialog showed): Ctrl+R types it now, "
            "any other key drops it.",
            title="Keys set aside",
            severity="warning",
            timeout=10,  # the offer lasts until the next key, and the toast with it; unanswered, it goes after 10 s
        )
        self.post_message(Notify(self._offer))

    def offer_ended(self) -> None:
        """The next key answered the offer: its toast goes (it said Ctrl+R types the keys, which is no longer so)."""
        if self._offer is not None:
            withdraw_notification(self, self._offer)
            self._offer = None

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit (it copies in a field); say which key does, in plain words (Textual's own message
        carries markup, which a plain notification showed as ``[b]ctrl+q[/b]``)."""
        self.notify("Press q on the table (or Ctrl+Q anywhere) to quit; every action is already saved.", title="Quit?")

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Every key's binding runs here (a widget's own too: a list's page keys, the palette's): an exception in
        one is shown and logged and the app goes on reading keys (Textual would stop the app's message loop). Under
        test (:attr:`raise_errors`) it is raised, and fails the test."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as exc:  # noqa: BLE001 - the app's edge: no key may end the app
            self.report_error(exc, f"the action {action!r}")
            return True

    def widget_failed(self, error: Exception) -> bool:
        """An exception escaped a widget (Textual's own, in a list or the palette), which then stops: shown and
        logged, the screen it was on closed if it is not the table, and the game goes on. Under test
        (:attr:`raise_errors`) False: Textual ends the app and the test fails."""
        if self.raise_errors:
            return False
        self.report_error(error, "a widget")
        if len(self.screen_stack) > 1 and self.table() is not self.screen:
            self.call_later(self.pop_screen)
        return True

    def now(self) -> datetime:
        """The time for the time-limit game; injectable so tests need no real clock."""
        return self.clock() if self.clock else datetime.now(UTC)

    # Opening games ---------------------------------------------------------------------------------------
    def get_default_screen(self) -> Screen[Any]:
        """The table of the last unfinished game is the first screen itself (drawn once, not pushed over an
        empty default screen); with no such game, an empty screen that :meth:`on_mount` replaces with the list
        of saved games. Textual asks for this screen while it starts the app, so the database is opened here."""
        if self.session is None:
            from banker.session import Session

            self.session = Session.last_unfinished(self.db_path)
        if self.session is not None:
            self.session.clock = self.now
        screen: Screen[Any] = TableScreen(self.session) if self.session is not None else Screen(id="_default")
        # So that :meth:`_replace_all` can switch it away like any other screen (Textual issue #2650).
        give_result_callback(screen)
        return screen

    def _apply_theme(self) -> str:
        """The theme saved in config.toml (docs/settings.md); a bad file or theme is one line shown on mount."""
        from banker import settings

        try:
            config = settings.load()
            self.read_aloud = config.read_aloud
            self.keys_bell = config.keys_bell
            if config.reaction_ms is not None:
                self.keys.reaction = config.reaction_ms / 1000
            if config.theme is not None:
                if config.theme not in self.available_themes:
                    raise settings.SettingsError(
                        f"{config.path}: theme: no theme called {config.theme!r}; choose "
                        "one in the command palette (Ctrl+P, Theme)"
                    )
                self.theme = config.theme
        except settings.SettingsError as e:
            self._settings_problem = str(e)
        return self.theme

    def watch_theme(self, theme: str) -> None:
        """Save the theme chosen in the command palette to config.toml, so the next launch uses it."""
        if self._saved_theme is None or theme == self._saved_theme:
            return  # the theme read from the file at start-up, or the same one again
        from banker import settings

        self._saved_theme = theme
        try:
            settings.save_theme(theme)
        except OSError as e:
            self.notify(f"The theme is not saved: {e}", title="Settings", severity="warning")

    def on_mount(self) -> None:
        if self._settings_problem:
            self.notify(self._settings_problem, title="Settings", severity="error", timeout=10)
        if self.read_aloud:
            from banker.tui import speech

            if speech.speaker() is None:
                self.notify(
                    f"Read aloud is on, but {speech.SPEAKER} is not installed (apt install {speech.SPEAKER}).",
                    title="Settings",
                    severity="warning",
                )
        if not gc.isenabled():  # run() holds garbage collection off during start-up
            self.set_timer(1.0, gc.enable)
        if self.session is None:
            self.show_games()
        else:
            self._restore_phones()
        self.call_after_refresh(self.back_up)  # once the first screen is drawn: the copy never delays it

    def _restore_phones(self) -> None:
        """The game just opened had its phone pages on when it was last played: turn them on again."""
        from banker.journal import JournalError

        session = self.session
        try:
            port = session.pages_port() if session is not None else None
        except JournalError:
            return
        if port is not None:
            from banker.tui.screens.phones import restore_phones

            restore_phones(self, port)

    def games(self) -> list[GameListing]:
        from banker.journal import Journal

        journal = Journal(self.db_path)
        try:
            return journal.games()
        finally:
            journal.close()

    def show_games(self) -> None:
        from banker.tui.screens.games import GamesScreen

        table = self.table()
        if self.session is not None and table is not None:  # Ctrl+O at a table: Escape goes back to it
            self.call_next(self._over_table, table, GamesScreen(self.games(), self.session.game_id))
        else:
            self.call_next(self._replace_all, GamesScreen(self.games()))

    async def _over_table(self, table: TableScreen, screen: Screen[None]) -> None:
        """Show ``screen`` over the table (whatever lay over it closed first), so dismissing it goes back there."""
        while len(self.screen_stack) > 1 and self.screen is not table:
            await self.pop_screen()
        await self.push_screen(screen)

    async def _replace_all(self, screen: Screen[Any], then: Callable[[], None] | None = None) -> None:
        """Make ``screen`` the only screen (the base of the stack: a table or the saved games)."""
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        await self.switch_screen(screen)
        if then is not None:
            then()

    def _use(self, session: Session, then: Callable[[], object] | None = None) -> None:
        """Make ``session`` the open game, on a new table. The game it replaces is closed once its table is gone: a
        table holds its own session, and until it is replaced its timers (the reload) still read it."""
        previous = self.session if self.session is not None and self.session is not session else None
        self.keys.drop()  # keys set aside at the game being left were meant for it
        self.session = session
        session.clock = self.now
        self._time_up_handled = False

        def replaced() -> None:
            if previous is not None:
                previous.close()
            self._restore_phones()
            if then is not None:
                then()

        self.call_next(self._replace_all, TableScreen(session), replaced)

    def file_replaced(self) -> None:
        """The database's path names another file now (``mv backup.db game.db`` while the app had it open): let
        the old file go first (its log moved aside, never read over the new file nor checkpointed into it:
        ``Journal.let_go``), then open the same game from the new file, or the saved games if it has none."""
        from banker.journal import JournalError
        from banker.session import Session

        old, self.session = self.session, None
        if old is None:
            return
        old.close()
        try:
            session = Session.open(self.db_path, old.game_id)
        except (LookupError, JournalError) as e:
            self.notify(
                f"{self.db_path} was replaced by another file, and game {old.game_id} cannot be opened from it ({e}).",
                title="Database",
                severity="warning",
                timeout=10,
            )
            self.show_games()
            return
        self.notify(
            f"{self.db_path} was replaced by another file: game {old.game_id} is now read from it.",
            title="Database",
            severity="warning",
            timeout=10,
        )
        self._use(session)

    def open_game(self, game_id: int) -> None:
        from banker.session import Session

        self._use(Session.open(self.db_path, game_id))

    def new_game(self) -> None:
        from banker.tui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_new_game(self) -> None:
        self.new_game()

    def leave_new_game(self) -> None:
        if len(self.screen_stack) > 1:
            self.pop_screen()
        else:
            self.show_games()

    @guarded
    def on_games_screen_chosen(self, message: GamesScreen.Chosen) -> None:
        self.open_game(message.game_id)

    @guarded
    def on_games_screen_new_game_requested(self, message: GamesScreen.NewGameRequested) -> None:
        self.new_game()

    @guarded
    def on_new_game_screen_submitted(self, message: NewGameScreen.Submitted) -> None:
        """Start the game; a setup the engine refuses (nothing saved) is said under the form."""
        try:
            self.create_game(message.names, message.settings, message.tokens, message.phones_ask, message.take_over)
        except (RuleError, ValueError) as e:
            message.form.refuse(e)

    @guarded
    def on_new_game_screen_cancelled(self, message: NewGameScreen.Cancelled) -> None:
        self.leave_new_game()

    def create_game(
        self,
        names: list[str],
        settings: Settings,
        tokens: list[str],
        phones_ask: bool | None = None,
        take_over: bool = False,
    ) -> None:
        """Create the game (the engine refuses a bad setup with a RuleError, and nothing is saved), then, for the
        games that start with a deal (seed 000 SHORT GAME, seed 002, seed 003), offer to deal at random; a game
        taken over from the board (``take_over``) opens the set-up screen instead (its deeds are held already)."""
        from banker.session import Session
        from banker.tui.dialogs import ConfirmDialog

        session = Session.create(self.db_path, names, settings, tokens)
        if phones_ask is not None:
            session.set_phones_ask(phones_ask)
        if take_over:
            from banker.tui.screens.takeover import TakeOverScreen

            self._use(session, partial(self.push_screen, TakeOverScreen(session, self.record_in_dialog)))
            return
        n = session.state.variant.deal_count
        self._use(
            session,
            partial(
                self.open_on_its_own,
                ConfirmDialog(
                    f"This game starts with a deal of {n} deeds each. Deal them at random now? "
                    "(No: record the dealt deeds one by one with d)"
                ),
                self._deal,
            )
            if n
            else None,
        )

    def _deal(self, yes: bool | None) -> None:
        if yes:
            self.run_command("deal random")

    # Running commands ------------------------------------------------------------------------------------
    @guarded
    def on_table_screen_time_is_up(self, message: TableScreen.TimeIsUp) -> None:
        self.time_is_up()

    @guarded
    def on_table_screen_phones_requested(self, message: TableScreen.PhonesRequested) -> None:
        from banker.tui.screens.phones import show_phones

        show_phones(self)

    def table(self) -> TableScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    @property
    def game(self) -> Session:
        """The open game, for what happens only while one is open (a table is on the screen stack): recording a
        command and what follows it."""
        if self.session is None:
            raise LookupError("no game is open")
        return self.session

    def record(
        self, line: str, *, in_dialog: bool = False, worked_out: bool = False, request: RequestRow | None = None
    ) -> Reply:
        """Execute one command and redraw the table; the only place the app changes the game. Returns the reply
        (a refusal changes nothing and says why; ``in_dialog``: the dialog shows it, not the reply box, so it does
        not linger there after the dialog is cancelled).

        A payment to or from a player in maths mode is not recorded yet: the maths dialog opens once the caller is
        done (its dialog closed) and records the line when the player has worked the amount out (``worked_out``);
        the reply says so, as an answer that changes nothing."""
        from banker.session import Reply

        if not worked_out:
            question = self._maths_question(line)
            if question is not None:
                self.call_next(self._ask_maths, line, question, request)
                table = self.table()
                reply = Reply(True, f"{question.player} works it out first: {question.question}", query=True)
                if table is not None:
                    table.show_reply(reply)
                return reply
        from banker.journal import EventKind
        from rules import Next

        before = self.game.state
        try:
            reply = self.game.execute(line, request=request)
        except Exception as exc:  # noqa: BLE001 - Session.execute should never raise; if it does, say so
            self.report_error(exc, f"execute {line!r}")
            return Reply(False, f"{type(exc).__name__}: {exc}; nothing was recorded")
        if reply.ok and reply.kind is EventKind.ACTION and isinstance(reply.action, Next):
            self._remind_jail_roll(before)
        if reply.ok and self.game.state.over and not before.over:
            self.back_up()  # the game's end
        table = self.table()
        if table is not None:
            if reply.ok or not in_dialog:
                table.show_reply(reply)
            table.show_state()
        if self.read_aloud and reply.ok and reply.changed:
            self.speak(reply.message)
        return reply

    def _remind_jail_roll(self, before: GameState) -> None:
        """A turn passed with the player in jail and no roll recorded for it (``rules.jail.roll_unrecorded``): say
        so, as only recorded misses move the jail timer on (found in issue 20's game-night review: three rounds of
        ``n`` left a player on "turn 1 of 3" for good). Nothing is refused: undo and record the roll, or go on."""
        from rules.jail import roll_unrecorded

        index = before.turn
        if roll_unrecorded(before, index):
            name = before.players[index].name
            self.notify(
                f"{name} was in jail and no roll was recorded for that turn, so the jail timer did not move on. If "
                f"{name} rolled and missed: u (undo), then jail {name.casefold()} miss, then n.",
                title="Jail",
                severity="warning",
                timeout=10,
                markup=False,
            )

    def back_up(self) -> None:
        """Copy the database into its backups folder (:func:`banker.backups.back_up`) in a thread worker: on a
        large database the copy takes a moment (``bench/bench_backups.py``), and neither the first frame nor a key
        waits for it. A backup that fails is said once (:meth:`on_banker_app_backup_failed`); the game goes on."""
        if self.backups:
            self.run_worker(partial(self._back_up, self.db_path), thread=True, group="backups")

    def _back_up(self, db: Path) -> None:
        from banker.backups import BackupError, back_up

        try:
            back_up(db)
        except BackupError as e:
            self.post_message(self.BackupFailed(str(e)))
        except Exception as e:  # noqa: BLE001 - a bug: reported on the loop, never the end of the app
            self.post_message(self.BackupFailed(f"no backup was made ({type(e).__name__}: {e})", e))

    def on_banker_app_backup_failed(self, message: BackupFailed) -> None:
        if message.error is not None:
            self.report_error(message.error, "BankerApp.back_up")
            return
        problem = re.sub(r"[\d.,]+", "#", message.text)  # the same problem, whatever the figures (MB free)
        if problem in self._backup_said:
            return
        self._backup_said.add(problem)
        self.notify(
            f"{message.text[:1].upper()}{message.text[1:]}. The game goes on; every command is recorded as always.",
            title="Backup",
            severity="warning",
            timeout=10,
        )

    def speak(self, text: str) -> None:
        """Read a summary aloud in a worker thread (:mod:`banker.tui.speech`): the key that recorded it, and every
        key after it, go on at once."""
        from banker.tui import speech

        if self._speech is None:
            self._speech = speech.Turns()
        place = self._speech.take()
        self.run_worker(
            partial(speech.say, text, self._speech, place), thread=True, group="speech", exit_on_error=False
        )

    def set_maths(self, name: str, on: bool) -> None:
        """Turn the maths mode on or off for a player (a game setting, kept in the database)."""
        player = self.game.set_maths(name, on)
        state = "on" if on else "off"
        self.notify(f"Maths mode {state} for {player}.", title="Maths mode")

    def _maths_question(self, line: str) -> MathsQuestion | None:
        """The question a player in maths mode is asked before ``line`` is recorded, or None (nobody in maths mode
        pays or is paid, or the line is no action the engine would accept: the session then says why)."""
        from banker.commands import Control, NewGame, Query, parse
        from banker.views import maths_question

        session = self.game
        players = session.maths_players()
        if not players:
            return None
        try:
            command = parse(line, session.state)
        except RuleError:
            return None
        if isinstance(command, Query | Control | NewGame):
            return None
        preview = session.preview(line)
        if not preview.ok or preview.outcome is None:
            return None
        return maths_question(session.state, preview.outcome, players)

    def _ask_maths(self, line: str, question: MathsQuestion, request: RequestRow | None = None) -> None:
        from banker.tui.dialogs.maths import MathsDialog

        self.open_on_its_own(
            MathsDialog(question, self.game.state.board), partial(self._worked_out, line, question, request)
        )

    def _worked_out(self, line: str, question: MathsQuestion, request: RequestRow | None, right: bool | None) -> None:
        """The maths dialog closed: record the line as it was (so the engine's amount; a phone's request is marked
        recorded with it), unless the game changed meanwhile and the amount with it (then the player is asked
        again), or the banker pressed Escape (a phone's request then stays pending in the inbox)."""
        from banker.session import Reply

        if not right:
            table = self.table()
            if table is not None:
                table.show_reply(Reply(False, f"Not recorded: `{line}`"))
            return
        again = self._maths_question(line)
        if again is not None and again.amount != question.amount:
            self._ask_maths(line, again, request)
            return
        self.follow_up(self.record(line, worked_out=True, request=request))

    def record_request(self, line: str, request: RequestRow) -> Reply:
        """The inbox's Enter: record a phone's request (once; docs/phones.md)."""
        return self.record(line, in_dialog=True, request=request)

    def phone_request(self, game_id: int) -> None:
        """A phone made or withdrew a request (the phone server, on this loop): the count and an open inbox."""
        table = self.table()
        if table is None or table.session.game_id != game_id:
            return
        table.show_requests()
        for screen in self.screen_stack:
            changed = getattr(screen, "requests_changed", None)
            if changed is not None:
                changed()

    def auction_changed(self, info: AuctionFacts | None) -> None:
        """The auction dialog opened, took a bid or closed: the phones of the game show it (when serving)."""
        if self.phones is not None and self.session is not None:
            self.phones.auction(self.session.game_id, info)

    def phone_bid(self, game_id: int, seat: int, amount: int) -> str | None:
        """A phone's bid (the phone server, on this loop): the open auction dialog takes it, or says why not."""
        from banker.tui.dialogs.auction import AuctionDialog

        if self.session is None or self.session.game_id != game_id:
            return "No auction is open at the table."
        for screen in reversed(self.screen_stack):
            if isinstance(screen, AuctionDialog):
                return screen.phone_bid(seat, amount)
        return "No auction is open at the table."

    def record_in_dialog(self, line: str) -> Reply:
        return self.record(line, in_dialog=True)

    def run_command(self, line: str) -> Reply:
        """A typed command (or a key such as n, u, y): record it, then what the reply calls for."""
        reply = self.record(line)
        self.follow_up(reply)
        return reply

    def follow_up(self, reply: Reply | None) -> None:
        """After a command is recorded or refused (and any dialog that recorded it has closed): the ways to raise
        money for a debt the player cannot pay (``CannotPay`` with a creditor), and the standings when the game
        ends. Also the callback of every recording dialog (None: cancelled)."""
        if reply is None:
            return
        if not reply.ok:
            if isinstance(reply.error, CannotPay) and reply.error.debt and reply.line:
                from banker.tui.dialogs import RaiseMoneyDialog

                table = self.table()
                if table is not None:
                    table.forget_line(reply.line)  # the dialog records it: a later Enter must not record it again

                # its steps (sales, mortgages, then the payment) are recorded one after another as the banker
                # ticked them: the maths mode does not stop them half-way
                self.open_on_its_own(
                    RaiseMoneyDialog(
                        self.game, partial(self.record, in_dialog=True, worked_out=True), reply.error, reply.line
                    ),
                    partial(self._raised, reply, reply.error),
                )
            return
        state = self.game.state
        if reply.changed and state.over and reply.kind != "undo":
            self.notify(f"The game is over{': ' + state.end_reason if state.end_reason else ''}.", title="Game over")
            self.open_standings(on_its_own=True)

    def _raised(self, refused: Reply, e: CannotPay, reply: Reply | None) -> None:
        """The raise-money dialog closed: with the reply of the payment or the bankruptcy it recorded, or None
        (Escape), when the payment is still owed and the reply box says so (``e``: the refusal of ``refused``)."""
        if reply is not None:
            self.follow_up(reply)
            return
        table = self.table()
        if table is not None:
            from banker.session import Reply

            table.restore_line(refused.line)

            table.show_reply(
                Reply(
                    False,
                    f"{e.payer} still owes {self.game.state.money(e.amount)}: `{refused.line}` is not recorded",
                )
            )

    def open_standings(self, on_its_own: bool = False) -> None:
        """The standings: by a key (w), or on the app's own when the game ends (keys typed on are set aside)."""
        from banker.tui.screens.standings import StandingsScreen

        screen = StandingsScreen(self.game)
        if on_its_own:
            self.open_on_its_own(screen)
        else:
            self.push_screen(screen)

    def time_is_up(self) -> None:
        """The time-limit game ends at the agreed time and the richest player wins (seed 002, TIME LIMIT GAME)."""
        if self._time_up_handled:
            return
        self._time_up_handled = True
        reply = self.record("end time")
        if not reply.ok:
            reply = self.record("end")
        # What the engine decided (a winner, or the richest players' tie), never a winner assumed.
        said = reply.message if reply.ok else "the game ends now"
        self.notify(f"Time is up. {said}", title="Time limit", timeout=10)
        self.follow_up(reply)
        if not self.game.state.over:
            return
        if not reply.changed:
            self.open_standings(on_its_own=True)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast whose text is never markup unless asked: messages carry names and typed text."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def report_error(self, exc: BaseException, context: str) -> None:
        """Show an unexpected error without ending the app; the traceback goes to the log file. Under test
        (:attr:`raise_errors`) it re-raises, so no test passes while the app reports an error."""
        if self.raise_errors:
            raise exc
        where = log_error(exc, context)
        self.notify(
            f"Something went wrong ({type(exc).__name__}: {exc}). The game is unchanged; details in {where}.",
            title="Error",
            severity="error",
            timeout=10,
        )

    async def on_unmount(self) -> None:
        if self.phones is not None:
            phones, self.phones = self.phones, None
            await phones.stop()
        if self.session is not None:
            self.session.close()


def make_app(db_path: Path, session: Session | None = None, clock: Callable[[], datetime] | None = None) -> BankerApp:
    """The one way to build the app (CLI and tests); the database is opened when the app mounts, not here."""
    return BankerApp(db_path, session=session, clock=clock)


def run(db_path: Path, **options: Any) -> int:
    """Run the app on ``db_path``; returns the exit code for ``banker``. ``options`` go to ``App.run`` (the
    benchmark runs headless). The last unfinished game is opened first: a database that cannot be used is
    reported in one line (exit status 1) instead of starting the app.

    Everything imported by now (Textual, the rules engine, the app) lives until the process ends, so it is frozen
    out of the garbage collector's sight (``gc.freeze``): otherwise the first full collection, which falls during
    start-up, walks all of it and delays the first frame by some 20 ms for nothing. Collections stay off until
    the app has been up for a second (:meth:`BankerApp.on_mount`): start-up makes little garbage but enough
    allocations to trigger dozens of young collections before the first frame."""
    from banker.journal import JournalError
    from banker.session import Session

    gc.disable()
    try:
        session = Session.last_unfinished(db_path)
    except JournalError as e:  # not ours, damaged or newer: say so, before any screen
        gc.enable()
        print(f"banker: {e}", file=sys.stderr)
        return 1
    app = make_app(db_path, session)
    gc.freeze()
    app.run(**options)
    return app.return_code or 0
