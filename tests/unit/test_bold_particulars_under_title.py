"""A bold line right under a document's title, flush with it, giving its particulars (a race's
date and venue: a figure, a comma) in a style no heading of the document is set in, over
numbered sections: text of the title's block, no heading. Before, the title block ended at the
first bold line, and the line read as a heading of the third level."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _lines(second: str) -> list:
    return [
        ln("Riverside Half Marathon and 10K", 40, size=25, bold=True),
        ln("Race Information Pack", 70, size=25, bold=True),
        ln(second, 100, size=12.5, bold=True, x=71),
        ln("1 Before Race Day", 130, size=14, bold=True, x=82),
        *para(LOREM, size=9.4, y=150),
        ln("1.1 Collecting Your Race Number", 200, size=10.8, bold=True),
        *para(LOREM, size=9.4, y=216),
        ln("1.2 Getting to the Start", 266, size=10.8, bold=True),
        *para(LOREM, size=9.4, y=282),
        ln("2 On the Day", 332, size=14, bold=True, x=82),
        *para(LOREM, size=9.4, y=352),
        ln("2.1 Start Waves", 402, size=10.8, bold=True),
        *para(LOREM, size=9.4, y=418),
    ]


def test_a_bold_line_of_particulars_under_the_title_is_text() -> None:
    (md,) = markdown([page(_lines("Sunday 14 September 2025 · Castle Park, Wenford"))])
    blocks = md.split("\n\n")
    assert blocks[0].startswith("# Riverside Half Marathon"), md
    assert blocks[1].strip("*") == "Sunday 14 September 2025 · Castle Park, Wenford", md
    assert "## 1 Before Race Day" in blocks, md


def test_a_bold_line_of_words_under_the_title_is_left_as_read() -> None:
    """No figure, no comma: a line of words (an ``Introduction`` over the first section) is not
    taken for the title's particulars."""
    (md,) = markdown([page(_lines("Introduction"))])
    assert "Introduction" not in md.split("\n\n"), md
