"""The phone pages' data and HTML: a player's page and the table's page, drawn on the server.

Every figure comes from the rules engine's queries (``rules.valuation``, ``rules.rent.quote``, ``rules.jail``),
never worked out here. A page is a handful of sections; each is rendered to HTML here (every text escaped), so
the page is complete with no script at all, and a snapshot (what ``/events`` sends) carries the same sections
with a short hash of each: the page's few lines of script replace the sections whose hash changed. A snapshot
also carries the figures as plain JSON (``data``) for anyone reading the stream.

No aiohttp and no Textual here: the pages are plain functions of a :class:`View` of the game.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib.resources import files
from string import Template
from typing import TYPE_CHECKING, TypedDict

from banker.commands import luxury_word
from banker.journal import TABLE_SEAT
from banker.language import LANGUAGES, spoken
from banker.reports.chart import VIEWS, figure_rows, figures_html, now_text, own_first, svg_file, worth_svg
from banker.reports.report import report_money
from banker.reports.story import GameStory
from banker.views import board_sheet, buildings_text, deed_card_view, html_text
from banker.web.asks import ASKS, Control, Field
from banker.web.page_data import (
    AsksFacts,
    BoardSheetFacts,
    ChartFacts,
    Collects,
    DeedCard,
    DeedLine,
    FormChoices,
    GameFacts,
    GroupLine,
    LogLine,
    PageData,
    PlayerPage,
    TablePage,
)
from rules.board import Deed, SquareKind
from rules.i18n import N_, _, ngettext
from rules.state import GameState
from rules.words import TaxChoice

if TYPE_CHECKING:
    from banker.session import LogEntry, Session

LOG_LINES = 8
"""Journal lines a page shows, newest first."""
LOG_SCAN = 300
"""How far back a player's page looks for the lines that name them."""
REQUEST_LINES = 6
"""A player's latest requests their page lists."""


@dataclass(frozen=True)
class View:
    """What the pages are drawn from: the game's state, its latest journal lines, when it started."""

    game_id: int
    created: str
    state: GameState
    log: tuple[LogEntry, ...]
    seq: int
    now: datetime
    story: GameStory | None = None
    """Worth over the game (``banker.reports.story.WorthKeeper``), when the pages' server keeps it."""


def view_of(session: Session, now: datetime | None = None, story: GameStory | None = None) -> View:
    return View(
        session.game_id,
        session.created,
        session.state,
        tuple(session.log(limit=LOG_SCAN)),
        session.last_seq,
        now or datetime.now(UTC),
        story,
    )


PAGE_POINTS = 120
"""The points a page's chart draws of a player's line (a long game's thinned, the first and the last kept): more is
not seen at a phone's width, and every phone is sent them at every entry."""


def chart_facts(view: View, link: str = "") -> ChartFacts | None:
    """The chart's figures, a long game's thinned to :data:`PAGE_POINTS` points a player; ``link`` is the page's
    path (``/<token>``), under which its chart's pictures are fetched (:func:`chart_src`). Thinned once per story
    for all the pages of a push (:data:`_thinned`)."""
    global _thinned
    story = view.story
    if story is None or not story.worth:
        return None
    if _thinned is None or _thinned[0] is not story:
        _thinned = (story, _thin(story), {})
    figures: ChartFacts = {
        **_thinned[1],
        "edition": view.state.settings.edition,
        "currency": view.state.board.currency,
        "link": link,
        "at": view.seq,
    }
    return figures


def _thin(story: GameStory) -> _Lines:
    n = len(story.worth[0])
    keep = sorted({round(k * (n - 1) / (PAGE_POINTS - 1)) for k in range(PAGE_POINTS)}) if n > PAGE_POINTS else None

    def thin(values: tuple[int, ...]) -> list[int]:
        return list(values) if keep is None else [values[k] for k in keep]

    return {
        "names": list(story.names),
        "worth": [thin(s) for s in story.worth],
        "cash": [thin(s) for s in story.cash],
        "turns": thin(story.turns),
        "now": story.now,
    }


class _Lines(TypedDict):
    names: list[str]
    worth: list[list[int]]
    cash: list[list[int]]
    turns: list[int]
    now: str


_thinned: tuple[GameStory, _Lines, dict[tuple[str, str, str], list[str]]] | None = None
"""The last story's lines as the pages carry them, and its figures' rows (the same for every page of a push; the
story is held, so its identity is its key)."""


# Data ----------------------------------------------------------------------------------------------------------
def seconds_left(view: View) -> int | None:
    """Seconds until a time-limit game's agreed end (seed 002, TIME LIMIT GAME), from when it was created, as the
    app's table counts it; None for other games."""
    deadline = view.state.deadline(view.created)
    return None if deadline is None else max(int((deadline - view.now).total_seconds()), 0)


def _game(view: View) -> GameFacts:
    state = view.state
    turn = state.players[state.turn].name if state.players else ""
    return {
        "id": view.game_id,
        "variant": state.variant.title,
        "edition": state.board.title,
        "turn": turn,
        "turn_no": state.turn_no,
        "over": state.over,
        "end_reason": state.end_reason,
        "seq": view.seq,
    }


