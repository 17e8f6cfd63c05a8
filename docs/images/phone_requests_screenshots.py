"""Make the screenshots of the request forms in docs/phones.md: Bob's page on a 360-pixel-wide phone with the rent
form open and the engine's preview shown, one request recorded and one waiting, light and dark. Headless Chromium
driven by Debian's chromium-driver (plain W3C WebDriver), as the real-browser test drives it.

Run: ``.venv/bin/python docs/images/phone_requests_screenshots.py`` (needs ``chromium`` and ``chromium-driver``);
writes ``docs/images/phone-requests.png`` and ``phone-requests-dark.png``.
"""

from __future__ import annotations

import asyncio
import base64
import shutil
import socket
import sys
import tempfile
from pathlib import Path

import aiohttp

from banker.session import Session
from banker.web.server import PhoneServer
from rules import Settings

HERE = Path(__file__).parent
SIZE = (360, 1000)


def flags() -> list[str]:
    sys.path.insert(0, str(HERE.parents[1]))  # the checkout, for ``tests``
    from tests.kit.chromium import FLAGS

    return [f for f in FLAGS if not f.startswith("--window-size")] + [
        f"--window-size={SIZE[0]},{SIZE[1]}",
        "--hide-scrollbars",
        "--disable-dev-shm-usage",
    ]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def shoot(url: str, out: Path, dark: bool) -> None:
    port = free_port()
    driver = await asyncio.create_subprocess_exec(
        shutil.which("chromedriver"),
        f"--port={port}",
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(200):
                try:
                    async with http.get(f"{base}/status") as r:
                        if (await r.json())["value"]["ready"]:
                            break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.05)
            with tempfile.TemporaryDirectory() as profile:
                args = [*flags(), f"--user-data-dir={profile}", *(["--force-dark-mode"] if dark else [])]
                options = {"binary": shutil.which("chromium"), "args": args}
                caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
                async with http.post(f"{base}/session", json=caps) as r:
                    sid = (await r.json())["value"]["sessionId"]

                async def call(path: str, body: dict | None = None):
                    method = "GET" if body is None else "POST"
                    async with http.request(method, f"{base}/session/{sid}{path}", json=body) as r:
                        return (await r.json())["value"]

                async def js(script: str):
                    return await call("/execute/sync", {"script": script, "args": []})

                await call("/url", {"url": url})
                form = "document.querySelector('form[data-form=rent]')"
                await js(f"{form}.closest('details').open = true")
                await js(
                    f"const s = {form}.querySelector('select[name=deed]'); s.value = 'Boardwalk';"
                    "s.dispatchEvent(new Event('input', {bubbles: true}))"
                )
                for _ in range(100):
                    if await js(f"return {form}.querySelector('.preview').textContent"):
                        break
                    await asyncio.sleep(0.05)
                await js("document.getElementById('asks').scrollIntoView()")
                out.write_bytes(base64.b64decode(await call("/screenshot")))
                async with http.delete(f"{base}/session/{sid}"):
                    pass
    finally:
        driver.terminate()
        await driver.wait()
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
