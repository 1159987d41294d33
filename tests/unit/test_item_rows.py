"""Rows of a list item: the structure tree's gaps and words broken at a hyphen do not cut it."""

from __future__ import annotations

import attrs

from pdfcore.models import Box, TextLine
from pdfcore.structure.rows import Row
from pdfcore.structure.units import split_units
from tests.unit.test_structure import LEFT, RIGHT, ln, markdown, page

STEP = 12.0
INDENT = LEFT + 22.0


def test_a_row_the_structure_tree_leaves_out_stays_in_its_item() -> None:
    """A reference list whose tree tags some rows as list items and leaves others out (a
    Wikipedia print): the item's rows are one item all the same."""
    lines = [
        ln(
            '190. "WNBA Approves Relocation of Shock" (http://www.wnba.com/news/wnba-approves', 100, role="LI", x1=RIGHT
        ),
        ln(
            "relocation-dallas-fort-worth/) (Press release). Women's National Basketball",
            100 + STEP,
            x=INDENT,
            x1=RIGHT - 40,
        ),
        ln("Association. July 23, 2015. Retrieved November 9, 2015.", 100 + 2 * STEP, x=INDENT, role="LI"),
        ln(
            '191. "Dallas Wings Introduced" (http://www.wnba.com/news/wnbas-dallas-wings-introduced',
            100 + 3 * STEP,
            role="LI",
        ),
    ]
    (md,) = markdown([page(lines)])
    items = md.split("\n")
    assert items[0].startswith("190. ") and items[0].endswith("Retrieved November 9, 2015.")
    assert items[1].startswith("191. ")
    assert len(items) == 2


def test_a_row_starting_with_a_hyphen_glued_to_a_word_goes_on_with_the_row_above() -> None:
    """An address or a word broken after its hyphen (`...hall-of` / `-fame-award/...`) is no bullet
    item: a dash bullet has a space after it."""
    lines = [
        ln("The address given for the award is http://newsok.com/musical-actor-to-be-honored-hall-of", 100, x1=RIGHT),
        ln("-fame-award/article/2447341 on the page of the newspaper.", 100 + STEP),
    ]
    (md,) = markdown([page(lines)])
    assert md == (
        "The address given for the award is http://newsok.com/musical-actor-to-be-honored-hall-of"
        " -fame-award/article/2447341 on the page of the newspaper."
    )
    dashed = [ln("Items to bring:", 100), ln("- a pencil and paper", 100 + STEP), ln("- a ruler", 100 + 2 * STEP)]
    (md,) = markdown([page(dashed)])
    assert md.split("\n") == ["Items to bring:", "", "- a pencil and paper", "- a ruler"]


def test_a_number_wrapped_to_the_start_of_a_row_of_running_text_starts_no_item() -> None:
    """A sentence of running text wrapped before a number or a letter and its period or
    parenthesis ("... described in case" / "3. Table 2 gives ...") goes on in its paragraph;
    an item with a hanging indent, or after a row that closed its sentence, is one."""
    lines = [
        ln("This section describes the result as three different cases and compares them in", 100, x1=RIGHT),
        ln("all the ways the proposed approach was described with in case", 100 + STEP, x1=RIGHT),
        ln("3. Table 2 gives the results of the top five teams of the sub-task with the", 100 + 2 * STEP, x1=RIGHT),
        ln("scores they reached.", 100 + 3 * STEP),
    ]
    (md,) = markdown([page(lines)])
    assert "\n" not in md and "described with in case 3. Table 2 gives" in md
    listed = [
        ln("The target classes for each of the instances of the data set are given here:", 100, x1=RIGHT),
        ln("a) Offensive posts that hold any form of profanity or targeted offence in", 100 + STEP, x1=RIGHT),
        ln("the words of the post.", 100 + 2 * STEP, x=INDENT),
    ]
    (md,) = markdown([page(listed)])
    assert md.split("\n")[-1].removeprefix("- ").startswith("a) Offensive")
    hanging = [
        ln("The target classes for each of the instances of the data set are given in the", 100, x1=RIGHT),
        ln("a) Offensive posts that hold any form of profanity or targeted offence in", 100 + STEP, x1=RIGHT),
        ln("the words of the post.", 100 + 2 * STEP, x=INDENT),
    ]
    (md,) = markdown([page(hanging)])
    assert md.split("\n")[-1].removeprefix("- ").startswith("a) Offensive")


