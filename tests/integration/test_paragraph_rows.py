"""Where a paragraph ends among the rows of one block: rows typeset with ReportLab (Helvetica
11 pt), read as Markdown. A row that leaves its sentence open ends its paragraph only with
clear room left for the next row's first word; text set around a figure (rows ending at a
nearer margin, or set in from the left beside it) goes on under the figure."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pdfcore.models import TextLine

SIZE = 11.0
LEADING = 14.0


def _rows(c: Any, x: float, y: float, rows: list[str], width: float | None = None, *, last_full: bool = False) -> None:
    """Rows from the top at ``y``; with ``width`` justified to it by their word spacing (the last
    row too when ``last_full``), else set ragged right."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for i, row in enumerate(rows):
        t = c.beginText(x, y - i * LEADING)
        t.setFont("Helvetica", SIZE)
        if width is not None and (i < len(rows) - 1 or last_full):
            t.setWordSpace((width - stringWidth(row, "Helvetica", SIZE)) / row.count(" "))
        t.textLine(row)
        c.drawText(t)


def _pdf(path: Path, draw: Any) -> Path:
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=(612, 792))
    draw(c)
    c.showPage()
    c.save()
    return path


def _lines(pdf: Path) -> tuple[TextLine, ...]:
    """The text lines the pdfium extractor reads on the first page of ``pdf``."""
    import pypdfium2 as pdfium

    from adapters import pdfium_text

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return pdfium_text._extract_page(doc, 0).lines
    finally:
        doc.close()


def _paragraphs(core: Any, pdf: Path) -> list[str]:
    return core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown.split("\n\n")


def test_a_ragged_row_left_open_with_little_room_goes_on(core: Any, tmp_path: Path) -> None:
    """Set ragged right: the second row ends with room for about one ``Artemis`` at the row's
    average character width (1.1 times it), mid-sentence; the typesetter broke it because the
    word's true width did not fit. One paragraph, not two."""
    rows = [
        "The agency continues to analyze mission data from the first flight and must address a",
        "variety of technical challenges to safely fly four astronauts to lunar orbit, on their",
        "Artemis mission. While considered a near-perfect flight by the agency, the first flight",
        "revealed technical issues such as the unexpected erosion of material on the heat shield.",
    ]
    pdf = _pdf(tmp_path / "ragged.pdf", lambda c: _rows(c, 72, 700, rows))
    assert _paragraphs(core, pdf) == [" ".join(rows)]


def test_rows_beside_a_figure_on_the_right_go_on_under_it(core: Any, tmp_path: Path) -> None:
    """Justified rows end at the figure's left side, the rows under it at the page's margin: a
    row ending beside the figure mid-sentence, the row under it ending where it does, is no
    paragraph's end."""
    beside = [
        "Shortly after she married the actor, she gave birth to two sons: Robert",
        "Walker Jr. (born in 1940), and Michael Walker (born in 1941). While her",
        "husband found steady work in radio programs, she worked part-time",
    ]
    under = [
        "modeling hats for a large agency in the city. She then went to an audition held by the",
        "producer for the leading role in a new film, and was signed to a seven-year contract.",
    ]

    def draw(c: Any) -> None:
        _rows(c, 72, 700, beside, 360, last_full=True)
        c.rect(450, 660, 90, 50)
        _rows(c, 72, 700 - 3 * LEADING, under, 468)

    pdf = _pdf(tmp_path / "beside.pdf", draw)
    assert _paragraphs(core, pdf) == [" ".join(beside + under)]


def test_rows_set_in_beside_a_figure_on_the_left_go_on_under_it(core: Any, tmp_path: Path) -> None:
    """Rows set in from the margin beside a figure, the last of them running to the right margin
    mid-sentence (``in the``), then back at the margin under the figure (``United States``):
    one paragraph, not a block quote's end."""
    left = [
        "Her dark beauty and saintly image, as shown in her first starring role, was",
        "a stark contrast three years later when she was cast in a controversial",
        "western, which was released in a heavily truncated form in the",
    ]
    after = [
        "United States under another title. In the same year she starred opposite a famous",
        "actor in a drama about a veteran, which received mixed reviews from the critics.",
    ]

    def draw(c: Any) -> None:
        _rows(c, 200, 700, left, 340, last_full=True)
        c.rect(72, 660, 110, 50)
        _rows(c, 72, 700 - 3 * LEADING, after, 468)

    pdf = _pdf(tmp_path / "left.pdf", draw)
    assert _paragraphs(core, pdf) == [" ".join(left + after)]


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "page", "rows"),
    [
        (
            "py-pdf_sample-files/013-reportlab-overlay/reportlab-overlay.pdf",
            1,
            ["Name: Foo Bar", "Fingerprint: asdfSa2123"],
        ),
        ("pdfminer/samples/contrib/issue-1062-filters.pdf", 1, ["Betalingsvoorwaarden 30", "Leveringsvoorwaarden"]),
        ("pdfplumber/pdfs/issue-982-example.pdf", 7, ["#include <linux/kexec.h>", "#include <linux/errno.h>"]),
        ("pdfminer/samples/contrib/issue-625-identity-cmap.pdf", 1, ["Sprzedawca", "Test itp"]),
    ],
)
def test_short_rows_of_labels_and_code_stay_apart(
    core: Any, corpus: Path, name: str, page: int, rows: list[str]
) -> None:
    """Rows of a few words (a label and its value, a code line) are no running text, however
    little room each leaves: each starts its own paragraph as before (or its own line of a code
    block, or a table's row: an invoice's seller and buyer side by side read as two columns)."""
    md = core.read_pages(str(corpus / name), str(page), format="markdown", use_structure_tree=False).pages[0].markdown
    cells = [ln.strip("| ").split(" |")[0] for ln in md.splitlines() if ln.startswith("| ")]
    starts = [re.sub(r"^#{1,6} ", "", p).replace("**", "") for p in md.split("\n\n")] + md.splitlines() + cells
    for row in rows:
        assert any(p.startswith(row) for p in starts), (row, md)


