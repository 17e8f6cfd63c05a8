"""Make the terminal screenshots in docs/app.md: a sample game's deed card (the palette's "Deed: Boardwalk") and
board sheet (B), as the app draws them at 100x32, saved as SVG by Textual.

Run: ``.venv/bin/python docs/images/terminal_screenshots.py``; writes ``docs/images/terminal-*.svg``.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
GAME = [
    "buy ann boardwalk",
    "buy ann park place",
    "build ann boardwalk 3",
    "buy bob reading railroad",
    "mortgage bob reading railroad",
    "buy cy st james place",
    "jail dee",
]


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "sample.db"
        os.environ["BANKER_DB"] = str(db)
        os.environ["BANKER_DATA_DIR"] = tmp
        from banker.session import Session
        from banker.tui.app import make_app
        from rules import Settings

        with Session.create(db, ["Ann", "Bob", "Cy", "Dee"], Settings(), ["car", "dog", "hat", "ship"]) as s:
            for line in GAME:
                assert s.execute(line).ok, line
        app = make_app(db)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause(0.5)
            app.screen.show_deed("Boardwalk")
            await pilot.pause(0.5)
            app.save_screenshot("terminal-deed-card.svg", str(HERE))
            await pilot.press("escape")
            await pilot.pause(0.3)
            await pilot.press("B")
            await pilot.pause(0.5)
            await pilot.press("tab", *"3 0", "enter")
            await pilot.pause(0.3)
            app.save_screenshot("terminal-board-sheet.svg", str(HERE))
    print(HERE / "terminal-deed-card.svg", HERE / "terminal-board-sheet.svg")


if __name__ == "__main__":
    asyncio.run(main())
