"""State builders shared by the part-2 rules tests: small games with deeds, buildings and cash set up
without breaking the engine's invariants (money and buildings conserved)."""

from dataclasses import replace

from rules import Settings, new_game

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def game(n=3, variant="standard", **kw):
    """A fresh game of ``n`` players (time-limit games get an agreed length)."""
    if variant == "time-limit":
        kw.setdefault("time_limit_minutes", 90)
    return new_game(list(NAMES[:n]), Settings(variant=variant, **kw))


def own(state, player, deed, level=0, mortgaged=False):
    """Give ``player`` (index) a deed with ``level`` buildings taken from the bank's supply (conserving them)."""
    d = state.deed(deed)
    if level == state.hotel_level:
        state = replace(state, hotels=state.hotels - 1)
    else:
        state = replace(state, houses=state.houses - level)
    return state.with_holding(d.index, owner=player, level=level, mortgaged=mortgaged)


def set_cash(state, player, cash):
    """Set a player's cash, the bank paying or taking the difference (money stays conserved)."""
    diff = cash - state.players[player].cash
    return replace(state.with_player(player, cash=cash), bank=state.bank - diff)


def conserved(state):
    return sum(p.cash for p in state.players) + state.bank + state.pot == 0
