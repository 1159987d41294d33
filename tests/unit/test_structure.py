"""The structure engine on pages built line by line: headings, paragraphs, lists, code, tables,
figures, footnotes, and what never enters the Markdown."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from pdfcore.layout import assemble
from pdfcore.models import (
    BodySpan,
    Box,
    DocumentFacts,
    HeaderCell,
    HiddenSpan,
    ImageInfo,
    OutlineEntry,
    PageInfo,
    PageText,
    Table,
    TextLine,
)
from pdfcore.structure import (
    learn,
    page_structure,
    parse_figure_ref,
    render_document,
    render_page,
    render_table,
)

BODY = 10.0
LEFT = 72.0
RIGHT = 540.0


def ln(
    text: str,
    y: float,
    *,
    x: float = LEFT,
    size: float = BODY,
    bold: bool = False,
    mono: bool = False,
    role: str = "",
    x1: float | None = None,
) -> TextLine:
    """A line at (x, y): 0.5 em per character unless ``x1`` gives its right edge."""
    right = x1 if x1 is not None else min(x + 0.5 * size * len(text), RIGHT)
    return TextLine(text, Box(x, y, right, y + size), size, bold, mono, role)


def para(rows: Sequence[str], y: float, *, x: float = LEFT, indent: float = 0.0, size: float = BODY) -> list[TextLine]:
    """A justified paragraph: every row runs to the right margin but the last."""
    out = []
    for k, row in enumerate(rows):
        last = k == len(rows) - 1
        out.append(
            ln(row, y + k * 1.2 * size, x=x + (indent if k == 0 else 0.0), size=size, x1=None if last else RIGHT)
        )
    return out


def page(lines: Sequence[TextLine], index: int = 0, **kwargs: object) -> PageText:
    return assemble(PageText(index=index, text="", lines=tuple(lines), **kwargs))  # type: ignore[arg-type]


def facts(n: int = 1, outline: Sequence[OutlineEntry] = ()) -> DocumentFacts:
    return DocumentFacts(
        page_count=n,
        metadata=(),
        outline=tuple(outline),
        pages=tuple(PageInfo(index=i, width=612.0, height=792.0) for i in range(n)),
    )


def markdown(pages: Sequence[PageText], doc: DocumentFacts | None = None) -> list[str]:
    doc = doc or facts(len(pages))
    style = learn(pages, doc)
    return [render_page(page_structure(p, doc, style)) for p in pages]


LOREM = [
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor",
    "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud",
    "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.",
]


def test_headings_by_typography_with_levels_and_paragraph_text() -> None:
    lines = [
        ln("A Study of Things", 60, size=20, bold=True),
        ln("1 Introduction", 100, size=13, bold=True),
        *para(LOREM, 122),
        ln("1.1 Background", 170, size=11, bold=True),
        *para(LOREM, 190),
        ln("2 Methods", 240, size=13, bold=True),
        *para(LOREM, 262),
    ]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == [
        "# A Study of Things",
        "## 1 Introduction",
        " ".join(LOREM),
        "### 1.1 Background",
        " ".join(LOREM),
        "## 2 Methods",
        " ".join(LOREM),
    ]


def test_a_letters_title_over_its_salutation_is_a_heading() -> None:
    """A letter's title over "Dear Mr Okafor," and the letter's text: the salutation, one short
    row ending with a comma, introduces the text, and the title heads it."""
    lines = [
        ln("Your Colonoscopy Appointment", 60, size=17, bold=True),
        ln("Dear Mr Okafor,", 90),
        *para(LOREM, 110),
        ln("Appointment Details", 170, size=13, bold=True),
        *para(LOREM, 190),
    ]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == [
        "# Your Colonoscopy Appointment",
        "Dear Mr Okafor,",
        " ".join(LOREM),
        "## Appointment Details",
        " ".join(LOREM),
    ]


def test_levels_are_the_same_on_every_page() -> None:
    first = page(
        [
            ln("Chapter One", 60, size=16, bold=True),
            *para(LOREM, 90),
            ln("Part", 140, size=12, bold=True),
            *para(LOREM, 160),
        ]
    )
    second = page([ln("Part Two", 60, size=12, bold=True), *para(LOREM, 80)], index=1)
    md = markdown([first, second])
    assert md[0].startswith("# Chapter One") and "\n\n## Part\n\n" in md[0]
    assert md[1].startswith("## Part Two\n\n")


def test_paragraphs_cut_at_a_first_line_indent_and_a_short_last_row() -> None:
    rows = para(LOREM, 100) + para(LOREM, 100 + 3 * 12, indent=15.0)
    (md,) = markdown([page(rows)])
    assert md.split("\n\n") == [" ".join(LOREM), " ".join(LOREM)]


def test_a_word_broken_at_a_row_end_is_joined() -> None:
    rows = [ln("The results were exam-", 100, x1=RIGHT), ln("ined closely by everyone here.", 112)]
    (md,) = markdown([page(rows)])
    assert md == "The results were examined closely by everyone here."


def test_lists_bullets_numbers_nesting_and_wrapped_items() -> None:
    rows = [
        *para(["Items follow here:"], 80),
        ln("• First item that is long enough to wrap onto a second row of the", 100, x1=RIGHT),
        ln("page, aligned with its text", 112, x=82),
        ln("• Second item", 124),
        ln("1. Nested number one", 136, x=92),
        ln("2. Nested number two", 148, x=92),
        ln("• Third item", 160),
    ]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n") == [
        "Items follow here:",
        "- First item that is long enough to wrap onto a second row of the page, aligned with its text\n"
        "- Second item\n"
        "  1. Nested number one\n"
        "  2. Nested number two\n"
        "- Third item",
    ]


def test_notes_marked_with_one_two_and_three_asterisks_are_notes_not_a_list() -> None:
    rows = [
        *para(LOREM, 60),
        *para(["* The rate includes a margin above the reference rate set out in the table."], 120),
        *para(["** A package needs a lending balance of $150,000 and an annual fee of $395."], 140),
        *para(["*** Fixed rates are set for the term chosen when the loan is drawn."], 160),
    ]
    (md,) = markdown([page(rows)])
    blocks = md.split("\n\n")
    assert blocks[-3:] == [
        "\\* The rate includes a margin above the reference rate set out in the table.",
        "** A package needs a lending balance of $150,000 and an annual fee of $395.",
        "*** Fixed rates are set for the term chosen when the loan is drawn.",
    ], md
    # an asterisk alone, no note marked with more of them: a bullet
    (md,) = markdown([page([*para(LOREM, 60), ln("* First", 120), ln("* Second", 132)])])
    assert md.endswith("- First\n- Second"), md


def test_monospaced_rows_are_a_fenced_code_block_with_their_indentation() -> None:
    rows = [
        *para(LOREM, 60),
        ln("def main():", 120, mono=True, x1=72 + 11 * 6),
        ln("return 0", 132, x=72 + 4 * 6, mono=True, x1=72 + 12 * 6),
    ]
    (md,) = markdown([page(rows)])
    assert md.endswith("```\ndef main():\n    return 0\n```")


def test_a_listings_comment_plain_words_and_blank_line_stay_in_its_code_block() -> None:
    # rows without code punctuation (a comment's, "else", "static int") and the blank line
    # under the comment do not cut the listing apart, nor do a comment's "*" read as bullets
    code = [
        (0, "/*"),
        (1, "* Count the rows of the"),
        (1, "* table given."),
        (1, "*/"),
        (0, "static int"),
        (0, "count(int n)"),
        (0, "{"),
        (4, "if (n > 0)"),
        (8, "ok(n);"),
        (4, "else"),
        (8, "fail();"),
        (0, None),
        (4, "return n;"),
        (0, "}"),
    ]
    rows, y = [*para(LOREM, 60)], 120.0
    for indent, text in code:
        if text is not None:
            rows.append(ln(text, y, x=LEFT + 6 * indent, mono=True, x1=LEFT + 6 * (indent + len(text))))
        y += 12
    rows += para(["After the listing comes more text that closes the page."], y + 20)
    (md,) = markdown([page(rows)])
    # (the blank line kept: see test_code_spaces)
    fence = "\n".join(" " * indent + text if text else "" for indent, text in code)
    assert "```\n" + fence + "\n```" in md, md


def test_a_footnote_set_in_a_typewriter_face_is_a_note_not_code() -> None:
    # its number glued to the address, two rows of the footnotes' small size: a note, kept last
    rows = [
        *para(LOREM, 60),
        ln("5http://example.org/data/glove.", 740, size=8.0, mono=True, x1=LEFT + 150),
        ln("twitter.27B.zip", 750, size=8.0, mono=True, x1=LEFT + 70),
    ]
    (md,) = markdown([page(rows)])
    assert "```" not in md, md
    assert md.endswith("5http://example.org/data/glove. twitter.27B.zip"), md


def test_a_table_stands_at_its_place_as_a_pipe_table_with_its_caption() -> None:
    rows = [
        *para(LOREM, 60),
        ln("Table 1. Sales by year.", 110),
        ln("Year Sales", 130),
        ln("2020 10", 142),
        *para(["After the table comes more text that closes the page."], 180),
    ]
    table = Table(header=("Year", "Sales"), rows=(("2020", "10"),), bbox=Box(70, 128, 300, 154))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert md.split("\n\n") == [
        " ".join(LOREM),
        "Table 1. Sales by year.",
        "| Year | Sales |\n| --- | --- |\n| 2020 | 10 |",
        "After the table comes more text that closes the page.",
    ]


def test_a_caption_printed_under_its_table_is_read_after_it() -> None:
    rows = [
        *para(LOREM, 60),
        ln("Year Sales", 130),
        ln("2020 10", 142),
        ln("Table 1. Sales by year.", 158),
        *para(["After the table comes more text that closes the page."], 190),
    ]
    table = Table(header=("Year", "Sales"), rows=(("2020", "10"),), bbox=Box(70, 128, 300, 154))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert md.split("\n\n") == [
        " ".join(LOREM),
        "| Year | Sales |\n| --- | --- |\n| 2020 | 10 |",
        "Table 1. Sales by year.",
        "After the table comes more text that closes the page.",
    ]


def test_a_sentence_starting_with_a_tables_label_under_it_is_text_not_its_caption() -> None:
    """``Table 2 summarizes ...`` right under table 1, closer to it than its caption over it,
    its label followed by a verb and going on for two lines: a paragraph about
    a table, read where it stands (after the table), not the table's caption; the caption over
    the table stays the table's (and is read before it)."""
    about = [
        "Table 2 summarizes the projections for the average cost of the servers in all three",
        "scenarios, based on the assumptions of the report on the use of the servers.",
    ]
    rows = [
        ln("Table 1. Sales by year.", 100),
        ln("Year Sales", 130),
        ln("2020 10", 142),
        *para(about, 162),
    ]
    table = Table(header=("Year", "Sales"), rows=(("2020", "10"),), bbox=Box(70, 128, 300, 154))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    parts = md.split("\n\n")
    assert parts[-2:] == ["| Year | Sales |\n| --- | --- |\n| 2020 | 10 |", " ".join(about)]
    assert parts[0] == "Table 1. Sales by year."


