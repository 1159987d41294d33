"""A style that sets one heading alone, bold and larger than the body, under the document's
bigger headings (a hotel guide's one subsection, "If you discover a fire") is the lowest
level; the levels of other styles stay as they were."""

from __future__ import annotations

from pdfcore.models import TextLine
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _guide(
    sub_size: float, *, bold: bool = True, standfirst: bool = False, caption: bool = False, rows: bool = False
) -> str:
    """The guide; ``caption``: a table's caption in bold, smaller than the body, over its rows
    (set smaller still) in the first section; ``rows``: the subsection's heading over such rows
    instead of a paragraph."""
    lines: list[TextLine] = [ln("Welcome to the Saltings Hotel", 50, size=24, bold=True)]
    if standfirst:
        lines.append(ln("A short guide for our guests", 80, size=sub_size))
    y = 100.0
    for k, title in enumerate(("Your Room", "Eating and Drinking", "In an Emergency")):
        lines += [ln(title, y, size=15, bold=True), *para(LOREM, y + 22)]
        y += 80
        if k == 0 and caption:
            lines.append(ln("Room rates", y, size=8.5, bold=True))
            lines += [ln(f"Room {n}   Double   from 120", y + 14 + 11 * n, size=8) for n in range(3)]
            y += 60
        if k == 2:
            lines.append(ln("If you discover a fire", y, size=sub_size, bold=bold))
            if rows:
                lines += [ln(f"Floor {n}   Exit {n + 1}   Assembly point", y + 16 + 11 * n, size=8) for n in range(3)]
            else:
                lines += para(LOREM, y + 18)
            y += 70
    (md,) = markdown([page(lines)])
    return md


def test_a_lone_bold_larger_style_under_the_headings_is_the_lowest_level() -> None:
    md = _guide(12.0)
    assert "# Welcome to the Saltings Hotel" in md
    assert "\n## In an Emergency\n" in md
    assert "\n### If you discover a fire\n" in md


def test_a_lone_line_at_the_body_size_or_not_bold_is_no_heading_by_this() -> None:
    """Only a style both bold and larger than the body earns a level from one heading."""
    for md in (_guide(10.0), _guide(12.0, bold=False)):
        assert "# If you discover a fire" not in md and "\nIf you discover a fire\n" in md.replace("**", "")


def test_a_line_set_once_in_a_lighter_style_leaves_the_lone_level() -> None:
    """A standfirst under the title in the subsection's size, not bold (another style set once,
    less prominent): it moves no heading's level, so the subsection keeps its own."""
    md = _guide(12.0, standfirst=True)
    assert "\n### If you discover a fire\n" in md, md


def test_a_lone_bold_style_a_point_larger_over_a_paragraph_is_the_lowest_level() -> None:
    """A subsection's heading only a point larger than the body (ReportLab's 10.5 over 9.5),
    over a paragraph at the body's size: the lowest level too, whatever a bold caption set
    smaller than the body once (over its table's rows) would otherwise say."""
    for md in (_guide(11.0), _guide(11.0, caption=True)):
        assert "\n### If you discover a fire\n" in md, md
        assert "# Room rates" not in md


def test_a_lone_bold_line_a_point_larger_over_smaller_rows_is_no_heading_by_this() -> None:
    """The same line over a table's rows set smaller than the body (a table's caption): not a
    heading's level of its own."""
    md = _guide(11.0, rows=True)
    assert "# If you discover a fire" not in md and "\n**If you discover a fire**\n" in md, md
