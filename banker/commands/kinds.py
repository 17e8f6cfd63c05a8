"""The kinds of command the language reads: the engine's actions (in :mod:`rules.actions`) and, here, what only
the app acts on (a ``show`` question, undo/redo, a new game), with the error a line the language cannot read
raises. They sit apart so the readers, the writer and the forms all name the same types."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.actions import Action
from rules.errors import RuleError
from rules.state import Settings

RULE = "commands"


class CommandError(RuleError):
    """A line the command language cannot read (wrong shape, bad amount); names the verb's expected shape."""

    def __init__(self, message: str) -> None:
        super().__init__(RULE, message)


@dataclass(frozen=True)
class Query:
    """A ``show ...`` question: answered from the state, never journalled."""

    kind: str
    """``rent``, ``deed``, ``count``, ``worth``, ``tax``, ``raise`` or ``scores``."""
    player: str | None = None
    deed: str | None = None
    dice: int | None = None
    counts: tuple[int, int] | None = None
    """``count``: the houses and hotels the banker counted on the board (or on ``group``)."""
    group: str | None = None
    """``count``: the colour group counted (its key), None for the whole board."""


@dataclass(frozen=True)
class Control:
    """``undo`` or ``redo``: journalled as events of their own, so the log shows what was taken back. ``to``: the
    journal entry (seq) to undo back to (everything after it) or to redo up to (it included), in one step."""

    kind: str
    to: int | None = None


@dataclass(frozen=True)
class NewGame:
    """``new <variant> <player>...``: starts a game; only the CLI and the app's new-game screen act on it."""

    names: tuple[str, ...]
    settings: Settings = field(default_factory=Settings)


Command = Action | Query | Control | NewGame
