"""Section numbers hung in the left margin, the heading's words at the text's edge (``1`` …
``Overview``, ``2.1`` … ``Web Dashboard``): the blank between number and words is no table's
column gap, so the headings and the paragraphs under them are no table of two columns."""

from __future__ import annotations

from pdfcore.layout.margin_heads import hung_number_gaps
from pdfcore.models import Box, PageText, TextLine

PROSE = [
    "Kestrel 5.0 is a major release of the open-source job scheduler. It adds a new web dashboard",
    "and makes retries and timeouts far easier to configure, and removes several old features.",
    "Most deployments can upgrade in under an hour, but please read the breaking changes first.",
]
HEADS = [
    ("1", "Overview", 14.0),
    ("2", "What's New", 14.0),
    ("2.1", "Web Dashboard", 11.0),
    ("2.2", "Retry Policies", 11.0),
]


def _page() -> PageText:
    lines: list[TextLine] = []
    gaps: list[Box] = []
    y = 100.0
    for number, words, size in HEADS:
        end = 86 + 0.55 * size * len(words)
        lines.append(TextLine(f"{number} {words}", Box(41, y, end, y + size), size, bold=True))
        gaps.append(Box(41 + 0.6 * size * len(number), y, 86, y + size))
        y += size + 6
        for text in PROSE:
            lines.append(TextLine(text, Box(86, y, 535, y + 10), 10.0))
            y += 13
        y += 10
    return PageText(index=0, text="", lines=tuple(lines), gaps=tuple(gaps))


def test_the_blank_after_a_number_hung_in_the_margin_is_no_column_gap() -> None:
    page = _page()
    assert hung_number_gaps(page.lines, page.gaps, 10.0) == []


def test_a_gap_after_a_number_in_a_line_of_body_text_stays() -> None:
    """A row of a table of figures (``12 Apples`` in the body's face) keeps its blank."""
    line = TextLine("12 Apples", Box(41, 100, 140, 110), 10.0)
    gap = Box(55, 100, 86, 110)
    assert hung_number_gaps([line], [gap], 10.0) == [gap]
