"""The options of a new game, declared once: one record per house rule and new-game option.

Each record says everything the front ends ask of an option: its key (the field of :class:`rules.state.HouseRules`
or :class:`rules.state.Settings`), the word of the ``new`` line and the ``banker new`` flag, the new-game screen's
label and field, the help, the type and bounds, and the words the bank panel describes it with. The ``new`` line's
reader, the reserved words of player names, the CLI flags, the settings file's schema and defaults, the new-game
screen, the settings check and the docs table are built from :data:`OPTIONS` (harlequin's ``options.py`` idea), and
a test fails when a :class:`~rules.state.HouseRules` field has no record. The journal's JSON is the dataclasses',
so it does not change with this table.

Standard library only, and nothing of the engine: the names, the limits and the state read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Option:
    """A house rule or option of a new game, declared once: the ``new`` line's word, the ``banker new`` flag, the
    new-game screen's field and the settings file's key all come from it."""

    key: str
    """The field: of ``HouseRules`` when :attr:`house_rule`, else of ``Settings``."""
    word: str
    """The ``new`` line's word; ``--word`` is the ``banker new`` flag."""
    label: str
    """The new-game screen's checkbox or field label."""
    help: str
    """One line for ``banker new --help``, the docs and the settings file."""
    kind: type
    """``bool`` (a switch) or ``int`` (a number)."""
    house_rule: bool = False
    """Not in any rule book: shown as a house rule, kept in ``Settings.house_rules``."""
    what: str = ""
    """A number's name in a refusal ("time limit")."""
    least: int = 0
    most: int = 0
    choices: tuple[int, ...] = ()
    """For a number that is one of a few printed figures (the luxury tax)."""
    off: int | None = None
    """The value that means "not set" when it lies outside the bounds (0 minutes: no time limit)."""
    off_means: str = ""
    """What ``off`` means, in the settings file's refusal and the docs ("the variant's figure")."""
    money: bool = False
    """The number is an amount of money (written in the game's currency). Its bounds and printed figures here are the
    US box's, whose players start with $1,500; :meth:`on_board` gives them in another edition's money."""
    unit: str = ""
    follows: str = ""
    """The key of the switch whose word this number may follow (``free-parking 500``); it has no word of its own."""
    field_id: str = ""
    """The new-game screen's widget id."""
    placeholder: str = ""
    """The new-game screen's hint; ``{choices}`` is the printed figures in the chosen edition's money."""
    note: str = ""
    """What ``off`` means, or what the bounds mean, in a refusal ("0 or blank: the variant's")."""
    describe: str = ""
    """How the bank panel names a house rule that is on."""

    @property
    def flag(self) -> str:
        return f"--{self.word}"

    @property
    def default(self) -> bool | int:
        return False if self.kind is bool else (self.off if self.off is not None else self.least)

    def on_board(self, scaled: Callable[[int], int]) -> Option:
        """This option with its money figures in an edition's money (``scaled``: ``Board.scaled``, in proportion to
        the edition's starting money): a luxury tax of 75 or 100 on the US board is 1.500 or 2.000 DM on the Deutsche
        Mark board, and the pot's 5,000 is 100.000 DM. A count (minutes) is the same on every board."""
        if not self.money:
            return self
        return replace(self, least=scaled(self.least), most=scaled(self.most), choices=tuple(map(scaled, self.choices)))

    def hint(self, scaled: Callable[[int], int]) -> str:
        """The new-game screen's hint, its figures in the chosen edition's money (``scaled``: ``Board.scaled``)."""
        return self.placeholder.format(choices=" or ".join(map(str, self.on_board(scaled).choices)))

    def amount(self, n: int, money: Callable[[int], str]) -> str:
        return money(n) if self.money else f"{n:,}"

    def refusal(self, value: object, money: Callable[[int], str]) -> str | None:
        """Why ``value`` cannot be this option (one sentence), or None when it can."""
        if self.kind is bool:
            return None if isinstance(value, bool) else f"the house rule {self.key.replace('_', ' ')} is on or off"
        if not isinstance(value, int) or isinstance(value, bool):
            return f"the {self.what} must be a whole number, not {value!r:.40}"
        if value == self.off:
            return None
        if self.choices:
            if value in self.choices:
                return None
            figures = " or ".join(self.amount(c, money) for c in self.choices)
            return f"a {self.what} of {self.amount(value, money)} is not a printed figure: {figures} ({self.note})"
        if self.least <= value <= self.most:
            return None
        unit = f" {self.unit}" if self.unit else ""
        note = f" ({self.note})" if self.note else ""
        return (
            f"a {self.what} of {self.amount(value, money)}{unit} is out of range: "
            f"{self.amount(self.least, money)} to {self.amount(self.most, money)}{note}"
        )

    def bounds(self) -> str:
        """The values in words, for the settings file's refusal and the docs: ``75 or 100``, ``0 to 5000``."""
        if self.kind is bool:
            return "true or false"
        off = f" ({self.off}: {self.off_means})" if self.off is not None else ""
        if self.choices:
            return " or ".join(map(str, self.choices)) + off
        return f"{self.least} to {self.most}{off}"


