"""Bankruptcy: the bankrupt player's assets go to the creditor (a player or the bank), and the game may end.

Seed 000, BANKRUPTCY: to a player, buildings go back to the bank at half price and that cash, the deeds, the cash
and the jail cards go to the creditor, who pays 10% at once on each mortgaged deed; to the bank, everything goes
to the bank, which auctions the deeds (recorded as ``auction`` results). How the game ends is asked of the variant
(``Variant.ends_at_bankruptcy``): last player standing, second bankruptcy (seed 000, SHORT GAME rule 3), first
bankruptcy (seed 003, SHORT GAME rule 5). At the 1973 short game's second bankruptcy "Play immediately ceases"
(``Variant.play_ceases_at_bankruptcy``): the creditor takes everything, buildings and mortgaged deeds as they stand,
and owes no interest (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions import Bankrupt
from rules.engine import handles
from rules.errors import RuleError
from rules.i18n import _, ngettext
from rules.money import building_refund, transfer
from rules.mortgages import lift_cost
from rules.outcome import BANK, Outcome, Transfer, TransferKind
from rules.state import BANKRUPTCY_ENDS, LAST_STANDING, GameState

RULE = "seed 000, BANKRUPTCY"
DARROW_RULE = "seed 001 (property only transferred FREE of mortgage)"


def next_active(state: GameState, after: int) -> int:
    """The next player in turn order after ``after`` who is still in the game (``after`` itself if alone)."""
    n = len(state.players)
    for step in range(1, n + 1):
        i = (after + step) % n
        if not state.players[i].bankrupt:
            return i
    return after


def _return_buildings(state: GameState, deed_index: int) -> GameState:
    """Put a lot's buildings back in the bank's supply: a hotel is one hotel, houses are houses."""
    level = state.deeds[deed_index].level
    if not level:
        return state
    if level == state.hotel_level:
        state = replace(state, hotels=state.hotels + 1)
    else:
        state = replace(state, houses=state.houses + level)
    return state.with_holding(deed_index, level=0)


@handles(Bankrupt)
def bankrupt(state: GameState, action: Bankrupt) -> Outcome:
    """Retire ``player`` in favour of ``creditor`` (None: the bank); see the module docstring."""
    index = state.player_index(action.player)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(RULE, _("{player} is already bankrupt").format(player=player.name))
    named = (action.creditor or "").strip()
    creditor = None if named.casefold() in ("", BANK) else state.player_index(named)
    if creditor == index:
        raise RuleError(RULE, _("{player} cannot go bankrupt to themselves").format(player=player.name))
    if creditor is not None and state.players[creditor].bankrupt:
        said = _("{player} is bankrupt and out of the game")
        raise RuleError(RULE, said.format(player=state.players[creditor].name))
    variant = state.variant
    count = state.bankruptcies + 1
    # seed 000, SHORT GAME rule 3: "when the second bankruptcy occurs the game ends. Play immediately ceases with the
    # bankrupt player turning over to his creditor all that he has of value, including buildings": nothing is sold
    # back, and no interest falls due on the mortgaged deeds (the valuation counts them at half price).
    whole = variant.play_ceases_at_bankruptcy(count)
    money = state.money
    owned = state.owned_by(index)
    transfers: list[Transfer] = []
    notes: list[str] = []
    if creditor is None:
        # Everything to the bank; deeds return unmortgaged for auction, buildings to the supply, cards to the decks.
        if player.cash:
            state, t = transfer(state, index, BANK, player.cash, TransferKind.BANKRUPTCY, rule=RULE)
            transfers.append(t)
        for deed in owned:
            state = _return_buildings(state, deed.index)
            state = state.with_holding(deed.index, owner=None, mortgaged=False)
        deeds = ", ".join(d.name for d in owned)
        if owned and not whole:
            notes.append(_("the bank auctions {deeds} (record each `auction`)").format(deeds=deeds))
        elif owned:
            notes.append(_("{deeds} go back to the bank; play has ceased, so nothing is auctioned").format(deeds=deeds))
        if player.jail_cards:
            notes.append(_("Get Out of Jail Free cards go back to their decks"))
        state = state.with_player(index, jail_cards=())
    else:
        cname = state.players[creditor].name
        if not whole:
            sale = 0
            for deed in owned:
                sale += building_refund(deed, state.deeds[deed.index].level)
                state = _return_buildings(state, deed.index)
            if sale:
                state, t = transfer(state, BANK, creditor, sale, TransferKind.BANKRUPTCY, rule=RULE)
                transfers.append(t)
                said = _("buildings go back to the bank for {amount}, paid to {creditor}")
                notes.append(said.format(amount=money(sale), creditor=cname))
        else:
            notes.append(_("buildings included"))
        if player.cash:
            state, t = transfer(state, index, creditor, player.cash, TransferKind.BANKRUPTCY, rule=RULE)
            transfers.append(t)
        for deed in owned:
            state = state.with_holding(deed.index, owner=creditor)
        given = [d.name for d in owned] + ([money(player.cash)] if player.cash else [])
        if given:
            # one deed or sum "goes", several "go" (a game-night review read "Ventnor Avenue go to ann")
            went = ngettext("{given} goes to {creditor}", "{given} go to {creditor}", len(given))
            notes.insert(0, went.format(given=", ".join(given), creditor=cname))
        if whole and any(state.deeds[d.index].mortgaged for d in owned):
            notes.append(_("play has ceased: no interest on the mortgaged deeds, which count at half price"))
        for deed in owned:
            if whole or not state.deeds[deed.index].mortgaged:
                continue
            principal, interest = lift_cost(deed)  # seed 000, MORTGAGES: mortgage + 10%
            if state.variant.transfer_free_of_mortgage:
                # Darrow: property changes hands only free of mortgage, so the creditor lifts it (docs/rulings.md).
                state, t = transfer(
                    state,
                    creditor,
                    BANK,
                    principal + interest,
                    TransferKind.UNMORTGAGE,
                    rule=DARROW_RULE,
                    deed=deed.name,
                    what=_("to lift the mortgage on {deed}").format(deed=deed.name),
                )
                state = state.with_holding(deed.index, mortgaged=False)
                said = _("{player} lifts {deed} for {amount}")
                notes.append(said.format(player=cname, deed=deed.name, amount=money(principal + interest)))
            else:
                state, t = transfer(
                    state,
                    creditor,
                    BANK,
                    interest,
                    TransferKind.INTEREST,
                    rule=RULE,
                    deed=deed.name,
                    what=_("interest (10%) on the mortgaged {deed}").format(deed=deed.name),
                )
                said = _("{player} pays {amount} interest on {deed}")
                notes.append(said.format(player=cname, amount=money(interest), deed=deed.name))
            transfers.append(t)
        held = state.players[creditor].jail_cards
        state = state.with_player(creditor, jail_cards=(*held, *player.jail_cards)).with_player(index, jail_cards=())
    state = state.with_player(index, bankrupt=True, cash=0, jail=None, out_order=count)
    state = replace(state, bankruptcies=count)
    if state.turn == index:
        state = state.turn_passed(next_active(state, index))
    cname = "" if creditor is None else state.players[creditor].name
    if creditor is None:
        said = _("{player} goes bankrupt to the bank and retires")
    else:
        said = _("{player} goes bankrupt to {creditor} and retires")
    summary = said.format(player=player.name, creditor=cname)
    if notes:
        summary = _("{said}: {notes}").format(said=summary, notes="; ".join(notes))
    left = state.active()
    reason = ""  # in the state's words, English: said in the reader's language by GameState.end_said
    if variant.ends_at_bankruptcy(count):
        reason = BANKRUPTCY_ENDS[variant.bankruptcies_to_end or count, creditor is None].format(
            player=player.name, creditor=cname
        )
    elif len(left) == 1:
        reason = LAST_STANDING.format(player=state.players[left[0]].name)
    if reason:
        state = replace(state, over=True, end_reason=reason)
        summary = _("{said}. The game ends: {reason}").format(said=summary, reason=state.end_said())
    return Outcome(state, summary, tuple(transfers))
