"""Moving money: the only way a balance changes. Also what a player could raise when short of cash.

Every payment is checked against the payer's cash: a player never goes below $0 by a transfer (seed 000,
BANKRUPTCY: "owes more than he can pay"); the refusal says how much is missing and how much could be raised.
"""

from __future__ import annotations

from typing import TypeVar

from rules.board import Deed
from rules.errors import CannotPay, RuleError
from rules.i18n import N_, _
from rules.outcome import BANK, POT, Transfer, TransferKind
from rules.state import GameState, Player
from rules.words import MAX_AMOUNT


def rounded_tenth(amount: int) -> int:
    """10% in whole dollars, to the nearest dollar with halves up ($7.50 -> $8; docs/rulings.md)."""
    return (amount + 5) // 10


def building_refund(deed: Deed, levels: int = 1) -> int:
    """What the bank pays for ``levels`` building levels sold back on ``deed``: half their cost (seed 000, SELLING
    PROPERTY: "one-half the price paid for them"). A hotel's level counts the houses turned in for it."""
    return levels * deed.house_cost // 2


def can_raise(state: GameState, index: int) -> int:
    """The most cash a player could raise on top of their cash: every building sold back at half price
    (seed 000, SELLING PROPERTY; hotels sold whole need no houses from the bank) and then every deed mortgaged
    (seed 000, MORTGAGES)."""
    total = 0
    for deed in state.board.deeds:
        h = state.deeds[deed.index]
        if h.owner != index:
            continue
        total += building_refund(deed, h.level)
        if not h.mortgaged:
            total += deed.mortgage
    return total


def check_cover(
    state: GameState,
    index: int,
    amount: int,
    rule: str,
    what: str,
    *,
    creditor: int | str | None = None,
    debt: bool = False,
) -> None:
    """Refuse (raise :class:`CannotPay`) when ``amount`` exceeds the player's cash. ``creditor``: whom a debt is
    owed to (a player's index, ``BANK`` or ``POT``, which is the bank's), for the bankruptcy that follows when
    even raising everything is not enough (seed 000, BANKRUPTCY); None for a payment nobody is owed."""
    player = state.players[index]
    if amount > player.cash:
        missing = amount - player.cash
        raise_ = can_raise(state, index)
        money = state.money
        owing = debt or creditor is not None
        bankrupt = raise_ < missing and owing
        if raise_:
            advice = (
                _("could raise {amount} by selling buildings and mortgaging; not enough: bankruptcy")
                if bankrupt
                else _("could raise {amount} by selling buildings and mortgaging")
            ).format(amount=money(raise_))
        else:
            advice = (
                _("has nothing left to sell or mortgage; not enough: bankruptcy")
                if bankrupt
                else _("has nothing left to sell or mortgage")
            )
        owed = None if creditor is None else BANK if creditor in (BANK, POT) else _name(state, creditor)
        # ``what`` is a phrase said after the amount: "for Boardwalk", "rent on Boardwalk", "to the bank"
        said = _("{player} cannot pay {amount} {what}: has {cash}, {missing} missing; {advice}")
        raise CannotPay(
            rule,
            said.format(
                player=player.name,
                amount=money(amount),
                what=what,
                cash=money(player.cash),
                missing=money(missing),
                advice=advice,
            ),
            payer=player.name,
            amount=amount,
            missing=missing,
            can_raise=raise_,
            creditor=owed,
            debt=owing,
        )


def transfer(
    state: GameState,
    payer: int | str,
    payee: int | str,
    amount: int,
    kind: TransferKind,
    *,
    rule: str,
    what: str = "",
    deed: str = "",
    debt: bool = False,
) -> tuple[GameState, Transfer]:
    """Move ``amount`` between a player (index), ``BANK`` and ``POT``. Refuses a payment a player cannot cover;
    ``debt``: the payment is owed (rent, tax, a fine, a card), so the refusal names the payee as the creditor."""
    if amount < 0:
        # i18n-exempt: a programming error
        raise ValueError("negative transfer")  # a bug, not a rule: callers validate amounts first
    if isinstance(payer, int):
        check_cover(state, payer, amount, rule, what, creditor=payee if debt else None)
    changes: dict[str, object] = {}
    bank, pot = state.bank, state.pot
    players: list[Player] | None = None
    for who, delta in ((payer, -amount), (payee, amount)):
        if who == BANK:
            bank += delta
            changes["bank"] = bank
        elif who == POT:
            pot += delta
            changes["pot"] = pot
        else:
            assert isinstance(who, int)
            if players is None:
                players = list(state.players)
            players[who] = evolve(players[who], cash=players[who].cash + delta)
    if players is not None:
        changes["players"] = tuple(players)
    return evolve(state, **changes), Transfer(_name(state, payer), _name(state, payee), amount, kind, deed)


