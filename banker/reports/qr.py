"""QR codes of the standings: a short text a phone camera shows as is, saved as SVG and PNG and drawn in the terminal.

The text is plain (no URL, no JSON) because the point is that anyone at the table can point a phone at the screen
and keep the result without installing anything; see ``docs/exports.md``.
"""

from __future__ import annotations

import io
from pathlib import Path

import qrcode
import qrcode.image.svg
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M

UTF8_BOM = "\ufeff"


def payload(text: str) -> bytes:
    """The bytes in the code. QR byte mode has no declared encoding, and decoders guess: zbar reads "Zoë" as
    Shift-JIS. A UTF-8 byte-order mark in front makes zbar and ZXing (Android) read UTF-8 and drop the mark, so it
    is added only when the text is not plain ASCII (docs/rulings.md, "Standings and exports")."""
    return (text if text.isascii() else UTF8_BOM + text).encode("utf-8")


def error_correction(text: str) -> int:
    """Medium error correction survives a glare on a laptop screen; a link (the BG Stats play, several hundred
    characters) takes the low level instead, so its code stays small enough to fit a terminal (docs/exports.md)."""
    level: int = ERROR_CORRECT_L if text.startswith("https://") else ERROR_CORRECT_M
    return level


def make_qr(text: str, border: int = 4) -> qrcode.QRCode:
    """Build the QR code for ``text`` (error correction: :func:`error_correction`)."""
    qr = qrcode.QRCode(error_correction=error_correction(text), border=border, box_size=8)
    qr.add_data(payload(text))
    qr.make(fit=True)
    return qr


def terminal_text(text: str) -> str:
    """The QR code in half-block characters (two module rows per line). Light modules are drawn as blocks and dark
    ones as spaces, so on the usual dark terminal background it shows dark-on-light, which cameras expect. The
    light margin is two modules, as on the screen (:func:`half_blocks`): a BG Stats play of six players then still
    fits 100 columns (four made it 101)."""
    qr = make_qr(text, border=2)
    buffer = io.StringIO()
    qr.print_ascii(out=buffer, invert=True)
    return buffer.getvalue()


def half_blocks(text: str, border: int = 2) -> str:
    """The QR code for the screen: two module rows per character row, dark modules drawn (``█`` both, ``▀`` the
    upper, ``▄`` the lower). The widget draws them in a fixed dark colour on a fixed light background, so the code
    reads the same under a light or a dark theme; low error correction and a two-module margin (the light
    background around the widget adds to it) keep it small enough to sit whole on a 120x40 screen, and a screen is
    clean enough for low correction."""
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_L, border=border)
    qr.add_data(payload(text))
    qr.make(fit=True)
    matrix = [list(row) for row in qr.get_matrix()]
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    return "\n".join(
        "".join(
            "█" if top and low else "▀" if top else "▄" if low else " " for top, low in zip(upper, lower, strict=True)
        )
        for upper, lower in zip(matrix[0::2], matrix[1::2], strict=True)
    )


def save_png(text: str, path: str | Path) -> Path:
    """Save the QR code as a PNG (Pillow image factory)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    image = make_qr(text).make_image()  # the default factory is Pillow's when Pillow is installed
    image.save(str(path))
    return path


def save_svg(text: str, path: str | Path) -> Path:
    """Save the QR code as an SVG with filled paths (scales cleanly on paper and in chats)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    image = make_qr(text).make_image(image_factory=qrcode.image.svg.SvgPathFillImage)
    with path.open("wb") as handle:
        image.save(handle)
    return path


def save_both(text: str, directory: str | Path, stem: str) -> tuple[Path, Path]:
    """Save ``stem.svg`` and ``stem.png`` in ``directory``; returns (svg, png)."""
    directory = Path(directory)
    return save_svg(text, directory / f"{stem}.svg"), save_png(text, directory / f"{stem}.png")
