"""Which lines of a page may be a vector figure's labels, and refs of vector figures."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextBlock, TextLine
from pdfcore.structure import parse_figure_ref
from pdfcore.structure.vector_figures import _page_lines, vector_figure_ref


def _block(*rows: tuple[str, float]) -> TextBlock:
    lines = tuple(TextLine(t, Box(100, y, 100 + 6 * len(t), y + 10)) for t, y in rows)
    return TextBlock(" ".join(t for t, _ in rows), Box(100, rows[0][1], 400, rows[-1][1] + 10), lines)


def test_a_short_row_right_under_a_caption_or_running_text_is_no_label() -> None:
    caption = _block(("Figure 2: Sales of the regions over the years, in thousands", 100), ("of units.", 112))
    prose = _block(("The offices in the north grew faster than all the other offices did", 200), ("last year.", 212))
    ticks = _block(("Figure 3: Sales of the regions over the years, in thousands", 300), ("0 10 20 30", 330))
    page = PageText(index=0, text="", blocks=(caption, prose, ticks))
    labels = {t: label for _, t, label in _page_lines(page)}
    assert labels["of units."] is False and labels["last year."] is False
    assert labels["0 10 20 30"] is True  # set apart from the caption above it


def test_vector_refs_are_numbered_apart_and_parse_like_raster_ones() -> None:
    assert vector_figure_ref(2, 0) == "p3v1"
    assert parse_figure_ref("p3v1") == (2, 0) and parse_figure_ref("p3f2") == (2, 1)
    assert parse_figure_ref("p3x1") is None


def test_a_subcaption_in_rows_of_a_few_words_stays_text() -> None:
    """Under a panel inside the figure's box, "(a) Example of an artificial neuron unit." runs
    over rows of a few words each: every row alone reads as a label, the block does not."""
    from pdfcore.structure.rows import Row
    from pdfcore.structure.vector_figures import subcaption_blocks

    def row(text: str, y: float, block: int) -> Row:
        return Row(text, "", Box(100, y, 300, y + 10), 9.0, False, False, "", block)

    rows = [
        row("(a) Example of an artificial", 100, 0),
        row("neuron unit. xi are the input", 111, 0),
        row("signals and wi are weights.", 122, 0),
        row("(b) Output", 100, 1),
        row("0 10 20 30", 140, 2),
    ]
    assert subcaption_blocks(rows) == {0}
