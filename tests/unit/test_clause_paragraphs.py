"""A policy's numbered clauses are paragraphs of their own: one after a clause ending "...; and"
starts anew, on the page and across a page break (a number of three levels, ``5.2.3 equipment
...``, opens no run-on); a clause's rows wrapped hung past its number go on in it, a capital
opening the row or not."""

from __future__ import annotations

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.structure import learn, page_structure, render_document, render_page

SIZE = 9.0
RIGHT = 527.0


def _facts(n: int) -> DocumentFacts:
    return DocumentFacts(
        page_count=n,
        metadata=(),
        outline=(),
        pages=tuple(PageInfo(index=i, width=595.0, height=842.0) for i in range(n)),
    )


def _line(text: str, x: float, y: float, x1: float | None = None) -> TextLine:
    return TextLine(text, Box(x, y, x1 if x1 is not None else x + 4.3 * len(text), y + SIZE), SIZE, False, False)


def _opening(y: float) -> list[TextLine]:
    return [
        _line(
            "The Compliance Manager is responsible for the day-to-day running of the policy, and for", 68.0, y, RIGHT
        ),
        _line("keeping the register of records and their retention periods up to date.", 68.0, y + 12.0),
    ]


def test_a_clause_after_one_ending_with_and_is_a_paragraph_of_its_own() -> None:
    lines = [
        *_opening(100.0),
        _line("2.2.1 keeping the register of records up to date and checking it every year;", 100.0, 135.0),
        _line("2.2.2 giving advice and training to staff and volunteers on records management; and", 100.0, 152.0),
        _line("2.2.3 arranging an annual check that records due for disposal have been destroyed.", 100.0, 169.0),
    ]
    page = assemble(PageText(index=0, text="", lines=tuple(lines)))
    md = render_page(page_structure(page, _facts(1), learn([page], _facts(1))))
    assert "management; and\n\n2.2.3 arranging" in md, md


def test_a_deep_clause_atop_the_next_page_opens_no_run_on() -> None:
    first = assemble(
        PageText(
            index=0,
            text="",
            lines=(
                *_opening(100.0),
                _line(
                    "5.2.2 electronic records must be deleted from all systems, including backups when",
                    100.0,
                    135.0,
                    RIGHT,
                ),
                _line("these are next overwritten; and", 136.0, 147.0),
            ),
        )
    )
    second = assemble(
        PageText(
            index=1,
            text="",
            lines=(
                _line(
                    "5.2.3 equipment that has held personal data must be wiped before it is disposed of.", 100.0, 80.0
                ),
                *_opening(100.0),
            ),
        )
    )
    doc = _facts(2)
    style = learn([first, second], doc)
    md = render_document([page_structure(p, doc, style) for p in (first, second)], [None, None])
    assert "overwritten; and\n\n<!-- page 2 -->\n\n5.2.3 equipment" in md, md


def test_a_clause_s_rows_hung_past_its_number_go_on_in_it() -> None:
    lines = [
        *_opening(100.0),
        _line(
            "5.1 At the end of the retention period, records must be destroyed securely, unless the Compliance",
            68.0,
            135.0,
            RIGHT,
        ),
        _line("Manager has agreed that they should be kept for a further period.", 100.0, 147.0),
        _line("5.2 Methods of destruction are set out in the schedule to this policy.", 68.0, 163.0),
    ]
    page = assemble(PageText(index=0, text="", lines=tuple(lines)))
    md = render_page(page_structure(page, _facts(1), learn([page], _facts(1))))
    assert "unless the Compliance Manager has agreed" in md, md
