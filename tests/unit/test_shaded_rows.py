"""Tables ruled between their rows, every other row shaded: the shading's box comes with its
sides as vertical rules, one row high at the rules' ends. They are no column dividers: the rows
are one table ruled between its rows. Before, each shaded row made a frame of its own and the
table was no table region at all. And a band of running text between two such tables ruled
alike parts them: it is no row."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.table_regions import candidate_regions

W, H = 595.0, 842.0
X0, X1 = 52.0, 543.0
PROSE = (
    "Train times are correct at the time of writing, but the railways occasionally change them at",
    "short notice, so check the departure boards on the day and ask the station staff when in doubt",
    "about a platform. The walk on the third day uses a steep stone path between the village and",
    "the river, and in wet weather the alternative route on the paved road is the safer choice.",
)


def line(text: str, x0: float, y0: float, x1: float, h: float = 9.0) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + h), font_size=h)


def rule(y: float) -> Box:
    return Box(X0 - 0.5, y - 0.5, X1 + 0.5, y + 0.5)


def table(top: float, shaded: bool) -> tuple[list[TextLine], list[Box], list[Box]]:
    """A header and four rows of two lines each: a day, a date and its plan; a rule under each
    row, every other row shaded (its box's sides as rules)."""
    lines = [line("Day Date Route and activities Overnight", 56, top + 6, 420)]
    gaps = [Box(75, top + 6, 87, top + 15), Box(120, top + 6, 145, top + 15), Box(229, top + 6, 376, top + 15)]
    rules = [rule(top), rule(top + 20)]
    y = top + 20
    for k in range(4):
        lines += [
            line(f"{k + 1} Sep {12 + k} Walk through the terraced vineyards above the Hotel Lima", 56, y + 5, 460),
            line("river to the village and back", 145, y + 18, 290),
        ]
        gaps += [Box(62, y + 5, 87, y + 14), Box(127, y + 5, 145, y + 14), Box(358, y + 5, 376, y + 14)]
        if shaded and k % 2 == 1:
            rules += [Box(X0, y, X0, y + 32), Box(X1, y, X1, y + 32)]
        y += 32
        rules.append(rule(y))
    return lines, rules, gaps


def page(*parts: tuple[list[TextLine], list[Box], list[Box]]) -> PageText:
    lines = [ln for p in parts for ln in p[0]]
    rules = [r for p in parts for r in p[1]]
    gaps = [g for p in parts for g in p[2]]
    return PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules), gaps=tuple(gaps))


def test_a_table_with_shaded_rows_ruled_between_them_is_one_region() -> None:
    for shaded in (False, True):
        lines, rules, gaps = table(100, shaded)
        (region,) = candidate_regions(page((lines, rules, gaps)), W, H)
        assert region.y0 <= 100 and region.y1 >= 100 + 20 + 4 * 32, (shaded, region)


def test_running_text_between_two_tables_ruled_alike_parts_them() -> None:
    first = table(100, True)
    prose = [line(t, X0 + 4, 260 + 13 * k, X1 - 4) for k, t in enumerate(PROSE * 2)]
    # the text is ruled off under the first table and over the second
    second = table(380, True)
    regions = candidate_regions(page(first, (prose, [], []), second), W, H)
    assert len(regions) == 2, regions
    assert all(not (r.y0 < 270 < r.y1) for r in regions), regions
