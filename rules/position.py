"""Taking over a game already under way: the position on the table, entered before the first move.

A family halfway through a paper game enters where they are, one fact a line (``position ann cash 1230``,
``position ann owns boardwalk 2 houses``, ``position bob in jail 2``, ...), instead of dozens of payments, purchases
and builds that never happened. Each line states one fact whole: a later line about the same cash, deed, jail or
pot replaces what was said before, so a slip is put right by saying it again (or by undo).

The rule books are silent on taking over a game (docs/rulings.md, "Taking over a game" says what Banker decides):

* The lines are set-up, like the deal: open until play begins, which is the first action in effect that is not
  set-up (not a deal, a position line, ``turn`` or ``next``: :data:`rules.engine.SETUP_ACTIONS`). Undoing that action
  reopens the set-up. Afterwards a line is refused, naming the correction that puts money right during play.
* Each line is checked on its own against what cannot be put right by a later line: one owner per deed (seed 002,
  EQUIPMENT: one Title Deed card for each property), the bank's 32 houses and 12 hotels (seed 000, EQUIPMENT; the
  edition's own supply), buildings on colour-group streets only and never with a mortgage on the same lot, a Get
  Out of Jail Free card held once, by one player, and only where the game's deck has one, a cash figure a table
  can hold.
* The rules that tie the lots of a group together (buildings only on a whole group of one owner, none while a lot
  of it is mortgaged, built evenly: seed 000, HOUSES and MORTGAGES) can only hold once every line of the group is
  in, whatever the order they are typed in; so the whole is checked when play begins (:func:`check_position`, from
  :func:`rules.engine.apply`, in a game with a line in effect: ``GameState.taken_over``): the first move is refused,
  with every fault named, until the position stands.
* Money stays conserved (docs/architecture.md): the bank pays in or takes back the difference of each cash and
  pot line, as it does when handing out the starting cash. Nothing is a transfer: no rent, income or payment was
  made at the table, so the statistics and the maths mode never count a line.
"""

from __future__ import annotations

from rules.actions import (
    PositionCash,
    PositionDeed,
    PositionJail,
    PositionJailCard,
    PositionPot,
    PositionTurn,
)
from rules.board import SquareKind, not_a_street
from rules.buildings import HOTELS, HOUSES, MORTGAGES, describe_level
from rules.decks import DECK_TITLES, CardKind, deck_cards, deck_key
from rules.engine import before_play, handles
from rules.errors import RuleError
from rules.i18n import _, ngettext
from rules.jail import JAIL_CARD_RULE, JAIL_RULE, NEXT_TURN_RULE, TURNS_IN_JAIL, card_holder
from rules.money import active_player, evolve
from rules.outcome import Outcome
from rules.state import GameState, Holding, Jail
from rules.words import MAX_AMOUNT

TAKEOVER_RULE = "rulings, taking over a game"  # i18n-exempt: a citation of docs/rulings.md
"""docs/rulings.md, "Taking over a game": the books are silent."""
EQUIPMENT = "seed 000, EQUIPMENT"
DEEDS_RULE = "seed 002, EQUIPMENT"
""""28 Title Deed card (one for each property)": a deed has one holder."""


def _open(state: GameState) -> GameState:
    """Refuse a line once play has begun (module docstring); the state, marked as taken over from the board."""
    if state.started:
        raise RuleError(
            TAKEOVER_RULE,
            _(
                "play has begun: the position on the table is taken over only before the first move; to put money "
                "right now, record a correction (`correct <player> <amount> <reason>`), or undo back to the set-up"
            ),
        )
    return state if state.taken_over else evolve(state, taken_over=True)


def _amount(state: GameState, amount: object, pot: bool) -> int:
    """A cash figure a table can hold: a whole number from 0 (a player may be broke) to the largest amount (the
    player's cash, or the ``pot``)."""
    if not isinstance(amount, int) or isinstance(amount, bool):
        said = (
            _("the pot must be a whole number of dollars, not {value}")
            if pot
            else _("the cash must be a whole number of dollars, not {value}")
        )
        raise RuleError(TAKEOVER_RULE, said.format(value=repr(amount)))
    if not 0 <= amount <= MAX_AMOUNT:
        said = (
            _("the pot must be {least} to {most}, not {amount}")
            if pot
            else _("the cash must be {least} to {most}, not {amount}")
        )
        raise RuleError(
            TAKEOVER_RULE, said.format(least=state.money(0), most=state.money(MAX_AMOUNT), amount=state.money(amount))
        )
    return amount


