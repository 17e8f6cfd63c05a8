"""Set up from the board: a game already under way entered where the table stands, before the first move (issue 35;
docs/rulings.md, "Taking over a game").

Reached from the new-game screen (Take over, Ctrl+T, which starts the game and opens this screen on it) and from the
table before play begins (T). The banker goes round the table: a player, their cash, each deed they hold with what
stands on it, whether they are in jail and which Get Out of Jail Free card they hold; then the Free Parking pot and
whose turn it is. Enter in a field records that field's line; the line is built from the fields by the command
language's own readers (:class:`banker.commands.Form`) and recorded as :func:`banker.commands.format` writes it,
through the app, exactly as a dialog records: the journal holds what typing the same ``position`` lines would.

Below the fields the position so far, and what keeps it from standing (a group built unevenly, buildings beside a
mortgaged lot: ``rules.queries.position_problems``), so the faults are put right before play begins; Ctrl+S plays
from here once it stands (the first move is refused until then anyway). Ctrl+Z undoes the last line, Escape goes
to the table (T comes back while play has not begun).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from banker import commands
from banker.commands import Form, Missing, Refused
from banker.commands.completion import DEED, PLAYER, Slot, complete_value
from banker.tui.dialogs.base import Record, Recorded, plain, refusal, reply_text
from banker.tui.keyorder import hold_typed_ahead, typed_ahead_offered
from banker.tui.look import DialogScreen
from banker.tui.safety import guard_actions
from banker.tui.widgets.footer import Footer
from banker.tui.widgets.inputs import Completer, CompletingInput, FunctionSuggester
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.position import holding_words
from rules.queries import jail_status, position_problems

if TYPE_CHECKING:
    from banker.session import Session
    from rules.state import GameState

LOT_SLOT: Slot = commands.LOT_WORDS
"""What the "On it" field completes, as the parser reads it ("hot": hotel, "m": mortgaged; "h" could be houses or
hotel); a number of houses is typed as it is."""


@dataclass(frozen=True)
class Line:
    """One line the screen records: the fields it reads (the first is where Enter records it from) and how."""

    fields: tuple[str, ...]
    build: Callable[[Form], Recorded]
    then: str
    """The field the cursor goes to once the line is recorded (the next thing a banker going round enters)."""


LINES: tuple[Line, ...] = (
    Line(("cash",), lambda f: f.position_cash("player", "cash"), "deed"),
    Line(("deed", "lot"), lambda f: f.position_deed("player", "deed", "lot"), "deed"),
    Line(("jail",), lambda f: f.position_jail("player", "jail"), "card"),
    Line(("card",), lambda f: f.position_card("player", "card"), "player"),
    Line(("pot",), lambda f: f.position_pot("pot"), "turn"),
    Line(("turn",), lambda f: f.position_turn("turn"), "turn"),
)
LINE_OF = {key: line for line in LINES for key in line.fields}
"""The line each field records (the player field records none: Enter there moves on to the cash)."""


@dataclass(frozen=True)
class Field:
    """One field of the screen; its label and placeholder are marked for the catalogue and translated when shown."""

    key: str
    label: str
    placeholder: str
    slot: Slot | None = None


FIELDS: tuple[tuple[Field, ...], ...] = (
    (Field("player", N_("Player"), N_("a name (Tab completes)"), PLAYER), Field("cash", N_("Cash"), N_("e.g. 1230"))),
    (
        Field("deed", N_("Holds"), N_("a deed (Tab completes)"), DEED),
        Field("lot", N_("On it"), N_("2 houses, hotel, mortgaged"), LOT_SLOT),
    ),
    (
        Field("jail", N_("In jail"), N_("turn 1, 2 or 3")),
        Field("card", N_("Jail card"), N_("chance or chest"), commands.DECKS),
    ),
    (Field("pot", N_("Pot"), N_("in Free Parking")), Field("turn", N_("Turn"), N_("who plays next"), PLAYER)),
)


def position_text(state: GameState) -> Text:
    """The position so far: each player's cash, deeds (with what stands on them), jail and cards; the bank's
    buildings, the pot and whose turn. Whether it stands is :func:`verdict_text`'s, shown apart."""
    money = state.money
    out = Text()
    for i, p in enumerate(state.players):
        deeds = [f"{d.name}" + _on(state, d.index) for d in state.owned_by(i)]
        notes = [jail_status(state, i), *(_("{deck} jail card").format(deck=deck) for deck in p.jail_cards)]
        out.append(f"{p.name}", style="bold")
        out.append(f": {money(p.cash)}")
        out.append("".join(f"; {n}" for n in notes if n))
        out.append(f"; {', '.join(deeds)}" if deeds else "; " + _("no deeds"), style="" if deeds else "dim")
        out.append("\n")
    board = state.board
    if state.settings.house_rules.free_parking:
        bank = _("Bank: {houses} of {houses_total} houses, {hotels} of {hotels_total} hotels; Free Parking pot {pot}")
    else:
        bank = _("Bank: {houses} of {houses_total} houses, {hotels} of {hotels_total} hotels")
    said = bank.format(
        houses=state.houses,
        houses_total=board.houses,
        hotels=state.hotels,
        hotels_total=board.hotels,
        pot=money(state.pot),
    )
    turn = _("{player} to play").format(player=state.players[state.turn].name)
    out.append(f"{said}; {turn}", style="dim")
    return out


