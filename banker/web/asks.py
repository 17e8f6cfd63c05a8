"""The phone asks as a table: one record per thing a player's page offers to ask the banker (docs/phones.md).

Each :class:`Ask` holds everything about one ask: the ``form`` key its post carries, the title the page shows, its
fields with the choices each offers, and the reader that turns the posted fields into a typed command of the command
language (with the dialogs' own :class:`banker.commands.Form` readers, so a phone's ask is the command the banker's
dialog would record). The page draws its forms from this table (``banker.web.pages``), the server reads a form's
post by it (:func:`banker.web.asking.line_of_form`), docs/phones.md's table of the forms is :func:`asks_markdown`,
and the tests go through every record: a new ask is one record here, as an export format is one in
``banker.reports.formats``.

A form is offered when each of its fields that offers choices has one (no rent form while nobody else holds an
unmortgaged deed); the engine still decides whether what is asked can be recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from banker.commands import VERB, Form, Refused
from rules.actions import Action, Buy, Collect, Go, JailWay, Pay
from rules.errors import RuleError
from rules.i18n import N_, _

if TYPE_CHECKING:
    from banker.web.page_data import FormChoices

Choices = Callable[["FormChoices"], Sequence[tuple[str, str]]]
"""A field's choices on a player's page, from what the page offers (:func:`banker.web.pages.form_choices`): (the
value posted, the text shown) each."""


class Control(Enum):
    """How a field is filled in on the page."""

    PICK = "pick"
    """A drop-down list of the field's choices."""
    ONE_OF = "one of"  # i18n-exempt: a name in code
    """Radio buttons, one per choice."""
    AMOUNT = "amount"
    """An amount typed (digits, with or without the game's money sign and thousands separators)."""
    DICE = "dice"
    """The dice's total typed, for a utility's rent (optional)."""
    TICK = "tick"
    """A box ticked or not (posted as the field's name when ticked)."""


@dataclass(frozen=True)
class Field:
    """One field of an ask's form."""

    name: str
    """The post's field: the key :attr:`Ask.read` reads."""
    label: str
    """The field's label on the page (a radio group's legend), marked ``N_`` and translated where drawn."""
    control: Control
    means: str
    """What it holds, for docs/phones.md's table (in English, as the docs are)."""
    choices: Choices | None = None
    """The choices a :attr:`Control.PICK` or :attr:`Control.ONE_OF` field offers, their texts translated as made
    (a choice is often a name, never translated)."""
    empty: str = ""
    """A drop-down list's first entry, which chooses nothing ("choose a deed"): the player must choose. Marked
    ``N_``."""
    required: bool = True


@dataclass(frozen=True)
class Ask:
    """One thing a player's page asks the banker for, as a form."""

    key: str
    """The ``form`` field its post carries."""
    title: str
    """The form's title on the page ("I pay rent"), marked ``N_`` and translated where drawn."""
    verb: str
    """The verb of the command it builds (``banker.commands.VERB``): docs/phones.md shows that verb's shape."""
    read: Callable[[Form, str], Action]
    """The posted fields (a :class:`Form`, with ``me`` the asking player's name) and that name -> the command;
    :class:`banker.commands.Missing` or :class:`Refused` when they do not make one."""
    fields: tuple[Field, ...] = ()
    note: str = ""
    """A line under the title, for a form with nothing to fill in (marked ``N_``)."""

    def offered(self, choices: FormChoices) -> bool:
        """Is the form on a page offering these choices: has each of its fields with choices one to offer?"""
        return all(f.choices is None or f.choices(choices) for f in self.fields)


def _same(values: Sequence[str]) -> list[tuple[str, str]]:
    return [(v, v) for v in values]


def _parties(c: FormChoices) -> list[tuple[str, str]]:
    """The other side of a payment, in the command language's words: the bank, a player, or each player."""
    return [("bank", _("the bank")), *_same(c["others"]), ("each", _("each player"))]


def _money(other: str) -> tuple[Field, ...]:
    """An amount, and the other side of the payment labelled ``other`` ("To", "From"), the bank if left empty."""
    return (
        Field("amount", N_("Amount"), Control.AMOUNT, means="the amount"),
        Field(
            "other",
            other,
            Control.PICK,
            means="`bank` (or empty), another player, or `each`",
            choices=_parties,
            required=False,
        ),
    )


