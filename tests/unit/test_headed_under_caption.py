"""A table ruled under its header only, under its caption set as two texts side by side (the
label in bold, then the title): two lines side by side right over the header read as a row of
cells going on over the rule (a rule between groups of rows), so the table was none. A band
that reads as a caption (``Table 1:`` ...) is no such row."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.framed_rows import headed_regions

ROWS = (
    ("Hembury to Ashby Fold", "18.4", "95", "Good, some gravel at junctions"),
    ("Ashby Fold to Wrenholme via Skelby", "21.7", "180", "Mixed; potholes near Skelby Mill"),
    ("Wrenholme to Lowther Bank top", "24.2", "410", "Good"),
    ("Lowther Bank to Hembury", "28.7", "225", "Good; fast descent to the A614"),
)
XS = ((57, 200), (260, 290), (330, 350), (370, 495))


def _regions(label: str) -> list[Box]:
    lines = [
        TextLine(text=label, bbox=Box(57, 268, 90, 274), font_size=8, bold=True),
        TextLine(text="The route in sections", bbox=Box(93, 268, 173, 274), font_size=8),
        TextLine(text="Section Distance (km) Climbing (m) Road surface", bbox=Box(57, 283, 423, 292), font_size=9),
    ]
    gaps = [Box(87, 283, 234, 292), Box(291, 283, 304, 292), Box(358, 283, 371, 292)]
    for k, row in enumerate(ROWS):
        y = 297.5 + 13.7 * k
        lines.append(TextLine(text=" ".join(row), bbox=Box(57, y, XS[3][1] - 5 * (k % 2), y + 8), font_size=9))
        gaps += [
            Box(XS[0][1], y, XS[1][0], y + 8),
            Box(XS[1][1], y, XS[2][0], y + 8),
            Box(XS[2][1], y, XS[3][0], y + 8),
        ]
    rules = [Box(56, 293.8, 524, 294.2)]
    return headed_regions(rules, lines, gaps)


def test_a_caption_of_two_texts_over_the_header_is_no_row() -> None:
    (region,) = _regions("Table 1:")
    assert region.y0 <= 283 and region.y1 >= 297.5 + 13.7 * 3


def test_two_cells_over_the_header_are_rows_going_on_over_the_rule() -> None:
    assert _regions("Hembury") == []
