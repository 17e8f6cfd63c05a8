"""The board sheet as an export (``banker export --format board`` in Markdown, ``--format board-html`` as a page
that prints on one sheet): everything needed to lay the board out again after a game was packed away mid-evening
or the board was knocked over (:func:`banker.views.board_sheet`). Every group carries its mark in letters beside
its colour, so the sheet reads the same printed in black and white."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from banker.language import spoken
from banker.views import BoardSheet, board_sheet, buildings_text
from rules.i18n import N_, _

if TYPE_CHECKING:
    from banker.session import Session


MARKDOWN_PUNCTUATION = frozenset("\\|*_`[]<>#~")


def _cell(text: str) -> str:
    """Text for Markdown: a pipe (which would split the cell) and every mark Markdown acts on is escaped with a
    backslash, so a player's name is shown as typed, never as formatting."""
    return "".join("\\" + ch if ch in MARKDOWN_PUNCTUATION else ch for ch in text)


def _owner(name: str | None, token: str) -> str:
    if name is None:
        return _("bank")
    return f"{name} ({token})" if token else name


def _turn(sheet: BoardSheet) -> str:
    if sheet.over:
        return _("game over")
    return _("turn {turn}: {player} to play").format(turn=sheet.turn_no, player=sheet.turn)


def _title(game_id: int) -> str:
    return _("Board sheet: game {game}").format(game=game_id)


def _player_state(bankrupt: bool, turn: bool) -> str:
    return _("bankrupt") if bankrupt else (_("to play") if turn else "")


def _mortgaged(mortgaged: bool) -> str:
    return _("mortgaged") if mortgaged else ""


DEED_HEADS = (N_("group"), N_("deed"), N_("owner"), N_("buildings"), N_("mortgaged"))
PLAYER_HEADS = (N_("player"), N_("token"), N_("cash"), N_("turn"), N_("jail"), N_("Get Out of Jail Free cards"))


def _heads(heads: tuple[str, ...]) -> list[str]:
    """A table's headings in the language answering here."""
    return [_(head) for head in heads]


def _sections() -> tuple[str, str, str]:
    """The sheet's three headings."""
    return _("Deeds"), _("Players"), _("Bank")


def markdown_of(sheet: BoardSheet, game_id: int) -> str:
    deeds, players, bank = _sections()
    lines = [
        f"# {_cell(_title(game_id))}",
        "",
        f"{_cell(sheet.title)} · {_cell(_turn(sheet))}",
        "",
        f"## {deeds}",
        "",
        "| " + " | ".join(_heads(DEED_HEADS)) + " |",
        "| --- | --- | --- | --- | --- |",
    ]
    for d in sheet.deeds:
        lines.append(
            f"| [{d.mark}] {_cell(d.group)} | {_cell(d.name)} | {_cell(_owner(d.owner, d.token))} | "
            f"{buildings_text(d)} | {_mortgaged(d.mortgaged)} |"
        )
    lines += [
        "",
        f"## {players}",
        "",
        "| " + " | ".join(_heads(PLAYER_HEADS)) + " |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for p in sheet.players:
        state = _player_state(p.bankrupt, p.turn)
        lines.append(
            f"| {_cell(p.name)} | {_cell(p.token)} | {p.cash} | {state} | {p.jail} | {', '.join(p.jail_cards)} |"
        )
    lines += [
        "",
        f"## {bank}",
        "",
        "- " + _("Houses: {n} of {total}").format(n=sheet.houses, total=sheet.houses_total),
        "- " + _("Hotels: {n} of {total}").format(n=sheet.hotels, total=sheet.hotels_total),
    ]
    if sheet.pot is not None:
        lines.append("- " + _("Free Parking pot: {pot}").format(pot=sheet.pot))
    return "\n".join(lines) + "\n"


def markdown(session: Session) -> str:
    """The board sheet of the open game in Markdown."""
    return markdown_of(board_sheet(session.state), session.game_id)


# i18n-exempt: CSS
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
        f"<td>{h(buildings_text(d))}</td><td>{h(_mortgaged(d.mortgaged))}</td></tr>"
        for d in sheet.deeds
    )
    players = "".join(
        f"<tr><td>{h(p.name)}</td><td>{h(p.token)}</td><td>{h(p.cash)}</td>"
        f"<td>{h(_player_state(p.bankrupt, p.turn))}</td><td>{h(p.jail)}</td>"
        f"<td>{h(', '.join(p.jail_cards))}</td></tr>"
        for p in sheet.players
    )
    bank = _("Houses {houses} of {houses_total}; hotels {hotels} of {hotels_total}")
    if sheet.pot is not None:
        bank = _("Houses {houses} of {houses_total}; hotels {hotels} of {hotels_total}; Free Parking pot {pot}")
    strong = {"houses": sheet.houses, "hotels": sheet.hotels, "pot": sheet.pot}
    bank_html = h(bank).format(
        houses_total=sheet.houses_total,
        hotels_total=sheet.hotels_total,
        **{key: f"<strong>{h(value)}</strong>" for key, value in strong.items()},
    )
    deeds, players_title, bank_title = (h(title) for title in _sections())
    deed_heads = "".join(f"<th>{h(head)}</th>" for head in _heads(DEED_HEADS))
    player_heads = "".join(f"<th>{h(head)}</th>" for head in _heads(PLAYER_HEADS))
    return (
        f'<!doctype html>\n<html lang="{spoken()}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{h(_title(game_id))}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{h(_title(game_id))}</h1>\n<p>{h(sheet.title)} · {h(_turn(sheet))}</p>\n"
        f"<h2>{deeds}</h2>\n<table><thead><tr>{deed_heads}"
        f"</tr></thead><tbody>{rows}</tbody></table>\n"
        f"<h2>{players_title}</h2>\n<table><thead><tr>{player_heads}"
        f"</tr></thead><tbody>{players}</tbody></table>\n"
        f"<h2>{bank_title}</h2>\n<p>{bank_html}</p>\n</body>\n</html>\n"
    )


def html(session: Session) -> str:
    """The board sheet of the open game as a printable page."""
    return html_of(board_sheet(session.state), session.game_id)


__all__ = ["html", "html_of", "markdown", "markdown_of"]
