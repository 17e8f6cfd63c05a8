"""The command line: the command language with completion of verbs, player names and deed names."""

from __future__ import annotations

from textual.suggester import Suggester
from textual.widgets import Input

from banker.help import VERB_NAMES

EXTRA_WORDS = ("to", "from", "each", "bank", "give", "get", "lift", "dice", "card", "income", "luxury", "chance",
               "chest", "fine", "doubles", "miss", "random", "rent", "worth", "tax", "raise", "scores", "time")


class CommandSuggester(Suggester):
    """Completes the last word (or last few words, for deed names like "park place") of a typed command.

    The first word completes to a verb; later words to player names, deed names and keywords. Names come from a
    callable so that the suggestions follow the game as it changes.
    """

    def __init__(self, names) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.names = names

    async def get_suggestion(self, value: str) -> str | None:
        return suggest(value, self.names())


def suggest(value: str, names: list[str]) -> str | None:
    """The completed line for ``value``, or None. Pure so that tests can call it directly."""
    if not value or value.endswith(" "):
        return None
    words = value.split(" ")
    if len(words) == 1:
        candidates = list(VERB_NAMES)
    else:
        candidates = [n.casefold() for n in names] + list(EXTRA_WORDS)
    lower = value.casefold()
    for k in range(min(3, len(words) - 1 if len(words) > 1 else 1), 0, -1):
        tail = " ".join(words[-k:]).casefold()
        for c in candidates:
            if c.startswith(tail) and c != tail:
                return value[: len(value) - len(tail)] + c if lower.endswith(tail) else None
    return None


class CommandLine(Input):
    """An Input that completes with Tab as well as the right arrow."""

    BINDINGS = [("tab", "complete", "Complete")]

    def action_complete(self) -> None:
        if self._suggestion and self._suggestion != self.value:
            self.value = self._suggestion
            self.cursor_position = len(self.value)
        else:
            self.screen.focus_next()
