"""Shared fixtures: every test gets its own database path, never the user's."""

import gc
import os

import pytest

from tests.kit import fuzz, ramdisk
from tests.kit.skips import fail_unjustified

fuzz.register()  # HYPOTHESIS_PROFILE: ci (each property's own count) or dev (fewer examples); tests/kit/fuzz.py


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    """The run's temporary files (``tmp_path``, ``tempfile``) in memory where there is a memory file system, before
    pytest and xdist choose theirs: tests/kit/ramdisk.py."""
    ramdisk.use_memory(config)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (pyproject.toml): two workers more than the CPUs this process may run on. The real-terminal,
    browser and phone tests spend much of their time waiting for another process (the app in tmux, Chromium, a
    server's threads); workers more keep the CPUs busy meanwhile: on two cores the whole suite took 237 s with
    three workers against 263 s with two, back to back (issue 33). With three, the cores were still idle 7% of a run
    (sampled each second), most in the real-terminal tests' stretch, where they fell to 80%; with four they were
    98% busy, and the suite took 275 s against 294 s and 321 s against 328 s in two pairs run back to back, in
    alternating order (bench/bench_suite.py). The two busy runs that failed with three workers
    (a load of 7) each found a defect, not a wait too short: a test a timer could race, and a launch gate that looked
    busy; both are fixed. The quick run (``-m "not slow"``) has no test that waits on another process, so it keeps
    one worker per CPU: there a third worker only adds its own collection and caches, 14 to 19% more CPU, and took
    103 s against 97 s and 96 s against 87 s in two back-to-back pairs. xdist's own
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 1
    waits = " ".join((config.getoption("markexpr", "") or "").split()) != "not slow"
    return cpus + 2 if waits else cpus


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    """Everything collection imported (Textual, the app, the engine, the test modules) lives as long as the process,
    so it is frozen out of the garbage collector's sight (``gc.freeze``), as ``banker`` does at launch
    (banker.tui.app.run), and young collections come at ten thousand new objects instead of seven hundred. A pilot
    test makes many short-lived objects with cycles (widgets and their parents), and each full collection walked all
    of the process's modules again: the collector was a sixth of a dialog test's time, a tenth with this (issue
    33). Garbage is still collected, only less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


@pytest.fixture(autouse=True)
def _private_database(tmp_path, tmp_path_factory, monkeypatch):
    monkeypatch.setenv("BANKER_DB", str(tmp_path / "banker.db"))
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BANKER_CONFIG_DIR", str(tmp_path / "config"))  # never the user's config.toml
    # nor the user's cache (compiled catalogues, kept boards, the code dataclasses generate), which every command
    # writes: beside the test's folder, not in it, where tests look for files a command must not have made
    monkeypatch.setenv("BANKER_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    # English, whatever the machine's locale: a test that reads another language chooses it (docs/languages.md)
    monkeypatch.setenv("LANGUAGE", "en")
    # The app's phone pages on loopback and any free port: a test never depends on 8421 being free (a banker of the
    # user's, or another test, may hold it) and sends nothing beyond this machine.
    monkeypatch.setenv("BANKER_WEB_HOST", "127.0.0.1")
    monkeypatch.setenv("BANKER_WEB_PORT", "0")


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that ran ``banker`` in this process with another language (its ``main`` installs the banker's
    language) leaves the next test in English."""
    yield
    from banker import language

    language.install(language.SOURCE)


@pytest.fixture(autouse=True)
def _editions_of_this_test_only():
    """The editions a test read from files or journals, and its editions folder, are forgotten after it, and the
    rules parse their shipped files afresh again (a ``banker`` run in this process keeps them: banker/kept.py), and
    dataclasses compiles its own code again (banker/compiled.py)."""
    yield
    from banker import compiled
    from rules.data import keep_with
    from rules.editions import forget

    forget()
    keep_with(None)
    compiled.uninstall()


@pytest.fixture(autouse=True)
def _errors_fail_tests(monkeypatch):
    """Under test an unexpected exception fails the test: the app's safety net (show, log, keep the game) would
    otherwise turn it into a notification that no assertion sees."""
    from banker.tui.app import BankerApp

    monkeypatch.setattr(BankerApp, "raise_errors", True)


@pytest.fixture(autouse=True)
def _pilot_waits_on_conditions(monkeypatch):
    """The pilot's waits (after each key, in ``pause()``) wait for the app to have done what it was given, not for
    a quiet 20 ms of CPU: tests/kit/quiet.py says why and what is waited for."""
    import textual.app
    import textual.pilot

    from tests.kit.quiet import idle

    monkeypatch.setattr(textual.app, "wait_for_idle", idle)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", idle)


@pytest.fixture(autouse=True)
def _no_animations(monkeypatch):
    """A scroll in a pilot test lands at once: the pilot waits for every animation to finish (tests/kit/quiet.py),
    and Help's PageDown and End each took a whole scroll animation, 0.7 s and 1 s of a test's time, testing
    Textual's easing rather than where the keys go (``TEXTUAL_ANIMATIONS=none``, read by each app as it is made;
    the real-terminal tests launch ``banker`` with the animations a banker sees)."""
    import textual.constants

    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(autouse=True)
def _css_parsed_once(monkeypatch):
    """Each stylesheet source is parsed once for the whole run, not once in every test's app (tests/kit/css.py)."""
    from textual.css.stylesheet import Stylesheet

    from tests.kit.css import parsed_once

    monkeypatch.setattr(Stylesheet, "_parse_rules", parsed_once)


@pytest.fixture(autouse=True)
def _no_frames_drawn(request, monkeypatch):
    """A headless app makes each changed widget's content but draws no frame (tests/kit/frames.py says why): the
    tests read widgets, not pictures. A test of the drawing itself is marked ``frames``."""
    if request.node.get_closest_marker("frames") is None:
        from textual.screen import Screen

        from tests.kit.frames import content_only

        monkeypatch.setattr(Screen, "_compositor_refresh", content_only)


@pytest.fixture(autouse=True)
def _pilot_waits_for_keys(monkeypatch):
    """``pilot.press`` returns once every key pressed has taken effect: the app lets a key through only when the
    keys before it have (banker.tui.keyorder), so Textual's own wait (for the screen's queues) can come too early."""
    from textual.pilot import Pilot

    from banker.tui.keyorder import KeyOrder
    from tests.kit.patience import scaled
    from tests.kit.quiet import DEADLINE, at_rest

    # A key whose effects take longer than the app's 2 s to settle lets the next key go (a banker's laptop must go
    # on reading keys); under test it is the test's deadline that tells a slow key from a hung one (the pilot's
    # wait for the key fails naming it), so a starved worker of a busy machine does not reorder the keys.
    monkeypatch.setattr(KeyOrder, "DEADLINE", scaled(DEADLINE))
    press = Pilot.press

    async def pressed(self, *keys: str) -> None:
        await press(self, *keys)
        order = getattr(self.app, "keys", None)
        if isinstance(order, KeyOrder):
            await order.wait_idle()
            await self.pause()

    monkeypatch.setattr(Pilot, "press", pressed)
    wait_for_screen = Pilot._wait_for_screen

    async def screen_waited(self, timeout: float = 30.0) -> bool:
        # Textual's wait for the screen's queues, where some pump is still busy; at rest (tests/kit/quiet.py) it
        # would send a callback through every widget of the screen to find so
        if at_rest(self.app):
            return True
        return await wait_for_screen(self, timeout)

    monkeypatch.setattr(Pilot, "_wait_for_screen", screen_waited)


@pytest.fixture(autouse=True)
def _keys_set_aside_only_if_typed_before_the_screen_showed(monkeypatch):
    """A pilot types like a machine: each key right after the screen has settled. The app's reaction time (keys
    read in the first half second of a screen it opened on its own are set aside: banker.tui.keyorder) would set
    aside every key a test types into such a screen, so here it is 0: keys typed before the screen was drawn are
    still set aside (the burst tests), keys typed after it act. The tests of the reaction time set it themselves."""
    from banker.tui.keyorder import KeyOrder

    monkeypatch.setattr(KeyOrder, "REACTION", 0.0)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """No test skips in silence: a skip is a failure unless it is justified (tests/kit/skips.py)."""
    report = yield
    fail_unjustified(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    """Likewise a whole module skipped while it is collected."""
    report = yield
    fail_unjustified(report)
    return report
