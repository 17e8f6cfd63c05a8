"""Benchmark what the banker's language costs a launch (issue 36): the language chosen and installed as
``banker`` starts (``banker.cli.main.speak``), each in a fresh interpreter, from the import of the settings (which
a launch reads anyway) to the language installed.

What a launch imports anyway (the entry point, the settings, the bounded reader) is imported before the clock
starts; the clock counts the language's own modules (``banker.language``, ``rules.i18n``, gettext), the setting
read and the catalogues.

0. Importing the language's modules, which every launch does (the settings import them), bytecode cached.
1. English: no catalogue read, Babel not imported.
2. German, the cache empty: every shipped German ``.po`` file parsed and compiled by Babel, the ``.mo`` kept in the
   user's cache (``BANKER_CACHE_DIR``).
3. German again: the ``.mo`` files read from the cache by their ``.po``'s hash; no Babel.
4. and 5. The same two with a catalogue the size all of Banker's will be once every part is translated:
   ``--messages`` messages (1,500 by default) spread over the seven domains, made up for the run.

Run: ``.venv/bin/python bench/bench_language.py [--runs 7] [--messages 1500]``. Prints figures only (milliseconds,
the median of the runs, and the cached launch as a share of the uncached one).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

PROBE = r"""
import json, pathlib, sys, time
import banker.cli.main, banker.cli.support, banker.settings, rules.bounded  # a launch imports them anyway
if sys.argv[1]:
    import banker.language
    banker.language.LOCALE_DIR = pathlib.Path(sys.argv[1])
t = time.perf_counter()
code = banker.cli.main.speak(tell=False)
took = time.perf_counter() - t
print(json.dumps({"code": code, "ms": took * 1000, "babel": any(m.startswith("babel") for m in sys.modules)}))
"""


IMPORT = r"""
import json, time
import banker.paths, rules  # what the launch imports before the settings, which import the language
t = time.perf_counter()
import banker.language
print(json.dumps({"ms": (time.perf_counter() - t) * 1000}))
"""


def imported(env: dict[str, str]) -> float:
    """Milliseconds to import the language's own modules (``banker.language``, ``rules.i18n``, gettext)."""
    out = subprocess.run([sys.executable, "-c", IMPORT], env={**os.environ, **env}, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    return float(json.loads(out.stdout)["ms"])


def launch(env: dict[str, str], locale_dir: str = "") -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, locale_dir], env={**os.environ, **env}, capture_output=True, text=True
    )
    if out.returncode:
        raise SystemExit(out.stderr)
    return dict(json.loads(out.stdout))


def made_up(folder: Path, messages: int) -> None:
    """German catalogues of ``messages`` messages over the seven domains (each message a sentence of some 60
    characters with a placeholder, as Banker's are)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from banker.language import DOMAINS

    per = messages // len(DOMAINS)
    for d, domain in enumerate(DOMAINS):
        catalog = Catalog(locale="de", domain=domain)
        for i in range(per):
            catalog.add(
                f"Message {d}-{i}: {{player}} pays the owner of this deed its rent",
                f"Nachricht {d}-{i}: {{player}} zahlt dem Besitzer dieses Grundstücks die Miete",
            )
        path = folder / "de" / "LC_MESSAGES" / f"{domain}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--messages", type=int, default=1500)
    args = parser.parse_args()
    base = {"BANKER_CONFIG_DIR": tempfile.mkdtemp(prefix="bench-language-config-"), "PYTHONDONTWRITEBYTECODE": ""}
    imported(base)  # bytecode written, as an installed app has it
    took = statistics.median(imported(base) for _ in range(args.runs))
    print(f"importing the language's modules (banker.language, rules.i18n, gettext): {took:.1f} ms")
    shipped = sum(1 for _ in Path(__file__).parents[1].joinpath("banker", "locale", "de").rglob("*.po"))
    with tempfile.TemporaryDirectory() as synthetic:
        made_up(Path(synthetic), args.messages)
        for what, locale_dir in (
            (f"the shipped catalogues ({shipped} German .po files)", ""),
            (f"{args.messages:,} messages over seven domains (made up)", synthetic),
        ):
            print(what)
            rows = {"English": [], "German, cache empty": [], "German, from the cache": []}
            babel = {}
            for _ in range(args.runs):
                english = launch({**base, "LANGUAGE": "en"}, locale_dir)
                cache = tempfile.mkdtemp(prefix="bench-language-cache-")
                cold = launch({**base, "LANGUAGE": "de", "BANKER_CACHE_DIR": cache}, locale_dir)
                warm = launch({**base, "LANGUAGE": "de", "BANKER_CACHE_DIR": cache}, locale_dir)
                for name, run in zip(rows, (english, cold, warm), strict=True):
                    rows[name].append(float(run["ms"]))  # type: ignore[arg-type]
                    babel[name] = run["babel"]
            for name, times in rows.items():
                print(f"  {name:24} {statistics.median(times):7.1f} ms   Babel imported: {babel[name]}")
            share = statistics.median(rows["German, from the cache"]) / statistics.median(rows["German, cache empty"])
            print(f"  the cache makes a German launch's language {share:.0%} of its cost without it")


if __name__ == "__main__":
    main()
