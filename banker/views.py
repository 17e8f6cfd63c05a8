"""Views of a game as text and JSON: a ``show`` query's answer, the standings rows of the ``scores`` table, and
the state as the JSON of docs/state.md.

They sit below the session (:mod:`banker.session` imports them, never the other way) because they only read a
state: the session hands them its state, and ``banker state --json`` and ``banker play --json`` print them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from rules.codec import state_to_dict
from rules.i18n import N_, _, ngettext
from rules.queries import Standing, buildings_on, standings, valuation
from rules.state import GameState

if TYPE_CHECKING:
    from banker.commands import Query


def counted(n: int, word: str) -> str:
    """``n`` and the word, in the reader's language with its plural rule: "1 house", "31 houses" (the CLI said "1
    houses"). ``word`` is one of the words counted here (a house, a hotel, a card, an action, a game, a finished
    game, a win); any other is counted in English."""
    said = {
        "house": ngettext("{n} house", "{n} houses", n),
        "hotel": ngettext("{n} hotel", "{n} hotels", n),
        "card": ngettext("{n} card", "{n} cards", n),
        "action": ngettext("{n} action", "{n} actions", n),
        "game": ngettext("{n} game", "{n} games", n),
        "finished game": ngettext("{n} finished game", "{n} finished games", n),
        "win": ngettext("{n} win", "{n} wins", n),
    }.get(word, f"{{n}} {word}{'' if n == 1 else 's'}")
    return said.format(n=n)


def answer(state: GameState, q: Query) -> str:
    """A ``show`` query's answer in words, straight from the rules engine's queries (``rules.queries``)."""
    from rules.queries import can_raise, income_tax_options, rent_quote

    money = state.money
    if q.kind == "rent":
        quote = rent_quote(state, state.deed(q.deed or ""), dice=q.dice)
        said = (
            _("rent on {deed} (owner {owner}): {amount}; {explanation}")
            if quote.owner
            else _("rent on {deed} (the bank holds it): {amount}; {explanation}")
        )
        return said.format(
            deed=quote.deed, owner=quote.owner, amount=money(quote.amount), explanation=quote.explanation
        )
    if q.kind == "deed":
        return "\n".join(deed_card_lines(state, q.deed or ""))
    if q.kind == "count":
        houses, hotels = q.counts or (0, 0)
        return count_check(state, houses, hotels, q.group)
    if q.kind == "worth":
        lines = []
        for i, p in enumerate(state.players):
            w = valuation(state, i)
            said = _(
                "{player}: {total} (cash {cash}, deeds {deeds}, mortgaged deeds {mortgaged}, buildings {buildings})"
            )
            lines.append(
                said.format(
                    player=p.name,
                    total=money(w.total),
                    cash=money(w.cash),
                    deeds=money(w.deeds),
                    mortgaged=money(w.mortgaged),
                    buildings=money(w.buildings),
                )
            )
        return "\n".join(lines)
    if q.kind == "tax":
        index = state.player_index(q.player or "")
        o = income_tax_options(state, index)
        options = []
        if o.flat is not None:
            options.append(_("{amount} flat").format(amount=money(o.flat)))
        if o.percent is not None:
            options.append(_("10% of {basis} = {amount}").format(basis=money(o.basis), amount=money(o.percent)))
        said = _("{player}: income tax {options} ({rule})")
        return said.format(player=state.players[index].name, options=_(" or ").join(options), rule=o.rule)
    if q.kind == "deals":
        from rules.queries import side_deal_terms

        return "\n".join(side_deal_terms(state)) or _(
            "no side deals made (`side ann no rent orange from bob for 3 turns`)"
        )
    if q.kind == "raise":
        index = state.player_index(q.player or "")
        p = state.players[index]
        extra = can_raise(state, index)
        said = _("{player} has {cash} and could raise {extra} more by selling buildings and mortgaging: {total} in all")
        return said.format(player=p.name, cash=money(p.cash), extra=money(extra), total=money(p.cash + extra))
    return "\n".join(
        (_("{rank}. {player}: {total} (winner)") if s.winner else _("{rank}. {player}: {total}")).format(
            rank=s.rank, player=s.name, total=money(s.total)
        )
        for s in standings(state)
    )


NOW_MARK = N_("<- now")
"""Beside the rent line a lander would be charged now (words, not a colour; translated where shown)."""


@dataclass(frozen=True)
class DeedCardView:
    """A deed card in words, drawn the same on the table (text) and on the phone (HTML)."""

    name: str
    mark: str
    group: str
    colour: str
    price: str
    rents: tuple[tuple[str, str, bool], ...]
    """(level, figure, charged now) for each printed rent."""
    building: str
    """"houses $200 each; a hotel $200 plus 4 houses" ("" for a railroad or utility)."""
    mortgage: str
    holder: str
    collects: str


def deed_card_view(state: GameState, deed: str) -> DeedCardView:
    """A title deed as printed, then this game's facts, in words (``rules.queries.deed_card`` gives every figure)."""
    from rules.queries import deed_card

    card = deed_card(state, deed)
    money = state.money
    group = state.board.groups[card.deed.group]
    rents = tuple(
        (r.label, _("{times} x the dice").format(times=r.amount) if r.dice else money(r.amount), i == card.current)
        for i, r in enumerate(card.rents)
    )
    building = (
        ngettext(
            "houses {price} each; a hotel {price} plus {n} house",
            "houses {price} each; a hotel {price} plus {n} houses",
            card.hotel_houses,
        ).format(price=money(card.house_cost), n=card.hotel_houses)
        if card.house_cost
        else ""
    )
    principal, interest = card.lift
    said = _("mortgage value {mortgage}; lifting it costs {total} ({principal} + {interest} interest)")
    mortgage = said.format(
        mortgage=money(card.mortgage),
        total=money(principal + interest),
        principal=money(principal),
        interest=money(interest),
    )
    if card.owner is None:
        holder = _("held by the bank")
    else:
        if card.hotel:
            held = [_("a hotel")]
        elif card.houses:
            held = [ngettext("{n} house", "{n} houses", card.houses).format(n=card.houses)]
        else:
            held = [_("no houses")]
        if not card.house_cost:
            held = []
        held.append(_("mortgaged") if card.mortgaged else _("not mortgaged"))
        holder = _("owner {owner}; {holding}").format(owner=card.owner, holding=", ".join(held))
    return DeedCardView(
        card.deed.name,
        group.mark,
        _(card.group),
        group.colour,
        money(card.price),
        rents,
        building,
        mortgage,
        holder,
        _("collects now: {rent}").format(rent=card.collects),
    )


