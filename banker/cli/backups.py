"""``banker backups`` and ``banker restore N``: the database's backups (:mod:`banker.backups`, docs/storage.md),
listed and brought back; and the backup a subcommand takes when it ends a game.

Only the app's launch and a game's end take a backup, never a subcommand as such: ``banker do`` is one step of a
game, which a script may run hundreds of times a night (docs/storage.md, "Backups", says why).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from banker.backups import Backup, BackupError, Mark, back_up, folder, listing, mark_of, restore
from banker.cli.support import CANNOT, REFUSED, CliError, columns, complain, database, say
from banker.language import number
from banker.reports.numbers import decimal
from banker.reports.times import list_time
from rules.i18n import _, ngettext, pgettext


def after_game_end(db: Path) -> None:
    """A subcommand ended a game: back the database up. A backup that cannot be made is one line on stderr; the
    game is recorded all the same and the command's status stays."""
    try:
        back_up(db)
    except BackupError as e:
        complain(_("{problem} (the game is recorded)").format(problem=e))


def _listing(path: Path) -> list[Backup]:
    try:
        return listing(path)
    except BackupError as e:
        raise CliError(str(e)) from None


def _when(backup: Backup) -> str:
    return list_time(backup.time, seconds=True)


def _holds(mark: Mark) -> str:
    games = ngettext("{n} game", "{n} games", mark.games).format(n=number(mark.games))
    entries = ngettext("{n} journal entry", "{n} journal entries", mark.entries).format(n=number(mark.entries))
    return _("{games}, {entries}").format(games=games, entries=entries)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return _("{n} MB").format(n=decimal(n / 1024 / 1024, 1))
    return _("{n} KB").format(n=number(max(1, round(n / 1024))))


def cmd_backups(args: argparse.Namespace) -> int:
    """The backups, newest first, numbered for ``banker restore``: when, how many games and journal entries, the
    file's size; one that cannot be read says why."""
    path = database(args.db)
    found = _listing(path)
    if not found:
        none = _("no backups of {path} yet: the app makes one at each launch and at each game's end, in {folder}")
        say(none.format(path=path, folder=folder(path)))
        return 0
    heads = ("#", _("taken"), _("games"), _("entries"), _("size"))
    rows = [
        (str(n), _when(b), _("cannot be read: {problem}").format(problem=b.problem))
        if b.mark is None
        else (str(n), _when(b), str(b.mark.games), number(b.mark.entries), _size(b.size))
        for n, b in enumerate(found, start=1)
    ]
    for line in columns(heads, rows, (-3, 23, -5, -8, -9)):
        say(line.rstrip())
    say(
        _("(in {folder}; `banker restore N` brings backup N back as {name})").format(
            folder=folder(path), name=path.name
        )
    )
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Bring backup N back as the database, after asking (``--yes``: without). The database there now is kept as
    a backup first (``banker restore 1`` then brings it back)."""
    path = database(args.db)
    found = _listing(path)
    if not found:
        raise CliError(
            _("there are no backups of {path} (in {folder})").format(path=path, folder=folder(path)), REFUSED
        )
    if args.number > len(found):
        how_many = ngettext(
            "there is no backup {number}: {n} backup is kept (`banker backups` lists them)",
            "there is no backup {number}: {n} backups are kept (`banker backups` lists them)",
            len(found),
        )
        raise CliError(how_many.format(number=args.number, n=len(found)), REFUSED)
    chosen = found[args.number - 1]
    if chosen.mark is None:
        cannot = _("backup {number} ({path}) cannot be restored: {problem}")
        raise CliError(cannot.format(number=args.number, path=chosen.path, problem=chosen.problem), REFUSED)
    if not args.yes and not _confirmed(path, args.number, chosen):
        complain(_("nothing was restored"))
        return CANNOT
    try:
        done = restore(path, chosen)
    except BackupError as e:
        raise CliError(str(e)) from None
    kept = done.kept
    restored = _("restored backup {number} ({when}: {holds}) as {path}").format(
        number=args.number, when=_when(chosen), holds=_holds(chosen.mark), path=path
    )
    if isinstance(kept, Backup):
        then = _("{restored}; the database it replaced is backup 1 now (`banker restore 1` brings it back): {kept}")
        restored = then.format(restored=restored, kept=kept.path)
    elif isinstance(kept, Path):
        then = _("{restored}; the file it replaced could not be read as a database and is kept as {kept}")
        restored = then.format(restored=restored, kept=kept)
    say(restored)
    return 0


def _confirmed(path: Path, number: int, chosen: Backup) -> bool:
    assert chosen.mark is not None
    if not path.exists():
        now = _("There is no {name} now.").format(name=path.name)
    else:
        try:
            now = _("The {name} there now ({holds}) is kept as a backup first.").format(
                name=path.name, holds=_holds(mark_of(path))
            )
        except BackupError as e:
            now = _("The {name} there now cannot be read ({problem}); it is kept beside it first.").format(
                name=path.name, problem=e
            )
    question = _("Restore backup {number}, taken {when} ({holds}), as {path}? {now} [y/N] ").format(
        number=number, when=_when(chosen), holds=_holds(chosen.mark), path=path, now=now
    )
    try:
        answer = input(question)
    except EOFError:
        print()
        raise CliError(
            _("no answer, so nothing was restored; `banker restore N --yes` restores without asking"), REFUSED
        ) from None
    return answer.strip().casefold() in _yes()


def _yes() -> tuple[str, ...]:
    """The answers that restore: ``y`` or ``yes``, and the language's own (``j``, ``ja``)."""
    return ("y", "yes", pgettext("the answer to [y/N]", "y"), pgettext("the answer to [y/N]", "yes"))
