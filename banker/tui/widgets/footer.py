"""The footer of the screens that show one: Textual's, with its keys guarded against being drawn once removed
(:func:`banker.tui.textual_private.footer_keys_drawn_only_when_styled`). Screens import ``Footer`` from here."""

from __future__ import annotations

from textual.widgets import Footer

from banker.tui.textual_private import footer_keys_drawn_only_when_styled

footer_keys_drawn_only_when_styled()

__all__ = ["Footer"]
