"""The Textual app a banker runs a whole game night on.

``make_app(db_path, session=None)`` is the one factory (used by ``banker`` and by the tests); nothing touches the
database until the app is mounted. Every action ends in ``BankerApp.record(text)``, which is ``Session.execute``
plus redrawing the table, so the screen is always a view of the journal; :meth:`BankerApp.follow_up` then opens
what the reply calls for (the ways to raise money, the final standings).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.actions import ActionParseResult
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.dom import DOMNode
from textual.notifications import SeverityLevel
from textual.screen import Screen

import rules
from banker.journal import EventKind, GameListing, Journal, JournalError, RequestRow
from banker.session import Reply, Session
from banker.tui import speech
from banker.tui.jobs.backups import BackupFailed, Backups
from banker.tui.jobs.follow_up import FollowUp
from banker.tui.jobs.maths import MathsFlow
from banker.tui.jobs.phones import PhoneHooks
from banker.tui.jobs.read_aloud import ReadAloud
from banker.tui.jobs.set_aside import KeysShown
from banker.tui.keyorder import KeyOrder
from banker.tui.keys import ACTIONS
from banker.tui.safety import guard_actions, guarded, log_error
from banker.tui.screens import deferred
from banker.tui.screens.table import TableScreen
from banker.tui.textual_private import (
    catch_escaped_errors,
    give_result_callback,
    page_moves_guarded,
    screens_styled_once_when_first_shown,
    split_escape_prefix,
)
from banker.tui.words import translated
from rules import RuleError
from rules.i18n import N_, _, ngettext

split_escape_prefix()  # Escape then Enter typed quickly is Escape, Enter: never Alt+Enter read as Enter
page_moves_guarded()  # PageUp in the command palette before its list is laid out ended the app
screens_styled_once_when_first_shown()  # a screen pushed was styled whole twice before its first frame

if TYPE_CHECKING:
    from banker.tui.screens.games import GamesScreen
    from banker.tui.screens.new_game import NewGameScreen
    from banker.web.server import PhoneServer
    from rules import Settings


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
                yield titled(_(a.label), a.action), partial(getattr(screen, f"action_{a.action}")), _(a.help)
            return  # New game and Saved games are table actions too (keys.ACTIONS)
        # any other screen's own keys, as its footer says them (the take-over screen's Play from here: its palette
        # offered only Textual's commands; a game-night review)
        offered = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if active.node is screen and binding.show and binding.description and binding.action not in offered:
                offered.add(binding.action)
                run = partial(self.app.run_action, binding.action, screen)
                yield titled(binding.description, binding.action), run, binding.tooltip or binding.description
        yield titled(_("New game"), "new_game"), self.banker.new_game, _("Set up players and rules")
        yield _("Saved games"), self.banker.show_games, _("Resume another game in this database")

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
                    _("Deed: {deed}").format(deed=deed.name),
                    partial(screen.show_deed, deed.name),
                    _("The title deed: every rent, house cost, mortgage; owner and what it collects now"),
                )

    def _maths(self) -> Iterator[PaletteEntry]:
        """The maths mode, on or off for each player (found by searching "maths")."""
        screen = self.screen
        if isinstance(screen, TableScreen):
            on = screen.session.maths_players()
            for p in screen.session.state.players:
                turn = _("Maths mode for {player}: turn off") if p.name in on else _("Maths mode for {player}: turn on")
                yield (
                    turn.format(player=p.name),
                    partial(self.banker.maths.turn, p.name, p.name not in on),
                    _("The player works out each payment to or from them before it is recorded"),
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
@translated
class BankerApp(App[int]):
    """Holds the open :class:`banker.session.Session` and the database path. Screens say what the banker chose by
    message (``on_<screen>_<message>`` below: a saved game, a new game's settings, the time limit, the phones); the
    table, given the session, calls :meth:`record` and :meth:`run_command` as a key arrives (banker.tui.screens.table
    says why). Its jobs are modules of their own (:mod:`banker.tui.jobs`): the maths mode's questions
    (:attr:`maths`), the phone pages' hooks (:attr:`phone_hooks`), the keys its key order (:attr:`keys`) set aside
    shown and offered, the backups (:attr:`backup_job`)."""

    CSS_PATH = "app.tcss"
    """The table's layout only; the rest of the look comes with each screen, dialog and widget
    (:mod:`banker.tui.look`)."""
    TITLE = "Banker"  # i18n-exempt: the product's name
    COMMANDS = App.COMMANDS | {BankerCommands}
    BINDINGS = [
        Binding("q", "quit", N_("Quit"), tooltip=N_("Quit; every action is already saved")),
        Binding("ctrl+n", "new_game", N_("New game"), show=False),
    ]

    phones: PhoneServer | None = None
    """The phone pages' server (:class:`banker.web.server.PhoneServer`) once the banker turned the pages on (the
    phones key, :mod:`banker.tui.screens.phones`); stopped when the app quits."""

    backups = True
    """Back the database up at each launch and at each game's end (:mod:`banker.tui.jobs.backups`)."""

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
        self._settings_problem = ""
        self.read_aloud = False
        """Read each recorded summary aloud (``[speech] read_aloud``; :mod:`banker.tui.speech`)."""
        self.keys_bell = True
        """Ring the bell when keys are set aside (``[keyboard] bell``)."""
        self.maths = MathsFlow(self)
        self.phone_hooks = PhoneHooks(self)
        self.backup_job = Backups(self)
        self.after = FollowUp(self)
        self.reader = ReadAloud(self)
        self.keys = KeyOrder(self, told=KeysShown(self))
        """The one key path (:mod:`banker.tui.keyorder`): each key acts on what the keys before it left, in the
        context the banker saw when typing it."""
        self._saved_theme: str | None = None
        self._saved_theme = self._apply_theme()  # reads config.toml: the keyboard's settings go to self.keys

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

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit (it copies in a field); say which key does, in plain words (Textual's own message
        carries markup, which a plain notification showed as ``[b]ctrl+q[/b]``)."""
        self.notify(
            _("Press q on the table (or Ctrl+Q anywhere) to quit; every action is already saved."), title=_("Quit?")
        )

    def get_system_commands(self, screen: Screen[Any]) -> Iterator[SystemCommand]:
        """Textual's own commands in the palette (Theme, Quit, Keys...), in the banker's language
        (:data:`banker.tui.words.TEXTUAL_WORDS`)."""
        for command in super().get_system_commands(screen):
            yield command._replace(title=_(command.title), help=_(command.help))

    def action_command_palette(self) -> None:
        """Ctrl+P: Textual's command palette, its placeholder in the banker's language."""
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(CommandPalette(placeholder=_("Search for commands…"), id="--command-palette"))

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
            self.report_error(exc, f"the action {action!r}")  # i18n-exempt: where, for the log
            return True

    def widget_failed(self, error: Exception) -> bool:
        """An exception escaped a widget (Textual's own, in a list or the palette), which then stops: shown and
        logged, the screen it was on closed if it is not the table, and the game goes on. Under test
        (:attr:`raise_errors`) False: Textual ends the app and the test fails."""
        if self.raise_errors:
            return False
        self.report_error(error, "a widget")  # i18n-exempt: where, for the log
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
                        _(
                            "{path}: theme: no theme called {theme}; choose one in the command palette (Ctrl+P, Theme)"
                        ).format(path=config.path, theme=repr(config.theme))
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
            self.notify(_("The theme is not saved: {error}").format(error=e), title=_("Settings"), severity="warning")

    def on_mount(self) -> None:
        if self._settings_problem:
            self.notify(self._settings_problem, title=_("Settings"), severity="error", timeout=10)
        if self.read_aloud and speech.speaker() is None:
            self.notify(
                _("Read aloud is on, but {speaker} is not installed (apt install {speaker}).").format(
                    speaker=speech.SPEAKER
                ),
                title=_("Settings"),
                severity="warning",
            )
        if not gc.isenabled():  # run() holds garbage collection off during start-up
            self.set_timer(1.0, gc.enable)
        if self.session is None:
            self.show_games()
        else:
            self.phone_hooks.restore()
        self.call_after_refresh(self.backup_job.back_up)  # once the first screen is drawn: the copy never delays it

    def games(self) -> list[GameListing]:
        journal = Journal(self.db_path)
        try:
            return journal.games()
        finally:
            journal.close()

    def show_games(self) -> None:
        table = self.table()
        if self.session is not None and table is not None:  # Ctrl+O at a table: Escape goes back to it
            self.call_next(self._over_table, table, deferred.GamesScreen(self.games(), self.session.game_id))
        else:
            self.call_next(self._replace_all, deferred.GamesScreen(self.games()))

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
        self.after.time_up_handled = False

        def replaced() -> None:
            if previous is not None:
                previous.close()
            self.phone_hooks.restore()
            if then is not None:
                then()

        self.call_next(self._replace_all, TableScreen(session), replaced)

    def file_replaced(self) -> None:
        """The database's path names another file now (``mv backup.db game.db`` while the app had it open): let
        the old file go first (its log moved aside, never read over the new file nor checkpointed into it:
        ``Journal.let_go``), then open the same game from the new file, or the saved games if it has none."""
        old, self.session = self.session, None
        if old is None:
            return
        old.close()
        try:
            session = Session.open(self.db_path, old.game_id)
        except (LookupError, JournalError) as e:
            self.notify(
                _("{path} was replaced by another file, and game {game} cannot be opened from it ({error}).").format(
                    path=self.db_path, game=old.game_id, error=e
                ),
                title=_("Database"),
                severity="warning",
                timeout=10,
            )
            self.show_games()
            return
        self.notify(
            _("{path} was replaced by another file: game {game} is now read from it.").format(
                path=self.db_path, game=old.game_id
            ),
            title=_("Database"),
            severity="warning",
            timeout=10,
        )
        self._use(session)

    def open_game(self, game_id: int) -> None:
        self._use(Session.open(self.db_path, game_id))

    def new_game(self) -> None:
        self.push_screen(deferred.NewGameScreen())

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
        session = Session.create(self.db_path, names, settings, tokens)
        if phones_ask is not None:
            session.set_phones_ask(phones_ask)
        if take_over:
            self._use(session, partial(self.push_screen, deferred.TakeOverScreen(session, self.record_in_dialog)))
            return
        n = session.state.variant.deal_count
        self._use(
            session,
            partial(
                self.open_on_its_own,
                deferred.ConfirmDialog(
                    ngettext(
                        "This game starts with a deal of {n} deed each. Deal them at random now? (No: record the"
                        " dealt deeds one by one with d)",
                        "This game starts with a deal of {n} deeds each. Deal them at random now? (No: record the"
                        " dealt deeds one by one with d)",
                        n,
                    ).format(n=n)
                ),
                self._deal,
            )
            if n
            else None,
        )

    def _deal(self, yes: bool | None) -> None:
        if yes:
            self.run_command("deal random")  # i18n-exempt: a command line

    # Running commands ------------------------------------------------------------------------------------
    @guarded
    def on_table_screen_time_is_up(self, message: TableScreen.TimeIsUp) -> None:
        self.after.time_is_up()

    @guarded
    def on_table_screen_phones_requested(self, message: TableScreen.PhonesRequested) -> None:
        self.phone_hooks.show()

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
            raise LookupError("no game is open")  # i18n-exempt: a programming error (no table, no command)
        return self.session

    def record(
        self, line: str, *, in_dialog: bool = False, worked_out: bool = False, request: RequestRow | None = None
    ) -> Reply:
        """Execute one command and redraw the table: the one place the app records a command (every change of the
        money, the deeds and the turn is one). Returns the reply (a refusal changes nothing and says why;
        ``in_dialog``: the dialog shows it, not the reply box, so it does not linger after the dialog is cancelled).
        The app writes the game's settings and the phones' requests only through the session's own methods, each
        one transaction and never a command: a new game (``Session.create``, ``set_phones_ask``), the maths mode
        (``set_maths``), a request declined (``decline_request``), where the pages are served (``remember_pages``).

        A payment to or from a player in maths mode is not recorded yet: the maths dialog opens once the caller is
        done (its dialog closed) and records the line when the player has worked the amount out (``worked_out``);
        the reply says so, as an answer that changes nothing (:class:`~banker.tui.jobs.maths.MathsFlow`)."""
        if not worked_out:
            asked = self.maths.asks(line, request)
            if asked is not None:
                return asked
        before = self.game.state
        try:
            reply = self.game.execute(line, request=request)
        except Exception as exc:  # noqa: BLE001 - Session.execute should never raise; if it does, say so
            self.report_error(exc, f"execute {line!r}")  # i18n-exempt: where, for the log
            return Reply(
                False, _("{error}: {message}; nothing was recorded").format(error=type(exc).__name__, message=exc)
            )
        if reply.ok and reply.kind is EventKind.ACTION and isinstance(reply.action, rules.Next):
            self.after.jail_roll(before)
        if reply.ok and reply.kind is EventKind.ACTION and isinstance(reply.action, rules.Go):
            self.after.go_from_jail(reply.action.player)
        if reply.ok and self.game.state.over and not before.over:
            self.backup_job.back_up()  # the game's end
        table = self.table()
        if table is not None:
            if reply.ok or not in_dialog:
                table.show_reply(reply)
            table.show_state()
        if self.read_aloud and reply.ok and reply.changed:
            self.reader.say(reply.message)
        return reply

    def on_backup_failed(self, message: BackupFailed) -> None:
        self.backup_job.failed(message)

    def record_request(self, line: str, request: RequestRow) -> Reply:
        """The inbox's Enter: record a phone's request (once; docs/phones.md)."""
        return self.record(line, in_dialog=True, request=request)

    def record_in_dialog(self, line: str) -> Reply:
        return self.record(line, in_dialog=True)

    def run_command(self, line: str) -> Reply:
        """A typed command (or a key such as n, u, y): record it, then what the reply calls for."""
        reply = self.record(line)
        self.follow_up(reply)
        return reply

    def follow_up(self, reply: Reply | None) -> None:
        """What the reply calls for (:mod:`banker.tui.jobs.follow_up`); the callback of every recording dialog."""
        self.after.after(reply)

    def open_standings(self, on_its_own: bool = False) -> None:
        """The standings: by a key (w), or on the app's own when the game ends (keys typed on are set aside)."""
        screen = deferred.StandingsScreen(self.game)
        if on_its_own:
            self.open_on_its_own(screen)
        else:
            self.push_screen(screen)

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
            _("Something went wrong ({error}: {message}). The game is unchanged; details in {log}.").format(
                error=type(exc).__name__, message=exc, log=where
            ),
            title=_("Error"),
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
    allocations to trigger dozens of young collections before the first frame (``banker`` turns them off before it
    imports Textual and the app: :func:`banker.cli.main._main`)."""
    gc.disable()
    try:
        session = Session.last_unfinished(db_path)
    except JournalError as e:  # not ours, damaged or newer: say so, before any screen
        gc.enable()
        print(f"banker: {e}", file=sys.stderr)  # i18n-exempt: the program's name before the journal's words
        return 1
    app = make_app(db_path, session)
    gc.freeze()
    app.run(**options)
    return app.return_code or 0
