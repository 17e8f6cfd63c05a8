"""Writing exports to files: where they go (:func:`exports_dir`), their names, and the QR code's pictures."""

from __future__ import annotations

from pathlib import Path

from banker.reports.exports import qr_text
from banker.reports.formats import find_format
from banker.reports.report import Report


def exports_dir(out: str | Path | None = None, db: str | Path | None = None) -> Path:
    """Where exports go: ``out`` if given, else the settings' ``[exports] directory`` (docs/settings.md), else a
    folder beside the database in use (``db``, default :func:`banker.paths.db_path`): ``banker-exports`` beside
    ``banker.db``, ``club-exports`` beside ``club.db``. Raises :class:`banker.settings.SettingsError` for a config
    file that cannot be read or a bad ``[exports]`` (another section's fault is for what uses it to say)."""
    if out:
        return Path(out).expanduser()
    from banker import settings

    configured = settings.load(only="exports").exports
    if configured is not None:
        return configured
    from banker.paths import db_path

    database = Path(db) if db is not None else db_path(make_parent=False)
    return database.parent / f"{database.stem}-exports"


def file_stem(rep: Report) -> str:
    return f"banker-game-{rep.game}-{'final' if rep.over else 'current'}"


def write_export(rep: Report, fmt: str, directory: str | Path | None = None, db: str | Path | None = None) -> Path:
    """Write one export into the exports directory (:func:`exports_dir`) and return its path (the files beside it,
    the recap's chart, are written too: :func:`write_export_files`)."""
    return write_export_files(rep, fmt, directory, db)[0]


def write_export_files(
    rep: Report, fmt: str, directory: str | Path | None = None, db: str | Path | None = None
) -> list[Path]:
    """Write one export and the files beside it (the recap's SVG); their paths, the export's first."""
    form = find_format(fmt)
    folder = exports_dir(directory, db)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{file_stem(rep)}{form.name}.{form.suffix}"
    path.write_bytes(form.render(rep))  # bytes: the CSV's CRLF row ends exactly as the csv module wrote them
    paths = [path]
    for extra in form.beside:
        paths.append(path.with_suffix(f".{extra.suffix}"))
        paths[-1].write_bytes(extra.render(rep))
    return paths


def write_qr(
    rep: Report,
    directory: str | Path | None = None,
    db: str | Path | None = None,
    text: str | None = None,
    stem: str | None = None,
) -> tuple[Path, Path]:
    """Write the QR code of ``text`` (default: :func:`qr_text`) as SVG and PNG; returns (svg, png)."""
    from banker.reports.qr import save_both

    return save_both(qr_text(rep) if text is None else text, exports_dir(directory, db), stem or f"{file_stem(rep)}-qr")
