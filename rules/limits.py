"""The one check of a game's settings, used by every way a game starts (``rules.new_game``, the ``new`` line,
``banker new`` and the app's new-game screen), so that nothing absurd is accepted now and breaks the game later.

The ranges are docs/rulings.md's "Game settings": a time limit of 1 minute to 24 hours (seed 002 agrees "a
definite hour of termination" for one sitting), a Free Parking pot start of $0 to $5,000, a Luxury Tax of $75 or
$100 (the printed figures; 0 is the variant's own), and the variant's number of players. The money figures are the
US box's; on a board in other money they are in proportion to its starting money (``Option.on_board``).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.board import Board
from rules.editions import all_editions, load_board
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.names import shown
from rules.options import BY_KEY, OPTIONS
from rules.variants import Variant, find_variant
from rules.words import LATEST_RULES

SETTINGS_RULE = N_("settings")
MAX_MINUTES = BY_KEY["time_limit_minutes"].most
"""A time-limit game is one sitting: the agreed end is at most a day away."""
MAX_POT_START = BY_KEY["free_parking_start"].most
"""What the bank may put in the Free Parking pot at the start (and after each collection)."""


def check_settings(
    variant_name: str,
    edition: str,
    cards: str,
    options: Mapping[str, object],
    players: int | None = None,
    *,
    rules_version: object = LATEST_RULES,
) -> tuple[Variant, Board]:
    """Refuse settings outside the ranges above, a time-limit game without a time, a card style the edition has not,
    a number of ``players`` the variant is not for, or rules this Banker does not know (``rules_version``, from a
    game file a newer Banker wrote or one written by hand: :class:`rules.words.RulesVersion`). ``options`` holds
    every option of :data:`rules.options.OPTIONS` by key (``rules.state.Settings.options``: the values, not the
    settings, so the state and its settings may use this check without it knowing them). Returns the variant and
    the board named."""
    if not isinstance(variant_name, str) or not isinstance(edition, str):
        raise RuleError(SETTINGS_RULE, _("the variant and the edition are names"))
    variant = find_variant(variant_name)
    board = load_board(edition)
    for option in OPTIONS:  # each option's type and bounds, as declared once (rules/options.py)
        why = option.on_board(board.scaled).refusal(options[option.key], board.money)
        if why is not None:
            raise RuleError(SETTINGS_RULE, why)
    minutes = options["time_limit_minutes"]
    if variant.may_end_by_time and minutes == 0:
        raise RuleError("seed 002, TIME LIMIT GAME", _("a time-limit game needs an agreed length in minutes"))
    if not variant.may_end_by_time and minutes:
        # found in review: `banker new standard ... --minutes 5` was kept, and no clock was shown or kept
        raise RuleError(
            "seed 002, TIME LIMIT GAME",
            _("a time limit is for the time-limit game; {variant} has none: leave the minutes out").format(
                variant=_(variant.title)
            ),
        )
    if not isinstance(cards, str):
        raise RuleError(SETTINGS_RULE, _("the card style is a name"))
    if cards not in board.decks:
        said = _('the {edition} edition has no card style called "{style}"; choose {styles}')
        raise RuleError(
            SETTINGS_RULE,
            said.format(edition=_(board.title), style=shown(cards, 20), styles=_(" or ").join(board.decks)),
        )
    if not isinstance(rules_version, int) or isinstance(rules_version, bool) or not 0 <= rules_version <= LATEST_RULES:
        said = _("the game is played by rules this Banker does not know (version {version}; it knows 0 to {latest})")
        raise RuleError(SETTINGS_RULE, said.format(version=shown(repr(rules_version), 20), latest=LATEST_RULES))
    if players is not None and not variant.min_players <= players <= variant.max_players:
        said = _("{variant} is for {least} to {most} players, not {players}")
        raise RuleError(
            f"seeds: {variant.seeds}",
            said.format(variant=_(variant.title), least=variant.min_players, most=variant.max_players, players=players),
        )
    return variant, board


def setting_number(text: str, what: str) -> int:
    """A number typed in a settings field (blank: 0; an edition's currency sign allowed): digits only, and at most 9;
    the exact range is :func:`check_settings`'s. ``what``: the field's name in a refusal (an option's
    :attr:`~rules.options.Option.what`, marked for the catalogue), translated here."""
    text = text.strip()
    if not text:
        return 0
    digits = text
    for sign in sorted({b.currency for b in all_editions()}, key=len, reverse=True):
        if digits.startswith(sign):
            digits = digits[len(sign) :]
            break
    if not (digits.isascii() and digits.isdigit()):
        said = _('the {what} must be a whole number (not "{text}")')
        raise RuleError(SETTINGS_RULE, said.format(what=_(what), text=shown(text, 12)))
    if len(digits) > 9:
        said = _("the {what} {number} is out of range")
        raise RuleError(SETTINGS_RULE, said.format(what=_(what), number=shown(digits, 12)))
    return int(digits)
