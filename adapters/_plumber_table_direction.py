"""Which way a region's text runs, for reading it with pdfplumber (:func:`reading_direction`),
and the turns between the page and the table's own reading frame (text runs left to right,
lines top down): boxes and words into it and back (:func:`frame_box`, :func:`unframe_box`,
:func:`frame_word`), so a table printed sideways reads as an upright one; a ruled grid turned
as the table reads (:func:`turn_grid`); headings set turned in an upright table read as its
cells (:func:`turned_cells`).
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from typing import Any

from adapters._table_glyphs import Glyph, Rule

# Reading direction of a region's text: "ltr" upright; "ttb" turned clockwise (reads down the
# page, lines stacked right to left); "btt" turned counter-clockwise (reads up the page, lines
# stacked left to right); "rtl" upside down. pdfplumber's text options for each:
DIRECTIONS: dict[str, dict[str, str]] = {
    "ltr": {},
    "ttb": {"char_dir_rotated": "ttb", "line_dir_rotated": "rtl"},
    "btt": {"char_dir_rotated": "btt", "line_dir_rotated": "ltr"},
    "rtl": {"char_dir": "rtl", "line_dir": "btt", "char_dir_render": "ltr", "line_dir_render": "ttb"},
}

# A word: (x0, y0, x1, y1, text) in the reading frame (text runs left to right, lines top down).
FramedWord = tuple[float, float, float, float, str]


def reading_direction(crop: Any) -> str:
    """The way most of ``crop``'s text runs: a key of ``DIRECTIONS``."""
    counts = {"ltr": 0, "ttb": 0, "btt": 0, "rtl": 0}
    for c in crop.chars:
        if not c["text"].strip():
            continue
        if c["upright"]:
            counts["rtl" if c["matrix"][0] < 0 else "ltr"] += 1
        elif c["matrix"][1] < 0:
            counts["ttb"] += 1
        else:
            counts["btt"] += 1
    return max(counts, key=lambda k: counts[k])


def frame_word(w: dict[str, Any], direction: str) -> FramedWord:
    """A pdfplumber word in the reading frame of ``direction``."""
    x0, top, x1, bottom, text = float(w["x0"]), float(w["top"]), float(w["x1"]), float(w["bottom"]), str(w["text"])
    if direction == "ttb":
        return (top, -x1, bottom, -x0, text)
    if direction == "btt":
        return (-bottom, x0, -top, x1, text)
    if direction == "rtl":
        return (-x1, -bottom, -x0, -top, text)
    return (x0, top, x1, bottom, text)


def frame_box(box: Sequence[float], direction: str) -> tuple[float, float, float, float]:
    """A box (x0, top, x1, bottom) in the reading frame of ``direction``."""
    x0, top, x1, bottom = (float(v) for v in box)
    if direction == "ttb":
        return (top, -x1, bottom, -x0)
    if direction == "btt":
        return (-bottom, x0, -top, x1)
    if direction == "rtl":
        return (-x1, -bottom, -x0, -top)
    return (x0, top, x1, bottom)


def unframe_box(box: Sequence[float], direction: str) -> tuple[float, float, float, float]:
    """A box in the reading frame of ``direction`` back in pdfplumber's (x0, top, x1, bottom)."""
    fx0, fy0, fx1, fy1 = (float(v) for v in box)
    if direction == "ttb":
        return (-fy1, fx0, -fy0, fx1)
    if direction == "btt":
        return (fy0, -fx1, fy1, -fx0)
    if direction == "rtl":
        return (-fx1, -fy1, -fx0, -fy0)
    return (fx0, fy0, fx1, fy1)


def turn_grid(cells: Sequence[Sequence[str | None]], direction: str) -> list[list[str]]:
    """The grid as the table reads (pdfplumber lays turned tables out as they sit on the page)."""
    grid = [[c or "" for c in row] for row in cells]
    if direction == "ltr" or not grid:
        return grid
    n_rows, n_cols = len(grid), max(len(r) for r in grid)
    grid = [r + [""] * (n_cols - len(r)) for r in grid]
    if direction == "ttb":  # the table's top is the page's right edge
        return [[grid[j][n_cols - 1 - i] for j in range(n_rows)] for i in range(n_cols)]
    if direction == "btt":  # the table's top is the page's left edge
        return [[grid[n_rows - 1 - j][i] for j in range(n_rows)] for i in range(n_cols)]
    return [list(reversed(row)) for row in reversed(grid)]


#: Turned characters one above the other at most this many ems apart are one cell's text ...
TURNED_GAP = 1.0
#: ... and a gap wider than this many ems between two of them is a space; a turned text needs
#: this many letters or digits to be a cell's.
WORD_SPACE = 0.2
TURNED_MIN_CHARS = 3
#: Turned texts level with each other (itself included) that make a row of turned headings.
TURNED_ROW = 3


