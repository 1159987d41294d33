"""Structured Markdown on documents no benchmark set holds: a paper's author line set in its
section headings' style, an "Abstract" set bold at the body size, and a chart's scattered
labels. Read with the structure tree ignored, so the typographic path is what is tested."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cores import temp_core


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("unseen"), env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as c:
        yield c


def _parts(core: Any, path: Path, page: int) -> list[str]:
    md = core.read_pages(str(path), str(page), format="markdown", use_structure_tree=False).pages[0].markdown
    return [_plain(p) for p in md.replace("**", "").split("\n\n")]


def _plain(part: str) -> str:
    """A block without its italic marks (the blocks' structure: bold and italic marks aside)."""
    return part[1:-1] if len(part) > 2 and part[0] == part[-1] == "*" else part


@pytest.mark.corpus
def test_an_author_line_in_the_section_heading_style_is_not_a_heading(core: Any, corpus: Path) -> None:
    # the authors are set bold at the size of "Abstract" and "1 Introduction"
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/1809.01202.pdf", 1)
    assert [p for p in parts if p.startswith("#")][:3] == [
        "# Causal Explanation Analysis on Social Media",
        "## Abstract",
        "## 1 Introduction",
    ]
    assert "Youngseo Son, Nipun Bayas, and H. Andrew Schwartz" in parts


@pytest.mark.corpus
def test_an_abstract_set_bold_at_the_body_size_is_a_heading(core: Any, corpus: Path) -> None:
    # "Abstract" is the one line in its style (bold at the body size); the sections are larger
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/1801.05147.pdf", 1)
    headings = [p for p in parts if p.startswith("#")]
    assert any(h.lstrip("#") == " Abstract" for h in headings), headings
    assert headings.index(next(h for h in headings if h.endswith(" Abstract"))) < headings.index("# Introduction")


@pytest.mark.corpus
def test_a_charts_scattered_labels_are_not_a_table(core: Any, corpus: Path) -> None:
    # a line chart's axis ticks and data labels: a sparse grid the table reader flags; the chart
    # is a vector figure, its labels none of the paragraphs
    parts = _parts(core, corpus / "uda-benchmark/fin_docs/ADI_2009.pdf", 30)
    assert not any(p.startswith(("|", "<table>")) for p in parts), parts
    assert "![](p30v1)" in parts, parts
    text = "\n".join(parts)
    assert "144.90" not in text and "10/31/09" not in text


def _report(path: Path, *, underline: bool = False, title_size: float = 12, sub_face: str = "") -> None:
    """Two pages of notes: a section title (bold, 12 pt unless ``title_size``), then sub-headings set at the body size
    in italic (or underlined in the body face, or in ``sub_face``) over paragraphs."""
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=letter)
    _, height = letter
    words = [
        "The",
        "company",
        "records",
        "its",
        "revenue",
        "when",
        "control",
        "of",
        "the",
        "goods",
        "passes",
        "to",
        "the",
        "customer",
    ]
    body = [" ".join(words[(k * 3) % 7 :] + words[: (k * 3) % 7]) for k in range(4)]
    for page in range(2):
        y = height - 72
        c.setFont("Times-Bold", title_size)
        c.drawString(72, y, f"Note {page + 1} - Summary of accounting policies")
        y -= 30
        for sub in (f"Revenue recognition {page}", f"Inventories and stock {page}", f"Income taxes {page}"):
            face = sub_face or ("Times-Roman" if underline else "Times-Italic")
            c.setFont(face, 10)
            c.drawString(72, y, sub)
            if underline:
                c.setLineWidth(0.5)
                c.line(72, y - 1.5, 72 + c.stringWidth(sub, face, 10), y - 1.5)
            y -= 18
            c.setFont("Times-Roman", 10)
            for row in body:
                c.drawString(72, y, row + " and the amount is measured reliably at the end of the period.")
                y -= 12
            y -= 14
        c.showPage()
    c.save()


@pytest.mark.parametrize("underline", [False, True], ids=["italic", "underlined"])
def test_sub_headings_set_apart_by_italic_or_underline_at_the_body_size_are_headings(
    core: Any, tmp_path: Path, underline: bool
) -> None:
    pdf = tmp_path / "notes.pdf"
    _report(pdf, underline=underline)
    parts = _parts(core, pdf, 2)
    assert parts[0].startswith("# Note 2")
    subs = [p for p in parts if p.startswith("## ")]
    assert subs == ["## Revenue recognition 1", "## Inventories and stock 1", "## Income taxes 1"], parts


@pytest.mark.corpus
def test_a_reports_italic_and_underlined_sub_headings_are_headings(core: Any, corpus: Path) -> None:
    # notes to financial statements: "Intangible Assets" underlined over two italic sub-headings
    parts = _parts(core, corpus / "uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf", 64)
    headings = [p.lstrip("#").strip() for p in parts if p.startswith("#")]
    assert headings[:3] == [
        "Intangible Assets",
        "Goodwill and indefinite-lived intangible assets",
        "Definite lived intangible assets",
    ]


