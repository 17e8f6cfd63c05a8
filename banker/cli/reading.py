"""The ``banker`` subcommands that only read a game: ``games``, ``state`` and ``log``.

Apart from :mod:`banker.cli.commands`, whose subcommands create and record and so import the command language, the
editions and the options: these read the journal through a session and print, and are what a person (and every
real-terminal test, whose oracle is ``banker log`` and ``banker state --json``) runs most often, so each costs the
interpreter's start and the session, not the command language (``python -X importtime -m banker log``: about half
the imports went). They open the database read-only and create nothing.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from banker.cli.support import REFUSED, CliError, columns, database, say
from banker.journal import Journal
from banker.reports.cells import cells, left, right
from banker.session import Session
from banker.views import dumps, state_json
from rules.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from rules.state import GameState


def cmd_games(args: argparse.Namespace) -> int:
    from banker.reports.times import spreadsheet_time

    journal = Journal(database(args.db), readonly=True)  # none there: said, as `state` says it (a mistyped path)
    try:
        games = journal.games()
    finally:
        journal.close()
    if not games:
        print(_("no games yet"))
        return 0
    heads = (_("id"), _("created"), _("variant"), pgettext("a board", "edition"), _("over"), _("winner"), _("players"))
    rows = [
        (
            str(g.id),
            spreadsheet_time(g.created),
            g.variant,
            g.edition,
            _("yes") if g.over else _("no"),
            g.winner or "",
            ", ".join(g.players),
        )
        for g in games
    ]
    for line in columns(heads, rows, (-4, 19, 12, 8, 4, 12)):
        say(line)
    return 0


def cmd_state(args: argparse.Namespace) -> int:
    with Session.open(database(args.db), args.game, readonly=True) as session:
        state = session.state
        if args.at is not None:
            try:
                state = session.state_after(args.at)
            except LookupError as e:
                raise CliError(str(e), REFUSED) from None
        data = state_json(state, session.game_id)
        if args.at is not None:
            data["game"]["at_entry"] = args.at
    if args.json:  # the amounts as numbers (docs/state.md)
        print(dumps(data))
        return 0
    for line in state_lines(data, state, args.at):
        say(line)
    return 0


def state_lines(data: dict[str, Any], state: GameState, at: int | None = None) -> Iterator[str]:
    """``banker state`` in words (``data``: :func:`banker.views.state_json` of ``state``), its amounts as the edition
    writes them (``$1,500``, ``1.500 €``; issue 36), in the language answering here."""
    money = state.money
    g = data["game"]
    facts = {
        "game": g["id"],
        "variant": g["variant"],
        "edition": g["edition"],
        "turn": g["turn_no"],
        "player": g["turn"],
    }
    if at is not None:
        head = _("game {game} as it was after entry {entry}: {variant} ({edition}), turn {turn}: {player}")
    else:
        head = _("game {game}: {variant} ({edition}), turn {turn}: {player}")
    head = head.format(entry=at, **facts)
    yield _("{facts}, over ({reason})").format(facts=head, reason=state.end_said()) if g["over"] else head
    players = data["players"]
    names = max((cells(p["name"]) for p in players), default=0)
    amounts = max((cells(money(p["cash"])) for p in players), default=10)  # aligned right, by the widest printed
    for p in players:
        flags = [f for f, on in ((_("bankrupt"), p["bankrupt"]), (_("in jail"), p["in_jail"])) if on]
        cash = _("cash {amount}").format(amount=right(money(p["cash"]), max(amounts, 10)))
        line = f"  {left(p['name'], max(names, 12))} {cash}"
        if p["worth"] is not None:
            line = _("{line}, worth {amount}").format(line=line, amount=money(p["worth"]))
        yield line + (f" ({', '.join(flags)})" if flags else "")
        for d in data["deeds"]:
            if d["owner"] == p["name"]:
                yield "      " + _deed_line(d)
    bank = data["bank"]
    # the pot only where the house rule is on: the books have none (seed 000, FREE PARKING is a resting place)
    said = (
        _("bank: {houses}, {hotels}; Free Parking pot {pot}")
        if state.settings.house_rules.free_parking
        else _("bank: {houses}, {hotels}")
    )
    yield "  " + said.format(
        houses=ngettext("{n} house", "{n} houses", bank["houses"]).format(n=bank["houses"]),
        hotels=ngettext("{n} hotel", "{n} hotels", bank["hotels"]).format(n=bank["hotels"]),
        pot=money(data["free_parking"]),
    )


def _deed_line(d: dict[str, Any]) -> str:
    """A deed held, what stands on it and whether it is mortgaged: "Boardwalk 2 houses (mortgaged)"."""
    if d["hotel"]:
        line = _("{deed} hotel").format(deed=d["name"])
    elif d["houses"]:
        line = ngettext("{deed} {n} house", "{deed} {n} houses", d["houses"]).format(deed=d["name"], n=d["houses"])
    else:
        line = d["name"]
    return _("{deed} (mortgaged)").format(deed=line) if d["mortgaged"] else line


def cmd_log(args: argparse.Namespace) -> int:
    with Session.open(database(args.db), args.game, readonly=True) as session:
        for e in session.log():
            line = f"{e.seq:>5}  {str(e.time)[11:19]}  {e.text!s:<40}  {e.summary}"
            say(_("{entry} (undone)").format(entry=line) if e.undone else line)
    return 0
