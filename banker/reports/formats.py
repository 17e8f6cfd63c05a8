"""The export formats as a table: one entry per format, read by ``banker export`` (its choices and help), the
standings screen (its keys and buttons), the files it writes, and the golden test (harlequin's ``_FILE_FORMATS``
idea). Adding a format is adding its entry here, its renderer, and its golden files.

Each format renders a :class:`~banker.reports.report.Report` to bytes (a text format as UTF-8), so a binary format
fits the same table. The QR code and BG Stats' push-play link are pictures of a code, not files of the standings,
and stay apart (:func:`banker.reports.files.write_qr`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.i18n import N_, _

if TYPE_CHECKING:
    from banker.reports.report import Report
    from banker.session import Session


@dataclass(frozen=True)
class Beside:
    """A file written beside an export (the recap's chart as SVG): the same name, its own suffix."""

    suffix: str
    render: Callable[[Report], bytes]


@dataclass(frozen=True)
class Format:
    key: str
    """``banker export --format`` and the standings screen's action."""
    label: str
    """The button's and the key's label (``N_``-marked: translated where it is shown, ``_(f.label)``)."""
    suffix: str
    """The file's suffix, without the dot."""
    key_binding: str
    """The standings screen's key."""
    render: Callable[[Report], bytes]
    text: bool = True
    """Printable on a terminal (else ``banker export`` writes it only to a file or a pipe)."""
    aliases: tuple[str, ...] = ()
    story: bool = False
    """It draws the game's story (the chart, the recap's tale): its report is read with the game replayed
    (``report(session, story=True)``)."""
    name: str = ""
    """Added to the file's name (``-recap``), where another format has the same suffix."""
    beside: tuple[Beside, ...] = ()
    """Files written beside it when it goes to a file (none to standard output)."""


def _csv(rep: Report) -> bytes:
    from banker.reports.exports import to_csv

    return to_csv(rep).encode("utf-8")


def _json(rep: Report) -> bytes:
    from banker.reports.exports import to_json

    return to_json(rep).encode("utf-8")


def _markdown(rep: Report) -> bytes:
    from banker.reports.exports import to_markdown

    return to_markdown(rep).encode("utf-8")


def _html(rep: Report) -> bytes:
    from banker.reports.html import to_html

    return to_html(rep).encode("utf-8")


def _recap(rep: Report) -> bytes:
    from banker.reports.recap import to_recap

    return to_recap(rep).encode("utf-8")


def _recap_chart(rep: Report) -> bytes:
    from banker.reports.recap import recap_svg

    return recap_svg(rep).encode("utf-8")


FORMATS: tuple[Format, ...] = (
    Format("csv", N_("CSV"), "csv", "c", _csv),
    Format("json", N_("JSON"), "json", "j", _json),
    Format("md", N_("Markdown"), "md", "m", _markdown, aliases=("markdown",)),
    Format("html", N_("HTML"), "html", "w", _html, story=True),  # w: a web page (h is the help everywhere)
    Format(
        "recap", N_("Recap"), "html", "p", _recap, story=True, name="-recap", beside=(Beside("svg", _recap_chart),)
    ),  # p: a picture
)

KEYS = tuple(f.key for f in FORMATS)


def find_format(key: str) -> Format:
    for f in FORMATS:
        if key == f.key or key in f.aliases:
            return f
    raise ValueError(
        _('unknown export format "{format}"; choose one of {formats}').format(format=key, formats=", ".join(KEYS))
    )


def labels() -> str:
    """The formats in words: "CSV, JSON, Markdown, HTML"."""
    return ", ".join(_(f.label) for f in FORMATS)


def render(rep: Report, fmt: str) -> str:
    """The export in a text format as text (the CLI's standard output, the golden test)."""
    return find_format(fmt).render(rep).decode("utf-8")


# The exports of the whole game -------------------------------------------------------------------------------
# The board sheet and the game file are not pictures of the standings: they are drawn from the open game (every
# deed's owner, buildings and mortgage, each player's jail cards; every journal entry with its time), none of which
# a Report holds (a Report is the standings and the facts about the game an export of them needs, and the
# statistics read Reports back). So they are a table of their own, rendering a Session, read by `banker export`
# beside FORMATS; the standings screen offers only FORMATS. The game file also goes back in (`banker import`,
# banker.reports.journal_file), which no standings export does.


@dataclass(frozen=True)
class GameFormat:
    key: str
    """``banker export --format``."""
    label: str
    """``N_``-marked, as :attr:`Format.label`."""
    suffix: str
    """The file's suffix, without the dot."""
    render: Callable[[Session], Iterable[bytes]]
    """The file, in pieces to write as they come (a long game's file is never whole in memory: issue 33)."""
    description: str
    """What it is, for ``banker export --help`` (``N_``-marked)."""


def _board_markdown(session: Session) -> Iterable[bytes]:
    from banker.reports.board import markdown

    return (markdown(session).encode("utf-8"),)


def _board_html(session: Session) -> Iterable[bytes]:
    from banker.reports.board import html

    return (html(session).encode("utf-8"),)


def _journal(session: Session) -> Iterable[bytes]:
    from banker.reports.journal_file import pieces

    return (piece.encode("utf-8") for piece in pieces(session))


GAME_FORMATS: tuple[GameFormat, ...] = (
    GameFormat("board", N_("Board sheet"), "md", _board_markdown, N_("the board sheet in Markdown")),
    GameFormat(
        "board-html", N_("Board sheet page"), "html", _board_html, N_("the board sheet as a page for one sheet")
    ),
    GameFormat("journal", N_("Game file"), "json", _journal, N_("the whole game as one file (banker import reads it)")),
)

GAME_KEYS = tuple(f.key for f in GAME_FORMATS)


def find_game_format(key: str) -> GameFormat | None:
    """The whole-game export named ``key`` (None: it is a standings format, or none)."""
    return next((f for f in GAME_FORMATS if f.key == key), None)
