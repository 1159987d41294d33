"""The structured tables of a read are the grids the Markdown places as tables: a chart's labels
the table reader gives as a doubtful grid are no table in either."""

from __future__ import annotations

import attrs

from pdfcore.models import Box, DocumentFacts, PageInfo, Table
from pdfcore.services.tables import TableService
from pdfcore.structure import learn, page_structure
from tests.fakes.fake_tables import FakeTableExtractor
from tests.unit.test_chart_grids import CHART_LABELS
from tests.unit.test_tables import CELLS, GRID_BOX, SOURCE, H, W, ruled_page

#: A chart's labels read as rows and columns (see test_chart_grids), lower on the page.
CHART = attrs.evolve(CHART_LABELS, bbox=Box(100, 450, 400, 600))
TABLE = Table(header=tuple(CELLS[0]), rows=tuple(tuple(r) for r in CELLS[1:]), bbox=GRID_BOX)


def test_a_charts_labels_are_no_structured_table() -> None:
    """Before, the grid was left out of the Markdown but still listed among the page's tables."""
    fake = FakeTableExtractor({0: (TABLE, CHART)})
    got = TableService(fake).read(SOURCE, ruled_page(), (Box(0, 0, W, H),), W, H)
    assert [t.rows[0][0] for t in got.tables] == ["Apples"]


def test_the_structured_tables_are_those_the_markdown_places() -> None:
    p = attrs.evolve(ruled_page(), tables=(TABLE, CHART))
    facts = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=W, height=H),))
    structure = page_structure(p, facts, learn([p], facts))
    placed = [e for e in structure.elements if e.kind == "table"]
    fake = FakeTableExtractor({0: (TABLE, CHART)})
    got = TableService(fake).read(SOURCE, ruled_page(), (Box(0, 0, W, H),), W, H)
    assert len(placed) == len(got.tables) == 1