def _log(entries: list[LogEntry]) -> list[LogLine]:
    out: list[LogLine] = []
    for e in reversed(entries[-LOG_LINES:]):
        try:
            clock = datetime.fromisoformat(e.time).astimezone().strftime("%H:%M")
        except (TypeError, ValueError):
            clock = ""
        out.append(
            {"seq": e.seq, "time": e.time, "clock": clock, "kind": e.kind, "text": e.summary, "undone": e.undone}
        )
    return out


def involving(entries: tuple[LogEntry, ...], name: str) -> list[LogEntry]:
    """The latest :data:`LOG_LINES` journal lines that involve a player, oldest first: those whose summary (the
    engine's words, which name every player a line concerns by their exact name) names them as a word."""
    named = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)").search
    found = []
    for entry in reversed(entries):
        if named(entry.summary):
            found.append(entry)
            if len(found) == LOG_LINES:
                break
    return found[::-1]


def _collects(state: GameState, deed: Deed) -> Collects:
    """What a deed collects now, by ``rules.queries.rent_quote``: an amount, or for a utility the range of the dice."""
    from rules.queries import rent_quote as quote

    if state.holding(deed).mortgaged:
        # seed 000, MORTGAGES: no rent; the deed's "mortgaged" tag says why, once (issue 22: it said it twice)
        return {"amount": 0, "low": 0, "high": 0, "text": _("no rent"), "detail": ""}
    if deed.kind is SquareKind.UTILITY:
        low, high = quote(state, deed, dice=2), quote(state, deed, dice=12)
        detail = _detail(low.explanation, deed.name)
        if high.amount == 0:
            return {"amount": 0, "low": 0, "high": 0, "text": _("no rent"), "detail": detail}
        return {
            "amount": None,
            "low": low.amount,
            "high": high.amount,
            "detail": _("{explanation}, by the dice").format(explanation=detail),
            "text": _("{low} to {high}").format(low=state.money(low.amount), high=state.money(high.amount)),
        }
    q = quote(state, deed)
    return {
        "amount": q.amount,
        "low": q.amount,
        "high": q.amount,
        "detail": _detail(q.explanation, deed.name, state.money(q.amount)),
        "text": state.money(q.amount) if q.amount else _("no rent"),
    }


def _detail(explanation: str, name: str, amount: str = "") -> str:
    """The quote's explanation without the deed's name in front and the amount (shown beside it) at the end:
    "Boardwalk, full set, unimproved: 2 x $50 = $100" reads "full set, unimproved: 2 x $50"."""
    for prefix in (f"{name}, ", f"{name} "):
        if explanation.startswith(prefix):
            explanation = explanation[len(prefix) :]
            break
    for suffix in (f" = {amount}", f": {amount}"):
        if amount and explanation.endswith(suffix):
            return explanation[: -len(suffix)]
    return explanation


def _card(state: GameState, deed: str) -> DeedCard:
    """The deed's card as printed and its facts in this game (``banker.views.deed_card_view``, the table's own)."""
    v = deed_card_view(state, deed)
    return {
        "price": v.price,
        "rents": [{"level": level, "text": figure, "now": now} for level, figure, now in v.rents],
        "building": v.building,
        "mortgage": v.mortgage,
        "holder": v.holder,
    }


def said(message: str, **html: str) -> str:
    """A translated ``message`` as HTML: its words escaped, its ``{placeholders}`` filled with ``html`` (HTML
    already: escaped text, perhaps in a tag), so a translator may move a figure and its markup within a sentence."""
    return h(message).format(**html)


def strong(text: object) -> str:
    return f"<strong>{h(text)}</strong>"


def _card_html(card: DeedCard) -> str:
    now = ' class="now"'
    rows = "".join(
        f'<tr{now if r["now"] else ""}><th scope="row">{h(r["level"])}</th>'
        f'<td class="num">{h(r["text"])}</td><td>{strong(_("now")) if r["now"] else ""}</td></tr>'
        for r in card["rents"]
    )
    building = f"<p>{h(card['building'])}</p>" if card["building"] else ""
    return (
        f'<div class="card"><p>{said(_("Price {price}"), price=strong(card["price"]))}</p>'
        f'<table><thead><tr><th scope="col">{h(_("Rent"))}</th><th scope="col" class="num">{h(_("Amount"))}</th>'
        f"<th></th></tr></thead><tbody>{rows}</tbody></table>{building}<p>{h(card['mortgage'])}</p>"
        f"<p>{h(card['holder'])}</p></div>"
    )


def swatch(colour: str, mark: str) -> str:
    """A group's colour and its mark in letters, so no group is told by colour alone (issue 25)."""
    return (
        f'<span class="swatch" style="background:{h(colour)}" aria-hidden="true"></span>'
        f'<span class="mark">{h(mark)}</span>'
    )


