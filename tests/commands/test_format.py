"""``commands.format`` is the inverse of ``commands.parse`` (issue 14): the canonical line of any action, undo/redo
or question reads back as exactly that command, for awkward player names (accents, apostrophes, hyphens, digits,
other scripts), every deed of the built-in boards ("B. & O. Railroad", "Schloßallee") and amounts at their limits."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banker import commands
from banker.commands import VERB_ALIASES, VERB_NAMES, VERBS, Control, Query, parse
from rules.actions import (
    ACTION_TYPES,
    Auction,
    Bankrupt,
    Build,
    Buy,
    Card,
    Collect,
    Correction,
    Deal,
    DealRandom,
    End,
    EndReason,
    EndSideDeal,
    Go,
    Items,
    JailAction,
    JailWay,
    Mortgage,
    Next,
    Parking,
    Pay,
    PositionCash,
    PositionDeed,
    PositionJail,
    PositionJailCard,
    PositionPot,
    PositionTurn,
    Rent,
    Sell,
    ShortageAuction,
    SideDeal,
    Tax,
    TaxKind,
    Trade,
    Turn,
    Unmortgage,
)
from rules.cards import deck_cards
from rules.editions import find_edition
from rules.errors import RuleError
from rules.names import check_names
from rules.state import GameState, Settings, game_settings, new_game
from rules.words import MAX_AMOUNT, Deck, RentShare, TaxChoice
from tests.kit.fuzz import examples

NAME_CHARS = st.sampled_from(list("AaBbÉéøßĳЖжλ日本क़ि0129-'’"))


@st.composite
def games(draw: st.DrawFn) -> GameState:
    names = draw(st.lists(st.text(NAME_CHARS, min_size=1, max_size=20), min_size=2, max_size=4))
    try:
        names = check_names(names)
    except RuleError:
        names = ["Ann", "Anne", "Zoë", "O'Brien-2"][: len(names)]
    edition = draw(st.sampled_from(["us", "uk", "de-dm"]))
    cards = draw(st.sampled_from(find_edition(edition).decks))
    return new_game(names, Settings(edition=edition, cards=cards))


amounts = st.one_of(st.sampled_from([1, 9, 10, 999, 1_000, MAX_AMOUNT]), st.integers(1, MAX_AMOUNT))


def actions(state: GameState) -> dict[type, Callable[[], st.SearchStrategy]]:
    player = st.sampled_from([p.name for p in state.players])
    deed = st.sampled_from([d.name for d in state.board.deeds])
    two = st.lists(player, min_size=2, max_size=2, unique=True)
    decks = st.sampled_from(list(Deck))
    count = st.integers(1, 100)
    deeds = st.lists(deed, max_size=3, unique=True)
    items = st.builds(Items, deeds.map(tuple), st.one_of(st.just(0), amounts), st.lists(decks, max_size=2).map(tuple))
    other = st.one_of(st.none(), player)

    def money_move(cls, field):
        return (
            st.tuples(player, amounts, other, st.booleans())
            .filter(lambda t: t[2] != t[0])
            .map(lambda t: cls(t[0], t[1], **{field: None if t[3] else t[2]}, each=t[3]))
        )

    def trade(t):
        (first, second), give, get, lift = t
        return Trade(first, second, give, get, tuple(lift))

    def card(t):
        who, deck, i = t
        ids = [c.id for c in deck_cards(state.settings.cards, deck, state.board)]
        return Card(who, deck, ids[i % len(ids)])

    # Each kind's strategy is made only when that kind is drawn: making all of them for every example was most of
    # this property's time. (``st.deferred`` would not help: Hypothesis caches every strategy made from hashable
    # arguments, and each example's functions are new ones, so each was one more entry in its cache.)
    return {
        Deal: lambda: st.builds(Deal, player, deed),
        DealRandom: lambda: st.builds(DealRandom, st.integers(0, 10**12 - 1)),
        Buy: lambda: st.builds(Buy, player, deed),
        Auction: lambda: st.builds(Auction, deed, player, amounts),
        Rent: lambda: st.builds(Rent, player, deed, st.one_of(st.none(), st.integers(2, 12)), st.booleans()),
        Pay: lambda: money_move(Pay, "to"),
        Collect: lambda: money_move(Collect, "source"),
        Go: lambda: st.builds(Go, player, st.booleans()),
        Build: lambda: st.builds(Build, player, deed, count),
        Sell: lambda: st.builds(Sell, player, deed, count),
        ShortageAuction: lambda: st.builds(ShortageAuction, player, deed, count, amounts, st.booleans()),
        Mortgage: lambda: st.builds(Mortgage, player, deed),
        Unmortgage: lambda: st.builds(Unmortgage, player, deed),
        Tax: lambda: st.one_of(
            st.builds(Tax, player, st.just(TaxKind.LUXURY)),
            st.builds(Tax, player, st.just(TaxKind.INCOME), st.sampled_from(["", *TaxChoice])),
        ),
        Card: lambda: st.tuples(player, decks, st.integers(0, 16)).map(card),
        JailAction: lambda: st.one_of(
            st.builds(JailAction, player, st.sampled_from(list(JailWay))),
            st.builds(JailAction, player, st.just(JailWay.CARD), decks),
        ),
        Trade: lambda: (
            st.tuples(two, items, items, deeds).filter(lambda t: not (t[1].empty() and t[2].empty())).map(trade)
        ),
        Bankrupt: lambda: st.tuples(player, other).filter(lambda t: t[0] != t[1]).map(lambda t: Bankrupt(*t)),
        Parking: lambda: st.builds(Parking, player),
        Turn: lambda: st.builds(Turn, player),
        Next: lambda: st.just(Next()),
        End: lambda: st.builds(End, st.sampled_from(list(EndReason))),
        PositionCash: lambda: st.builds(PositionCash, player, st.one_of(st.just(0), amounts)),
        PositionDeed: lambda: st.one_of(
            st.builds(PositionDeed, player, deed, st.integers(0, 999)),
            st.builds(PositionDeed, player, deed, st.just(0), st.just(True)),
            st.builds(PositionDeed, player, deed, mortgaged=st.just(True)),
        ),
        PositionJailCard: lambda: st.builds(PositionJailCard, player, decks),
        PositionJail: lambda: st.builds(PositionJail, player, st.integers(0, 999)),
        PositionPot: lambda: st.builds(PositionPot, st.one_of(st.just(0), amounts)),
        PositionTurn: lambda: st.builds(PositionTurn, player),
        Correction: lambda: st.builds(
            Correction,
            player,
            st.one_of(amounts, amounts.map(lambda n: -n)),
            st.text(st.sampled_from(list("ab é-'")), min_size=1, max_size=80)
            .map(lambda t: " ".join(t.split()))
            .filter(bool),
        ),
        SideDeal: lambda: st.one_of(
            st.builds(SideDeal, player, st.sampled_from(list(RentShare)), deed, other, st.integers(0, 100)),
            st.builds(
                SideDeal,
                player,
                st.sampled_from(list(RentShare)),
                st.sampled_from([g.title for g in state.board.groups.values()]),
                other,
                until_go=player,
            ),
        ),
        EndSideDeal: lambda: st.builds(EndSideDeal, st.integers(1, 999_999)),
        Control: lambda: st.builds(
            Control, st.sampled_from(["undo", "redo"]), st.one_of(st.none(), st.integers(1, 10**18 - 1))
        ),
        Query: lambda: st.one_of(
            st.builds(Query, st.just("rent"), deed=deed, dice=st.one_of(st.none(), st.integers(2, 12))),
            st.builds(Query, st.sampled_from(["worth", "scores", "deals"])),
            st.builds(Query, st.sampled_from(["tax", "raise"]), player=player),
        ),
    }


@st.composite
def commands_of_every_kind(draw: st.DrawFn) -> tuple[GameState, object]:
    state = draw(games())
    makers = actions(state)
    kind = draw(st.sampled_from(sorted(makers, key=lambda t: t.__name__)))
    return state, draw(makers[kind]())


@settings(
    max_examples=examples(600), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(commands_of_every_kind())
def test_parse_reads_back_what_format_writes(case):
    state, command = case
    line = commands.format(command, state.board)
    assert parse(line, state) == command, line
    assert commands.format(parse(line, state), state.board) == line


def test_every_verb_has_a_writer_and_a_strategy():
    state = new_game(["Ann", "Bob"])
    written = set(actions(state))
    assert set(ACTION_TYPES.values()) | {Control, Query} == written
    verbs = {cls.verb for cls in ACTION_TYPES.values() if not cls.verb.startswith(("position_", "deal_", "side_"))}
    verbs |= {"undo", "redo", "show", "new", "position"}  # one verb writes the set-up lines (rules.position)
    # and `side` writes `side end` too
    assert set(VERB_NAMES) == verbs and set(VERB_ALIASES.values()) <= verbs
    for cls in written:
        assert commands.verbs.writer_of(cls) is not None


def test_each_command_type_has_one_writer_and_each_verb_one_record():
    writers: dict[type, set[object]] = {}
    for v in VERBS:
        for kind, write in v.writes.items():
            writers.setdefault(kind, set()).add(write)
    assert {kind: len(found) for kind, found in writers.items() if len(found) > 1} == {}
    assert len(VERB_NAMES) == len(set(VERB_NAMES))
    spellings = [*VERB_NAMES, *VERB_ALIASES]
    assert len(spellings) == len(set(spellings))


def test_a_refusal_quotes_the_verbs_shape_from_the_table():
    state = new_game(["Ann", "Bob"])
    for v in VERBS:
        if v.name in ("next", "undo", "redo", "end"):
            continue  # these take nothing or optional words only
        with pytest.raises(commands.CommandError) as refused:
            parse(v.name, state)
        assert refused.value.message.endswith(f"expected: {v.shape}"), v.name


def test_format_writes_the_canonical_words():
    state = new_game(["Ann", "Bob"])
    assert commands.format(parse("jail ann pay", state)) == "jail Ann fine"
    assert commands.format(parse("tax a super", state)) == "tax Ann luxury"
    assert commands.format(parse("tax ann inc flat", state), state.board) == "tax Ann income 200"
    assert commands.format(parse("end agreed", state)) == "end"
    assert commands.format(parse("lift b boardwalk", state)) == "unmortgage Bob Boardwalk"
    assert commands.format(parse("rent bob b&o dice 7 card", state)) == "rent Bob B. & O. Railroad dice 7 card"
    assert commands.format(parse("pay ann $1,500 to all", state)) == "pay Ann 1500 to each"
    assert (
        commands.format(parse("trade ann bob give boardwalk and 20 get cc jail card lift park place", state))
        == "trade Ann Bob give Boardwalk, 20 get chest-jail-card lift Park Place"
    )


@pytest.mark.parametrize(
    ("edition", "typed", "written"),
    [
        ("us", "tax ann income 200", "tax Ann income 200"),
        ("us", "tax ann income $200", "tax Ann income 200"),
        ("de-dm", "tax ann income flat", "tax Ann income 4000"),
        ("de-dm", "tax ann income 4000", "tax Ann income 4000"),
        ("de-dm", "tax ann income 4.000", "tax Ann income 4000"),
        ("de-dm", "tax ann income 4.000DM", "tax Ann income 4000"),
        ("de-dm", "tax ann income 4.000 DM", "tax Ann income 4000"),
        ("de-dm", "tax ann income 10%", "tax Ann income 10%"),
    ],
)
def test_the_flat_income_tax_is_typed_and_written_as_the_board_prints_it(edition, typed, written):
    """Issue 36: the flat Income Tax is the board's own figure (4.000 DM on the Deutsche Mark board), typed as
    that figure (with the board's sign and separator, or not) or ``flat``, and the canonical line, which the dialogs
    and phones journal, names it; the journal's JSON keeps the one word ``200`` for the flat choice."""
    from rules.codec import action_to_dict

    state = new_game(["Ann", "Bob"], game_settings(edition=edition))
    command = parse(typed, state)
    assert commands.format(command, state.board) == written
    if command.option == TaxChoice.FLAT:
        assert action_to_dict(command)["option"] == "200"


@pytest.mark.parametrize(
    ("typed", "refusal"),
    [
        (
            "tax ann income 200",
            "200 DM is not an income-tax choice: the flat Income Tax on the Deutschland (DM) board "
            "is 4.000 DM (type 4000 or flat), else 10%",
        ),
        ("tax ann income 4001", "4.001 DM is not an income-tax choice"),
        ("tax ann income vier", '"vier" is not an income-tax choice: 4000 (or flat) or 10%'),
    ],
)
def test_a_figure_that_is_not_the_boards_flat_tax_is_refused_naming_it(typed, refusal):
    """Issue 36 (docs/rulings.md, "The flat Income Tax"): ``200`` typed on a board whose flat tax is 4.000 DM is
    refused with the board's figure, never recorded as 4.000 DM under a line that says 200."""
    state = new_game(["Ann", "Bob"], game_settings(edition="de-dm"))
    with pytest.raises(commands.CommandError) as refused:
        parse(typed, state)
    assert refusal in refused.value.message
