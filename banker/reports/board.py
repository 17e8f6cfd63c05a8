"""The board sheet as an export (``banker export --format board`` in Markdown, ``--format board-html`` as a page
that prints on one sheet): everything needed to lay the board out again after a game was packed away mid-evening
or the board was knocked over (:func:`banker.views.board_sheet`). Every group carries its mark in letters beside
its colour, so the sheet reads the same printed in black and white."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from banker.views import BoardSheet, board_sheet, buildings_text

if TYPE_CHECKING:
    from banker.session import Session


MARKDOWN_PUNCTUATION = frozenset("\\|*_`[]<>#~")


def _cell(text: str) -> str:
    """Text for Markdown: a pipe (which would split the cell) and every mark Markdown acts on is escaped with a
    backslash, so a player's name is shown as typed, never as formatting."""
    return "".join("\\" + ch if ch in MARKDOWN_PUNCTUATION else ch for ch in text)


def _owner(name: str | None, token: str) -> str:
    if name is None:
        return "bank"
    return f"{name} ({token})" if token else name


def _turn(sheet: BoardSheet) -> str:
    return "game over" if sheet.over else f"turn {sheet.turn_no}: {sheet.turn} to play"


def markdown_of(sheet: BoardSheet, game_id: int) -> str:
    lines = [
        f"# Board sheet: game {game_id}",
        "",
        f"{_cell(sheet.title)} · {_cell(_turn(sheet))}",
        "",
        "## Deeds",
        "",
        "| group | deed | owner | buildings | mortgaged |",
        "| --- | --- | --- | --- | --- |",
    ]
    for d in sheet.deeds:
        lines.append(
            f"| [{d.mark}] {_cell(d.group)} | {_cell(d.name)} | {_cell(_owner(d.owner, d.token))} | "
            f"{buildings_text(d)} | {'mortgaged' if d.mortgaged else ''} |"
        )
    lines += [
        "",
        "## Players",
        "",
        "| player | token | cash | turn | jail | Get Out of Jail Free cards |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for p in sheet.players:
        state = "bankrupt" if p.bankrupt else ("to play" if p.turn else "")
        lines.append(
            f"| {_cell(p.name)} | {_cell(p.token)} | {p.cash} | {state} | {p.jail} | {', '.join(p.jail_cards)} |"
        )
    lines += [
        "",
        "## Bank",
        "",
        f"- Houses: {sheet.houses} of {sheet.houses_total}",
        f"- Hotels: {sheet.hotels} of {sheet.hotels_total}",
    ]
    if sheet.pot is not None:
        lines.append(f"- Free Parking pot: {sheet.pot}")
    return "\n".join(lines) + "\n"


def markdown(session: Session) -> str:
    """The board sheet of the open game in Markdown."""
    return markdown_of(board_sheet(session.state), session.game_id)


STYLE = """
@page { size: A4; margin: 10mm; }
body { font: 9.5pt/1.3 system-ui, sans-serif; color: #000; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 2pt; }
h2 { font-size: 11pt; margin: 8pt 0 3pt; }
p { margin: 0 0 4pt; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.5pt solid #999; padding: 1.5pt 4pt; text-align: left; }
thead th { background: #eee; }
.swatch { display: inline-block; width: 9pt; height: 9pt; border: 0.5pt solid #000; vertical-align: -1pt;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.mark { font-family: ui-monospace, monospace; font-weight: 700; }
.bank { border: 0; }
"""


def html_of(sheet: BoardSheet, game_id: int) -> str:
    """A self-contained page (nothing fetched) that prints on one A4 or Letter sheet."""

    def h(text: object) -> str:
        return escape(str(text), quote=True)

    rows = "".join(
        f'<tr><td><span class="swatch" style="background:{h(d.colour)}"></span> <span class="mark">{h(d.mark)}'
        f"</span> {h(d.group)}</td><td>{h(d.name)}</td><td>{h(_owner(d.owner, d.token))}</td>"
        f"<td>{h(buildings_text(d))}</td><td>{'mortgaged' if d.mortgaged else ''}</td></tr>"
        for d in sheet.deeds
    )
    players = "".join(
        f"<tr><td>{h(p.name)}</td><td>{h(p.token)}</td><td>{h(p.cash)}</td>"
        f"<td>{'bankrupt' if p.bankrupt else ('to play' if p.turn else '')}</td><td>{h(p.jail)}</td>"
        f"<td>{h(', '.join(p.jail_cards))}</td></tr>"
        for p in sheet.players
    )
    pot = f"; Free Parking pot <strong>{h(sheet.pot)}</strong>" if sheet.pot is not None else ""
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>Board sheet: game {game_id}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<h1>Board sheet: game {game_id}</h1>\n<p>{h(sheet.title)} · {h(_turn(sheet))}</p>\n"
        "<h2>Deeds</h2>\n<table><thead><tr><th>group</th><th>deed</th><th>owner</th><th>buildings</th>"
        f"<th>mortgaged</th></tr></thead><tbody>{rows}</tbody></table>\n"
        "<h2>Players</h2>\n<table><thead><tr><th>player</th><th>token</th><th>cash</th><th>turn</th><th>jail</th>"
        f"<th>Get Out of Jail Free cards</th></tr></thead><tbody>{players}</tbody></table>\n"
        f"<h2>Bank</h2>\n<p>Houses <strong>{sheet.houses}</strong> of {sheet.houses_total}; hotels "
        f"<strong>{sheet.hotels}</strong> of {sheet.hotels_total}{pot}</p>\n</body>\n</html>\n"
    )


def html(session: Session) -> str:
    """The board sheet of the open game as a printable page."""
    return html_of(board_sheet(session.state), session.game_id)


__all__ = ["html", "html_of", "markdown", "markdown_of"]
