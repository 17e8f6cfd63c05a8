"""The command line: the command language, completed as it is typed (:mod:`banker.commands.completion`).

Tab and the right arrow accept the completion on offer and add a space; Tab never moves the focus away, so a
table key typed next is text, not an action. A refused line stays for correction (Ctrl+U clears it)."""

from __future__ import annotations

from typing import Any

from banker.tui.widgets.inputs import Completer, CompletingInput, FunctionSuggester


class CommandLine(CompletingInput):
    def __init__(self, complete: Completer, **kwargs: Any) -> None:
        super().__init__(suggester=FunctionSuggester(complete), stay=True, space=True, **kwargs)

    def insert_text_at_cursor(self, text: str) -> None:
        """A ``/`` at the start of an empty line is the key that opened the line, pressed again out of habit (a
        playtest typed ``/rent ...`` into the open line): it is not part of any command, so it is not typed."""
        if text == "/" and not self.value:
            return
        super().insert_text_at_cursor(text)
