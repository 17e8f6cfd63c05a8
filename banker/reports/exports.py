"""The standings exports' renderers: CSV, JSON and Markdown of a :class:`~banker.reports.report.Report`, and the QR
code's text.

Each format is a function of the report alone (no database, no files), so the same standings read the same in every
format; ``docs/exports.md`` documents them, and ``tests/reports/golden/`` holds them byte for byte. What a person reads
is in the language answering here (the banker's); what a program reads is not: the CSV's columns and closed values
and the JSON's keys are the same in every language (docs/exports.md, "Which words are translated").
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from typing import Any

from banker.reports.report import CorrectionRow, Report, duration_text, game_title
from banker.reports.times import spreadsheet_time
from rules.i18n import N_, _
from rules.valuation import Standing

JSON_FORMAT = "banker-standings"
JSON_VERSION = 1


CSV_COLUMNS = (
    "rank",
    "name",
    "cash",
    "deeds",
    "mortgaged",
    "houses",
    "hotels",
    "buildings",
    "total",
    "bankrupt",
    "winner",
    "game",
    "status",
    "variant",
    "edition",
    "valuation",
    "created",
    "ended",
    "duration_minutes",
    "end_reason",
)


def to_csv(rep: Report) -> str:
    """One header row and one row per player; the game's facts are repeated on every row as trailing columns, so
    the file opens in any spreadsheet as is and sorts or filters without losing them (docs/exports.md). Its columns
    and closed values (``yes``, ``final``, the variant's key) are the JSON's keys and values, in every language."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    duration = rep.duration_minutes
    for r in rep.rows:
        writer.writerow(
            [
                r.rank,
                r.name,
                r.cash,
                r.deeds,
                r.mortgaged,
                r.houses,
                r.hotels,
                r.buildings,
                r.total,
                "yes" if r.bankrupt else "no",
                "yes" if r.winner else "no",
                rep.game,
                rep.status,
                rep.variant,
                rep.edition,
                rep.valuation,
                spreadsheet_time(rep.created),
                spreadsheet_time(rep.ended),
                "" if duration is None else duration,
                rep.end_reason,
            ]
        )
    return buffer.getvalue()


def to_dict(rep: Report) -> dict[str, Any]:
    """The JSON document (docs/exports.md, "JSON"): game facts and the standings, amounts as integers."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "game": {
            "id": rep.game,
            "status": rep.status,
            "variant": rep.variant,
            "variant_title": rep.variant_title,
            "edition": rep.edition,
            "currency": rep.currency,
            "valuation": rep.valuation,
            "created": rep.created,
            "ended": rep.ended or None,
            "duration_minutes": rep.duration_minutes,
            "end_reason": rep.end_reason or None,
            "winner": rep.winner or None,
            # seating order (issue 22: it was the ranking order, which "standings" already gives)
            "players": list(rep.seating) if rep.seating else [r.name for r in rep.rows],
        },
        "standings": [asdict(r) for r in rep.rows],
        # only in a game with corrections, so the files of the others read as they always did
        **({"corrections": [asdict(c) for c in rep.corrections]} if rep.corrections else {}),
        **({"side_deals": list(rep.side_deals)} if rep.side_deals else {}),
    }


def to_json(rep: Report) -> str:
    return json.dumps(to_dict(rep), indent=2, ensure_ascii=False) + "\n"


def from_dict(data: dict[str, Any]) -> Report:
    """Read a JSON export back (tests and anyone re-importing results use this)."""
    if data.get("format") != JSON_FORMAT:
        raise ValueError(_("not a Banker standings export"))
    g = data["game"]
    return Report(
        game=g["id"],
        variant=g["variant"],
        variant_title=g["variant_title"],
        edition=g["edition"],
        valuation=g["valuation"],
        created=g["created"],
        ended=g["ended"] or "",
        over=g["status"] == "final",
        end_reason=g["end_reason"] or "",
        winner=g["winner"] or "",
        currency=g["currency"],
        rows=tuple(Standing(**r) for r in data["standings"]),
        seating=tuple(g.get("players") or ()),
        corrections=tuple(CorrectionRow(**c) for c in data.get("corrections") or ()),
        side_deals=tuple(data.get("side_deals") or ()),
    )


def md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def standings_title(rep: Report) -> str:
    return _("Final standings") if rep.over else _("Standings (game in progress, not final)")


STANDINGS_HEADS = (
    "#",
    N_("Player"),
    N_("Cash"),
    N_("Deeds"),
    N_("Mortgaged"),
    N_("Houses"),
    N_("Hotels"),
    N_("Buildings"),
    N_("Total"),
)
"""The standings table's columns, in the Markdown and HTML exports (translated where they are written)."""


def standings_heads() -> list[str]:
    return [_(head) for head in STANDINGS_HEADS]


def shown_name(row: Standing) -> str:
    """A player's name in the standings, marked when bankrupt and as the winner: "Cy (bankrupt)", "Ann 🏆"."""
    name = _("{player} (bankrupt)").format(player=row.name) if row.bankrupt else row.name
    return f"{name} 🏆" if row.winner else name


def report_facts(rep: Report) -> list[str]:
    """The game's facts as the Markdown and HTML exports say them: variant and number, start, end, length."""
    facts = [
        _("{variant} #{game}").format(variant=game_title(rep.variant_title), game=rep.game),
        _("started {time}").format(time=spreadsheet_time(rep.created)[:16]),
    ]
    if rep.over:
        facts.append(_("ended {time}").format(time=spreadsheet_time(rep.ended)[:16]) if rep.ended else _("ended"))
        if rep.duration_minutes is not None:
            facts.append(duration_text(rep.duration_minutes))
    return facts


def facts_sentence(rep: Report) -> str:
    """:func:`report_facts` as one sentence, ending with one period: a length written with an abbreviation ("4 Min."
    in German) ends it already, so the German export said "4 Min.." before."""
    said = ", ".join(report_facts(rep))
    return said if said.endswith(".") else said + "."


def winner_line(rep: Report) -> str | None:
    """Who won, or that nobody did (a tie for first); None while the game is on."""
    if rep.winner:
        return _("Winner: {winner}").format(winner=rep.winner)
    if rep.over:
        return _("No single winner: a tie for first")
    return None


def to_markdown(rep: Report) -> str:
    """A heading, one line of facts and a table, ready to paste into a chat."""
    title = standings_title(rep)
    lines = [f"## {title}", "", facts_sentence(rep)]
    verdict = winner_line(rep)
    if verdict is not None:
        lines.append(f"**{md_cell(verdict)}**" + (f", {md_cell(rep.end_said)}" if rep.end_said else ""))
    lines += [
        "",
        "| " + " | ".join(standings_heads()) + " |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rep.rows:
        lines.append(
            f"| {r.rank} | {md_cell(shown_name(r))} | {rep.money(r.cash)} | {rep.money(r.deeds)} "
            f"| {rep.money(r.mortgaged)} | {r.houses} | {r.hotels} | {rep.money(r.buildings)} | {rep.money(r.total)} |"
        )
    lines += ["", "_" + _("Valuation: {valuation}").format(valuation=md_cell(rep.valuation_said)) + "_", ""]
    if rep.corrections:
        lines += [_(CORRECTIONS_TITLE) + ":", ""]
        lines += ["- " + correction_line(md_cell(c.text(rep.money))) for c in rep.corrections]
        lines.append("")
    if rep.side_deals:
        lines += [_(SIDE_DEALS_TITLE) + ":", ""]
        lines += [f"- {md_cell(d)}" for d in rep.side_deals_said]
        lines.append("")
    return "\n".join(lines)


SIDE_DEALS_TITLE = N_("Side deals (rent the players agreed to let go: no money moved by them)")
CORRECTIONS_TITLE = N_("Corrections (money put right by the banker: not rent, income or payments)")


def correction_line(text: str) -> str:
    """ "Correction: Ann pays the bank $50 (change given twice)"."""
    return _("Correction: {correction}").format(correction=text)


def qr_text(rep: Report) -> str:
    """The compact text in the QR code: one line about the game, then one line per player."""
    game = {"variant": game_title(rep.variant_title), "date": rep.date}
    if not rep.over:
        head = _("Banker: {variant}, {date}, in progress").format(**game)
    elif rep.winner:
        head = _("Banker: {variant}, {date}, winner {winner}").format(winner=rep.winner, **game)
    else:
        head = _("Banker: {variant}, {date}, final").format(**game)
    lines = [head]
    for r in rep.rows:
        if r.bankrupt:
            lines.append(_("{rank}. {player} bankrupt").format(rank=r.rank, player=r.name))
        else:
            lines.append(f"{r.rank}. {r.name} {rep.money(r.total)}")
    return "\n".join(lines)
