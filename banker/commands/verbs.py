"""The verb table: one record per verb of the command language, and the two directions through it.

Each :class:`Verb` holds everything about one verb in one place: how it is typed (``shape``, the text every "expected:"
message quotes), its short spellings, the reader that turns its words into a typed command, the command types it
writes back and the writer that does it, and its help (an example the parser reads and what it records). The parser
(:func:`parse`), the writer (:func:`format`), the help screen and docs (``banker.commands.help``), the completion
and the dialogs' forms all read this table, so a new verb is one record here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from banker.commands.kinds import Command, CommandError, Control, ControlKind, Query
from banker.commands.lines import check_line, strip_comment
from banker.commands.new_games import NEW_SHAPE
from banker.commands.reading import (
    _auction,
    _bankrupt,
    _bare,
    _build_sell,
    _card,
    _control,
    _correct,
    _deal,
    _end,
    _go,
    _jail,
    _money_move,
    _new,
    _one_player,
    _player_deed,
    _position,
    _rent,
    _shortage,
    _show,
    _side,
    _tax,
    _trade,
)
from banker.commands.reading import (
    _Line as Line,
)
from banker.commands.words import closed_word, figure_word
from banker.commands.writing import (
    _count,
    _money_words,
    _position_deed_words,
    _query_words,
    _side_words,
    _trade_words,
    write_control,
)
from rules.actions import (
    Action,
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
    Trade,
    Turn,
    Unmortgage,
)
from rules.board import Board
from rules.names import shown
from rules.state import GameState

Writer = Callable[[Any], list[str]]
"""A command's words in order (empty words are dropped when they are joined)."""


@dataclass(frozen=True)
class Verb:
    """One verb of the command language."""

    name: str
    shape: str
    """How to type it: the help's command column and the tail of every refusal of its shape ("expected: ...")."""
    read: Callable[[Line], Command]
    """Its words (after the verb) -> the typed command; raises :class:`CommandError` naming the shape."""
    writes: Mapping[type, Writer]
    """The command types it writes (an action type, :class:`Query`, :class:`Control`) and how: the canonical
    words, the inverse of :attr:`read`."""
    example: str
    """A line the parser reads (tests/tui/test_help.py parses every one)."""
    meaning: str
    """What it records, in one sentence (the help screen and docs/app.md)."""
    aliases: tuple[str, ...] = ()
    """Other spellings of the verb typed in full ("lift" for unmortgage); a unique prefix of a verb works too."""
    at_the_table: bool = True
    """Typed at the table (False for ``new``: the CLI and the new-game screen read it)."""
    free_from: int | None = None
    """The word (after the verb) from which the rest of the line is free text in the banker's words (a correction's
    reason), where brackets and the like are words as any other; None: every word is one of the language's."""


def _player_deed_words(verb: str) -> Writer:
    return lambda a: [verb, a.player, a.deed]


