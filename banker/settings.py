"""The user's settings: ``config.toml`` in the user config directory (docs/settings.md).

Read by the one bounded reader of the files a person hands Banker (:mod:`rules.bounded`: its size, nesting and
texts) when the file exists (a launch without one costs an ``open``), checked whole, and a bad value is one
:class:`SettingsError` line naming the file, the setting (or the place in the file) and what it may be, never a
traceback. The
app saves the theme chosen in the command palette back into the file with :func:`save_theme`, keeping every other
line as the user wrote it. No Textual here: the CLI and the app share it.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, make_dataclass
from pathlib import Path
from typing import Any

from banker.language import LANGUAGES, code_of
from banker.paths import APP_NAME
from rules.i18n import N_, _
from rules.options import OPTIONS

FILE_NAME = "config.toml"
MAX_REACTION_MS = 5000
"""``[keyboard] reaction_ms`` at most: five seconds of keys set aside is already more than any reading takes."""


class SettingsError(Exception):
    """A config file that cannot be read or holds a bad value: the message is one line."""


# i18n-exempt: a docstring
NewGameDefaults: Any = make_dataclass(
    "NewGameDefaults",
    [
        ("variant", str, field(default="standard")),
        ("edition", str, field(default="us")),
        ("cards", str, field(default="")),
        *((o.key, o.kind, field(default=o.default)) for o in OPTIONS),
    ],
    namespace={
        "__doc__": """What the new-game screen starts with: the variant, the edition and each option of
rules/options.py (its key, its type and its default from the option's record); ``cards`` is the deck (the card
texts, one of the edition's decks: ``classic`` or ``2008`` on the US board), empty for the edition's first."""
    },  # given here, not set after: a dataclass without one works out its signature for it (a launch's time)
    frozen=True,
)
NewGameDefaults.__module__ = __name__


@dataclass(frozen=True)
class Config:
    """The settings file (``config.toml``, docs/settings.md) as read; the defaults when there is none."""

    theme: str | None = None
    """A Textual theme name (None: Textual's default)."""
    language: str | None = None
    """The banker's language, a code of :data:`banker.language.LANGUAGES` (None: the environment's, as gettext
    reads it: :func:`banker.language.choose`); each phone reads its own (docs/languages.md)."""
    new_game: Any = field(default_factory=NewGameDefaults)
    """The :data:`NewGameDefaults`."""
    phones_ask: bool = True
    """``[phones] ask``: the players' phone pages may ask the banker to record their payments (docs/phones.md);
    false keeps the pages read-only."""
    exports: Path | None = None
    """Where exports go (None: a folder beside the database in use: :func:`banker.reports.files.exports_dir`)."""
    read_aloud: bool = False
    """Read each recorded summary aloud through ``espeak-ng`` when it is installed (``[speech] read_aloud``)."""
    keys_bell: bool = True
    """``[keyboard] bell``: ring the terminal's bell when keys typed before a dialog opened are set aside."""
    reaction_ms: int | None = None
    """``[keyboard] reaction_ms``: how long a dialog the app opened on its own (or a refusal) is on show before it
    takes keys (None: the app's own figure, ``banker.tui.keyorder.KeyOrder.REACTION``)."""
    path: Path | None = None
    """The file read (None: there was none)."""


def config_dir() -> Path:
    """``BANKER_CONFIG_DIR`` if set, else the platform's user config directory (platformdirs). On Linux the XDG
    rule platformdirs follows is applied here directly, so a launch does not import platformdirs for it."""
    env = os.environ.get("BANKER_CONFIG_DIR")
    if env:
        return Path(env).expanduser()
    if sys.platform.startswith("linux") and "ANDROID_ROOT" not in os.environ:
        base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.expanduser("~/.config")
        return Path(base) / APP_NAME
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME))


def config_path() -> Path:
    return config_dir() / FILE_NAME