def deed_card_lines(state: GameState, deed: str) -> list[str]:
    """The ``show deed`` answer and the deed card on the table: :func:`deed_card_view` as lines of text, the rent
    charged now marked in words (:data:`NOW_MARK`)."""
    v = deed_card_view(state, deed)
    lines = [f"{v.name} [{v.mark}] {v.group}", "  " + _("price {price}").format(price=v.price)]
    width = max(len(label) for label, _figure, _now in v.rents)
    wide = max(len(figure) for _label, figure, _now in v.rents)
    for label, figure, now in v.rents:
        line = "  " + _("rent, {level}  {figure}").format(level=f"{label:<{width}}", figure=f"{figure:>{wide}}")
        lines.append(line + (f"  {_(NOW_MARK)}" if now else ""))
    if v.building:
        lines.append(f"  {v.building}")
    lines += [f"  {v.mortgage}", f"  {v.holder}", f"  {v.collects}"]
    return lines


@dataclass(frozen=True)
class SheetDeed:
    """One deed as the board sheet lists it."""

    name: str
    group: str
    mark: str
    colour: str
    owner: str | None
    token: str
    houses: int
    hotel: bool
    mortgaged: bool
    street: bool


@dataclass(frozen=True)
class SheetPlayer:
    name: str
    token: str
    cash: str
    turn: bool
    jail: str
    """"in jail, turn 2 of 3", or "" when free (``rules.queries.jail_status``)."""
    jail_cards: tuple[str, ...]
    bankrupt: bool


@dataclass(frozen=True)
class BoardSheet:
    """What a banker needs to lay the board out again (a game packed away, a board knocked over): every deed by
    colour group with its owner, buildings and mortgage; whose turn; who is in jail and on which turn; each
    player's Get Out of Jail Free cards; the bank's houses and hotels and the Free Parking pot."""

    title: str
    turn: str
    turn_no: int
    over: bool
    deeds: tuple[SheetDeed, ...]
    players: tuple[SheetPlayer, ...]
    houses: int
    hotels: int
    houses_total: int
    hotels_total: int
    pot: str | None
    """The Free Parking pot, when the house rule is on."""


