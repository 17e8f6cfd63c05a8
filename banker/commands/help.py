"""The verbs' help and the key bindings as Markdown, so the help screen and the docs say the same thing.

The help screen renders the verb table (``banker.commands.verbs``: each verb's shape, example and meaning, the
shape being the one the parser quotes) and the live key bindings; ``docs/app.md`` carries the same tables, printed
by ``python -m banker.commands.help``, so the installed app never needs the docs folder. In another language than
English the table is that language's: each shape and meaning as its catalogue says them, and each verb as the
language's word for it (``miete <Zahler> <Grundstück> ...``, ``miete bob boardwalk``), with the English words,
which always work, named under it.
"""

from __future__ import annotations

from banker.commands.kinds import shown_shape
from banker.commands.verbs import VERBS, Verb
from banker.language import LANGUAGES, SOURCE, spoken
from rules.i18n import _


def verbs_markdown() -> str:
    """The verb table as Markdown, for the help screen and the user guide."""
    lines = [_row((_("command"), _("example"), _("what it records"))), "| --- | --- | --- |"]
    for v in VERBS:
        if v.at_the_table:
            shape = shown_shape(v.shape).replace("|", chr(92) + "|")  # \| in a cell
            lines.append(f"| `{shape}` | `{_example(v)}` | {_(v.meaning)} |")
    if spoken() != SOURCE:
        english = ", ".join(f"`{v.name}`" for v in VERBS if v.at_the_table)
        lines += ["", _("The English words work too: {verbs}.").format(verbs=english)]
    return "\n".join(lines)


def _example(verb: Verb) -> str:
    """The verb's example with the language's word for the verb (the rest is names and words of the language,
    which the example's board and the parser read in every language)."""
    return verb.word() + verb.example[len(verb.name) :]


def words_markdown() -> str:
    """Each verb's words in each language Banker speaks, as Markdown (docs/commands.md): the verb table's column."""
    languages = [code for code in LANGUAGES if code != SOURCE]
    lines = ["| verb | " + " | ".join(f"{LANGUAGES[code]} (`{code}`)" for code in languages) + " |"]
    lines.append("| --- |" + " --- |" * len(languages))
    for v in VERBS:
        if v.at_the_table:
            cells = [", ".join(f"`{word}`" for word in v.words.get(code, ())) or "-" for code in languages]
            lines.append(f"| `{v.name}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def bindings_markdown(bindings: list[tuple[str, str]]) -> str:
    """Key bindings (key, description) as a Markdown table."""
    lines = [_row((_("key"), _("action"))), "| --- | --- |"]
    lines += [f"| `{key}` | {description} |" for key, description in bindings]
    return "\n".join(lines)


def _row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":  # pragma: no cover - a docs helper
    print(verbs_markdown() + "\n\n" + words_markdown())
