"""Phones that ask: what a player's phone may propose, and where each request stands (docs/phones.md).

A phone proposes one command of the command language; it is read by :func:`banker.commands.parse` into the typed
command, written back as its canonical line (:func:`banker.commands.format`) and priced by the engine
(:meth:`banker.session.Session.preview`). It is kept only if the engine would accept it now and it concerns the
player whose link asked: one of the money it moves is paid or collected by that player (the engine's own
transfers say who pays whom). Nothing here writes to the game: only the banker's key records a request
(:meth:`banker.session.Session.execute` with ``request=``).

No aiohttp here: the routes (:mod:`banker.web.requests`), the TUI's inbox and ``banker requests`` read this module.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from banker.journal import RequestRow, RequestStatus
from banker.language import SOURCE, speaking, spoken
from banker.session.recorder import COMMANDS, REQUESTS
from banker.web.asks import BY_KEY
from banker.web.page_data import RequestFacts
from rules.errors import RuleError
from rules.i18n import N_, _

if TYPE_CHECKING:
    from banker.session import Session
    from rules.actions import Action
    from rules.outcome import Outcome

MOST_PENDING = 5
"""A phone (a seat of a game) may have at most this many requests waiting for the banker."""
ID_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{8,64}")
"""A request id chosen by the phone: 8 to 64 letters, digits or ``_.:-`` (a UUID fits)."""
REFUSED_VERBS = {
    "end": N_("ending the game is the banker's alone; a phone may ask for a payment"),
    "bankrupt": N_("a bankruptcy is the banker's alone; a phone may ask for a payment"),
    "deal_random": N_("dealing at random is the banker's alone; a phone may ask for a payment"),
    # the banker puts a mistake right; a phone asks for the payment it meant
    "correct": N_("a correction is the banker's alone; a phone may ask for a payment"),
}
"""Actions a phone may never ask for, even though they move money (the banker's alone)."""
STALE = "stale"
"""A pending request the engine now refuses (the game moved on, or ended): shown, never stored."""
UNDONE = "undone"
"""A recorded request whose journal entry the banker has undone (a redo makes it ``recorded`` again): derived from
the journal's entries in effect, never stored."""
ENDED = N_("the game ended before the banker recorded it")
NEAR_SECONDS = 60
"""Two pending requests of one verb from one phone asked this close together are marked in the inbox (a second tap,
or a second try with other words): the banker looks before recording both."""
_ASKED_FROM = re.compile(r" \(asked from .*'s phone\)$")
SENT = N_("Sent to the banker: {what}")
ALREADY = N_("Already waiting for the banker, not sent twice: {what}")
SENT_SAME = N_("{sent}. Note: this is {same}; the banker sees it marked and records it only on purpose")
"""What a phone is told of the ask it sent (:func:`sent_text`; the page's script says the same words)."""


class Refusal(Exception):
    """Why a phone's request is not kept: one line."""


SOURCE_TAGS = frozenset({COMMANDS, REQUESTS})
"""The rule names that say which part of Banker refused (the command language, the phones' requests) rather than
a rule a player could look up: a refusal names them in parentheses ("(commands)", "(Befehle)"), which the banker's
screen shows and a phone does not (:func:`said`)."""


def said(message: str, error: RuleError | None) -> str:
    """A refusal as a phone says it: ``message`` (``str(error)``, or a reply's message) without the source tag
    :class:`~rules.errors.RuleError` ends it with when ``error`` names no rule but the part of Banker refusing (a
    misread amount, a form left empty); a rule book's citation stays."""
    if error is None or error.rule not in SOURCE_TAGS:
        return message
    return message.removesuffix(f" ({_(error.rule)})")


@dataclass(frozen=True)
class Priced:
    """A request's line as the engine reads it now."""

    line: str
    """The canonical line (``commands.format``)."""
    preview: str
    """The engine's summary ("Bob pays Ann $50: Boardwalk, ...")."""


def check(session: Session, seat: int, line: str) -> Priced:
    """The canonical line and preview of what ``seat``'s phone asks, or :class:`Refusal` saying why not."""
    from banker.commands import format

    canonical = format(_command(session, line), session.state.board)
    reply = session.preview(canonical)
    if not reply.ok or reply.outcome is None:
        raise Refusal(said(reply.message, reply.error))
    name = session.state.players[seat].name
    if not any(name in (t.payer, t.payee) for t in reply.outcome.transfers):
        raise Refusal(
            _("that moves none of {player}'s money; a phone asks only for its own player's payments").format(
                player=name
            )
        )
    return Priced(canonical, reply.message)


def in_source(said: str, again: Callable[[], str]) -> str:
    """``said`` in the language the messages are written in: itself when that is the language read here, else
    ``again()`` made in it. What is kept of a phone's ask (the price it was shown) and compared with its price now
    is in one language whoever reads it, so a German phone's ask is not "repriced" in an English inbox."""
    if spoken() == SOURCE:
        return said
    with speaking(SOURCE):
        return again()


def _command(session: Session, line: str) -> Action:
    """The action ``line`` names, if a phone may ask for that kind of thing at all (not yet priced)."""
    from banker.commands import Control, NewGame, Query, parse

    if not isinstance(line, str) or not line.strip():
        raise Refusal(_("no command: say what to record, e.g. rent bob boardwalk"))
    state = session.state
    if state.over:
        raise Refusal(_("the game is over"))
    try:
        cmd = parse(line, state)
    except RuleError as e:
        raise Refusal(said(str(e), e)) from None
    if isinstance(cmd, Control):  # undo, redo, together: the command language's own words
        raise Refusal(_("{command} is the banker's alone; a phone may ask for a payment").format(command=cmd.kind))
    if isinstance(cmd, NewGame):
        raise Refusal(_("a new game is the banker's alone; a phone may ask for a payment"))
    if isinstance(cmd, Query):
        raise Refusal(_("that is a question, not a payment; the page shows the figures"))
    if cmd.verb in REFUSED_VERBS:
        raise Refusal(_(REFUSED_VERBS[cmd.verb]))
    return cmd


def line_of(session: Session, seat: int, fields: dict[str, str]) -> str:
    """What a post asks for: its ``line`` (an API client's), or the command its page form builds."""
    return fields["line"] if "line" in fields else line_of_form(session, seat, fields)


def same_ask(session: Session, seat: int, fields: dict[str, str], stored: RequestRow) -> bool:
    """Is this post the request ``stored`` again (a retry of the same id), rather than a new ask sent with an id
    already used (a page restored by Back without script)? Compared as canonical lines, so ``rent bo boardwalk``
    is ``rent Bob Boardwalk``; a post that no longer reads as a command is the same only word for word."""
    from banker.commands import format

    try:
        line = line_of(session, seat, fields)
    except Refusal:
        return False
    try:
        return format(_command(session, line), session.state.board) == stored.line
    except Refusal:
        return line == stored.line


@dataclass(frozen=True)
class Standing:
    """A request as a phone, the inbox or ``banker requests`` shows it."""

    row: RequestRow
    status: str
    """``pending``, ``recorded``, ``undone``, ``declined``, ``withdrawn`` or ``stale``."""
    preview: str
    """The engine's summary now (pending), the refusal (stale), or the recorded entry's summary."""
    plain: str = field(default="", compare=False)
    """:attr:`preview` in the language the messages are written in (:func:`in_source`), for :attr:`repriced`."""

    @property
    def n(self) -> int:
        return self.row.n

    @property
    def ok(self) -> bool:
        return self.status == RequestStatus.PENDING

    @property
    def repriced(self) -> bool:
        """Priced otherwise now (pending) or when recorded than when the phone asked: both figures are shown."""
        if not self.row.asked or self.status not in (RequestStatus.PENDING, RequestStatus.RECORDED, UNDONE):
            return False
        return _ASKED_FROM.sub("", self.plain or self.preview) != self.row.asked


def standing(session: Session, row: RequestRow) -> Standing:
    """Where ``row`` stands now, as the journal's entries in effect say: a pending request is priced against the
    game as it is now (repriced); one the engine refuses now is ``stale``, with the refusal, and so is one still
    pending while the game is over (an undone ``end`` brings it back). A recorded request whose entry is undone is
    ``undone`` (a redo makes it ``recorded`` again): asked of the journal, also for an entry another process wrote
    that this session has not read yet (:meth:`banker.session.Session.in_effect`)."""
    if row.status is RequestStatus.PENDING:
        if session.state.over:
            return Standing(row, STALE, _(ENDED))
        reply = session.preview(row.line)
        plain = in_source(reply.message, lambda: session.preview(row.line).message) if row.asked else ""
        if not reply.ok:
            return Standing(row, STALE, said(reply.message, reply.error))
        return Standing(row, RequestStatus.PENDING.value, reply.message, plain)
    if row.status is RequestStatus.RECORDED and row.seq:
        seq = row.seq
        summary = session.entry_summary(seq)
        plain = in_source(summary, lambda: session.entry_summary(seq)) if row.asked else ""
        return Standing(row, UNDONE if not session.in_effect(seq) else row.status.value, summary, plain)
    return Standing(row, row.status.value, "")


def pending(session: Session) -> list[Standing]:
    """The game's pending requests (those the engine refuses now included, as ``stale``), oldest first."""
    if session.state.over:
        return []
    return [standing(session, r) for r in session.requests(status=RequestStatus.PENDING)]


def as_json(s: Standing, names: list[str]) -> RequestFacts:
    """A request as the API returns it (docs/phones.md)."""
    row = s.row
    out: RequestFacts = {
        "id": row.rid,
        "n": row.n,
        "player": names[row.seat] if 0 <= row.seat < len(names) else "",
        "line": row.line,
        "status": s.status,
        "time": row.time,
        "updated": row.updated,
    }
    if s.status == RequestStatus.PENDING:
        out["preview"] = s.preview
    elif s.status == STALE:
        out["refusal"] = s.preview
    if s.status in (RequestStatus.RECORDED, UNDONE):  # undone: the entry taken back, and what it said
        out["entry"] = row.seq
        out["summary"] = s.preview
    if row.status is RequestStatus.DECLINED:
        out["reason"] = row.reason
    if row.asked:
        out["asked"] = row.asked
        out["repriced"] = s.repriced
        if s.repriced:
            out["why"] = repricing(s)
    return out


def description(s: Standing) -> str:
    """What the request asks, in the engine's words: its price now (pending), the entry that recorded it, or, once
    declined, withdrawn or stale, what it was when the phone asked (its line, for a request of an earlier
    version): a handled request keeps its description."""
    if s.status in (RequestStatus.PENDING, RequestStatus.RECORDED, UNDONE):
        return _ASKED_FROM.sub("", s.preview)
    return s.row.asked or s.row.line


def repricing(s: Standing) -> str:
    """Why a repriced request's figure differs from the one the phone saw: both figures, each with the engine's
    reasons (its summaries say them), and the entry the game stood at when the phone asked."""
    if not s.repriced:
        return ""
    after = s.row.asked_after
    if after:
        return _("asked as: {asked} (the game changed after entry {entry})").format(asked=s.row.asked, entry=after)
    return _("asked as: {asked} (the game changed since)").format(asked=s.row.asked)


def described(s: Standing) -> str:
    """One line for a person: "pending: Bob pays Ann $50: Boardwalk ...", "recorded as entry 57"."""
    row = s.row
    if s.status == UNDONE:
        return _("recorded as entry {entry}, then undone by the banker").format(entry=row.seq)
    if s.status == RequestStatus.RECORDED:
        return _("recorded as entry {entry}").format(entry=row.seq)
    if row.status is RequestStatus.DECLINED:
        return _("declined: {reason}").format(reason=row.reason) if row.reason else _("declined")
    if s.status == STALE:
        return _("stale: {refusal}").format(refusal=s.preview)
    if row.status is RequestStatus.WITHDRAWN:
        return _("withdrawn")
    return s.preview


def near(rows: list[RequestRow]) -> dict[int, tuple[int, int]]:
    """Near-duplicates among ``rows`` (oldest first): for each pending request, the latest earlier request of the same
    phone and the same verb, if it was asked within :data:`NEAR_SECONDS` and not withdrawn (waiting, recorded or
    declined: a second tap after the first was recorded is the likeliest double payment), as (its number, the
    seconds between), by request number."""
    marks: dict[int, tuple[int, int]] = {}
    for i, row in enumerate(rows):
        if row.status is not RequestStatus.PENDING:
            continue
        for earlier in reversed(rows[:i]):
            if earlier.seat != row.seat or _verb(earlier.line) != _verb(row.line):
                continue
            gap = _seconds(row.time) - _seconds(earlier.time)
            if earlier.status is not RequestStatus.WITHDRAWN and 0 <= gap <= NEAR_SECONDS:
                marks[row.n] = (earlier.n, round(gap))
            break
    return marks


SAME_REQUESTS = 50
"""The latest requests of a game looked through for the same ask (the inbox's list looks through as many)."""
SAME_ENTRIES = 30
"""The latest entries in effect a pending request is compared with (:func:`likes`)."""


@dataclass(frozen=True)
class Like:
    """Why a pending request is marked in the inbox: it asks what another request or a recorded entry asks."""

    text: str
    """The mark, in words: "the same as entry 91, recorded since it was asked"."""
    same: bool
    """It moves the very same money as that one (a second recording would pay twice): the inbox's Enter does not
    record it, only the deliberate act the row names does; False for a near-duplicate of one phone (a second try
    with other words, perhaps meant)."""


Effect = tuple[tuple[str, str, int, str, str], ...]
"""What an action does to the money, compared whoever asked and however it was worded: its transfers (payer,
payee, amount, kind, deed), so Ann's "I pay rent" and Bob's "Ann owes me rent" are one effect."""


def effect(outcome: Outcome) -> Effect:
    return tuple(sorted((t.payer, t.payee, t.amount, t.kind.value, t.deed) for t in outcome.transfers))


def likes(session: Session, rows: list[RequestRow]) -> dict[int, Like]:
    """The marks of the pending requests among ``rows`` (oldest first), by request number. A request that moves the
    same money as an entry in effect recorded since it was asked, or within :data:`NEAR_SECONDS` before (by the
    banker's key, or another request: the review's $240 for one landing), or as an earlier pending request of any
    phone, is the same (:attr:`Like.same`); otherwise one of the same phone's near-duplicates (:func:`near`) is
    marked as like it."""
    names = [p.name for p in session.state.players]
    effects: dict[int, Effect] = {}
    for row in rows:
        if row.status is RequestStatus.PENDING and not session.state.over:
            reply = session.preview(row.line)
            if reply.ok and reply.outcome is not None and reply.outcome.transfers:
                effects[row.n] = effect(reply.outcome)
    entries = [(seq, time, effect(o)) for seq, time, o in session.latest_effects(SAME_ENTRIES)] if effects else []
    marks = {
        n: Like(
            _("like request {request} from the same phone, {seconds} s before: a second tap?").format(
                request=earlier, seconds=gap
            ),
            False,
        )
        for n, (earlier, gap) in near(rows).items()
    }
    waiting: list[RequestRow] = []
    for row in rows:
        mine = effects.get(row.n)
        if mine is None:
            continue
        asked = _seconds(row.time)
        entry = next(
            (
                (seq, time)
                for seq, time, what in reversed(entries)
                if what == mine
                and (
                    (row.asked_after is not None and seq > row.asked_after)
                    or 0 <= asked - _seconds(time) <= NEAR_SECONDS
                )
            ),
            None,
        )
        twin = next((w for w in reversed(waiting) if effects[w.n] == mine), None)
        if entry is not None:
            seq, time = entry
            if row.asked_after is not None and seq > row.asked_after:
                said = _("the same as entry {entry}, recorded since it was asked").format(entry=seq)
            else:
                said = _("the same as entry {entry}, recorded {seconds} s before it was asked").format(
                    entry=seq, seconds=round(asked - _seconds(time))
                )
            marks[row.n] = Like(said, True)
        elif twin is not None:
            if twin.seat == row.seat:
                said = _("the same as request {request} from the same phone, waiting too").format(request=twin.n)
            elif 0 <= twin.seat < len(names):
                said = _("the same as request {request} from {player}'s phone, waiting too").format(
                    request=twin.n, player=names[twin.seat]
                )
            else:
                said = _("the same as request {request} from another phone, waiting too").format(request=twin.n)
            marks[row.n] = Like(said, True)
        waiting.append(row)
    return marks


def beyond_print(session: Session, row: RequestRow) -> str:
    """Why a phone's pending ``pay`` or ``collect`` is flagged for the banker to look at: it asks more than any card
    or square of the game's edition moves in one payment (:func:`rules.queries.printed_most`; the review's $1,000,000
    collected from the bank). Flagged, not refused: a house rule may pay more. "" when it asks no more."""
    from rules.actions import Collect, Pay
    from rules.queries import printed_most

    try:
        action = _command(session, row.line)
    except Refusal:
        return ""
    if not isinstance(action, Pay | Collect):
        return ""
    most = printed_most(session.state).of(action)
    if action.amount <= most:
        return ""
    state = session.state
    other = action.to if isinstance(action, Pay) else action.source
    if action.each:
        said = _(
            "{amount} is more than any card or square of the {edition} edition moves with each player ({most} at "
            "most): a house rule may pay more"
        )
    elif other in (None, "bank"):
        said = _(
            "{amount} is more than any card or square of the {edition} edition moves with the bank ({most} at "
            "most): a house rule may pay more"
        )
    else:
        said = _(
            "{amount} is more than any card or square of the {edition} edition moves with one player ({most} at "
            "most): a house rule may pay more"
        )
    return said.format(amount=state.money(action.amount), edition=state.board.title, most=state.money(most))


def same_as(session: Session, row: RequestRow) -> str:
    """What the phone that asked ``row`` just now is told when it is the same as an entry recorded or another
    phone's waiting ask (:func:`likes`): the mark's words, "" when it is not."""
    like = likes(session, session.requests(limit=SAME_REQUESTS)).get(row.n)
    return like.text if like is not None and like.same else ""


def sent_text(preview: str, already: bool = False, same: str = "") -> str:
    """What a phone is told of its ask: sent (or already waiting, not sent twice), its price, and the note of
    :func:`same_as` (the page's script writes the same words: ``banker.web.pages.script_words``)."""
    said = _(ALREADY if already else SENT).format(what=preview)
    return _(SENT_SAME).format(sent=said, same=same) if same else said


def _verb(line: str) -> str:
    return line.split(" ", 1)[0]


def _seconds(time: str) -> float:
    try:
        return datetime.fromisoformat(time).timestamp()
    except (TypeError, ValueError):
        return 0.0


def clock(time: str) -> str:
    """A stored UTC time as the local hour and minute."""
    try:
        return datetime.fromisoformat(time).astimezone().strftime("%H:%M")
    except (TypeError, ValueError):
        return ""


def line_of_form(session: Session, seat: int, fields: dict[str, str]) -> str:
    """The command a phone page's form builds (its record in :data:`banker.web.asks.ASKS`, by the ``form`` field),
    as its canonical line, read by the dialogs' own :class:`banker.commands.Form` readers; the player is always the
    link's own, whatever the post says. :class:`Refusal` when the fields do not make a command."""
    from banker.commands import Form, Missing, Refused, format

    ask = BY_KEY.get(fields.get("form", ""))
    if ask is None:
        raise Refusal(_("choose what to ask for"))
    state = session.state
    me = state.players[seat].name
    values = dict(fields)  # read within bounds (banker.web.bodies): a field over its limit was refused, never cut
    values["me"] = me
    try:
        cmd = ask.read(Form(values, state), me)
    except Missing as e:
        empty = FILL_IN.get(e.field)
        raise Refusal(_(empty) if empty else _("fill in the {field}").format(field=e.field)) from None
    except Refused as e:
        raise Refusal(said(str(e.error), e.error)) from None
    return format(cmd, state.board)


FILL_IN = {
    "amount": N_("fill in the amount"),
    "deed": N_("fill in the deed"),
    "how": N_("fill in the how"),
    "payer": N_("fill in the payer"),
    "other": N_("fill in the other"),
}
"""What a phone is told when a field its form needs is empty (the command language's readers name the field by its
key; a browser does not send a form with a required field empty, so an old browser or a client of the API meets
these)."""


def new_id() -> str:
    """A request id for one form of a page, drawn when the page is drawn (each form its own): posting that form
    again (a reload of the answer, a retry) gives the same request back, never a second one; another form, or the
    same form with other fields after Back, is another ask (answered 409 if it comes with an id already used)."""
    return secrets.token_urlsafe(12)
