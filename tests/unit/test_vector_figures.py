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


def _diagram(caption: str, below: float = 12.0, subcaptions: str = "", *, above: bool = False) -> PageText:
    """A block diagram: three rows of four labelled boxes (drawn, filled), over ``caption``
    (``below`` points under it; ``above``: that far over it), a row of ``subcaptions`` between."""
    from pdfcore.models import Drawing
    from tests.unit.test_structure import LOREM, ln, page, para

    labels = []
    for k, name in enumerate(("x", "h", "y")):
        y = 220.0 + 60.0 * k
        for j, x in enumerate((110.0, 210.0, 310.0, 410.0)):
            labels.append(ln(f"{name} {j + 1}", y, x=x, x1=x + 24.0, size=8))
    art = Drawing(bbox=Box(100.0, 200.0, 460.0, 360.0), paths=40, on_fills=12)
    subs = [ln(subcaptions, 374.0, x=200.0, x1=260.0, size=8)] if subcaptions else []
    at = 200.0 - below - 9.0 if above else 360.0 + below
    lines = [*para(LOREM, 80), *labels, *subs, ln(caption, at, size=9), *para(LOREM, 460)]
    return page(lines, drawings=(art,))


def test_a_diagram_of_labelled_boxes_in_rows_over_a_figure_caption_is_a_figure() -> None:
    from pdfcore.structure.vector_figures import vector_figure_boxes
    from tests.unit.test_structure import markdown

    captioned = _diagram("Figure 1: The framework of the model.")
    (box,) = vector_figure_boxes(captioned, 612.0, 792.0)
    assert box.y0 <= 220.0 and box.y1 >= 340.0, box
    (md,) = markdown([captioned])
    assert "![Figure 1: The framework of the model.](p1v1)" in md, md
    assert "x 1" not in md and "h 2" not in md, md
    # a row of subcaptions may stand between it and its caption
    assert len(vector_figure_boxes(_diagram("Figure 7. A graph.", 42.0, "(a) (b)"), 612.0, 792.0)) == 1
    # without its caption, rows of labels on filled boxes may be a table's: no figure
    assert vector_figure_boxes(_diagram("The framework of the model."), 612.0, 792.0) == []
    assert vector_figure_boxes(_diagram("Table 1: The framework of the model."), 612.0, 792.0) == []


def test_a_diagram_of_labelled_boxes_under_its_figure_caption_is_a_figure() -> None:
    """A caption set over its figure ("Fig. 4: ..." above a diagram of labelled boxes): the
    diagram is a figure, its labels are no paragraph (nor run into the text under it)."""
    from pdfcore.structure.vector_figures import vector_figure_boxes
    from tests.unit.test_structure import markdown

    captioned = _diagram("Fig. 4: The neural architecture.", above=True)
    assert len(vector_figure_boxes(captioned, 612.0, 792.0)) == 1
    (md,) = markdown([captioned])
    assert "![Fig. 4: The neural architecture.](p1v1)" in md, md
    assert "x 1" not in md and "y 4" not in md, md
    assert vector_figure_boxes(_diagram("Table 4: The neural architecture.", above=True), 612.0, 792.0) == []


