"""A side head the text layer gives on one line with its paragraph's first line (``Your
Medicines You will go home with ...``: the head in the margin, larger and in bold, the
paragraph at the text's left edge) is cut off at the blank between them and read as the
paragraph's heading; a bold label at the body's size before its text (a table's first cell)
is left whole."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from tests.unit.test_structure import ln, markdown, page

TEXT = [
    "Most people go home two or three days after a hip replacement operation on the ward.",
    "You can leave when you can walk safely with your crutches and climb a few stairs.",
    "Your nurse will go through this leaflet with you and answer any questions you have.",
]
REST = [
    "Take them exactly as the label says, even if you feel well and have no pain at all.",
    "Pain relief works best when you take it regularly for the first two weeks at home.",
]


def _lines(head_size: float) -> tuple[list[TextLine], tuple[Box, ...]]:
    lines = [ln("Before You Leave", 100, x=54, size=12.5, bold=True, x1=150)]
    lines += [ln(t, 100 + 14 * k, x=179, x1=535) for k, t in enumerate(TEXT)]
    first = "You will go home with medicines to control your pain and to help prevent clots."
    joined = TextLine(
        text=f"Your Medicines {first}",
        bbox=Box(54, 170, 535, 183),
        font_size=head_size,
        size_runs=((13, head_size), (len(first.replace(" ", "")), 10.0)),
        lead="Your Medicines",
    )
    lines.append(joined)
    lines += [ln(t, 186 + 14 * k, x=179, x1=535) for k, t in enumerate(REST)]
    return lines, (Box(145, 170, 179, 183),)


def test_a_side_head_joined_to_its_paragraphs_first_line_heads_the_paragraph() -> None:
    lines, gaps = _lines(12.5)
    (md,) = markdown([page(lines, gaps=gaps)])
    _, _, after = md.partition("Your Medicines")
    assert after.lstrip("*").startswith("\n\nYou will go home with medicines"), md  # a block of its own
    assert md.index("Your Medicines") < md.index("You will go home") < md.index("Take them exactly")


def test_a_bold_label_at_the_text_size_stays_with_its_line() -> None:
    lines, gaps = _lines(10.0)
    (md,) = markdown([page(lines, gaps=gaps)])
    assert "Your Medicines You will go home" in md or "**Your Medicines** You will go home" in md, md
