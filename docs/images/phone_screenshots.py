"""Make the phone pages' screenshots in docs/phones.md: a sample game served on loopback, photographed by Debian's
headless Chromium at a phone's size (390x844), light and dark.

Run: ``.venv/bin/python docs/images/phone_screenshots.py`` (needs ``chromium``); writes ``docs/images/*.png``.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

from banker.session import Session
from banker.web.server import PhoneServer
from rules import HouseRules, Settings

HERE = Path(__file__).parent
GAME = [
    "buy ann boardwalk",
    "buy ann park place",
    "go ann",
    "go ann",
    "go ann",
    "buy ann reading railroad",
    "buy ann pennsylvania railroad",
    "buy ann electric company",
    "build ann boardwalk 3",
    "mortgage ann electric company",
    "card ann chance get_out_of_jail_free",
    "next",
    "buy bob st james place",
    "rent bob boardwalk",
    "next",
    "tax cy luxury",
    "buy cy marvin gardens",
    "rent cy pennsylvania railroad",
    "next",
    "jail dee",
    "next",
]


def chromium_flags() -> list[str]:
    """The real-browser test's Chromium flags (``tests/kit/chromium.py``), and no scrollbars in a picture."""
    sys.path.insert(0, str(HERE.parents[1]))  # the checkout, for ``tests``
    from tests.kit.chromium import FLAGS

    return [*FLAGS, "--hide-scrollbars"]


async def shoot(url: str, out: Path, dark: bool = False, height: int = 0) -> None:
    with tempfile.TemporaryDirectory() as profile:
        args = [*chromium_flags(), f"--user-data-dir={profile}", f"--screenshot={out}"]
        args += [f"--window-size=390,{height}"] if height else []
        args += ["--force-dark-mode"] if dark else []
        proc = await asyncio.create_subprocess_exec(
            shutil.which("chromium"), *args, url, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
        )
        await proc.wait()
    print(out)


def crop(path: Path, top: int, bottom: int) -> None:
    from PIL import Image

    with Image.open(path) as image:
        part = image.crop((0, top, image.width, bottom))
    part.save(path)


async def main() -> None:
    if shutil.which("chromium") is None:
        sys.exit("chromium is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "sample.db"
        session = Session.create(
            db,
            ["Ann", "Bob", "Cy", "Dee"],
            Settings(house_rules=HouseRules(free_parking=True)),
            ["car", "dog", "hat", "ship"],
        )
        for line in GAME:
            reply = session.execute(line)
            assert reply.ok, (line, reply.message)
        server = PhoneServer(db, "127.0.0.1", 0)
        await server.start()
        links = server.serve(session.game_id)
        await shoot(links[0].url, HERE / "phone-player.png")
        await shoot(links[0].url, HERE / "phone-player-dark.png", dark=True)
        await shoot(links[-1].url, HERE / "phone-table.png")
        # a deed's card opened by its link (#card-<deed>), and the table's board sheet: tall windows, then cut
        await shoot(links[0].url + "#card-boardwalk", HERE / "phone-deed-card.png", height=2400)
        crop(HERE / "phone-deed-card.png", 300, 1300)
        await shoot(links[-1].url, HERE / "phone-board-sheet.png", height=2000)
        crop(HERE / "phone-board-sheet.png", 380, 1660)
        await server.stop()
        session.close()


if __name__ == "__main__":
    asyncio.run(main())
