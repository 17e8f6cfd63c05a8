"""Make the screenshots of the request forms in docs/phones.md: Bob's page on a 360-pixel-wide phone with the rent
form open and the engine's preview shown, one request recorded and one waiting, light and dark. Headless Chromium
driven by Debian's chromium-driver (plain W3C WebDriver) through ``tests/kit/chromium.py``, as the real-browser
tests drive it.

Run: ``.venv/bin/python docs/images/phone_requests_screenshots.py`` (needs ``chromium`` and ``chromium-driver``);
writes ``docs/images/phone-requests.png`` and ``phone-requests-dark.png``.
"""

from __future__ import annotations

import asyncio
import base64
import shutil
import sys
import tempfile
from pathlib import Path

from banker.session import Session
from banker.web.server import PhoneServer
from rules import Settings

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))  # the checkout, for ``tests``
from tests.kit.chromium import FLAGS, chromium  # noqa: E402 - after the checkout is on the path
from tests.kit.waits import soon  # noqa: E402

SIZE = (360, 1000)


def flags() -> list[str]:
    return [f for f in FLAGS if not f.startswith("--window-size")] + [
        f"--window-size={SIZE[0]},{SIZE[1]}",
        "--hide-scrollbars",
    ]


async def shoot(url: str, out: Path, dark: bool) -> None:
    with tempfile.TemporaryDirectory() as profile:
        args = [*flags(), *(["--force-dark-mode"] if dark else [])]
        async with chromium(Path(profile), args) as browser:
            await browser.open(url)
            form = "document.querySelector('form[data-form=rent]')"
            await browser.js(f"{form}.closest('details').open = true")
            await browser.js(
                f"const s = {form}.querySelector('select[name=deed]'); s.value = 'Boardwalk';"
                "s.dispatchEvent(new Event('input', {bubbles: true}))"
            )
            await soon(
                lambda: browser.js(f"return {form}.querySelector('.preview').textContent"), "the engine's preview"
            )
            await browser.js("document.getElementById('asks').scrollIntoView()")
            out.write_bytes(base64.b64decode(await browser.screenshot()))
    print(out)


async def main() -> None:
    if shutil.which("chromium") is None or shutil.which("chromedriver") is None:
        sys.exit("chromium and chromium-driver are needed")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "sample.db"
        session = Session.create(db, ["Ann", "Bob", "Cy"], Settings(), ["car", "dog", "hat"])
        for line in ["buy ann boardwalk", "buy ann park place", "buy cy st james place", "next"]:
            assert session.execute(line).ok, line
        server = PhoneServer(db, "127.0.0.1", 0)
        await server.start()
        bob = server.serve(session.game_id)[1].url
        server.asked.journal.add_request(session.game_id, 1, "sample-go-01", "go Bob", 5)
        row, _ = server.asked.journal.add_request(session.game_id, 1, "sample-tax-1", "tax Bob income 200", 5)
        assert row is not None
        session.execute(row.line, request=row)
        server.asked.journal.add_request(session.game_id, 1, "sample-rent-1", "rent Bob St. James Place", 5)
        await shoot(bob, HERE / "phone-requests.png", dark=False)
        await shoot(bob, HERE / "phone-requests-dark.png", dark=True)
        await server.stop()
        session.close()


if __name__ == "__main__":
    asyncio.run(main())