_KEYS: dict[str, dict[str, type]] = {
    "": {"theme": str, "language": str},
    "new_game": {"variant": str, "edition": str, "cards": str, **{o.key: o.kind for o in OPTIONS if not o.house_rule}},
    "new_game.house_rules": {o.key: o.kind for o in OPTIONS if o.house_rule},
    "exports": {"directory": str},
    "phones": {"ask": bool},
    "speech": {"read_aloud": bool},
    "keyboard": {"bell": bool, "reaction_ms": int},
}
_TYPE_NAMES = {str: N_("a string in quotes"), int: N_("a whole number"), bool: N_("true or false")}


def load(path: Path | None = None, only: str | None = None) -> Config:
    """The settings in ``path`` (default :func:`config_path`); the defaults when there is no file. Raises
    :class:`SettingsError` for a file that cannot be read or a bad value. ``only``: the one section a command uses
    (``exports`` for ``banker qr``, ``phones`` for ``banker serve``), checked alone, the others' defaults kept: a
    bad value elsewhere is for what uses it to say (the app, the new-game screen), not a reason to stop."""
    path = config_path() if path is None else path
    if _none_at(path):
        return Config()
    from rules.bounded import SETTINGS_FILE, DataError, NoFile, read_file, read_toml

    try:
        doc = read_toml(read_file(path, SETTINGS_FILE), str(path), SETTINGS_FILE)
    except NoFile:
        return Config()
    except DataError as e:  # too large, not UTF-8 or TOML, nested or long past any settings file: the place in it
        raise SettingsError(str(e)) from None
    if only is not None:
        doc = {only: doc[only]} if only in doc else {}
    return parse(doc, path)


def _none_at(path: Path) -> bool:
    """There is no settings file (as the bounded reader would find: :class:`rules.bounded.NoFile`), told without
    importing the reader and its TOML parser, which a launch without settings does not need (tests/project/
    test_launch.py)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except OSError:
        pass  # unreadable in another way: the reader says how
    return False


def language(path: Path | None = None) -> str | None:
    """The ``language`` setting alone (a code of :data:`banker.language.LANGUAGES`, or None when not set), for
    every command to speak it from its start (:mod:`banker.cli.main`). Raises :class:`SettingsError` for a bad
    value; a file that cannot be read at all is left to what reads it whole (the app, ``banker qr``), as if it
    set nothing."""
    path = config_path() if path is None else path
    if _none_at(path):
        return None
    from rules.bounded import SETTINGS_FILE, DataError, NoFile, read_file, read_toml

    try:
        doc = read_toml(read_file(path, SETTINGS_FILE), str(path), SETTINGS_FILE)
    except (NoFile, DataError):
        return None
    value = doc.get("language")
    return None if value is None else _language(value, _bad(path))


def _language(value: object, bad: Callable[[str, str], SettingsError]) -> str:
    """A ``language`` setting as its code: a shipped language's code or tag (``de``, ``de-DE``), else the error."""
    code = code_of(value) if isinstance(value, str) else None
    if code is None:
        shipped = ", ".join(f'"{c}" ({name})' for c, name in LANGUAGES.items())
        raise bad(
            "language", _("must be one of {languages}, not {value}").format(languages=shipped, value=f"{value!r:.40}")
        )
    return code


def _bad(path: Path | None) -> Callable[[str, str], SettingsError]:
    where = f"{path}: " if path else ""

    def bad(key: str, why: str) -> SettingsError:
        return SettingsError(f"{where}{key}: " + _("{why} (see docs/settings.md)").format(why=why))

    return bad