OPTIONS: tuple[Option, ...] = (
    Option(
        "time_limit_minutes",
        "minutes",
        "Time limit (min)",
        "agreed length of a time-limit game (1 to 1440)",
        int,
        what="time limit",
        least=1,
        most=24 * 60,  # seed 002, TIME LIMIT GAME: "a definite hour of termination", one sitting (docs/rulings.md)
        off=0,
        off_means="no time limit",
        unit="minutes",
        field_id="minutes",
        placeholder="time-limit game only, e.g. 90",
        note="24 hours",
    ),
    Option(
        "luxury_tax",
        "luxury-tax",
        "Luxury tax",
        "the Luxury Tax (Super Tax) figure printed on your board: 75 or 100 (in proportion on a board in other "
        "money; 0: the variant's)",
        int,
        what="luxury tax",
        choices=(75, 100),  # seed 003 appendix: $100; some editions $75
        off=0,
        off_means="the variant's figure",
        money=True,
        field_id="luxury",
        placeholder="blank: the variant's figure; or {choices}",
        note="0 or blank: the variant's",
    ),
    Option(
        "free_parking",
        "free-parking",
        "Free Parking pot: taxes and fines go to the middle",
        "house rule: taxes and fines go to a Free Parking pot (starting with START, 0 to 5000)",
        bool,
        house_rule=True,
        field_id="free-parking",
        describe="Free Parking pot",
    ),
    Option(
        "free_parking_start",
        "",
        "Pot starts with",
        "what the bank puts in the Free Parking pot at the start and after each collection (0 to 5000)",
        int,
        house_rule=True,
        what="Free Parking pot start",
        least=0,
        most=5_000,
        money=True,
        follows="free_parking",
        field_id="pot-start",
        describe="starts with",
    ),
    Option(
        "double_go",
        "double-go",
        "Double salary for landing exactly on GO",
        "house rule: double salary for landing on GO",
        bool,
        house_rule=True,
        field_id="double-go",
        describe="double salary for landing on GO",
    ),
    Option(
        "no_auctions",
        "no-auctions",
        "No auctions",
        "house rule: declined deeds stay with the bank",
        bool,
        house_rule=True,
        field_id="no-auctions",
        describe="no auctions",
    ),
)

BY_KEY = {o.key: o for o in OPTIONS}
WORDS = tuple(o.word for o in OPTIONS if o.word)
"""The ``new`` line's option words (with ``edition``, the words a player may not be called)."""


def follower(option: Option) -> Option | None:
    """The number that may follow a switch's word (``free-parking 500``), if any."""
    return next((o for o in OPTIONS if o.follows == option.key), None)


def options_markdown() -> str:
    """The docs' table of the options (docs/commands.md), from :data:`OPTIONS`."""
    lines = [
        "| `new` word | `banker new` flag | settings file | values | what it does |",
        "| --- | --- | --- | --- | --- |",
    ]
    for o in OPTIONS:
        lead = BY_KEY[o.follows] if o.follows else None
        word = f"`{lead.word} [N]`" if lead else f"`{o.word}`" + ("" if o.kind is bool else " N")
        flag = f"`{lead.flag} [N]`" if lead else f"`{o.flag}`" + ("" if o.kind is bool else " N")
        where = f"`new_game.{'house_rules.' if o.house_rule else ''}{o.key}`"
        lines.append(f"| {word} | {flag} | {where} | {o.bounds()} | {o.help} |")
    return "\n".join(lines)
