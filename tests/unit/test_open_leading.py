"""Text set with open leading (double or one-and-a-half spaced): every row is a block of its own
in the layout, and the structure engine makes paragraphs of them again."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import TextLine
from tests.unit.test_structure import BODY, LEFT, LOREM, RIGHT, ln, markdown, page

#: Rows of a paragraph, each but the first starting with a capital (a name, a sentence): only
#: their place tells they go on from the row above.
ROWS = [
    "The above-entitled matter came on for oral argument before the Supreme Court of the",
    "United States at one o'clock, and the counsel for both of the parties appeared in",
    "Washington as the record shows.",
]

#: Double spacing: two lines' height from the top of a row to the top of the next.
STEP = 2.4 * BODY


def spaced(rows: Sequence[str], y: float, *, indent: float = 0.0, step: float = STEP) -> list[TextLine]:
    """A justified paragraph set with open leading: every row runs to the margin but the last."""
    return [
        ln(row, y + k * step, x=LEFT + (indent if k == 0 else 0.0), x1=None if k == len(rows) - 1 else RIGHT)
        for k, row in enumerate(rows)
    ]


def test_rows_of_a_double_spaced_paragraph_are_one_paragraph() -> None:
    lines = spaced(ROWS, 100, indent=20.0) + spaced(ROWS, 100 + 3 * STEP, indent=20.0)
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == [" ".join(ROWS), " ".join(ROWS)]


def test_one_and_a_half_spacing_with_paragraphs_ending_short() -> None:
    step = 1.9 * BODY  # a gap of 0.9 rows: just past the layout's cut
    lines = spaced(ROWS, 100, step=step) + spaced(ROWS, 100 + 3 * step, step=step)
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == [" ".join(ROWS), " ".join(ROWS)]


def test_a_wider_step_between_paragraphs_never_joins_them() -> None:
    first = ["Rows of running text that run on to the right margin of the page here and", *LOREM[:2]]
    lines = spaced(first, 100) + spaced(LOREM, 100 + 2 * STEP + 3.5 * STEP)
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == [" ".join(first), " ".join(LOREM)]


def test_evenly_spaced_rows_that_are_no_running_text_stay_apart() -> None:
    names = ["Casino 24.8 1800", "Intermarché 24.7 2500", "Carrefour 18.9 1642", "Auchan 15.7 1500"]
    lines = [ln(n, 100 + k * STEP, x1=RIGHT) for k, n in enumerate(names)]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == names


def test_paragraphs_set_solid_with_one_gap_between_them_stay_apart() -> None:
    """Text set solid (rows 1.2 em apart) whose paragraphs, each ending full, are parted by one
    same gap: that gap is the space between paragraphs, not open leading."""
    full = [*LOREM[:2], "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat duis aute."]
    lines: list[TextLine] = []
    y = 100.0
    for _ in range(4):
        lines += [ln(row, y + k * 1.2 * BODY, x1=RIGHT) for k, row in enumerate(full)]
        y += 2 * 1.2 * BODY + STEP
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == [" ".join(full)] * 4


def test_chinese_rows_of_one_paragraph_join_without_a_space() -> None:
    rows = [
        "公司董事会、监事会及董事、监事、高级管理人员保证季度报告内容的真",
        "实、准确、完整，不存在虚假记载、误导性陈述或者重大遗漏，并承担个别和",
    ]
    last = "连带的法律责任。"
    lines = [ln(r, 100 + k * STEP, x1=RIGHT) for k, r in enumerate(rows)] + [ln(last, 100 + 2 * STEP)]
    lines += [ln(r, 100 + (3 + k) * STEP, x1=RIGHT) for k, r in enumerate(rows)] + [ln(last, 100 + 5 * STEP)]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == ["".join(rows) + last] * 2


def test_a_closed_sentence_over_running_text_in_its_own_face_is_no_heading() -> None:
    """A page's prose set larger than the document's body (mostly small table text): a sentence
    of one row between paragraphs in its face is a paragraph, not a heading."""
    small = [ln(f"Item {k} value {k * 7} total {k * 11}", 60 + k * 10, size=7.0) for k in range(40)]
    big = 14.0
    prose = [
        "The board and the directors confirm that the contents of this quarterly report are",
        "true, accurate and complete, with no false record or misleading statement in it.",
    ]
    second = [
        ln("All directors attended the meeting that reviewed this report.", 520, size=big),
        ln(prose[0], 545, size=big, x1=RIGHT),
        ln(prose[1], 562, size=big),
    ]
    first = [ln(prose[0], 470, size=big, x1=RIGHT), ln(prose[1], 487, size=big)]
    md = markdown([page(small), page(first + second, index=1)])
    assert not any(line.startswith("#") for line in md[1].splitlines())
    assert "All directors attended the meeting that reviewed this report." in md[1].split("\n\n")
