"""Chance and Community Chest: a drawn card's money effect (the decks and their cards are data: ``rules.decks``).

The banker draws a real card and records it by id; the engine applies what the card does to the money (seed 000,
"CHANCE" and "COMMUNITY CHEST": the player "follows the instructions"). Movement is on the real board, so a
movement card changes no money by itself: the summary says what to record next (rent, buy, GO salary).
"""

from __future__ import annotations

from rules.actions import Card
from rules.board import SquareKind
from rules.decks import CARD_RULE, DECK_TITLES, CardKind, find_card
from rules.engine import handles
from rules.errors import RuleError
from rules.jail import JAIL_CARD_RULE, card_holder, send_to_jail
from rules.money import check_cover, to_bank_or_pot, transfer
from rules.outcome import BANK, Outcome, Transfer, TransferKind
from rules.state import GameState


def _nearest(state: GameState, target: str) -> str:
    kind = SquareKind.RAILROAD if target == "railroad" else SquareKind.UTILITY
    return " or ".join(sq.name for sq in state.board.squares if sq.kind is kind)


@handles(Card)
def card(state: GameState, action: Card) -> Outcome:
    """Apply a drawn card's money effect; all or nothing (a payment to several players is checked as a whole)."""
    index = state.player_index(action.player)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(CARD_RULE, f"{player.name} is bankrupt and out of the game")
    c = find_card(state.settings.cards, action.deck, action.card)
    money = state.money
    title = DECK_TITLES[c.deck]
    name = player.name
    head = f'{name} draws {title} "{c.text}"'
    what = f"for the {title} card"
    transfers: list[Transfer] = []
    if c.kind is CardKind.COLLECT:
        state, t = transfer(state, BANK, index, c.amount, TransferKind.CARD, rule=CARD_RULE)
        return Outcome(state, f"{head}: the bank pays {name} {money(c.amount)}", (t,))
    if c.kind is CardKind.PAY:
        # Card fines go where taxes go: the middle under the Free Parking house rule (docs/rulings.md).
        state, t = transfer(
            state, index, to_bank_or_pot(state), c.amount, TransferKind.CARD, rule=CARD_RULE, what=what, debt=True
        )
        return Outcome(state, f"{head}: {name} pays {money(c.amount)} to the {t.payee}", (t,))
    others = [i for i in state.active() if i != index]
    if c.kind is CardKind.PAY_EACH:
        total = c.amount * len(others)
        check_cover(
            state, index, total, CARD_RULE, f"({money(c.amount)} to each of {len(others)} players) {what}", debt=True
        )
        for i in others:
            state, t = transfer(state, index, i, c.amount, TransferKind.CARD, rule=CARD_RULE, what=what)
            transfers.append(t)
        return Outcome(
            state,
            f"{head}: {name} pays {money(c.amount)} to each other player ({money(total)} in all)",
            tuple(transfers),
        )
    if c.kind is CardKind.COLLECT_EACH:
        for i in others:
            state, t = transfer(
                state,
                i,
                index,
                c.amount,
                TransferKind.CARD,
                rule=CARD_RULE,
                what=f"to {name} for the {title} card",
                debt=True,
            )
            transfers.append(t)
        return Outcome(
            state,
            f"{head}: each other player pays {name} {money(c.amount)} ({money(c.amount * len(others))} in all)",
            tuple(transfers),
        )
    if c.kind is CardKind.REPAIRS:
        houses, hotels = state.houses_and_hotels(index)
        due = houses * c.house + hotels * c.hotel
        if not due:
            return Outcome(state, f"{head}: {name} has no buildings, nothing to pay")
        state, t = transfer(
            state, index, to_bank_or_pot(state), due, TransferKind.CARD, rule=CARD_RULE, what=what, debt=True
        )
        return Outcome(
            state,
            f"{head}: {name} pays {money(due)} to the {t.payee} ({houses} x {money(c.house)} "
            f"houses + {hotels} x {money(c.hotel)} hotels)",
            (t,),
        )
    if c.kind is CardKind.GO:
        # Advancing to GO lands exactly on it: the salary (double under that house rule); seed 000, "GO".
        salary = state.board.go_salary * (2 if state.settings.house_rules.double_go else 1)
        state, t = transfer(state, BANK, index, salary, TransferKind.SALARY, rule="seed 000, GO")
        return Outcome(state, f"{head}: {name} advances to GO and collects {money(salary)}", (t,))
    if c.kind is CardKind.JAIL:
        out = send_to_jail(state, index, f" ({title} card)")
        return Outcome(out.state, f"{head}: {out.summary}")
    if c.kind is CardKind.JAIL_CARD:
        holder = card_holder(state, c.deck)
        if holder is not None:
            raise RuleError(
                JAIL_CARD_RULE,
                f"{state.players[holder].name} already holds the {title} Get Out of "
                "Jail Free card; it is not in the deck",
            )
        state = state.with_player(index, jail_cards=(*player.jail_cards, c.deck))
        return Outcome(state, f"{head}: {name} keeps the card until used or sold")
    if c.kind is CardKind.MOVE:
        dest = state.board.squares[c.square].name
        tail = "; if you passed GO, record `go " + name + "`" if c.pass_go else " (no salary for passing GO)"
        return Outcome(state, f"{head}: move to {dest}; then record what happens there (buy, auction or rent){tail}")
    if c.kind is CardKind.BACK:
        return Outcome(state, f"{head}: move back {c.amount} spaces; then record what happens there")
    # nearest railroad / utility
    dest = _nearest(state, c.target)
    if c.target == "railroad":
        rent = f"if it is owned, record `rent {name} <railroad> card` (twice the rent)"
    else:
        rent = f"if it is owned, throw the dice and record `rent {name} <utility> dice <n> card` (ten times the throw)"
    return Outcome(
        state,
        f"{head}: move to the nearest {c.target} ({dest}); {rent}; if not, it may be bought; "
        f"if you passed GO, record `go {name}`",
    )
