"""Shared fixtures: every test gets its own database path, never the user's."""

import pytest


@pytest.fixture(autouse=True)
def _private_database(tmp_path, monkeypatch):
    monkeypatch.setenv("BANKER_DB", str(tmp_path / "banker.db"))
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