def board_sheet(state: GameState) -> BoardSheet:
    """The board sheet of a state, every figure from the state and ``rules.queries``."""
    from rules.jail import DECK_TITLES
    from rules.queries import jail_status

    board = state.board
    deeds = []
    for group in board.groups.values():
        for di in group.deeds:
            deed = board.deeds[di]
            holding = state.deeds[di]
            houses, hotel = buildings_on(state, deed)
            owner = state.players[holding.owner] if holding.owner is not None else None
            deeds.append(
                SheetDeed(
                    deed.name,
                    _(group.title),
                    group.mark,
                    group.colour,
                    owner.name if owner else None,
                    owner.token if owner else "",
                    houses,
                    hotel,
                    holding.mortgaged,
                    deed.is_street,
                )
            )
    players = tuple(
        SheetPlayer(
            p.name,
            p.token,
            state.money(p.cash),
            i == state.turn and not state.over,
            jail_status(state, i),
            tuple(_(DECK_TITLES[d]) if d in DECK_TITLES else str(d) for d in p.jail_cards),
            p.bankrupt,
        )
        for i, p in enumerate(state.players)
    )
    return BoardSheet(
        f"{_(board.title)}, {_(state.variant.title)}",
        state.players[state.turn].name if state.players else "",
        state.turn_no,
        state.over,
        tuple(deeds),
        players,
        state.houses,
        state.hotels,
        board.houses,
        board.hotels,
        state.money(state.pot) if state.settings.house_rules.free_parking else None,
    )


def buildings_text(d: SheetDeed) -> str:
    """ "hotel", "3 houses", "" (none), "-" for a railroad or utility (nothing can stand on it)."""
    if not d.street:
        return "-"
    if d.hotel:
        return _("hotel")
    return ngettext("{n} house", "{n} houses", d.houses).format(n=d.houses) if d.houses else ""


def count_check(state: GameState, houses: int, hotels: int, group: str | None = None) -> str:
    """The building count check: the houses and hotels the banker counted on the board (on one colour group, or
    on the whole board) against the journal's; where they differ, the journal's count deed by deed (a group) or
    group by group (the board), so the banker knows where to look."""
    board = state.board
    groups = [board.groups[group]] if group else list(board.groups.values())
    title = _(groups[0].title)
    per_deed = [
        (g, board.deeds[di], *buildings_on(state, board.deeds[di]))
        for g in groups
        for di in g.deeds
        if board.deeds[di].is_street
    ]
    want_houses = sum(h for _, _, h, _ in per_deed)
    want_hotels = sum(1 for _, _, _, hotel in per_deed if hotel)

    def houses_of(h: int) -> str:
        return ngettext("{n} house", "{n} houses", h).format(n=h)

    def both(h: int, t: int) -> str:
        return _("{houses} and {hotels}").format(
            houses=houses_of(h), hotels=ngettext("{n} hotel", "{n} hotels", t).format(n=t)
        )

    if (houses, hotels) == (want_houses, want_hotels):
        said = (
            _("The {group} group matches the journal: {buildings}.")
            if group
            else _("The board matches the journal: {buildings}.")
        )
        return said.format(group=title, buildings=both(houses, hotels))
    wrong = []
    if houses != want_houses:
        said = ngettext(
            "{n} house counted, {journal} in the journal", "{n} houses counted, {journal} in the journal", houses
        )
        wrong.append(said.format(n=houses, journal=want_houses))
    if hotels != want_hotels:
        said = ngettext(
            "{n} hotel counted, {journal} in the journal", "{n} hotels counted, {journal} in the journal", hotels
        )
        wrong.append(said.format(n=hotels, journal=want_hotels))
    if group:
        a_hotel = _("a hotel")
        built = [f"{d.name} {a_hotel if hotel else houses_of(h)}" for _g, d, h, hotel in per_deed]
        said = _("The {group} group does not match the journal: {wrong}. The journal has {buildings}.")
        return said.format(group=title, wrong="; ".join(wrong), buildings=", ".join(built))
    counts = []
    for g in groups:
        lots = [(h, hotel) for gg, _d, h, hotel in per_deed if gg is g]
        gh, gt = sum(h for h, _t in lots), sum(1 for _h, t in lots if t)
        if gh or gt:
            counts.append(f"{_(g.title)} [{g.mark}] {both(gh, gt)}")
    if counts:
        said = _(
            "The board does not match the journal: {wrong}. The journal has {buildings}; count group by group (show "
            "count <houses> <hotels> <group>) to find the difference."
        )
    else:
        said = _(
            "The board does not match the journal: {wrong}. The journal has no buildings anywhere; count group by "
            "group (show count <houses> <hotels> <group>) to find the difference."
        )
    return said.format(wrong="; ".join(wrong), buildings="; ".join(counts))


@dataclass(frozen=True)
class MathsQuestion:
    """What a player in maths mode is asked before a payment is recorded (docs/app.md, "Maths mode")."""

    player: str
    question: str
    """"How much does Bob pay Ann?"."""
    amount: int
    """The engine's figure: the only one ever recorded."""
    working: str
    """The engine's working without the answer ("Boardwalk, full set, unimproved, 2 x $50"), or ""."""
    answer: str
    """The whole summary, answer included, for the reveal."""


