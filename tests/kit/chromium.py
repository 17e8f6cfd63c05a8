"""Debian's headless Chromium as the phone tests and the docs' screenshots run it: a phone's window, and nothing in
the background that reaches the network or the GPU; and just enough W3C WebDriver (Debian's chromium-driver, plain
HTTP) to open a page, run a script in it and take its picture.

One home for the driver's start, its session and its end: the real-browser tests (``tests/web/test_browser*.py``)
and ``docs/images/phone_requests_screenshots.py`` all drive Chromium through :func:`chromium`.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

from tests.kit.patience import scaled
from tests.kit.waits import soon

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=390,844",
]

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Browser:
    """One WebDriver session: open a URL, run a script, wait for a script's answer, take a screenshot."""

    def __init__(self, http: aiohttp.ClientSession, base: str, session: str) -> None:
        self.http, self.base, self.session = http, base, session

    async def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        async with self.http.request(method, f"{self.base}/session/{self.session}{path}", json=body) as r:
            reply = await r.json()
        assert r.status == 200, reply
        return reply["value"]

    async def open(self, url: str) -> None:
        await self.call("POST", "/url", {"url": url})

    async def js(self, script: str) -> Any:
        return await self.call("POST", "/execute/sync", {"script": script, "args": []})

    async def until(self, script: str, expected: object, seconds: float = 15.0) -> object:
        """Run ``script`` until it answers ``expected``; fail saying what it answered last."""
        last: list[object] = [None]

        async def answers() -> bool:
            last[0] = await self.js(script)
            return last[0] == expected

        try:
            await soon(answers, f"{script!r} to answer {expected!r}", deadline=seconds, every=0.05)
        except AssertionError:
            raise AssertionError(f"{script!r} stayed {last[0]!r}, not {expected!r}") from None
        return last[0]

    async def screenshot(self) -> str:
        """The window as a base64 PNG."""
        return str(await self.call("GET", "/screenshot"))

    async def cdp(self, command: str, params: dict[str, Any]) -> Any:
        """One Chrome DevTools command through chromedriver (``Emulation.*``: the screen a page is drawn on)."""
        async with self.http.post(
            f"{self.base}/session/{self.session}/goog/cdp/execute", json={"cmd": command, "params": params}
        ) as r:
            reply = await r.json()
        assert r.status == 200, reply
        return reply["value"]

    async def screen(self, width: int, height: int, dark: bool = False) -> None:
        """Draw the page on a screen of ``width`` x ``height`` CSS pixels (a screenshot is that size), in the dark
        colour scheme or the light one, whatever the window's size (headless Chromium keeps it at least 500 wide)."""
        await self.cdp(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800},
        )
        scheme = "dark" if dark else "light"
        await self.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

    async def element(self, css: str) -> str:
        """The WebDriver id of the first element ``css`` finds (fails if there is none)."""
        found = await self.call("POST", "/element", {"using": "css selector", "value": css})
        return str(next(iter(found.values())))

    async def click(self, css: str) -> None:
        """Click the element as a person would (it must be in view and not covered: WebDriver scrolls to it). With
        ``phone`` emulation chromedriver may never answer a click: tap instead."""
        await self.call("POST", f"/element/{await self.element(css)}/click", {})

    async def tap(self, css: str, times: int = 1) -> None:
        """Tap the element with a finger ``times`` times, as fast as a thumb does (a double tap: ``times=2``).

        One tap is WebDriver's touch action. More are Chromium's own tap gestures, one after the other at the
        element's middle: WebDriver waits for the page a tap navigates to before it takes the next action, and a
        second tap on a page that a form without script is leaving was seen to keep chromedriver from ever
        answering (a test hung for the client's five minutes). A gesture is answered once it is dispatched, so the
        second tap lands where a person's would, on the page still showing."""
        element = await self.element(css)
        if times == 1:
            target = {"element-6066-11e4-a52e-4f735466cecf": element}
            steps: list[dict[str, Any]] = [{"type": "pointerMove", "origin": target, "x": 0, "y": 0}]
            steps += [{"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
            finger = {"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": steps}
            await self.call("POST", "/actions", {"actions": [finger]})
            return
        middle = await self.call(
            "POST",
            "/execute/sync",
            {
                "script": "const e = arguments[0]; e.scrollIntoView({block: 'center'});"
                " const r = e.getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2};",
                "args": [{"element-6066-11e4-a52e-4f735466cecf": element}],
            },
        )
        point = [{"x": middle["x"], "y": middle["y"]}]
        for _ in range(times):
            await self.cdp("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
            await self.cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    async def back(self) -> None:
        """The browser's Back button."""
        await self.call("POST", "/back", {})

    async def text(self, css: str, wanted: str, seconds: float = 15.0) -> str:
        """The text of the element ``css`` finds once it holds ``wanted`` (a page that a form post replaces may be
        read while it goes: an element gone stale is looked for again)."""
        said = [""]

        async def holds() -> bool:
            async with self.http.post(
                f"{self.base}/session/{self.session}/element", json={"using": "css selector", "value": css}
            ) as r:
                found = (await r.json())["value"]
            if r.status != 200:
                return False
            element = next(iter(found.values()))
            async with self.http.get(f"{self.base}/session/{self.session}/element/{element}/text") as got:
                if got.status == 200:
                    said[0] = (await got.json())["value"]
            return wanted in said[0]

        try:
            await soon(holds, f"{css} to say {wanted!r}", deadline=seconds, every=0.05)
        except AssertionError:
            raise AssertionError(f"{css} said {said[0]!r}, not {wanted!r}") from None
        return said[0]


@asynccontextmanager
async def chromium(
    profile: Path,
    args: list[str] | None = None,
    prefs: dict[str, object] | None = None,
    phone: tuple[int, int] | None = None,
) -> AsyncIterator[Browser]:
    """Chromium driven by its own chromedriver on a free port, with its profile in ``profile``: ``args`` replace
    :data:`FLAGS` (give them whole), ``prefs`` set the browser's preferences (JavaScript off, say), ``phone`` makes
    the page a touch screen of that many CSS pixels, as a phone shows it (headless Chromium keeps a window at least
    500 pixels wide). The session and the driver end on leaving, whatever happened."""
    assert CHROMIUM and CHROMEDRIVER, "chromium and chromium-driver are needed"
    port = free_port()
    driver = await asyncio.create_subprocess_exec(
        CHROMEDRIVER, f"--port={port}", stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        # Every exchange with the driver is bounded: a driver that never answers fails the test in a minute (scaled),
        # not in aiohttp's default five.
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=scaled(60))) as http:

            async def ready() -> bool:
                try:
                    async with http.get(f"{base}/status") as r:
                        return bool((await r.json())["value"]["ready"])
                except aiohttp.ClientConnectionError:
                    return False

            await soon(ready, "chromedriver to be ready", every=0.05)
            options: dict[str, object] = {
                "binary": CHROMIUM,
                "args": [*(FLAGS if args is None else args), "--disable-dev-shm-usage", f"--user-data-dir={profile}"],
            }
            if prefs:
                options["prefs"] = prefs
            if phone is not None:
                width, height = phone
                options["mobileEmulation"] = {
                    "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": True}
                }
            async with http.post(
                f"{base}/session",
                json={"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}},
            ) as r:
                reply = await r.json()
            assert r.status == 200, reply
            browser = Browser(http, base, reply["value"]["sessionId"])
            try:
                yield browser
            finally:
                async with http.delete(f"{base}/session/{browser.session}"):
                    pass
    finally:
        driver.terminate()
        await driver.wait()


__all__ = ["CHROMEDRIVER", "CHROMIUM", "FLAGS", "Browser", "chromium", "free_port"]