def test_bold_italic_sub_headings_stand_below_the_bold_headings_of_their_size(core: Any, tmp_path: Path) -> None:
    pdf = tmp_path / "notes.pdf"
    _report(pdf, title_size=10, sub_face="Times-BoldItalic")
    # the section titles at the body size too, so only the slant tells the levels apart
    parts = _parts(core, pdf, 2)
    assert parts[0].startswith("# Note 2")
    subs = [p for p in parts if p.startswith("#") and not p.startswith("# Note")]
    assert subs == ["## Revenue recognition 1", "## Inventories and stock 1", "## Income taxes 1"], parts


@pytest.mark.corpus
@pytest.mark.parametrize(("name", "page"), [("lifeway-foods-inc_2019.pdf", 3), ("inpixon_2019.pdf", 1)])
def test_a_forms_field_labels_and_blanks_are_not_headings(core: Any, corpus: Path, name: str, page: int) -> None:
    # a 10-K's cover: "(Name of registrant as specified in its charter)" under the name, "For
    # the transition period from ____ to ____", set in the face of the cover's titles
    parts = _parts(core, corpus / "uda-benchmark/tat_docs" / name, page)
    headings = [p for p in parts if p.startswith("#")]
    assert any(p.startswith("(") and "registrant" in p for p in parts), parts  # the labels are read
    assert not [h for h in headings if h.lstrip("# ").startswith("(") or "___" in h], headings


@pytest.mark.corpus
def test_a_displayed_formula_is_not_a_heading(core: Any, corpus: Path) -> None:
    # a column vector of Cos(x TΩi) and Sin(x TΩi), its rows set in the sub-headings' italic
    # between bracket pieces drawn from a symbol font
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/2001.03131.pdf", 3)
    assert [p for p in parts if p.startswith("#")] == [
        "# 3. Proposed Approach",
        "# 4. Experiments and Discussions",
        "## 4.1. Data Description",
    ]


@pytest.mark.corpus
def test_a_numbered_heading_whose_second_row_hangs_after_its_number_is_one_heading(core: Any, corpus: Path) -> None:
    # "ITEM 7. MANAGEMENT'S DISCUSSION ... AND" over "RESULTS OF OPERATIONS ...", the second
    # row set in to where the title starts after "ITEM 7."
    parts = _parts(core, corpus / "uda-benchmark/fin_docs/ADI_2009.pdf", 32)
    headings = [p.lstrip("# ") for p in parts if p.startswith("#")]
    assert headings[0].startswith("ITEM 7. MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF")
    assert headings[1] == "Results of Operations"


@pytest.mark.corpus
def test_a_header_printed_over_the_grids_top_rule_is_the_tables_not_a_paragraph(core: Any, corpus: Path) -> None:
    # "Asset  Useful Life" above the ruled grid of useful lives: the table's header row
    parts = _parts(core, corpus / "uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf", 62)
    assert "Asset Useful Life" not in parts
    assert "| Asset | Useful Life |" in "\n".join(parts)


@pytest.mark.corpus
def test_headings_drawn_twice_are_read_once(core: Any, corpus: Path) -> None:
    # the page draws its heading block a second time after the body (pdfplumber issue 71)
    parts = _parts(core, corpus / "pdfplumber/pdfs/issue-71-duplicate-chars-2.pdf", 1)
    headings = [p for p in parts if p.startswith("#")]
    assert len(headings) == len(set(headings)), headings
    assert "### UE 8. Circulation - Métabolismes" in headings


@pytest.mark.corpus
def test_a_lone_page_number_in_a_wide_foot_margin_is_not_body_text(core: Any, corpus: Path) -> None:
    # "13" centred under the text, 11 % of the page above its foot, drawn first by the text layer;
    # the document is too short (3 pages) to learn its page numbers as running feet
    parts = _parts(core, corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-033.pdf", 2)
    assert "13" not in parts, parts
    assert parts[0].startswith("# SECTION III")


@pytest.mark.corpus
def test_a_tables_column_heads_wrapped_in_their_columns_are_not_a_heading(core: Any, corpus: Path) -> None:
    # a 10-K cover's "Title of Each Class  Trading Symbol  Name of each exchange on which" over
    # "registered" under the third column, bold at the size of the cover's headings
    parts = _parts(core, corpus / "uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf", 3)
    assert "Title of Each Class Trading Symbol Name of each exchange on which registered" in parts, parts
    assert "### Securities registered under Section 12(b) of the Exchange Act:" in parts


@pytest.mark.corpus
def test_a_notice_across_the_columns_drawn_last_is_read_where_it_stands(core: Any, corpus: Path) -> None:
    # a Wikipedia print's "This is an old revision" box, set across the article and its infobox
    # under the title, drawn after the article's first paragraphs
    parts = _parts(core, corpus / "uda-benchmark/wiki_nq_docs/pdfs/Hannah John-Kamen.pdf", 1)
    notice = next(k for k, p in enumerate(parts) if p.startswith("This is an old revision"))
    assert parts[notice - 1].startswith("# Hannah John-Kamen"), parts[: notice + 1]


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "page", "address"),
    [
        ("tat_docs/lifeway-foods-inc_2019.pdf", 3, "6431 West Oakton St., Morton Grove, Illinois 60053"),
        ("fin_docs/ADI_2009.pdf", 7, "Washington, D.C. 20549"),
    ],
)
def test_a_postal_address_on_a_cover_is_not_a_heading(
    core: Any, corpus: Path, name: str, page: int, address: str
) -> None:
    # set bold (over its field label, under the commission's name) like the cover's headings
    parts = _parts(core, corpus / "uda-benchmark" / name, page)
    assert address in parts, parts


