"""Words pdfium hyphenated at a line end (marked U+FFFE, the two rows joined into one line): each
row is a line of its own, so what the content stream holds next (a running foot, the next
column) is found where it is, and the word is joined again only with its real rest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf

BODY = [
    "This is a paragraph of running text that goes on and",
    "on for a few lines, as the text of a book does, and it",
    "ends with a word broken at the end of the page: a di-",
]


def _book(path: Path, pages: int = 6) -> Path:
    """Pages whose last body line ends with a hyphenated word, followed in the content stream by
    the running foot (a number and a title) at the bottom of the page."""
    out = []
    for n in range(pages):
        p = Page()
        p.lines(72, 700, BODY)
        p.text(72, 40, f"{n + 10} THE RUNNING FOOT", size=9)
        out.append(p)
    return write_pdf(path, out)


def test_the_row_after_a_hyphenated_word_is_a_line_of_its_own(core: Any, tmp_path: Path) -> None:
    pdf = _book(tmp_path / "book.pdf", 1)
    source = core.open(str(pdf))
    page = next(iter(core.services.text.extract(source, [0])))
    texts = [ln.text for ln in page.lines]
    assert texts[2].endswith("a di\ufffe") and texts[3] == "10 THE RUNNING FOOT"
    assert page.lines[3].bbox.y0 > 700  # at the foot of the page (top-left origin), not spanning it


def test_a_running_foot_after_a_hyphenated_word_is_stripped(core: Any, tmp_path: Path) -> None:
    pdf = _book(tmp_path / "book.pdf")
    r = core.read_pages(str(pdf), "1-6")
    for p in r.pages:
        assert "RUNNING FOOT" not in p.text, p.text
        assert p.furniture == (f"{p.page + 9} THE RUNNING FOOT",)
        # the word goes on elsewhere (the next page): its printed hyphen stays
        assert p.text.endswith("of the page: a di-"), p.text


def test_a_hyphenated_word_is_joined_with_the_next_row(core: Any, tmp_path: Path) -> None:
    p = Page().lines(72, 700, ["The rows of a paragraph: an exam-", "ple of it, and the text goes on."])
    pdf = write_pdf(tmp_path / "a.pdf", [p])
    text = core.read_pages(str(pdf), "1").pages[0].text
    assert text == "The rows of a paragraph: an example\nof it, and the text goes on."


def test_a_word_hyphenated_at_a_column_foot_goes_on_at_the_next_column_top(core: Any, tmp_path: Path) -> None:
    """Two columns of prose; the left one's last word is broken and goes on at the top of the
    right one (the next row in the content stream): the columns are read one after the other
    and the word is joined across them."""
    words = [
        "the",
        "quick",
        "brown",
        "fox",
        "jumps",
        "over",
        "the",
        "lazy",
        "dog",
        "while",
        "seven",
        "wise",
        "owls",
        "watch",
    ]

    def row(k: int) -> str:
        return " ".join(words[(k + i) % len(words)] for i in range(6))

    left = [f"L{k} {row(k)}" for k in range(11)] + ["L11 and this column ends with a contin-"]
    right = ["uation R0 " + row(3)] + [f"R{k} {row(k + 5)}" for k in range(1, 12)]
    p = Page()
    p.lines(72, 700, left, size=10, leading=13)
    p.lines(320, 700, right, size=10, leading=13)
    pdf = write_pdf(tmp_path / "cols.pdf", [p])
    text = core.read_pages(str(pdf), "1").pages[0].text
    assert "continuation" in text and "contin-" not in text
    assert text.index("L11") < text.index("continuation") < text.index("R0") < text.index("R1 ")


def test_a_printers_slug_after_a_hyphenated_word_stays_out(core: Any, tmp_path: Path) -> None:
    """A trimmed book page (crop box inside the media box) whose last word is hyphenated, the
    printer's slug (file name, date, sheet number) next in the content stream, in the margin
    the crop box cuts away: the slug is out of the text like any slug, not a row of the page."""
    p = Page(cropbox=(40, 40, 572, 752))
    p.lines(72, 700, BODY)
    p.text(44, 770, "14773_01_1-174_r9jm.qxd 2/10/04 3:51 PM Page 77", size=8)
    pdf = write_pdf(tmp_path / "trimmed.pdf", [p])
    page = core.read_pages(str(pdf), "1").pages[0]
    assert "qxd" not in page.text and page.text.endswith("of the page: a di-"), page.text
    assert "outside_crop_text" in page.warnings
    md = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert "qxd" not in md, md


def test_a_compound_broken_before_a_capital_keeps_its_hyphen(core: Any, tmp_path: Path) -> None:
    """A break between syllables never goes on with a capital: ``Multi-`` / ``Mission`` is a
    compound of two words and keeps its hyphen (text and Markdown); ``exam-`` / ``ple`` and a
    word in capitals throughout (``INTRODUC-`` / ``TION``) are joined as before."""
    p = Page().lines(
        72,
        700,
        ["Cost Estimating and Reporting Practices for Multi-", "Mission Programs and an exam-", "ple of it."],
    )
    p.lines(72, 600, ["THE INTRODUC-", "TION"])
    pdf = write_pdf(tmp_path / "a.pdf", [p])
    text = core.read_pages(str(pdf), "1").pages[0].text
    assert (
        "for Multi-Mission" in text and "MultiMission" not in text and "an example" in text and "INTRODUCTION" in text
    ), text
    md = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert "for Multi-Mission Programs and an example of it." in md and "INTRODUCTION" in md, md


def test_a_name_in_camel_case_broken_at_its_capital_loses_its_hyphen(core: Any, tmp_path: Path) -> None:
    """A name the document prints whole in camel case (``TraceMonkey``), broken at a line end
    before its capital, is that name (text and Markdown), while a compound it never prints
    whole (``Multi-`` / ``Mission``) keeps its hyphen."""
    p = Page().lines(
        72,
        700,
        [
            "We call the resulting tracing virtual machine of this paper Trace-",
            "Monkey. Since TraceMonkey runs in a browser window, the Multi-",
            "Mission programs of it are out of scope.",
        ],
    )
    pdf = write_pdf(tmp_path / "a.pdf", [p])
    text = core.read_pages(str(pdf), "1").pages[0].text
    assert "paper TraceMonkey.\nSince" in text and "Trace-Monkey" not in text, text
    assert "the Multi-Mission\nprograms" in text, text
    md = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert "paper TraceMonkey. Since TraceMonkey runs in a browser window, the Multi-Mission programs" in md, md


def test_a_number_after_a_line_end_hyphen_keeps_it(core: Any, tmp_path: Path) -> None:
    """``CoNLL-`` / ``2003`` and ``IEEE-`` / ``754``: numbers are never hyphenated, so the
    hyphen is the name's own (text and Markdown); ``exam-`` / ``ple`` is joined as before."""
    p = Page().lines(
        72,
        700,
        [
            "The shared task of the language learning conference CoNLL-",
            "2003 used numbers in the floating point format of the IEEE-",
            "754 standard and the data are all given here as an exam-",
            "ple of it.",
        ],
    )
    pdf = write_pdf(tmp_path / "a.pdf", [p])
    text = core.read_pages(str(pdf), "1").pages[0].text
    assert "CoNLL-2003" in text and "IEEE-754" in text and "an example" in text, text
    md = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert "CoNLL-2003" in md and "IEEE-754" in md and "an example" in md, md