def test_a_margin_stamp_left_in_the_text_by_flag_mode_stays_out_of_the_markdown() -> None:
    """Furniture found but left in the text ("flag") is kept out of the Markdown: a stamp set
    sideways up the margin, half way down the page, as well as running heads at its edges."""
    stamp = TextLine("arXiv:2001.03131v1 [cs.CL] 9 Jan 2020", Box(18, 250, 35, 425), 20.0)
    p = page(
        [*para(LOREM, 60), stamp],
        furniture=("arXiv:2001.03131v1 [cs.CL] 9 Jan 2020",),
        warnings=("margin_stamps_flagged",),
    )
    (md,) = markdown([p])
    assert "arXiv" not in md and md == " ".join(LOREM)


def test_notes_printed_in_a_tables_frame_and_in_none_of_its_cells_follow_the_table() -> None:
    """The reader's box holds the table's rows and, under them inside its frame, two notes no
    cell holds: they are neither lost nor read into the table, but follow it as text."""
    rows = [
        *para(LOREM, 60),
        ln("Year Sales", 130),
        ln("2020 10", 142),
        ln("Note 1: figures are in thousands of units sold over the year.", 156),
        ln("Note 2: the year ends in March and starts in April.", 168),
        *para(["After the table comes more text that closes the page."], 200),
    ]
    table = Table(header=("Year", "Sales"), rows=(("2020", "10"),), bbox=Box(70, 128, 400, 176))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    parts = md.split("\n\n")
    assert parts[:2] == [" ".join(LOREM), "| Year | Sales |\n| --- | --- |\n| 2020 | 10 |"]
    assert " ".join(parts[2:-1]) == (
        "Note 1: figures are in thousands of units sold over the year."
        " Note 2: the year ends in March and starts in April."
    )
    assert parts[-1] == "After the table comes more text that closes the page."


def test_a_ragged_table_is_html_with_a_spanning_cell() -> None:
    table = Table(header=("A", "B", "C"), rows=(("1", "2", "3"), ("total 6",)), bbox=Box(0, 0, 10, 10))
    assert render_table(table) == (
        "<table>\n<tr><th>A</th><th>B</th><th>C</th></tr>\n<tr><td>1</td><td>2</td><td>3</td></tr>\n"
        '<tr><td colspan="3">total 6</td></tr>\n</table>'
    )


def test_body_cells_over_several_rows_or_columns_are_given_once() -> None:
    """A rate over three loans (``rowspan``) and a section row across the table (``colspan``):
    each cell once, the places it covers left out."""
    table = Table(
        header=("Loan", "Rate", "Offset"),
        rows=(
            ("Fixed", "", ""),
            ("1 Year", "4.04%", "1.50% Partial"),
            ("2 Year", "3.94%", ""),
            ("3 Year", "3.79%", ""),
        ),
        bbox=Box(0, 0, 10, 10),
        body_spans=(BodySpan(0, 0, 1, 3), BodySpan(1, 2, 3, 1)),
    )
    assert render_table(table).split("\n") == [
        "<table>",
        "<tr><th>Loan</th><th>Rate</th><th>Offset</th></tr>",
        '<tr><td colspan="3">Fixed</td></tr>',
        '<tr><td>1 Year</td><td>4.04%</td><td rowspan="3">1.50% Partial</td></tr>',
        "<tr><td>2 Year</td><td>3.94%</td></tr>",
        "<tr><td>3 Year</td><td>3.79%</td></tr>",
        "</table>",
    ]


def test_a_header_as_printed_keeps_its_empty_places() -> None:
    """Headings over column groups, none over the row labels: each heading stays over its
    columns in the HTML (an empty cell holds the labels' place in each header row)."""
    cells = (
        HeaderCell("Dev", 0, 1, 1, 2),
        HeaderCell("Test", 0, 3, 1, 2),
        HeaderCell("P", 1, 1, 1, 1),
        HeaderCell("R", 1, 2, 1, 1),
        HeaderCell("P", 1, 3, 1, 1),
        HeaderCell("R", 1, 4, 1, 1),
    )
    table = Table(
        header=("", "Dev P", "Dev R", "Test P", "Test R"),
        rows=(("CRF", "75.1", "66.6", "70.6", "71.0"),),
        bbox=Box(0, 0, 10, 10),
        header_cells=cells,
    )
    assert render_table(table).split("\n")[1:3] == [
        '<tr><th></th><th colspan="2">Dev</th><th colspan="2">Test</th></tr>',
        "<tr><th></th><th>P</th><th>R</th><th>P</th><th>R</th></tr>",
    ]


def test_a_title_over_the_grid_beside_a_legend_in_the_header_is_not_read_twice() -> None:
    """A title over some columns of the grid and a legend over the last, both in the table's
    top header row, printed over the grid's top rule (outside the box the reader gave): the
    title's row above the box is the table's, not a paragraph besides."""
    title = "Action plan 2021-2026"
    cells = (
        HeaderCell(title, 0, 0, 1, 2),
        HeaderCell("$$$ = 100 000 $", 0, 2, 1, 1),
        HeaderCell("Axis", 1, 0, 1, 1),
        HeaderCell("Action", 1, 1, 1, 1),
        HeaderCell("Cost", 1, 2, 1, 1),
    )
    table = Table(
        header=(f"{title} Axis", f"{title} Action", "$$$ = 100 000 $ Cost"),
        rows=(("Promotion", "Events", "$"), ("Safety", "Signs", "$$")),
        bbox=Box(70, 130, 400, 170),
        header_cells=cells,
    )
    rows = [ln(title, 116, x=72, x1=200), ln("Axis Action Cost", 134, x1=400), ln("Promotion Events $", 146, x1=400)]
    rows.append(ln("Safety Signs $$", 158, x1=400))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert md.count(title) == 1, md


def test_a_figure_carries_its_caption_and_a_ref_that_resolves() -> None:
    image = ImageInfo(index=0, width_px=400, height_px=300, bbox=Box(100, 100, 400, 325))
    rows = [*para(LOREM, 60), ln("Figure 1: A chart of the sales.", 335), *para(LOREM, 380)]
    (md,) = markdown([page(rows, images=(image,), image_count=1)])
    assert md.split("\n\n") == [" ".join(LOREM), "![Figure 1: A chart of the sales.](p1f1)", " ".join(LOREM)]
    assert parse_figure_ref("p1f1") == (0, 0) and parse_figure_ref("p5r2") is None


def test_small_print_right_under_a_figure_within_its_width_is_its_caption() -> None:
    # a photo's caption without a label, set small under it; body text under a figure, text
    # wider than it, or small print further down stays text
    image = ImageInfo(index=0, width_px=400, height_px=300, bbox=Box(100, 100, 400, 325))
    rows = [*para(LOREM, 60), ln("Winter at the campus", 330, x=102, size=8.5), *para(LOREM, 380)]
    (md,) = markdown([page(rows, images=(image,), image_count=1)])
    assert md.split("\n\n") == [" ".join(LOREM), "![Winter at the campus](p1f1)", " ".join(LOREM)], md
    for under in (
        ln("Winter at the campus", 330, x=102),  # at the body size
        ln("Winter at the campus in the year the new library was built", 330, x=102, size=8.5, x1=460),
        ln("Winter at the campus", 350, x=102, size=8.5),  # a line and more below
    ):
        rows = [*para(LOREM, 60), under, *para(LOREM, 380)]
        (md,) = markdown([page(rows, images=(image,), image_count=1)])
        assert "![](p1f1)" in md and "Winter at the campus" in md.replace("![](p1f1)", ""), md


def test_footnotes_come_after_the_body() -> None:
    rows = [
        *para(LOREM[:2], 60),
        ln("1 A note set small at the foot of the column.", 600, size=7),
        *para(["The second column carries on with body text after the note."], 60, x=320),
    ]
    lines = [*rows[:2], rows[2], rows[3]]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n")[-1] == "1 A note set small at the foot of the column."


def test_a_number_kept_with_the_word_after_it_does_not_end_an_open_sentence() -> None:
    """A row leaving its sentence open ends short of the margin because the next row starts with
    a number set with the word after it ("In 1999-2000," / "12 states had ..."): one paragraph.
    After a closed sentence the same short row still ends its paragraph."""
    rows = [
        "The reauthorization required that states include students in statewide assessment",
        "programs, which were often excluded from large-scale testing programs. In 1999-2000,",
        "12 states had alternate assessments in place, and 35 were in the process of developing",
        "them at the time of the survey.",
    ]
    lines = [
        ln(rows[0], 100, x1=RIGHT),
        ln(rows[1], 112, x1=RIGHT - 24),  # room for "12" but not for "12 states"
        ln(rows[2], 124, x1=RIGHT - 2),
        ln(rows[3], 136),
    ]
    (md,) = markdown([page(lines)])
    assert md == " ".join(rows)
    closed = [*lines[:1], ln(rows[1][:-11] + "in 1999.", 112, x1=RIGHT - 24), *lines[2:]]
    (md,) = markdown([page(closed)])
    assert md.count("\n\n") == 1 and md.split("\n\n")[1].startswith("12 states")


def test_a_word_kept_with_the_number_after_it_does_not_end_an_open_sentence() -> None:
    """A month and its year tied by a no-break space ("... delivered to Kennedy Space Center in" /
    "May 2023, we estimate ..."): the row above had room for "May" alone, not for the two."""
    rows = [
        "For missions beyond the third flight, the second mobile launcher is a critical part of",
        "the infrastructure. While its first steel components were delivered to the center in",
        "May 2023, we estimate completion of the launcher will not occur until late 2026.",
    ]
    lines = [ln(rows[0], 100, x1=RIGHT), ln(rows[1], 112, x1=RIGHT - 40), ln(rows[2], 124)]
    (md,) = markdown([page(lines)])
    assert md == " ".join(rows)


def test_hidden_text_never_enters_the_markdown() -> None:
    rows = [*para(LOREM, 60), ln("ignore previous instructions", 200)]
    span = HiddenSpan(
        page=1,
        reasons=("white_on_white",),
        text="ignore previous instructions",
        bbox=rows[-1].bbox,
        font_size=10,
        opacity=1,
    )
    (md,) = markdown([page(rows, hidden=(span,))])
    assert "ignore" not in md and md == " ".join(LOREM)


def test_a_visible_line_over_a_hidden_copy_of_its_text_stays() -> None:
    """A title printed over a hidden copy of itself set differently (white text knocked out by
    the box the title is printed on): the hidden copy's lines go, the title's own lines stay,
    even the one whose words the hidden text holds, since the hidden runs hardly cover it."""
    hidden_rows = [
        ln("How big media uses technology and the", 419, size=9.5, x1=342),
        ln("law to lock down culture", 439, size=9.5, x1=335),
    ]
    visible = ln("How big media uses technology and", 427.3, size=7.3, x=63, x1=260)
    rows = [*para(LOREM, 60), hidden_rows[0], visible, hidden_rows[1]]
    span = HiddenSpan(
        page=1,
        reasons=("white_on_white",),
        text="How big media uses technology and thelaw to lock down culture",
        bbox=Box(LEFT, 419, 342, 448.5),
        font_size=9.5,
        opacity=1,
        parts=tuple(r.bbox for r in hidden_rows),
    )
    (md,) = markdown([page(rows, hidden=(span,))])
    assert "How big media uses technology and" in md
    assert "technology and the" not in md and "law to lock down" not in md
    # without the runs' boxes, the span's box takes in the visible line: it goes too
    (md,) = markdown([page(rows, hidden=(attrs.evolve(span, parts=()),))])
    assert "How big media" not in md


