"""QR codes: the text a phone shows, round-tripped through the real decoder from the PNG and from the SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from banker.reports import qr
from banker.reports.exports import qr_text
from banker.reports.files import write_qr
from tests.kit.exports import needs_zbarimg, rasterise_svg, sample_report, zbar


def test_qr_text_names_game_winner_and_ranks():
    text = qr_text(sample_report())
    assert text.splitlines() == [
        "Banker: Short game (1973), 2026-11-22, winner Ann",
        "1. Ann $4,520",
        "2. Bob $1,540",
        "3. Cy bankrupt",
    ]


def test_qr_text_marks_a_game_in_progress():
    assert qr_text(sample_report(over=False)).splitlines()[0].endswith("in progress")


def test_terminal_rendering_is_square_blocks():
    lines = qr.terminal_text("Banker test").splitlines()
    assert len(lines) > 10
    assert len({len(line) for line in lines}) == 1  # every line equally wide: a square code
    assert set("".join(lines)) <= set(" █▀▄\u00a0")


def test_svg_is_valid_xml(tmp_path):
    svg, png = write_qr(sample_report(), tmp_path)
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    assert png.read_bytes().startswith(b"\x89PNG")


@needs_zbarimg
def test_png_round_trip_through_zbarimg(tmp_path):
    rep = sample_report()
    _svg, png = write_qr(rep, tmp_path)
    assert zbar(png) == qr_text(rep)


@needs_zbarimg
def test_svg_round_trip_through_zbarimg(tmp_path):
    rep = sample_report()
    svg, _png = write_qr(rep, tmp_path)
    assert zbar(rasterise_svg(svg, tmp_path / "from-svg.png")) == qr_text(rep)


@needs_zbarimg
def test_unicode_names_survive(tmp_path):
    text = "Banker: Standard game, 2026-11-22, winner Zoë\n1. Zoë £2,000\n2. Ødegaard £10"
    png = qr.save_png(text, tmp_path / "u.png")
    assert zbar(png) == text