@pytest.mark.corpus
def test_rows_of_ideographs_one_under_the_other_in_one_pdfium_line_are_cut_apart(core: Any, corpus: Path) -> None:
    """pdfium gives a report's last sentence (9 pt) and the section title under it (12 pt) as
    one line; each row is a run of ideographs without a space (one "word" by whitespace): cut
    apart as rows of their own, the title is a heading without the sentence."""
    name = "pdfplumber/pdfs/issue-67-example.pdf"
    md = core.read_pages(str(corpus / name), "8", format="markdown", use_structure_tree=False).pages[0].markdown
    blocks = md.split("\n\n")
    assert "公司报告期不存在衍生品投资。" in blocks, md
    assert any(re.match(r"^#{1,6} 七、报告期内接待调研", b) for b in blocks), md


def test_a_row_s_words_count_each_ideograph() -> None:
    from adapters._pdfium_rows import row_words

    assert row_words("x = y") == 3 and row_words("a") == 1
    assert row_words("公司报告期") == 5 and row_words("第二节 公司") == 5 and row_words("Table 表") == 2
    # a note's web address alone on its row is no one-word formula part
    assert row_words("1https://github.com/ispras-texterra/pioner") == 2
    assert row_words("Eq∼πθ(·|q0)[R(f(q))]") == 1 and row_words("argmax") == 1


def test_a_row_ending_with_a_broken_word_does_not_end_its_paragraph(core: Any, tmp_path: Path) -> None:
    """A row ending with a word broken at a hyphen leaves room for the next row's first word
    (set ragged, or a short row): the word goes on there, so the paragraph does too, and the
    word keeps its printed hyphen where it has one (``CoNLL-2003``)."""
    rows = [
        "The shared task of the conference CoNLL-",
        "2003 used numbers in the floating point format of the IEEE-754 standard and gave an exam-",
        "ple of it.",
    ]
    pdf = _pdf(tmp_path / "broken.pdf", lambda c: _rows(c, 72, 700, rows))
    assert _paragraphs(core, pdf) == [
        "The shared task of the conference CoNLL-2003 used numbers in the floating point format of the IEEE-754"
        " standard and gave an example of it."
    ]


def test_a_form_label_and_its_answer_on_one_line_go_on_in_the_answers_size(core: Any, tmp_path: Path) -> None:
    """A form's 9 pt label and its 11 pt answer drawn as one line (the line's font facts are its
    first character's), the answer's last word alone on the row below: the line knows where
    its size changes, and the answer goes on into the word below."""
    label = "Were criminal charges filed in the matter? If yes, against whom and by which office?"
    answer = "The friend of the mother, at the time of his"

    def draw(c: Any) -> None:
        _rows(c, 72, 720, ["The incident was reported to the agency on the day it happened."])
        t = c.beginText(72, 700)
        t.setFont("Helvetica", 9)
        t.textOut(label + " ")
        t.setFont("Helvetica", SIZE)
        t.textOut(answer)
        c.drawText(t)
        _rows(c, 72, 700 - LEADING, ["injuries."])

    pdf = _pdf(tmp_path / "form.pdf", draw)
    lines = _lines(pdf)
    (line,) = [ln for ln in lines if ln.text.startswith("Were")]
    assert line.font_size == 9.0
    assert line.size_runs == ((len(label.replace(" ", "")), 9.0), (len(answer.replace(" ", "")), SIZE))
    assert f"{label} {answer} injuries." in _paragraphs(core, pdf)


def test_a_huge_word_beside_a_small_line_is_no_heading(core: Any, tmp_path: Path) -> None:
    """A cover's 80 pt logo word and its 20 pt office name drawn as one line over a title and
    text: the line is no heading (its size is the office name's)."""

    def draw(c: Any) -> None:
        t = c.beginText(72, 700)
        t.setFont("Helvetica-Bold", 80)
        t.textOut("NASA ")
        t.setFont("Helvetica-Bold", 20)
        t.textOut("Office of Inspector General")
        c.drawText(t)
        t = c.beginText(72, 560)
        t.setFont("Helvetica-Bold", 30)
        t.textLine("Key Challenges of the Campaign")
        c.drawText(t)
        _rows(c, 72, 500, ["The agency continues to analyze mission data from the first flight and must address a"])

    pdf = _pdf(tmp_path / "cover.pdf", draw)
    assert _paragraphs(core, pdf)[:2] == ["**NASA Office of Inspector General**", "# Key Challenges of the Campaign"]