def player_data(view: View, seat: int, link: str = "") -> PlayerPage:
    """Everything a player's page shows, as plain JSON."""
    from rules.jail import DECK_TITLES
    from rules.queries import buildings_on, jail_status, valuation

    state = view.state
    p = state.players[seat]
    w = valuation(state, seat)
    groups: list[GroupLine] = []
    for key, group in state.board.groups.items():
        deeds: list[DeedLine] = []
        for di in group.deeds:
            holding = state.deeds[di]
            if holding.owner != seat:
                continue
            deed = state.board.deeds[di]
            houses, hotel = buildings_on(state, deed)
            deeds.append(
                {
                    "name": deed.name,
                    "key": deed.key,
                    "houses": houses,
                    "hotel": hotel,
                    "mortgaged": holding.mortgaged,
                    "collects": _collects(state, deed),
                    "card": _card(state, deed.name),
                }
            )
        if deeds:
            groups.append(
                {"key": key, "title": group.title, "mark": group.mark, "colour": group.colour, "deeds": deeds}
            )
    data: PlayerPage = {
        "page": "player",
        "game": _game(view),
        "player": {
            "seat": seat,
            "name": p.name,
            "piece": p.token,
            "cash": p.cash,
            "cash_text": state.money(p.cash),
            "worth": w.total,
            "worth_text": state.money(w.total),
            "bankrupt": p.bankrupt,
            "turn": state.turn == seat and not state.over,
            "jail": jail_status(state, seat) if p.jail is not None else "",
            "jail_cards": [DECK_TITLES.get(d, d) for d in p.jail_cards],
        },
        "groups": groups,
        "log": _log(involving(view.log, p.name)),
    }
    chart = chart_facts(view, link)
    if chart is not None:
        data["chart"] = chart
    return data


def form_choices(state: GameState, seat: int) -> FormChoices:
    """What the request forms of a player's page offer: only what makes sense (another player's deeds for rent,
    the bank's for buying, the player's own for "owes me rent"), from the state; the engine still decides."""
    board = state.board
    me = state.players[seat].name
    others = [p.name for i, p in enumerate(state.players) if i != seat and not p.bankrupt]
    theirs, mine, banks, utilities = [], [], [], []
    for i, holding in enumerate(state.deeds):
        deed = board.deeds[i]
        if deed.kind is SquareKind.UTILITY:
            utilities.append(deed.name)
        if holding.owner is None:
            banks.append(deed.name)
        elif holding.owner == seat:
            mine.append(deed.name)
        elif not holding.mortgaged:
            theirs.append(f"{deed.name}")
    offered = state.variant.income_tax_choices
    square = board.square_name(SquareKind.LUXURY_TAX)
    words = {  # the flat choice as the board prints it (200, 4000), as the banker's dialog records it
        TaxChoice.FLAT: (str(board.income_tax), _("Income Tax: {amount}").format(amount=state.money(board.income_tax))),
        TaxChoice.PERCENT: (TaxChoice.PERCENT.value, _("Income Tax: 10% of worth")),
    }
    tax = [words[o] for o in offered]
    tax.append((luxury_word(board), square))
    return {
        "me": me,
        "others": others,
        "their_deeds": theirs,
        "my_deeds": mine,
        "bank_deeds": banks,
        "utilities": utilities,
        "tax": tax,
        "jail": state.players[seat].jail is not None,
        "over": state.over,
    }


def table_data(view: View, link: str = "") -> TablePage:
    """Everything the table's page shows, as plain JSON."""
    from rules.queries import standings

    state = view.state
    board = state.board
    names = [p.name for p in state.players]
    data: TablePage = {
        "page": "table",
        "game": _game(view),
        "standings": [
            {
                "rank": s.rank,
                "name": s.name,
                "cash": s.cash,
                "cash_text": state.money(s.cash),
                "worth": s.total,
                "worth_text": state.money(s.total),
                "bankrupt": s.bankrupt,
                "turn": not state.over and names.index(s.name) == state.turn,
                "winner": s.winner,
                "in_jail": state.players[names.index(s.name)].jail is not None,
            }
            for s in standings(state)
        ],
        "bank": {
            "houses": state.houses,
            "houses_total": board.houses,
            "hotels": state.hotels,
            "hotels_total": board.hotels,
        },
        "pot": (
            {"amount": state.pot, "text": state.money(state.pot)} if state.settings.house_rules.free_parking else None
        ),
        "seconds_left": seconds_left(view),
        "log": _log(list(view.log)),
        "board": _board(state),
    }
    chart = chart_facts(view, link)
    if chart is not None:
        data["chart"] = chart
    return data


def _board(state: GameState) -> BoardSheetFacts:
    """The board sheet (``banker.views.board_sheet``): what it takes to lay the board out again."""
    sheet = board_sheet(state)
    return {
        "deeds": [
            {
                "name": d.name,
                "group": d.group,
                "mark": d.mark,
                "colour": d.colour,
                "owner": d.owner,
                "token": d.token,
                "buildings": buildings_text(d),
                "mortgaged": d.mortgaged,
            }
            for d in sheet.deeds
        ],
        "players": [
            {"name": p.name, "token": p.token, "jail": p.jail, "jail_cards": list(p.jail_cards)} for p in sheet.players
        ],
    }


# HTML ----------------------------------------------------------------------------------------------------------
h = html_text
"""Text for HTML: every ``<``, ``>``, ``&`` and quote escaped (:func:`banker.views.html_text`, shared with the HTML
standings page)."""


def _game_line(game: GameFacts, you: str | None = None) -> str:
    turn = game["turn"]
    if game["over"]:
        reason = game["end_reason"]
        now = strong(_("Game over: {reason}").format(reason=reason) if reason else _("Game over"))
    elif you is not None and turn == you:
        now = said(_("turn {n}: {your_turn}"), n=h(game["turn_no"]), your_turn=strong(_("your turn")))
    else:
        now = said(_("turn {n}: {player} to play"), n=h(game["turn_no"]), player=strong(turn))
    return (
        "<p>"
        + said(_("Game {id} · {variant} · {now}"), id=h(game["id"]), variant=h(_(game["variant"])), now=now)
        + "</p>"
    )


