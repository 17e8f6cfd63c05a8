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

from rules.i18n import N_, _


@dataclass(frozen=True)
class Option:
    """A house rule or option of a new game, declared once: the ``new`` line's word, the ``banker new`` flag, the
    new-game screen's field and the settings file's key all come from it."""

    key: str
    """The field: of ``HouseRules`` when :attr:`house_rule`, else of ``Settings``."""
    word: str
    """The ``new`` line's word; ``--word`` is the ``banker new`` flag."""
    label: str
    """The new-game screen's checkbox or field label. The texts a person reads (this, :attr:`help`, :attr:`what`,
    :attr:`unit`, :attr:`placeholder`, :attr:`note`, :attr:`describe`, :attr:`off_means`) are written in English,
    marked for the catalogue and translated where shown: ``_(option.label)``."""
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
        return _(self.placeholder).format(choices=_(" or ").join(map(str, self.on_board(scaled).choices)))

    def amount(self, n: int, money: Callable[[int], str]) -> str:
        return money(n) if self.money else f"{n:,}"

    def refusal(self, value: object, money: Callable[[int], str]) -> str | None:
        """Why ``value`` cannot be this option (one sentence), or None when it can."""
        if self.kind is bool:
            if isinstance(value, bool):
                return None
            return _("the house rule {rule} is on or off").format(rule=self.key.replace("_", " "))
        what = _(self.what)
        if not isinstance(value, int) or isinstance(value, bool):
            return _("the {what} must be a whole number, not {value}").format(what=what, value=f"{value!r:.40}")
        if value == self.off:
            return None
        if self.choices:
            if value in self.choices:
                return None
            figures = _(" or ").join(self.amount(c, money) for c in self.choices)
            said = _("a {what} of {amount} is not a printed figure: {figures} ({note})")
            return said.format(what=what, amount=self.amount(value, money), figures=figures, note=_(self.note))
        if self.least <= value <= self.most:
            return None
        amount = self.amount(value, money)
        if self.unit:
            amount = _("{amount} {unit}").format(amount=amount, unit=_(self.unit))
        if self.note:
            said = _("a {what} of {amount} is out of range: {least} to {most} ({note})")
        else:
            said = _("a {what} of {amount} is out of range: {least} to {most}")
        return said.format(
            what=what,
            amount=amount,
            least=self.amount(self.least, money),
            most=self.amount(self.most, money),
            note=_(self.note) if self.note else "",
        )

    def bounds(self) -> str:
        """The values in words, for the settings file's refusal and the docs: ``75 or 100``, ``0 to 5000``."""
        if self.kind is bool:
            return _("true or false")
        off = f" ({self.off}: {_(self.off_means)})" if self.off is not None else ""
        if self.choices:
            return _(" or ").join(map(str, self.choices)) + off
        return _("{least} to {most}").format(least=self.least, most=self.most) + off


OPTIONS: tuple[Option, ...] = (
    Option(
        "time_limit_minutes",
        "minutes",
        N_("Time limit (min)"),
        N_("agreed length of a time-limit game (1 to 1440)"),
        int,
        what=N_("time limit"),
        least=1,
        most=24 * 60,  # seed 002, TIME LIMIT GAME: "a definite hour of termination", one sitting (docs/rulings.md)
        off=0,
        off_means=N_("no time limit"),
        unit=N_("minutes"),
        field_id="minutes",
        placeholder=N_("time-limit game only, e.g. 90"),
        note=N_("24 hours"),
    ),
    Option(
        "luxury_tax",
        "luxury-tax",
        N_("Luxury tax"),
        N_(
            "the Luxury Tax (Super Tax) figure printed on your board: 75 or 100 (in proportion on a board in other "
            "money; 0: the variant's)"
        ),
        int,
        what=N_("luxury tax"),
        choices=(75, 100),  # seed 003 appendix: $100; some editions $75
        off=0,
        off_means=N_("the variant's figure"),
        money=True,
        field_id="luxury",
        placeholder=N_("blank: the variant's figure; or {choices}"),
        note=N_("0 or blank: the variant's"),
    ),
    Option(
        "free_parking",
        "free-parking",
        N_("Free Parking pot: taxes and fines go to the middle"),
        N_("house rule: taxes and fines go to a Free Parking pot (starting with START, 0 to 5000)"),
        bool,
        house_rule=True,
        field_id="free-parking",
        describe=N_("Free Parking pot"),
    ),
    Option(
        "free_parking_start",
        "",
        N_("Pot starts with"),
        N_("what the bank puts in the Free Parking pot at the start and after each collection (0 to 5000)"),
        int,
        house_rule=True,
        what=N_("Free Parking pot start"),
        least=0,
        most=5_000,
        money=True,
        follows="free_parking",
        field_id="pot-start",
        describe=N_("starts with"),
    ),
    Option(
        "double_go",
        "double-go",
        N_("Double salary for landing exactly on GO"),
        N_("house rule: double salary for landing on GO"),
        bool,
        house_rule=True,
        field_id="double-go",
        describe=N_("double salary for landing on GO"),
    ),
    Option(
        "no_auctions",
        "no-auctions",
        N_("No auctions"),
        N_("house rule: declined deeds stay with the bank"),
        bool,
        house_rule=True,
        field_id="no-auctions",
        describe=N_("no auctions"),
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
    # i18n-exempt: the docs' table (docs are English)
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
