"""The kinds of command the language reads: the engine's actions (in :mod:`rules.actions`) and, here, what only
the app acts on (a ``show`` question, undo/redo, a new game), with the error a line the language cannot read
raises. They sit apart so the readers, the writer and the forms all name the same types."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.actions import Action
from rules.errors import RuleError
from rules.i18n import _
from rules.state import Settings

RULE = "commands"


class CommandError(RuleError):
    """A line the command language cannot read (wrong shape, bad amount); names the verb's expected shape."""

    def __init__(self, message: str) -> None:
        super().__init__(RULE, message)


def shown_shape(shape: str) -> str:
    """A verb's shape (``banker.commands.verbs``: ``rent <payer> <deed> ...``, written in English) as the language
    answering here writes it: the whole shape's translation, else, for a shape of several forms joined by `` | ``
    (``position``, ``show``, ``side``: each form a message of its own, so a refusal can quote the one form asked),
    each form's. Its verb is the language's word for it where there is one (``miete <Zahler> <Grundstück> ...``)."""
    whole = _(shape)
    if whole != shape or " | " not in shape:
        return whole
    return " | ".join(_(form) for form in shape.split(" | "))


class QueryKind(StrEnum):
    """What a ``show`` question asks."""

    RENT = "rent"
    DEED = "deed"
    """The whole title deed as printed, and who holds it now (``rules.rent.deed_card``)."""
    COUNT = "count"
    """The houses and hotels counted on the board checked against the game (``banker.views.count_check``)."""
    WORTH = "worth"
    TAX = "tax"
    RAISE = "raise"
    SCORES = "scores"
    DEALS = "deals"
    """The side deals made and how each stands (``rules.queries.side_deal_terms``)."""


class ControlKind(StrEnum):
    """Taking an action back or bringing it back (journalled as events of the same names:
    ``banker.journal.EventKind``)."""

    UNDO = "undo"
    REDO = "redo"


@dataclass(frozen=True)
class Query:
    """A ``show ...`` question: answered from the state, never journalled."""

    kind: QueryKind
    player: str | None = None
    deed: str | None = None
    dice: int | None = None
    counts: tuple[int, int] | None = None
    """``count``: the houses and hotels the banker counted on the board (or on ``group``)."""
    group: str | None = None
    """``count``: the colour group counted (its key), None for the whole board."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", QueryKind(self.kind))  # a word that is no question is a bug: ValueError


@dataclass(frozen=True)
class Control:
    """``undo`` or ``redo``: journalled as events of their own, so the log shows what was taken back. ``to``: the
    journal entry (seq) to undo back to (everything after it) or to redo up to (it included), in one step."""

    kind: ControlKind
    to: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ControlKind(self.kind))


@dataclass(frozen=True)
class NewGame:
    """``new <variant> <player>...``: starts a game; only the CLI and the app's new-game screen act on it."""

    names: tuple[str, ...]
    settings: Settings = field(default_factory=Settings)


Command = Action | Query | Control | NewGame