def _log_html(entries: list[LogLine], heading: str) -> str:
    lines = []
    for e in entries:
        text = h(e["text"])
        if e["undone"]:
            text = f'<del>{text}</del> <span class="tag">{h(_("undone"))}</span>'
        clock = f'<time datetime="{h(e["time"])}">{h(e["clock"])}</time> ' if e["clock"] else ""
        lines.append(f"<li>{clock}{text}</li>")
    body = f'<ol class="log">{"".join(lines)}</ol>' if lines else f'<p class="muted">{h(_("Nothing yet."))}</p>'
    return f"<h2>{h(heading)}</h2>{body}"


def _time_left(seconds: int) -> str:
    if seconds <= 0:
        return _("Time is up")
    return _("Time left {clock}").format(clock=f"{seconds // 3600}:{seconds % 3600 // 60:02}:{seconds % 60:02}")


def player_sections(data: PlayerPage, ids: Callable[[], str] | None = None) -> dict[str, str]:
    p = data["player"]
    money = (
        f'<p class="cash"><span class="label">{h(_("Cash"))}</span> <span class="amount">{h(p["cash_text"])}'
        f'</span></p><p class="worth">{said(_("Worth {amount}"), amount=strong(p["worth_text"]))}</p>'
    )
    status = []
    if p["bankrupt"]:
        status.append(f'<p class="warn">{said(_("{bankrupt}: out of the game"), bankrupt=strong(_("Bankrupt")))}</p>')
    elif p["turn"]:
        status.append(f'<p class="turn">{strong(_("Your turn"))}</p>')
    if p["jail"]:
        status.append(f'<p class="warn">{h(p["jail"][:1].upper() + p["jail"][1:])}</p>')
    if p["jail_cards"]:
        n = len(p["jail_cards"])
        cards = ngettext(
            "Get Out of Jail Free: {n} card ({cards})", "Get Out of Jail Free: {n} cards ({cards})", n
        ).format(n=n, cards=", ".join(p["jail_cards"]))
        status.append(f"<p>{h(cards)}</p>")
    groups = []
    for g in data["groups"]:
        items = []
        for d in g["deeds"]:
            c = d["collects"]
            tags = []
            if d["hotel"]:
                tags.append(f'<span class="tag build">{h(_("hotel"))}</span>')
            elif d["houses"]:
                houses = ngettext("{n} house", "{n} houses", d["houses"]).format(n=d["houses"])
                tags.append(f'<span class="tag build">{h(houses)}</span>')
            if d["mortgaged"]:
                tags.append(f'<span class="tag warn">{h(_("mortgaged"))}</span>')
            # each deed opens its card (a details element: no script; page.js keeps it open across updates)
            items.append(
                f'<li><details id="card-{h(d["key"])}"><summary><span class="deed">{h(d["name"])}</span>'
                f'{" ".join([""] + tags)}<span class="rent">{said(_("collects {amount}"), amount=strong(c["text"]))}'
                + (f" <small>{h(c['detail'])}</small>" if c["detail"] else "")
                + f"</span></summary>{_card_html(d['card'])}</details></li>"
            )
        groups.append(
            f'<div class="group"><h3>{swatch(g["colour"], g["mark"])}{h(_(g["title"]))}</h3>'
            f"<ul>{''.join(items)}</ul></div>"
        )
    deeds = "".join(groups) if groups else f'<p class="muted">{h(_("No deeds yet."))}</p>'
    out = {
        "game": _game_line(data["game"], p["name"]),
        "money": money,
        "status": "".join(status),
    }
    if "chart" in data:
        out["chart"] = chart_html(data["chart"], p["seat"])
    if "asks" in data and not p["bankrupt"]:
        out["auction"] = _auction_html(data["asks"], p["name"])
        out["asks"] = _requests_html(data["asks"])
        out["ask"] = _forms_html(data["asks"], ids)
    out["deeds"] = f"<h2>{h(_('Deeds'))}</h2>{deeds}"
    out["log"] = _log_html(data["log"], _("Latest for you"))
    return out


_STATUS_WORDS = {
    "pending": N_("waiting for the banker"),
    "recorded": N_("recorded"),
    "undone": N_("undone by the banker"),
    "declined": N_("declined"),
    "withdrawn": N_("withdrawn"),
    "stale": N_("no longer possible"),
}


def _requests_html(asks: AsksFacts) -> str:
    """The player's latest requests, each with where it stands; a pending one has a Withdraw button."""
    items = []
    for r in asks["requests"]:
        status = r["status"]
        if status == "recorded":
            where = _("recorded as entry {entry}").format(entry=r.get("entry"))
        elif status == "undone":
            where = _("recorded as entry {entry}, then undone by the banker").format(entry=r.get("entry"))
        elif status == "declined":
            where = _("declined: {reason}").format(reason=r["reason"]) if r.get("reason") else _("declined")
        elif status == "stale":
            where = _("no longer possible: {refusal}").format(refusal=r.get("refusal", ""))
        else:
            where = _(_STATUS_WORDS[status]) if status in _STATUS_WORDS else status
        what = h(r.get("preview") or r.get("summary") or r.get("asked") or r["line"])
        if r.get("why"):  # repriced: the price now above, what was asked and why it changed under it
            what += f' <small class="repriced">{h(r["why"])}</small>'
        button = ""
        if status == "pending":
            button = (
                f'<form method="post" action="{h(asks["path"])}/requests{_asked_in()}" class="withdraw">'
                f'<input type="hidden" name="withdraw" value="{h(r["id"])}">'
                f'<button type="submit">{h(_("Withdraw"))}</button></form>'
            )
        items.append(
            f'<li class="req {h(status)}" data-id="{h(r["id"])}"><span class="what">{what}</span> '
            f'<span class="tag status">{h(where)}</span>{button}</li>'
        )
    empty = f'<p class="muted">{h(_("Nothing asked yet."))}</p>'
    body = f'<ol class="reqs">{"".join(items)}</ol>' if items else empty
    return f"<h2>{h(_('Your requests'))}</h2>{body}"


