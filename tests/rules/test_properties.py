"""Property test: random games of every variant, random legal and illegal actions of every type.

After every action the invariants of docs/architecture.md must hold: money is conserved (seed 000, THE BANK: the
bank only moves money), buildings are conserved (seed 000, EQUIPMENT: 32 houses, 12 hotels), building stays even
within each group (seed 000, HOUSES), no balance is negative (seed 000, BANKRUPTCY), and a refused action raises
RuleError (never another exception) and leaves the state exactly as it was.
"""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import HouseRules, RuleError, Settings, apply, new_game
from rules.actions import (
    Auction,
    Bankrupt,
    Build,
    Buy,
    Card,
    Collect,
    Deal,
    DealRandom,
    End,
    Go,
    Items,
    JailAction,
    Mortgage,
    Next,
    Parking,
    Pay,
    Rent,
    Sell,
    ShortageAuction,
    Tax,
    Trade,
    Turn,
    Unmortgage,
)
from rules.cards import deck_cards
from rules.codec import state_to_dict
from rules.editions import load_board
from rules.variants import VARIANTS, find_variant
from tests.kit.conservation import conserved
from tests.kit.fuzz import examples

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
# A few groups, so that players often complete one and build; plus misspelt and unknown names.
DEEDS = (
    "Mediterranean Avenue",
    "Baltic Avenue",
    "Park Place",
    "Boardwalk",
    "Reading Railroad",
    "B&O Railroad",
    "Electric Company",
    "Water Works",
    "Oriental Avenue",
    "Vermont Avenue",
    "Connecticut Avenue",
    "Boardwak",
    "Nowhere Street",
)
CARDS = tuple(
    sorted(
        {
            c.id
            for style in ("classic", "2008")
            for deck in ("chance", "chest")
            for c in deck_cards(style, deck, load_board("us"))
        }
    )
) + ("lottery",)

players = st.sampled_from(NAMES[:3] * 4 + NAMES[3:] + ("Zed", "bank"))
deeds = st.sampled_from(DEEDS[:4] * 4 + DEEDS[4:])
amounts = st.one_of(st.integers(min_value=1, max_value=600), st.sampled_from([0, -5, 10**9]))
decks = st.sampled_from(("chance", "chest", "cc", "tarot"))
items = st.builds(
    Items,
    deeds=st.lists(deeds, max_size=2).map(tuple),
    cash=st.sampled_from([0, 0, 50, 300, -1]),
    jail_cards=st.lists(decks, max_size=1).map(tuple),
)

TARGETED_TRADE = st.builds(  # trades that often fit the prelude in games()
    Trade,
    st.just("Ann"),
    st.sampled_from(("Bob", "Cy")),
    st.builds(
        Items,
        deeds=st.sampled_from([("Mediterranean Avenue",), ("Baltic Avenue",), ()]),
        jail_cards=st.sampled_from([(), (), ("chance",)]),
    ),
    st.builds(
        Items,
        deeds=st.sampled_from([("Park Place",), ()]),
        cash=st.sampled_from([0, 100]),
        jail_cards=st.sampled_from([(), (), ("chest",)]),
    ),
    st.sampled_from([(), (), (), ("Mediterranean Avenue",), ("Park Place",)]),
)
COMMON = [
    st.builds(Buy, players, deeds),
    st.builds(Buy, players, deeds),
    st.builds(Auction, deeds, players, amounts),
    st.builds(Rent, players, deeds, st.one_of(st.none(), st.integers(2, 12)), st.booleans()),
    st.builds(Pay, players, amounts, st.one_of(st.none(), players), st.booleans()),
    st.builds(Collect, players, amounts, st.one_of(st.none(), players), st.booleans()),
    st.builds(Go, players, st.booleans()),
    st.builds(Build, players, deeds, st.integers(-1, 6)),
    st.builds(Build, players, deeds, st.integers(1, 3)),
    st.builds(Build, players, deeds, st.integers(1, 3)),
    st.builds(Sell, players, deeds, st.integers(-1, 6)),
    st.builds(ShortageAuction, players, deeds, st.integers(-1, 5), amounts, st.booleans()),
    st.builds(Mortgage, players, deeds),
    st.builds(Mortgage, players, deeds),
    st.builds(Unmortgage, players, deeds),
    st.builds(Tax, players, st.sampled_from(("income", "luxury", "water")), st.sampled_from(("", "200", "10%", "x"))),
    st.builds(Card, players, decks, st.sampled_from(CARDS)),
    st.sampled_from(("chance", "chest")).flatmap(
        lambda deck: st.builds(
            Card, players, st.just(deck), st.sampled_from([c.id for c in deck_cards("classic", deck, load_board("us"))])
        )
    ),
    st.builds(JailAction, players, st.sampled_from(("send", "doubles", "fine", "card", "miss", "dig")), decks),
    st.builds(Trade, players, players, items, items, st.lists(deeds, max_size=1).map(tuple)),
    TARGETED_TRADE,
    TARGETED_TRADE,
    TARGETED_TRADE,
    st.builds(Turn, players),
    st.builds(Next),
    st.builds(Next),
    st.builds(Deal, players, deeds),
    st.builds(DealRandom, st.integers(0, 1000)),
    st.builds(Parking, players),
]
RARE = [  # these end games, so they come up less often
    st.builds(Bankrupt, players, st.one_of(st.none(), players)),
    st.builds(End, st.sampled_from(("agreement", "time", "nap"))),
]
ACTIONS = st.sampled_from(COMMON * 6 + RARE).flatmap(lambda strategy: strategy)