def verdict_text(state: GameState) -> Text:
    """What keeps the position from standing, or that it stands: shown below the summary, never scrolled out of
    view with it (a game-night review at 80x24: with 21 deeds held, the line fell below the screen)."""
    problems = position_problems(state)
    if not problems:
        return Text("✓ " + _("The position stands: Ctrl+S plays from here."), style="bold green")
    return Text("\n").join(Text(f"✗ {problem.message} ({problem.rule})", style="bold red") for problem in problems)


def _on(state: GameState, index: int) -> str:
    """What stands on a deed, in brackets; nothing for an unimproved lot (in every language: the words were compared
    with the English "unimproved", so a German summary said "(unbebaut)" after every such deed)."""
    holding = state.deeds[index]
    return f" ({holding_words(state, holding)})" if holding.level or holding.mortgaged else ""


@guard_actions
class TakeOverScreen(DialogScreen[None]):
    """The set-up screen (module docstring)."""

    DEFAULT_CSS = """
    TakeOverScreen #takeover-box {
        height: 1fr;
        max-height: 100%;
    }
    TakeOverScreen #takeover-title {
        margin-bottom: 0;
    }
    TakeOverScreen .takeover-row .takeover-label {
        width: 10;
    }
    TakeOverScreen #takeover-scroll {
        height: 1fr;
        margin-top: 1;
    }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Table")),
        Binding("ctrl+s", "done", N_("Play from here")),
        Binding("ctrl+z", "undo", N_("Undo the last line")),
        # The palette's key, as every other screen's footer shows it: the app binds Ctrl+P, and a modal screen's
        # footer shows only the bindings from the screen down (found by a game-night review at 80x24).
        Binding("ctrl+p", "app.command_palette", N_("palette"), show=False, tooltip=N_("Open the command palette")),
    ]

    def __init__(self, session: Session, record: Record) -> None:
        super().__init__()
        self.session = session
        self.record = record
        self.said = Text()
        """What the last Enter did: shown until a field is typed in again (a preview then takes its place)."""

    def compose(self) -> ComposeResult:
        pot = self.session.state.settings.house_rules.free_parking
        with Vertical(classes="dialog-box wide", id="takeover-box"):
            yield Label(
                _("Take over from the board: Enter records a line, Ctrl+S plays from here"),
                classes="dialog-title",
                id="takeover-title",
            )
            for row in FIELDS:
                with Horizontal(classes="field takeover-row"):
                    for f in row:
                        if f.key == "pot" and not pot:
                            continue  # no pot in this game (the Free Parking house rule is off)
                        suggester = FunctionSuggester(self._completer(f)) if f.slot is not None else None
                        yield Label(_(f.label), classes="field-label takeover-label", markup=False)
                        yield CompletingInput(
                            placeholder=_(f.placeholder), id=f"to-{f.key}", suggester=suggester, compact=True
                        )
            yield Static(id="command", classes="dialog-command")
            yield Static(id="preview", classes="dialog-preview")
            with VerticalScroll(id="takeover-scroll", can_focus=False):  # Tab goes round the fields only
                yield Static(id="position")
            yield Static(id="verdict")
        yield Footer()

    def _completer(self, field: Field) -> Completer:
        slot = field.slot
        assert slot is not None
        return lambda value, whole=False: complete_value(slot, value, self.session.state, whole=whole)

    def on_mount(self) -> None:
        player = self.query_one("#to-player", Input)
        state = self.session.state
        player.value = state.players[state.turn].name
        self._focus("player")  # its text selected: "ann" typed replaces Ann (it made "Annann"; review)
        self.show_position()
        self.session.add_listener(self._game_changed)

    def on_unmount(self) -> None:
        self.session.remove_listener(self._game_changed)

    def _game_changed(self, _session: Session) -> None:
        if self.is_attached:
            self.call_later(self.show_position)

    # Fields -> line -----------------------------------------------------------------------------------------
    def values(self) -> dict[str, str]:
        return {w.id.removeprefix("to-"): w.value.strip() for w in self.query(Input) if w.id}

    def line_at(self, key: str) -> Line | None:
        return LINE_OF.get(key)

    def focused_key(self) -> str:
        focused = self.focused
        return focused.id.removeprefix("to-") if isinstance(focused, Input) and focused.id else ""

    def unrecorded(self) -> list[str]:
        """The fields that hold text no Enter has recorded, labelled with it ("Cash" 800): a figure left on the
        screen reads as if it were the position (a banker fills a row, Tab, Tab, Enter: only the row's last line was
        recorded)."""
        values = self.values()
        return [f"{_label(key)} {values[key]}" for key in LINE_OF if values.get(key)]

    def typed(self, line: Line) -> Recorded:
        """The command the line's fields make now (raises :class:`Missing` or :class:`Refused`)."""
        return line.build(Form(self.values(), self.session.state))

    def show_position(self) -> None:
        self.query_one("#position", Static).update(position_text(self.session.state))
        self.query_one("#verdict", Static).update(verdict_text(self.session.state))
        self.refresh_preview()

    def refresh_preview(self) -> None:
        """The line Enter would record from the field the cursor is in, and what it would do."""
        line = self.line_at(self.focused_key())
        command, reply = "", None
        if line is not None:
            try:
                command = commands.format(self.typed(line))
                reply = self.session.preview(command)
            except Missing:
                pass
            except Refused as refused:
                reply = refusal(refused.error)
        if not command and reply is None:  # nothing typed for a line here: what the last Enter did stays
            self.query_one("#command", Static).update("")
            self.query_one("#preview", Static).update(self.said)
            return
        self.query_one("#command", Static).update(Text(f"> {command}" if command else "", style="dim"))
        self.query_one("#preview", Static).update(reply_text(reply))

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if event.value:
            self.said = Text()  # typing anew: the last reply no longer applies
        self.refresh_preview()

    def on_descendant_focus(self) -> None:
        self.refresh_preview()

    # Recording ----------------------------------------------------------------------------------------------
    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        """Enter records the line of the field it was typed in (the player field moves on to the cash)."""
        event.stop()
        key = event.input.id.removeprefix("to-") if event.input.id else ""
        line = self.line_at(key)
        if line is None:  # the player: checked here, so a name the game does not know keeps the cursor on it
            name = self.values().get(key)
            try:
                if name:
                    self.session.state.player_index(name)
            except RuleError as unknown:
                self.refuse(reply_text(refusal(unknown)), key)
                return
            self.query_one("#to-cash", Input).focus()
            return
        if "#" in "".join(self.values().values()):
            self.say(
                plain(
                    "✗ " + _("# starts a comment in a command, so it cannot be part of a name or an amount"),
                    style="bold red",
                )
            )
            return
        try:
            command = self.typed(line)
        except Missing as missing:
            if not any(self.values().get(k) for k in line.fields):
                # Enter in an empty field (Tab went on past the field filled in): say where the line is typed
                nothing = _("Nothing to record: {field} is empty (Shift+Tab goes back)").format(field=_label(key))
                self.say(plain("✗ " + nothing, style="bold red"))
                return
            self.refuse(
                plain("✗ " + _("Type {field} first").format(field=_label(missing.field)), style="bold red"),
                missing.field,
            )
            return
        except Refused as refused:
            self.refuse(reply_text(refusal(refused.error)), refused.field or key)
            return
        reply = self.record(commands.format(command))
        if not reply.ok:  # the rules refused the line: as any refusal, the cursor on the field, its text selected
            self.refuse(reply_text(reply), key)
            return
        for k in line.fields:
            self.query_one(f"#to-{k}", Input).value = ""
        self._focus(line.then)
        self.show_position()
        typed_ahead_offered(self)  # keys set aside at a refusal were typed for what comes after it: now
        said = reply_text(reply)
        left = self.unrecorded()
        if left:
            said.append(
                "\n✗ "
                + _("Typed but not recorded: {fields} (Enter in it records it, Ctrl+U clears it)").format(
                    fields=", ".join(left)
                ),
                style="bold red",
            )
        self.say(said)

    def say(self, text: Text) -> None:
        """What the last Enter did (the reply, or why nothing was recorded), where the preview was."""
        self.said = text
        self.query_one("#command", Static).update("")
        self.query_one("#preview", Static).update(text)

    def refuse(self, text: Text, key: str) -> None:
        """Say why nothing was recorded and put the cursor in the field at fault, its text selected; the keys typed
        before the refusal showed were meant for the next field (the cash after the player), so they are set aside
        (docs/architecture.md, a refusal that moves the focus), as a dialog's refusal does."""
        self.say(text)
        self._focus(key)
        hold_typed_ahead(self)

    def _focus(self, key: str) -> None:
        """The cursor to a field, its text selected (a field already focused gets no focus event to select it)."""
        found = self.query(f"#to-{key}")
        if found:
            field = found.first(Input)
            field.focus()
            field.select_all()

    def action_undo(self) -> None:
        """Ctrl+Z: take back the last line (an ordinary undo, journalled)."""
        reply = self.record("undo")
        self.show_position()
        self.say(reply_text(reply))

    def action_done(self) -> None:
        """Ctrl+S: back to the table to play from the position, once it stands; else say what keeps it from
        standing (the first move would be refused for it)."""
        left = self.unrecorded()
        if left:
            self.say(
                plain(
                    "✗ "
                    + _("Not yet: {fields} typed but not recorded (Enter in it records it, Ctrl+U clears it)").format(
                        fields=", ".join(left)
                    ),
                    style="bold red",
                )
            )
            return
        problems = position_problems(self.session.state)
        if problems:
            not_yet = _("Not yet: {problem} ({rule})").format(problem=problems[0].message, rule=problems[0].rule)
            self.say(plain("✗ " + not_yet, style="bold red"))
            return
        self.dismiss(None)
        self.app.notify(_("The position is taken over from the board: play from here."), title=_("Set up"))

    def action_close(self) -> None:
        """Escape: back to the table (T reopens the set-up before play); what was typed and not recorded is said,
        since it goes with the screen."""
        left = self.unrecorded()
        self.dismiss(None)
        if left:
            self.app.notify(
                _("Not recorded: {fields}").format(fields=", ".join(left)), title=_("Set up"), severity="warning"
            )


def _label(key: str) -> str:
    """A field as the screen labels it, quoted: "In jail"."""
    label = next((_(f.label) for row in FIELDS for f in row if f.key == key), key)
    return _('"{field}"').format(field=label)


__all__ = ["TakeOverScreen", "position_text"]