T = TypeVar("T")


def evolve(obj: T, **changes: object) -> T:
    """A copy of a frozen dataclass with ``changes``: ``dataclasses.replace`` without re-running ``__init__``
    (the engine's hot path; a GameState keeps its cached board and variant, which depend on settings only, so
    never use this to change ``settings``)."""
    assert "settings" not in changes
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def set_holding(state: GameState, deed_index: int, **changes: object) -> GameState:
    """``state.with_holding`` by :func:`evolve`: one deed's owner, mortgage or level changed."""
    deeds = list(state.deeds)
    deeds[deed_index] = evolve(deeds[deed_index], **changes)
    return evolve(state, deeds=tuple(deeds))


def _name(state: GameState, who: int | str) -> str:
    return state.players[who].name if isinstance(who, int) else who


def to_payee(payee: str) -> str:
    """ "to the bank", or "to the pot" (the Free Parking pot, :data:`BANK` or :data:`POT`): where a tax, a fine or a
    card's payment goes, as a summary says it."""
    return _("to the pot") if payee == POT else _("to the bank")


def to_bank_or_pot(state: GameState) -> str:
    """Where taxes and fines go: the Free Parking pot under that house rule, else the bank."""
    return POT if state.settings.house_rules.free_parking else BANK


AMOUNT = "amount"
BID = "winning bid"  # i18n-exempt: a key of the refusals' table
TRADE_CASH = "cash in a trade"  # i18n-exempt: a key of the refusals' table
_AMOUNT_REFUSALS = {
    AMOUNT: (
        N_("the amount must be a whole number of dollars, not {value}"),
        N_("the amount must be more than {zero}, not {amount}"),
        N_("{amount} is not a believable amount (more than {most})"),
    ),
    BID: (
        N_("the winning bid must be a whole number of dollars, not {value}"),
        N_("the winning bid must be more than {zero}, not {amount}"),
        N_("{amount} is not a believable winning bid (more than {most})"),
    ),
    TRADE_CASH: (
        N_("the cash in a trade must be a whole number of dollars, not {value}"),
        N_("the cash in a trade must be more than {zero}, not {amount}"),
        N_("{amount} is not a believable cash in a trade (more than {most})"),
    ),
}
"""What :func:`check_amount` says of each kind of amount, a whole sentence each: not whole, not positive, too
large."""


def check_amount(state: GameState, amount: object, rule: str, what: str = AMOUNT) -> int:
    """Refuse an amount that is not a whole, positive, sane number of dollars; return it. ``what``: which amount it
    is (:data:`AMOUNT`, :data:`BID`, :data:`TRADE_CASH`)."""
    not_whole, not_positive, too_large = _AMOUNT_REFUSALS[what]
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise RuleError(rule, _(not_whole).format(value=repr(amount)))
    if amount <= 0:
        raise RuleError(rule, _(not_positive).format(zero=state.money(0), amount=state.money(amount)))
    if amount > MAX_AMOUNT:
        raise RuleError(rule, _(too_large).format(amount=state.money(amount), most=state.money(MAX_AMOUNT)))
    return amount


def active_player(state: GameState, name: str) -> int:
    """Resolve a player's name (exact spelling first, for speed) and refuse a bankrupt player, who has retired
    from the game and neither pays nor receives (seed 000, BANKRUPTCY)."""
    for i, p in enumerate(state.players):
        if p.name == name:
            index = i
            break
    else:
        index = state.player_index(name)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(
            "seed 000, BANKRUPTCY", _("{player} is bankrupt and has retired from the game").format(player=player.name)
        )
    return index