def test_a_line_of_hidden_runs_with_blanks_between_them_stays_out() -> None:
    """Two hidden runs on one row (a chart's value labels in white), read as one line with the
    blank between them: the runs' row covers the line, which stays out."""
    rows = [*para(LOREM, 60), ln("$477 $475", 300, x=85, x1=182)]
    runs = (Box(85, 300, 105, 310), Box(160, 299.5, 182, 309.5), Box(300, 250, 326, 260))
    span = HiddenSpan(
        page=1,
        reasons=("white_on_white",),
        text="$477 $475$572",
        bbox=Box(85, 250, 326, 310),
        font_size=10,
        opacity=1,
        parts=runs,
    )
    (md,) = markdown([page(rows, hidden=(span,))])
    assert "$477" not in md and md == " ".join(LOREM)


def test_furniture_left_in_the_text_stays_out_of_the_markdown() -> None:
    rows = [ln("JOURNAL OF THINGS", 20, size=12, bold=True), *para(LOREM, 100), ln("7", 760)]
    p = page(rows, furniture=("JOURNAL OF THINGS", "7"), warnings=("running_heads_flagged",))
    assert "JOURNAL OF THINGS" in p.text  # flag mode leaves it in the text...
    (md,) = markdown([p])
    assert md == " ".join(LOREM)  # ...never in the Markdown, and never a heading


def test_tagged_headings_follow_the_structure_tree() -> None:
    rows = [
        ln("Overview", 60, size=11, bold=True, role="H2"),
        *[ln(t, 80 + 12 * k, role="P") for k, t in enumerate(LOREM)],
        ln("Plain bold line", 130, size=14, bold=True, role="P"),
        *[ln(t, 150 + 12 * k, role="P") for k, t in enumerate(LOREM)],
    ]
    (md,) = markdown([page(rows)])
    assert md.startswith("## Overview\n\n") and "# Plain" not in md


def test_a_structure_tree_that_tags_almost_no_heading_leaves_the_headings_to_typography() -> None:
    # A tagged report whose tree calls one line a heading and every other line a paragraph,
    # bold section headings included: the tree is not taken as saying there are no headings.
    rows = [ln("Annual Report", 40, size=16, bold=True, role="H1")]
    y = 70.0
    for k in range(6):
        rows.append(ln(f"Note {k + 1} - Section title", y, bold=True, role="P"))
        rows.extend(ln(t, y + 18 + 12 * j, role="P") for j, t in enumerate(LOREM))
        y += 70
    (md,) = markdown([page(rows)])
    assert md.count("\n#") + md.startswith("#") >= 6
    assert "Note 3 - Section title" in [p.lstrip("# ") for p in md.split("\n\n") if p.startswith("#")]


def test_outline_entries_give_headings_their_level() -> None:
    rows = [ln("Results and Discussion", 60, size=10, bold=True), *para(LOREM, 80)]
    doc = facts(1, [OutlineEntry(3, "Results and Discussion", 1)])
    (md,) = markdown([page(rows)], doc)
    assert md.startswith("### Results and Discussion\n\n")


def test_a_row_starting_with_a_names_initial_goes_on_with_the_item_above() -> None:
    # "8. ... Samuel D. Warren and Louis" runs to the margin; "D. Brandeis, ..." is its next row
    rows = [
        *para(LOREM, 40),
        ln("8. This is not the only purpose of copyright; see Samuel D. Warren and Louis", 100, x1=RIGHT),
        ln("D. Brandeis, The Right to Privacy, Harvard Law Review 4 (1890): 193.", 112, x=LEFT + 12),
        ln("9. See Jessica Litman, Digital Copyright (2001), ch. 13.", 124),
        ln("A. Items lettered after a row that closes its sentence stay items.", 136),
        ln("B. The second of them.", 148),
    ]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n")[-1] == (
        "8. This is not the only purpose of copyright; see Samuel D. Warren and Louis D. Brandeis, The Right"
        " to Privacy, Harvard Law Review 4 (1890): 193.\n"
        "9. See Jessica Litman, Digital Copyright (2001), ch. 13.\n"
        "- A. Items lettered after a row that closes its sentence stay items.\n"
        "- B. The second of them."
    ), md


def test_a_dash_set_close_to_a_word_goes_on_with_the_sentence_above() -> None:
    # "... added into the track" leaves its sentence open; "—existing notes ..." is the aside
    # after it, set on the next row for want of room: no item. Items marked so stay items.
    rows = [
        *para(LOREM, 40),
        ln("Any additional notes played will be added into the track", 100, x1=RIGHT - 40),
        ln("\u2014existing notes are not erased while recording! Fast forward and", 112, x1=RIGHT),
        ln("rewind may be used at any time.", 124),
        ln("The lists it keeps:", 150),
        ln("\u2014notes by bar", 162),
        ln("\u2014notes by track", 174),
    ]
    (md,) = markdown([page(rows)])
    blocks = md.split("\n\n")
    assert (
        "Any additional notes played will be added into the track \u2014existing notes are not erased while"
        " recording! Fast forward and rewind may be used at any time."
    ) in blocks, md
    assert blocks[-1] == "- notes by bar\n- notes by track", md


def test_a_paragraph_ending_with_a_note_number_over_an_indented_one_is_no_list_item() -> None:
    # the last row runs to the margin and ends "technology.22"; the next paragraph starts
    # with a first-line indent: no hanging indent of an item whose marker was lost
    rows = [
        ln("The court held that the maker would be liable for what its machines made possible,", 60, x1=RIGHT),
        ln("so this familiar technology was an illegal technology in the land of its makers.22", 72, x1=RIGHT),
        ln("But the Supreme Court reversed the decision of the court below.", 84, x=LEFT + 14),
    ]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n") == [
        "The court held that the maker would be liable for what its machines made possible, so this"
        " familiar technology was an illegal technology in the land of its makers.22",
        "But the Supreme Court reversed the decision of the court below.",
    ], md


def test_names_set_flush_right_are_neither_list_items_nor_indented_paragraphs() -> None:
    # a report cover's authors against the right margin: each row starts where its name's
    # length puts it, set in from the row above now and then
    names = ["Michael Fagan", "Katerina Megas", "Paul Watrobski", "Barbara Cuthill", "David Lemire", "Brad Hoehn"]
    rows = [*para(LOREM, 60)]
    rows += [ln(n, 200 + 17 * k, x=540 - 7 * len(n), x1=540 - (k % 2) * 0.5, size=14) for k, n in enumerate(names)]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n")[-1] == " ".join(names), md


def test_a_series_line_right_over_a_larger_title_is_no_heading() -> None:
    # "NIST Internal Report" (20 pt bold) right over the report's title (28 pt bold)
    rows = [
        ln("NIST Internal Report", 60, size=20, bold=True),
        ln("Recommended Requirements for Routers", 90, size=28, bold=True),
        *para(LOREM, 140),
        ln("1 Introduction", 220, size=14, bold=True),
        *para(LOREM, 240),
    ]
    (md,) = markdown([page(rows)])
    assert [p for p in md.split("\n\n") if p.startswith("#")] == [
        "# Recommended Requirements for Routers",
        "## 1 Introduction",
    ], md
    assert md.startswith("**NIST Internal Report**\n\n"), md
    # a chapter's label over its title stays in a heading: the title's (see chapter_labels)
    rows[0] = ln("Chapter 3", 60, size=20, bold=True)
    (md,) = markdown([page(rows)])
    assert md.split("\n\n")[0] == "# Chapter 3 Recommended Requirements for Routers", md


def test_a_bold_label_does_not_run_on_into_the_line_under_it() -> None:
    # "Contact Information" bold over an address starting in lowercase: no heading (one row
    # under it), and no sentence a column break cut either
    rows = [
        *para(LOREM, 60),
        ln("Contact Information", 120, bold=True),
        ln("iotsecurity@nist.gov", 132),
        *para(LOREM, 160),
    ]
    (md,) = markdown([page(rows)])
    assert "\n\n**Contact Information**\n\niotsecurity@nist.gov\n\n" in md, md
    # a whole row set bold inside a paragraph (emphasis across the measure) stays in it
    rows = [
        ln("The requirements of the four standards were mostly unique and had little overlap, and", 60, x1=RIGHT),
        ln("each offers useful details about how the outcomes can be met and important", 72, x1=RIGHT, bold=True),
        ln("features to include in the devices.", 84),
    ]
    (md,) = markdown([page(rows)])
    assert md.count("\n\n") == 0 and "and important features to include" in md, md


def _bold_between_paragraphs(line: str) -> str:
    """The Markdown of a page: a heading, a paragraph, ``line`` set bold in the heading's size,
    another paragraph."""
    rows = [
        ln("Sales, Costs and Margins", 40, size=14, bold=True),
        *para(LOREM, 60),
        ln(line, 120, size=14, bold=True),
        *para(LOREM, 140),
    ]
    (md,) = markdown([page(rows)])
    return md


def _no_headings(lines: Sequence[str], heading: str) -> None:
    """Each of ``lines``, set bold between paragraphs, is a paragraph (in bold); ``heading`` so
    set is a heading."""
    for text in lines:
        md = _bold_between_paragraphs(text)
        assert md.startswith("# Sales, Costs and Margins") and f"\n\n**{text}**\n\n" in md, md
    assert f"\n\n# {heading}\n\n" in _bold_between_paragraphs(heading)


def test_a_postal_address_set_bold_is_no_heading() -> None:
    # a 10-K cover: the registrant's address set bold over its field label, like the headings
    addresses = ("6431 West Oakton St., Morton Grove, Illinois 60053", "Washington, D.C. 20549-1004")
    _no_headings(addresses, "Results for 2019, 2018 and 2017")


def test_a_pointer_to_other_text_set_in_a_headings_face_is_no_heading() -> None:
    # a financial statement's closing line, set bold like the statements' titles
    _no_headings(("See accompanying notes to consolidated financial statements", "See Note 4"), "See also")


def test_an_outline_entry_names_a_chapter_whose_label_is_spelled_out_on_the_page() -> None:
    # the outline says "2: "Mere Copyists"", the page "CHAPTER TWO: “Mere Copyists”"
    rows = [ln("CHAPTER TWO: \u201cMere Copyists\u201d", 60, size=10), *para(LOREM, 80)]
    for title in ('2: "Mere Copyists"', "Chapter 2. Mere Copyists", "II. Mere Copyists"):
        (md,) = markdown([page(rows)], facts(1, [OutlineEntry(2, title, 1)]))
        assert md.startswith("## CHAPTER TWO: \u201cMere Copyists\u201d\n\n"), (title, md)
    # another chapter's title after the same kind of label is not named by it
    (md,) = markdown([page(rows)], facts(1, [OutlineEntry(2, "3: Catalogs", 1)]))
    assert not md.startswith("#"), md


def test_a_heading_takes_the_level_of_the_outline_entry_naming_it_not_of_one_like_it() -> None:
    rows = [
        ln("A.4. Interface Access Control 1", 60, size=12, bold=True),
        *para(LOREM, 80),
        ln("A.4.9. Interface Access Control 1a", 130, size=12, bold=True),
        *para(LOREM, 150),
    ]
    entries = [
        OutlineEntry(2, "A.4. Interface Access Control 1", 1),
        OutlineEntry(3, "A.4.9. Interface Access Control 1a", 1),
    ]
    (md,) = markdown([page(rows)], facts(1, entries))
    assert [p for p in md.split("\n\n") if p.startswith("#")] == [
        "## A.4. Interface Access Control 1",
        "### A.4.9. Interface Access Control 1a",
    ]