def _auction_html(asks: AsksFacts, me: str) -> str:
    """The auction the banker has open at the table, with a bid form (empty when there is none)."""
    a = asks.get("auction")
    if not a:
        return ""
    bids = list(a.get("bids", {}).items())  # highest first (the auction dialog's order)
    if len(bids) > 1 and bids[0][1] == bids[1][1]:
        high = _("Tied at {amount}").format(amount=bids[0][1])
    elif bids:
        high = _("Highest: {player} {amount}").format(player=bids[0][0], amount=bids[0][1])
    else:
        high = _("No bid yet.")
    mine = a.get("bids", {}).get(me)
    yours = f"<p>{said(_('Your bid: {amount}'), amount=strong(mine))}</p>" if mine else ""
    waits = a.get("waiting", {}).get(me)
    if waits:
        waiting = _("Your bid of {amount} waits for the banker to take it.")
        yours += f"<p>{said(waiting, amount=strong(waits))}</p>"
    heading = _("Auction: {lot}").format(lot=a["lot"]) if a["lot"] else _("Auction: a deed")
    return (
        f'<h2>{h(heading)}</h2><p class="turn">{strong(high)}</p>{yours}'
        f'<form method="post" action="{h(asks["path"])}/bids{_asked_in()}" class="bid" data-bid="1">'
        f"{_money_field()}"
        '<p class="preview" aria-live="polite"></p><div class="buttons">'
        f'<button type="submit" class="send">{h(_("Bid"))}</button></div></form>'
    )


def _asked_in() -> str:
    """The query an address of the page carries so that what it answers is in the page's language, script or
    not, cookie or not (``banker.web.server``)."""
    return f"?lang={spoken()}"


def _field(label: str, control: str) -> str:
    return f"<label>{h(label)} {control}</label>"


def _money_field(name: str = "amount", label: str | None = None) -> str:
    return _field(
        _("Amount") if label is None else label,
        f'<input name="{h(name)}" inputmode="numeric" autocomplete="off" required size="7" maxlength="12">',
    )


def _forms_html(asks: AsksFacts, ids: Callable[[], str] | None) -> str:
    """One small form per money moment a player starts, one per record of ``banker.web.asks.ASKS`` the player's
    choices offer; each posts its fields, which the server reads into a command of the command language
    (``banker.web.asking.line_of_form``) and the engine prices."""
    c = asks["choices"]
    heading = f"<h2>{h(_('Ask the banker'))}</h2>"
    if c["over"]:
        return f'{heading}<p class="muted">{h(_("The game is over."))}</p>'
    out = []
    for ask in ASKS:
        if not ask.offered(c):
            continue
        fields = f'<p class="muted">{h(_(ask.note))}</p>' if ask.note else ""
        fields += "".join(_control(f, c) for f in ask.fields)
        out.append(
            f'<details class="ask"><summary>{h(_(ask.title))}</summary>'
            f'<form method="post" action="{h(asks["path"])}/requests{_asked_in()}" data-form="{h(ask.key)}">'
            f'<input type="hidden" name="form" value="{h(ask.key)}">'
            f'<input type="hidden" name="id" value="{h(ids() if ids is not None else "")}">'
            f'{fields}<p class="preview" aria-live="polite"></p><div class="buttons">'
            f'<button type="submit" name="do" value="preview" class="check">{h(_("Check"))}</button>'
            f'<button type="submit" name="do" value="send" class="send">{h(_("Send to the banker"))}</button></div>'
            "</form></details>"
        )
    note = _(
        "The banker records it with one key; until then nothing changes. The page shows what the banker's laptop "
        "would record before you send."
    )
    return f'{heading}<p class="muted">{h(note)}</p>{"".join(out)}'


def _control(field: Field, c: FormChoices) -> str:
    """One field of an ask's form, as its :class:`~banker.web.asks.Control` draws it (its label translated here;
    its choices come translated: they hold names too, which are never translated)."""
    required = " required" if field.required else ""
    choices = field.choices(c) if field.choices is not None else ()
    label = _(field.label)
    if field.control is Control.AMOUNT:
        return _money_field(field.name, label)
    if field.control is Control.DICE:
        return _field(
            label,
            f'<input name="{h(field.name)}" inputmode="numeric" autocomplete="off"{required} size="3" maxlength="2">',
        )
    if field.control is Control.TICK:
        box = f'<input type="checkbox" name="{h(field.name)}" value="{h(field.name)}">'
        return f'<label class="choice">{box} {h(label)}</label>'
    if field.control is Control.ONE_OF:
        radio = f'<input type="radio" name="{h(field.name)}"'
        each = "".join(f'<label class="choice">{radio} value="{h(v)}"{required}> {h(t)}</label>' for v, t in choices)
        return f"<fieldset><legend>{h(label)}</legend>{each}</fieldset>"
    first = f'<option value="">{h(_(field.empty))}</option>' if field.empty else ""
    options = "".join(f'<option value="{h(v)}">{h(t)}</option>' for v, t in choices)
    return _field(label, f'<select name="{h(field.name)}"{required}>{first}{options}</select>')


