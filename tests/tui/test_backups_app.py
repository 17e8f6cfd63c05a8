"""The app backs the database up on its own (docs/storage.md, "Backups"): at launch, in a thread worker so the table
never waits for the copy, and at a game's end; a backups folder it cannot write to is said in one notification,
however many backups meet it, and the game goes on."""

from __future__ import annotations

import threading

from banker import backups
from banker.tui.app import make_app
from banker.tui.screens.standings import StandingsScreen
from banker.tui.screens.table import TableScreen
from tests.kit.journal import db_path, journal_lines, make_game
from tests.kit.unprivileged import ran_unprivileged
from tests.kit.waits import settled, until

SIZE = (120, 40)
SHORT = ("deal ann boardwalk", "deal bob park place")


def backup_notes(app) -> list[str]:
    """The backup notifications said, expired ones too (a loaded machine outlasts their ten seconds)."""
    return [message for title, message in getattr(app, "said", []) if title == "Backup"]


def hear(app) -> None:
    said: list[tuple[str, str]] = []
    notify = app.notify

    def heard(message: str, **options) -> None:
        said.append((options.get("title", ""), message))
        notify(message, **options)

    app.said = said
    app.notify = heard


def entries(db) -> list[int]:
    return [b.mark.entries for b in backups.listing(db) if b.mark is not None]


async def test_the_launch_backs_up_in_a_worker_and_the_game_s_end_again(monkeypatch):
    from rules import Settings

    db = db_path()
    make_game(db, ("Ann", "Bob"), SHORT, Settings(variant="short-1990s"))
    copied_on: list[int] = []
    back_up = backups.back_up

    def watched(*args, **kwargs):
        copied_on.append(threading.get_ident())
        return back_up(*args, **kwargs)

    monkeypatch.setattr(backups, "back_up", watched)
    app = make_app(db)
    hear(app)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await settled(pilot)
        assert entries(db) == [2]  # the database as the evening found it
        await pilot.press("slash", *"rent bob boardwalk", "enter")
        await pilot.press("slash", *"end", "enter")
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
        await settled(pilot)
        assert journal_lines(app)[-1] == "end"
        assert entries(db) == [len(journal_lines(app)), 2]  # the finished game
        assert backup_notes(app) == []  # a backup that works says nothing
    assert len(copied_on) == 2 and threading.get_ident() not in copied_on


async def test_a_launch_with_nothing_new_since_the_last_backup_copies_nothing():
    db = db_path()
    make_game(db, lines=["go ann"])
    for _ in range(3):
        app = make_app(db)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda app=app: isinstance(app.screen, TableScreen), "the table")
            await settled(pilot)
    assert entries(db) == [1]


async def test_a_read_only_backups_folder_is_said_once_and_the_game_goes_on(request):
    if ran_unprivileged(request):
        return
    from rules import Settings

    db = db_path()
    make_game(db, ("Ann", "Bob"), SHORT, Settings(variant="short-1990s"))
    folder = backups.folder(db)
    folder.mkdir()
    folder.chmod(0o555)
    try:
        app = make_app(db)
        hear(app)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: backup_notes(app), "the launch backup's failure said")
            assert backup_notes(app) == [
                f"No backup of {db} was made: cannot write to {folder}: the folder is read-only. The game goes on; "
                "every command is recorded as always."
            ]
            await pilot.press("slash", *"go ann", "enter")
            await pilot.press("slash", *"end", "enter")
            await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
            await settled(pilot)
            assert journal_lines(app)[-2:] == ["go ann", "end"] and app.session.state.over
            assert len(backup_notes(app)) == 1  # the game's end met it too: said once
    finally:
        folder.chmod(0o755)
    assert list(folder.iterdir()) == []


async def test_no_room_on_the_disk_is_said_once_whatever_the_figures(monkeypatch):
    from rules import Settings

    db = db_path()
    make_game(db, ("Ann", "Bob"), SHORT, Settings(variant="short-1990s"))
    monkeypatch.setattr(backups, "HEADROOM", 2**62)  # more free space than any disk has
    free = iter([10 * 2**20, 9 * 2**20])  # and the disk fills up between the launch and the game's end
    real = backups.shutil.disk_usage
    monkeypatch.setattr(backups.shutil, "disk_usage", lambda path: real(path)._replace(free=next(free)))
    app = make_app(db)
    hear(app)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: backup_notes(app), "the launch backup's failure said")
        [note] = backup_notes(app)
        assert note.startswith(f"No backup of {db} was made: the disk holding {backups.folder(db)} has 10 MB free")
        await pilot.press("slash", *"end", "enter")
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
        await settled(pilot)
        assert app.session.state.over and backup_notes(app) == [note]
    assert next(free, None) is None  # the game's end tried again, and met the same problem with other figures