VERBS: tuple[Verb, ...] = (
    Verb(
        "rent",
        "rent <payer> <deed> [dice <n>] [card]",
        _rent,
        {
            Rent: lambda a: [
                "rent",
                a.payer,
                a.deed,
                *(["dice", str(a.dice)] if a.dice is not None else []),
                "card" if a.card else "",
            ]
        },
        "rent bob boardwalk",
        "The payer landed on a deed; the owner collects the rent the deed, set and buildings call for.",
    ),
    Verb(
        "buy",
        "buy <player> <deed>",
        _player_deed(Buy),
        {Buy: _player_deed_words("buy")},
        "buy ann park place",
        "The lander buys a bank-held deed at its price.",
        aliases=("b",),
    ),
    Verb(
        "auction",
        "auction <deed> <player> <amount>",
        _auction,
        {Auction: lambda a: ["auction", a.deed, a.player, str(a.amount)]},
        "auction boardwalk bob 420",
        "A bank-held deed was auctioned; the winner pays the bid.",
        aliases=("auc",),
    ),
    Verb(
        "pay",
        "pay <player> <amount> [to <player>|to each]",
        lambda c: _money_move(c, Pay, "to"),
        {Pay: lambda a: _money_words("pay", "to", a.player, a.amount, a.to, a.each)},
        "pay ann 50 to each",
        "A payment to the bank, to a player, or to every other player.",
    ),
    Verb(
        "collect",
        "collect <player> <amount> [from <player>|from each]",
        lambda c: _money_move(c, Collect, "from"),
        {Collect: lambda a: _money_words("collect", "from", a.player, a.amount, a.source, a.each)},
        "collect bob 10 from each",
        "Money received from the bank, a player, or every other player.",
    ),
    Verb(
        "go",
        "go <player> [exact]",
        _go,
        {Go: lambda a: ["go", a.player, "exact" if a.exact else ""]},
        "go ann",
        "Salary for passing GO.",
        aliases=("salary",),
    ),
    Verb(
        "build",
        "build <player> <deed|group> [<count>]",
        _build_sell(Build),
        {Build: lambda a: ["build", a.player, a.deed, _count(a.count)]},
        "build ann boardwalk 2",
        "Buy houses (or the hotel) from the bank, evenly across the set: one goes on the lot named, a count or the"
        " group's name (orange) starts where it may.",
        aliases=("houses",),
    ),
    Verb(
        "sell",
        "sell <player> <deed|group> [<count>]",
        _build_sell(Sell),
        {Sell: lambda a: ["sell", a.player, a.deed, _count(a.count)]},
        "sell ann boardwalk",
        "Sell buildings back at half price, evenly (the group's name starts on its highest lot).",
    ),
    Verb(
        "shortage",
        "shortage <player> <deed|group> <count> [houses|hotels] <amount>",
        _shortage,
        {
            ShortageAuction: lambda a: [
                "shortage",
                a.player,
                a.deed,
                str(a.count),
                "hotels" if a.hotel else "houses",
                str(a.amount),
            ]
        },
        "shortage ann boardwalk hotel 250",
        "Houses or hotels auctioned in a building shortage (seed 000, BUILDING SHORTAGE: two or more players want"
        " more than the bank has): the winner pays the bid.",
    ),
    Verb(
        "mortgage",
        "mortgage <player> <deed>",
        _player_deed(Mortgage),
        {Mortgage: _player_deed_words("mortgage")},
        "mortgage bob reading",
        "Mortgage an unimproved deed.",
    ),
    Verb(
        "unmortgage",
        "unmortgage <player> <deed>",
        _player_deed(Unmortgage),
        {Unmortgage: _player_deed_words("unmortgage")},
        "unmortgage bob reading",
        "Lift a mortgage: the mortgage value plus 10% interest.",
        aliases=("lift", "unmort"),
    ),
    Verb(
        "tax",
        "tax <player> income [flat|10%]  or  tax <player> luxury",
        _tax,
        {Tax: lambda a: ["tax", a.player, a.kind, a.option]},
        "tax ann income 10%",
        "Income tax: flat (the board's figure, which may be typed instead: 200 on the US board) or 10%, chosen "
        "before adding up; or luxury tax.",
    ),
    Verb(
        "card",
        "card <player> [chance|chest] <card>",
        _card,
        {Card: lambda a: ["card", a.player, a.deck, a.card]},
        "card bob street repairs",
        "A Chance or Community Chest card's money effect (without the deck: the one deck with such a card).",
    ),
    Verb(
        "jail",
        "jail <player> [fine|card|doubles|miss]",
        _jail,
        {JailAction: lambda a: ["jail", a.player, "" if a.how == JailWay.SEND and not a.deck else a.how, a.deck]},
        "jail bob fine",
        "Send to jail, or record how the player leaves (or fails to).",
    ),
    Verb(
        "trade",
        "trade <player> <player> give <items> get <items> [lift <deeds>]",
        _trade,
        {Trade: _trade_words},
        "trade ann bob give boardwalk get 300",
        "A trade between two players: deeds, cash and Get Out of Jail Free cards.",
    ),
    Verb(
        "bankrupt",
        "bankrupt <player> to <player>|bank",
        _bankrupt,
        {Bankrupt: lambda a: ["bankrupt", a.player, "to", a.creditor if a.creditor is not None else "bank"]},
        "bankrupt bob to ann",
        "The player cannot pay; everything goes to the creditor.",
        aliases=("bankruptcy",),
    ),
    Verb(
        "deal",
        "deal <player> <deed>  or  deal random [<seed>]",
        _deal,
        {Deal: _player_deed_words("deal"), DealRandom: lambda a: ["deal", "random", str(a.seed)]},
        "deal random 7",
        "The deal at the start of a short or time-limit game.",
    ),
    Verb(
        "position",
        "position <player> cash <amount> | position <player> owns <deed> [<n> houses|hotel|mortgaged]"
        " | position <player> jail card chance|chest | position <player> in jail [<turn>]"
        " | position pot <amount> | position turn <player>",
        _position,
        {
            PositionCash: lambda a: ["position", a.player, "cash", str(a.amount)],
            PositionDeed: _position_deed_words,
            PositionJailCard: lambda a: ["position", a.player, "jail", "card", a.deck],
            PositionJail: lambda a: ["position", a.player, "in", "jail", str(a.turn)],
            PositionPot: lambda a: ["position", "pot", str(a.amount)],
            PositionTurn: lambda a: ["position", "turn", a.player],
        },
        "position ann owns boardwalk 2 houses",
        "A game taken over from the board: before the first move, the position on the table, one fact a line"
        " (a later line about the same thing replaces it); play begins once the whole position stands.",
        aliases=("pos",),
    ),
    Verb(
        "correct",
        "correct <player> <amount> <reason>",
        _correct,
        {Correction: lambda a: ["correct", a.player, f"{a.amount:+d}", a.reason]},
        "correct ann -50 change given twice",
        "Put a mistake right: money between a player and the bank (-50: the player gives it back), recorded as a"
        " correction with its reason, never as rent or a payment.",
        aliases=("correction",),
        free_from=2,
    ),
    Verb(
        "side",
        "side <owner> no|half rent <deed|group> [from <player>|from each] [for <n> turns|until <player> passes go]"
        " | side end <n>",
        _side,
        {SideDeal: _side_words, EndSideDeal: lambda a: ["side", "end", str(a.number)]},
        "side ann no rent orange from bob for 3 turns",
        "A side deal the players made about rent, with its end (some turns, a player's next GO, or `side end 1`):"
        " the rent dialog and the phones remind the banker while it applies; no money moves by it.",
        aliases=("sidedeal",),
    ),
    Verb(
        "parking",
        "parking <player>",
        _one_player(Parking),
        {Parking: lambda a: ["parking", a.player]},
        "parking ann",
        "Collect the Free Parking pot (house rule).",
        aliases=("fp",),
    ),
    Verb(
        "turn",
        "turn <player>",
        _one_player(Turn),
        {Turn: lambda a: ["turn", a.player]},
        "turn bob",
        "Say whose turn it is.",
    ),
    Verb(
        "next",
        "next",
        _bare(Next),
        {Next: lambda a: ["next"]},
        "next",
        "Pass the turn to the next player still in the game.",
    ),
    Verb(
        "undo",
        "undo [to <entry>]",
        lambda c: _control(c, ControlKind.UNDO),
        {Control: write_control},
        "undo",
        "Undo the last action (the journal keeps it, struck through); `undo to 12`: everything after entry 12, in"
        " one step (Shift+U on the table picks the entry).",
    ),
    Verb(
        "redo",
        "redo [to <entry>]",
        lambda c: _control(c, ControlKind.REDO),
        {Control: write_control},
        "redo",
        "Redo what was just undone; `redo to 12`: up to entry 12 again.",
    ),
    Verb(
        "end",
        "end [time]",
        _end,
        {End: lambda a: ["end", "time" if a.reason == EndReason.TIME else ""]},
        "end",
        "End the game now (time: the time-limit game's deadline).",
    ),
    Verb(
        "show",
        "show rent <deed> [dice <n>] | show deed <deed> | show count <houses> <hotels> [<group>]"
        " | show worth | show tax <player> | show raise <player> | show scores | show deals",
        _show,
        {Query: _query_words},
        "show deed boardwalk",
        "Ask without changing anything (`show deed`: the whole title deed and who holds it; `show count 10 2`:"
        " check the houses and hotels counted on the board, or `show count 4 0 dark blue` on one group; `show deals`:"
        " the side deals made, by number, and whether each stands).",
        aliases=("?", "query"),
    ),
    Verb(
        "new",
        NEW_SHAPE,
        _new,
        {},
        "new standard ann bob",
        "Start a game (the CLI's `banker new` and the new-game screen).",
        at_the_table=False,
    ),
)

