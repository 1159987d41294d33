"""A row whose cells wrap onto a second line in several columns at once (an action and its
owner's name, in a list of actions ruled between its columns only): the second line, its label
column empty, is the rest of the row above, not a row of its own. Before, only a line holding
one cell's rest was joined, and the row of two pieces read as a sentence cut at a line's end."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table

SIZE = 10.0
ADVANCE = 5.0
STEP = 14.0
#: The rulings between the columns and across the header's top and foot and the table's foot.
WALLS = (-4.0, 24.0, 252.0, 392.0, 440.0)


def _text(x: float, y: float, text: str) -> list[Glyph]:
    return [Glyph(x + k * ADVANCE, y, x + (k + 1) * ADVANCE, y + SIZE, ch, SIZE) for k, ch in enumerate(text)]


def _table(rows: list[tuple[str, str, str, str]]) -> list[Glyph]:
    xs = (0.0, 30.0, 260.0, 400.0)
    return [g for k, row in enumerate(rows) for x, t in zip(xs, row, strict=True) if t for g in _text(x, k * STEP, t)]


def _rules(bottom: float) -> list[Rule]:
    x0, x1 = WALLS[0], WALLS[-1]
    walls = [Rule(x - 0.25, -3.0, x + 0.25, bottom) for x in WALLS]
    return walls + [Rule(x0, y - 0.25, x1, y + 0.25) for y in (-3.0, STEP - 2.0, bottom)]


ROWS = [
    ("No.", "Action", "Owner", "Due"),
    ("1", "Send fee reminder letters to plot holders", "Oliver Hartmann", "16 Apr"),
    ("2", "Confirm the shed order with the carpenter", "Samuel Adeyemi", "23 Apr"),
    ("3", "Add a watering reminder to the newsletter", "Grace Mbeki", "1 May"),
    ("4", "Recruit volunteers and contact the", "Jun Watanabe and Rosa", "31 May"),
    ("", "primary school for the open day", "Ferreira", ""),
]


def test_a_row_wrapped_in_two_columns_at_once_is_one_row() -> None:
    for rules in ([], _rules(len(ROWS) * STEP)):
        found = read_table(_table(ROWS), rules)
        assert found is not None
        assert found.rows[-1] == [
            "4",
            "Recruit volunteers and contact the primary school for the open day",
            "Jun Watanabe and Rosa Ferreira",
            "31 May",
        ], found.rows
        assert len([r for r in [found.header, *found.rows] if r]) == 5


def test_a_row_of_its_own_without_a_label_stays_a_row() -> None:
    """Under a short cell (its next word would have fit on its line), a line with the label
    column empty is a row of its own: a second film of the same year, say."""
    rows = [*ROWS[:4], ("", "Book the hall", "Samuel Adeyemi", "2 May")]
    found = read_table(_table(rows), [])
    assert found is not None
    assert found.rows[-1] == ["", "Book the hall", "Samuel Adeyemi", "2 May"], found.rows


def _plan(rows: list[tuple[str, str, str]]) -> list[Glyph]:
    xs = (0.0, 90.0, 290.0)
    return [g for k, row in enumerate(rows) for x, t in zip(xs, row, strict=True) if t for g in _text(x, k * 12.0, t)]


#: A LaTeX table of paragraph columns ruled under its header only: every cell of a row wraps,
#: the label's too, and rows are set no further apart than their lines.
PLAN = [
    ("Period", "Main activities", "Milestone"),
    ("April to June", "Appoint coordinator, agree access", "Twenty-four sites"),
    ("2025", "with landowners and volunteers.", "confirmed"),
    ("June to August", "Carry out the first full survey", "Baseline survey"),
    ("2025", "season at every meadow.", "complete"),
    ("April 2026 to", "Repeat the survey with soil", "Second report and"),
    ("March 2027", "sampling at six meadows.", "terms agreed"),
]


def test_a_row_wrapped_in_every_column_label_too_is_one_row() -> None:
    found = read_table(_plan(PLAN), [Rule(-4.0, 10.0, 400.0, 10.5)])
    assert found is not None
    assert found.rows == [
        [
            "April to June 2025",
            "Appoint coordinator, agree access with landowners and volunteers.",
            "Twenty-four sites confirmed",
        ],
        ["June to August 2025", "Carry out the first full survey season at every meadow.", "Baseline survey complete"],
        [
            "April 2026 to March 2027",
            "Repeat the survey with soil sampling at six meadows.",
            "Second report and terms agreed",
        ],
    ], found.rows


def test_rows_of_short_words_and_numbers_stay_rows() -> None:
    """Numbered rows of lower-case words (a list of a model's words by rank): the next number
    under a number, or the first under a one-word heading, starts a row, however little room
    each word leaves; and under a cell ending a sentence, a line starting in lower case starts a
    row."""
    words = [
        ("Rank", "Adjective", "Verb"),
        ("4", "the worst", "asked"),
        ("5", "horrible", "she"),
        ("6", "rude", "told"),
    ]
    found = read_table(_plan(words))
    assert found is not None and [r[0] for r in [found.header, *found.rows] if r] == ["Rank", "4", "5", "6"], found
    ended = [
        PLAN[0],
        ("April to June", "Appoint coordinator and agree.", "Sites"),
        ("Later", "hold training days", "none"),
    ]
    found = read_table(_plan(ended), [Rule(-4.0, 10.0, 400.0, 10.5)])
    assert found is not None and len(found.rows) == 2, found.rows
