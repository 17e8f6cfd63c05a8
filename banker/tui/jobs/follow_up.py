"""What follows a command once it is recorded or refused (and any dialog that recorded it has closed): the ways to
raise money for a debt the player cannot pay, the standings when the game ends, a reminder when a turn passed with a
jail roll unrecorded; and the end of a time-limit game at the agreed time (seed 002, TIME LIMIT GAME)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from banker.session import Reply
from banker.tui.screens import deferred
from banker.tui.screens.table import game_over
from rules import CannotPay
from rules.i18n import _

if TYPE_CHECKING:
    from banker.tui.jobs import AppHost
    from rules import GameState


class FollowUp:
    """Opens what a reply calls for, on the app's own (the keys typed before it are set aside)."""

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.time_up_handled = False
        """The open game's time is up and its end was recorded (once: the table's clock ticks on)."""

    def after(self, reply: Reply | None) -> None:
        """The ways to raise money for a debt the player cannot pay (``CannotPay`` with a creditor), and the
        standings when the game ends. Also the callback of every recording dialog (None: cancelled)."""
        if reply is None:
            return
        app = self.app
        if not reply.ok:
            if isinstance(reply.error, CannotPay) and reply.error.debt and reply.line:
                table = app.table()
                if table is not None:
                    table.forget_line(reply.line)  # the dialog records it: a later Enter must not record it again

                # its steps (sales, mortgages, then the payment) are recorded one after another as the banker
                # ticked them: the maths mode does not stop them half-way
                app.open_on_its_own(
                    deferred.RaiseMoneyDialog(
                        app.game, partial(app.record, in_dialog=True, worked_out=True), reply.error, reply.line
                    ),
                    partial(self._raised, reply, reply.error),
                )
            return
        state = app.game.state
        if reply.changed and state.over and reply.kind != "undo":
            app.notify(game_over(state.end_said()), title=_("Game over"))
            app.open_standings(on_its_own=True)

    def _raised(self, refused: Reply, e: CannotPay, reply: Reply | None) -> None:
        """The raise-money dialog closed: with the reply of the payment or the bankruptcy it recorded, or None
        (Escape), when the payment is still owed and the reply box says so (``e``: the refusal of ``refused``)."""
        if reply is not None:
            self.after(reply)
            return
        table = self.app.table()
        if table is not None:
            table.restore_line(refused.line)
            table.show_reply(
                Reply(
                    False,
                    _("{player} still owes {amount}: `{line}` is not recorded").format(
                        player=e.payer, amount=self.app.game.state.money(e.amount), line=refused.line
                    ),
                )
            )

    def jail_roll(self, before: GameState) -> None:
        """A turn passed with the player in jail and no roll recorded for it (``rules.jail.roll_unrecorded``): say
        so, as only recorded misses move the jail timer on (found in issue 20's game-night review: three rounds of
        ``n`` left a player on "turn 1 of 3" for good). Nothing is refused: undo and record the roll, or go on."""
        index = before.turn
        if deferred.roll_unrecorded(before, index):
            said = _(
                "{player} was in jail and no roll was recorded for that turn, so the jail timer did not move on. If"
                " {player} rolled and missed: u (undo), then jail {typed} miss, then n."
            )
            self._jail_note(said, before.players[index].name)

    def go_from_jail(self, player: str) -> None:
        """The GO salary was recorded for a player still in jail: say so, as a player in jail does not move until out
        (seed 000, JAIL), so a salary then usually means the way out was not recorded (found in a game-night review:
        `g` for a jailed player recorded the salary without a word). Nothing is refused: a table that forgot the
        doubles that freed the player is still owed the salary (docs/rulings.md)."""
        state = self.app.game.state
        index = state.player_index(player)
        if state.players[index].jail is None:
            return
        said = _(
            "{player} is still in jail, and a player in jail does not move until out (seed 000, JAIL). If {player}"
            " got out first: u (undo), then jail {typed} doubles (or fine, or card), then the salary again."
        )
        self._jail_note(said, state.players[index].name)

    def _jail_note(self, said: str, name: str) -> None:
        """A jail reminder (``said``, about the player ``name``, with the name as the banker types it): a warning
        toast, as plain text, for 10 s; nothing is refused or recorded."""
        self.app.notify(
            said.format(player=name, typed=name.casefold()),
            title=_("Jail"),
            severity="warning",
            timeout=10,
            markup=False,
        )

    def time_is_up(self) -> None:
        """The time-limit game ends at the agreed time and the richest player wins (seed 002, TIME LIMIT GAME)."""
        if self.time_up_handled:
            return
        self.time_up_handled = True
        app = self.app
        reply = app.record("end time")  # i18n-exempt: a command line
        if not reply.ok:
            reply = app.record("end")
        # What the engine decided (a winner, or the richest players' tie), never a winner assumed.
        said = reply.message if reply.ok else _("the game ends now")
        app.notify(_("Time is up. {said}").format(said=said), title=_("Time limit"), timeout=10)
        self.after(reply)
        if not app.game.state.over:
            return
        if not reply.changed:
            app.open_standings(on_its_own=True)


__all__ = ["FollowUp"]