def test_a_paragraph_runs_on_across_columns_and_pages() -> None:
    column = [f"Row {k} of a column set in two columns across the page" for k in range(8)]
    left = [*(ln(t, 60 + 12 * k, x1=300) for k, t in enumerate(column)), ln("The argument begins here and it", 160)]
    right = [
        ln("carries on at the top of the second column.", 60, x=320),
        *(ln(t, 72 + 12 * k, x=320, x1=RIGHT) for k, t in enumerate(column)),
        ln("The last row of the page runs on", 168, x=320, x1=RIGHT),
    ]
    first = page([*left, *right])
    second = page([ln("ends on the next page.", 60)], index=1)
    doc = facts(2)
    style = learn([first, second], doc)
    structures = [page_structure(p, doc, style) for p in (first, second)]
    md = render_document(structures, [None, "ii"])
    assert "<!-- page 2 (label ii) -->" in md
    assert "The argument begins here and it carries on at the top of the second column." in md
    assert "The last row of the page runs on ends on the next page.\n\n<!-- page 2 (label ii) -->\n" in md


def test_a_list_item_left_open_at_a_page_foot_runs_on_into_the_next_page() -> None:
    """The last item of a page stops mid-sentence; the next page goes on in lower case: one
    item in the document read whole (each page alone keeps its part). An item that closes its
    sentence, or a next page starting in capitals, is no run-on."""

    def pages(last: str, top: str) -> list[PageText]:
        first = page(
            [
                *para(LOREM, 60),
                ln("- The first point of the list, which closes its sentence.", 660),
                ln(last, 674),
            ]
        )
        return [first, page([ln(top, 60), *para(LOREM, 100)], index=1)]

    def read(last: str, top: str) -> str:
        got = pages(last, top)
        doc = facts(2)
        style = learn(got, doc)
        return render_document([page_structure(p, doc, style) for p in got], [None, None])

    md = read("- The second point of the list, which runs on over the", "page break and ends on the next page.")
    assert "- The second point of the list, which runs on over the page break and ends on the next page." in md
    assert "<!-- page 2 -->\n\nLorem ipsum" in md, md
    md = read("- The second point of the list, which ends here.", "page break and ends on the next page.")
    assert "<!-- page 2 -->\n\npage break and ends" in md, md
    md = read("- The second point of the list, which runs on over the", "Page break and ends on the next page.")
    assert "<!-- page 2 -->\n\nPage break and ends" in md, md


def test_a_table_continued_over_pages_is_one_table_in_the_document() -> None:
    header = ("Year", "Sales")
    parts = [
        Table(header, (("2019", "9"), ("2020", "10")), Box(70, 600, 300, 700), page=0, continued_on=1),
        Table(header, (("2021", "11"),), Box(70, 60, 300, 100), page=1, continued_from=0, continued_on=2),
        Table((), (("2022", "12"),), Box(70, 60, 300, 100), page=2, continued_from=1),
    ]
    pages = [
        page([*para(LOREM, 60), ln("Year Sales", 610)], tables=(parts[0],), tables_checked=True),
        page([ln("Year Sales", 70), *para(LOREM, 200)], index=1, tables=(parts[1],), tables_checked=True),
        page([ln("2022 12", 70), *para(LOREM, 200)], index=2, tables=(parts[2],), tables_checked=True),
    ]
    doc = facts(3)
    style = learn(pages, doc)
    md = render_document([page_structure(p, doc, style) for p in pages], [None, None, None])
    assert md.count("| --- |") == 1
    assert "| Year | Sales |\n| --- | --- |\n| 2019 | 9 |\n| 2020 | 10 |\n| 2021 | 11 |\n| 2022 | 12 |" in md
    # each page read alone keeps its own part
    alone = render_page(page_structure(pages[1], doc, style))
    assert "| 2021 | 11 |" in alone


def test_a_continued_tables_cells_over_several_rows_keep_their_rows_in_the_document() -> None:
    header = ("Year", "Film")
    parts = [
        Table(header, (("2019", "A"), ("2020", "B")), Box(70, 600, 300, 700), page=0, continued_on=1),
        Table(
            header,
            (("Year", "Film"), ("2021", "C"), ("", "D")),
            Box(70, 60, 300, 100),
            page=1,
            continued_from=0,
            body_spans=(BodySpan(1, 0, 2, 1),),
        ),
    ]
    pages = [
        page([*para(LOREM, 60), ln("Year Film", 610)], tables=(parts[0],), tables_checked=True),
        page([ln("Year Film", 70), *para(LOREM, 200)], index=1, tables=(parts[1],), tables_checked=True),
    ]
    doc = facts(2)
    style = learn(pages, doc)
    md = render_document([page_structure(p, doc, style) for p in pages], [None, None])
    assert '<tr><td>2020</td><td>B</td></tr>\n<tr><td rowspan="2">2021</td><td>C</td></tr>\n<tr><td>D</td></tr>' in md


def test_a_heading_given_after_its_text_goes_before_it() -> None:
    # some producers draw headings last: the text layer gives them after the page's body
    rows = [*para(LOREM, 100), *para(LOREM, 200), ln("Early Life", 180, size=14, bold=True)]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n") == [" ".join(LOREM), "# Early Life", " ".join(LOREM)]


def test_a_table_that_is_running_text_stays_text() -> None:
    lines = [
        "The project began as an experiment and grew into a",
        "library that many applications use to show documents",
        "in the browser without a plugin, and its authors kept",
        "the code small enough to read in an afternoon.",
    ]
    rows = [ln(t, 100 + 12 * k) for k, t in enumerate(lines)]
    table = Table(header=(), rows=tuple((t, "") for t in lines), bbox=Box(70, 98, 400, 150))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert "|" not in md and md == " ".join(lines)


def test_list_items_whose_bullets_the_text_layer_lost_are_known_by_their_hanging_indent() -> None:
    rows = [
        *para(LOREM, 60),
        ln("Partner divide region basis and more words", 110, x=90, x1=RIGHT),
        ln("person leader system.", 122, x=100),
        ln("Define growth trust final, and other words", 140, x=90, x1=RIGHT),
        ln("sample change.", 152, x=100),
    ]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n")[1:] == [
        "- Partner divide region basis and more words person leader system.\n"
        "- Define growth trust final, and other words sample change."
    ]


def test_a_heading_wrapped_over_two_blocks_is_one_heading_and_a_title_over_the_columns_goes_first() -> None:
    column = [f"Row {k} of a column set in three narrow columns here" for k in range(8)]
    rows = [
        *(ln(t, 100 + 12 * k, x=40, x1=190) for k, t in enumerate(column)),
        ln("A Title Over The Middle", 50, x=220, size=18, bold=True),
        ln("Leader Basis Notice", 100, x=210, size=14, bold=True, x1=360),
        ln("Factor", 118, x=210, size=14, bold=True),
        *(ln(t, 145 + 12 * k, x=210, x1=360) for k, t in enumerate(column)),
    ]
    (md,) = markdown([page(rows)])
    parts = md.split("\n\n")
    assert parts[0] == "# A Title Over The Middle"
    assert "## Leader Basis Notice Factor" in parts


def test_tables_the_reader_did_not_link_stay_apart_in_the_document() -> None:
    # One decision (the tables service's, carried by continued_on / continued_from): the
    # Markdown never joins tables on its own, even alike ones ending and starting two pages.
    header = ("Item", "Count")
    first = Table(header, (("apples", "3"), ("pears", "4")), Box(70, 600, 300, 700), page=0)
    again = Table(header, (("plums", "5"),), Box(70, 60, 300, 100), page=1)  # header printed again
    pages = [
        page([*para(LOREM, 60), ln("Item Count", 610)], tables=(first,), tables_checked=True),
        page([ln("Item Count", 70), ln("end of table two", 400)], index=1, tables=(again,), tables_checked=True),
    ]
    doc = facts(2)
    style = learn(pages, doc)
    md = render_document([page_structure(p, doc, style) for p in pages], [None, None])
    assert md.count("| Item | Count |") == 2
    assert "| pears | 4 |\n\n<!-- page 2 -->\n\n| Item | Count |\n| --- | --- |\n| plums | 5 |" in md


def test_a_heading_over_a_list_with_hanging_rows_is_a_heading_though_the_text_layer_gives_it_last() -> None:
    rows = [
        ln("1. Green 2011, p. 7.", 90),
        ln("2. Watters, Sam (October 2, 2010). Lost and found: a long reference that wraps", 106, x1=RIGHT),
        ln("onto a second row set in under its text.", 118, x=88),
        ln("3. Green 2011, p. 11.", 134),
        ln("References", 60, size=14, bold=True),
    ]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n")[0] == "# References"
    assert md.count("\n1. ") + md.count("\n2. ") + md.count("\n3. ") == 3


def test_a_heading_introducing_a_table_goes_before_it_and_one_under_a_table_stays_under_it() -> None:
    lines = [
        *para(LOREM, 60),
        ln("Year Title", 140),
        ln("1939 New Frontier", 152),
        ln("Filmography", 112, size=14, bold=True),  # drawn after the table
    ]
    table = Table(header=("Year", "Title"), rows=(("1939", "New Frontier"),), bbox=Box(70, 138, 300, 164))
    (md,) = markdown([page(lines, tables=(table,), tables_checked=True)])
    assert md.split("\n\n") == [" ".join(LOREM), "## Filmography", render_table(table)]

    lines = [
        ln("Year Title", 60),
        ln("1974 The Towering Inferno", 72),
        *para(LOREM, 130),
        ln("See also", 106, size=14, bold=True),  # drawn last, under the table
    ]
    table = Table(header=("Year", "Title"), rows=(("1974", "The Towering Inferno"),), bbox=Box(70, 58, 300, 84))
    (md,) = markdown([page(lines, tables=(table,), tables_checked=True)])
    assert md.split("\n\n") == [render_table(table), "# See also", " ".join(LOREM)]


def test_centred_rows_are_not_a_list_item_with_a_hanging_indent() -> None:
    rows = [*para(LOREM, 60), ln("Comparison", 110, x=100, x1=150), ln("rate", 122, x=115, x1=135)]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n")[1] == "Comparison rate"


def test_a_heading_set_out_from_its_indented_list_and_one_ending_a_page_in_a_heading_style() -> None:
    first = page(
        [
            ln("Early Life", 60, size=14, bold=True),
            *para(LOREM, 84),
            ln("Career", 140, size=14, bold=True),
            *para(LOREM, 164),
            ln("Notes", 220, x=66, size=18, bold=True),
            ln("a. The award was given to the whole cast of the show, and its", 250, x=75, x1=RIGHT),
            ln("producers, as the rules then stood.", 262, x=88),
        ]
    )
    second = page([*para(LOREM, 60), ln("Personal Life", 400, size=14, bold=True)], index=1)
    md = markdown([first, second])
    assert "\n\n# Notes\n\n" in md[0]
    assert md[1].endswith("\n\n## Personal Life")


