"""Structured Markdown on real layouts: tables where the page shows them whatever order the text
layer draws them in, heading levels from the outline entry naming each heading, and a paper's
title block (a title starting with a name in mixed case, affiliation marks drawn as text
objects of their own). Tagged files are read with their structure tree ignored, so the
typographic path is what is tested."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cores import temp_core


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("real-order"), env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as c:
        yield c


def _parts(core: Any, path: Path, page: int, *, marks: bool = False) -> list[str]:
    md = core.read_pages(str(path), str(page), format="markdown", use_structure_tree=False).pages[0].markdown
    return md.split("\n\n") if marks else [_plain(p) for p in md.replace("**", "").split("\n\n")]


def _plain(part: str) -> str:
    """A block without its italic marks (the blocks' structure: bold and italic marks aside)."""
    return part[1:-1] if len(part) > 2 and part[0] == part[-1] == "*" else part


def _first(parts: list[str], start: str) -> int:
    return next(k for k, p in enumerate(parts) if p.startswith(start))


@pytest.mark.corpus
def test_a_rate_sheet_reads_title_table_notes_then_the_table_beside_the_notes(core: Any, corpus: Path) -> None:
    # the text layer draws the notes, then the reference table beside them, then the title
    parts = _parts(core, corpus / "pdfplumber/pdfs/pr-138-example.pdf", 1, marks=True)
    title = parts.index("# Home Loan Interest Rates")
    rates = _first(parts, "<table>")
    notes = _first(parts, "Things You Need to Know")
    reference = _first(parts, "| Loan Type | Reference Rates |")
    call = _first(parts, "Call us on 13 2224")
    assert title < rates < notes < reference < call


@pytest.mark.corpus
def test_an_infobox_drawn_before_the_title_stands_after_it(core: Any, corpus: Path) -> None:
    parts = _parts(core, corpus / "pdfjs/pdfjs_wikipedia.pdf", 1)
    assert parts[0] == "# PDF.js"
    infobox = _first(parts, "| Original author(s) | Andreas Gal |")
    assert "| Developer(s) | Mozilla |" in parts[infobox]
    assert infobox < _first(parts, "PDF.js is a JavaScript library")


@pytest.mark.corpus
def test_reference_marks_raised_after_a_word_stay_in_its_sentence(core: Any, corpus: Path) -> None:
    # Wikipedia's "[30][31][32]" after a row's first word, "[33] six national parks ...[34]"
    # between two parts of a row: the engine cuts the rows where the marks are raised
    parts = _parts(core, corpus / "uda-benchmark/wiki_nq_docs/pdfs/Oklahoma.pdf", 3)
    text = "\n\n".join(parts)
    assert "pine forests cover northeastern Oklahoma. [30][31][32]" in text
    assert "protected regions,[34] two national protected forests or grasslands, [35] and a network" in text
    assert "in southeastern Oklahoma lives the American alligator.[31]" in text


@pytest.mark.corpus
def test_headings_take_the_level_of_the_outline_entry_naming_them(core: Any, corpus: Path) -> None:
    parts = _parts(core, corpus / "pdf-mcp/sdist/pages/corpus/nist-router-security.pdf", 24)
    assert [p for p in parts if p.startswith("#")] == [
        "## A.4. Interface Access Control 1",
        "### A.4.9. Interface Access Control 1a",
        "### A.4.10. Interface Access Control 1b",
    ]


def test_a_mixed_case_title_is_a_heading_and_affiliation_marks_join_their_names(core: Any, tmp_path: Path) -> None:
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    pdf = tmp_path / "paper.pdf"
    c = canvas.Canvas(str(pdf), pagesize=letter)
    width, height = letter
    c.setFont("Times-Bold", 22)
    c.drawCentredString(width / 2, height - 80, "pioNER: Datasets and Baselines")
    x, y = 150.0, height - 120
    for name, mark, tail in (
        ("Tsolak Ghukasyan", "1", ", "),
        ("Garnik Davtyan", "2", ", "),
        ("Karen Avetisyan", "1,2", ""),
    ):
        for text, font, size, rise in (
            (name, "Times-Roman", 11, 0),
            (mark, "Times-Roman", 6.5, 6),
            (tail, "Times-Roman", 11, 0),
        ):
            if text:  # each piece a text object of its own, the mark raised
                c.setFont(font, size)
                c.drawString(x, y + rise, text)
                x += c.stringWidth(text, font, size)
    c.setFont("Times-Roman", 10)
    words = [
        "Named",
        "entity",
        "recognition",
        "is",
        "an",
        "important",
        "task",
        "of",
        "natural",
        "language",
        "processing.",
    ] * 12
    rows = [" ".join(words[k : k + 14]) for k in range(0, len(words), 14)]
    for k, row in enumerate(rows):
        c.drawString(72, height - 220 - 12 * k, row)
    c.showPage()
    c.save()
    parts = _parts(core, pdf, 1)
    assert parts[:2] == ["# pioNER: Datasets and Baselines", "Tsolak Ghukasyan1, Garnik Davtyan2, Karen Avetisyan1,2"]


@pytest.mark.corpus
def test_a_title_set_over_two_rows_after_its_colon_is_one_heading(core: Any, corpus: Path) -> None:
    # "ASK THE RIGHT QUESTIONS:" over "ACTIVE QUESTION REFORMULATION WITH REINFORCEMENT
    # LEARNING", a leading wider than a block's gap: the colon does not end the title
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/1705.07830.pdf", 1)
    assert parts[0] == "# ASK THE RIGHT QUESTIONS: ACTIVE QUESTION REFORMULATION WITH REINFORCEMENT LEARNING"
    assert parts[1].startswith("Christian Buck, Jannis Bulian")


@pytest.mark.corpus
def test_a_court_captions_labels_set_against_a_column_of_colons_stay_lines_of_text(core: Any, corpus: Path) -> None:
    # "MICHAEL A. KNOWLES, :" over "v. : No. 07-1315": the table reader's doubtful two-column
    # grid of the caption box is text, and "v." starts no list item
    parts = _parts(core, corpus / "pdfplumber/pdfs/scotus-transcript-p1.pdf", 1)
    assert not any(p.startswith(("|", "<table>")) for p in parts), parts
    assert (
        parts.index("MICHAEL A. KNOWLES, :") < parts.index("v. : No. 07-1315") < parts.index("ALEXANDRE MIRZAYANCE. :")
    )


@pytest.mark.corpus
def test_a_page_of_small_print_has_its_headings_and_a_notice_at_its_foot_is_no_heading(core: Any, corpus: Path) -> None:
    # the report's notices page is set at 10 pt in a 12 pt document, its headings bold at 10 pt;
    # a bold sentence ends the page
    parts = _parts(core, corpus / "pdf-mcp/sdist/pages/corpus/nist-router-security.pdf", 3)
    headings = [p.lstrip("# ") for p in parts if p.startswith("#")]
    assert headings == [
        "NIST Technical Series Policies",
        "Publication History",
        "How to Cite this NIST Technical Series Publication:",
        "Author ORCID iDs",
        "Additional Information",
    ], headings
    assert parts[-1].startswith("All comments are subject to release")


@pytest.mark.corpus
def test_lines_set_one_under_the_other_on_a_cover_are_not_headings(core: Any, corpus: Path) -> None:
    # "Statement of George A. Scott" over "Acting Inspector General" over the agency's name, and
    # "For Release on Delivery (expected at 10 a.m.)" over its date, bold in a heading style
    parts = _parts(core, corpus / "pdf-mcp/sdist/pages/corpus/nasa-artemis.pdf", 1)
    headings = [p.lstrip("# ") for p in parts if p.startswith("#")]
    assert not [h for h in headings if h.startswith(("Statement of", "For Release"))], headings
    assert "KEY CHALLENGES FACING NASA’S ARTEMIS CAMPAIGN" in headings
    assert "For Release on Delivery (expected at 10 a.m.) January 17, 2024" in parts


@pytest.mark.corpus
def test_cells_set_far_apart_on_one_line_are_not_a_heading(core: Any, corpus: Path) -> None:
    # a 10-K cover's "Massachusetts" at the left and "04-2348234" at the right, one bold text
    # line in the cover's heading style: a line of text, or a row of the cover's table of
    # items and their labels set under them
    parts = _parts(core, corpus / "uda-benchmark/fin_docs/ADI_2009.pdf", 7)
    assert not [p for p in parts if p.startswith("#") and "Massachusetts" in p], parts
    assert "Massachusetts 04-2348234" in parts or any("| Massachusetts | 04-2348234 |" in p for p in parts), parts


@pytest.mark.corpus
def test_notes_marked_with_asterisks_under_a_rate_sheet_are_notes_not_a_list(core: Any, corpus: Path) -> None:
    parts = _parts(core, corpus / "pdfplumber/pdfs/pr-138-example.pdf", 1, marks=True)
    single = _first(parts, "\\* The associated rate includes a margin")
    double = _first(parts, "** To be eligible for a package")
    assert single < double
    assert not any(p.startswith("- The associated rate") for p in parts)


@pytest.mark.corpus
def test_the_running_head_of_a_one_page_transcript_stays_out(core: Any, corpus: Path) -> None:
    r = core.read_pages(
        str(corpus / "pdfplumber/pdfs/scotus-transcript-p1.pdf"), "1", format="markdown", use_structure_tree=False
    )
    page = r.pages[0]
    assert page.markdown.split("\n\n")[0] == "IN THE SUPREME COURT OF THE UNITED STATES"
    assert "Official - Subject to Final Review" in page.furniture
    # the foot (a page number over the reporter's name) is the tree's text: it stays
    assert page.markdown.endswith("1\n\nAlderson Reporting Company")


@pytest.mark.corpus
def test_the_printers_slug_after_a_hyphenated_last_word_stays_out(core: Any, corpus: Path) -> None:
    r = core.read_pages(str(corpus / "pdfjs/freeculture.pdf"), "91,186", format="markdown")
    for page in r.pages:
        assert "qxd" not in page.markdown, page.markdown[-300:]
        assert "outside_crop_text" in page.warnings
    assert r.pages[0].markdown.endswith("Congress acted to recognize some of the legiti")


@pytest.mark.corpus
def test_a_books_chapters_are_headings_where_its_outline_numbers_them_in_figures(core: Any, corpus: Path) -> None:
    # the bookmarks say "2: "Mere Copyists"", "10: "Property"", the pages "CHAPTER TWO: ..."
    book = corpus / "pdfjs/freeculture.pdf"
    for page, title in (
        (35, "CHAPTER ONE: Creators"),
        (45, "CHAPTER TWO: “Mere Copyists”"),
        (128, "CHAPTER TEN: “Property”"),
    ):
        assert _parts(core, book, page)[0] == f"## {title}"


@pytest.mark.corpus
def test_a_paragraph_ending_with_a_note_number_does_not_hang_over_the_next(core: Any, corpus: Path) -> None:
    # "... was an illegal technology.22" over "But the Supreme Court reversed ..." set in
    parts = _parts(core, corpus / "pdfjs/freeculture.pdf", 90)
    assert parts[-1] == "But the Supreme Court reversed the decision of the Ninth Circuit."
    assert not [p for p in parts if p.startswith("- ")], parts


@pytest.mark.corpus
def test_ruled_checklists_of_long_names_and_sparse_marks_are_tables(core: Any, corpus: Path) -> None:
    """diesel_engines.pdf p. 12: two monitoring checklists, every cell boxed by rulings, their
    first column long parameter names and most other cells empty or one mark. Both stand as
    tables under their captions, not as lines of text."""
    parts = _parts(core, corpus / "camelot/files/diesel_engines.pdf", 12)
    tables = [k for k, p in enumerate(parts) if p.startswith("<table>")]
    assert len(tables) == 2
    assert "<td>Fuel oil pressure after filter (engine inlet)</td><td></td><td>local</td>" in parts[tables[0]]
    assert parts[tables[0] - 1].startswith("Table 5 : Monitoring of main propulsion")
    assert parts[tables[1] - 1].startswith("Table 6 : Monitoring of trunk-piston diesel engines")


@pytest.mark.corpus
def test_a_title_the_table_prints_in_its_header_over_the_grid_is_not_written_twice(core: Any, corpus: Path) -> None:
    """An election sheet's party name stands over the grid's top rule, and the table reader gives
    it as the top row of the table's header (one cell over all the columns): it is the table's,
    not a heading over it as well."""
    md = "\n\n".join(_parts(core, corpus / "camelot/files/vertical_header.pdf", 1))
    assert md.count("REPUBLICIAN PARTY") == 1, md[:600]
    assert '<th colspan="26">REPUBLICIAN PARTY</th>' in md


@pytest.mark.corpus
def test_a_bold_label_over_two_rows_going_on_in_regular_text_is_one_unit(core: Any, corpus: Path) -> None:
    """A form's field label set bold over two rows, its second row holding the label's end and
    then regular text (``... in the previous`` / ``five years: (Does not include ...)``): one
    unit, not a heading cut mid-sentence over a paragraph."""
    parts = _parts(core, corpus / "pdfplumber/pdfs/150109DSP-Milw-505-90D.pdf", 1)
    label = next(p for p in parts if "maltreater in the previous" in p)
    assert label.endswith("in the previous five years: (Does not include the current incident.)"), label
    involving = next(p for p in parts if "referrals to services involving" in p)
    assert "involving the child, any member of the child’s family" in involving, involving


@pytest.mark.corpus
def test_text_in_a_tables_box_that_none_of_its_cells_holds_is_kept(core: Any, corpus: Path) -> None:
    """clockwise_table_1.pdf: the sideways table's title and source line stand inside the box
    the table reader gives, in none of its cells. They follow the table (they were lost)."""
    parts = _parts(core, corpus / "camelot/files/clockwise_table_1.pdf", 1)
    table = next(k for k, p in enumerate(parts) if p.startswith("<table>"))
    assert any("Table 1 : STATE WISE COVERAGE PARTICULARS BY PERIOD OF SURVEY" in p for p in parts[table + 1 :])


@pytest.mark.corpus
def test_a_bold_line_ending_a_statement_page_is_no_heading_over_the_next_statement(core: Any, corpus: Path) -> None:
    """lifeway-foods-inc_2019.pdf, pages 56-57: a financial statement ends with its bold line "See
    accompanying notes ..." (the page's folio is furniture), and the next page starts with the
    next statement's bold title. Read whole, the line heads nothing: a paragraph (in bold)."""
    path = corpus / "uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf"
    md = core.read_all(str(path), start_page=56, max_pages=2, format="markdown").markdown
    foot = "See accompanying notes to consolidated financial statements"
    assert f"\n\n**{foot}**\n\n<!-- page 57 -->" in md, md[-600:]


@pytest.mark.corpus
def test_subcaptions_side_by_side_under_their_figures_are_read_each_whole(core: Any, corpus: Path) -> None:
    """issue-982-example.pdf, page 1: Fig. 1's subcaptions (a) and (b) stand side by side, a
    space apart, under a drawing whose labels stand over (a) only. Each reads whole, (a) first,
    two items of one list."""
    parts = _parts(core, corpus / "pdfplumber/pdfs/issue-982-example.pdf", 1)
    items = next(p for p in parts if p.startswith("- (a) Example"))
    assert items.split("\n") == [
        "- (a) Example of an artificial neuron unit. xi are the input signals and wi are weights which have to get"
        " learned. Each input signal gets multiplied with its weight, everything gets summed up and the activation"
        " function ϕ is applied.",
        "- (b) A visualization of a simple feed-forward neural network. The 5 input nodes are red, the 2 bias nodes"
        " are gray, the 3 hidden units are green and the single output node is blue.",
    ], items


@pytest.mark.corpus
def test_an_item_whose_first_row_the_page_joins_across_the_gutter_goes_on_in_its_column(
    core: Any, corpus: Path
) -> None:
    # The first item of the left column shares its row with the right column's "MEDU-7": the
    # row spans the page, but the item's rows under it, set in past its bullet, have the right
    # column's item beside them: they go on in the left column, the item stays whole.
    parts = _parts(core, corpus / "pypdf/resources/issue-604.pdf", 7)
    text = "\n\n".join(parts)
    assert (
        '- Footnote f was updated: "Imaging may be indicated based on high burden of disease, Liver imaging is'
        ' seldom needed if calcitonin < >400 pg/mL, or elevated CEA levels."'
    ) in parts, text
    assert '- Footnote w: "vandetanib or cabozantinib" was replaced with "preferred systemic therapy options".' in text


@pytest.mark.corpus
def test_a_paragraph_of_no_word_leaves_no_sentence_for_a_figure(core: Any, corpus: Path) -> None:
    """Categories set one a row (``25–29`` over ``30 or older``) and a rule of underscores over a
    paragraph opening with a figure stay apart: a paragraph holding no word leaves no sentence
    open for a figure and a word in lower case to carry on."""
    us = corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-us"
    parts = _parts(core, us / "us-003.pdf", 1)
    assert parts[parts.index("25–29") + 1] == "30 or older"
    eu = corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu"
    parts = _parts(core, eu / "eu-024.pdf", 1)
    assert any(p.startswith("33 participants stated") for p in parts)


@pytest.mark.corpus
def test_a_legend_set_in_the_headings_face_line_under_line_is_no_headings(core: Any, corpus: Path) -> None:
    # the sources under eu-005's table: abbreviations and what they stand for, one per line, in
    # the italic its headings are set in
    parts = _parts(core, corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-005.pdf", 2)
    for start in ("EH European Handbook", "OXIRM referred to", "HBS Harvard Business School"):
        assert any(p.startswith(start) for p in parts), start  # a paragraph, no "# " before it
    assert not [p for p in parts if p.startswith("#")], [p for p in parts if p.startswith("#")]


@pytest.mark.corpus
def test_a_listing_in_a_typewriter_face_is_one_code_block(core: Any, corpus: Path) -> None:
    """issue-982's page 7: a C function set in URW's Nimbus Mono (named so, no fixed-pitch
    flag), its comments' rows opening with ``*`` and lines without code punctuation (``else``)
    among the others: one fenced block, from the comment over the function to its last brace."""
    parts = _parts(core, corpus / "pdfplumber/pdfs/issue-982-example.pdf", 7)
    (listing,) = [p for p in parts if "static int indicate_policy(void)" in p]
    lines = listing.splitlines()
    assert lines[0] == "```" and lines[-1] == "```", listing
    for line in (" * of the size generatively.", "      ret = 1;", "    else", "  return segtable;", "}"):
        assert line in lines, (line, listing)


@pytest.mark.corpus
def test_a_note_whose_mark_a_tables_heading_cites_is_no_list(core: Any, corpus: Path) -> None:
    """lifeway's page 38: ``program (a)`` heads a column of the repurchases table, ``(a) During
    the fourth quarter of 2015, ...`` under it is that note, a paragraph with its mark."""
    parts = _parts(core, corpus / "uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf", 38)
    assert any(p.startswith("(a) During the fourth quarter of 2015") for p in parts), parts
    assert not any(p.startswith("- (a)") for p in parts), parts


@pytest.mark.corpus
def test_a_table_of_examples_ruled_between_its_columns_stands_in_place(core: Any, corpus: Path) -> None:
    """1705.07830 p. 13: a model's label, its query (in lower case where the model wrote it so)
    and its answer, rulings between the columns and none around them, the answers' justified
    lines leaving a blank in the last column. One table of three columns under its caption, no
    row of it left as a paragraph."""
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/1705.07830.pdf", 13)
    caption = _first(parts, "Table 2: Results of the qualitative analysis")
    table = parts[caption + 1]
    assert table.startswith("| Model | Query | Reference / Answer from BiDAF (F1) |\n| --- | --- | --- |\n"), table[
        :200
    ]
    assert "| SearchQA | cleveland peninsula 40 miles northwest ketchikan state |" in table
    assert not any(p.startswith("SearchQA") for p in parts)


@pytest.mark.corpus
def test_a_note_hung_from_its_label_is_one_paragraph(core: Any, corpus: Path) -> None:
    """eu-012 p. 5: the note under Table 5 opens with its label at the margin and runs full,
    leaving its sentence open (``ISCED: International ... lower secondary``); its next rows are
    set in under the label's text (``education; ISCED 3-4: ...``), its source under it back at
    the margin. One paragraph, not two where a first-line indent would start the next."""
    parts = _parts(core, corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-012.pdf", 5)
    note = _first(parts, "ISCED: International Standard Classification of Education.")
    assert "lower secondary education; ISCED 3-4: upper secondary" in parts[note], parts[note]
    assert parts[note + 1].startswith("Source: Eurostat."), parts[note + 1]


@pytest.mark.corpus
def test_a_heading_atop_the_right_column_beside_a_figure_is_read_in_its_column(core: Any, corpus: Path) -> None:
    """issue-982 p. 3: the left column opens with two pictures side by side, a third under
    them and the text of section III; the right column with ``IV. TEXT DATA``, level with the
    pictures. Section IV's heading comes after the left column, right before its own text; the
    pictures read left to right, the row of their parts' labels under them a paragraph."""
    parts = _parts(core, corpus / "pdfplumber/pdfs/issue-982-example.pdf", 3)
    heading = parts.index("# IV. TEXT DATA")
    assert _first(parts, "Such a drawing robot could apply") < heading
    assert parts[heading + 1].startswith("Digital text is the first form")
    assert parts.index("![](p3f2)") < parts.index("![](p3f1)") < parts.index("(a) Original Image (b) Style image")
