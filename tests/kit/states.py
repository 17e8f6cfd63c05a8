"""Any game state the engine could hold, as a Hypothesis strategy: every variant and edition, house rules, the rules
of a game created now or before (``Settings.rules_version``), deeds held whole or split or by the bank, even building
up to hotels (from the bank's stock), mortgages, cash, jail timers and Get Out of Jail Free cards, turns passed on, a
bankrupt player, the Free Parking pot, before or after the deal, now and then a game that is over. Money, buildings
and deeds are conserved as the engine keeps them (``tests.kit.conservation``); the bank's stock is now and then cut
short, as ``tests.kit.games.game(bank_houses=...)`` does, the missing buildings standing elsewhere as far as a test
is concerned.

Built for the precondition property (``tests/rules/test_preconditions.py``): it leans towards states where rules
bite (whole colour groups with buildings, little cash, a short bank)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from rules import GameState, HouseRules, Settings, new_game
from rules.editions import find_edition
from rules.state import Jail
from rules.variants import VARIANTS, find_variant
from rules.words import Deck, RulesVersion
from tests.kit.games import NAMES, own, set_cash

EDITIONS = ("us", "uk")


@st.composite
def game_states(draw: st.DrawFn, *, ended: int = 25, retired: int = 4, dealing: int = 5) -> GameState:
    """One state; see the module docstring. About one state in ``ended`` is a game that is over, one in ``retired``
    (of three players or more) has players who went bankrupt, and one in ``dealing`` is still being dealt."""
    variant = find_variant(draw(st.sampled_from(VARIANTS)))
    edition = draw(st.sampled_from(EDITIONS))
    count = draw(st.integers(max(2, variant.min_players), min(variant.max_players, len(NAMES))))
    free_parking = draw(st.booleans())
    house_rules = HouseRules(
        free_parking=free_parking,
        free_parking_start=draw(st.sampled_from((0, 500))) if free_parking else 0,
        double_go=draw(st.booleans()),
        no_auctions=draw(st.booleans()),
    )
    settings = Settings(
        variant=variant.key,
        edition=edition,
        house_rules=house_rules,
        cards=draw(st.sampled_from(find_edition(edition).decks)),
        luxury_tax=draw(st.sampled_from((0, 75, 100))),
        time_limit_minutes=60 if variant.may_end_by_time else 0,
        rules_version=draw(st.sampled_from(RulesVersion)),
    )
    state = new_game(list(NAMES[:count]), settings)
    out = set()
    if count > 2 and draw(st.integers(1, retired)) == 1:
        out = draw(st.sets(st.integers(0, count - 1), min_size=1, max_size=count - 2))
    active = [i for i in range(count) if i not in out]
    state = _deeds(draw, state, active)
    for i in active:
        state = set_cash(state, i, draw(st.one_of(st.integers(0, 400), st.integers(0, 4000))))
    for i in sorted(out):  # retired with nothing (seed 000, BANKRUPTCY), in the order they went out
        state = set_cash(state, i, 0)
        state = state.with_player(i, bankrupt=True, out_order=state.bankruptcies + 1)
        state = replace(state, bankruptcies=state.bankruptcies + 1)
    turn_no = draw(st.integers(1, 12))
    state = replace(state, turn=draw(st.sampled_from(active)), turn_no=turn_no)
    if settings.enforces(RulesVersion.RENT_DEADLINE):  # turns passed on by `next` or `turn`, as such a game keeps them
        for i in draw(st.sets(st.sampled_from(active), max_size=len(active))):
            state = state.with_player(i, played=draw(st.integers(0, turn_no - 1)))
    for i in draw(st.sets(st.sampled_from(active), max_size=2)):
        since = draw(st.integers(0, turn_no))
        failed = draw(st.integers(0, 2))
        last = draw(st.sampled_from((-1, since, turn_no)))
        state = state.with_player(i, jail=Jail(since_turn=since, failed=failed, last_turn=last))
    for deck in Deck:
        holder = draw(st.sampled_from([None, None, *active]))
        if holder is not None:
            state = state.with_player(holder, jail_cards=(*state.players[holder].jail_cards, deck))
    if free_parking:
        extra = draw(st.sampled_from((0, 0, 35, 400)))
        state = replace(state, pot=state.pot + extra, bank=state.bank - extra)
    if draw(st.integers(0, 3)) == 0:
        state = replace(state, houses=draw(st.integers(0, state.houses)))
    if draw(st.integers(0, 3)) == 0:
        state = replace(state, hotels=draw(st.integers(0, state.hotels)))
    started = draw(st.integers(1, dealing)) != 1
    over = started and draw(st.integers(1, ended)) == 1
    return replace(state, started=started, over=over, end_reason="by agreement" if over else "")


class _Choices:
    """Small choices read off one drawn integer, each ``pick(n)`` a number below ``n``. A group's deeds take one
    Hypothesis draw instead of one per choice: the draws, not the engine, were most of a state's cost (issue 33), and
    this property does not need Hypothesis to shrink a group's choices one by one (0, the smallest, is "the bank holds
    the group")."""

    BITS = 64

    def __init__(self, draw: st.DrawFn) -> None:
        self.left = draw(st.integers(0, 2**self.BITS - 1))

    def pick(self, n: int) -> int:
        self.left, choice = divmod(self.left, n)
        return choice


def _deeds(draw: st.DrawFn, state: GameState, active: list[int]) -> GameState:
    """Each group held by the bank, by one player (streets evenly built, or some lots mortgaged), or split."""
    board = state.board
    top = state.hotel_level
    for group in board.groups.values():
        lots = [board.deeds[i] for i in group.deeds]
        choose = _Choices(draw)
        how = ("bank", "whole", "whole", "whole", "split")[choose.pick(5)]
        if how == "bank":
            continue
        if how == "split":
            for d in lots:
                owner = [None, *active][choose.pick(len(active) + 1)]
                if owner is not None:
                    state = own(state, owner, d.name, mortgaged=bool(choose.pick(2)))
            continue
        owner = active[choose.pick(len(active))]
        base = choose.pick(top + 1) if lots[0].is_street and choose.pick(2) else 0
        levels = [min(top, base + choose.pick(2)) if base else 0 for _ in lots]
        houses = sum(lv for lv in levels if lv < top)
        hotels = sum(1 for lv in levels if lv == top)
        if houses > state.houses or hotels > state.hotels:
            levels = [0] * len(lots)
        built = any(levels)
        for d, level in zip(lots, levels, strict=True):
            state = own(state, owner, d.name, level, mortgaged=not built and choose.pick(4) == 0)
    return state