def table_sections(data: TablePage) -> dict[str, str]:
    rows = []
    for s in data["standings"]:
        marks = []
        if s["turn"]:
            marks.append(f'<span class="tag turn">{h(_("to play"))}</span>')
        if s["winner"]:
            marks.append(f'<span class="tag turn">{h(_("winner"))}</span>')
        if s["in_jail"]:
            marks.append(f'<span class="tag warn">{h(_("in jail"))}</span>')
        if s["bankrupt"]:
            marks.append(f'<span class="tag warn">{h(_("bankrupt"))}</span>')
        out = ' class="out"' if s["bankrupt"] else ""
        rows.append(
            f"<tr{out}><td>{h(s['rank'])}</td>"
            f'<th scope="row">{h(s["name"])}{" ".join([""] + marks)}</th>'
            f'<td class="num">{h(s["cash_text"])}</td><td class="num worth">{h(s["worth_text"])}</td></tr>'
        )
    standings = (
        f'<h2>{h(_("Standings"))}</h2><table><thead><tr><th scope="col">#</th><th scope="col">{h(_("Player"))}</th>'
        f'<th scope="col" class="num">{h(_("Cash"))}</th><th scope="col" class="num">{h(_("Worth"))}</th></tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
    )
    b = data["bank"]
    buildings = _("Houses {houses} of {houses_total} · Hotels {hotels} of {hotels_total}")
    bank = [
        "<p>"
        + said(
            buildings,
            houses=strong(b["houses"]),
            houses_total=h(b["houses_total"]),
            hotels=strong(b["hotels"]),
            hotels_total=h(b["hotels_total"]),
        )
        + "</p>"
    ]
    if data["pot"] is not None:
        pot = said(_("Free Parking pot {amount} (house rule)"), amount=strong(data["pot"]["text"]))
        bank.append(f"<p>{pot}</p>")
    if data["seconds_left"] is not None:
        left = data["seconds_left"]
        bank.append(f'<p id="time-left" class="turn" data-left="{left}">{h(_time_left(left))}</p>')
    drawn = {
        "game": _game_line(data["game"]),
        "standings": standings,
        "bank": f"<h2>{h(_('Bank'))}</h2>" + "".join(bank),
    }
    if "chart" in data:
        drawn["chart"] = chart_html(data["chart"])
    drawn["log"] = _log_html(data["log"], _("Latest"))
    drawn["board"] = _board_html(data["board"])
    return drawn


def chart_html(chart: ChartFacts, seat: int | None = None) -> str:
    """Worth over the game as a picture (``seat``'s own line first and heavier), the figures as a table a screen
    reader reads (hidden from sight: the picture shows them; ``seat``'s row first), and cash alone behind a tap.
    The pictures are not in the page: each is an ``<img>`` of its own address (:func:`chart_src`), fetched by the
    browser, script or not, and drawn by the server once per entry and page (pygal's some 40 ms a picture is
    never spent before a snapshot is sent); cash alone is fetched only when opened (``loading="lazy"`` in a closed
    ``<details>``). The table's page names the television's picture too, which a landscape screen 1200 pixels
    wide or more fetches instead of the phone's."""
    story = _story(chart)
    now = now_text(story)

    def figure(view: str, lazy: bool = False) -> str:
        width, height, _font = PICTURE_SIZES[view]
        later = ' loading="lazy"' if lazy else ""
        if seat is None:
            alt = _("{view} of each player over the game, {now}").format(view=_(VIEWS[view]), now=now)
        else:
            alt = _("{view} of each player over the game, {now}, your line first").format(view=_(VIEWS[view]), now=now)
        img = f'<img src="{h(chart_src(chart, view))}" width="{width}" height="{height}"{later} alt="{h(alt)}">'
        if seat is None and view == "worth":  # the table's page: the television's picture on a television
            tv_width, tv_height, _font = PICTURE_SIZES["tv"]
            tv = f'srcset="{h(chart_src(chart, "tv"))}" width="{tv_width}" height="{tv_height}"'
            img = f'<picture><source media="{TV_MEDIA}" {tv}>{img}</picture>'
        return f"<figure>{img}</figure>"

    figures = [f'<div class="sr-only">{_figures_html(chart, story, view, seat)}</div>' for view in VIEWS]
    heading = _("{view} over the game").format(view=_(VIEWS["worth"]))
    alone = _("Cash alone")  # whole: French agrees "seul" with its noun ("Argent seul")
    return (
        f"<h2>{h(heading)}</h2>{figure('worth')}{figures[0]}"
        f'<details id="cash-chart" class="chart"><summary>{h(alone)}</summary>{figure("cash", lazy=True)}'
        f"{figures[1]}</details>"
    )


