"""A TableExtractor that returns the tables it was given, as the port's contract says."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from pdfcore.errors import PageOutOfRange, PdfcoreError
from pdfcore.models import Box, DocumentSource, Table
from ports.table_extractor import TableExtractor


class FakeTableExtractor(TableExtractor):
    """Scripted tables per page (0-based), in page space.

    With ``regions``, only tables whose centre lies in one of them are returned (as an engine
    restricted to those regions would find). Cells are normalised the way the contract requires:
    strings, every row as long as the widest (and the header, when there is one). ``fail`` makes every call raise that error.
    """

    name = "fake"

    def __init__(
        self,
        tables: Mapping[int, Sequence[Table]] | None = None,
        *,
        page_count: int = 100,
        fail: PdfcoreError | None = None,
    ) -> None:
        self.tables = {k: tuple(v) for k, v in (tables or {}).items()}
        self.page_count = page_count
        self.fail = fail
        self.calls: list[tuple[int, tuple[Box, ...]]] = []

    def extract_tables(self, source: DocumentSource, page: int, *, regions: tuple[Box, ...] = ()) -> tuple[Table, ...]:
        if not 0 <= page < self.page_count:
            raise PageOutOfRange(f"Page {page + 1} does not exist; the document has {self.page_count} page(s).")
        self.calls.append((page, regions))
        if self.fail is not None:
            raise self.fail
        found = [t for t in self.tables.get(page, ()) if not regions or any(_holds(r, t.bbox) for r in regions)]
        return tuple(_normalised(t) for t in found)


def _holds(region: Box, bbox: Box) -> bool:
    cx, cy = (bbox.x0 + bbox.x1) / 2, (bbox.y0 + bbox.y1) / 2
    return region.x0 <= cx <= region.x1 and region.y0 <= cy <= region.y1


def _normalised(t: Table) -> Table:
    width = max([len(t.header), *(len(r) for r in t.rows)])

    def pad(row: Sequence[str]) -> tuple[str, ...]:
        cells = tuple(" ".join((c or "").split()) for c in row)
        return cells + ("",) * (width - len(cells))

    header = pad(t.header) if t.header else ()
    return attrs.evolve(t, header=header, rows=tuple(pad(r) for r in t.rows))
