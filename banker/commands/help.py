"""The command language and the key bindings as data, so the help screen and the docs say the same thing.

The app's help screen renders :data:`VERBS` and the live key bindings; ``docs/app.md`` and ``docs/commands.md``
can be regenerated from here with ``python -m banker.commands.help`` so the installed app never needs the docs folder.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verb:
    """One verb of the command language: how to type it, an example, and what it records."""

    verb: str
    syntax: str
    example: str
    meaning: str


VERBS: tuple[Verb, ...] = (
    Verb(
        "rent",
        "rent <payer> <deed> [dice <n>] [card]",
        "rent bob boardwalk",
        "The payer landed on a deed; the owner collects the rent the deed, set and buildings call for.",
    ),
    Verb("buy", "buy <player> <deed>", "buy ann park place", "The lander buys a bank-held deed at its price."),
    Verb(
        "auction",
        "auction <deed> <player> <amount>",
        "auction boardwalk bob 420",
        "A bank-held deed was auctioned; the winner pays the bid.",
    ),
    Verb(
        "pay",
        "pay <player> <amount> [to <player>|to each]",
        "pay ann 50 to each",
        "A payment to the bank, to a player, or to every other player.",
    ),
    Verb(
        "collect",
        "collect <player> <amount> [from <player>|from each]",
        "collect bob 10 from each",
        "Money received from the bank, a player, or every other player.",
    ),
    Verb("go", "go <player>", "go ann", "Salary for passing GO."),
    Verb(
        "build",
        "build <player> <deed> [<count>]",
        "build ann boardwalk 2",
        "Buy houses (or the hotel) from the bank, evenly across the set.",
    ),
    Verb("sell", "sell <player> <deed> [<count>]", "sell ann boardwalk", "Sell buildings back at half price."),
    Verb(
        "shortage",
        "shortage <player> <deed> <count> [houses|hotels] <amount>",
        "shortage ann boardwalk hotel 250",
        "Houses or hotels auctioned in a building shortage (seed 000, BUILDING SHORTAGE): the winner pays the bid.",
    ),
    Verb("mortgage", "mortgage <player> <deed>", "mortgage bob reading", "Mortgage an unimproved deed."),
    Verb(
        "unmortgage",
        "unmortgage <player> <deed>",
        "unmortgage bob reading",
        "Lift a mortgage: the mortgage value plus 10% interest.",
    ),
    Verb(
        "tax",
        "tax <player> income 200|10% / tax <player> luxury",
        "tax ann income 10%",
        "Income tax (choose before adding up) or luxury tax.",
    ),
    Verb(
        "card",
        "card <player> chance|chest <card-id>",
        "card bob chest bank error",
        "A Chance or Community Chest card's money effect.",
    ),
    Verb(
        "jail",
        "jail <player> [fine|card|doubles|miss]",
        "jail bob fine",
        "Send to jail, or record how the player leaves (or fails to).",
    ),
    Verb(
        "trade",
        "trade <a> <b> give <items> get <items> [lift <deeds>]",
        "trade ann bob give boardwalk get $300",
        "A trade between two players: deeds, cash and Get Out of Jail Free cards.",
    ),
    Verb(
        "bankrupt",
        "bankrupt <player> to <player>|bank",
        "bankrupt bob to ann",
        "The player cannot pay; everything goes to the creditor.",
    ),
    Verb(
        "deal",
        "deal <player> <deed> / deal random [seed]",
        "deal random 7",
        "The deal at the start of a short or time-limit game.",
    ),
    Verb("parking", "parking <player>", "parking ann", "Collect the Free Parking pot (house rule)."),
    Verb("turn", "turn <player>", "turn bob", "Say whose turn it is."),
    Verb("next", "next", "next", "Pass the turn to the next player still in the game."),
    Verb(
        "undo",
        "undo [to <entry>]",
        "undo",
        "Undo the last action (the journal keeps it, struck through); `undo to 12`: everything after entry 12, in"
        " one step (Shift+U on the table picks the entry).",
    ),
    Verb("redo", "redo [to <entry>]", "redo", "Redo what was just undone; `redo to 12`: up to entry 12 again."),
    Verb("end", "end [time]", "end", "End the game now (time: the time-limit game's deadline)."),
    Verb(
        "show",
        "show rent|deed|count|worth|tax|raise|scores",
        "show deed boardwalk",
        "Ask without changing anything (`show deed`: the whole title deed and who holds it; `show count 10 2`:"
        " check the houses and hotels counted on the board, or `show count 4 0 dark blue` on one group).",
    ),
)

VERB_NAMES: tuple[str, ...] = tuple(v.verb for v in VERBS)


def syntax(verb: Verb) -> str:
    """The parser's own shape for the verb (``banker.commands.SHAPES``), so help never disagrees with it."""
    from banker.commands import SHAPES

    return SHAPES.get(verb.verb, verb.syntax)


def verbs_markdown() -> str:
    """The verb table as Markdown, for the help screen and the user guide."""
    lines = ["| command | example | what it records |", "| --- | --- | --- |"]
    for v in VERBS:
        lines.append(f"| `{syntax(v).replace('|', chr(92) + '|')}` | `{v.example}` | {v.meaning} |")  # \| in a cell
    return "\n".join(lines)


def bindings_markdown(bindings: list[tuple[str, str]]) -> str:
    """Key bindings (key, description) as a Markdown table."""
    lines = ["| key | action |", "| --- | --- |"]
    lines += [f"| `{key}` | {description} |" for key, description in bindings]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a docs helper
    print(verbs_markdown())
