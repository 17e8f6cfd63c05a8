"""The verbs' help and the key bindings as Markdown, so the help screen and the docs say the same thing.

The help screen renders the verb table (``banker.commands.verbs``: each verb's shape, example and meaning, the
shape being the one the parser quotes) and the live key bindings; ``docs/app.md`` carries the same tables, printed
by ``python -m banker.commands.help``, so the installed app never needs the docs folder.
"""

from __future__ import annotations

from banker.commands.verbs import VERBS


def verbs_markdown() -> str:
    """The verb table as Markdown, for the help screen and the user guide."""
    lines = ["| command | example | what it records |", "| --- | --- | --- |"]
    for v in VERBS:
        if v.at_the_table:
            lines.append(f"| `{v.shape.replace('|', chr(92) + '|')}` | `{v.example}` | {v.meaning} |")  # \| in a cell
    return "\n".join(lines)


def bindings_markdown(bindings: list[tuple[str, str]]) -> str:
    """Key bindings (key, description) as a Markdown table."""
    lines = ["| key | action |", "| --- | --- |"]
    lines += [f"| `{key}` | {description} |" for key, description in bindings]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a docs helper
    print(verbs_markdown())
