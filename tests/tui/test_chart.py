"""The chart drawing: braille lines and eighth-block bars."""

from __future__ import annotations

from banker.tui.widgets.chart import BRAILLE_BASE, bar_rows, braille_plot, braille_text


def _dots(grid) -> list[tuple[int, int]]:
    """(x, y) of every dot set, y counted from the bottom, for checking where a line was drawn."""
    height = len(grid)
    out = []
    for r, row in enumerate(grid):
        for c, (bits, _) in enumerate(row):
            for dx, column in enumerate(((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))):
                for dy, bit in enumerate(column):
                    if bits & bit:
                        out.append((c * 2 + dx, (height * 4 - 1) - (r * 4 + dy)))
    return out


def test_rising_line_goes_from_bottom_left_to_top_right():
    dots = _dots(braille_plot([[0, 10]], width=5, height=2))
    assert (0, 0) in dots and (9, 7) in dots
    assert max(y for x, y in dots if x < 5) == 0  # first half at the first value
    assert {y for x, y in dots if x == 5} == set(range(8))  # the jump is drawn as a vertical run
    assert min(y for x, y in dots if x > 5) == 7


def test_flat_line_sits_at_its_value():
    dots = _dots(braille_plot([[5, 5, 5]], width=4, height=1, low=0, high=10))
    assert {y for _, y in dots} == {2}  # 5 of 0..10 over 4 dot rows: round(1.5) = 2
    assert sorted(x for x, _ in dots) == list(range(8))


def test_each_cell_remembers_the_last_series():
    grid = braille_plot([[0, 0], [0, 0]], width=2, height=1)
    assert {which for row in grid for _, which in row} == {1}


def test_text_uses_braille_characters():
    lines = braille_text([[1500, 1700, 900]], 10, 3)
    assert len(lines) == 3 and all(len(line.plain) == 10 for line in lines)
    assert all(ch == " " or BRAILLE_BASE <= ord(ch) <= BRAILLE_BASE + 0xFF for line in lines for ch in line.plain)


def test_bars_are_proportional():
    rows = bar_rows([("Boardwalk", 800), ("Park Place", 400), ("Baltic", 10), ("None", 0)], width=10)
    assert rows[0][1] == "█" * 10
    assert rows[1][1] == "█" * 5
    assert rows[2][1] == "▏"  # 10/800 of 80 eighths = 1 eighth
    assert rows[3][1] == ""


def test_no_bars_without_data():
    assert bar_rows([], 10) == []


def test_each_line_carries_its_own_mark_at_its_end():
    """Issue 34: not colour alone: each series' mark (MARKS) is on its line, at its last point and along it."""
    from banker.tui.widgets.chart import MARKS

    lines = braille_text([[0, 0, 0], [10, 10, 10]], 30, 4, marks=MARKS)
    assert lines[-1].plain[-1] == MARKS[0] and lines[0].plain[-1] == MARKS[1]  # low line at the bottom, high on top
    assert lines[-1].plain.count(MARKS[0]) >= 2 and MARKS[1] not in lines[-1].plain
