"""A table ruled under its header only whose second column holds a sentence per row, wider than
three quarters of the rule (an age-rating key: ``12A`` beside ``Suitable for 12 years and over
...``): its rows were taken for running text, so the table was none. A sentence set in a column
right of its label is a cell; running text starts at the rows' left edge."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.framed_rows import headed_regions

ROWS = (
    ("U", "Universal: suitable for all. A U film should be suitable for audiences aged four and over."),
    ("PG", "Parental guidance: general viewing, but some scenes may be unsuitable for young children."),
    ("12A", "Suitable for 12 years and over. Children under 12 may see the film with an adult."),
    ("15", "Suitable only for 15 years and over. Nobody younger than 15 may see the film in a cinema."),
    ("18", "Suitable only for adults. Nobody younger than 18 may see the film in a cinema."),
)


def _regions(label_column: bool) -> list[Box]:
    lines = [TextLine(text="Rating Meaning", bbox=Box(61.6, 143.1, 151.7, 152.1), font_size=8, bold=True)]
    gaps = [Box(85.1, 143.1, 120.8, 152.1)]
    for k, (label, text) in enumerate(ROWS):
        y = round(160.2 + 17.2 * k, 1)
        if label_column:
            lines.append(
                TextLine(text=f"{label} {text}", bbox=Box(61.6, y, 500.0 - 5 * k, round(y + 9.3, 1)), font_size=9)
            )
            gaps.append(Box(61.6 + 5 * len(label), y, 120.4, round(y + 9.3, 1)))
        else:
            lines.append(TextLine(text=text, bbox=Box(61.6, y, 500.0 - 5 * k, round(y + 9.3, 1)), font_size=9))
    rules = [Box(56.2, 154.7, 551.1, 156.3)]
    return headed_regions(rules, lines, gaps)


def test_sentences_beside_their_labels_under_a_ruled_header_are_a_table() -> None:
    (region,) = _regions(label_column=True)
    assert region.y0 <= 143.1 and region.y1 >= 160.2 + 17.2 * 4


def test_running_text_under_a_ruled_header_is_none() -> None:
    assert _regions(label_column=False) == []
