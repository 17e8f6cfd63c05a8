"""Inputs a banker can trust at a noisy table.

* :class:`CompletingInput`: Tab and the right arrow accept the completion on offer; in a field that holds one
  value Tab then moves on, in the command line and in a field that builds a list it stays and adds a space.
  Focusing the field never selects its text, so a key typed after Tab or Enter cannot overwrite a name.
* :class:`FlagBox`: a checkbox that takes Space only, so Enter confirms the dialog instead of toggling it.
* :class:`TickList`: a list of checkboxes in one widget, the same way: Space ticks, Enter is the dialog's.
* :class:`FunctionSuggester`: a suggester that asks a function, so completions come from the parser's resolvers
  (:mod:`banker.commands.completion`) and are offered only where the typed prefix is accepted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual import events
from textual.actions import SkipAction
from textual.binding import Binding
from textual.suggester import Suggester
from textual.widgets import Checkbox, Input, SelectionList

from banker.tui.textual_private import bindings_for_key
from banker.tui.textual_private import suggestion as offered
from banker.tui.widgets.typeahead import hand_on, printable


class FunctionSuggester(Suggester):
    """Suggests ``complete(value)``; not cached, since the game (and so the names) changes as it is played."""

    def __init__(self, complete: Callable[[str], str | None]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.complete = complete

    async def get_suggestion(self, value: str) -> str | None:
        return self.complete(value)


class CompletingInput(Input):
    """An Input whose completion is accepted by Tab or the right arrow (see the module docstring)."""

    BINDINGS = [
        Binding("tab", "complete", "Complete", show=False),
        Binding("right", "cursor_right", "Right or complete", show=False),
    ]

    def __init__(self, *args, stay: bool = False, space: bool = False, **kwargs) -> None:
        kwargs.setdefault("select_on_focus", False)
        super().__init__(*args, **kwargs)
        self.stay = stay
        """Tab never moves focus out of this input (the command line)."""
        self.space = space
        """Accepting a completion adds a space (the command line, and fields that build a list)."""

    async def action_submit(self) -> None:
        if not self.submit_now():
            await super().action_submit()

    def submit_now(self) -> bool:
        """Enter, handled now: a screen that records on Enter gets the field at once (``submitted_now``), so a
        key typed right after Enter is not read before Enter has taken effect (Textual would post a message that
        queues behind those keys). False where the screen has no such handler."""
        handler = getattr(self.screen, "submitted_now", None)
        if handler is None:
            return False
        handler(self)
        return True

    def on_key(self, event: events.Key) -> None:
        """Enter, Tab and the right arrow act as the key arrives, not when its binding is reached after keys
        typed later (:mod:`banker.tui.widgets.typeahead`); a key reaching a field of a dialog that has closed goes to
        the screen now on top."""
        if getattr(self.screen, "closing", False):
            if hand_on(self.app.screen, event.key, event.character):
                event.stop()
                event.prevent_default()
            return
        focused = self.screen.focused
        if focused is not self and isinstance(focused, CompletingInput):
            # Typed right after a key that has since moved the focus on (Tab, or Enter in an auction's bid): the
            # key belongs to the new field, or, if that field has no use for it (Ctrl+S, Escape), to its screen.
            event.stop()
            event.prevent_default()
            if not focused.take_key(event.key, event.character):
                hand_on(self.screen, event.key, event.character)
            return
        if self.take_key(event.key, event.character, typed=False):
            event.stop()
            event.prevent_default()

    def _run_binding_now(self, key: str) -> bool:
        if key in ("tab", "right"):
            getattr(self, "action_complete" if key == "tab" else "action_cursor_right")()
            return True
        if key == "shift+tab" and not self.stay:
            # Back a field now: left to the screen's binding, the keys typed after it reached this field first.
            self.screen.focus_previous()
            return True
        for binding in bindings_for_key(self, key):
            action = getattr(self, f"action_{binding.action}", None)
            if action is not None and "(" not in binding.action and not asyncio.iscoroutinefunction(action):
                try:
                    action()
                except SkipAction:  # nothing to do here (a page key in a one-line input): the screen's binding
                    return False
                return True
        return False

    def take_key(self, key: str, character: str | None, typed: bool = True) -> bool:
        """Handle one key now; ``typed``: a printable character to insert (keys that reached the screen before
        this field had the focus)."""
        if key == "enter":
            return self.submit_now()
        if not typed:  # the editing keys (Ctrl+U, Backspace, Home...) too act now, before keys typed after them
            return self._run_binding_now(key)
        if key == "tab":
            self.action_complete()
        elif key == "shift+tab" and not self.stay:
            self.screen.focus_previous()
        elif key == "right":
            self.action_cursor_right()
        elif typed and key == "backspace":
            self.action_delete_left()
        elif typed and key == "ctrl+u":
            self.action_delete_left_all()
        elif typed and printable(key, character):
            self.insert_text_at_cursor(character or "")
        else:
            return False
        return True

    def accept_completion(self) -> bool:
        """Take the completion on offer, if any; True if the value changed."""
        suggestion = offered(self)
        if not suggestion or suggestion == self.value or not self.cursor_at_end:
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


class FlagBox(Checkbox, inherit_bindings=False):
    """A yes/no field: Space toggles it, Enter is left to the dialog (which confirms)."""

    BINDINGS = [Binding("space", "toggle_button", "Toggle", show=False)]


class TickList(SelectionList[int], inherit_bindings=False):
    """A selection list whose rows tick with Space only (and a click); Enter is left to the dialog (which
    confirms), as in :class:`FlagBox`. The arrows, Home, End and the page keys move between rows."""

    BINDINGS = [
        Binding("space", "select", "Tick", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
    ]

    def on_key(self, event: events.Key) -> None:
        """Space ticks as the key arrives, not when its binding is reached after keys typed later: Space, Enter in
        one burst must confirm with the row ticked (:mod:`banker.tui.widgets.typeahead`)."""
        if event.key == "space":
            event.stop()
            event.prevent_default()
            self.action_select()