def test_a_row_starting_with_a_word_in_small_capitals_goes_on_its_paragraph(core: Any, tmp_path: Path) -> None:
    """Small capitals drawn as a smaller size of the face: a row starting with such a word
    (``QUIRESSTACK``, the rest of ``RE-`` on the row above) starts at the small size and ends
    at the body's. Word by word the row is one size (a word is the larger of its first and last
    letters'), so it is a row of the paragraph at the body size, and the broken word joins."""
    small = 0.8 * SIZE

    def caps(t: Any, word: str) -> None:
        # small capitals: the first letter at full size, the rest smaller (a word's first
        # letter is a capital in the text; the rest are set in capitals at the small size)
        t.setFont("Times-Roman", SIZE)
        t.textOut(word[0])
        t.setFont("Times-Roman", small)
        t.textOut(word[1:])
        t.setFont("Times-Roman", SIZE)

    def draw(c: Any) -> None:
        rows = [
            ("A function must be annotated as either ", "FORCESSTACK", " or RE-"),
            ("", "QUIRESSTACK", ". These annotations are also required in order to call"),
            ("", "REQUIRESSTACK", " functions, which are presumed to access the call stack."),
        ]
        for i, (before, word, after) in enumerate(rows):
            t = c.beginText(72, 700 - i * LEADING)
            t.setFont("Times-Roman", SIZE)
            t.textOut(before)
            if i == 1:  # the row starts inside the word: its first letter is small too
                t.setFont("Times-Roman", small)
                t.textOut(word)
                t.setFont("Times-Roman", SIZE)
            else:
                caps(t, word)
            t.textOut(after)
            c.drawText(t)

    pdf = _pdf(tmp_path / "smallcaps.pdf", draw)
    assert _paragraphs(core, pdf) == [
        "A function must be annotated as either FORCESSTACK or REQUIRESSTACK. These annotations are also"
        " required in order to call REQUIRESSTACK functions, which are presumed to access the call stack."
    ]


@pytest.mark.corpus
def test_a_space_drawn_at_the_margin_before_a_row_set_in_is_no_part_of_its_box(core: Any, corpus: Path) -> None:
    """A space drawn at the margin before the first row of a paragraph set in under a numbered
    heading (an agenda's `2.` above at that margin): the row's box is its text's, so the
    paragraph is no list item whose marker was lost (a row hanging in from the one above)."""
    name = "pdfplumber/pdfs/cupertino_usd_4-6-16.pdf"
    md = core.read_pages(str(corpus / name), "1", format="markdown").pages[0].markdown
    blocks = md.split("\n\n")
    assert any(b.startswith("The public may address the Board on any agenda item") for b in blocks), md
    assert any(b.startswith("By law, closed sessions are not open to the public.") for b in blocks), md


def test_words_in_capitals_set_a_size_down_go_on_in_the_paragraph(core: Any, tmp_path: Path) -> None:
    """A rule's notice names a section in capitals a size down inside its sentence, the name
    broken over two rows (``identified in the FOR FURTHER INFORMATION`` / ``CONTACT section.
    Any ...``): the words are the text's size, no size change, and the sentence is one
    paragraph. A running head in capitals a size down beside its page number keeps its size
    change: no running text is beside it."""

    def draw(c: Any) -> None:
        _rows(c, 72, 720, ["Submissions should be sent to the person"])
        rows = [
            [("identified in the ", SIZE), ("FOR FURTHER INFORMATION", 8.5)],
            [("CONTACT", 8.5), (" section. Any commentary that", SIZE)],
        ]
        head = c.beginText(300, 760)
        for text, size in (("DIAGNOSTIC TOOLS AND SOFTWARE ", 8.5), ("120.", SIZE)):
            head.setFont("Helvetica", size)
            head.textOut(text)
        c.drawText(head)
        for k, parts in enumerate(rows):
            t = c.beginText(72, 720 - (k + 1) * LEADING)
            for text, size in parts:
                t.setFont("Helvetica", size)
                t.textOut(text)
            c.drawText(t)
        _rows(
            c,
            72,
            720 - 3 * LEADING,
            ["the agency receives will be placed in the", "public docket for this rulemaking."],
        )

    pdf = _pdf(tmp_path / "notice.pdf", draw)
    (line,) = [ln for ln in _lines(pdf) if ln.text.startswith("CONTACT")]
    assert line.font_size == SIZE and not line.size_runs, line
    (head,) = [ln for ln in _lines(pdf) if ln.text.startswith("DIAGNOSTIC")]
    assert head.size_runs == ((26, 8.5), (4, SIZE)), head
    assert (
        "Submissions should be sent to the person identified in the FOR FURTHER INFORMATION CONTACT section. "
        "Any commentary that the agency receives will be placed in the public docket for this rulemaking."
    ) in _paragraphs(core, pdf)