def parse(doc: dict[str, Any], path: Path | None = None) -> Config:
    """Check a parsed config document and build the :class:`Config`."""
    bad = _bad(path)

    values: dict[str, object] = {}

    def walk(table: dict[str, object], prefix: str) -> None:
        allowed = _KEYS.get(prefix)
        for key, value in table.items():
            name = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                if name not in _KEYS:
                    said = _("unknown section [{name}]; the sections are {sections}")
                    raise bad(name, said.format(name=name, sections=", ".join(f"[{k}]" for k in _KEYS if k)))
                walk(value, name)
                continue
            if name in _KEYS and name:  # a known section given a value: `new_game = 5`
                said = _("must be a section ([{name}] on a line of its own, its settings below it), not {value}")
                raise bad(name, said.format(name=name, value=f"{value!r:.40}"))
            if allowed is None or key not in allowed:
                known = ", ".join(f"{prefix + '.' if prefix else ''}{k}" for k in allowed or ())
                said = _("unknown setting; here: {known}") if known else _("unknown setting")
                raise bad(name, said.format(known=known))
            kind = allowed[key]
            if type(value) is not kind:  # bool is not an int here, and an int is not a bool
                said = _("must be {kind}, not {value}")
                raise bad(name, said.format(kind=_(_TYPE_NAMES[kind]), value=f"{value!r:.40}"))
            values[name] = value

    walk(doc, "")
    ng = NewGameDefaults()
    variant = values.get("new_game.variant", ng.variant)
    edition = values.get("new_game.edition", ng.edition)
    from rules.errors import RuleError
    from rules.variants import find_variant

    try:
        variant = find_variant(str(variant)).key
    except RuleError as e:
        raise bad("new_game.variant", e.message) from None
    from rules.editions import find_edition

    try:
        board = find_edition(str(edition))
    except RuleError as e:
        raise bad("new_game.edition", e.message) from None
    edition = board.edition
    options: dict[str, Any] = {}
    for option in OPTIONS:  # each option's bounds, as declared once (rules/options.py), in the edition's money
        o = option.on_board(board.scaled)
        name = f"new_game.{'house_rules.' if o.house_rule else ''}{o.key}"
        value = values.get(name, o.default)
        if o.refusal(value, str) is not None:  # the type was checked against _KEYS above
            raise bad(name, _("must be {values}, not {value}").format(values=o.bounds(), value=f"{value!r:.40}"))
        options[o.key] = value
    cards = str(values.get("new_game.cards", "")).casefold()
    if cards:
        decks = board.decks
        if cards not in decks:
            said = _("must be {values}, not {value}")
            raise bad(
                "new_game.cards", said.format(values=_(" or ").join(repr(d) for d in decks), value=f"{cards!r:.40}")
            )
    chosen = values.get("language")
    code = _language(chosen, bad) if chosen is not None else None
    theme = values.get("theme")
    if theme is not None and not str(theme).strip():
        raise bad("theme", _("is empty; leave it out for the default theme"))
    directory = values.get("exports.directory")
    if directory is not None and not str(directory).strip():
        raise bad("exports.directory", _("is empty; leave it out for the folder beside the database"))
    reaction = values.get("keyboard.reaction_ms")
    if reaction is not None and not 0 <= int(str(reaction)) <= MAX_REACTION_MS:
        said = _("must be 0 to {most} (milliseconds), not {value}")
        raise bad("keyboard.reaction_ms", said.format(most=MAX_REACTION_MS, value=f"{reaction!r:.40}"))
    return Config(
        theme=str(theme) if theme is not None else None,
        language=code,
        new_game=NewGameDefaults(variant=variant, edition=str(edition).casefold(), cards=cards, **options),
        exports=Path(str(directory)).expanduser() if directory is not None else None,
        phones_ask=bool(values.get("phones.ask", True)),
        read_aloud=bool(values.get("speech.read_aloud", False)),
        keys_bell=bool(values.get("keyboard.bell", True)),
        reaction_ms=int(str(reaction)) if reaction is not None else None,
        path=path,
    )


_THEME_LINE = re.compile(r"^[ \t]*theme[ \t]*=.*$", re.MULTILINE)
_TABLE_LINE = re.compile(r"^[ \t]*\[", re.MULTILINE)


def save_theme(theme: str, path: Path | None = None) -> Path:
    """Write ``theme = "<theme>"`` into the config file (made if need be), replacing the top-level ``theme`` line
    or adding one before the first section; every other line stays as it was. Raises OSError."""
    import json

    path = config_path() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
    # i18n-exempt: a line of the settings file (TOML)
    line = f"theme = {json.dumps(theme)}"  # a JSON string is a valid TOML basic string
    first_table = _TABLE_LINE.search(text)
    top = text[: first_table.start()] if first_table else text
    rest = text[len(top) :]
    if _THEME_LINE.search(top):
        top = _THEME_LINE.sub(lambda _m: line, top, count=1)
    else:
        top = line + "\n" + top
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(top + rest, encoding="utf-8")
    os.replace(tmp, path)
    return path
