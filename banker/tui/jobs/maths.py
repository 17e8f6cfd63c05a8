"""The maths mode (``banker maths``, the palette's "Maths mode for ..."): a player in it works out each payment to or
from them before it is recorded. :meth:`MathsFlow.asks` stops such a line in :meth:`BankerApp.record
<banker.tui.app.BankerApp.record>` and opens the maths dialog once the caller is done; the line is recorded as it
was (so the engine's amount) when the player got it right.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from banker.session import Reply
from banker.tui.screens import deferred
from rules import RuleError
from rules.i18n import _

if TYPE_CHECKING:
    from banker.journal import RequestRow
    from banker.tui.jobs import AppHost
    from banker.views import MathsQuestion


class MathsFlow:
    """The maths mode's questions, for the app that records the lines they stop."""

    def __init__(self, app: AppHost) -> None:
        self.app = app

    def turn(self, name: str, on: bool) -> None:
        """Turn the maths mode on or off for a player (a game setting the session keeps in the database)."""
        player = self.app.game.set_maths(name, on)
        said = _("Maths mode on for {player}.") if on else _("Maths mode off for {player}.")
        self.app.notify(said.format(player=player), title=_("Maths mode"))

    def asks(self, line: str, request: RequestRow | None = None) -> Reply | None:
        """When ``line`` pays or is paid by a player in maths mode, the reply saying that player works it out first
        (an answer that changes nothing), the dialog asking once the caller is done; else None: record it."""
        question = self.question(line)
        if question is None:
            return None
        self.app.call_next(self.ask, line, question, request)
        reply = Reply(
            True,
            _("{player} works it out first: {question}").format(player=question.player, question=question.question),
            query=True,
        )
        table = self.app.table()
        if table is not None:
            table.show_reply(reply)
        return reply

    def question(self, line: str) -> MathsQuestion | None:
        """The question a player in maths mode is asked before ``line`` is recorded, or None (nobody in maths mode
        pays or is paid, or the line is no action the engine would accept: the session then says why)."""
        session = self.app.game
        players = session.maths_players()
        if not players:
            return None
        try:
            command = deferred.parse(line, session.state)
        except RuleError:
            return None
        if isinstance(command, deferred.Query | deferred.Control | deferred.NewGame):
            return None
        preview = session.preview(line)
        if not preview.ok or preview.outcome is None:
            return None
        return deferred.maths_question(session.state, preview.outcome, players)

    def ask(self, line: str, question: MathsQuestion, request: RequestRow | None = None) -> None:
        self.app.open_on_its_own(
            deferred.MathsDialog(question, self.app.game.state.board),
            partial(self.worked_out, line, question, request),
        )

    def worked_out(self, line: str, question: MathsQuestion, request: RequestRow | None, right: bool | None) -> None:
        """The maths dialog closed: record the line as it was (so the engine's amount; a phone's request is marked
        recorded with it), unless the game changed meanwhile and the amount with it (then the player is asked
        again), or the banker pressed Escape (a phone's request then stays pending in the inbox)."""
        if not right:
            table = self.app.table()
            if table is not None:
                table.show_reply(Reply(False, _("Not recorded: `{line}`").format(line=line)))
            return
        again = self.question(line)
        if again is not None and again.amount != question.amount:
            self.ask(line, again, request)
            return
        self.app.follow_up(self.app.record(line, worked_out=True, request=request))


__all__ = ["MathsFlow"]
