"""New game: players, the rule system, edition, house rules and (for the time-limit game) its length. Ctrl+T (Take
over) starts it as a game already under way: the set-up screen opens on it (``banker.tui.screens.takeover``).

The engine checks the setup (``rules.new_game`` inside ``Session.create``): duplicate names, too few or too many
players for the variant, tokens that do not match the players, a time-limit game without a time. Its RuleError is
shown under the form as it is and nothing is saved; the refusal goes as soon as the banker changes any field.

Enter starts the game from a text field, a checkbox (Space toggles it) or a button; in the rule and edition lists
Enter, like Space, takes the highlighted choice (the arrows only highlight).

The screen posts what the banker asked for (:class:`NewGameScreen.Submitted`, :class:`NewGameScreen.Cancelled`);
the app creates the game, or hands the engine's refusal back to :meth:`NewGameScreen.refuse`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Static

from banker import settings
from banker.tui.keyorder import hold_typed_ahead
from banker.tui.look import FORM_CSS
from banker.tui.safety import guard_actions
from banker.tui.widgets.footer import Footer
from banker.tui.widgets.inputs import ChoiceButton, CompletingInput, FlagBox
from banker.tui.words import translated
from rules import RuleError, Settings, all_variants
from rules.board import Board
from rules.editions import all_editions, edition_problems, load_edition_file
from rules.i18n import N_, _, pgettext
from rules.limits import setting_number
from rules.options import OPTIONS, Option
from rules.state import game_settings

MAX_PROBLEMS_SHOWN = 3
"""Edition files that cannot be played, each said in a line of its own under the form; more are counted."""

FormValues = tuple[tuple[str, ...], tuple[bool, ...], tuple[int, ...]]
"""Every field of the new-game form as it stands (:meth:`NewGameScreen._form`): inputs, checkboxes, radio sets."""


@guard_actions
@translated
class NewGameScreen(Screen[None]):
    """Everything on one screen of 100x30 (compact radio sets and buttons), so Start is in view without scrolling."""

    DEFAULT_CSS = (
        FORM_CSS
        + """
    NewGameScreen #new-game {
        padding: 0 2;
    }
    NewGameScreen #new-game .dialog-title {
        margin-bottom: 0;
    }
    NewGameScreen #edition {
        layout: horizontal;
    }
    NewGameScreen #edition RadioButton {
        width: auto;
        margin-right: 3;
    }
    NewGameScreen .section {
        text-style: bold;
        margin-top: 1;
        width: 100%;  /* a long heading (French, Spanish) wraps at 80 columns, never cut */
    }
    """
    )

    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start the game"), tooltip=N_("Create the game with these settings")),
        Binding(
            "ctrl+t",
            "take_over",
            N_("Take over"),
            tooltip=N_(
                "Start the game and enter where the table stands: a game already under way (set up from the board)"
            ),
        ),
        Binding("escape", "back", N_("Back")),
        Binding("enter", "start", N_("Start the game"), show=False),
    ]
    """Enter reaches the screen's own binding from a checkbox (a :class:`FlagBox` takes Space only); an input turns
    Enter into ``Input.Submitted`` and a radio set takes it to choose."""

    class Submitted(Message):
        """Start a game with these players, settings (checked by :func:`rules.limits.check_settings`) and tokens;
        the engine may still refuse the setup, which the app hands back to ``form.refuse``."""

        def __init__(
            self,
            form: NewGameScreen,
            names: list[str],
            settings: Settings,
            tokens: list[str],
            phones_ask: bool = True,
            take_over: bool = False,
        ) -> None:
            super().__init__()
            self.form = form
            self.names = names
            self.settings = settings
            self.tokens = tokens
            self.phones_ask = phones_ask
            """The players' phone pages may ask the banker to record their payments (docs/phones.md)."""
            self.take_over = take_over
            """A game already under way: the set-up screen opens on it (set up from the board, issue 35)."""

    class Cancelled(Message):
        """Back (Escape or the button): no game."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.settings_problem = ""
        self.sent = False
        """A game was asked for and the app has not refused it: a second Enter in the same burst asks nothing."""
        self.refused_form: FormValues | None = None
        """The form as it was when last refused (:meth:`_edited`)."""
        self.phones_ask = True
        try:
            config = settings.load()
            self.defaults, self.phones_ask = config.new_game, config.phones_ask
        except settings.SettingsError as e:  # said under the form; the screen starts from the rule book's defaults
            self.defaults, self.settings_problem = settings.NewGameDefaults(), str(e)

    def compose(self) -> ComposeResult:
        d = self.defaults
        with VerticalScroll(id="new-game", can_focus=False):  # Tab goes round the fields only
            yield Label(_("New game (Enter or Ctrl+S starts it, Escape goes back)"), classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label(_("Players"), classes="field-label")
                yield CompletingInput(
                    placeholder=_("names separated by spaces, in seating order: ann bob cat"), id="names", compact=True
                )
            with Horizontal(classes="field"):
                yield Label(_("Tokens"), classes="field-label")
                yield CompletingInput(placeholder=_("optional, same order: car dog hat"), id="tokens", compact=True)
            yield Label(_("Rules"), classes="section")
            with RadioSet(id="variant", compact=True):
                board = next((b for b in all_editions() if b.edition == d.edition), all_editions()[0])
                for v in all_variants():
                    said = f"{_(v.title)}: {v.summary_on(board)}"
                    yield ChoiceButton(said, value=v.key == d.variant, id=f"v-{v.key}")
            yield Static(id="variant-summary", classes="dialog-note")
            with Horizontal(classes="field"):
                yield Label(_("Edition"), classes="field-label")
                with RadioSet(id="edition", compact=True):
                    for b in all_editions():
                        yield ChoiceButton(b.label, value=b.edition == d.edition, id=f"e-{b.edition}")
            yield FlagBox(
                _("2008 card texts (the later figures; the edition's own cards otherwise)"),
                d.cards == "2008",
                id="cards-2008",
                compact=True,
            )
            with Horizontal(classes="field"):
                yield Label(_("Edition file"), classes="field-label")
                yield CompletingInput(
                    placeholder=_("or your own board: a .toml file (docs/editions.md)"), id="edition-file", compact=True
                )
            problems = edition_problems()  # a file dropped into editions/ while the app runs: said, not a crash
            lines = ["✗ " + _("not playable: {problem}").format(problem=line) for line in problems[:MAX_PROBLEMS_SHOWN]]
            if len(problems) > MAX_PROBLEMS_SHOWN:
                more = len(problems) - MAX_PROBLEMS_SHOWN
                lines.append("  " + _("and {n} more: `banker editions` lists them all").format(n=more))
            edition_errors = Static(
                Text("\n".join(lines), style="bold red"), id="edition-errors", classes="dialog-preview"
            )
            edition_errors.display = bool(problems)
            yield edition_errors
            for option in (o for o in OPTIONS if not o.house_rule):
                yield from self._option(option, board)
            yield Label(_("House rules (not in any rule book; always shown as house rules)"), classes="section")
            for option in (o for o in OPTIONS if o.house_rule):
                yield from self._option(option, board)
            # no section of its own: at 100x30 the whole form, Start included, fits without scrolling
            yield FlagBox(
                _("Phones may ask: players propose payments from their pages; you record each (i)"),
                self.phones_ask,
                id="phones-ask",
                compact=True,
            )
            yield Static(id="setup-error", classes="dialog-preview")
            settings_error = Static(
                Text(f"✗ {self.settings_problem}", style="bold red"), id="settings-error", classes="dialog-preview"
            )
            settings_error.display = bool(self.settings_problem)  # no row taken when config.toml is fine
            yield settings_error
            with Horizontal(classes="dialog-buttons"):
                yield Button(
                    pgettext("a button that starts the game", "Start"), id="start", variant="primary", compact=True
                )
                yield Button(_("Take over a game under way"), id="take-over", compact=True)
                yield Button(_("Back"), id="back", compact=True)
        yield Footer()

    def _option(self, option: Option, board: Board) -> ComposeResult:
        """An option's field, as rules/options.py declares it: a checkbox for a switch, a labelled field for a
        number (blank when the number is off), its hint's figures in the chosen edition's money."""
        value = getattr(self.defaults, option.key)
        if option.kind is bool:
            yield FlagBox(_(option.label), value, id=option.field_id, compact=True)
            return
        with Horizontal(classes="field"):
            yield Label(_(option.label), classes="field-label")
            yield CompletingInput(
                str(value) if value != option.off else "",
                placeholder=option.hint(board.scaled),
                id=option.field_id,
                # free text, read by rules.limits.setting_number: a word typed here is refused with a message, where
                # an integer field dropped its letters in silence (`/tmp/x2.toml` became a 2-minute limit; review)
                compact=True,
            )

    def on_mount(self) -> None:
        self.query_one("#names", Input).focus()
        self._show_variant()

    def _board(self) -> Board:
        """The board of the edition chosen in the list (its money and figures for the rules' summaries)."""
        button = self.query_one("#edition", RadioSet).pressed_button
        key = button.id.removeprefix("e-") if button and button.id else "us"
        editions = all_editions()
        return next((b for b in editions if b.edition == key), editions[0])

    @on(RadioSet.Changed, "#variant")
    def _show_variant(self) -> None:
        """The chosen variant's whole summary and rule books, which a narrow terminal cuts short in the list."""
        button = self.query_one("#variant", RadioSet).pressed_button
        key = button.id.removeprefix("v-") if button and button.id else "standard"
        v = next(v for v in all_variants() if v.key == key)
        board = self._board()
        start = _("each player starts with {cash}").format(cash=board.money(board.starting_cash))
        summary = f"{_(v.title)}: {v.summary_on(board)} ({v.seeds}); {start}"
        self.query_one("#variant-summary", Static).update(Text(summary))

    @on(RadioSet.Changed, "#edition")
    def _edition_chosen(self) -> None:
        """The rules' summaries and the options' hints name amounts in the chosen edition's money ("flat £200 tax"
        once UK is chosen, a luxury tax of 1500 or 2000 on the Deutsche Mark board)."""
        board = self._board()
        for v in all_variants():
            self.query_one(f"#v-{v.key}", RadioButton).label = f"{_(v.title)}: {v.summary_on(board)}"
        for option in OPTIONS:
            if option.field_id and option.kind is int:
                self.query_one(f"#{option.field_id}", Input).placeholder = option.hint(board.scaled)
        self._show_variant()

    def settings(self) -> tuple[list[str], list[str], Settings]:
        variant_button = self.query_one("#variant", RadioSet).pressed_button
        variant = variant_button.id.removeprefix("v-") if variant_button and variant_button.id else "standard"
        edition_button = self.query_one("#edition", RadioSet).pressed_button
        edition = edition_button.id.removeprefix("e-") if edition_button and edition_button.id else "us"
        path = self.query_one("#edition-file", Input).value.strip()
        if path:  # checked like the built-in editions: a bad file is one line under the form, and no game
            edition = load_edition_file(path).edition
        names = self.query_one("#names", Input).value.split()
        tokens = self.query_one("#tokens", Input).value.split()
        options: dict[str, bool | int] = {}
        for o in OPTIONS:
            if o.kind is bool:
                options[o.key] = self.query_one(f"#{o.field_id}", Checkbox).value
            else:
                options[o.key] = setting_number(self.query_one(f"#{o.field_id}", Input).value, o.what)
        cards = "2008" if self.query_one("#cards-2008", Checkbox).value else ""
        settings = game_settings(variant, edition, cards=cards, **options)
        return names, tokens, settings.checked(len(names))  # the same ranges as `new` and `banker new`

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(RadioSet.Changed)
    def _edited(self) -> None:
        """A refusal speaks of the fields as they were; once the banker changes one, it no longer applies, and the
        field being changed is scrolled back into sight (the refusal was scrolled to, below the fold at 80x24)."""
        if self._form() == self.refused_form:
            return
        self.query_one("#setup-error", Static).update("")
        if self.refused_form is not None:
            self.refused_form = None
            if self.focused is not None:
                self.call_after_refresh(self.focused.scroll_visible, animate=False)

    def _form(self) -> FormValues:
        """Everything the banker can change on the form, to tell whether it changed since a refusal."""
        return (
            tuple(w.value for w in self.query(Input)),
            tuple(w.value for w in self.query(Checkbox)),
            tuple(r.pressed_index for r in self.query(RadioSet)),
        )

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        """Enter starts the game from any field, as in a dialog; a refusal is shown under the form."""
        event.stop()
        self.action_start()

    @on(Button.Pressed, "#start")
    def action_start(self, take_over: bool = False) -> None:
        if self.sent:
            return
        try:
            names, tokens, settings = self.settings()
        except (RuleError, ValueError) as e:
            self.refuse(e)
            return
        self.sent = True
        ask = self.query_one("#phones-ask", Checkbox).value
        self.post_message(self.Submitted(self, names, settings, tokens, ask, take_over))

    @on(Button.Pressed, "#take-over")
    def action_take_over(self) -> None:
        """Ctrl+T: start the game and enter the position on the table (a game already under way)."""
        self.action_start(take_over=True)

    def refuse(self, e: RuleError | ValueError) -> None:
        """Say under the form why the game cannot start (a field out of range, or the engine's refusal)."""
        self.sent = False  # refused: the banker corrects the form and starts again
        self.refused_form = self._form()
        rule = getattr(e, "rule", "")
        msg = getattr(e, "message", str(e))
        error = self.query_one("#setup-error", Static)
        error.update(Text(f"✗ {msg}{f' ({rule})' if rule else ''}", style="bold red"))
        # Scrolled into sight once laid out: at 80x24 the form is taller than the screen, and Enter on the names
        # seemed to do nothing, the refusal below the fold (found in issue 20's game-night review).
        self.call_after_refresh(error.scroll_visible, animate=False)
        hold_typed_ahead(self)  # keys typed on were meant for the game's table, not this form (issue 30)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.post_message(self.Cancelled())
