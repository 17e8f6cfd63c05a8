"""Help: the table's key bindings and the command language, rendered from the same data the docs use."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Markdown

from banker.help import bindings_markdown, verbs_markdown


def help_markdown() -> str:
    from banker.screens.table import ACTIONS

    keys = [(_key_label(a.key), a.help) for a in ACTIONS] + [("ctrl+p", "Command palette (every action by name)"),
                                                             ("q", "Quit (everything is already saved)")]
    return ("## Keys on the table\n\n" + bindings_markdown(keys)
            + "\n\nIn a dialog: Enter confirms (the outcome is previewed first), Escape cancels, Tab moves on, the"
              " right arrow or Tab accepts a completion. Auction: Ctrl+S sells to the highest bidder.\n\n"
            + "## The command language\n\nPress `/`, type a command, Enter. Names can be shortened to any unique"
              " prefix, in any case.\n\n" + verbs_markdown())


def _key_label(key: str) -> str:
    return {"exclamation_mark": "!", "question_mark": "?", "slash": "/"}.get(key, key)


class HelpScreen(ModalScreen[None]):
    DEFAULT_CLASSES = "dialog"
    BINDINGS = [Binding("escape", "close", "Close"), Binding("question_mark", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box help-box"):
            yield Label("Banker help", classes="dialog-title")
            yield Markdown(help_markdown(), id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)
