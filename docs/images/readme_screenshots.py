"""Make the README's pictures of the real screens (issue 34), so they are made again, never drawn: a sample game
played through the session, then
- the table mid-game and the rent dialog's preview, as the app draws them at 100x30 (Textual's own
  ``save_screenshot``, SVG);
- Bob's phone page (360 CSS pixels wide, with worth over the game), the table's page on a 1920x1080 television, and
  the recap of a finished game, photographed by Debian's headless Chromium (``tests/kit/chromium.py``; PNG).

Run: ``.venv/bin/python docs/images/readme_screenshots.py [OUT_DIR]`` (needs ``chromium`` and ``chromium-driver``);
writes :data:`OUTPUTS` into ``docs/images`` (or ``OUT_DIR``). ``tests/project/test_readme_images.py`` holds the README
to these names and runs the script.
"""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))  # the checkout, for ``tests``

OUTPUTS = (
    "readme-table.svg",
    "readme-rent-preview.svg",
    "readme-phone.png",
    "readme-tv.png",
    "readme-recap.png",
)
"""What the script writes, each named in the README."""

NAMES = ["Ann", "Bob", "Cy", "Dee"]
TOKENS = ["car", "dog", "hat", "ship"]
GAME = [
    "buy ann boardwalk",
    "next",
    "buy bob reading railroad",
    "next",
    "buy cy st james place",
    "next",
    "buy dee vermont avenue",
    "next",
    "buy ann park place",
    "next",
    "rent bob park place",
    "next",
    "buy cy tennessee avenue",
    "next",
    "tax dee income 200",
    "next",
    "build ann boardwalk 3",
    "next",
    "rent bob boardwalk",
    "next",
    "buy cy new york avenue",
    "next",
    "rent dee reading railroad",
    "next",
    "rent ann st james place",
    "next",
]
RECAP = [
    "deal ann boardwalk",
    "deal ann park place",
    "deal bob reading railroad",
    "deal bob pennsylvania railroad",
    "deal cy st james place",
    "deal cy tennessee avenue",
    "deal cy new york avenue",
    "next",
    "build ann boardwalk 2",
    "next",
    "rent bob boardwalk",
    "next",
    "build cy new york avenue 3",
    "rent cy reading railroad",
    "next",
    "rent ann new york avenue",
    "next",
    "rent bob st james place",
    "next",
    "build ann boardwalk 4",
    "next",
    "rent cy park place",
    "next",
    "bankrupt bob to cy",
]


def _play(db: Path, lines: list[str], variant: str = "standard") -> int:
    from banker.session import Session
    from rules import Settings

    seats = 4 if variant == "standard" else 3
    with Session.create(db, NAMES[:seats], Settings(variant=variant), TOKENS[:seats]) as s:
        for line in lines:
            reply = s.execute(line)
            assert reply.ok, f"{line}: {reply.message}"
        return s.game_id


async def _terminal(db: Path, out: Path) -> None:
    """The table mid-game and the rent dialog's live preview, drawn by the app itself."""
    from banker.tui.app import make_app

    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.5)
        app.save_screenshot("readme-table.svg", str(out))
        await pilot.press("r", *"boardwalk", "tab", *"cy")
        await pilot.pause(0.5)
        app.save_screenshot("readme-rent-preview.svg", str(out))


async def _browser(url: str, path: Path, width: int, height: int, scroll: str = "") -> None:
    from tests.kit.chromium import FLAGS, chromium

    with tempfile.TemporaryDirectory() as profile:
        async with chromium(Path(profile), [*FLAGS, "--hide-scrollbars"]) as browser:
            await browser.screen(width, height)
            await browser.open(url)
            await browser.until("return document.readyState", "complete")
            if scroll:
                await browser.js(f"document.querySelector({scroll!r}).scrollIntoView()")
            path.write_bytes(base64.b64decode(await browser.screenshot()))


async def make(out: Path) -> list[Path]:
    if shutil.which("chromium") is None or shutil.which("chromedriver") is None:
        sys.exit("chromium and chromium-driver are needed")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BANKER_DATA_DIR"] = tmp
        db = Path(tmp) / "sample.db"
        os.environ["BANKER_DB"] = str(db)
        game = _play(db, GAME)
        await _terminal(db, out)
        from banker.journal import TABLE_SEAT
        from banker.web.server import PhoneServer

        server = PhoneServer(db, "127.0.0.1", 0)
        await server.start()
        try:
            links = {link.seat: link.url for link in server.serve(game)}
            await _browser(links[1], out / "readme-phone.png", 360, 900)
            await _browser(links[TABLE_SEAT], out / "readme-tv.png", 1920, 1080)
        finally:
            await server.stop()
        finished = Path(tmp) / "finished.db"
        _play(finished, RECAP, "short-1990s")
        from banker.reports import formats
        from banker.reports.report import report
        from banker.session import Session

        with Session.open(finished, readonly=True) as s:
            page = Path(tmp) / "recap.html"
            page.write_bytes(formats.find_format("recap").render(report(s, story=True)))
        await _browser(page.as_uri(), out / "readme-recap.png", 1000, 1500)
    return [out / name for name in OUTPUTS]


if __name__ == "__main__":
    for made in asyncio.run(make(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)):
        print(made)
