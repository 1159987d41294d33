"""Tables: text-aligned runs that are lists, not tables (see
:mod:`pdfcore.services.table_regions`). A list's markers stand apart from their text, and lists
set side by side in columns line up into rivers: a table reader would find columns there. All
geometry is page space (points, top-left origin)."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.geometry import intersection
from pdfcore.models import Box, TextLine
from pdfcore.services.text_runs import MIN_ROWS
from pdfcore.structure.markers import MARKER

#: Blanks this many font sizes or less right of a run's left edge part its markers from their text.
MARKER_BLANK = 2.5


def bulleted(run: Box, lines: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """A text-aligned run that is a list: every line in it opens with a marker (``-``, ``•``,
    ``3.``) followed by words, and every blank in it lies right after the markers (the text set
    apart from them is the only column the search saw). A table reader would find a list's
    two columns there, which is no table."""
    inside = [ln for ln in lines if intersection(ln.bbox, run) is not None]
    if len(inside) < 2:
        return False
    size = max(ln.font_size for ln in inside) or max(ln.bbox.height for ln in inside)
    if not all(_marker_words(ln) for ln in inside):
        return False
    left = min(ln.bbox.x0 for ln in inside)
    return all(g.x0 <= left + MARKER_BLANK * size for g in gaps if intersection(g, run) is not None)


def under_items(run: Box, lines: Sequence[TextLine], gaps: Sequence[Box]) -> Box:
    """A text-aligned run whose first lines are items of a list leading into a table ("– the
    name of the crop and the variety;" over its header), each alone on its row, opening with a
    marker and its only blanks right after the marker (its text lines up as a column of its
    own), starts under them: the table's rows do (MIN_ROWS of them left at least), the first
    holding cells (lines side by side, two blanks, or one further in: lines each with one
    blank, right after its first word, are items too, their marks read as letters: a list's
    "o" bullets under a "•" item)."""
    inside = sorted((ln for ln in lines if intersection(ln.bbox, run) is not None), key=lambda ln: ln.bbox.y0)
    k = 0
    while k < len(inside) - MIN_ROWS and _lone_item(inside[k], inside, gaps):
        k += 1
    if k == 0:
        return run
    first = inside[k].bbox
    band = [ln for ln in inside if ln.bbox.y0 < first.y1 and ln.bbox.y1 > first.y0]
    blanks = [g for g in gaps if intersection(g, first) is not None]
    if len(band) < 2 and len(blanks) < 2 and not any(g.x0 > _marker_reach(inside[k]) for g in blanks):
        return run
    return Box(run.x0, inside[k].bbox.y0, run.x1, run.y1)


def over_items(run: Box, lines: Sequence[TextLine], gaps: Sequence[Box]) -> Box:
    """A text-aligned run whose last lines are items of a list after the table (``(a) the glass
    of all windows and glazed doors;``), two or more, each alone on its row, opening with a
    marker and its only blanks right after the marker, maybe under a line leading into them
    (alone on its row, no blank in it, ending with a colon: ``Regular window cleaning
    includes:``), ends over them: the table's rows do (MIN_ROWS of them left at least)."""
    inside = sorted((ln for ln in lines if intersection(ln.bbox, run) is not None), key=lambda ln: ln.bbox.y0)
    k = len(inside)
    while k > MIN_ROWS and _lone_item(inside[k - 1], inside, gaps):
        k -= 1
    if len(inside) - k < 2:
        return run
    lead = inside[k - 1]
    if k > MIN_ROWS and lead.text.rstrip().endswith(":") and _alone(lead, inside, gaps):
        k -= 1
    return Box(run.x0, run.y0, run.x1, max(ln.bbox.y1 for ln in inside[:k]))


def _alone(line: TextLine, inside: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """No other line of ``inside`` beside ``line`` and no blank in it."""
    if _beside_another(line, inside):
        return False
    return not any(intersection(g, line.bbox) is not None for g in gaps)


def _beside_another(line: TextLine, inside: Sequence[TextLine]) -> bool:
    """Another line of ``inside`` stands on ``line``'s row."""
    b = line.bbox
    return any(o is not line and o.bbox.y0 < b.y1 and o.bbox.y1 > b.y0 for o in inside)


def _marker_reach(line: TextLine) -> float:
    """How far in from ``line``'s start a blank after a list's marker ends at most."""
    return line.bbox.x0 + MARKER_BLANK * (line.font_size or line.bbox.height)


def _lone_item(line: TextLine, inside: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """``line`` is a list's item alone on its row: a marker then words, no blank in it but right
    after the marker, no other line of ``inside`` beside it."""
    if not _marker_words(line):
        return False
    if _beside_another(line, inside):
        return False
    return all(g.x0 <= _marker_reach(line) for g in gaps if intersection(g, line.bbox) is not None)


def _marker_words(line: TextLine) -> bool:
    """``line`` opens with a list's marker (``-``, ``•``, ``3.``) followed by words."""
    first, _, rest = line.text.strip().partition(" ")
    return bool(MARKER.match(first)) and any(ch.isalpha() for ch in rest)


#: Lines a run of lists set in columns holds at least (see :func:`listed_columns`).
LISTED_LINES = 6


def listed_columns(run: Box, lines: Sequence[TextLine], marks: Sequence[Box] = ()) -> bool:
    """A text-aligned run that is lists set side by side in columns (a removal firm's inventory,
    room by room in three columns): its lines fall into two columns or more that no line
    crosses, and in every column half of its lines at least are a list's items: opening with a
    marker followed by words, or with a bullet drawn just left of them (``marks``), or wrapped
    under such a line (the rest the lists' headings and notes). A table's columns are not all
    lists: its labels, its figures."""
    inside = sorted((ln for ln in lines if intersection(ln.bbox, run) is not None), key=lambda ln: ln.bbox.x0)
    if len(inside) < LISTED_LINES:
        return False
    columns: list[list[TextLine]] = []
    right = float("-inf")
    for ln in inside:
        if columns and ln.bbox.x0 < right:
            columns[-1].append(ln)
            right = max(right, ln.bbox.x1)
        else:
            columns.append([ln])
            right = ln.bbox.x1
    return len(columns) >= 2 and all(2 * _item_lines(col, marks) >= len(col) for col in columns)


#: A line wrapped under an item starts at most this many font sizes right of the item's first
#: line (past its marker) and this many line heights below the line above it.
WRAP_INDENT = 2.5
WRAP_STEP = 1.8


def _item_lines(column: Sequence[TextLine], marks: Sequence[Box]) -> int:
    """How many of a column's lines belong to a list's items: an item's first line (a marker
    and words, or a bullet drawn just left of it), and the lines wrapped under it."""
    count = 0
    item: TextLine | None = None  # the first line of the item being read
    last: TextLine | None = None  # the line above, when in an item
    for ln in sorted(column, key=lambda ln: ln.bbox.y0):
        b = ln.bbox
        if _marker_words(ln) or _drawn_bullet(ln, marks):
            count += 1
            item = last = ln
            continue
        size = ln.font_size or b.height
        if (
            item is not None
            and last is not None
            and item.bbox.x0 - 1.0 <= b.x0 <= item.bbox.x0 + WRAP_INDENT * size
            and b.y0 - last.bbox.y0 <= WRAP_STEP * size
        ):
            count += 1
            last = ln
            continue
        item = last = None
    return count


def _drawn_bullet(line: TextLine, marks: Sequence[Box]) -> bool:
    """A bullet drawn as art stands just left of ``line`` (within MARKER_BLANK font sizes),
    level with its first row."""
    b = line.bbox
    reach = MARKER_BLANK * (line.font_size or b.height)
    return any(b.x0 - reach <= m.x0 and m.x1 <= b.x0 + 0.5 and m.y0 < b.y1 and m.y1 > b.y0 for m in marks)
