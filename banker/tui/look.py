"""The look the dialogs and forms share, and the base of every dialog, parsed when the first of them is shown.

Where the app's CSS lives (docs/architecture.md, "Where the look lives"): ``app.tcss`` holds the layout of the table's
first frame and nothing else, so the launch parses only what that frame needs (``panels.tcss`` the rest of the
table's, read as its panels are mounted); every other
screen and dialog brings its own layout in its class's ``DEFAULT_CSS`` (the shared parts below), parsed when it is
first shown; a widget's own look (its colours, its component classes) is in its ``DEFAULT_CSS``. Their colours are
the theme's (``$error`` for a refusal, ``$success`` for money), so a screen looks the same in any app that opens it
(the help screen's test opens it in a bare app).
"""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

from banker.tui.words import translated

ResultT = TypeVar("ResultT")

FORM_CSS = """
.dialog-title {
    text-style: bold;
    width: 100%;
    content-align: center middle;
    margin-bottom: 1;
}
.dialog-title.error {
    color: $error;
}
.field {
    height: auto;
    margin-bottom: 0;
}
.field-label {
    width: 20;
    padding-right: 1;
}
.field-label.short {
    width: 6;
}
.field Input {
    width: 1fr;
}
.dialog-note {
    color: $text-muted;
    margin-top: 1;
}
.dialog-command {
    margin-top: 1;
}
.dialog-preview {
    height: auto;
    min-height: 1;
}
/* Why the dialog could not be confirmed; it stays until the banker edits a field. */
.dialog-refusal {
    height: auto;
    color: $error;
}
.dialog-buttons {
    height: auto;
    margin-top: 1;
    align-horizontal: right;
}
/* Every button looks like one, Back and Cancel too (Textual's plain button is the colour of the box, so its
   words floated and the gaps between buttons looked uneven: a game-night review), two cells apart, its words two
   cells from its edges whatever their length (Textual's least width centred short words in wide buttons). */
.dialog-buttons Button {
    margin-left: 2;
    min-width: 0;
    padding: 0 1;
}
.dialog-buttons Button.-style-default {
    background: $panel;
    &:hover {
        background: $panel-darken-1;
    }
}
"""
"""The parts of a form, shared by the dialogs and the full-screen forms (new game, saved games): a title, fields
with their labels, notes, the command and its preview, a refusal, the buttons."""


@translated
class DialogScreen(ModalScreen[ResultT]):
    """A box in the middle of the screen over the dimmed table: every dialog, and the screens shown as one (the
    board sheet, a deed's card, help, taking over from the board). Its keys are described in the banker's language
    (:func:`~banker.tui.words.translated`)."""

    DEFAULT_CLASSES = "dialog"
    DEFAULT_CSS = (
        """
    DialogScreen {
        align: center middle;
        background: $background 60%;
    }
    DialogScreen .dialog-box {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 90%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    DialogScreen .dialog-box.wide {
        width: 96;
        max-width: 100%;
    }
    """
        + FORM_CSS
    )


__all__ = ["FORM_CSS", "DialogScreen"]
