"""A header of two levels whose stub's headings stand over both (``Visit`` and ``When``
beside ``Assessments``, over ``Blood test``, ``Questionnaire``, ``Knee X-ray``), both lines bold
over a body that is not: the second line is the header's too. Before, only the bold first line
was the header, and the columns' own headings read as the body's first row."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _text

HEAD = (
    (0, [(0, "Visit"), (120, "When"), (330, "Assessments")], True),
    (18, [(240, "Blood test"), (330, "Questionnaire"), (440, "Knee X-ray")], True),
)
BODY = (
    (36, [(0, "Screening"), (120, "Week 0"), (250, "Yes"), (350, "Yes"), (455, "Yes")], False),
    (54, [(0, "Dose check"), (120, "Week 6"), (250, "Yes"), (350, "No"), (455, "No")], False),
    (72, [(0, "Follow-up"), (120, "Month 15"), (250, "No"), (350, "Yes"), (455, "No")], False),
)


def _glyphs(rows: tuple[tuple[float, list[tuple[float, str]], bool], ...]) -> list[Glyph]:
    return [g for y, cells, bold in rows for x, t in cells for g in _text(x, y, t, bold=bold)]


def _rules() -> list[Rule]:
    return [Rule(-4, y, 520, y + 0.5) for y in (-4, 32, 50, 68, 86)] + [Rule(230, 14, 520, 14.5)]


def test_a_bold_line_of_column_headings_under_a_group_heading_is_the_header() -> None:
    found = read_table(_glyphs((*HEAD, *BODY)), _rules())
    assert found is not None
    assert [r[0] for r in found.rows] == ["Screening", "Dose check", "Follow-up"], found.rows
    assert (1, 2, 1, 1, "Blood test") in found.header_cells, found.header_cells


def test_a_bold_first_row_of_the_body_stays_the_body() -> None:
    """The same second line in the body's face: a row of the body, as before."""
    regular = (HEAD[0], (HEAD[1][0], HEAD[1][1], False), *BODY)
    found = read_table(_glyphs(regular), _rules())
    assert found is not None
    assert len(found.rows) == 4, found.rows
