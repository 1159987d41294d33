"""One table from text alignment inside a pdfplumber crop (:func:`unruled_table`), for a ruled
grid that misses some of its rulings: words are grouped into visual rows (:func:`word_rows`);
column separators are the x-ranges left blank by (nearly) every row; each word goes to the
column holding its centre, so a heading spanning several columns stays whole.
"""

from __future__ import annotations

from typing import Any

from adapters._plumber_table_direction import DIRECTIONS, FramedWord, frame_word
from pdfcore.geometry import thin_stretches

#: Space between characters (points) above which pdfplumber starts a new word.
WORD_X_TOL = 2.0
#: A column separator must be at least this wide (points) ...
MIN_SEPARATOR = 2.5
#: ... and may be crossed by this share of the rows (headers spanning several columns).
SPAN_SHARE = 0.15

#: A table's cells, row by row.
Grid = list[list[str]]
#: Tables found: (box, cells) each.
TablesFound = list[tuple[tuple[float, float, float, float], Grid]]


def unruled_table(crop: Any, direction: str) -> TablesFound:
    """One table from text alignment inside ``crop``, or nothing."""
    upright = direction in ("ltr", "rtl")
    raw = [
        w
        for w in crop.extract_words(x_tolerance=WORD_X_TOL, extra_attrs=["upright"], **DIRECTIONS[direction])
        if bool(w["upright"]) == upright and w["text"].strip()
    ]
    if len(raw) < 4:
        return []
    words = [frame_word(w, direction) for w in raw]
    rows = word_rows(words)
    if len(rows) < 2:
        return []
    columns = _columns(rows)
    if len(columns) < 2:
        return []
    cells: Grid = []
    for row in rows:
        texts: list[list[str]] = [[] for _ in columns]
        for w in sorted(row, key=lambda w: w[0]):
            centre = (w[0] + w[2]) / 2
            k = next((i for i, z in enumerate(columns) if centre <= z), len(columns) - 1)
            texts[k].append(w[4])
        cells.append([" ".join(t) for t in texts])
    bbox = (
        min(w["x0"] for w in raw),
        min(w["top"] for w in raw),
        max(w["x1"] for w in raw),
        max(w["bottom"] for w in raw),
    )
    return [(bbox, cells)]


def word_rows(words: list[FramedWord]) -> list[list[FramedWord]]:
    """Words grouped into visual rows (vertical overlap of at least half a word height)."""
    rows: list[list[FramedWord]] = []
    top = bottom = 0.0
    for w in sorted(words, key=lambda w: (w[1] + w[3]) / 2):
        h = w[3] - w[1]
        if rows and min(bottom, w[3]) - max(top, w[1]) >= 0.5 * min(h, bottom - top):
            rows[-1].append(w)
            top, bottom = min(top, w[1]), max(bottom, w[3])
        else:
            rows.append([w])
            top, bottom = w[1], w[3]
    return rows


def _columns(rows: list[list[FramedWord]]) -> list[float]:
    """Right edges of the columns: split where (nearly) every row leaves the same x-range blank."""
    allowed = int(SPAN_SHARE * len(rows)) if len(rows) >= 5 else 0
    spans: list[tuple[float, float]] = []
    for row in rows:
        merged: list[list[float]] = []
        for a, z in sorted((w[0], w[2]) for w in row):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], z)
            else:
                merged.append([a, z])
        spans.extend((a, z) for a, z in merged)
    left, right = min(a for a, _ in spans), max(z for _, z in spans)
    cuts = [
        (blank_from + x) / 2
        for blank_from, x in thin_stretches(spans, allowed)
        if x - blank_from >= MIN_SEPARATOR and left < blank_from and x < right
    ]
    return [*cuts, right]