VERB: dict[str, Verb] = {v.name: v for v in VERBS}
"""Each verb's record by its name."""
VERB_NAMES: tuple[str, ...] = tuple(VERB)
VERB_ALIASES: dict[str, str] = {alias: v.name for v in VERBS for alias in v.aliases}
"""Other spellings of a verb typed in full -> the verb."""
_WRITER: dict[type, Writer] = {kind: write for v in VERBS for kind, write in v.writes.items()}


def verb_named(word: str) -> Verb | None:
    """The verb ``word`` means: an alias, the verb's name, or a unique prefix of one (None if nothing matches; a
    :class:`CommandError` naming the choices if several do)."""
    name = VERB_ALIASES.get(word.casefold()) or closed_word(word, {v: v for v in VERB})
    return VERB.get(name or "")


def parse(line: str, state: GameState) -> Command:
    """Read one command line against ``state``. Raises :class:`~rules.errors.RuleError` (usually
    :class:`CommandError` or :class:`~rules.errors.UnknownName`) with a clear message for anything it cannot read."""
    check_line(line)
    text = strip_comment(line)
    if not text:
        raise CommandError("nothing to do: the line is empty or only a comment")
    words = _signs_joined(text.split(), state)
    verb = verb_named(words[0])
    if verb is None:
        raise CommandError(f'unknown command "{shown(words[0])}"; commands are {", ".join(sorted(VERB))}')
    _no_stray_brackets(" ".join(words[: None if verb.free_from is None else 1 + verb.free_from]), state)
    return verb.read(Line(verb.name, words[1:], state, verb.shape))


