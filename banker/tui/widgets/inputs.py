"""Inputs a banker can trust at a noisy table.

* :class:`SteadyInput`: an Input whose own size never follows its text (it scrolls instead), so a letter typed into
  it lays nothing out; every field of the app is one.
* :class:`CompletingInput`: Tab and the right arrow accept the completion on offer; in a field that holds one
  value Tab then moves on, in the command line and in a field that builds a list it stays and adds a space.
  Entering the field (Tab, Shift+Tab, Enter coming round, a dialog opening on it) selects its text, so the first key
  typed replaces it and an arrow keeps it for editing (keys act in the order typed: :mod:`banker.tui.keyorder`).
* :class:`FlagBox`: a checkbox that takes Space only, so Enter confirms the dialog instead of toggling it.
* :class:`TickList`: a list of checkboxes in one widget, the same way: Space ticks, Enter is the dialog's.
* :class:`FunctionSuggester`: a suggester that asks a function, so completions come from the parser's resolvers
  (:mod:`banker.commands.completion`) and are offered only where the typed prefix is accepted. Words shortened
  inside a name (``st j``), which the parser reads too, cannot be drawn after the cursor: Tab asks the function for
  the whole name (:class:`Completer`'s ``whole``) and it replaces them.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich.segment import Segment
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.suggester import Suggester
from textual.widgets import Checkbox, Input, RadioButton, SelectionList

from banker.tui.textual_private import being_removed
from banker.tui.textual_private import suggestion as offered
from banker.tui.words import translated
from rules.i18n import N_

TICK = "X"
NO_TICK = " "
CHOSEN = "●"
"""A checkbox's inside, ticked and not: told apart without colour."""


class Completer(Protocol):
    """A field's completion by the parser's resolvers: ``value`` completed, or None. ``whole``: also where the
    completion does not begin with ``value`` (``st j`` for St. James Place), for Tab to replace it."""

    def __call__(self, value: str, /, *, whole: bool = False) -> str | None: ...


class FunctionSuggester(Suggester):
    """Suggests ``complete(value)``; not cached, since the game (and so the names) changes as it is played."""

    def __init__(self, complete: Completer) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.complete = complete

    async def get_suggestion(self, value: str) -> str | None:
        return self.complete(value)


class SteadyInput(Input):
    """An Input that lays nothing out when a letter is typed into it: every field of the app is one (a test in
    tests/tui/test_redraw.py keeps Textual's own Input out)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """The width of the text typed, which Textual's Input sets on every key: a field's own size never follows it
    (it scrolls its text instead), so a new one lays nothing out. As Textual declares it, for any widget, every
    letter typed laid the whole screen out again (issue 33)."""


@translated
class CompletingInput(SteadyInput):
    """An Input whose completion is accepted by Tab or the right arrow (see the module docstring)."""

    BINDINGS = [
        Binding("tab", "complete", N_("Complete"), show=False),
        Binding("right", "cursor_right", N_("Right or complete"), show=False),
        Binding("ctrl+u", "clear_field", N_("Clear"), show=False),
    ]

    def __init__(self, *args: Any, stay: bool = False, space: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("select_on_focus", True)
        super().__init__(*args, **kwargs)
        self.stay = stay
        """Tab never moves focus out of this input (the command line)."""
        self.space = space
        """Accepting a completion adds a space (the command line, and fields that build a list)."""

    async def on_key(self, event: events.Key) -> None:
        """Enter submits the field here, as the binding Textual would find for it once the key had bubbled up
        through each container of the dialog to the app (a message each, and a walk of the bindings on the way
        back): the field's own, first on that way (``Input``'s ``enter``). The action runs through the app's
        ``run_action``, as a binding's does. A key bound with priority acted before the field saw it, as ever. Some
        0.2 ms of a dialog's Enter (issue 33)."""
        if event.key == "enter":
            event.stop()
            await self.app.run_action("submit", self)

    def watch_has_focus(self, has_focus: bool) -> None:
        """The field that had the focus when its dialog closed loses it as the dialog is removed: its look for
        having no focus would never be drawn, and working it out cost the dialog's Enter a millisecond of its frame
        (issue 33)."""
        if has_focus or not being_removed(self):
            super().watch_has_focus(has_focus)

    def action_clear_field(self) -> None:
        """Ctrl+U clears the whole field, as Help and the key bar say (Textual's Input deletes only what is left of
        the cursor: in the new-game names, with the cursor at the start, it cleared nothing; found by the game-night
        review of issue 20)."""
        self.clear()

    def accept_completion(self) -> bool:
        """Take the completion on offer or, where none can be drawn (``st j``), the whole name the typed words are
        read as; True if the value changed."""
        if not self.cursor_at_end:
            return False
        suggestion = offered(self)
        if not suggestion and isinstance(self.suggester, FunctionSuggester):
            suggestion = self.suggester.complete(self.value, whole=True) or ""
        if not suggestion or suggestion == self.value:
            return False
        if self.space and not suggestion.endswith(" "):
            suggestion += " "
        elif not self.space:
            suggestion = suggestion.rstrip(" ")
        self.value = suggestion
        self.cursor_position = len(self.value)
        return True

    def action_complete(self) -> None:
        if self.accept_completion() and (self.stay or self.space):
            return
        if not self.stay:
            self.screen.focus_next()

    def action_cursor_right(self, select: bool = False) -> None:
        if select or not self.accept_completion():
            super().action_cursor_right(select)


@translated
class FlagBox(Checkbox, inherit_bindings=False):
    """A yes/no field: Space toggles it, Enter is left to the dialog (which confirms). Ticked shows ``X``, unticked
    a blank (Textual shows ``X`` either way, told apart by colour only: nothing on a monochrome screen)."""

    BINDINGS = [Binding("space", "toggle_button", N_("Toggle"), show=False)]

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual reads the constant's name
        return TICK if self.value else NO_TICK


class ChoiceButton(RadioButton):
    """One choice of a set (a rule system, an edition): the chosen one shows ``●``, the others a blank (Textual shows
    ``●`` on every button, the choice told apart by colour only: nothing on a monochrome screen; new-user review)."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual reads the constant's name
        return CHOSEN if self.value else NO_TICK


@translated
class TickList(SelectionList[int], inherit_bindings=False):
    """A selection list whose rows tick with Space only (and a click); Enter is left to the dialog (which
    confirms), as in :class:`FlagBox`. The arrows, Home, End and the page keys move between rows."""

    BINDINGS = [
        Binding("space", "select", N_("Tick"), show=False),
        Binding("down", "cursor_down", N_("Down"), show=False),
        Binding("up", "cursor_up", N_("Up"), show=False),
        Binding("home", "first", N_("First"), show=False),
        Binding("end", "last", N_("Last"), show=False),
        Binding("pagedown", "page_down", N_("Page down"), show=False),
        Binding("pageup", "page_up", N_("Page up"), show=False),
    ]

    def render_line(self, y: int) -> Strip:
        """Each row's box shows ``X`` when ticked and a blank when not, as :class:`FlagBox` does."""
        strip = super().render_line(y)
        index = self.scroll_offset.y + y
        segments = list(strip)
        if index >= self.option_count or len(segments) < 2 or segments[1].text != Checkbox.BUTTON_INNER:
            return strip
        ticked = self.get_option_at_index(index).value in self.selected
        segments[1] = Segment(TICK if ticked else NO_TICK, segments[1].style)
        return Strip(segments, strip.cell_length)
