"""The code dataclasses generate, compiled once and kept between launches (banker/compiled.py, issue 33: compiling
it was half of Banker's own share of the launch): the classes made with it are the classes made without it, and a
second process compiles nothing it kept."""

from __future__ import annotations

import dataclasses
import inspect
import marshal
import os
import subprocess
import sys
from pathlib import Path

from banker import compiled

SOURCE = '''
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Seat:
    """A player's seat."""

    name: str
    cash: int = 1500
    deeds: tuple[int, ...] = field(default_factory=tuple)
'''


def made() -> type:
    namespace: dict[str, object] = {"__name__": "seats"}
    sys.modules["seats"] = type(sys)("seats")
    try:
        exec(compile(SOURCE, "seats.py", "exec"), namespace)
        sys.modules["seats"].__dict__.update(namespace)
    finally:
        del sys.modules["seats"]
    return namespace["Seat"]  # type: ignore[return-value]


def kept_file() -> Path:
    return Path(os.environ["BANKER_CACHE_DIR"]) / "code" / "dataclasses.marshal"  # tests/conftest.py's


def test_a_class_made_with_the_kept_code_is_the_class_dataclasses_makes():
    plain = made()
    compiled.install()
    for round_ in ("compiled and kept", "from what was kept"):
        seat = made()
        for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
            assert getattr(seat, method).__code__ == getattr(plain, method).__code__, (round_, method)
        assert inspect.signature(seat) == inspect.signature(plain) and seat.__doc__ == plain.__doc__
        ann = seat("Ann", deeds=(3,))
        assert repr(ann) == "Seat(name='Ann', cash=1500, deeds=(3,))"
        assert ann == seat("Ann", 1500, (3,)) and hash(ann) == hash(seat("Ann", 1500, (3,)))
        try:
            ann.cash = 0  # type: ignore[misc]
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError("a frozen record took a new value")
        compiled.save()
        compiled.uninstall()
        compiled.install()  # as the next process: what was saved, read back


def test_a_second_process_compiles_nothing_it_kept():
    compiled.install()
    made()
    compiled.save()
    assert kept_file().is_file()
    compiled.uninstall()
    compiled.install()
    made()
    assert compiled._kept is not None and not compiled._kept.new  # nothing compiled here: save writes nothing


def test_another_pythons_or_a_damaged_file_is_compiled_afresh():
    kept_file().parent.mkdir(parents=True)
    code = marshal.dumps(compile("1", "<string>", "exec"))
    kept_file().write_bytes(marshal.dumps(("2.7.18", {"def f(): pass": code})))
    assert compiled._read(kept_file()) == {}
    kept_file().write_bytes(b"\x00not marshal")
    assert compiled._read(kept_file()) == {}
    compiled.install()
    made()
    compiled.save()
    assert compiled._read(kept_file())  # written anew
    compiled.uninstall()
    damaged = {text: b"\x00not code" for text in compiled._read(kept_file())}  # each entry damaged
    kept_file().write_bytes(marshal.dumps((sys.version, damaged)))
    compiled.install()
    seat = made()
    assert seat("Ann") == seat("Ann", 1500, ()) and compiled._kept is not None and compiled._kept.new


def test_the_banker_command_keeps_the_code_for_its_next_run(tmp_path):
    env = {**os.environ, "BANKER_DB": str(tmp_path / "g.db")}
    banker = Path(sys.executable).with_name("banker")
    subprocess.run([banker, "new", "standard", "ann", "bob"], env=env, check=True, capture_output=True)
    kept = compiled._read(kept_file())
    assert any("__dataclass_builtins_object__.__setattr__(self,'cash',cash)" in text for text in kept)  # the Player
    stamp = kept_file().stat().st_mtime_ns
    subprocess.run([banker, "new", "standard", "cy", "dee"], env=env, check=True, capture_output=True)
    assert kept_file().stat().st_mtime_ns == stamp  # the same classes: nothing compiled, nothing written
