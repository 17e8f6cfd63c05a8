"""Side deals: "no rent on my orange for three turns", "half rent on the railroads until Bob passes GO", recorded
with their end so the rent dialog and the phones remind the banker (docs/rulings.md, "Side deals").

What the books allow: the owner must ask for rent, and may let it go (seed 000, RENT: "The owner may not collect
his rent if he fails to ask for it before the second player following throws the dice"; the same in 002, 003 and
004; seed 001: "Property owners must watch out for rentals due"), so an owner may promise to ask less or nothing.
No player may lend to another (seed 000, 002, 003 and 004, MISCELLANEOUS; seed 001: "No one but the BANK can lend
money"), so a deal never promises money later: it is about the rent the owner will ask, and nothing else. Nothing
moves by a deal: the rent is recorded only when the banker records it, as the owner asks.
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions import EndSideDeal, SideDeal
from rules.deal_terms import CALLED_OFF, SIDE_DEAL_RULE, covered_said, standing, terms
from rules.engine import handles
from rules.errors import RuleError, canonical
from rules.i18n import N_, _
from rules.money import active_player
from rules.outcome import Outcome
from rules.state import GameState, StandingDeal
from rules.words import RentShare

MAX_TURNS = 100
"""The most turns a deal may run for: longer is a typing mistake (a whole game is rarely 200 turns)."""
MAX_STANDING = 20
"""Side deals in effect at once: more than a table remembers, and a bound on what the rent's line carries."""


@handles(SideDeal)
def side_deal(state: GameState, action: SideDeal) -> Outcome:
    """Record a deal about rent with its end; refused when it names a player out of the game, the owner and the payer
    as one, nothing the owner holds, or an end that is not one."""
    owner = active_player(state, action.owner)
    share = canonical(RentShare, action.share, SIDE_DEAL_RULE, N_("no rent or half rent"))
    payer = None if action.payer is None else active_player(state, action.payer)
    if payer == owner:
        said = _("{player} pays no rent to themselves: name another player")
        raise RuleError(SIDE_DEAL_RULE, said.format(player=state.players[owner].name))
    what, deeds = _covered(state, action.what)
    if not any(state.deeds[d].owner == owner for d in deeds):
        said = _("{player} holds nothing of {what}: a deal is about rent they collect")
        raise RuleError(SIDE_DEAL_RULE, said.format(player=state.players[owner].name, what=covered_said(state, what)))
    until_go = None if action.until_go is None else active_player(state, action.until_go)
    turns = action.turns
    if not isinstance(turns, int) or isinstance(turns, bool) or not 0 <= turns <= MAX_TURNS:
        said = _("a deal runs for 1 to {most} turns, not {turns}")
        raise RuleError(SIDE_DEAL_RULE, said.format(most=MAX_TURNS, turns=repr(turns)))
    if turns and until_go is not None:
        raise RuleError(SIDE_DEAL_RULE, _("a deal ends one way: after some turns, or when a player passes GO"))
    if len(standing(state)) >= MAX_STANDING:
        said = _("{count} side deals are in effect: end one first (`side end 1`)")
        raise RuleError(SIDE_DEAL_RULE, said.format(count=MAX_STANDING))
    deal = StandingDeal(
        owner=owner,
        payer=payer,
        deeds=deeds,
        what=what,
        share=share,
        made_turn=state.turn_no,
        # the turns after the one it is made in: it ends as the last of them passes (`next` or `turn`)
        until_turn=state.turn_no + turns + 1 if turns else 0,
        until_go=until_go,
    )
    state = replace(state, side_deals=(*state.side_deals, deal))
    said = _("Side deal {number}: {terms} (no money moves by it)")
    return Outcome(state, said.format(number=len(state.side_deals), terms=terms(state, deal)))


@handles(EndSideDeal)
def end_side_deal(state: GameState, action: EndSideDeal) -> Outcome:
    """The players call a deal in effect off."""
    number = action.number
    numbers = [n for n, _deal in standing(state)]
    if not isinstance(number, int) or isinstance(number, bool) or number not in numbers:
        listed = ", ".join(map(str, numbers)) or _("none")
        said = _("no side deal {number} is in effect (in effect: {listed})")
        raise RuleError(SIDE_DEAL_RULE, said.format(number=repr(number), listed=listed))
    deal = state.side_deals[number - 1]
    deals = list(state.side_deals)
    deals[number - 1] = replace(deal, ended=CALLED_OFF)
    said = _("Side deal {number} is called off: {terms}")
    return Outcome(replace(state, side_deals=tuple(deals)), said.format(number=number, terms=terms(state, deal)))


def _covered(state: GameState, what: str) -> tuple[str, tuple[int, ...]]:
    """The deeds a deal names: a group by its printed title, else one deed (its printed name)."""
    group = state.board.group_named(what) if isinstance(what, str) else None
    if group is not None:
        return group.title, group.deeds
    deed = state.deed(what)
    return deed.name, (deed.index,)