JAIL_WAYS = (("fine", N_("Pay the fine")), ("card", N_("Use a Get Out of Jail Free card")))
"""How a phone may ask to leave jail: a roll of doubles is the table's, seen by the banker."""


def _jail_ways(c: FormChoices) -> list[tuple[str, str]]:
    return [(way, _(text)) for way, text in JAIL_WAYS] if c["jail"] else []


def _jail(form: Form, me: str) -> Action:
    cmd = form.jail("me", "how")
    if cmd.how not in (JailWay.FINE, JailWay.CARD):
        raise Refused(RuleError("", _("a phone may ask to leave jail by the fine or a card"), field="how"), "how")
    return cmd


def _deed(label: str, *, means: str, choices: Choices) -> Field:
    return Field("deed", label, Control.PICK, means=means, choices=choices, empty=N_("choose a deed"))


_DICE = Field(
    "dice", N_("Dice (for a utility)"), Control.DICE, means="the dice's total, for a utility's rent", required=False
)
_CARD = Field(
    "card",
    N_("Sent by a card (nearest railroad: twice the rent; nearest utility: 10 x the dice)"),
    Control.TICK,
    means="ticked (`card`) when a Chance card sent the player to the nearest railroad or utility",
    required=False,
)

ASKS: tuple[Ask, ...] = (
    Ask(
        "go",
        N_("I passed GO"),
        "go",
        lambda f, me: Go(me, exact=f.flag("exact")),
        note=N_("The salary for passing GO."),
    ),
    Ask(
        "rent",
        N_("I pay rent"),
        "rent",
        lambda f, me: f.rent("me", "deed", "dice", "card"),
        (
            _deed(N_("On"), means="another player's unmortgaged deed", choices=lambda c: _same(c["their_deeds"])),
            _DICE,
            _CARD,
        ),
    ),
    Ask(
        "buy",
        N_("I buy the deed I landed on"),
        "buy",
        lambda f, me: Buy(me, f.deed("deed")),
        (_deed(N_("Deed"), means="a deed the bank holds", choices=lambda c: _same(c["bank_deeds"])),),
    ),
    Ask(
        "tax",
        N_("I pay a tax"),
        "tax",
        lambda f, me: f.tax("me", "how"),
        (
            Field(
                "how",
                N_("Which tax"),
                Control.ONE_OF,
                means="Income Tax's flat figure as the board prints it (`200`), or `10%` where the variant gives the "
                "choice; or `luxury` (the Luxury or Super Tax)",
                choices=lambda c: c["tax"],
            ),
        ),
    ),
    Ask(
        "pay",
        N_("I pay a player or the bank"),
        "pay",
        lambda f, me: f.money(Pay, "me", "amount", "other"),
        _money(N_("To")),
    ),
    Ask(
        "collect",
        N_("I collect (a card)"),
        "collect",
        lambda f, me: f.money(Collect, "me", "amount", "other"),
        _money(N_("From")),
    ),
    Ask(
        "jail",
        N_("I leave jail"),
        "jail",
        _jail,
        (Field("how", N_("How"), Control.ONE_OF, means="`fine` or `card`", choices=_jail_ways),),
    ),
    Ask(
        "owed",
        N_("Someone owes me rent"),
        "rent",
        lambda f, me: f.rent("payer", "deed", "dice", "card"),
        (
            Field(
                "payer",
                N_("Who"),
                Control.PICK,
                means="another player",
                choices=lambda c: _same(c["others"]),
                empty=N_("choose a player"),
            ),
            _deed(N_("On"), means="one of the player's own deeds", choices=lambda c: _same(c["my_deeds"])),
            _DICE,
            _CARD,
        ),
    ),
)
"""Every ask, in the page's order."""

BY_KEY = {a.key: a for a in ASKS}


def asks_markdown() -> str:
    """docs/phones.md's table of the forms (tests/web/test_asks.py checks the docs hold it)."""
    # i18n-exempt: docs/phones.md, in English as the docs are
    rows = ["| `form` | the page's title | its fields | the command it builds |", "| --- | --- | --- | --- |"]
    for a in ASKS:
        fields = "; ".join(f"`{f.name}`{'' if f.required else ' (optional)'}: {f.means}" for f in a.fields)
        cells = (f"`{a.key}`", a.title, fields or "none", f"`{VERB[a.verb].shape}`")
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")  # a bar in a cell is escaped
    return "\n".join(rows)
