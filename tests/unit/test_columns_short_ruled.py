"""A column rule with a short column beside it: a newsletter's third column holding a story's
last two lines is no column by its text (too few lines), but the rule drawn between it and the
second column parts them; before, its first line joined the second column's on the same row
(``... Michaelmas. words, and let us know ...``)."""

from __future__ import annotations

from pdfcore.layout.columns import column_regions
from pdfcore.models import Box, TextLine

PROSE = "the quick brown fox jumps over the lazy dog while the owls watch"
#: Column rules between the three columns, from the top of the text to its foot.
RULES = [Box(208.4, 62.0, 209.2, 780.0), Box(386.1, 62.0, 386.9, 780.0)]


def _line(text: str, x0: float, y0: float, x1: float, size: float = 9.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + size), size)


def _lines(third: list[str]) -> list[TextLine]:
    first = [_line(f"A{k} {PROSE}", 40, 68 + 12.6 * k, 200) for k in range(50)]
    second = [_line(f"B{k} {PROSE}", 217, 68 + 12.6 * k, 378) for k in range(50)]
    return first + second + [_line(t, 395, 68 + 12.6 * k, 555) for k, t in enumerate(third)]


def _columns(regions: list[list[TextLine]] | None) -> list[str]:
    assert regions is not None
    return ["".join(ln.text[0] for ln in region) for region in regions]


def test_a_column_rule_parts_a_short_column_of_running_text() -> None:
    lines = _lines(["C0 words, and let us know if you would", "C1 like a photograph returned."])
    assert _columns(column_regions(lines, RULES)) == ["A" * 50, "B" * 50, "CC"]
    # without the rules the two lines sit in the second column's region, read by rows
    regions = _columns(column_regions(lines))
    assert regions[0] == "A" * 50 and regions[1].startswith("BCBC"), regions


def test_labels_beside_the_rule_are_no_column() -> None:
    """Beside the rule, figures and short labels (a table's cells) keep the region whole."""
    lines = _lines(["12.5", "Total"])
    assert _columns(column_regions(lines, RULES))[1].startswith("B1BT")


def test_a_rule_shorter_than_the_text_is_no_column_rule() -> None:
    rules = [RULES[0], Box(386.1, 62.0, 386.9, 300.0)]
    lines = _lines(["C0 words, and let us know if you would", "C1 like a photograph returned."])
    assert _columns(column_regions(lines, rules))[1].startswith("BCBC")
