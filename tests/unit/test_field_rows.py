"""Rows each opening with a field's label under a report's title (``Principal investigator:
...`` over ``Reporting period: ...``, centred, the first as wide as the block) are fields, one
unit a row; before, they read as one paragraph. A paragraph's row opening with a label under a
row of running text, or an item's rows, go on as before."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para

INVESTIGATOR = "Principal investigator: Dr Ilse Marwick, Department of Soil Science, University of Castlemoor"
PERIOD = "Reporting period: 1 October 2024 to 30 September 2025"


def _md(rows: list[tuple[str, float, float]]) -> str:
    lines = [ln(text, 100 + 14 * k, x=x0, x1=x1) for k, (text, x0, x1) in enumerate(rows)]
    (md,) = markdown([page([*lines, *para(LOREM, 160)])])
    return md


def test_centred_rows_each_opening_with_a_label_are_fields() -> None:
    md = _md([(INVESTIGATOR, 89.0, 506.0), (PERIOD, 173.0, 421.0)])
    assert f"{INVESTIGATOR}\n\n{PERIOD}\n\n" in md


def test_a_wrapped_row_opening_with_a_label_after_running_text_goes_on() -> None:
    """Under a row that opens with no label, a row opening with one goes on (a sentence
    wrapped before "Result: ..." stays one paragraph)."""
    first = "The batch was weighed before drying and again after forty hours in the oven at"
    md = _md([(first, 72.0, 540.0), ("Result: a loss of 4.2 percent by mass.", 72.0, 280.0)])
    assert f"{first} Result: a loss" in md


def test_rows_each_opening_with_a_time_of_day_are_fields() -> None:
    """A day's routine, a time and a colon opening each row ("7.30am: Nursery opens."), two
    rows as long as the block: one unit a row, as rows opening with a word's label are."""
    opens = "7.30am: Nursery opens. Breakfast is served until 8.30am for early arrivals."
    welcome = "9.00am: Welcome time on the carpet, then free play indoors and outdoors."
    snack = "10.15am: Snack of fresh fruit and milk."
    md = _md([(opens, 72.0, 430.0), (welcome, 72.0, 430.0), (snack, 72.0, 260.0)])
    assert f"{opens}\n\n{welcome}\n\n{snack}\n\n" in md, md