@pytest.mark.corpus
def test_a_numbered_heading_justified_over_two_rows_hangs_after_its_label(core: Any, corpus: Path) -> None:
    # "B Appendix B: ... Stock Mar-" over "ket Participation ...", both rows to the right edge,
    # the second set in after the label: one heading, not a heading and a paragraph
    parts = _parts(core, corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-027.pdf", 2)
    assert parts[0] == (
        "# B Appendix B: Financial Literacy and Stock Market Participation over Deciles of Financial Wealth"
    ), parts[:2]


@pytest.mark.corpus
def test_a_page_reads_the_same_from_the_cache_as_just_extracted(tmp_path: Path, corpus: Path) -> None:
    """A 10-K's page whose rows sit a fraction of a point from where a paragraph break is told:
    its Markdown from the cache (a new process over the same cache) is its Markdown as first
    read (the cache keeps the engine's geometry exactly, not rounded to 0.1 pt)."""
    path = str(corpus / "uda-benchmark/fin_docs/ADI_2009.pdf")
    reads, hits = [], []
    for _ in range(2):
        with temp_core(tmp_path, env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as c:
            r = c.read_pages(path, "27", format="markdown")
            reads.append(r.pages[0].markdown)
            hits.append(r.cache_hits)
            c.flush()
    assert hits == [0, 1]  # extracted, then served from the cache
    assert reads[0] == reads[1]
    assert "Vice President, Worldwide Manufacturing since February 1994" in reads[0]


@pytest.mark.corpus
def test_charts_over_a_background_in_strips_are_figures_not_a_table(core: Any, corpus: Path) -> None:
    """eu-011: the page's coloured margin is drawn in eight page-wide strips (no figures);
    figure 14's chart, once no strip hides it, is a figure without its tick labels; on p. 2 four
    charts in a 2 x 2 grid, read as one table by their frames and ticks, are figures, each pair
    with the captions set under it; a chart's bold title joins its caption."""
    path = corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-011.pdf"
    first = _parts(core, path, 1)
    assert not any(p.startswith("![](") for p in first), first
    assert "![Figure 14 (data until 2 July 2010): European sovereign 5-year CDS spreads (bp)](p1v1)" in first, first
    assert not {"0", "200", "1200", "Greece Spain"} & set(first), first
    second = _parts(core, path, 2)
    assert not any(p.startswith(("<table", "|")) for p in second), second
    assert [p for p in second if p.startswith("![")] == [
        "![Figure 15 (data until 7 July 2010) Figure 16 (data until 7 July 2010)](p2v1)",
        "![Figure 17 (data until 7 July 2010) Figure 18 (data until 7 July 2010)](p2v2)",
        "![Figure 19 (data until 7 July 2010): Greece vs Germany (bp)](p2v3)",
    ], second


@pytest.mark.corpus
def test_a_chart_of_one_curve_is_told_by_its_axes(core: Any, corpus: Path) -> None:
    """A plot saved alone (one curve: too few paths to be art) is a figure by its frame and
    value axis; its tick labels are no paragraphs."""
    path = corpus / "pdf-mcp/sdist/benchmark_data/chart_extraction/syn_corpus/line_sharp_peak.pdf"
    assert _parts(core, path, 1) == ["![](p1v1)"]


@pytest.mark.corpus
def test_a_charts_title_and_a_captions_second_row_stay_with_the_figure(core: Any, corpus: Path) -> None:
    """us-028: the bold title printed inside Figure 2's chart joins its caption (it left the
    text with the chart's labels); eu-017 p. 3: `Figure CA3. | Age-specific ... TESSy` is a
    caption, its second row set apart in another face goes on with it, and the bar chart under
    it (axes and bars) is its figure."""
    us = _parts(core, corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-028.pdf", 1)
    assert "![Figure 2: Incidents of Directed Assaults, by Month, 1900-2008 (n = 270)](p1v1)" in us, us
    assert "SEP OCT NOV DEC JAN FEB MAR APR MAY JUN JUL AUG" not in us, us
    eu = _parts(core, corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-017.pdf", 3)
    figures = [p for p in eu if p.startswith("![")]
    assert figures[0].startswith("![Figure CA3. | Age-specific distribution") and figures[0].endswith(
        "TESSy data for reporting MSs, 2007](p3v1)"
    ), figures
    assert "data for reporting MSs, 2007" not in eu and "140" not in eu and "Age Group" not in eu, eu
