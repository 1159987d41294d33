"""A page's footnotes one by one, in their numbering order: notes set one under the other with
no short last row between them are cut at each note's own mark, and notes drawn from the bottom
up (3, 2, 1) are read 1, 2, 3; notes printed in another order, and the body, keep theirs."""

from __future__ import annotations

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.structure import PageStructure, learn, page_structure
from pdfcore.structure.notes import mark_number, note_mark
from pdfcore.structure.rows import Row

BODY = 11.0
NOTE = 10.0
#: A note's mark set at 6 pt before its 10 pt text: one character, then twelve.
MARKED = ((1, 6.0), (12, NOTE))


def _line(text: str, y: float, size: float = BODY, runs: tuple[tuple[int, float], ...] = ()) -> TextLine:
    return TextLine(text, Box(72, y, 72 + 0.47 * size * len(text), y + 0.8 * size), size, False, False, "", False, runs)


def _body() -> list[TextLine]:
    return [_line(f"Body text of the page, its sentence number {k} runs on here.", 100 + 14 * k) for k in range(8)]


def _build(lines: list[TextLine]) -> PageStructure:
    page = assemble(PageText(index=0, text="", lines=tuple(lines)))
    facts = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=612.0, height=792.0),))
    return page_structure(page, facts, learn([page], facts))


def _notes(drawn: tuple[int, ...], top: dict[int, float]) -> list[TextLine]:
    """Notes ``n 2020 estimate`` in the order ``drawn``, note ``n`` set at ``top[n]``."""
    return [_line(f"{n} 2020 estimate", top[n], NOTE, MARKED) for n in drawn]


def test_notes_drawn_from_the_bottom_up_are_read_one_by_one_in_their_order() -> None:
    down = {1: 717.0, 2: 728.5, 3: 740.0}  # 1 on top, as the page shows them
    built = _build([*_body(), *_notes((3, 2, 1), down)])
    assert [(el.kind, el.text) for el in built.footnotes] == [
        ("paragraph", "1 2020 estimate"),
        ("paragraph", "2 2020 estimate"),
        ("paragraph", "3 2020 estimate"),
    ]


def test_notes_drawn_top_down_are_cut_and_keep_their_order() -> None:
    down = {1: 717.0, 2: 728.5, 3: 740.0}
    built = _build([*_body(), *_notes((1, 2, 3), down)])
    assert [el.text for el in built.footnotes] == ["1 2020 estimate", "2 2020 estimate", "3 2020 estimate"]
    # printed counting down from the top: read as the page shows them
    up = {3: 717.0, 2: 728.5, 1: 740.0}
    built = _build([*_body(), *_notes((3, 2, 1), up)])
    assert [el.text for el in built.footnotes] == ["3 2020 estimate", "2 2020 estimate", "1 2020 estimate"]


def test_a_note_going_on_a_row_opening_with_a_number_at_its_size_stays_whole() -> None:
    lines = [
        *_body(),
        _line("1 The survey counted the households of", 717.0, NOTE, ((1, 6.0), (31, NOTE))),
        _line("12 states and two territories.", 728.5, NOTE),
    ]
    built = _build(lines)
    assert [el.text for el in built.footnotes] == [
        "1 The survey counted the households of 12 states and two territories."
    ]


def test_body_rows_opening_with_a_small_mark_keep_their_order() -> None:
    # rows at the body size drawn from the bottom up, each opening with a small number: no notes
    top = {1: 314.0, 2: 328.0, 3: 342.0}
    rows = [_line(f"{n} Estimated for the year", top[n], BODY, ((1, 6.0), (20, BODY))) for n in (3, 2, 1)]
    built = _build([*_body()[:3], *rows])
    assert not built.footnotes
    assert [el.text[:1] for el in built.elements[1:]] == ["3", "2", "1"]


def _row(text: str, pieces: tuple[TextLine, ...], size: float = NOTE) -> Row:
    row = Row(text, "", Box(72, 700, 200, 708), size, False, False, "", 0)
    row.pieces = pieces
    return row


def test_a_notes_mark_is_set_small_or_raised_before_more_words() -> None:
    box = Box(72, 700, 200, 708)
    assert note_mark(_row("3 2020 estimate", (TextLine("3 2020 estimate", box, NOTE, size_runs=MARKED),))) == "3"
    # a mark the layout read as a line of its own, joined to its row
    mark = TextLine("a", Box(72, 699, 75, 704), 6.0)
    text = TextLine("There is more", Box(77, 700, 200, 708), NOTE)
    assert note_mark(_row("a There is more", (mark, text))) == "a"
    assert note_mark(_row("² Estimated", (TextLine("² Estimated", box, NOTE),))) == "²"
    # at the size of the words after it, alone, or a word longer than a mark: no note's mark
    assert note_mark(_row("12 states", (TextLine("12 states", box, NOTE),))) == ""
    assert note_mark(_row("3", (TextLine("3", box, 6.0),))) == ""
    assert note_mark(_row("1234 more", (TextLine("1234 more", box, NOTE, size_runs=((4, 6.0), (4, NOTE))),))) == ""
    assert (mark_number("3"), mark_number("²"), mark_number("a")) == (3, 2, None)


def test_notes_whose_numbers_are_set_against_their_first_words_are_cut_counting_on() -> None:
    """Two notes, each number set right against its first word (``1A restricted fund``,
    ``2Unrestricted``) and no size told for it: the second counts on from the first, so each is
    a note. Before, the two read as one paragraph. A row opening with a number against a word
    that does not count on (``3D printing`` after note 1) goes on the note."""
    notes = [
        _line("1A restricted fund can only be used for the purpose set out.", 717.0, NOTE),
        _line("2Unrestricted running costs for the year were twelve thousand.", 728.5, NOTE),
    ]
    built = _build([*_body(), *notes])
    assert [el.text for el in built.footnotes] == [n.text for n in notes], built.footnotes
    going_on = [notes[0], _line("3D printing of the parts is paid for by the fund.", 728.5, NOTE)]
    built = _build([*_body(), *going_on])
    assert len(built.footnotes) == 1, built.footnotes
