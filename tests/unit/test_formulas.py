"""Formulas set in pieces (a fraction's numerator over its denominator, a sum's limits, bars
over and under letters): one row of the Markdown, not a paragraph a piece."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.structure.formulas import join_formula_bands
from pdfcore.structure.rows import DELIMITER_PIECES, Row, joined_row
from tests.unit.test_structure import LEFT, LOREM, RIGHT, markdown, page, para


def piece(text: str, x0: float, y0: float, x1: float, y1: float, size: float = 10.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y1), size)


def display(y: float) -> list[TextLine]:
    """``E[R] ≈ 1/N Σ_{i=1}^{N} R(q_i) (2)`` as TeX sets it: the fraction's two figures and the
    sum's sign and limits pieces of their own around the formula's main line."""
    return [
        piece("E[R(f(q))] ≈", 187.7, y + 9.8, 281.7, y + 20.8),
        piece("1", 289.1, y + 3.9, 292.4, y + 10.5),
        piece("N", 286.6, y + 17.3, 295.0, y + 24.1),
        piece("X", 298.7, y + 7.8, 312.0, y + 21.7),
        piece("N", 302.3, y, 308.5, y + 4.8, 7.0),
        piece("i=1", 299.2, y + 24.4, 311.1, y + 29.1, 7.0),
        piece("R(f(qi)), qi ∼ πθ (2)", 314.6, y + 9.8, RIGHT, y + 19.7),
    ]


def test_a_display_formula_set_in_pieces_is_one_paragraph_with_its_number_last() -> None:
    lines = [*para(LOREM, 100), *display(150), *para(LOREM, 200)]
    (md,) = markdown([page(lines)])
    paragraphs = md.split("\n\n")
    assert paragraphs[1] == "E[R(f(q))] ≈ 1 N N X i=1 R(f(qi)), qi ∼ πθ (2)"
    assert paragraphs[0] == paragraphs[2] == " ".join(LOREM)
    assert len(paragraphs) == 3


def test_bars_over_and_under_letters_are_dropped_and_the_sentence_reads_whole() -> None:
    """``|x1|, |x2|`` drawn as letters with a small bar above and below each: the sentence is
    one paragraph, the bars carry no text."""
    y = 100.0
    lines = [
        piece("the sequence of vectors", LEFT, y + 7, 170.0, y + 13),
        *(
            p
            for k, x in enumerate((175.0, 195.0))
            for p in (
                piece("|", x + 4, y, x + 4.4, y + 5.8, 7.0),
                piece(f"x{k + 1}", x, y + 7, x + 8, y + 12.8),
                piece("|", x + 4, y + 14.6, x + 4.4, y + 20.4, 7.0),
                piece(",", x + 9, y + 10.3, x + 10.4, y + 12.7),
            )
        ),
        piece("become a linearly dependent set.", 215.0, y + 7, 340.0, y + 13),
    ]
    (md,) = markdown([page(lines)])
    assert md == "the sequence of vectors x1, x2, become a linearly dependent set."


def rows_of(*blocks: list[TextLine]) -> list[Row]:
    """One row a line, each list of lines a block."""
    return [joined_row([line], k) for k, lines in enumerate(blocks) for line in lines]


def test_cells_side_by_side_on_one_line_are_never_one_formula() -> None:
    """Pieces standing level on one line (a form's 9 pt label and its 11 pt answer, a table's
    cells) are no formula."""
    rows = rows_of(
        [piece("Name:", LEFT, 100.5, 100, 109.5, 9.0)],
        [piece("Jane Smith", 106, 99.5, 160, 110.5, 11.0)],
    )
    assert join_formula_bands(rows, 10.0) is rows


def test_a_cell_beside_the_two_rows_of_the_cell_next_to_it_is_no_formula() -> None:
    """A cell set in the middle of the height of the two rows of the cell beside it reaches
    into the first of them: a table's row, not a formula's pieces."""
    rows = rows_of(
        [piece("Operating", LEFT, 100, 120, 110), piece("income", LEFT, 112, 110, 122)],
        [piece("12.5", 125, 106, 145, 116)],
    )
    assert join_formula_bands(rows, 10.0) is rows


def test_a_note_in_small_type_under_a_row_of_text_stays_apart() -> None:
    """Small type just under a row of running text is no limit of a sum: a sign or a letter
    carries one, never a row of words."""
    lines = [
        *para(LOREM, 100),
        piece("1 A note", LEFT + 40, 136.5, LEFT + 70, 141.5, 7.0),
    ]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n")[0] == " ".join(LOREM)


def test_pieces_of_big_delimiters_carry_no_text() -> None:
    assert DELIMITER_PIECES.sub("", "\uf8eb\uf8ec\uf8ed λ \uf8f6\uf8f7\uf8f8") == " λ "
    lines = [*para(LOREM, 100), piece("\uf8ee\uf8ef\uf8f0 a b \uf8f9\uf8fa\uf8fb", 200, 160, 300, 170)]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n")[-1] == "a b"


def test_a_heading_beside_a_formula_on_its_line_stays_apart() -> None:
    """A bold run-in title (``Definition 74``) and the text after it with an index: one face a
    band."""
    title = TextLine("Definition 74", Box(LEFT, 100, 140, 110), 10.0, True)
    rows = rows_of(
        [title],
        [piece("Sei S ⊆ R", 146, 100, 190, 110), piece("3", 191, 98, 194, 104, 7.0)],
    )
    assert join_formula_bands(rows, 10.0) is rows


def test_a_number_in_parentheses_inside_a_formula_stays_in_place() -> None:
    """``γ'(0)`` inside the formula is no equation number: only a number right of every piece
    is put last."""
    rows = rows_of(
        [piece("= d n(γ(t))", LEFT, 100, 130, 110)],
        [piece("t=0", 131, 108, 140, 113, 7.0)],
        [piece(", γ'", 142, 100, 152, 110), piece("(0)", 152, 100, 162, 110)],
        [piece("+ hn(s)", 165, 100, 200, 110)],
        [piece("(7)", 500, 100, 512, 110)],
    )
    (row,) = join_formula_bands(rows, 10.0)
    assert row.text == "= d n(γ(t))t=0 , γ' (0) + hn(s) (7)"


def test_a_list_items_formula_under_a_line_of_its_block_starts_the_item() -> None:
    """``b) DV(...) = x/y`` set under the line ending the item before, in one block: the band
    is a block of its own, so the item is not read as a sentence wrapped before ``b)``."""
    rows = rows_of(
        [
            piece("Alle sind paarweise verschieden ⇒ Widerspruch", 160, 100, RIGHT, 110),
            piece("b) DV(z1, z4) = z1 − z2", LEFT, 116, 200, 126),
        ],
        [piece("z1 − z4", 205, 110, 240, 117, 7.0), piece("z3 − z2", 205, 121, 240, 128, 7.0)],
    )
    out = join_formula_bands(rows, 10.0)
    assert [r.text for r in out] == [
        "Alle sind paarweise verschieden ⇒ Widerspruch",
        "b) DV(z1, z4) = z1 − z2 z1 − z4 z3 − z2",
    ]
    assert out[0].block != out[1].block