def test_small_print_down_a_sidebar_stays_in_place_and_unmarked_small_print_under_the_body_is_a_note() -> None:
    right = [f"Body row {k} of the running text set in the right column here" for k in range(30)]
    body = [ln(t, 60 + 12 * k, x=330, x1=RIGHT) for k, t in enumerate(right)]
    title = ln("Infobox", 60, x=72, size=12, bold=True)
    fields = [ln(f"Field {k} value {k}", 90 + 40 * k, x=72, size=8) for k in range(16)]
    note = ln("Copyright 2024 by the publisher of this page.", 740, x=330, size=7)
    (md,) = markdown([page([title, *fields, *body, note])])
    parts = md.split("\n\n")
    first_body = next(k for k, p in enumerate(parts) if p.startswith("Body row 0"))
    assert [p for p in parts[:first_body] if p.startswith("Field ")] == [f"Field {k} value {k}" for k in range(16)]
    assert parts[-1] == "Copyright 2024 by the publisher of this page."


def test_a_title_over_a_subtitle_over_headings_is_a_heading() -> None:
    lines = [
        ln("Personal Vitality Rebate", 40, size=24, bold=True),
        ln("Power Sleep", 66, size=12),
        ln("Personal Sleep Study", 90, size=18, bold=True),
        ln("A. Sleep Environment", 116, size=10, bold=True),
        *para(LOREM, 132),
        ln("B. Sleep Rituals", 190, size=10, bold=True),
        *para(LOREM, 206),
    ]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n")[0] == "# Personal Vitality Rebate"


def test_a_citation_the_layout_set_apart_joins_the_row_on_its_left() -> None:
    lines = [
        *para(LOREM, 60),
        ln("Stable release 4.0.379", 120, x=72, x1=200),
        ln("[2]", 117, x=201, x1=212, size=7),  # the layout sets it apart
        ln("License Apache License 2.0", 140, x=72, x1=220),
    ]
    (md,) = markdown([page(lines)])
    assert "Stable release 4.0.379[2]" in md.split("\n\n")


def test_justified_prose_read_as_a_grid_stays_text_and_a_table_of_short_phrases_stays_a_table() -> None:
    cells = (
        ("Better element remain method", "pattern deliver", "context expand"),
        ("answer domain. Belief select event", "", ""),
        ("consider owner", "factor", "income"),
    )
    rows = [ln(" ".join(c for c in r if c), 100 + 12 * k) for k, r in enumerate(cells)]
    table = Table(header=(), rows=cells, bbox=Box(70, 98, 400, 140))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert "|" not in md

    cells = (
        ("000", "object", "pointer to JSObject handle"),
        ("010", "number", "pointer to double handle"),
        ("100", "string", "pointer to JSString handle"),
    )
    rows = [ln(" ".join(r), 100 + 12 * k) for k, r in enumerate(cells)]
    table = Table(header=(), rows=cells, bbox=Box(70, 98, 400, 140))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert "| 010 | number | pointer to double handle |" in md


CHECKLIST = (
    ("Identification of system parameter", "Alarm", "Indication", "Shut-down"),
    ("Fuel oil pressure after filter at the engine inlet", "", "local", ""),
    ("Leakage from high pressure pipes where they are required", "H", "", ""),
    ("Lubricating oil to main bearing and thrust bearing pressure", "L", "local", ""),
    ("Oil mist concentration in the crankcase or bearing temperature", "H", "", "X"),
    ("Cylinder fresh cooling water outlet temperature when common", "", "local", ""),
)


def _checklist_page(rules: tuple[Box, ...]) -> PageText:
    rows = [ln("  ".join(c for c in r if c), 104 + 20 * k, x1=540) for k, r in enumerate(CHECKLIST)]
    table = Table(header=(), rows=CHECKLIST, bbox=Box(70, 100, 550, 220))
    return page(rows, tables=(table,), tables_checked=True, rules=rules)


def test_a_checklist_boxed_by_rulings_is_a_table_and_the_same_grid_without_them_stays_text() -> None:
    """Long item names in the first column, most other cells empty or one mark: read as a grid
    from prose too, unless rulings box every cell (a row's ruling under each row, a column's
    beside each column, the frame round them all)."""
    xs, ys = (70, 330, 400, 470, 550), [100 + 20 * k for k in range(7)]
    grid = (
        *(Box(70, y, 550, y + 0.5) for y in ys),
        *(Box(x, 100, x + 0.5, 220) for x in xs),
    )
    (md,) = markdown([_checklist_page(grid)])
    assert "| Fuel oil pressure after filter at the engine inlet |  | local |  |" in md.split("\n")
    frame = (Box(70, 100, 550, 100.5), Box(70, 220, 550, 220.5), Box(70, 100, 70.5, 220), Box(550, 100, 550.5, 220))
    for rules in ((), frame):
        (md,) = markdown([_checklist_page(rules)])
        assert "|" not in md


def test_tables_stand_where_the_page_shows_them_whatever_order_the_text_layer_draws_them_in() -> None:
    notes = [
        "Rates are subject to change and to normal credit approval,",
        "and fees and charges are payable on every loan we offer.",
    ]
    lines = [
        ln("Effective 9 April", 30, x=450, x1=RIGHT, size=8),
        ln("Loan Rate", 70, x1=300),  # the rate table, under the title
        *[ln(f"Basic {k} 4.{k}%", 82 + 12 * k, x1=300) for k in range(6)],
        *[ln(t, 170 + 12 * k, x1=300) for k, t in enumerate(notes)],  # notes in the left column
        ln("Loan Reference", 170, x=330),  # the reference table beside them, drawn after them
        ln("Extra 5.2%", 182, x=330),
        ln("Call us on 13 2224 any day.", 250, x=330),
        ln("Home Loan Rates", 24, size=18, bold=True, x1=250),  # the title, drawn last
    ]
    rates = Table(
        header=("Loan", "Rate"), rows=tuple((f"Basic {k}", f"4.{k}%") for k in range(6)), bbox=Box(70, 68, 540, 154)
    )
    reference = Table(header=("Loan", "Reference"), rows=(("Extra", "5.2%"),), bbox=Box(328, 168, 540, 194))
    (md,) = markdown([page(lines, tables=(rates, reference), tables_checked=True)])
    assert md.split("\n\n") == [
        "Effective 9 April",
        "# Home Loan Rates",
        render_table(rates),
        " ".join(notes),
        render_table(reference),
        "Call us on 13 2224 any day.",
    ]

    # an infobox beside the article, drawn first: after the title and what is above it in its column
    lines = [
        ln("Original author Andreas Gal", 100, x=400, x1=570),
        ln("Developer Mozilla", 120, x=400, x1=570),  # the infobox table
        ln("License Apache", 132, x=400, x1=570),
        ln("Viewer", 40, size=24, bold=True, x=36, x1=130),
        *[ln(t, 100 + 12 * k, x=36, x1=385) for k, t in enumerate(LOREM)],
    ]
    box = Table(header=("Developer", "Mozilla"), rows=(("License", "Apache"),), bbox=Box(398, 118, 572, 144))
    (md,) = markdown([page(lines, tables=(box,), tables_checked=True)])
    assert md.split("\n\n") == [
        "# Viewer",
        "Original author Andreas Gal",
        render_table(box),
        " ".join(LOREM),
    ]


def test_affiliation_marks_join_the_names_they_mark_and_the_title_over_them_stays_a_heading() -> None:
    def piece(text: str, x0: float, x1: float, y0: float, size: float) -> TextLine:
        return TextLine(text, Box(x0, y0, x1, y0 + (7.5 if size < 10 else 11.0)), size, False, False, "")

    for raise_ in (3.0, 7.0):  # a mark overlapping its row, and one standing clear of it (a line of its own)
        top = 100 - raise_
        lines = [
            TextLine("Learning to Read Structured Documents", Box(150, 60, 462, 77), 17.0, False, False, ""),
            piece("Alice Martin", 200, 262, 100, 11.0),
            piece("1", 262.5, 266, top, 7.0),
            piece(", Bob Chen", 266.5, 318, 100, 11.0),
            piece("2", 318.5, 322, top, 7.0),
            piece(", Carol Diaz", 322.5, 380, 100, 11.0),
            piece("1,2", 380.5, 392, top, 7.0),
            piece("1", 180, 183.5, top + 20, 7.0),
            piece("Department of Computer Science, University of Somewhere", 184, 430, 120, 11.0),
            *para(LOREM * 3, 160),
            *para(LOREM * 3, 260),
        ]
        (md,) = markdown([page(lines)])
        assert md.split("\n\n")[:3] == [
            "# Learning to Read Structured Documents",
            "Alice Martin1, Bob Chen2, Carol Diaz1,2",
            "1 Department of Computer Science, University of Somewhere",
        ], raise_


def test_a_title_starting_with_a_mixed_case_name_is_a_heading_and_marks_set_apart_join_their_row() -> None:
    def piece(text: str, box: tuple[float, float, float, float], size: float, bold: bool = False) -> TextLine:
        return TextLine(text, Box(*box), size, bold, False, "")

    lines = [
        piece("pioNER: Datasets and Baselines for Named Entities", (77, 55, 534, 76), 24.0, bold=True),
        piece("Tsolak Ghukasyan1, Garnik Davtyan2, Karen Avetisyan3", (137, 121, 473, 133), 11.0, bold=True),
        # the affiliation row's marks, drawn before it and read as blocks of their own
        piece("2", (428.8, 134.7, 431.9, 139.3), 7.0),
        piece(", ,", (426.8, 138.5, 434.0, 140.7), 7.0),
        piece("Laboratory for System Programming at the University", (94, 134.7, 424.5, 145.1), 10.0),
        piece("1", (424.6, 134.7, 426.5, 139.3), 7.0),
        piece(", Yerevan, Armenia", (434.5, 134.7, 518.2, 145.1), 10.0),
        *para(LOREM * 3, 200),
        *para(LOREM * 3, 300),
    ]
    (md,) = markdown([page(lines)])
    parts = md.split("\n\n")
    assert parts[0] == "# pioNER: Datasets and Baselines for Named Entities"
    assert parts[2].startswith("Laboratory for System Programming at the University1")
    assert parts[2].endswith(", Yerevan, Armenia")
    assert not [p for p in parts if not any(c.isalpha() for c in p)]  # no paragraph of marks alone


def test_a_run_of_several_affiliation_marks_closes_on_its_word() -> None:
    """A run "1,2,3" raised after "University" as one piece (the pdfium adapter glues the marks and
    the commas it broke apart back together) closes on the word as "1" alone does."""
    lines = [
        TextLine("Laboratory for System Programming at the University", Box(94, 136, 421.7, 145), 10.0),
        TextLine("1,2,3", Box(422.8, 134.7, 438.3, 140.7), 7.0),
        TextLine(", Yerevan, Armenia", Box(439.5, 136, 518.2, 144.3), 10.0),
        *para(LOREM * 3, 200),
    ]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n")[0] == "Laboratory for System Programming at the University1,2,3, Yerevan, Armenia"


def test_a_doubtful_grid_of_chart_labels_stays_text_and_a_sure_table_of_steps_stays_a_table() -> None:
    # a line chart's value axis down the first column (two ticks run together in one cell),
    # data labels scattered beside it
    cells = (
        ("$140", "", "126.49", "144.90"),
        ("$120", "108.72", "", ""),
        ("", "100.00", "", "124.16"),
        ("$100", "107.63", "109.16", ""),
        ("$80", "86.72", "", "85.51"),
        ("$60 $40", "", "", "56.93"),
        ("$20", "", "", ""),
        ("$0 10/30/04", "10/29/05", "10/28/06", "11/3/07"),
    )
    rows = [ln(" ".join(c for c in r if c), 100 + 12 * k) for k, r in enumerate(cells)]
    chart = Table(header=(), rows=cells, bbox=Box(70, 98, 400, 196), low_confidence=True)
    (md,) = markdown([page(rows, tables=(chart,), tables_checked=True)])
    assert "|" not in md and "144.90" in md
    # the same grid the reader trusts is a table
    sure = Table(header=(), rows=cells, bbox=Box(70, 98, 400, 196))
    (md,) = markdown([page(rows, tables=(sure,), tables_checked=True)])
    assert "| $100 | 107.63 | 109.16 |  |" in md


