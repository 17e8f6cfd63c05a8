"""Issue 22 in a real terminal: the installed ``banker`` in tmux turns the phone pages on with o; the app is killed
(a crash: its terminal closed) and launched again, and the pages are on again by themselves at the same links,
with a notification that says so and where. The oracle is a page fetched over HTTP, not only the screen."""

from __future__ import annotations

import re
import urllib.request

from tests.kit.patience import scaled
from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS

LINK = re.compile(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{16,64}")


def page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=scaled(10)) as response:
        assert response.status == 200
        return response.read().decode()


def test_the_pages_come_back_on_after_a_crash_and_a_relaunch(tmp_path):
    with Terminal(tmp_path) as term:
        term.env.update({"BANKER_WEB_HOST": "127.0.0.1", "BANKER_WEB_PORT": "0"})
        term.play("new standard Ann Bob", "buy ann boardwalk")
        term.launch()
        term.keys("o")
        # both players' links drawn (the table's is further down); which is Ann's is read from the page itself: the
        # codes stand side by side and a link's row on screen says nothing of its seat (a CI dry run read Bob's)
        screen = term.wait_until(lambda s: len(LINK.findall(s)) >= 2, "Ann's and Bob's links")
        links = LINK.findall(screen)
        ann = next(link for link in links if "<h1>Ann</h1>" in page(link))
        assert "$1,100" in page(ann)
        term.keys("Escape")
        term.wait_gone("each player scans")
        term.close()  # the terminal closed under the app: it ends without quitting
        term.launch()
        base = ann.rsplit("/", 1)[0]
        term.wait_for(f"Phone pages on again at {base}")
        term.do("pay ann 100")  # another terminal's command: the page follows it
        assert "$1,000" in page(ann)
        term.keys("o")  # o still shows the codes: the same links
        again = term.wait_until(lambda s: len(LINK.findall(s)) >= 2, "the links again")
        assert sorted(LINK.findall(again)[: len(links)]) == sorted(links)
