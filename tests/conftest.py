"""Shared fixtures: every test gets its own database path, never the user's."""

import pytest

from tests.kit import fuzz
from tests.kit.skips import fail_unjustified

fuzz.register()  # HYPOTHESIS_PROFILE: ci (each property's own count) or dev (fewer examples); tests/kit/fuzz.py


@pytest.fixture(autouse=True)
def _private_database(tmp_path, monkeypatch):
    monkeypatch.setenv("BANKER_DB", str(tmp_path / "banker.db"))
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BANKER_CONFIG_DIR", str(tmp_path / "config"))  # never the user's config.toml


@pytest.fixture(autouse=True)
def _editions_of_this_test_only():
    """The editions a test read from files or journals, and its editions folder, are forgotten after it."""
    yield
    from rules.editions import forget

    forget()


@pytest.fixture(autouse=True)
def _errors_fail_tests(monkeypatch):
    """Under test an unexpected exception fails the test: the app's safety net (show, log, keep the game) would
    otherwise turn it into a notification that no assertion sees."""
    from banker.tui.app import BankerApp

    monkeypatch.setattr(BankerApp, "raise_errors", True)


@pytest.fixture(autouse=True)
def _pilot_waits_for_keys(monkeypatch):
    """``pilot.press`` returns once every key pressed has taken effect: the app lets a key through only when the
    keys before it have (banker.tui.keyorder), so Textual's own wait (for the screen's queues) can come too early."""
    from textual.pilot import Pilot

    from banker.tui.keyorder import KeyOrder

    press = Pilot.press

    async def pressed(self, *keys: str) -> None:
        await press(self, *keys)
        order = getattr(self.app, "keys", None)
        if isinstance(order, KeyOrder):
            await order.wait_idle()
            await self.pause()

    monkeypatch.setattr(Pilot, "press", pressed)


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