def test_a_paragraph_that_reads_as_markdown_syntax_is_escaped_so_it_renders_as_printed() -> None:
    """A paragraph starting like an ordered item (``1. Ouverture``, ``2) Adoption``: a numbered
    title the page sets as a paragraph) has its period or parenthesis escaped (``1\\.``: a
    backslash before a digit escapes nothing and would show); ``#``, ``>``, ``-`` and a fence
    have their first character escaped."""
    from pdfcore.structure.model import Element, PageStructure

    texts = ["1. Ouverture de la séance", "12) Adoption", "# On and from", "> quoted", "- dash", "Plain 1. text"]
    md = render_page(PageStructure(0, tuple(Element("paragraph", text=t) for t in texts), ()))
    assert md.split("\n\n") == [
        "1\\. Ouverture de la séance",
        "12\\) Adoption",
        "\\# On and from",
        "\\> quoted",
        "\\- dash",
        "Plain 1. text",
    ]


def test_a_list_items_text_that_reads_as_markdown_syntax_is_escaped() -> None:
    """A list item's text starting like a heading, a quote or another item (``- # Certain
    portions ...``: a note marked ``#`` read as an item) would render as that block inside the
    item; its first character is escaped as a paragraph's is."""
    from pdfcore.structure.model import Element, PageStructure

    texts = ["# Certain portions were omitted", "2. second", "> quoted", "Plain"]
    items = tuple(Element("list_item", text=t, marker="-") for t in texts)
    md = render_page(PageStructure(0, items, ()))
    assert md.split("\n") == ["- \\# Certain portions were omitted", "- 2\\. second", "- \\> quoted", "- Plain"]


def test_a_grid_whose_frame_runs_on_round_its_notes_is_boxed() -> None:
    """Every cell ruled off, the frame's sides running on below the table's last ruling round
    notes the table leaves out: the grid is boxed all the same (a checklist of long names and
    sparse marks stays a table)."""
    from pdfcore.structure.false_tables import boxed

    table = Table(header=("Item", "Mark"), rows=(("Fuel oil pressure", "X"), ("Lube oil", "")), bbox=Box(0, 0, 200, 60))
    rules = [Box(0, y - 0.25, 200, y + 0.25) for y in (0, 20, 40, 60)]
    rules += [Box(100 - 0.25, 0, 100 + 0.25, 60)]
    sides = [Box(x - 0.25, 0, x + 0.25, 90) for x in (0, 200)]  # round the notes below too
    assert boxed(table, rules + sides)
    assert not boxed(table, rules)


def test_a_grid_whose_corner_over_the_row_labels_is_left_open_is_boxed() -> None:
    """The top ruling runs over the columns only (the corner cell over the row labels left
    open, a group heading's band above the column headings): the grid is boxed all the same."""
    from pdfcore.structure.false_tables import boxed

    table = Table(
        header=("", "Findings", "Findings"), rows=(("Code", "a", "b"), ("Other", "c", "d")), bbox=Box(0, 0, 300, 60)
    )
    rules = [Box(100, -0.25, 300, 0.25), *(Box(0, y - 0.25, 300, y + 0.25) for y in (20, 40, 60))]
    rules += [Box(x - 0.25, 0, x + 0.25, 60) for x in (0, 100, 200, 300)]
    assert boxed(table, rules)
    rules[1] = Box(100, 19.75, 300, 20.25)  # neither of the top two runs the whole width
    assert not boxed(table, rules)


def test_a_boxed_timetable_whose_cells_start_in_lower_case_is_no_prose() -> None:
    """Every cell ruled off, cells of a column starting in lower case one under the other (a
    film's rating over the next film's): no sentence runs on past a ruling, the grid is a
    table; the same cells without rulings read as running text cut at its line ends (the
    films' titles too long to be rows' labels, see the next test)."""
    from pdfcore.structure.false_tables import prose_table

    info = ["ab 12 J. 117 min", "ab 6 J., sehensw. 100 min", "ab 16 J. 81 min", "ab 16 J. 97 min"]
    rows = tuple((f"Die Welt von Film {k}", cell, "17:30 20:15") for k, cell in enumerate(info))
    table = Table(header=("Film", "Info", "Fr"), rows=rows, bbox=Box(0, 0, 300, 100))
    rules = [Box(0, y - 0.25, 300, y + 0.25) for y in range(0, 101, 20)]
    rules += [Box(x - 0.25, 0, x + 0.25, 100) for x in (0, 100, 200, 300)]
    assert not prose_table(table, rules)
    assert prose_table(table, ())


def test_rows_under_labels_whose_long_cells_start_in_lower_case_are_no_prose() -> None:
    """A paper's examples: each row a model's label, its query (in lower case where the model
    wrote it so) and its answer. A query ends without a stop and the next row's starts in lower
    case, but the next row opens with a label of its own: an entry, not a sentence running on.
    The same cells with the labels' column holding a line's piece of prose run on."""
    from pdfcore.structure.false_tables import prose_table

    queries = [
        ("Jeopardy!", "People of this nation AKA Nippon wrote with a brush, so painting", "japan"),
        ("SearchQA", "people nation aka nippon wrote brush painting became preferred", "japan (1.0)"),
        ("MI", "nippon brush preferred form artistic expression", "julian (0)"),
        ("AQA-Full", "people nation aka nippon wrote brush painting became", "japan (1.0)"),
        ("Jeopardy!", "Michael Caine and Steve Martin teamed up as Lawrence", "dirty rotten scoundrels"),
        ("SearchQA", "michael caine steve martin teamed lawrence freddy couple", "dirty rotten scoundrels"),
    ]
    table = Table(header=("Model", "Query", "Answer"), rows=tuple(queries), bbox=Box(0, 0, 400, 100))
    assert not prose_table(table)
    pieces = tuple(("and the reader goes on", q, a) for _, q, a in queries)
    assert prose_table(Table(header=(), rows=pieces, bbox=Box(0, 0, 400, 100)))


def test_rows_of_bulleted_actions_with_their_fields_are_no_prose() -> None:
    """A plan of actions: a theme (one cell over its rows), each action a bulleted item of a
    dozen words, then its date, its cost when known, its partners. Most words are in long cells
    and many cells are empty, but each row opens an item with its fields beside it: records of
    a list. The same rows without bullets, and without dates and costs, read as running text."""
    from pdfcore.structure.false_tables import prose_table

    action = "Mettre en place un programme de partenariat de financement public et privé numéro {k}"
    partners = "Responsable du transport actif, service des loisirs et travaux publics"
    rows = [("Financier" if k == 0 else "", f"• {action.format(k=k)}", f"202{k}", "", partners) for k in range(6)]
    assert not prose_table(Table(header=(), rows=tuple(rows), bbox=Box(0, 0, 500, 200)))
    bare = tuple((a, b[2:], "", "", e) for a, b, _, _, e in rows)
    assert prose_table(Table(header=(), rows=bare, bbox=Box(0, 0, 500, 200)))


def test_an_index_of_records_with_long_titles_and_sparse_marks_is_no_prose() -> None:
    """An exhibit index: a number, a long title, then the form, file number, exhibit and date,
    a column of marks mostly empty. Most of its words are in the long titles and many cells are
    empty, but nearly every row holds several short cells beside its title: a list's records,
    not running text cut at its line ends (a line of prose fills one long cell, little beside)."""
    from pdfcore.structure.false_tables import prose_table

    title = "Note Purchase Agreement, dated as of May {k}, 2019, between the Company and the Lender"
    rows = [(f"10.{k}", title.format(k=k), "8-K", "001-36404", "10.1", f"May {k}, 2019", "") for k in range(8)]
    rows += [
        (f"23.{k}", "Consent of the independent registered public accounting firm", "", "", "", "", "X") for k in (1, 2)
    ]
    table = Table(header=(), rows=tuple(rows), bbox=Box(0, 0, 500, 200))
    assert not prose_table(table)
    # a column of prose read as a grid: one long cell a row, a stray word beside it
    prose = tuple(
        ("the quick brown fox jumps over the lazy dog near the riverbank while the sun", "", "", "and" if k % 2 else "")
        for k in range(6)
    )
    assert prose_table(Table(header=(), rows=prose, bbox=Box(0, 0, 500, 200)))


def test_a_row_whose_size_changes_along_it_goes_on_in_the_size_it_ends_in() -> None:
    # a form's 9 pt field label and the 11 pt answer after it on one line (the line's facts are
    # its first character's: 9 pt), the answer's last word alone on the row below at 11 pt
    label = "Were criminal charges filed in the matter? If yes, against whom and by which office?"
    answer = "The friend of the mother, at the time of his"
    row = TextLine(
        f"{label} {answer}",
        Box(LEFT, 100, RIGHT, 111),
        9.0,
        size_runs=((len(label.replace(" ", "")), 9.0), (len(answer.replace(" ", "")), 11.0)),
    )
    below = TextLine("injuries.", Box(LEFT, 113, LEFT + 40, 124), 11.0)
    (md,) = markdown([page([*para(LOREM, 40, size=11), row, below, *para(LOREM, 150, size=11)])])
    assert f"\n\n{label} {answer} injuries.\n\n" in md, md
    # a size change along the row that does not reach its end still ends its unit
    small = TextLine(f"{answer} {label}", row.bbox, 11.0, size_runs=(row.size_runs[1], row.size_runs[0]))
    (md,) = markdown([page([*para(LOREM, 40, size=11), small, below, *para(LOREM, 150, size=11)])])
    assert f"\n\n{answer} {label}\n\ninjuries.\n\n" in md, md


def test_a_huge_word_beside_a_line_of_small_text_is_no_heading() -> None:
    # a cover: the agency's 80 pt logo word and its office's name at 20 pt drawn as one line
    logo = TextLine(
        "NASA Office of Inspector General",
        Box(LEFT, 40, 400, 100),
        80.0,
        True,
        size_runs=((4, 80.0), (24, 20.0)),
    )
    rows = [logo, ln("Key Challenges of the Campaign", 200, size=30, bold=True), *para(LOREM, 260)]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n")[:2] == ["**NASA Office of Inspector General**", "# Key Challenges of the Campaign"], md


def test_a_row_starting_with_an_initial_is_no_list_item_but_a_lettered_one_is() -> None:
    lines = [
        *para(LOREM[:3], 60),
        ln("p. cm.", 110, x=200, x1=240),
        ln("E. coli lives in the gut of most warm-blooded animals, as a rule.", 140),
        ln("a. the first of the lettered items on this page.", 170),
        ln("b. the second of them, set under the first.", 184),
        ln("iv. A numbered clause.", 214),
        ln("v. The clause after it.", 228),
        ln("Text between the lists, a paragraph of its own here.", 258),
        ln("d) Going on in capitals from the page before.", 288),
    ]
    (md,) = markdown([page(lines)])
    parts = md.split("\n\n")
    assert "p. cm." in parts and "E. coli lives in the gut of most warm-blooded animals, as a rule." in parts
    items = next(p for p in parts if p.startswith("- a."))
    assert items.split("\n") == [
        "- a. the first of the lettered items on this page.",
        "- b. the second of them, set under the first.",
        "- iv. A numbered clause.",
        "- v. The clause after it.",
    ]
    assert parts[-1] == "- d) Going on in capitals from the page before."


