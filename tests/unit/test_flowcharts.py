"""A flowchart's boxes read as a grid are no table; a ruled table, whether its rulings are shared
by neighbouring cells or drawn cell by cell edge to edge, stays one."""

from __future__ import annotations

import itertools

from pdfcore.models import Box, Table
from pdfcore.structure.flowcharts import flowchart_table, frames
from tests.unit.test_tables import grid

#: The flowchart's row of boxes (x0, x1), 20 pt high, an arrow of 16 pt between each two.
BOXES = ((60.0, 100.0), (116.0, 180.0), (196.0, 300.0), (316.0, 440.0), (456.0, 530.0))
TOP, BOTTOM = 268.0, 290.0
LABELS = Table(
    header=(),
    rows=(("Taxes", "State budget", "Ministry", "Providers", "Schools"), ("", "", "", "federations", "and training")),
    bbox=Box(66.0, 272.0, 524.0, 300.0),
    low_confidence=True,
)


def _frame(x0: float, y0: float, x1: float, y1: float) -> list[Box]:
    return [Box(x0, y0, x1, y0), Box(x0, y1, x1, y1), Box(x0, y0, x0, y1), Box(x1, y0, x1, y1)]


def _flowchart() -> list[Box]:
    rules = [r for x0, x1 in BOXES for r in _frame(x0, TOP, x1, BOTTOM + 12.0)]
    arrows = [Box(a[1], TOP + 10.0, b[0], TOP + 10.0) for a, b in itertools.pairwise(BOXES)]
    return rules + arrows


def test_boxes_apart_with_arrows_between_are_a_flowchart() -> None:
    """Before, the grid was listed and placed as a table of the boxes' labels."""
    assert len(frames(_flowchart())) == len(BOXES)
    assert flowchart_table(LABELS, _flowchart())


def test_a_ruled_table_is_no_flowchart() -> None:
    # rulings shared by neighbouring cells: a grid
    ruled = list(grid(60, 268, 5, 2, cw=94.0, rh=17.0))
    assert not flowchart_table(LABELS, ruled)
    # cells drawn one rectangle each, edge to edge: no two frames apart
    cells = [
        r
        for c in range(5)
        for row in range(2)
        for r in _frame(60 + 94 * c, 268 + 17 * row, 154 + 94 * c, 285 + 17 * row)
    ]
    assert not flowchart_table(LABELS, cells)
    # a grid whose rulings frame a few cells apart from one another, its other rulings besides
    few = _frame(60, 268, 100, 285) + _frame(300, 268, 340, 285) + _frame(480, 286, 524, 302)
    assert not flowchart_table(LABELS, [*few, *grid(60, 268, 5, 2, cw=94.0, rh=17.0)])


def test_two_boxes_are_too_few() -> None:
    rules = [r for x0, x1 in BOXES[:2] for r in _frame(x0, TOP, x1, BOTTOM)]
    assert not flowchart_table(LABELS, rules)


def test_the_table_service_lists_no_flowchart() -> None:
    from pdfcore.services.tables import TableService
    from tests.fakes.fake_tables import FakeTableExtractor
    from tests.unit.test_tables import SOURCE, H, W, line, page

    labels = [line(text, x0 + 4, 274, x1 - 4) for (x0, x1), text in zip(BOXES, LABELS.rows[0], strict=True)]
    p = page(labels, rules=tuple(_flowchart()))
    got = TableService(FakeTableExtractor({0: (LABELS,)})).read(SOURCE, p, (Box(0, 0, W, H),), W, H)
    assert got.tables == ()


def test_rows_shaded_across_a_table_are_no_flowchart() -> None:
    """A programme's header and its breaks set on shaded rows across the table (each shading's
    edges a frame, the rows between them plain): no flowchart's boxes. Before, the table was
    dropped as a flowchart's labels."""
    programme = Table(
        header=("Time", "Session", "Room"),
        rows=(("09:00", "Keynote", "Hall"), ("10:00", "Coffee break", ""), ("10:30", "Talks", "Hall")),
        bbox=Box(62.0, 100.0, 533.0, 390.0),
    )
    bands = [r for top in (100.0, 150.0, 235.0, 320.0, 373.0) for r in _frame(62.0, top, 533.0, top + 20.0)]
    assert len(frames(bands)) == 5
    assert not flowchart_table(programme, bands)
