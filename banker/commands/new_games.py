"""Reading a ``new`` line (variant, players and the house options) into the game's names and settings, checked
by starting the game in memory. Apart from the verb readers because the CLI and the new-game screen read these
lines without a game to read them against."""

from __future__ import annotations

from banker.commands.amounts import parse_amount, strip_sign
from banker.commands.kinds import CommandError, NewGame
from banker.commands.lines import check_line, strip_comment
from banker.commands.words import or_list
from rules.board import Board
from rules.editions import EditionDataError, built_in, edition_keys, find_edition, is_edition_file, load_edition_file
from rules.errors import RuleError
from rules.i18n import _
from rules.options import OPTIONS, Option, follower
from rules.state import Settings, game_settings, new_game

# i18n-exempt: the English shape, the verb table's; new_shape() is what a person reads
NEW_SHAPE = f"new <variant> <player> <player>... [edition {'|'.join(b.edition for b in built_in())}]"
"""How a ``new`` line is typed (the verb table's shape for ``new``)."""


def new_shape() -> str:
    """:data:`NEW_SHAPE` as the language answering here writes it."""
    editions = "|".join(b.edition for b in built_in())
    return _("new <variant> <player> <player>... [edition {editions}]").format(editions=editions)


def parse_new(line: str) -> tuple[list[str], Settings]:
    """Read a ``new <variant> <player>... [edition <key>] [cards <deck>] [minutes N] [free-parking [N]] [double-go]
    [no-auctions] [luxury-tax N]`` line and check it by starting the game in memory (so a bad name or player
    count is refused here, with the rule book's reason)."""
    text = strip_comment(check_line(line))
    words = text.split()
    if not words or words[0].casefold() != "new":
        raise CommandError(_("a game starts with a new line: {shape}").format(shape=new_shape()))
    game = parse_new_words(words[1:])
    return list(game.names), game.settings


def parse_new_words(args: list[str]) -> NewGame:
    if len(args) < 2:
        raise CommandError(_("name a variant and the players; expected: {shape}").format(shape=new_shape()))
    variant = args[0]
    names: list[str] = []
    edition, cards = "us", ""
    options: dict[str, bool | int] = {}
    named = [args[j + 1] for j in range(1, len(args) - 1) if args[j].casefold() in ("edition", "--edition")]
    board: Board | None
    if named and is_edition_file(named[-1]):  # `edition springfield.toml`: checked as banker new --edition FILE is
        try:
            board = load_edition_file(named[-1])
        except EditionDataError as e:
            raise CommandError(str(e)) from None
    else:
        try:  # the amounts are read in the money of the edition named, wherever in the line it is
            board = find_edition(named[-1]) if named else find_edition(edition)
        except RuleError:
            board = None  # refused below, with the reason, when the game is started
    words = {w: o for o in OPTIONS if o.word for w in (o.word, o.flag)}
    i = 1
    while i < len(args):
        w = args[i].casefold()
        nxt = args[i + 1] if i + 1 < len(args) else None
        option = words.get(w)
        if w in ("edition", "--edition"):
            if nxt is None:
                raise CommandError(_("edition needs one of {editions}").format(editions=", ".join(edition_keys())))
            edition, i = (board.edition if board and is_edition_file(nxt) else nxt.casefold()), i + 2
        elif w in ("cards", "--cards"):  # one of the edition's decks (the card texts), checked when the game starts
            if nxt is None:
                decks = board.decks if board is not None else ("classic", "2008")
                raise CommandError(_("cards needs {decks} (the card texts)").format(decks=or_list(list(decks))))
            cards, i = nxt.casefold(), i + 2
        elif option is None:
            names.append(args[i])
            i += 1
        elif option.kind is bool:
            options[option.key], i = True, i + 1
            after = follower(option)  # free-parking [N]
            sep = board.thousands if board is not None else ","
            if after is not None and nxt is not None and strip_sign(nxt, board).replace(sep, "").isdigit():
                options[after.key], i = _number(after, nxt, board), i + 1
        else:
            if nxt is None:
                raise CommandError(
                    _("{option} needs {expected}").format(option=option.word, expected=_expected(option))
                )
            options[option.key], i = _number(option, nxt, board), i + 2
    settings = game_settings(variant, edition, cards=cards, **options)
    state = new_game(names, settings)  # raises RuleError with the reason if the game cannot start
    return NewGame(tuple(p.name for p in state.players), state.settings)


def _expected(option: Option) -> str:
    return or_list([str(c) for c in option.choices]) if option.choices else _("a number")


def _number(option: Option, word: str, board: Board | None) -> int:
    """An option's number as typed (an amount in the edition's money, or a count); its range is the settings
    check's (:func:`rules.limits.check_settings`), but a figure that must be one of a few (in the edition's money:
    ``Option.on_board``) is refused here."""
    if board is not None:
        option = option.on_board(board.scaled)
    if option.choices:
        try:
            figure: int | None = parse_amount(word, option.what, board=board if option.money else None)
        except CommandError:
            figure = None
        if figure is None or figure not in option.choices:
            raise CommandError(_("{option} is {expected}").format(option=option.word, expected=_expected(option)))
        return figure
    return parse_amount(
        word, option.what, zero=option.off == 0 or option.least == 0, board=board if option.money else None
    )