def test_two_charts_side_by_side_stay_figures_over_a_table_caption_and_a_grid_across_them() -> None:
    """Two pie charts captioned above them, a table's caption under the left one (its table below
    it): the caption is the table's, not the chart's, and the grid the table reader gives across
    both charts' labels is theirs, no table."""
    from pdfcore.models import Drawing, Table
    from tests.unit.test_structure import LOREM, ln, markdown, page, para

    left = Drawing(bbox=Box(60.0, 330.0, 250.0, 470.0), paths=14)
    right = Drawing(bbox=Box(350.0, 340.0, 520.0, 480.0), paths=8)
    labels = [
        ln("politics", 340.0, x=110.0, x1=140.0, size=8),
        ln("society", 380.0, x=70.0, x1=100.0, size=8),
        ln("13%", 360.0, x=170.0, x1=185.0, size=8),
        ln("local", 350.0, x=450.0, x1=470.0, size=8),
        ln("40%", 400.0, x=430.0, x1=445.0, size=8),
        ln("world", 420.0, x=360.0, x1=385.0, size=8),
    ]
    grid = Table(
        header=("", "politics", "", "local"),
        rows=(("society", "13%", "", ""), ("", "", "world", "40%")),
        bbox=Box(58.0, 335.0, 482.0, 456.0),
    )
    counts = Table(header=("Test set", "Tokens"), rows=(("Armenian", "53453"),), bbox=Box(70.0, 515.0, 280.0, 560.0))
    lines = [
        *para(LOREM, 80),
        ln("Fig. 2: Topics distribution in the corpus", 315.0, x=70.0, x1=240.0, size=9),
        ln("Fig. 3: Distribution of examples by location", 318.0, x=360.0, x1=520.0, size=9),
        *labels,
        ln("TABLE II: Comparison of the test sets", 490.0, x=70.0, x1=240.0, size=9),
        ln("Test set Tokens", 518.0, x=72.0, x1=270.0, size=9),
        ln("Armenian 53453", 540.0, x=72.0, x1=270.0, size=9),
        *para(LOREM, 600),
    ]
    (md,) = markdown([page(lines, drawings=(left, right), tables=(grid, counts))])
    assert "![Fig. 2: Topics distribution in the corpus](p1v1)" in md, md
    assert "![Fig. 3: Distribution of examples by location](p1v2)" in md, md
    assert "society" not in md and "| Armenian | 53453 |" in md, md


def test_a_grid_inside_a_diagram_over_its_figure_caption_is_the_diagrams_labels() -> None:
    """The table reader reads the rows of a diagram's labelled boxes as a grid: inside a diagram
    over its "Figure" caption, the grid is the diagram's labels and the figure stands; without
    the caption the grid stays a table."""
    import attrs

    from pdfcore.models import Table
    from tests.unit.test_structure import markdown

    grid = Table(
        header=("x 1", "x 2", "x 3", "x 4"),
        rows=(("h 1", "h 2", "h 3", "h 4"), ("y 1", "y 2", "y 3", "y 4")),
        bbox=Box(108.0, 218.0, 436.0, 350.0),
    )
    captioned = attrs.evolve(_diagram("Figure 1: The framework of the model."), tables=(grid,))
    (md,) = markdown([captioned])
    assert "![Figure 1: The framework of the model.](p1v1)" in md, md
    assert "| x 1 |" not in md and "h 2" not in md, md
    bare = attrs.evolve(_diagram("The framework of the model."), tables=(grid,))
    (md,) = markdown([bare])
    assert "| x 1 | x 2 | x 3 | x 4 |" in md and "![" not in md, md


def test_a_box_of_bulleted_items_is_text_not_a_figure() -> None:
    """A card drawn as art (a border, an accent bar, a shaded ground) holding a heading over a
    short list led by bullets: its lines are a list's items, no figure's labels; the same lines
    without bullets (a diagram's short labels) may still make a figure."""
    from pdfcore.models import Drawing
    from pdfcore.structure.vector_figures import vector_figure_boxes
    from tests.unit.test_structure import LOREM, ln, page, para

    items = ["most powerful drill in the test", "large battery lasted the build", "expensive and heavier"]

    def card(bullet: str) -> PageText:
        rows = [ln("Best overall: Brennor DX18", 230.0, x=110.0, x1=260.0, size=10)]
        rows += [ln(f"{bullet}{t}", 260.0 + 30.0 * k, x=120.0, x1=300.0, size=10) for k, t in enumerate(items)]
        art = Drawing(bbox=Box(100.0, 220.0, 320.0, 360.0), paths=8)
        return page([*para(LOREM, 80), *rows, *para(LOREM, 400)], drawings=(art,))

    assert vector_figure_boxes(card("\u2022 "), 612.0, 792.0) == []
    assert len(vector_figure_boxes(card(""), 612.0, 792.0)) == 1
