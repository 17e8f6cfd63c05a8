"""What every reader checks of a whole line before reading a word of it (its length, its characters) and the
comment it may end with: shared by the verb readers and the new-game lines, so both refuse the same lines."""

from __future__ import annotations

from banker.commands.kinds import CommandError
from banker.language import number
from rules.corrections import COMMENT
from rules.i18n import _
from rules.names import check_text

MAX_LINE = 500


def strip_comment(line: str) -> str:
    return line.split(COMMENT, 1)[0].strip()


def check_line(line: str) -> str:
    """Refuse a line no command could be: too long, or holding bytes that were not UTF-8 or control characters
    (escape sequences), before any part of it is read, echoed or journalled."""
    if len(line) > MAX_LINE:
        raise CommandError(
            _("that line is {length} characters long; one command is at most {most}").format(
                length=number(len(line)), most=MAX_LINE
            )
        )
    check_text(line)
    return line