BRACKETS = "[]{}<>"
"""Characters no word, amount or name of the language holds (a name of a custom board may: then it is read)."""


def _no_stray_brackets(text: str, state: GameState) -> None:
    """Refuse a bracket no name of the game holds: the name readers skip punctuation (so "b. & o." finds B. & O.
    Railroad), and ``rent bob boardwalk [/]`` was recorded as if the ``[/]`` were not there (found in issue 20's
    game-night review; ``[x]`` was refused only for its letter). A stray bracket is markup pasted or a slip, and
    a careful banker would want to look again. A verb's free text (a correction's reason) is not looked at: there a
    bracket is a word of the banker's own (issue 30)."""
    stray = next((c for c in text if c in BRACKETS), None)
    if stray is None:
        return
    names = [p.name for p in state.players] + [d.name for d in state.board.deeds]
    if not any(stray in name for name in names):
        raise CommandError(f'"{stray}" is in no command, amount or name ("{shown(text)}"); nothing was recorded')


def _signs_joined(words: list[str], state: GameState) -> list[str]:
    """``12 €`` typed as the edition prints it (the sign after the figure, spaced: ``rules.board.format_money``) is
    one amount: a currency sign standing alone after a figure joins it (found in review: ``pay lisa 12 €`` was
    refused, though every screen writes amounts so)."""
    board = state.board
    if not board.currency_after:
        return words
    out: list[str] = []
    for word in words:
        if word == board.currency and out and out[-1][-1:].isdigit():
            out[-1] += word
        else:
            out.append(word)
    return out


def format(command: Action | Query | Control, board: Board | None = None) -> str:  # noqa: A001 - parse's pair
    """The canonical command line for ``command`` on ``board`` (the game's), the inverse of :func:`parse`:
    ``parse(format(a, state.board), state) == a`` for every action the language can express against a state holding
    its players and deeds. Players and deeds are written as named (a deed's printed name), closed words in full and
    amounts as plain figures, a word standing for one of the board's figures as that figure (the flat Income Tax:
    ``tax Ann income 4000`` on the Deutsche Mark board; ``200`` without a board), so the journal reads the same
    whichever way the banker entered the command (typed, or through a dialog)."""
    writer = _WRITER.get(type(command))
    if writer is None:
        raise TypeError(f"the command language has no line for {type(command).__name__}")
    return " ".join(figure_word(w, board) for w in writer(command) if w)


def writer_of(kind: type) -> Writer | None:
    """The writer of a command type (None if no verb writes it)."""
    return _WRITER.get(kind)
