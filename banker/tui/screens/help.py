"""Help: the table's key bindings and the command language, rendered from the same data the docs use."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown as RichMarkdown
from rich.markdown import TableElement
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from banker.commands.help import bindings_markdown, verbs_markdown
from banker.tui.keys import ACTIONS, MORE_KEYS, key_label
from banker.tui.look import DialogScreen
from rules.i18n import N_, _, pgettext


def help_markdown() -> str:
    return keys_markdown() + "\n\n" + language_markdown()


def keys_markdown() -> str:
    """The first part of help: the table's keys and the editing keys, in the banker's language."""
    keys = [(key_label(a.key), _(a.help)) for a in ACTIONS] + [(key, _(text)) for key, text in MORE_KEYS]
    return "## " + _("Keys on the table") + "\n\n" + bindings_markdown(keys) + "\n\n" + editing_keys()


def language_markdown() -> str:
    """The second part of help: the command language, verb by verb."""
    return (
        "## "
        + _("The command language")
        + "\n\n"
        + _(
            "Press `/`, type a command, Enter. Names, and every word of the language (verbs, jail ways, decks, tax"
            " choices, `bank`, `each`), can be shortened to any unique prefix, in any case; a card can be named by"
            " words printed on it (`chairman`, `repairs`)."
        )
        + "\n\n"
        + verbs_markdown()
    )


# the keys' names as the heading above the table says them (Entrée, Échap: issue 36)
EDITING: tuple[tuple[str, str, str], ...] = (
    (
        N_("Enter"),
        N_(
            "records the line; a refused line stays for correction (selected: a new command typed replaces it), a"
            " `show` answer appears in the reply box"
        ),
        N_(
            "confirms from any field; in a list field (a trade's gives, gets and lift, an auction's bids) it adds the"
            " item or takes the bid, as the field's placeholder says; on a checkbox it confirms (Space toggles)"
        ),
    ),
    (
        N_("Ctrl+S"),
        "",
        N_("confirms from any field (auction: sold to the highest bidder; trade: recorded with anything still typed)"),
    ),
    (N_("Escape"), N_("leaves the command line (and clears it)"), N_("cancels: nothing is recorded")),
    (
        N_("Tab"),
        N_("accepts the completion on offer and adds a space; never leaves the line"),
        N_(
            "accepts the completion and moves to the next field (a list field stays and adds a space); with none on"
            " offer, moves on"
        ),
    ),
    (N_("Right arrow"), N_("accepts the completion on offer, with a space"), N_("accepts the completion on offer")),
    (N_("Ctrl+U"), N_("clears the line"), N_("clears the field")),
    (
        N_("Backspace"),
        N_("deletes the character before the cursor"),
        N_(
            "deletes the character before the cursor; in an empty list field (a trade's gives, gets and lift) it takes"
            " the last item added back, to mend"
        ),
    ),
    (N_("PageUp, PageDown"), N_("scroll the reply box"), ""),
)
"""What the editing keys do in the command line and in a dialog (the contract of :mod:`banker.tui.dialogs.base`)."""


def editing_keys() -> str:
    """What the editing keys do in the command line and in a dialog, as help shows it."""
    head = (pgettext("a key of the keyboard", "key"), _("in the command line"), _("in a dialog"))
    return (
        "## "
        + _("Enter, Tab, Escape and Ctrl+S")
        + "\n\n"
        + "| {} | {} | {} |\n| --- | --- | --- |\n".format(*head)
        + "\n".join(
            f"| {_(key)} | {_(line) if line else ''} | {_(dialog) if dialog else ''} |" for key, line, dialog in EDITING
        )
        + "\n\n"
        + _(
            "A command is recorded once: a second Enter after a dialog closed does nothing. A refused dialog stays"
            " open with every field as typed, the reason in red inside it and the cursor on the field at fault. A"
            " completion is offered only where the parser would read what was typed as the completed word."
        )
        + " "
        + _(
            "Words shortened inside a deed's name (st j, b&o) are read as the one name they fit: nothing can be offered"
            " after the cursor for them, so Tab or the right arrow at the end of the text puts that name in their"
            " place."
        )
        + "\n\n"
        + _(
            "Keys act in the order typed, at any speed. A field entered (Tab, Shift+Tab, Enter coming round to a"
            " bidder, a dialog opening on it) has its text selected: the first key typed replaces it, an arrow keeps"
            " it for editing. Escape then Enter typed quickly cancels."
        )
    )


class _FoldingTable(TableElement):
    """A Markdown table whose cells fold a word too long for its column onto the next line where Rich cuts it with
    an ellipsis: a command's shape (``[fine|card|doubles|miss]``) is one word, and at 80x24 in German or French
    the longer descriptions left it too narrow a column (issue 36)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for table in super().__rich_console__(console, options):
            if isinstance(table, Table):
                for column in table.columns:
                    column.overflow = "fold"
            yield table


class HelpMarkdown(RichMarkdown):
    """Rich's Markdown, its tables folding what does not fit (:class:`_FoldingTable`)."""

    elements = {**RichMarkdown.elements, "table_open": _FoldingTable}


class HelpScreen(DialogScreen[None]):
    DEFAULT_CSS = """
    HelpScreen .help-box {
        width: 110;
        height: 90%;
    }
    """
    BINDINGS = [Binding("escape", "close", N_("Close")), Binding("question_mark", "close", N_("Close"), show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box help-box"):
            yield Label(
                _("Banker help (arrows, PageUp/PageDown, Home/End scroll; Escape closes)"), classes="dialog-title"
            )
            with VerticalScroll(id="help-scroll"):
                # One Static drawing Rich's Markdown: Textual's Markdown widget made a widget of every table cell,
                # and ? took over a second to open at 80x24 (issue 22)
                yield Static(HelpMarkdown(help_markdown()), id="help-text")

    def on_mount(self) -> None:
        """The scroll takes the keyboard, so every key and the whole command language are in reach without a
        mouse."""
        self.query_one("#help-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
