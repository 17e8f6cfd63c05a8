"""For the export tests: a hand-made report, the real QR decoder, and an SVG rasteriser for the QR round trip."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from banker.reports.report import Report, Row
from tests.kit.skips import needs

ZBARIMG = shutil.which("zbarimg")
needs_zbarimg = needs("zbarimg", "zbar-tools")


def sample_report(over: bool = True) -> Report:
    rows = (
        Row(1, "Ann", 1200, 1400, 120, 6, 1, 1800, 4520, winner=over),
        Row(2, "Bob", 1540, 0, 0, 0, 0, 0, 1540),
        Row(3, "Cy", 0, 0, 0, 0, 0, 0, 0, bankrupt=True),
    )
    return Report(
        game=7,
        variant="short-1973",
        variant_title="Short game (1973)",
        edition="us",
        valuation="seed 000, SHORT GAME rule 3: cash + deeds ...",
        created="2026-11-22T03:00:00.000+00:00",
        ended="2026-11-22T04:25:30.000+00:00" if over else "",
        over=over,
        end_reason="second bankruptcy" if over else "",
        winner="Ann" if over else "",
        currency="$",
        rows=rows,
        seating=("Bob", "Ann", "Cy"),
    )


def zbar(path: Path) -> str:
    """Decode a QR image with the real decoder, as a phone would."""
    assert ZBARIMG is not None, "zbarimg is needed (tests that use it are marked needs_zbarimg)"
    out = subprocess.run([ZBARIMG, "--raw", "-q", str(path)], capture_output=True, text=True, check=True)
    return out.stdout.removesuffix("\n")


def rasterise_svg(svg: Path, png: Path, scale: int = 10) -> Path:
    """Draw the SVG's filled path (the qrcode SvgPathFillImage output: M x,y H x V y H x z squares) onto a PNG, so
    the SVG itself, not just the PNG, is proven to decode. Parsing it as XML first proves it is valid XML."""
    from PIL import Image, ImageDraw

    root = ET.parse(svg).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    image = Image.new("L", (round(width * scale), round(height * scale)), 255)
    draw = ImageDraw.Draw(image)
    paths = root.findall(f"{ns}path")
    assert paths, "the SVG has no path"
    for path in paths:
        for square in re.findall(r"M([\d.]+),([\d.]+)H([\d.]+)V([\d.]+)H([\d.]+)z", path.get("d", "")):
            x0, y0, x1, y1, _ = (float(v) for v in square)
            left, right = sorted((x0, x1))
            draw.rectangle(
                [round(left * scale), round(y0 * scale), round(right * scale) - 1, round(y1 * scale) - 1], fill=0
            )
    image.save(png)
    return png


def chart_series(svg: str) -> dict[str, list[str]]:
    """A chart's lines as drawn (banker/reports/chart.py, pygal's SVG), in the legend's order as a person reads it
    (by row, then left to right): each series' name from its legend and the value written at each of its points
    (none where no dots are drawn), in order; each line's name written at its end is its legend's. Parsing it as XML
    proves it is valid XML."""
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg)
    legends = {}
    for g in root.iter(f"{ns}g"):
        m = re.fullmatch(r"activate-serie-(\d+)", g.get("id") or "")
        if m:
            rect, text = g.find(f"{ns}rect"), g.find(f"{ns}text")
            assert rect is not None and text is not None
            legends[int(m[1])] = (float(rect.get("y", "0")), float(rect.get("x", "0")), text.text or "")
    values: dict[int, list[str]] = {}
    ends: dict[int, str] = {}
    for g in root.iter(f"{ns}g"):
        m = re.fullmatch(r"series serie-(\d+) color-\d+", g.get("class") or "")
        if not m:
            continue
        values.setdefault(int(m[1]), []).extend(d.text or "" for d in g.iter(f"{ns}desc") if d.get("class") == "value")
        for t in g.iter(f"{ns}text"):
            if t.get("class") == "end-name":
                ends[int(m[1])] = t.text or ""
    assert sorted(values) == sorted(legends) == sorted(ends), (legends, sorted(values), ends)
    assert all(ends[i] == legends[i][2] for i in legends), (ends, legends)
    order = sorted(legends, key=lambda i: legends[i][:2])
    return {legends[i][2]: values[i] for i in order}


@dataclass(frozen=True)
class Line:
    """One player's line as a chart draws it: where it is in the legend, the values its points stand at (read back
    from their heights against the scale's labels), its colour, line style and width as the chart's stylesheet and
    the line itself declare them, and the name written at its end."""

    place: int
    values: tuple[int, ...]
    colour: str
    dashes: str
    width: str
    end: str


def chart_lines(svg: str) -> dict[str, Line]:
    """A chart without dots (a phone page's picture) read back: each legend name's :class:`Line`, in the legend's
    order. The values are the points' heights on the y scale (two of its labels fix it; a flat chart's one label
    is every point's value)."""
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg)
    css = "".join(s.text or "" for s in root.iter(f"{ns}style"))
    axis = next(g for g in root.iter(f"{ns}g") if (g.get("class") or "").startswith("axis y"))
    scale = []
    for guide in axis.iter(f"{ns}g"):
        path, text = guide.find(f"{ns}path"), guide.find(f"{ns}text")
        if path is not None and text is not None:
            scale.append((float(path.get("d", "").split()[1]), int(re.sub(r"[^\d-]", "", text.text or ""))))
    (y0, v0), (y1, v1) = scale[0], scale[-1]

    def value(y: float) -> int:
        return v0 if y1 == y0 else round(v0 + (y - y0) * (v1 - v0) / (y1 - y0))

    legends = []  # (row, column, series, name) of each legend entry
    for g in root.iter(f"{ns}g"):
        m = re.fullmatch(r"activate-serie-(\d+)", g.get("id") or "")
        rect, text = g.find(f"{ns}rect"), g.find(f"{ns}text")
        if m and rect is not None and text is not None:
            legends.append((float(rect.get("y", "0")), float(rect.get("x", "0")), int(m[1]), text.text or ""))
    legends.sort()
    lines = {}
    for place, (_, _, serie, name) in enumerate(legends):
        group = next(g for g in root.iter(f"{ns}g") if (g.get("class") or "").startswith(f"series serie-{serie} "))
        path = next(p for p in group if "line" in (p.get("class") or ""))
        heights = [float(y) for y in re.findall(r"[-\d.]+", path.get("d", ""))[1::2]]
        colour = re.search(rf"\.color-{serie},[^{{]*\{{stroke:([^;}}]+)", css)
        dashes = re.search(rf"\.series\.serie-{serie}\{{[^}}]*stroke-dasharray:([^;}}]*)", css)
        width = re.search(r"stroke-width:([^;]+)", path.get("style") or "") or re.search(
            r"\.reactive\{[^}]*stroke-width:([^;}]+)", css
        )
        end = next((t.text or "" for t in group if t.get("class") == "end-name"), "")
        lines[name] = Line(
            place,
            tuple(value(y) for y in heights),
            colour[1] if colour else "",
            dashes[1] if dashes else "",
            width[1] if width else "",
            end,
        )
    return lines
