"""Small tables under underlined column headings: candidate regions from rules and lines."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.table_regions import candidate_regions

W, H = 612.0, 792.0
LEAD = " " + "." * 40 + " "
PROSE = (
    "The Company designated these swaps as fair value hedges and the fair value of the swaps at",
    "inception was zero; later changes in their fair value were reflected in the carrying value",
)


def line(text: str, x0: float, y0: float, x1: float, h: float = 9.0) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + h), font_size=h)


def rule(x0: float, x1: float, y: float) -> Box:
    return Box(x0, y, x1, y + 1.5)


def regions(lines: list[TextLine], rules: list[Box], gaps: tuple[Box, ...] = ()) -> tuple[Box, ...]:
    return candidate_regions(PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules), gaps=gaps), W, H)


def covers(region: Box, ln: TextLine) -> bool:
    b = ln.bbox
    return region.x0 <= b.x0 and region.y0 <= b.y0 and b.x1 <= region.x1 and b.y1 <= region.y1


def prose(top: float) -> list[TextLine]:
    return [line(t, 69, top + 12 * k, 525) for k, t in enumerate(PROSE)]


def test_one_row_of_figures_under_four_underlined_headings_is_a_table() -> None:
    heads = [
        line("Gain/(Loss) on", 364, 321, 415, 7),
        line("Gain/(Loss)", 430, 321, 470, 7),
        line("Net Income", 485, 321, 525, 7),
        line("Income Statement Classification", 69, 329, 180, 6),
        line("Swaps", 379, 329, 400, 7),
        line("on Note", 437, 329, 463, 6),
        line("Effect", 495, 329, 515, 6),
    ]
    row = line("Other income" + LEAD + "$6,109 $(6,109) $—", 69, 344, 513)
    rules = [rule(68.5, 180.7, 336.8), rule(363.6, 415.6, 336.8), rule(429.6, 470.6, 336.8), rule(484.6, 525.5, 336.8)]
    (region,) = regions([*prose(290), *heads, row, *prose(367)], rules)
    assert all(covers(region, ln) for ln in [*heads, row])
    assert region.y0 > 290 + 12 + 9 and region.y1 < 367, "the running text around it stays out"


def test_rows_led_to_a_figure_under_each_underlined_year_are_a_table() -> None:
    years = line("2009 2008", 475, 139, 524, 6)
    rows = [
        line("Discount rate" + LEAD + "6.32% 6.39%", 69, 154, 533, 7),
        line("Rate of increase in compensation levels" + LEAD + "3.72% 3.94%", 69, 168, 533, 9),
    ]
    gap = (Box(491.6, 139, 508.4, 145),)
    (region,) = regions(
        [*prose(100), years, *rows, *prose(200)], [rule(474.5, 493, 146.2), rule(507, 525.5, 146.2)], gap
    )
    assert all(covers(region, ln) for ln in [years, *rows])


def test_underlined_words_in_running_text_are_no_table() -> None:
    text = prose(100)
    under = [rule(80, 110, 109.5), rule(200, 240, 109.5), rule(300, 330, 109.5)]
    rows = [line("Other income" + LEAD + "$6,109 $(6,109) $—", 69, 124, 513)]
    assert regions([*text, *rows], under) == ()


def test_underlined_headings_over_running_text_are_no_table() -> None:
    heads = [line("Name", 69, 321, 120, 7), line("Position", 300, 321, 350, 7), line("Since", 480, 321, 520, 7)]
    rules = [rule(68.5, 121, 329), rule(299, 351, 329), rule(479, 521, 329)]
    assert regions([*heads, *prose(340)], rules) == ()


def test_one_underlined_heading_over_rows_without_leaders_is_no_table() -> None:
    head = line("2009", 500, 205, 516, 6)
    rows = [line("Gain recognized in OCI on derivatives net of tax $35,529", 69, 220, 525)]
    assert regions([head, *rows], [rule(492, 525.5, 213)]) == ()
