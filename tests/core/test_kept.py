"""What the rules parsed from their shipped files, kept between launches (banker/kept.py, issue 33: a launch reads
its board and variant from the cache, not from TOML): handed back only for the same bytes and the same rules, and
what it hands back is what parsing the file gives, decks carried by the edition included."""

from __future__ import annotations

import os
from pathlib import Path

from banker import kept
from rules import data, decks, editions, variants
from rules.data import HERE


def counting(calls: list[Path]):
    def parse(path: Path) -> str:
        calls.append(path)
        return path.read_text(encoding="utf-8").upper()

    return parse


def test_a_file_is_parsed_once_and_its_parse_kept_for_the_next_process(tmp_path):
    source = tmp_path / "editions" / "home.toml"
    source.parent.mkdir()
    source.write_text("edition = 'home'\n", encoding="utf-8")
    calls: list[Path] = []
    assert kept.keep(source, counting(calls)) == "EDITION = 'HOME'\n"
    assert kept.keep(source, counting(calls)) == "EDITION = 'HOME'\n"  # as a later launch reads it
    assert calls == [source]
    assert (Path(os.environ["BANKER_CACHE_DIR"]) / "data" / "editions-home.pickle").is_file()  # tests/conftest.py


def test_a_changed_file_or_a_damaged_copy_is_parsed_again(tmp_path):
    source = tmp_path / "variants" / "house.toml"
    source.parent.mkdir()
    source.write_text("key = 'house'\n", encoding="utf-8")
    calls: list[Path] = []
    kept.keep(source, counting(calls))
    source.write_text("key = 'other'\n", encoding="utf-8")
    assert kept.keep(source, counting(calls)) == "KEY = 'OTHER'\n"
    (Path(os.environ["BANKER_CACHE_DIR"]) / "data" / "variants-house.pickle").write_bytes(b"\x80\x05not a pickle")
    assert kept.keep(source, counting(calls)) == "KEY = 'OTHER'\n"
    assert calls == [source] * 3


def test_a_change_to_the_rules_parses_again(tmp_path, monkeypatch):
    source = tmp_path / "editions" / "home.toml"
    source.parent.mkdir()
    source.write_text("edition = 'home'\n", encoding="utf-8")
    calls: list[Path] = []
    kept.keep(source, counting(calls))
    code = kept._code()
    monkeypatch.setattr(kept, "_code", lambda: (*code, ("rules/new.py", 1, 1)))  # a module added, or one changed
    kept.keep(source, counting(calls))
    assert calls == [source] * 2
    assert any(name == "rules/board.py" for name, _size, _time in code)


def test_a_cache_that_cannot_be_written_is_done_without(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache's folder would be", encoding="utf-8")
    monkeypatch.setenv("BANKER_CACHE_DIR", str(blocked))
    calls: list[Path] = []
    source = HERE / "variants" / "standard.toml"
    assert kept.keep(source, counting(calls)) == kept.keep(source, counting(calls))
    assert len(calls) == 2


def test_the_boards_and_variants_kept_are_those_the_files_give():
    """Every shipped edition and variant read back from the cache equals the one parsed from its file; the German
    board's own decks (Ereigniskarten, Gemeinschaftskarten) are dealt from the kept board as from the parsed one."""
    parsed = {b.edition: b for b in editions.built_in()}
    cards = {k: decks.deck_cards(b.decks[0], "chance", b) for k, b in parsed.items()}
    rule_systems = {key: variants.load_variant(key) for key in variants.VARIANTS}
    files = editions._built_in_files()
    kept.install()
    for round_ in ("parsed and kept", "read back"):  # as a first launch and the next one (the process's own
        for key, board in parsed.items():  # caches bypassed: other tests hold the boards read before)
            again = editions._read_built_in.__wrapped__(files[key])
            assert again is not board and again == board, round_
            assert decks.deck_cards(again.decks[0], "chance", again) == cards[key], round_
        assert {key: variants.load_variant.__wrapped__(key) for key in variants.VARIANTS} == rule_systems, round_
    data.keep_with(None)
    assert sorted(os.listdir(Path(os.environ["BANKER_CACHE_DIR"]) / "data")) == sorted(
        [f"editions-{key}.pickle" for key in parsed] + [f"variants-{key}.pickle" for key in variants.VARIANTS]
    )