def _was(said: str, before: str, after: str) -> str:
    """``said`` (a line's summary), with what it replaces when that was otherwise: "... (was: $1,500)"."""
    return _("{said} (was: {before})").format(said=said, before=before) if before != after else said


@handles(PositionCash)
def position_cash(state: GameState, action: PositionCash) -> Outcome:
    """The player's cash as counted on the table; the bank pays in or takes back the difference."""
    state = _open(state)
    index = active_player(state, action.player)
    player = state.players[index]
    amount = _amount(state, action.amount, pot=False)
    state = evolve(state.with_player(index, cash=amount), bank=state.bank - (amount - player.cash))
    said = _("Taken over from the board: {player} has {amount} in cash")
    said = said.format(player=player.name, amount=state.money(amount))
    return Outcome(state, _was(said, state.money(player.cash), state.money(amount)))


def holding_words(state: GameState, holding: Holding) -> str:
    """A deed's lot in words: "unimproved", "mortgaged", "2 houses", "a hotel"."""
    if holding.mortgaged:
        return _("mortgaged")
    return describe_level(state, holding.level) if holding.level else _("unimproved")


@handles(PositionDeed)
def position_deed(state: GameState, action: PositionDeed) -> Outcome:
    """The player holds the deed, with what stands on it (or mortgaged). Saying it again of the same player's deed
    replaces what was said; another player's deed is refused (one owner per deed)."""
    state = _open(state)
    index = active_player(state, action.player)
    name = state.players[index].name
    deed = state.deed(action.deed)
    old = state.holding(deed)
    hotel_level = state.hotel_level
    houses, hotel, mortgaged = action.houses, action.hotel, action.mortgaged
    if not isinstance(houses, int) or isinstance(houses, bool) or not isinstance(hotel, bool):
        said = _("the buildings on {deed} must be a number of houses or a hotel")
        raise RuleError(HOUSES, said.format(deed=deed.name))
    if not isinstance(mortgaged, bool):
        said = _("{deed} is mortgaged or not, not {value}")
        raise RuleError(MORTGAGES, said.format(deed=deed.name, value=repr(mortgaged)))
    if old.owner is not None and old.owner != index:
        said = _("{deed} is already {owner}'s (a deed has one owner); undo that line to give it to {player}")
        raise RuleError(DEEDS_RULE, said.format(deed=deed.name, owner=state.players[old.owner].name, player=name))
    if hotel and houses:
        raise RuleError(HOTELS, _("a lot holds a hotel or houses, not both ({deed})").format(deed=deed.name))
    if not 0 <= houses < hotel_level:
        most = hotel_level - 1
        said = _("{deed} can hold 0 to {most} houses, or a hotel, in {variant}; not {houses} houses")
        raise RuleError(
            HOTELS if most == 4 else state.variant.seeds,  # the short games' 3 houses: their own rule (rule 2)
            said.format(deed=deed.name, most=most, variant=_(state.variant.title), houses=houses),
        )
    level = hotel_level if hotel else houses
    if level and deed.kind is not SquareKind.STREET:
        raise RuleError(HOUSES, not_a_street(state.board, deed))
    if level and mortgaged:
        said = _("a mortgaged lot has no buildings: they are sold before it is mortgaged ({deed})")
        raise RuleError(MORTGAGES, said.format(deed=deed.name))
    _check_supply(state, deed.name, old, level)
    houses_back = 0 if old.level == hotel_level else old.level
    hotels_back = 1 if old.level == hotel_level else 0
    new = Holding(owner=index, mortgaged=mortgaged, level=level)
    deeds = list(state.deeds)
    deeds[deed.index] = new
    state = evolve(
        state,
        deeds=tuple(deeds),
        houses=state.houses + houses_back - (0 if hotel else houses),
        hotels=state.hotels + hotels_back - (1 if hotel else 0),
    )
    words = holding_words(state, new)
    said = _("Taken over from the board: {player} holds {deed}, {lot}").format(player=name, deed=deed.name, lot=words)
    return Outcome(state, _was(said, holding_words(state, old), words) if old.owner is not None else said)


