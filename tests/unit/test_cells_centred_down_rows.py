"""A table whose cells are centred down their rows, some wrapped onto two lines (fpdf2's
middle-aligned tables): the wrapped cells' first lines, the row's one-line cells between them
and the wrapped cells' second lines are one row, whichever columns wrap
(:func:`adapters._table_wraps.join_continuations`). Before, only a label wrapped around a row of
figures was joined so: a row whose wrapped cells were others came out as three rows. Lines set
so among rows filling every column are one row whatever their words (a title wrapped before a
word in capitals: ``Computational`` over ``Methods``)."""

from __future__ import annotations

from adapters._table_rows import Row
from adapters._table_wraps import join_continuations

XS = [(72.0, 260.0), (300.0, 390.0), (420.0, 540.0)]


def _row(y: float, *cells: str) -> Row:
    return Row(
        y0=y,
        y1=y + 9.0,
        cells=[[c] if c else [] for c in cells],
        extent=[(x0, x1) if c else None for (x0, x1), c in zip(XS, cells, strict=True)],
        heights=[(y, y + 9.0) if c else None for c in cells],
        x0=72.0,
        x1=540.0,
    )


def _texts(rows: list[Row]) -> list[list[str]]:
    return [[r.text(k) for k in range(3)] for r in rows]


def test_cells_wrapped_around_a_rows_one_line_cells_join_it() -> None:
    rows = [
        _row(100, "Building access and keys", "Volunteer", "Evenings"),
        # the label and the last cell wrapped, the middle one centred between their lines
        _row(130, "Complaint from a listener, or a", "", "Weekdays 10am to 4pm;"),
        _row(136, "", "Station manager", ""),
        _row(142, "possible breach of the code", "", "otherwise leave a message"),
        # the last cell wrapped, the label and the middle one centred
        _row(172, "", "", "By email, replies within"),
        _row(178, "Rota changes and cover", "Coordinator", ""),
        _row(184, "", "", "two days"),
    ]
    assert _texts(join_continuations(rows, 188.0)) == [
        ["Building access and keys", "Volunteer", "Evenings"],
        [
            "Complaint from a listener, or a possible breach of the code",
            "Station manager",
            "Weekdays 10am to 4pm; otherwise leave a message",
        ],
        ["Rota changes and cover", "Coordinator", "By email, replies within two days"],
    ]


def test_lines_that_do_not_go_on_stay_rows() -> None:
    # the cells over and under the middle line do not carry on (capitals, a stop): three rows
    rows = [
        _row(100, "Alpha", "", "Closed."),
        _row(106, "", "Beta", ""),
        _row(112, "Gamma", "", "Open all day."),
    ]
    assert len(join_continuations(rows, 188.0)) == 3


def test_a_title_wrapped_before_a_capital_among_whole_rows_joins_its_row() -> None:
    rows = [
        _row(100, "Fluid Mechanics", "Great Hall", "2 hours"),
        _row(116.8, "Finite Element Analysis and Computational", "", ""),
        _row(123.0, "", "Computer Suite B", "2 hours"),
        _row(129.2, "Methods", "", ""),
        _row(146.0, "Materials and Manufacturing", "Sports Hall", "2 hours"),
    ]
    assert _texts(join_continuations(rows, 188.0)) == [
        ["Fluid Mechanics", "Great Hall", "2 hours"],
        ["Finite Element Analysis and Computational Methods", "Computer Suite B", "2 hours"],
        ["Materials and Manufacturing", "Sports Hall", "2 hours"],
    ]


def test_a_sentence_ending_over_a_capital_stays_two_rows_among_whole_rows() -> None:
    rows = [
        _row(83, "Delta", "Epsilon", "Open."),
        _row(100, "Alpha", "", "Closed."),
        _row(106, "", "Beta", ""),
        _row(112, "Gamma", "", "Open all day."),
        _row(129, "Zeta", "Eta", "Shut."),
    ]
    assert len(join_continuations(rows, 188.0)) == 5
