"""The standings exports' renderers: CSV, JSON and Markdown of a :class:`~banker.reports.report.Report`, and the QR
code's text.

Each format is a function of the report alone (no database, no files), so the same standings read the same in every
format; ``docs/exports.md`` documents them, and ``tests/reports/golden/`` holds them byte for byte.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from typing import Any

from banker.reports.report import CorrectionRow, Report, duration_text, game_title
from banker.reports.times import spreadsheet_time
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
    the file opens in any spreadsheet as is and sorts or filters without losing them (docs/exports.md)."""
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
        raise ValueError("not a Banker standings export")
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
    return "Final standings" if rep.over else "Standings (game in progress, not final)"


def report_facts(rep: Report) -> list[str]:
    """The game's facts as the Markdown and HTML exports say them: variant and number, start, end, length."""
    facts = [f"{game_title(rep.variant_title)} #{rep.game}", f"started {spreadsheet_time(rep.created)[:16]}"]
    if rep.over:
        facts.append(f"ended {spreadsheet_time(rep.ended)[:16]}" if rep.ended else "ended")
        if rep.duration_minutes is not None:
            facts.append(duration_text(rep.duration_minutes))
    return facts


def to_markdown(rep: Report) -> str:
    """A heading, one line of facts and a table, ready to paste into a chat."""
    title = standings_title(rep)
    lines = [f"## {title}", "", ", ".join(report_facts(rep)) + "."]
    reason = f", {md_cell(rep.end_reason)}" if rep.end_reason else ""
    if rep.winner:
        lines.append(f"**Winner: {md_cell(rep.winner)}**{reason}")
    elif rep.over:
        lines.append(f"**No single winner: a tie for first**{reason}")
    lines += [
        "",
        "| # | Player | Cash | Deeds | Mortgaged | Houses | Hotels | Buildings | Total |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rep.rows:
        name = md_cell(r.name) + (" (bankrupt)" if r.bankrupt else "") + (" 🏆" if r.winner else "")
        lines.append(
            f"| {r.rank} | {name} | {rep.money(r.cash)} | {rep.money(r.deeds)} | {rep.money(r.mortgaged)} "
            f"| {r.houses} | {r.hotels} | {rep.money(r.buildings)} | {rep.money(r.total)} |"
        )
    lines += ["", f"_Valuation: {md_cell(rep.valuation)}_", ""]
    if rep.corrections:
        lines += [CORRECTIONS_TITLE + ":", ""]
        lines += [f"- Correction: {md_cell(c.text(rep.money))}" for c in rep.corrections]
        lines.append("")
    if rep.side_deals:
        lines += [SIDE_DEALS_TITLE + ":", ""]
        lines += [f"- {md_cell(d)}" for d in rep.side_deals]
        lines.append("")
    return "\n".join(lines)


SIDE_DEALS_TITLE = "Side deals (rent the players agreed to let go: no money moved by them)"
CORRECTIONS_TITLE = "Corrections (money put right by the banker: not rent, income or payments)"


def qr_text(rep: Report) -> str:
    """The compact text in the QR code: one line about the game, then one line per player."""
    head = f"Banker: {game_title(rep.variant_title)}, {rep.date}, "
    head += (f"winner {rep.winner}" if rep.winner else "final") if rep.over else "in progress"
    lines = [head]
    for r in rep.rows:
        lines.append(f"{r.rank}. {r.name} " + ("bankrupt" if r.bankrupt else rep.money(r.total)))
    return "\n".join(lines)
