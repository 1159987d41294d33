"""Ruled grids cut at paragraphs drawn on boxes (pdfcore.services.ruled_grids.split_at_prose)."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.ruled_grids import rule_groups, split_at_prose

LEFT, RIGHT = 72.0, 540.0
ROW = 12.0
PARAGRAPH = "The non-cash income and expense consisted of the following amounts:"
NOTE = "(1) Only for one cylinder or one cylinder configuration of the engine."


def _band(y: float, edges: list[float]) -> list[Box]:
    """A row of filled cells' edges: rules over and under it, one at each of ``edges``."""
    return [
        Box(LEFT, y, RIGHT, y),
        Box(LEFT, y + ROW, RIGHT, y + ROW),
        *(Box(x, y, x, y + ROW) for x in edges),
    ]


def _line(text: str, x0: float, y: float) -> TextLine:
    return TextLine(text, Box(x0, y + 2, x0 + 4.5 * len(text), y + ROW - 2), font_size=8.0)


def _parts(rules: list[Box], lines: list[TextLine]) -> list[tuple[float, float]]:
    """The tops and bottoms of the grids (five rules or more) left after the cuts."""
    parts = split_at_prose(rule_groups(rules), lines)
    return sorted(
        (min(r.y0 for r in hs + vs), max(r.y1 for r in hs + vs)) for hs, vs in parts if len(hs) + len(vs) >= 5
    )


def _table(top: float, rows: int, lines: list[TextLine]) -> list[Box]:
    rules = []
    for k in range(rows):
        y = top + k * ROW
        rules += _band(y, [LEFT, 420.0, 432.0, RIGHT])
        lines += [_line(f"Item {k}", LEFT + 2, y), _line(f"{k},000", 500.0, y)]
    return rules


def test_a_paragraph_between_blank_boxes_parts_two_tables() -> None:
    lines: list[TextLine] = []
    rules = _table(100.0, 3, lines)
    y = 100.0 + 3 * ROW
    for k in range(3):  # a blank line's box, the paragraph's, a blank line's
        rules += _band(y + k * ROW, [LEFT, RIGHT])
    lines.append(_line(PARAGRAPH, LEFT + 24, y + ROW))
    rules += _table(y + 3 * ROW, 3, lines)
    assert len(rule_groups(rules)) == 1
    assert _parts(rules, lines) == [(100.0, 100.0 + 3 * ROW), (y + 3 * ROW, y + 6 * ROW)]


def test_a_note_in_a_tables_frame_stays_in_it() -> None:
    """A spanning row of notes under a table's rows, no blank row around it: the table's own."""
    lines: list[TextLine] = []
    rules = _table(100.0, 3, lines)
    y = 100.0 + 3 * ROW
    rules += _band(y, [LEFT, RIGHT])
    lines.append(_line(NOTE, LEFT + 2, y))
    assert _parts(rules, lines) == [(100.0, y + ROW)]


def test_a_grid_one_cell_across_all_the_way_down_is_left_whole() -> None:
    """A framed list, each entry on its own ruled row, blank rows between: no table's rows to
    keep apart from it."""
    rules: list[Box] = []
    lines: list[TextLine] = []
    for k in range(5):
        rules += _band(100.0 + k * ROW, [LEFT, RIGHT])
        if k % 2:
            lines.append(_line(PARAGRAPH, LEFT + 2, 100.0 + k * ROW))
    assert _parts(rules, lines) == [(100.0, 100.0 + 5 * ROW)]