def test_a_bold_label_set_ragged_goes_on_on_its_second_row() -> None:
    """A bold label of running text over two rows, set ragged right a little short of the body's
    margin, whose second row goes on in lower case and ends in regular text ("... in the
    previous" / "five years: (Does not include ...)"), is one unit: the second row's first word
    would not have fit on the first."""
    label = "Summary of all involvement in services as adults by the parents in the previous"
    rows = [
        Row(label, "", Box(LEFT, 100, RIGHT - 3.5, 109), 9.0, True, False, "", 0),
        Row(
            "five years: (Does not include the current incident.)",
            "",
            Box(LEFT, 112, 300, 121),
            9.0,
            False,
            False,
            "",
            0,
        ),
        Row(
            "On April 28, 2015, the agency screened in a report.",
            "",
            Box(LEFT, 124, RIGHT, 135),
            11.0,
            False,
            False,
            "",
            0,
        ),
    ]
    units = split_units(rows)
    assert [len(u.rows) for u in units] == [2, 1]
    assert units[0].text.startswith(label + " five years:")
    # a bold row that ends short (its sentence open) is a unit of its own
    rows[0] = Row("Summary of all involvement in services", "", Box(LEFT, 100, 300, 109), 9.0, True, False, "", 0)
    assert [len(u.rows) for u in split_units(rows)] == [1, 1, 1]


def test_two_rows_set_flush_right_are_no_item_with_a_hanging_indent() -> None:
    """Two rows set flush right, the lower one shorter (a cover's label, "NIST Internal Report"
    over "NIST IR 8425A"), end at one edge: the lower row is set in by the alignment, not by a
    hanging indent, and the label is one paragraph, no list item. A row set in under one that
    runs to the margin and ending short is still a hanging indent, and so is a reference of
    running text whose second row happens to fill the line."""
    label = [
        Row("Internal Report of the Office", "", Box(372.0, 77, 539.5, 97), 20.0, True, False, "", 0),
        Row("Report 8425A", "", Box(425.3, 102, 539.8, 122), 20.0, True, False, "", 0),
    ]
    units = split_units(label)
    assert [len(u.rows) for u in units] == [2]
    assert not units[0].hanging
    (md,) = markdown(
        [page([ln("Department of Commerce", 100, x=428.3, x1=539.6), ln("Gina Raimondo, Secretary", 111, x=433.8)])]
    )
    assert md == "Department of Commerce Gina Raimondo, Secretary"
    item = [
        Row("Partner divide region basis and more words", "", Box(90, 100, RIGHT, 110), 10.0, False, False, "", 0),
        Row("person leader system.", "", Box(100, 112, 200, 122), 10.0, False, False, "", 0),
    ]
    assert split_units(item)[0].hanging
    reference = [
        Row(
            "Pablo Duboue and Jennifer Chu. Answering the question you wish they",
            "",
            Box(108, 281, 503.8, 291),
            10.0,
            False,
            False,
            "",
            0,
        ),
        Row(
            "had asked. In Proceedings of HLT-NAACL, pp. 33-36, 2006.",
            "",
            Box(118, 292, 505.0, 302),
            10.0,
            False,
            False,
            "",
            0,
        ),
    ]
    assert split_units(reference)[0].hanging


def test_notes_hanging_from_their_superscript_marks_are_no_list_items() -> None:
    """Notes lettered by a mark set smaller before their first word (``a`` in superscript, then
    ``There is ...``), their wrapped rows set in under the words: the rows hang from the mark,
    which the text keeps, so the notes are paragraphs, not list items whose bullet the text
    layer lost; nor does a note carry on the sentence of the paragraph above. A small mark that
    repeats (a bullet drawn in a symbol font, read as ``h``) and a lone letter at the words'
    size (``o``) still open list items."""

    def note(mark: str, first: str, rest: str, y: float, mark_size: float) -> list[TextLine]:
        text = f"{mark} {first}"
        runs = ((1, mark_size), (len(text.replace(" ", "")) - 1, 10.0))
        return [
            attrs.evolve(ln(text, y, x=LEFT, x1=RIGHT), size_runs=runs),
            ln(rest, y + STEP, x=LEFT + 6),
        ]

    lines = [
        ln("Nodule surveillance as recommended by the ATA", 60),
        *note(
            "a",
            "There is a potential role for lobectomy with or without frozen section if",
            "FNA is suspicious.",
            100,
            8.0,
        ),
        *note(
            "b", "Use of iodinated contrast is required for optimal cervical imaging using", "CT; no harm.", 130, 8.0
        ),
    ]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n") == [
        "Nodule surveillance as recommended by the ATA",
        "a There is a potential role for lobectomy with or without frozen section if FNA is suspicious.",
        "b Use of iodinated contrast is required for optimal cervical imaging using CT; no harm.",
    ]
    small = [
        *note("h", "Anomalies biochimiques au ionogramme avec une baisse des bicarbonates", "plasmatiques.", 100, 7.0),
        *note("h", "Acidose avec trou anionique normal par une perte renale ou digestive de", "bicarbonate.", 130, 7.0),
    ]
    (md,) = markdown([page(small)])
    assert [r[:12] for r in md.split("\n")] == ["- h Anomalie", "- h Acidose "]
    bullets = [
        *note("o", "Dairy is up eleven percent on a dollar basis for the year to date in", "the period.", 100, 10.0),
        *note("o", "Social chatter is increasingly focused on self-care with a surge in the", "mentions.", 130, 10.0),
    ]
    (md,) = markdown([page(bullets)])
    assert md.split("\n") == [
        "- o Dairy is up eleven percent on a dollar basis for the year to date in the period.",
        "- o Social chatter is increasingly focused on self-care with a surge in the mentions.",
    ]


