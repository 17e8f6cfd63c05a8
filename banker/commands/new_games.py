"""Reading a ``new`` line (variant, players and the house options) into the game's names and settings, checked
by starting the game in memory. Apart from the verb readers because the CLI and the new-game screen read these
lines without a game to read them against."""

from __future__ import annotations

from banker.commands.amounts import parse_amount
from banker.commands.kinds import CommandError, NewGame
from banker.commands.lines import check_line, strip_comment
from banker.commands.words import SHAPES
from rules.state import Settings, game_settings, new_game


def parse_new(line: str) -> tuple[list[str], Settings]:
    """Read a ``new <variant> <player>... [edition us|uk] [cards classic|2008] [minutes N] [free-parking [N]]
    [double-go] [no-auctions] [luxury-tax N]`` line and check it by starting the game in memory (so a bad name or player
    count is refused here, with the rule book's reason)."""
    text = strip_comment(check_line(line))
    words = text.split()
    if not words or words[0].casefold() != "new":
        raise CommandError(f"a game starts with a new line: {SHAPES['new']}")
    game = parse_new_words(words[1:])
    return list(game.names), game.settings


def parse_new_words(args: list[str]) -> NewGame:
    if len(args) < 2:
        raise CommandError(f"name a variant and the players; expected: {SHAPES['new']}")
    variant = args[0]
    names: list[str] = []
    edition, minutes, luxury, cards = "us", 0, 0, "classic"
    fp, fp_start, double_go, no_auctions = False, 0, False, False
    i = 1
    while i < len(args):
        w = args[i].casefold()
        nxt = args[i + 1] if i + 1 < len(args) else None
        if w in ("edition", "--edition"):
            if nxt is None:
                raise CommandError("edition needs us or uk")
            edition, i = nxt.casefold(), i + 2
        elif w in ("cards", "--cards"):
            if nxt is None:
                raise CommandError("cards needs classic or 2008 (the card texts)")
            cards, i = nxt.casefold(), i + 2
        elif w in ("minutes", "--minutes"):
            if nxt is None:
                raise CommandError("minutes needs a number")
            minutes, i = parse_amount(nxt, "length in minutes"), i + 2
        elif w in ("luxury-tax", "--luxury-tax"):
            if nxt is None or nxt.lstrip("$£") not in ("75", "100"):
                raise CommandError("luxury-tax is 75 or 100")
            luxury, i = int(nxt.lstrip("$£")), i + 2
        elif w in ("free-parking", "--free-parking"):
            fp, i = True, i + 1
            if nxt is not None and nxt.lstrip("$£").isdigit():
                fp_start, i = parse_amount(nxt, "Free Parking start", zero=True), i + 1
        elif w in ("double-go", "--double-go"):
            double_go, i = True, i + 1
        elif w in ("no-auctions", "--no-auctions"):
            no_auctions, i = True, i + 1
        else:
            names.append(args[i])
            i += 1
    settings = game_settings(
        variant,
        edition,
        time_limit_minutes=minutes,
        luxury_tax=luxury,
        free_parking=fp,
        free_parking_start=fp_start,
        double_go=double_go,
        no_auctions=no_auctions,
        cards=cards,
    )
    state = new_game(names, settings)  # raises RuleError with the reason if the game cannot start
    return NewGame(tuple(p.name for p in state.players), state.settings)