@st.composite
def games(draw):
    variant = find_variant(draw(st.sampled_from(VARIANTS)))
    low, high = variant.min_players, min(variant.max_players, len(NAMES))
    count = draw(st.integers(low, high))
    house = HouseRules(
        free_parking=draw(st.booleans()),
        free_parking_start=draw(st.sampled_from([0, 500])),
        double_go=draw(st.booleans()),
        no_auctions=draw(st.booleans()),
    )
    state = new_game(
        list(NAMES[:count]),
        Settings(
            variant=variant.key,
            house_rules=house,
            luxury_tax=draw(st.sampled_from([0, 75])),
            cards=draw(st.sampled_from(("classic", "2008"))),
            time_limit_minutes=60 if variant.may_end_by_time else 0,
        ),
    )
    if draw(st.integers(0, 3)):
        # Mostly start with two complete groups owned, so building, mortgages and trades get exercised.
        for player, deed in (
            ("Ann", "Mediterranean Avenue"),
            ("Ann", "Baltic Avenue"),
            ("Bob", "Park Place"),
            ("Bob", "Boardwalk"),
        ):
            action = Buy(player, deed) if variant.buy_at_price else Auction(deed, player, 100)
            with contextlib.suppress(RuleError):  # e.g. Darrow's auctions with the no-auctions house rule
                state = apply(state, action).state
    return state


def check_invariants(state) -> None:
    assert conserved(state)
    assert all(p.cash >= 0 for p in state.players), "a negative balance"
    assert state.pot >= 0
    top = state.hotel_level
    assert all(0 <= h.level <= top for h in state.deeds)
    for group in state.board.groups.values():
        levels = [state.deeds[i].level for i in group.deeds]
        assert max(levels) - min(levels) <= 1, f"uneven building in {group.title}: {levels}"
        if any(levels):
            owners = {state.deeds[i].owner for i in group.deeds}
            assert len(owners) == 1 and None not in owners, f"buildings on a group not wholly owned: {group.title}"
    for deck in ("chance", "chest"):
        assert sum(p.jail_cards.count(deck) for p in state.players) <= 1, f"two {deck} jail cards"
    for i, p in enumerate(state.players):
        if p.bankrupt:
            assert p.cash == 0 and not state.owned_by(i) and not p.jail_cards


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.lists(ACTIONS, min_size=20, max_size=50))
def test_random_play_keeps_every_invariant(state, actions):
    check_invariants(state)
    for action in actions:
        before = state_to_dict(state)
        try:
            outcome = apply(state, action)
        except RuleError as e:
            assert e.message, "a refusal without a message"
            assert state_to_dict(state) == before, "a refused action changed the state"
            continue
        state = outcome.state
        assert outcome.summary
        check_invariants(state)
        for t in outcome.transfers:
            assert t.amount >= 0


@settings(max_examples=examples(20), deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000))
def test_random_deal_then_bankruptcies_keep_invariants(key, seed):
    """Deal at random (where the variant deals), then retire players one by one to each other or the bank."""

    variant = find_variant(key)
    state = new_game(
        list(NAMES[: variant.min_players + 1]),
        Settings(variant=key, time_limit_minutes=60 if variant.may_end_by_time else 0),
    )
    try:
        state = apply(state, DealRandom(seed)).state
    except RuleError:
        assert variant.deal_count == 0
    check_invariants(state)
    for i, p in enumerate(state.players[:-1]):
        if state.over:
            break
        creditor = None if seed % 2 else state.players[i + 1].name
        state = apply(state, Bankrupt(p.name, creditor)).state
        check_invariants(state)
    assert state.over or variant.end.value == "agreement"