def turned_cells(crop: Any, upright: Sequence[Glyph], rules: Sequence[Rule] = ()) -> list[Glyph]:
    """The texts of an upright table's cells set turned (column headings written up or down the
    page, to keep narrow columns narrow), each as one glyph over its box, when they stand in a
    band of their own: three of them level with each other at least (two where each stands
    alone between two of ``rules``, the drawn walls of its cell), and upright text level with
    one of them on one line at most (a heading set at the foot of the band); a turned label
    beside rows of upright cells (a group's name down the side) is left out."""
    chars = [c for c in crop.chars if not c["upright"]]
    if not any(c["text"].strip() for c in chars):
        return []
    down = sum(1 for c in chars if c["matrix"][1] < 0)
    ttb = 2 * down > len(chars)  # turned clockwise: reads down the page
    # The characters of one cell's text share a column (their x-range) and follow each other
    # along it, top down or bottom up.
    chars.sort(key=lambda c: (float(c["x0"]), float(c["top"])))
    columns: list[list[dict[str, Any]]] = []
    for c in chars:
        em = float(c["size"]) or 1.0
        if columns and abs(float(columns[-1][0]["x0"]) - float(c["x0"])) <= 0.3 * em:
            columns[-1].append(c)
        else:
            columns.append([c])
    runs: list[list[dict[str, Any]]] = []
    for column in columns:
        column.sort(key=lambda c: float(c["top"]), reverse=not ttb)
        start = len(runs)
        for c in column:
            em = float(c["size"]) or 1.0
            last = runs[-1][-1] if len(runs) > start else None
            gap = (
                (float(c["top"]) - float(last["bottom"]) if ttb else float(last["top"]) - float(c["bottom"]))
                if last is not None
                else 0.0
            )
            if last is not None and gap <= TURNED_GAP * em:
                runs[-1].append(c)
            else:
                runs.append([c])
    out = []
    for run in runs:
        text = ""
        for prev, c in zip([None, *run], run, strict=False):
            if prev is not None and text and not text.endswith(" "):
                gap = float(c["top"]) - float(prev["bottom"]) if ttb else float(prev["top"]) - float(c["bottom"])
                if gap > WORD_SPACE * (float(c["size"]) or 1.0):
                    text += " "
            text += str(c["text"])
        text = " ".join(text.split())
        if sum(ch.isalnum() for ch in text) < TURNED_MIN_CHARS:
            continue  # a turned mark or symbol (a superscript, a formula's arrow), not a heading
        x0 = min(float(c["x0"]) for c in run)
        x1 = max(float(c["x1"]) for c in run)
        top = min(float(c["top"]) for c in run)
        bottom = max(float(c["bottom"]) for c in run)
        level = sorted(
            ((g.y0 + g.y1) / 2, g.size) for g in upright if g.text.strip() and top < (g.y0 + g.y1) / 2 < bottom
        )
        if any(b[0] - a[0] > 0.5 * max(a[1], b[1]) for a, b in itertools.pairwise(level)):
            continue  # rows of upright text beside it: a label down the side of a table's rows
        out.append(Glyph(x0, top, x1, bottom, text, statistics.median(float(c["size"]) for c in run)))
    # Headings set turned stand in a row: each level with two others at least (a word or two
    # turned on its own, a label down the side, a note in the margin, is not read as a cell).
    walled = [g for g in out if _walled(g, out, rules)]

    def level_with(g: Glyph, among: Sequence[Glyph]) -> int:
        return sum(1 for o in among if min(g.y1, o.y1) - max(g.y0, o.y0) >= 0.5 * min(g.y1 - g.y0, o.y1 - o.y0))

    return [
        g for g in out if level_with(g, out) >= TURNED_ROW or (g in walled and level_with(g, walled) >= TURNED_WALLED)
    ]


#: Turned texts level with each other that make a row of headings when each is walled in its cell.
TURNED_WALLED = 2


def _walled(g: Glyph, texts: Sequence[Glyph], rules: Sequence[Rule]) -> bool:
    """``g`` stands between two vertical rulings that run its whole height, with no other of
    ``texts`` between them: a cell of a ruled grid of its own."""
    walls = [r for r in rules if r.vertical and r.y0 <= g.y0 + 1.0 and r.y1 >= g.y1 - 1.0]
    left = max((r.x1 for r in walls if r.x1 <= g.x0 + 0.5), default=None)
    right = min((r.x0 for r in walls if r.x0 >= g.x1 - 0.5), default=None)
    if left is None or right is None:
        return False
    return not any(o is not g and left <= (o.x0 + o.x1) / 2 <= right for o in texts)
