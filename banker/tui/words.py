"""The app's words in the banker's language (issue 36, docs/languages.md).

Every sentence a person reads in ``banker/tui`` goes through :mod:`rules.i18n` where it is shown: ``_()`` around a
whole sentence with named placeholders, ``ngettext`` for a count, ``N_`` for what is written at import time (the
table's :data:`~banker.tui.keys.ACTIONS`, the forms, a class's ``BINDINGS``), translated when it is drawn. Two things
that needs help with live here:

* a sentence whose parts are drawn in styles of their own (the status line's game number reversed, a player's name
  bold): :func:`styled` fills a translated template's placeholders with styled parts, so a language may put them in
  its own order;
* what Textual shows of a class's ``BINDINGS`` (the footer, the keys panel, tooltips): Textual reads them when the
  class is made, before the banker's language is known, so :func:`translated` gives each instance its bindings in
  the language of the moment it is made (a screen is made when it is shown).

Textual's own words that Banker shows (the footer's ``palette``, the palette's system commands and placeholder) are
marked in :data:`TEXTUAL_WORDS`, so the catalogue holds them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from string import Formatter
from typing import Any, TypeVar

from rich.text import Text

from banker.tui.textual_private import translate_bindings
from rules.i18n import N_, _, in_source

Made = TypeVar("Made", bound=type)


def styled(template: str, style: str = "", **parts: str | tuple[str, str] | Text) -> Text:
    """``template`` (a sentence already translated) as Rich text, each ``{name}`` filled with its part: a string in
    ``style``, ``(text, its own style)``, or Rich text with its own styles. The parts are text, never markup. Runs
    of one style are one span, as if the sentence had been written in one piece."""
    runs: list[tuple[str, str] | Text] = []
    for literal, name, _spec, _conversion in Formatter().parse(template):
        pieces: list[tuple[str, str] | Text] = [(literal, style)] if literal else []
        if name is not None:
            part = parts[name]
            pieces.append(part if isinstance(part, Text | tuple) else (part, style))
        for piece in pieces:
            last = runs[-1] if runs else None
            if isinstance(piece, tuple) and isinstance(last, tuple) and last[1] == piece[1]:
                runs[-1] = (last[0] + piece[0], piece[1])
            elif not isinstance(piece, tuple) or piece[0]:
                runs.append(piece)
    out = Text()
    for run in runs:
        if isinstance(run, Text):
            out.append_text(run)
        else:
            out.append(*run)
    return out


def translated(cls: Made) -> Made:
    """Class decorator: each instance's ``BINDINGS`` described in the banker's language when it is made (their
    descriptions and tooltips are marked ``N_`` where the class declares them)."""
    made: Callable[..., None] = cls.__init__  # type: ignore[misc]  # the class's own, wrapped below

    @functools.wraps(made)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        if not in_source():  # in English the class's own are the words (copying the table's 40 was a launch's 0.5 ms)
            translate_bindings(self, _)

    cls.__init__ = __init__  # type: ignore[misc]  # the class's own, wrapped
    return cls


TEXTUAL_WORDS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Search for commands…"),
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)
"""Textual's own words that Banker shows (the footer's command palette key, the palette's placeholder and its system
commands, :meth:`banker.tui.app.BankerApp.get_system_commands`): marked here, so the catalogue translates them."""


__all__ = ["TEXTUAL_WORDS", "styled", "translated"]
