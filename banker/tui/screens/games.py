"""Saved games: pick one to resume, or start a new one. Shown when no unfinished game can be resumed.

The screen says what the banker chose by message (:class:`GamesScreen.Chosen`, :class:`GamesScreen.NewGameRequested`);
the app opens the game or the new-game screen."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Label, OptionList
from textual.widgets.option_list import Option

from banker.journal import GameListing
from banker.reports.times import list_time
from banker.tui.look import FORM_CSS
from banker.tui.safety import guard_actions
from banker.tui.widgets.footer import Footer
from banker.tui.words import translated
from rules.i18n import N_, _


@guard_actions
@translated
class GamesScreen(Screen[None]):
    """The saved games. Opened from a table (Ctrl+O) it lies over it, and Escape goes back to that game (a game
    night found no way back: the banker had to pick the open game again); shown at start or when the open game is
    gone, it is the only screen and Escape does nothing."""

    DEFAULT_CSS = (
        FORM_CSS
        + """
    GamesScreen #games-box {
        padding: 1 2;
    }
    GamesScreen #games {
        height: auto;
        max-height: 20;
        margin-bottom: 1;
    }
    """
    )

    BINDINGS = [
        Binding("escape", "back", N_("Back to the game"), tooltip=N_("Back to the game that was open")),
        Binding("n", "new_game", N_("New game"), tooltip=N_("Start a new game")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    class Chosen(Message):
        """The banker picked a saved game to resume."""

        def __init__(self, game_id: int) -> None:
            super().__init__()
            self.game_id = game_id

    class NewGameRequested(Message):
        """The banker asked for a new game (n or the button)."""

    def __init__(self, games: list[GameListing], open_game: int | None = None) -> None:
        super().__init__()
        self.games = games
        self.open_game = open_game
        """The id of the game whose table this screen lies over (Escape goes back to it), or None."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.open_game is not None  # no key "Back" in the bar when there is no game to go back to
        return True

    def action_back(self) -> None:
        if self.open_game is not None:
            self.dismiss()

    def compose(self) -> ComposeResult:
        with Vertical(id="games-box"):
            yield Label(_("Banker: saved games"), classes="dialog-title")
            options = [Option(Text(self.describe(g)), id=str(g.id)) for g in reversed(self.games)]
            if options:
                games = OptionList(*options, id="games")
                if self.open_game is not None:  # the game open now is the one highlighted
                    games.highlighted = next(
                        (i for i, g in enumerate(reversed(self.games)) if g.id == self.open_game), 0
                    )
                yield games
            else:
                yield Label(_("No saved games yet."))
            yield Button(_("New game"), id="new", variant="primary")
        yield Footer()

    @staticmethod
    def describe(g: GameListing) -> str:
        if not g.over:
            state = _("unfinished; started {time}")
        elif g.winner:
            state = _("finished, {winner} won; started {time}")
        else:
            state = _("finished; started {time}")
        # The edition too: a family with a US and a UK board tells their games apart by it.
        board = g.edition.upper()
        when = state.format(winner=g.winner, time=list_time(g.created))
        return f"#{g.id}  {g.variant} {board}  {', '.join(g.players)}  ({when})"

    @on(OptionList.OptionSelected)
    def _open(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every option is a game, by its id
            self.post_message(self.Chosen(int(event.option.id)))

    @on(Button.Pressed, "#new")
    def action_new_game(self) -> None:
        self.post_message(self.NewGameRequested())