def _check_supply(state: GameState, deed: str, old: Holding, level: int) -> None:
    """The bank's houses and hotels (seed 000, EQUIPMENT: 32 and 12; the edition's own supply) cover the lot,
    counting back what the line replaces."""
    board = state.board
    hotel_level = state.hotel_level
    if level == hotel_level:
        free = state.hotels + (1 if old.level == hotel_level else 0)
        if free < 1:
            said = _(
                "the game has {hotels} hotels and all of them stand on other lots already, so {deed} cannot have one; "
                "count the hotels on the board again"
            )
            raise RuleError(EQUIPMENT, said.format(hotels=board.hotels, deed=deed))
        return
    free = state.houses + (old.level if old.level < hotel_level else 0)
    if level > free:
        standing = board.houses - free
        said = _(
            "the game has {houses} houses and {standing} stand on other lots already, so {deed} cannot have {level} "
            "({total} in all); count the houses on the board again"
        )
        raise RuleError(
            EQUIPMENT,
            said.format(houses=board.houses, standing=standing, deed=deed, level=level, total=standing + level),
        )


@handles(PositionJailCard)
def position_jail_card(state: GameState, action: PositionJailCard) -> Outcome:
    """The player holds a Get Out of Jail Free card: out of its deck, held by one player only, and only where
    the game's deck has such a card (seed 000, "CHANCE" and "COMMUNITY CHEST")."""
    state = _open(state)
    index = active_player(state, action.player)
    name = state.players[index].name
    deck = deck_key(action.deck)
    title = _(DECK_TITLES[deck])
    cards = deck_cards(state.settings.cards, deck, state.board)
    if not any(c.kind is CardKind.JAIL_CARD for c in cards):
        said = _("this game's {deck} deck has no Get Out of Jail Free card")
        raise RuleError(JAIL_CARD_RULE, said.format(deck=title))
    holder = card_holder(state, deck)
    if holder is not None:
        if holder == index:
            said = _("the {deck} Get Out of Jail Free card already holds it: there is one, and it is out of its deck")
        else:
            said = _(
                "the {deck} Get Out of Jail Free card is held by {player}: there is one, and it is out of its deck"
            )
        raise RuleError(JAIL_CARD_RULE, said.format(deck=title, player=state.players[holder].name))
    state = state.with_player(index, jail_cards=(*state.players[index].jail_cards, deck))
    said = _("Taken over from the board: {player} holds the {deck} Get Out of Jail Free card")
    return Outcome(state, said.format(player=name, deck=title))


@handles(PositionJail)
def position_jail(state: GameState, action: PositionJail) -> Outcome:
    """The player is in jail, on their ``turn``-th turn there (seed 000, JAIL: up to three turns; seed 003, SHORT
    GAME rule 3: the next turn only). Their failed rolls so far are the turns before it, so the timer goes on as if
    every turn had been recorded: on the third turn a failed roll makes the fine due."""
    state = _open(state)
    index = active_player(state, action.player)
    name = state.players[index].name
    turn = action.turn
    most = 1 if state.variant.leaves_jail_next_turn else TURNS_IN_JAIL
    rule = NEXT_TURN_RULE if state.variant.leaves_jail_next_turn else JAIL_RULE
    if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= most:
        if most == 1:
            said = _("a player stays in jail for the next turn only in {variant}, not turn {turn}")
        else:
            said = _("a player stays in jail for turns 1 to {most} in {variant}, not turn {turn}")
        raise RuleError(rule, said.format(most=most, variant=_(state.variant.title), turn=repr(turn)))
    old = state.players[index].jail
    jail = Jail(since_turn=state.turn_no - 1, failed=turn - 1)
    state = state.with_player(index, jail=jail)
    if most == 1:
        said = _("Taken over from the board: {player} is in jail")
    else:
        said = _("Taken over from the board: {player} is in jail, on turn {turn} of {turns} there")
    said = said.format(player=name, turn=turn, turns=TURNS_IN_JAIL)
    if old is not None and old.failed != jail.failed:
        said = _("{said} (was: turn {turn})").format(said=said, turn=old.failed + 1)
    return Outcome(state, said)