def maths_question(state: GameState, outcome: Any, players: frozenset[str]) -> MathsQuestion | None:
    """The question for the first player in maths mode (seat order) who pays or is paid in ``outcome`` (what a
    command would do, from ``Session.preview``); None when none of them is."""
    from rules.outcome import BANK, POT, TransferKind

    def who(name: str) -> str:
        return {BANK: _("the bank"), POT: _("the Free Parking pot")}.get(name, name)

    # a correction is the banker's own fix, not a payment a player works out (docs/app.md, "Maths mode")
    transfers = [t for t in outcome.transfers if t.amount > 0 and t.kind is not TransferKind.CORRECTION]
    for p in state.players:
        if p.name not in players:
            continue
        paying = [t for t in transfers if t.payer == p.name]
        paid = [t for t in transfers if t.payee == p.name]
        if paying:
            others = {t.payee for t in paying}
            if len(others) == 1:
                question = _("How much does {player} pay {other}?").format(player=p.name, other=who(others.pop()))
            else:
                question = _("How much does {player} pay in all?").format(player=p.name)
            amount = sum(t.amount for t in paying)
        elif paid:
            others = {t.payer for t in paid}
            question = (
                _("How much does {other} pay {player}?").format(other=who(others.pop()), player=p.name)
                if len(others) == 1
                else _("How much does {player} get in all?").format(player=p.name)
            )
            amount = sum(t.amount for t in paid)
        else:
            continue
        summary = outcome.summary
        working = summary.split(": ", 1)[1] if ": " in summary else ""
        if state.money(amount) in working:
            working = ""  # the working would give the answer away
        return MathsQuestion(p.name, question, amount, working, summary)
    return None


def standings_rows(state: GameState) -> list[dict[str, Any]]:
    """The standings the exports show (``rules.valuation.standings``: the rule book's valuation, and the winner,
    where a tie for first is nobody's win) as rows of the ``scores`` table."""
    return [score_row(s) for s in standings(state)]


def score_row(s: Standing) -> dict[str, Any]:
    """A standing as a row of the journal's ``scores`` table (which keeps no building counts and no bankruptcy)."""
    return {
        "name": s.name,
        "rank": s.rank,
        "total": s.total,
        "cash": s.cash,
        "deeds": s.deeds,
        "mortgaged": s.mortgaged,
        "buildings": s.buildings,
        "winner": int(s.winner),
    }


def standing_from_score(row: Mapping[str, Any]) -> Standing:
    """A ``scores`` row read back as a :class:`Standing` (what the table does not keep reads as 0; the leaderboard's
    query reads only the name, rank and winner flag)."""
    return Standing(
        rank=int(row["rank"]),
        name=str(row["name"]),
        cash=int(row.get("cash") or 0),
        deeds=int(row.get("deeds") or 0),
        mortgaged=int(row.get("mortgaged") or 0),
        houses=0,
        hotels=0,
        buildings=int(row.get("buildings") or 0),
        total=int(row.get("total") or 0),
        winner=bool(row.get("winner")),
    )


def state_json(state: GameState, game_id: int | None = None) -> dict[str, Any]:
    """The state as plain JSON (docs/state.md): used by ``banker play --json`` and ``banker state --json`` (which
    pass the session's state and game id: the views sit below the session and never import it)."""
    board = state.board
    return {
        "game": {
            "id": game_id,
            "variant": state.settings.variant,
            "edition": state.settings.edition,
            "turn": state.players[state.turn].name if state.players else None,
            "over": state.over,
            "end_reason": state.end_reason,
            "turn_no": state.turn_no,
            "started": state.started,
        },
        "players": [
            {
                "name": p.name,
                "token": p.token,
                "cash": p.cash,
                "bankrupt": p.bankrupt,
                "in_jail": p.jail is not None,
                "jail_turns": (p.jail.failed if p.jail is not None else 0),
                "jail_cards": list(p.jail_cards),
                "worth": valuation(state, i).total,
            }
            for i, p in enumerate(state.players)
        ],
        "bank": {"houses": state.houses, "hotels": state.hotels, "cash": state.bank},
        "deeds": [
            {
                "name": d.name,
                "group": d.group,
                "owner": state.owner_name(d.index),
                "mortgaged": state.deeds[d.index].mortgaged,
                "houses": buildings_on(state, d)[0],
                "hotel": buildings_on(state, d)[1],
            }
            for d in board.deeds
        ],
        "free_parking": state.pot,
        "settings": state_to_dict(state)["settings"],
    }


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def html_text(text: object) -> str:
    """Text for HTML: every ``<``, ``>``, ``&`` and quote escaped; the one escaping of the phone pages and the
    HTML standings page."""
    return escape(str(text), quote=True)