def test_a_labelled_paragraph_wrapped_left_of_its_label_is_one_item() -> None:
    """Clauses of an agreement: each opens with its label on a first row set in, and wraps to
    the margin, left of the label; a clause's text that wraps before a reference to another
    clause (`subsection (f) or` / `(g) of Rule 164`) goes on. A title over the next paragraph,
    set in the same way, stays apart."""
    body = "the Company agrees that from time to time on the terms and subject to the conditions set"
    lines = [
        ln(
            "(a) At the Market Sales. On the basis of the representations and agreements herein",
            100,
            x=INDENT,
            x1=RIGHT,
        ),
        ln(body, 100 + STEP, x1=RIGHT),
        ln("forth herein it may issue and sell shares by reason of subsection (f) or", 100 + 2 * STEP, x1=RIGHT),
        ln(
            "(g) of Rule 164 under the Securities Act from using in connection with the offering",
            100 + 3 * STEP,
            x1=RIGHT,
        ),
        ln("any free writing prospectus, as agreed.", 100 + 4 * STEP, x1=RIGHT - 200),
        ln(
            "(b) Any certificate signed by any officer of the Company and delivered to the Agent",
            100 + 5 * STEP,
            x=INDENT,
            x1=RIGHT,
        ),
        ln("shall be deemed a representation and warranty by the Company.", 100 + 6 * STEP, x1=RIGHT - 150),
    ]
    (md,) = markdown([page(lines)])
    items = md.split("\n")
    assert len(items) == 2
    assert items[0].startswith("- (a) At the Market Sales.") and items[0].endswith(
        "subsection (f) or (g) of Rule 164 under the Securities Act from using in connection with the offering any free writing prospectus, as agreed."
    )
    assert items[1].startswith("- (b) Any certificate") and items[1].endswith("by the Company.")
    titled = [
        ln("II. Background on Differential Privacy", 100, x=INDENT, x1=RIGHT - 30),
        ln("Differential privacy was originally proposed as a privacy model for the interactive", 100 + STEP, x1=RIGHT),
        ln("setting, to protect the results of queries to a database.", 100 + 2 * STEP, x1=RIGHT - 120),
    ]
    (md,) = markdown([page(titled)])
    assert "Privacy Differential" not in md


def test_a_row_out_left_of_the_block_after_a_one_row_item_starts_a_paragraph() -> None:
    """Items whose bullets the text layer lost (a glyph read as a letter), each one row set in,
    then a sentence back at the page's margin: the last item, the widest row, ends where it
    closes its sentence; the sentence under it is not run into it."""
    items = ["\uff74 scholarships,", "\uff74 prepaid or college savings plans,", "\uff74 personal savings, and"]
    lines = [ln(t, 100 + k * STEP, x=INDENT) for k, t in enumerate(items)]
    lines.append(ln("\uff74 money from work (summer, part-time, etc.).", 100 + 3 * STEP, x=INDENT, x1=INDENT + 180))
    lines.append(ln("If you still need additional money, turn to", 100 + 4 * STEP, x1=LEFT + 150))
    (md,) = markdown([page(lines)])
    paragraphs = md.split("\n\n")
    assert paragraphs[-2] == "\uff74 money from work (summer, part-time, etc.).", md
    assert paragraphs[-1] == "If you still need additional money, turn to", md
    # a paragraph's first row set in (a first-line indent) goes on under it at the margin
    indented = [
        ln("The offices in the north grew faster than the others did.", 100, x=INDENT, x1=RIGHT),
        ln("All the other offices stayed where they were the year before.", 100 + STEP),
    ]
    (md,) = markdown([page(indented)])
    assert "\n" not in md, md


def test_a_row_back_at_the_margin_after_an_item_and_an_indented_row_is_no_part_of_the_item() -> None:
    """A bullet item ends short; a paragraph's first row, set in as far as the item's text, and
    its rows back at the margin left of the bullet follow: the rows at the margin are no part
    of the item (only a label's row, or an item already wrapped left of its label, goes on so)."""
    lines = [
        ln("• If it does not have a compiled trace tree yet, we have to obtain it before", 100, x=LEFT, x1=RIGHT),
        ln("we are able to proceed, and start recording the inner loop.", 100 + STEP, x=LEFT + 12, x1=RIGHT - 150),
        ln(
            "If all the loops in a nest are type-stable, then loop nesting creates",
            100 + 2 * STEP,
            x=LEFT + 12,
            x1=RIGHT,
        ),
        ln(
            "no duplication. Otherwise, if loops are nested to a depth k, and each",
            100 + 3 * STEP,
            x=LEFT - 8,
            x1=RIGHT,
        ),
        ln(
            "loop is entered with m different type maps, we compile copies.", 100 + 4 * STEP, x=LEFT - 8, x1=RIGHT - 160
        ),
    ]
    (md,) = markdown([page(lines)])
    assert "no duplication" not in md.split("\n\n")[0]