def _figures_html(chart: ChartFacts, story: GameStory, view: str, seat: int | None) -> str:
    """:func:`banker.reports.chart.figures_html` of a page, its rows made once for every page of a push that
    shows the same figures in the same money."""
    money = report_money(chart["edition"], chart["currency"])
    kept = _thinned[2] if _thinned is not None and _thinned[1]["worth"] is chart["worth"] else {}
    at = (chart["edition"], chart["currency"], view)
    rows = kept.get(at)
    if rows is None:
        rows = kept[at] = figure_rows(story, money, view)
    return figures_html(story, money, view, seat, caption=False, rows=rows)


TV_MEDIA = "(min-width: 1200px) and (orientation: landscape)"  # i18n-exempt: a media query
"""The screens page.css lays the table's page out for as a television (the same media query)."""
PICTURE_SIZES = {"worth": (330, 300, 14), "cash": (330, 300, 14), "tv": (900, 640, 28)}
"""Each picture of the chart (its kind: a view, or the television's worth) as (width, height, font size): a
phone's at the width it is shown (about 330 CSS pixels at 360, so its words are their size), the television's
in large words."""
THEME = ("#1a1a1a", "#ececec")
"""The pictures' words and scale on a light and a dark screen: page.css's ``--fg`` of each."""


def chart_src(chart: ChartFacts, kind: str) -> str:
    """The address of one picture of a page's chart at its entry: under the page's own link (its token, so a
    picture is answered only to a link's holder), the kind, the entry (a new entry is a new address, so a browser
    may keep each picture it fetched) and the page's language (its words are in it)."""
    return f"{chart['link']}/chart/{kind}/{chart['at']}.svg{_asked_in()}"


def _story(chart: ChartFacts) -> GameStory:
    return GameStory(
        names=tuple(chart["names"]),
        worth=tuple(tuple(s) for s in chart["worth"]),
        rent_by_deed=(),
        cash=tuple(tuple(s) for s in chart["cash"]),
        turns=tuple(chart["turns"]),
        now=chart["now"],
    )


def draw_chart(chart: ChartFacts, kind: str) -> str:
    """One picture of the chart at an entry (``kind``: a key of :data:`PICTURE_SIZES`), every player in seating
    order, a file of its own: its words in the page's text colour, light or dark as the reader's screen is. Some
    40 ms of pygal: the server draws it in a thread, once per entry and kind for every page
    (``banker.web.server.Feed.chart``), and :func:`own_picture` makes it each player's."""
    view = "worth" if kind == "tv" else kind
    width, height, font = PICTURE_SIZES[kind]
    story = _story(chart)
    title = now_text(story)
    svg = worth_svg(
        story,
        report_money(chart["edition"], chart["currency"]),
        view=view,
        name=f"{kind}-{chart['at']}",
        dots=False,
        width=width,
        height=height,
        font_size=font,
        title=title[:1].upper() + title[1:],
        theme=THEME,
    )
    return svg_file(svg)


def own_picture(svg: str, seat: int) -> str:
    """A picture of :func:`draw_chart` made ``seat``'s page's (the table's, ``TABLE_SEAT``: as drawn)."""
    return svg if seat == TABLE_SEAT else own_first(svg, seat)


def _board_html(board: BoardSheetFacts) -> str:
    """The board sheet: every deed by group with its owner (and token), buildings and mortgage; who is in jail and
    who holds a Get Out of Jail Free card (the standings and the bank above give the turn, houses and pot)."""
    rows = []
    for d in board["deeds"]:
        owner = _("bank") if d["owner"] is None else d["owner"] + (f" ({d['token']})" if d["token"] else "")
        held = "<tr>" if d["owner"] else '<tr class="muted">'
        facts = [d["buildings"] if d["buildings"] != "-" else "", _("mortgaged") if d["mortgaged"] else ""]
        tags = "".join(f' <span class="tag">{h(fact)}</span>' for fact in facts if fact)
        rows.append(
            f"{held}<td>{swatch(d['colour'], d['mark'])}</td><td>{h(d['name'])}</td><td>{h(owner)}{tags}</td></tr>"
        )
    notes = []
    for p in board["players"]:
        if p["jail"]:
            notes.append(f"<li>{h(p['name'])}: {h(p['jail'])}</li>")
        if p["jail_cards"]:
            cards = _("{player}: Get Out of Jail Free ({cards})").format(
                player=p["name"], cards=", ".join(p["jail_cards"])
            )
            notes.append(f"<li>{h(cards)}</li>")
    nobody = f'<p class="muted">{h(_("Nobody is in jail."))}</p>'
    extra = f'<ul class="notes">{"".join(notes)}</ul>' if notes else nobody
    return (
        f'<h2>{h(_("Board sheet"))}</h2><table class="sheet"><thead><tr><th scope="col">{h(_("Group"))}</th>'
        f'<th scope="col">{h(_("Deed"))}</th><th scope="col">{h(_("Owner, buildings, mortgage"))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>{extra}"
    )


def _digest(html: str) -> str:
    return hashlib.blake2s(html.encode("utf-8"), digest_size=6).hexdigest()


def title(data: PageData) -> str:
    if data["page"] == "player":
        p = data["player"]
        return _("{player}: {cash} · Banker").format(player=p["name"], cash=p["cash_text"])
    return _("Table, game {id} · Banker").format(id=data["game"]["id"])


def sections(data: PageData, ids: Callable[[], str] | None = None) -> dict[str, str]:
    """The page's sections (``ids``: draws the request id each form carries, one of its own (issue 30: one id for
    every form of a page answered a new ask after Back as the old one); none in a snapshot, where the page's script
    draws one for each request it sends)."""
    return player_sections(data, ids) if data["page"] == "player" else table_sections(data)


