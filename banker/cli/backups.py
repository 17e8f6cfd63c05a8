"""``banker backups`` and ``banker restore N``: the database's backups (:mod:`banker.backups`, docs/storage.md),
listed and brought back; and the backup a subcommand takes when it ends a game.

Only the app's launch and a game's end take a backup, never a subcommand as such: ``banker do`` is one step of a
game, which a script may run hundreds of times a night (docs/storage.md, "Backups", says why).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from banker.backups import Backup, BackupError, Mark, back_up, folder, listing, mark_of, restore
from banker.cli.support import CANNOT, REFUSED, CliError, complain, database, say


def after_game_end(db: Path) -> None:
    """A subcommand ended a game: back the database up. A backup that cannot be made is one line on stderr; the
    game is recorded all the same and the command's status stays."""
    try:
        back_up(db)
    except BackupError as e:
        complain(f"{e} (the game is recorded)")


def _listing(path: Path) -> list[Backup]:
    try:
        return listing(path)
    except BackupError as e:
        raise CliError(str(e)) from None


def _when(backup: Backup) -> str:
    local = backup.time.astimezone()
    return f"{local.day} {local.strftime('%b %Y, %H:%M:%S')}"


def _holds(mark: Mark) -> str:
    games = f"{mark.games} game{'s' if mark.games != 1 else ''}"
    return f"{games}, {mark.entries:,} journal entr{'ies' if mark.entries != 1 else 'y'}"


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:,.1f} MB" if n >= 1024 * 1024 else f"{max(1, round(n / 1024)):,} KB"


def cmd_backups(args: argparse.Namespace) -> int:
    """The backups, newest first, numbered for ``banker restore``: when, how many games and journal entries, the
    file's size; one that cannot be read says why."""
    path = database(args.db)
    found = _listing(path)
    if not found:
        say(f"no backups of {path} yet: the app makes one at each launch and at each game's end, in {folder(path)}")
        return 0
    say(f"{'#':>3}  {'taken':<23}  {'games':>5}  {'entries':>8}  {'size':>9}")
    for n, b in enumerate(found, start=1):
        if b.mark is None:
            say(f"{n:>3}  {_when(b):<23}  cannot be read: {b.problem}")
        else:
            say(f"{n:>3}  {_when(b):<23}  {b.mark.games:>5}  {b.mark.entries:>8,}  {_size(b.size):>9}")
    say(f"(in {folder(path)}; `banker restore N` brings backup N back as {path.name})")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Bring backup N back as the database, after asking (``--yes``: without). The database there now is kept as
    a backup first (``banker restore 1`` then brings it back)."""
    path = database(args.db)
    found = _listing(path)
    if not found:
        raise CliError(f"there are no backups of {path} (in {folder(path)})", REFUSED)
    if args.number > len(found):
        raise CliError(
            f"there is no backup {args.number}: {len(found)} backup{'s are' if len(found) != 1 else ' is'} "
            "kept (`banker backups` lists them)",
            REFUSED,
        )
    chosen = found[args.number - 1]
    if chosen.mark is None:
        raise CliError(f"backup {args.number} ({chosen.path}) cannot be restored: {chosen.problem}", REFUSED)
    if not args.yes and not _confirmed(path, args.number, chosen):
        complain("nothing was restored")
        return CANNOT
    try:
        done = restore(path, chosen)
    except BackupError as e:
        raise CliError(str(e)) from None
    kept = done.kept
    if isinstance(kept, Backup):
        then = f"; the database it replaced is backup 1 now (`banker restore 1` brings it back): {kept.path}"
    elif isinstance(kept, Path):
        then = f"; the file it replaced could not be read as a database and is kept as {kept}"
    else:
        then = ""
    say(f"restored backup {args.number} ({_when(chosen)}: {_holds(chosen.mark)}) as {path}{then}")
    return 0


def _confirmed(path: Path, number: int, chosen: Backup) -> bool:
    assert chosen.mark is not None
    if not path.exists():
        now = f"There is no {path.name} now."
    else:
        try:
            now = f"The {path.name} there now ({_holds(mark_of(path))}) is kept as a backup first."
        except BackupError as e:
            now = f"The {path.name} there now cannot be read ({e}); it is kept beside it first."
    question = f"Restore backup {number}, taken {_when(chosen)} ({_holds(chosen.mark)}), as {path}? {now} [y/N] "
    try:
        answer = input(question)
    except EOFError:
        print()
        raise CliError(
            "no answer, so nothing was restored; `banker restore N --yes` restores without asking", REFUSED
        ) from None
    return answer.strip().casefold() in ("y", "yes")