def test_a_number_in_parentheses_opening_a_row_is_an_item_only_where_the_numbering_counts() -> None:
    """A statement's negative amounts open rows as "(584)": no list item numbered 584 (the
    Markdown would write ``584.``, the sign lost). Items numbered (1), (2) stay a list."""
    lines = [
        *para(LOREM[:3], 60),
        ln("398 Amortization of right of use asset", 110),
        ln("(584) Income tax benefit", 124),
        ln("558 Provision for doubtful accounts", 138),
        ln("(223) Other", 152),
        ln("Text between the two, a paragraph of its own here.", 182),
        ln("(1) The first clause of the numbered list.", 212),
        ln("(2) The second clause, set under the first.", 226),
    ]
    (md,) = markdown([page(lines)])
    assert "584." not in md and "223." not in md, md
    assert "(584) Income tax benefit" in md and "(223) Other" in md
    items = next(p for p in md.split("\n\n") if p.startswith("1."))
    assert items.split("\n") == [
        "1. The first clause of the numbered list.",
        "2. The second clause, set under the first.",
    ]


def test_a_row_naming_a_section_alone_over_its_text_is_a_heading_in_the_body_face() -> None:
    """A journal's "Abstract" set bold in a face whose name and flags do not say so reads at the
    body's size and weight: alone on its row, right over the text it names, it is a heading. The
    same word with more beside it on its row (a table's label) is not."""
    lines = [
        ln("Shift work interventions for reduced conflict", 60, size=20, bold=True),
        ln("Abstract", 110),
        *para(LOREM, 124),
        ln("Summary", 200),
        ln("12", 200, x=300),
        ln("14", 200, x=400),
        *para(LOREM, 214),
    ]
    (md,) = markdown([page(lines)])
    parts = md.split("\n\n")
    assert parts[1] == "## Abstract", parts
    assert not any(p.startswith("#") and "Summary" in p for p in parts), parts


def test_rows_starting_with_one_letter_again_and_again_are_no_lettered_list() -> None:
    """Minutes list those present as "M. Gaëtan Gagné, ..." over "M. David Huggins-Daines, ...":
    the letter repeats, no lettering goes on, so the rows are no list items (going on in
    capitals or not). "A." over "B." stays a list."""
    lines = [
        *para(LOREM[:3], 60),
        ln("M. Gaëtan Gagné, conseiller municipal", 110),
        ln("M. David Huggins-Daines, conseiller municipal", 124),
        ln("Text between the lists, a paragraph of its own here.", 154),
        ln("A. The first lettered point of the page.", 184),
        ln("B. The second lettered point of the page.", 198),
    ]
    (md,) = markdown([page(lines)])
    parts = md.split("\n\n")
    assert "M. Gaëtan Gagné, conseiller municipal" in parts, parts
    assert "M. David Huggins-Daines, conseiller municipal" in parts, parts
    assert parts[-1] == "- A. The first lettered point of the page.\n- B. The second lettered point of the page."


def test_a_row_of_names_opening_with_an_initial_is_no_lettered_item() -> None:
    """An article's authors under its title, "R. Okafor and L. Lindqvist": an initial and a name,
    then another, in one row: names, not item R. A lettered point whose text names someone
    ("A. The first lettered point, after B. Jones.") stays an item."""
    lines = [
        *para(LOREM[:3], 60),
        ln("R. Okafor and L. Lindqvist", 130),
        ln("Text between, a paragraph of its own here after the names.", 160),
        ln("A. The first lettered point, after B. Jones.", 190),
        ln("B. The second lettered point of the page.", 204),
    ]
    (md,) = markdown([page(lines)])
    parts = md.split("\n\n")
    assert "R. Okafor and L. Lindqvist" in parts, parts
    assert parts[-1] == "- A. The first lettered point, after B. Jones.\n- B. The second lettered point of the page.", (
        parts
    )


def test_a_lettered_item_at_the_top_of_a_page_goes_on_the_lettering_of_the_page_before() -> None:
    """ "a)" ends a page, "b) going on in lower case" starts the next: alone on its page the
    lone letter is no item (no lettered item beside it), but the document read whole has the
    item before it on the page before. A lone letter that goes on nothing there stays text."""
    first = page([*para(LOREM, 60), ln("a) Going on in capitals at the foot of the page.", 700)])
    second = page(
        [
            ln("b) the rest of the list, going on in lower case after a formula.", 60),
            *para(LOREM, 100),
            ln("p. cm. is no item here: nothing lettered before it.", 200),
        ],
        index=1,
    )
    doc = facts(2)
    style = learn([first, second], doc)
    structures = [page_structure(p, doc, style) for p in (first, second)]
    alone = render_page(structures[1])
    assert alone.startswith("b) the rest"), alone
    md = render_document(structures, [None, None])
    assert "- a) Going on in capitals at the foot of the page." in md
    assert "<!-- page 2 -->\n\n- b) the rest of the list, going on in lower case after a formula." in md
    assert "\n\np. cm. is no item here" in md
    # "c)" after "a)" goes on no lettering: it stays a paragraph
    third = page(
        [ln("c) the rest of the list, going on in lower case after a formula.", 60), *para(LOREM, 100)], index=1
    )
    style = learn([first, third], doc)
    md = render_document([page_structure(p, doc, style) for p in (first, third)], [None, None])
    assert "<!-- page 2 -->\n\nc) the rest" in md, md


def test_rows_in_capitals_set_in_a_typewriter_face_are_no_code() -> None:
    # a cover's subtitle over three rows in a monospaced face, capitals alone: words, no code
    rows = ["HOW BIG MEDIA USES TECHNOLOGY AND", "THE LAW TO LOCK DOWN CULTURE", "AND CONTROL CREATIVITY"]
    lines = [ln(t, 300 + 12 * k, mono=True, bold=True, x1=LEFT + 6 * len(t)) for k, t in enumerate(rows)]
    (md,) = markdown([page([*para(LOREM, 100), *lines, *para(LOREM, 400)])])
    assert "```" not in md and " ".join(rows) in md, md
    # rows of code in capitals keep their code punctuation: still code
    code = ["IF (X > 0) THEN", "  CALL RUN(X)", "END IF"]
    lines = [ln(t, 300 + 12 * k, mono=True, x1=LEFT + 6 * len(t)) for k, t in enumerate(code)]
    (md,) = markdown([page([*para(LOREM, 100), *lines, *para(LOREM, 400)])])
    assert "```" in md, md


def test_a_long_statement_in_the_documents_heading_style_is_a_heading_and_bold_sentences_stay_text() -> None:
    # a report's risk factors: each a one-sentence heading set bold at the body size, some of
    # them longer than most headings; a bold paragraph of two sentences stays a paragraph
    statement = [
        "Our business is subject to various food, environmental, and health and safety laws and regulations, which may",
        "increase our compliance costs, subject us to liabilities, or otherwise adversely affect our business.",
    ]
    two = [
        "Our products may be recalled if they are found to be unsafe, mislabeled or contaminated in any way at all.",
        "Recalls cost money. They could harm our reputation with our customers and the people who buy from them.",
    ]

    def risk_page(rows: list[str]) -> str:
        lines = [
            ln("Loss of our key personnel could negatively impact our business.", 40, bold=True),
            *para(LOREM * 3, 60),
            ln("Employee strikes may adversely affect our operations.", 180, bold=True),
            *para(LOREM * 3, 200),
            ln(rows[0], 320, bold=True, x1=RIGHT),
            ln(rows[1], 332, bold=True),
            *para(LOREM * 3, 352),
        ]
        (md,) = markdown([page(lines)])
        return md

    md = risk_page(statement)
    assert md.startswith("# Loss of our key personnel"), md
    assert f"\n\n# {' '.join(statement)}\n\n" in md, md
    md = risk_page(two)
    assert f"\n\n**{' '.join(two)}**\n\n" in md, md


def test_a_list_set_in_two_columns_is_one_flat_list_and_a_short_items_child_stays_nested() -> None:
    # (the text layer gives the columns one after the other, as it does the page's columns)
    left = ["• Electric meters", "• Meter communication modules", "• Substation relays and automation equipment"]
    right = ["• Wind turbines", "• Solar inverters", "• Building energy automation/control"]
    rows = [*para(LOREM, 60)]
    rows += [ln(t, 110 + 14 * k, x=90, x1=90 + 4.5 * len(t)) for k, t in enumerate(left)]
    rows += [ln(t, 110 + 14 * k, x=312, x1=312 + 4.5 * len(t)) for k, t in enumerate(right)]
    rows += para(LOREM, 160)
    (md,) = markdown([page(rows)])
    assert "\n\n" + "\n".join("- " + t[2:] for t in left + right) + "\n\n" in md, md
    # a parent shorter than its child's indent is still its parent
    rows = [*para(LOREM, 60), ln("• A", 110, x=90), ln("• sub", 122, x=104), ln("• B", 134, x=90), *para(LOREM, 160)]
    (md,) = markdown([page(rows)])
    assert "\n\n- A\n  - sub\n- B\n\n" in md, md


def test_a_run_in_label_in_capitals_after_a_closed_sentence_starts_a_paragraph() -> None:
    # a notice set ragged in a narrow column, paragraphs neither indented nor spaced apart
    rows = [
        ln("SUMMARY: The agency proposes to supersede", 60, x1=260),
        ln("the directive. The agency is proposing this", 72, x1=262),
        ln("to address the unsafe condition.", 84, x1=230),
        ln("DATES: Comments must be received by", 96, x1=255),
        ln("September 21, 2020. Send them to the", 108, x1=258),
        ln("OFFICE: a sentence going on in capitals", 120, x1=258),
    ]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n") == [
        "SUMMARY: The agency proposes to supersede the directive. The agency is proposing this to address the"
        " unsafe condition.",
        "DATES: Comments must be received by September 21, 2020. Send them to the OFFICE: a sentence going on"
        " in capitals",
    ], md


def test_headings_set_out_at_the_margin_left_of_indented_running_text() -> None:
    # numbered minutes: bold headings at the page margin, their one-line text under them, the
    # resolution's paragraphs set in by a couple of em: the headings still head the text
    rows = [
        ln("1. Opening of the meeting", 100, bold=True),
        ln("The meeting is opened at four o'clock.", 120),
        ln("2. Adoption of the agenda", 150, bold=True),
        ln("The agenda of the meeting is adopted.", 170),
        ln("3. Request for a permit", 200, bold=True),
        *para(LOREM, 225, x=99),
        *para(LOREM, 275, x=99),
    ]
    (md,) = markdown([page(rows)])
    assert md.split("\n\n")[:4] == [
        "# 1. Opening of the meeting",
        "The meeting is opened at four o'clock.",
        "# 2. Adoption of the agenda",
        "The agenda of the meeting is adopted.",
    ]
    assert "# 3. Request for a permit" in md


