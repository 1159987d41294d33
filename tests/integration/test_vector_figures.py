"""A chart drawn with vector paths is a figure in the Markdown (its caption, a ref that renders),
its tick labels no paragraphs; a table drawn with rules and cell fills is no figure."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.chartgen import Axes
from tests.pdfgen import Page, write_pdf

BODY = [
    "The committee reviewed the sales of every region over the last five years and found",
    "that the northern offices grew faster than the others in each of the years reviewed.",
    "This report sets out the figures region by region and explains what drove the change.",
]
AFTER = [
    "The southern offices kept their share of the market while the eastern offices lost a",
    "little ground to new competitors in the second half of the period under review here.",
]
TICKS = ["North", "South", "East", "West", "Central"]


def _bar_chart(left: float, width: float) -> Page:
    """A page of running text over a chart of two bar series (its plot ``left``, ``width``)."""
    page = Page()
    page.lines(72, 740, BODY, size=11)
    axes = Axes(page, left, 440.0, width, 220.0, ylim=(0.0, 50.0), categories=TICKS)
    axes.frame().yticks([0, 10, 20, 30, 40, 50]).xcategories(TICKS)
    axes.bars([12, 25, 18, 40, 31])
    axes.bars([10, 20, 15, 35, 28], offset=0.3, width=0.25)
    return page


def _chart_pdf(path: Path) -> Path:
    page = _bar_chart(120.0, 380.0)
    for x, name in ((160, "Units sold"), (320, "Units returned")):  # a legend set apart, under it
        page.line(x, 397, x + 20, 397, width=1.5)
        page.text(x + 26, 394, name, size=9)
    page.text(72, 370, "Figure 1: Sales by region in thousands of units.", size=10)
    page.lines(72, 340, AFTER, size=11)
    return write_pdf(path, [page])


def _table_pdf(path: Path) -> Path:
    page = Page()
    page.lines(72, 740, BODY, size=11)
    cells = [["Region", "2019", "2020", "2021"]] + [[t, "12", "25", "31"] for t in TICKS]
    page.grid(100.0, 660.0, 22.0, 100.0, cells, size=10, lift=7, band=(0.85, 0.9, 0.95))
    page.text(72, 500, "Table 1: Sales by region in thousands of units.", size=10)
    page.lines(72, 470, AFTER, size=11)
    return write_pdf(path, [page])


def _markdown(core: Any, path: Path) -> str:
    r = core.read_pages(str(path), "1", format="markdown", max_chars=10**6, max_chars_per_page=10**6)
    return str(r.pages[0].markdown)


def test_a_vector_chart_is_a_figure_with_its_caption_and_no_tick_label_paragraphs(core: Any, tmp_path: Path) -> None:
    md = _markdown(core, _chart_pdf(tmp_path / "chart.pdf"))
    parts = md.split("\n\n")
    assert "![Figure 1: Sales by region in thousands of units.](p1v1)" in parts, md
    assert len([p for p in parts if p.startswith("![")]) == 1, md
    for label in [*TICKS, "0", "10", "20", "30", "40", "50", "returned"]:
        assert not any(label in p.split() for p in parts if not p.startswith("![")), (label, md)
    assert parts[0].startswith("The committee") and parts[-1].startswith("The southern"), md
    shot = core.render_pages(str(tmp_path / "chart.pdf"), ref="p1v1")
    (image,) = shot.images
    clip = image.clip
    assert clip is not None and 0.1 < clip.x0 < clip.x1 < 0.95 and clip.y1 - clip.y0 < 0.5, clip


def test_a_table_drawn_with_rules_and_cell_fills_is_no_figure(core: Any, tmp_path: Path) -> None:
    md = _markdown(core, _table_pdf(tmp_path / "table.pdf"))
    assert "![" not in md, md
    assert "Central" in md and "Region" in md, md


def test_the_pdfium_extractor_reports_the_charts_art_in_its_plot_and_the_tables_apart(tmp_path: Path) -> None:
    from adapters.pdfium_text import PdfiumTextExtractor
    from pdfcore.models import DocumentSource, Fingerprint

    extractor = PdfiumTextExtractor()
    found = {}
    for name, make in (("chart", _chart_pdf), ("table", _table_pdf)):
        path = make(tmp_path / f"{name}.pdf")
        source = DocumentSource(str(path), Fingerprint(path.stat().st_size, path.stat().st_mtime_ns, "x" * 64))
        (found[name],) = extractor.extract(source, [0])
    art = found["chart"].drawings
    # the bars (ten of them) in regions inside the plot, none under the text above or the caption
    assert sum(d.paths for d in art) >= 10, art
    assert all(d.bbox.x0 >= 120 and d.bbox.x1 <= 500 and 792 - 660 <= d.bbox.y0 <= d.bbox.y1 <= 792 - 430 for d in art)
    # the table's cell fills lie apart (a row of rules between them): bands, not one art region
    assert all(d.paths < 10 for d in found["table"].drawings), found["table"].drawings


def test_a_full_page_render_lists_the_vector_chart_as_a_region_that_renders(core: Any, tmp_path: Path) -> None:
    path = _chart_pdf(tmp_path / "chart.pdf")
    shot = core.render_pdf(str(path), pages="1")
    (chart,) = [r for r in shot.regions if r.kind == "figure"]
    assert "p1v1" in chart.text and chart.ref in shot.markdown, shot.markdown
    b = chart.bbox
    assert 90 <= b.x0 < b.x1 <= 510 and b.y1 - b.y0 < 300, b  # the plot with its tick labels
    crop = core.render_pdf(str(path), ref=chart.ref)
    (image,) = crop.images
    assert image.clip is not None and image.clip.y1 - image.clip.y0 < 0.5, image.clip
    # a table drawn with rules and fills is listed as a table, never as a figure
    table = core.render_pdf(str(_table_pdf(tmp_path / "table.pdf")), pages="1")
    assert [r.kind for r in table.regions] == ["table"], table.regions


def test_a_legend_beside_the_chart_is_the_figures_own(core: Any, tmp_path: Path) -> None:
    """Entries led by swatches too small to be art, one under the other right of the plot
    (a spreadsheet chart's default legend): labels of the figure, not paragraphs before it."""
    page = _bar_chart(100.0, 330.0)
    for k, name in enumerate(("Units sold", "Units returned")):
        y = 580 - 14 * k
        page.rect(448, y, 5, 5, rgb=(0.2, 0.3, 0.6))
        page.text(456, y, name, size=9)
    page.text(72, 400, "Figure 2: Sales by region in thousands of units.", size=10)
    page.lines(72, 370, AFTER, size=11)
    path = write_pdf(tmp_path / "legend.pdf", [page])
    parts = _markdown(core, path).split("\n\n")
    assert "![Figure 2: Sales by region in thousands of units.](p1v1)" in parts, parts
    assert not any("Units" in p for p in parts if not p.startswith("![")), parts


def test_two_figures_one_over_the_other_are_cut_at_the_upper_ones_caption(core: Any, corpus: Path) -> None:
    """A paper's column holds a diagram, its caption, and another figure's art under it; strokes
    whose bounds pdfium blows up at sharp corners run across the caption and joined both
    figures' art in one region: the region is cut at the caption, the upper figure stands with
    its caption and its labels are no paragraphs."""
    md = core.read_all(str(corpus / "pdfjs/tracemonkey.pdf"), start_page=6, max_pages=1, format="markdown").markdown
    assert "![Figure 5. A tree with two traces" in md, md
    assert "Tree Anchor" not in md


def test_a_label_pdfium_joins_to_a_hyphenated_caption_is_a_line_of_its_own(core: Any, corpus: Path) -> None:
    """pdfium gives a diagram's label ("Symbol Key") and the caption under the diagram as one
    line (its rows joined at hyphenated words): the label's row is cut off, so the caption
    starts its own line."""
    source = core.open(str(corpus / "pdfjs/tracemonkey.pdf"))
    page = next(iter(core.services.text.extract(source, [1])))
    texts = [ln.text for ln in page.lines]
    assert "Symbol Key" in texts
    caption = next(ln for ln in page.lines if ln.text.startswith("Figure 2."))
    assert caption.bbox.height < 12


def test_diagrams_the_table_reader_reads_as_grids_stand_over_their_captions(core: Any, corpus: Path) -> None:
    """A state machine and a drawing of traces, their node labels in rows: the table reader gives
    a grid inside each, and each stands as a figure over its "Figure" caption."""
    path = str(corpus / "pdfjs/tracemonkey.pdf")
    page2 = core.read_all(path, start_page=2, max_pages=1, format="markdown").markdown
    assert "![Figure 2. State machine describing" in page2 and "Interpret" not in page2, page2
    page6 = core.read_all(path, start_page=6, max_pages=1, format="markdown").markdown
    assert "![Figure 6. We handle type-unstable loops" in page6 and "Linked" not in page6, page6