@handles(PositionPot)
def position_pot(state: GameState, action: PositionPot) -> Outcome:
    """What lies in the Free Parking pot (a house rule); the bank pays in or takes back the difference."""
    state = _open(state)
    if not state.settings.house_rules.free_parking:
        raise RuleError(
            TAKEOVER_RULE, _("this game has no Free Parking pot (a house rule, chosen when the game is set up)")
        )
    amount = _amount(state, action.amount, pot=True)
    before = state.money(state.pot)
    state = evolve(state, pot=amount, bank=state.bank - (amount - state.pot))
    said = _("Taken over from the board: the Free Parking pot holds {amount}").format(amount=state.money(amount))
    return Outcome(state, _was(said, before, state.money(amount)))


@handles(PositionTurn)
def position_turn(state: GameState, action: PositionTurn) -> Outcome:
    """Whose turn it is when play goes on (the turn count stays: no turn was played)."""
    state = _open(state)
    index = active_player(state, action.player)
    state = evolve(state, turn=index)
    said = _("Taken over from the board: it is {player}'s turn")
    return Outcome(state, said.format(player=state.players[index].name))


def position_problems(state: GameState) -> tuple[RuleError, ...]:
    """What keeps the position from standing as a whole (module docstring): every colour group with buildings must
    be one owner's, unmortgaged, and built evenly (seed 000, HOUSES and MORTGAGES). Empty when it stands."""
    problems: list[RuleError] = []
    board = state.board
    for group in board.groups.values():
        lots = [board.deeds[i] for i in group.deeds]
        holdings = [state.deeds[d.index] for d in lots]
        built = [(d, h) for d, h in zip(lots, holdings, strict=True) if h.level]
        if not built:
            continue
        first, held = built[0]
        owner = held.owner
        assert owner is not None  # a lot with buildings is always held
        name = state.players[owner].name
        others = [
            (
                _("{deed} is the bank's").format(deed=d.name)
                if h.owner is None
                else _("{deed} is {owner}'s").format(deed=d.name, owner=state.players[h.owner].name)
            )
            for d, h in zip(lots, holdings, strict=True)
            if h.owner != owner
        ]
        if others:
            said = _(
                "{player}'s {deed} has {level}, but {others}: buildings stand only on a whole colour group of one owner"
            )
            problems.append(
                RuleError(
                    HOUSES,
                    said.format(
                        player=name,
                        deed=first.name,
                        level=describe_level(state, held.level),
                        others=", ".join(others),
                    ),
                )
            )
            continue
        title = _(group.title)
        mortgaged = [d.name for d, h in zip(lots, holdings, strict=True) if h.mortgaged]
        if mortgaged:
            said = ngettext(
                "the {group} group has buildings while {lots} is mortgaged",
                "the {group} group has buildings while {lots} are mortgaged",
                len(mortgaged),
            )
            problems.append(RuleError(MORTGAGES, said.format(group=title, lots=", ".join(mortgaged))))
            continue
        levels = [h.level for h in holdings]
        if max(levels) - min(levels) > 1:
            layout = ", ".join(
                f"{d.name} {describe_level(state, h.level)}" for d, h in zip(lots, holdings, strict=True)
            )
            said = _("the {group} group is built unevenly: {layout}")
            problems.append(RuleError(HOUSES, said.format(group=title, layout=layout)))
    return tuple(problems)


@before_play
def check_position(state: GameState) -> None:
    """Refuse the first move while the position taken over cannot stand, naming every fault (the rule of the
    first)."""
    problems = position_problems(state)
    if problems:
        said = "; ".join(p.message for p in problems)
        raise RuleError(
            problems[0].rule,
            _(
                "the position taken over from the board cannot stand: {problems}. Put it right with position lines "
                "(a line about a deed replaces what was said of it) or undo them; then play can begin"
            ).format(problems=said),
        )
