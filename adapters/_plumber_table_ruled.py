"""Ruled tables on a pdfplumber page or crop (:func:`ruled_tables`): pdfplumber's ``lines``
strategy, cells from the drawn rulings. A grid that misses its row rules (cells stacking
several figures) or its column rules (cells whose lines hold wide blanks) is read from its text
instead (:mod:`adapters._plumber_table_unruled`) when that reads fuller; a frame around a
block of text (one cell holding most of it) is not a table.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from adapters._plumber_table_direction import DIRECTIONS, frame_word, turn_grid
from adapters._plumber_table_unruled import WORD_X_TOL, Grid, TablesFound, unruled_table, word_rows

#: Space between characters (points) above which pdfplumber starts a new word when reading
#: cell text (smaller than ``WORD_X_TOL``, to keep the spaces between words).
CELL_X_TOL = 1.5


def ruled_tables(crop: Any, direction: str) -> TablesFound | None:
    """Tables from the rulings inside ``crop``; None when the rulings make no grid (read the
    region from its text then), empty when they frame a text box rather than a table."""
    edges = crop.edges
    if sum(1 for e in edges if e["orientation"] == "v") < 2 or sum(1 for e in edges if e["orientation"] == "h") < 2:
        return None
    out: TablesFound = []
    framed = False
    for t in crop.find_tables({"vertical_strategy": "lines", "horizontal_strategy": "lines"}):
        cells = _cell_texts(crop, t, x_tolerance=CELL_X_TOL, **DIRECTIONS[direction])
        coarse = _coarse(cells)
        if not coarse and _framed_text(cells):
            framed = True
            continue
        if not coarse and (len(cells) < 2 or max((len(r) for r in cells), default=0) < 2):
            continue
        grid = turn_grid(cells, direction)
        if coarse:
            # Rules around the table but not between its rows: read it from the text, when
            # that gives a well-filled table (a chart's frame around stacks of tick labels
            # does not).
            text = unruled_table(crop.crop(t.bbox, strict=False), direction)
            if text and _fill(text[0][1]) >= WELL_FILLED:
                out.extend(text)
            else:
                framed = True
            continue
        if direction == "ltr" and _merged_columns(t.rows, crop):
            # Rules between the rows but not between the columns: read it from the text,
            # unless that reads worse (justified text also leaves wide blanks in cells).
            text = unruled_table(crop.crop(t.bbox, strict=False), direction)
            if text and _fill(text[0][1]) > _fill(grid):
                out.extend(text)
                continue
        out.append((tuple(t.bbox), grid))
    return out if out or framed else None


def _cell_texts(crop: Any, table: Any, **options: Any) -> list[list[str | None]]:
    """``table.extract(**options)``, over the characters whose middle is inside the table only:
    no other can be in one of its cells (pdfplumber's own test), and each row then looks at
    the table's characters instead of every character of the page."""
    from pdfplumber.table import Table as PlumberTable

    x0, top, x1, bottom = table.bbox

    def inside(obj: dict[str, Any]) -> bool:
        if obj["object_type"] != "char":
            return False
        h_mid: float = (obj["x0"] + obj["x1"]) / 2
        v_mid: float = (obj["top"] + obj["bottom"]) / 2
        return bool(x0 <= h_mid < x1 and top <= v_mid < bottom)

    cells: list[list[str | None]] = PlumberTable(crop.filter(inside), table.cells).extract(**options)
    return cells


def _fill(grid: Grid) -> float:
    """Share of filled cells, empty rows and columns left out."""
    rows = [r for r in grid if any(c.strip() for c in r)]
    if not rows:
        return 0.0
    cols = [k for k in range(max(len(r) for r in rows)) if any(k < len(r) and r[k].strip() for r in rows)]
    filled = sum(1 for r in rows for k in cols if k < len(r) and r[k].strip())
    return filled / (len(rows) * len(cols))


def _merged_columns(rows: Sequence[Any], crop: Any) -> bool:
    """Many rows have a cell whose lines hold a wide blank: several columns share a cell
    because the rulings between columns are missing."""
    words = [w for w in crop.extract_words(x_tolerance=WORD_X_TOL) if w["upright"]]
    filled = merged = 0
    for row in rows:
        boxes = [c for c in row.cells if c is not None]
        in_row = False
        for x0, top, x1, bottom in boxes:
            inside = [
                w
                for w in words
                if x0 <= (w["x0"] + w["x1"]) / 2 <= x1 and top <= (w["top"] + w["bottom"]) / 2 <= bottom
            ]
            if inside:
                in_row = True
                if _has_wide_blank(inside):
                    merged += 1
                    break
        filled += in_row
    return filled > 0 and merged >= MERGED_SHARE * filled


def _has_wide_blank(words: list[dict[str, Any]]) -> bool:
    for line in word_rows([frame_word(w, "ltr") for w in words]):
        line.sort(key=lambda w: w[0])
        height = max(w[3] - w[1] for w in line)
        # A bullet or list marker is followed by a wide blank in ordinary text.
        start = 1 if len(line) > 1 and not any(ch.isalnum() for ch in line[0][4]) else 0
        if any(b[0] - a[2] >= WIDE_GAP * height for a, b in itertools.pairwise(line[start:])):
            return True
    return False


#: A blank this many line heights wide inside a cell's line separates two columns ...
WIDE_GAP = 1.5
#: ... and a grid is missing column rules when this share of its rows has one.
MERGED_SHARE = 0.3


def _framed_text(cells: Sequence[Sequence[str | None]]) -> bool:
    """One cell holds most of the text, many lines of it: a framed text box (a listing, a
    note), not a table."""
    sizes = [(len(c), c.count("\n") + 1) for row in cells for c in row if c and c.strip()]
    if not sizes:
        return True
    chars, lines = max(sizes)
    return lines >= FRAMED_LINES and chars >= FRAMED_SHARE * sum(n for n, _ in sizes)


#: A cell with this many lines and this share of the text makes a framed text box.
FRAMED_LINES = 5
FRAMED_SHARE = 0.6


def _coarse(cells: Sequence[Sequence[str | None]]) -> bool:
    """Many cells hold a stack of figures, one per line: the grid is missing its row rules.

    (Cells of wrapped text are fine: ruled tables of prose are read by their rules.)
    """
    filled = [c for row in cells for c in row if c and c.strip()]
    if not filled:
        return False
    stacked = 0
    for c in filled:
        lines = [ln for ln in c.split("\n") if ln.strip()]
        if len(lines) >= COARSE_LINES and sum(1 for ln in lines if any(ch.isdigit() for ch in ln)) >= 0.7 * len(lines):
            stacked += 1
    return stacked >= COARSE_SHARE * len(filled)


#: Share of filled cells a table read from text needs to replace a grid that is too coarse.
WELL_FILLED = 0.6
#: A ruled grid is too coarse when this share of its filled cells stacks this many figures.
COARSE_LINES = 3
COARSE_SHARE = 0.3
