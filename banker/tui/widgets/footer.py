"""The footer of the screens that show one: Textual's, with its keys guarded against being drawn once removed
(:func:`banker.tui.textual_private.footer_keys_drawn_only_when_styled`), and drawn compact when its keys would
not fit the width otherwise. Screens import ``Footer`` from here."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter

from banker.tui.textual_private import footer_key_words, footer_keys, footer_keys_drawn_only_when_styled

footer_keys_drawn_only_when_styled()

PALETTE_KEY = "-command-palette"
"""The class Textual's footer gives the command palette's key, the one key it does not bind to its ``compact``."""

KEY_CELLS = 3
"""The cells a footer key takes besides its key and its words: a space before, between and after."""


class Footer(TextualFooter):
    """Textual's footer, compact (one cell less a key) only when the keys would not fit otherwise: the German
    standings' keys ("esc Schließen", "p Rückblick") cut BG Stats at 80 columns where the English fit (issue 36).
    Where they fit, the footer is Textual's as it was."""

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        crowded = self._crowded(widgets)
        self.set_reactive(TextualFooter.compact, crowded)  # the keys, mounted after, bind to it
        self.set_class(crowded, "-compact")
        # and carry its class and its value from the start. Given the class by their binding once mounted, each
        # key of a crowded footer was styled again (1.5 ms a key). And a key's ``compact`` starts True in Textual:
        # mounted, its watcher gave it the class, and the binding to a footer that is not crowded took it away,
        # styling the key twice: 2.9 ms a key of every footer composed (a screen opened, a field entered on the
        # set-up screen), a twentieth of the pilot tests' CPU (issue 33). With the value set before mounting, the
        # watcher is not called at all and the binding changes nothing. The command palette's key is bound to
        # nothing in Textual and keeps the value it starts with, compact whatever the footer: it is given that value
        # the same way.
        for key in footer_keys(widgets):
            compact = True if key.has_class(PALETTE_KEY) else crowded
            key.set_reactive(type(key).compact, compact)
            key.set_class(compact, "-compact", update=False)
        yield from widgets

    def on_resize(self) -> None:
        crowded = self._crowded(self.children)
        if crowded != self.compact:
            self.compact = crowded

    def _crowded(self, widgets: Iterable[Widget]) -> bool:
        width = self.size.width or self.app.size.width
        need = sum(cell_len(key) + cell_len(words) + KEY_CELLS for key, words in footer_key_words(widgets))
        return need + 2 > width  # the command palette's key: its border and the space at its end


__all__ = ["Footer"]