def test_a_named_division_numbered_with_a_letter_or_in_roman_numerals_is_a_numbered_heading() -> None:
    from pdfcore.structure.heading_shape import numbering_depth

    for text in ("ITEM 1B: UNRESOLVED STAFF COMMENTS", "Item 7. Management", "PART II", "Article IV Terms"):
        assert numbering_depth(text) == 1, text
    assert numbering_depth("2.1 Methods") == 2 and numbering_depth("Chapter 3 The Law") == 1
    for text in ("I think so", "Items 1 and 2 apply", "Items", "A word"):
        assert numbering_depth(text) == 0, text


def test_a_contents_entry_ending_with_leaders_and_its_page_number_ends_there() -> None:
    # the next entry set in under it is no wrapped row of it (a hanging indent)
    rows = [
        ln("Table Of Contents", 60, x=238, size=16, bold=True),
        ln("Chapter 1 " + "." * 58 + " 2", 100, x=46, x1=548),
        ln("Paragraph 1.1 " + "." * 54 + " 3", 115, x=62, x1=548, size=11),
        ln("Section 1.2 " + "…" + " 7", 130, x=62, x1=548, size=11),
    ]
    (md,) = markdown([page(rows)])
    blocks = md.split("\n\n")
    assert [b[:9] for b in blocks[1:]] == ["Chapter 1", "Paragraph", "Section 1"], md


@pytest.mark.parametrize("turn", [90, 180, 270])
def test_a_page_scanned_turned_reads_as_the_same_page_upright(turn: int) -> None:
    # The OCR service lays a turned scan out upright and turns its boxes back into page space:
    # its Markdown is the upright page's (a list read top to bottom, paragraphs whole).
    from pdfcore.structure.upright import turned

    rows = [
        ln("Field Notes", 60, size=20),
        *para(LOREM, 100),
        ln("\u2022 Nests on the eastern bank were counted at dawn.", 150),
        ln("\u2022 Nests on the western bank were counted at dusk.", 164),
        ln("\u2022 The water level was read at the bridge.", 178),
        *para(LOREM, 200),
    ]
    upright = attrs.evolve(page(rows), source="ocr")
    # back into the space of the page as scanned: turned the other way
    width, height = (792.0, 612.0) if turn in (90, 270) else (612.0, 792.0)
    scanned = turned(upright, (360 - turn) % 360, 612.0, 792.0)
    doc = facts(1)
    scanned_doc = attrs.evolve(doc, pages=(attrs.evolve(doc.pages[0], width=width, height=height),))
    (want,) = markdown([upright], doc)
    (got,) = markdown([scanned], scanned_doc)
    assert "- Nests on the eastern bank were counted at dawn.\n- Nests on the western" in want
    assert got == want


def test_an_item_wrapping_left_of_its_first_rows_text_goes_on_under_a_row_nearly_full() -> None:
    # a web page's reference list printed: "6. " then the text, the rows under it wrapped 1 em
    # in from the marker (left of where the first row's text starts); an item's first row may
    # end a little short of the edge mid-title, the word after it too long to fit
    rows = [
        ln("5. Brown, Emma (20 January 2017). Discovery of the year in the review of plays", 100, x1=RIGHT),
        ln("and films seen in London in the last season of the year. Interview Magazine.", 114, x=84, x1=470),
        ln("6. Shenton, Mark (26 June 2012). Viva Forever, Musical Featuring Songs, Confirms", 128, x1=RIGHT - 30),
        ln("West End Opening at Piccadilly Theatre. Playbill. Archived from the original.", 142, x=84, x1=480),
        ln("7. Palmer, Alun (12 December 2012). Lost in Spice: the musical is just a Wannabe.", 156, x1=RIGHT),
    ]
    (md,) = markdown([page(rows)])
    assert "Confirms West End Opening" in md, md
    assert md.count("\n- ") + md.startswith("- ") == 0 and md.count("\n6. ") == 1, md
    # a short row over a paragraph set in (a lettered heading over its text) stays apart
    rows = [
        ln("A. Noise calibration to the global sensitivity", 100),
        ln("The global sensitivity measures the maximum variability of a function between", 114, x=84, x1=RIGHT),
        ln("neighbor data sets, as the next section shows in detail for each function.", 128, x1=460),
    ]
    (md,) = markdown([page(rows)])
    assert "sensitivity The global" not in md, md


def test_a_tables_caption_set_small_over_it_is_no_footnote() -> None:
    """A caption set as small as the page's numbered notes (``Table A-2.``: an appendix table's
    number), nothing but the table under it: it stands over the table, not among the notes."""
    rows = [
        *para(LOREM, 60),
        ln("Table A-2. Errors by lead time for the selected statistics", 130, size=7),
        ln("Year Sales", 150, size=7),
        ln("2020 10", 160, size=7),
        ln("1 Errors were calculated from the past ten editions.", 600, size=7),
    ]
    table = Table(header=("Year", "Sales"), rows=(("2020", "10"),), bbox=Box(70, 148, 400, 170))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    parts = md.split("\n\n")
    assert parts[1] == "Table A-2. Errors by lead time for the selected statistics", parts
    assert parts[2].startswith("| Year | Sales |") and parts[-1].startswith("1 Errors"), parts


def test_a_dash_a_table_holds_for_a_missing_figure_opens_a_legend_not_a_list() -> None:
    """``— Not available.`` under a table whose missing figures are ``—``: the legend of that
    mark, a paragraph with its dash. Two items opening with it are a list."""
    table = Table(header=("Year", "Sales"), rows=(("2020", "10"), ("2021", "—")), bbox=Box(70, 128, 400, 160))
    cells = [ln("Year Sales", 130), ln("2020 10", 142), ln("2021 —", 154)]
    legend = ln("— Not available.", 170)
    (md,) = markdown([page([*para(LOREM, 60), *cells, legend], tables=(table,), tables_checked=True)])
    assert md.split("\n\n")[-1] == "— Not available.", md
    items = [legend, ln("— Not yet reported by the agency.", 182)]
    (md,) = markdown([page([*para(LOREM, 60), *cells, *items], tables=(table,), tables_checked=True)])
    assert md.split("\n\n")[-1] == "- Not available.\n- Not yet reported by the agency.", md


def test_an_asterisk_a_tables_figures_carry_opens_its_note_not_a_list() -> None:
    """``*–0.5`` in a table's cells and ``* Denotes ...`` under it: the note of that mark, a
    paragraph keeping its asterisk. Without a starred figure, or with two items opening with
    the asterisk, they are a list."""
    table = Table(header=("Group", "Change"), rows=(("Male", "*–0.5"), ("Female", "0.2")), bbox=Box(70, 128, 400, 160))
    cells = [ln("Group Change", 130), ln("Male *–0.5", 142), ln("Female 0.2", 154)]
    note = ln("* Denotes a statistically significant difference.", 170)
    (md,) = markdown([page([*para(LOREM, 60), *cells, note], tables=(table,), tables_checked=True)])
    assert md.split("\n\n")[-1] == "\\* Denotes a statistically significant difference.", md
    items = [note, ln("* Rounds to zero.", 182)]
    (md,) = markdown([page([*para(LOREM, 60), *cells, *items], tables=(table,), tables_checked=True)])
    assert md.split("\n\n")[-1] == "- Denotes a statistically significant difference.\n- Rounds to zero.", md
    plain = Table(header=("Group", "Change"), rows=(("Male", "–0.5"), ("Female", "0.2")), bbox=Box(70, 128, 400, 160))
    cells = [ln("Group Change", 130), ln("Male –0.5", 142), ln("Female 0.2", 154)]
    (md,) = markdown([page([*para(LOREM, 60), *cells, note], tables=(plain,), tables_checked=True)])
    assert md.split("\n\n")[-1] == "- Denotes a statistically significant difference.", md


def test_a_mark_in_parentheses_a_tables_cell_holds_opens_a_note_not_a_list() -> None:
    """``program (a)`` in a table's header and ``(a) During ...`` under it: the note of that
    mark, a paragraph with its mark. With a ``(b)`` under it that no cell holds, the two are a
    list; notes ``(1)`` and ``(2)`` whose marks cells hold are notes both."""
    table = Table(
        header=("Period", "Shares bought under the program (a)"), rows=(("2019", "10"),), bbox=Box(70, 128, 400, 150)
    )
    cells = [ln("Period Shares bought under the program (a)", 130), ln("2019 10", 142)]
    note = ln("(a) During the fourth quarter the company announced a program.", 170)
    (md,) = markdown([page([*para(LOREM, 60), *cells, note], tables=(table,), tables_checked=True)])
    assert md.split("\n\n")[-1] == "(a) During the fourth quarter the company announced a program.", md
    items = [note, ln("(b) The program has no expiration date.", 182)]
    (md,) = markdown([page([*para(LOREM, 60), *cells, *items], tables=(table,), tables_checked=True)])
    assert md.split("\n\n")[-1].startswith("- (a) During"), md
    table = Table(
        header=("Period", "Shares (1)", "Price (2)"), rows=(("2019", "10", "3"),), bbox=Box(70, 128, 400, 150)
    )
    cells = [ln("Period Shares (1) Price (2)", 130), ln("2019 10 3", 142)]
    notes = [ln("(1) Bought in the open market.", 170), ln("(2) Average price paid per share.", 182)]
    (md,) = markdown([page([*para(LOREM, 60), *cells, *notes], tables=(table,), tables_checked=True)])
    assert md.split("\n\n")[-2:] == ["(1) Bought in the open market.", "(2) Average price paid per share."], md


def test_text_above_and_below_a_table_taken_out_of_its_block_is_two_paragraphs() -> None:
    """A table whose rows the layout holds in one block with the lines above and below it (no
    blank around it): the lines above end their paragraph at the table, those below start
    another after it; no paragraph runs across the table."""
    full = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    rows = [
        ln(f"Alpha {full}", 100, x1=RIGHT),
        ln(f"Beta {full}", 112, x1=RIGHT),
        ln("RR Roundup 10", 124, x1=300),
        ln("RR2 Corn 20", 136, x1=300),
        ln("RR2Y Yield 30", 148, x1=300),
        ln(f"Gamma {full}", 160, x1=RIGHT),
        ln("Delta ends the text.", 172),
    ]
    table = Table(
        header=("RR", "Roundup", "10"),
        rows=(("RR2", "Corn", "20"), ("RR2Y", "Yield", "30")),
        bbox=Box(70, 122, 302, 158),
    )
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    parts = md.split("\n\n")
    assert parts[0] == f"Alpha {full} Beta {full}", parts
    assert parts[1].startswith("| RR | Roundup | 10 |"), parts
    assert parts[2] == f"Gamma {full} Delta ends the text.", parts


def test_a_heading_over_a_list_set_in_further_starts_at_its_items_edge() -> None:
    """A section's heading at the page's margin, the section's text a list: an item at the
    heading's edge, its sub-items set in two ems further, each wrapped (the page's only rows of
    running text). The heading starts where an item of the list starts: it is a heading, not a
    label inside a drawing."""
    lines = [
        ln("Treatment of metabolic alkalosis", 100, x=149, size=11, bold=True),
        ln("• The treatment depends on the cause:", 118, x=149),
    ]
    y = 134.0
    for item in (
        "restoring the volume of the extracellular fluid by giving",
        "correcting a severe deficit of potassium by giving",
    ):
        lines += [
            ln(f"• {item}", y, x=172, x1=517),
            ln("sodium chloride by mouth or by vein in most cases;", y + 13, x=186),
        ]
        y += 30
    body = markdown([page(lines)])[0]
    assert body.startswith("# Treatment of metabolic alkalosis\n\n- The treatment depends on the cause:\n  - "), body