def snapshot(data: PageData) -> str:
    """What ``/events`` sends: the figures, the page's title and each section's HTML with its hash, as JSON (the
    chart's pictures are named, not carried: the page fetches them)."""
    parts = {key: {"h": _digest(html), "html": html} for key, html in sections(data).items()}
    return json.dumps(
        {
            "seq": data["game"]["seq"],
            "title": title(data),
            "sections": parts,
            "data": data,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


_SECTION_TAGS = {
    "game": "header",
    "money": "section",
    "status": "section",
    "deeds": "section",
    "log": "section",
    "auction": "section",
    "asks": "section",
    "ask": "section",
    "standings": "section",
    "bank": "section",
    "chart": "section",
    "board": "section",
}
_SECTION_ATTRS = {
    "money": ' aria-live="polite" aria-atomic="true" aria-label="{money}"',
    "status": ' aria-live="polite"',
    "asks": ' aria-live="polite"',
    "auction": ' aria-live="polite"',
    "game": ' class="game"',
}


def page(data: PageData, notice: tuple[str, bool] | None = None, link: str = "") -> str:
    """The whole page, in the language read here (:func:`banker.language.spoken`: the phone's, in a request):
    complete without script; the script (its hash in :func:`content_security_policy`) keeps it current, its words
    given by the page (:func:`script_words`). ``notice``: what a form post without script is answered with (the
    preview, "sent", or the refusal), shown at the top. ``link``: the page's own path (``/<token>``), under which
    its chooser of languages names each (:func:`languages_html`)."""
    parts = []
    if notice is not None:
        message, ok = notice
        parts.append(f'<p id="notice" class="notice {"ok" if ok else "refused"}" role="status">{h(message)}</p>')
    from banker.web.asking import new_id

    ids = new_id if "asks" in data else None
    drawn = sections(data, ids)
    if data["page"] == "player":
        p = data["player"]
        piece = f" <small>({h(p['piece'])})</small>" if p["piece"] else ""
        heading = f"<h1>{h(p['name'])}{piece}</h1>"
    else:
        game = f"<small>{h(_('game {id}').format(id=data['game']['id']))}</small>"
        heading = f"<h1>{said(_('The table {game}'), game=game)}</h1>"
    plain = sections(data) if ids else drawn  # the hashes are of what a snapshot sends (no request id)
    attrs = {key: a.replace("{money}", h(_("Your money"))) for key, a in _SECTION_ATTRS.items()}
    for key, html in drawn.items():
        tag = _SECTION_TAGS[key]
        parts.append(f'<{tag} id="{key}" data-h="{_digest(plain[key])}"{attrs.get(key, "")}>{html}</{tag}>')
        if key == "game":
            parts.append(heading)
    return _template().substitute(
        lang=h(spoken()),
        title=h(title(data)),
        style=_resource("page.css"),
        script=_resource("page.js"),
        body="\n".join(parts),
        kind=data["page"],
        base=h(data["asks"]["path"]) if data["page"] == "player" and "asks" in data else "",
        words=h(json.dumps(script_words(), ensure_ascii=False, separators=(",", ":"))),
        offline=h(_("Disconnected from the banker’s laptop: reconnecting… The figures may be out of date.")),
        reload=h(_("Reload the page for the latest figures.")),
        ok=h(_("OK")),
        languages=languages_html(link),
    )


def script_words() -> dict[str, str]:
    """What the page's script says, in the page's language: page.js is one file for every language (its hash is
    in the page's Content-Security-Policy), so its sentences come with the page, ``{placeholders}`` and all."""
    from banker.web.asking import ALREADY, SENT, SENT_SAME

    return {
        "unreachable": _("Cannot reach the banker’s laptop."),
        "again": _("Cannot reach the banker’s laptop: press Send again (it is never sent twice)."),
        "bid": _("Your bid is with the banker."),
        "sent": _(SENT),
        "already": _(ALREADY),
        "same": _(SENT_SAME),
        "left": _("Time left {clock}"),
        "up": _("Time is up"),
    }


def languages_html(link: str) -> str:
    """The page's chooser of languages: a link to the page in each, named in its own language; the one read marked.
    No script: following a link sets the phone's choice (a cookie, ``banker.web.server``), and the page's addresses
    carry it on."""
    here = spoken()
    items = []
    for code, name in LANGUAGES.items():
        if code == here:
            items.append(f'<li><strong aria-current="true" lang="{h(code)}">{h(name)}</strong></li>')
        else:
            items.append(
                f'<li><a href="{h(link)}?lang={h(code)}" hreflang="{h(code)}" lang="{h(code)}">{h(name)}</a></li>'
            )
    return f'<nav class="languages" aria-label="{h(_("Language"))}"><ul>{"".join(items)}</ul></nav>'


@cache
def _resource(name: str) -> str:
    return files("banker.web").joinpath(name).read_text(encoding="utf-8")


@cache
def _template() -> Template:
    return Template(_resource("page.html"))


@cache
def content_security_policy() -> str:
    """Nothing from elsewhere (a LAN with no internet works); the one script allowed by its hash."""
    digest = base64.b64encode(hashlib.sha256(_resource("page.js").encode("utf-8")).digest()).decode("ascii")
    return (  # i18n-exempt: a header's value
        f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; connect-src 'self'; "
        "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
