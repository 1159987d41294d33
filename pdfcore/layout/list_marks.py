"""List markers drawn apart from their items: put back at the start of the item they mark.

Some producers (HTML and CSS typesetters: browsers' print to PDF, WeasyPrint) draw a list's
markers after the page's text, each a text of its own: the extractor then gives the page's
bullets and numbers as lines at its end (``•``, ``•``, ``1.``, ``2.``), far from the items
they stand beside. Read in that order, the items lose their markers (a list read as a
paragraph) and the markers come out in a heap under the page's text.

:func:`markers_in_place` finds each line that is a marker alone (a bullet, or a number, letter
or roman numeral closed by a period or parenthesis) and that the extractor did not give right
before the line it marks: the line on its row that starts right of it, at most MARKER_GAP of
the marker's height away. The marker is joined to the front of that line, as the extractor
gives a marker drawn with its item (``• violists and double bass players``). A marker with no
such line (a table's number column, read row by row: its text comes right after it) stays as
and where it is. A pictograph (``✂``, ``★``) is a marker when set again at its left edge, with
no text right before it on its row, and is read as a bullet (``•``). A marker set again at its
left edge is measured by its size, not by its box (a ring drawn within the x-height, ``◦``).
"""

from __future__ import annotations

import collections
import itertools
import re
from collections.abc import Sequence

from attrs import evolve

from pdfcore.geometry import union
from pdfcore.models import Box, TextLine
from pdfcore.structure.markers import MARKER, PICTOGRAPHS

#: The item starts at most this many of the marker's heights right of its end (a bullet's
#: indent: one em or two) ...
MARKER_GAP = 2.5
#: (A marker set again at its left edge has its height taken as this share of its size at least.)
INK_SHARE = 0.5
#: ... or overlaps it by this many of its heights at most (a number set flush right against
#: its item, its box reaching into the item's).
MARKER_OVERLAP = 0.3
#: The marker and its item share this share of the lower one's height at least (one row).
SAME_ROW = 0.5
#: The bullet a pictograph marking an item is read as.
PICTOGRAPH_BULLET = "•"
#: A marker is a line this long at most ("iv.", "(12)").
MARKER_CHARS = 6


def markers_in_place(lines: Sequence[TextLine]) -> Sequence[TextLine]:
    """``lines`` with each marker drawn apart from its item joined to the front of the item's
    line (see the module's docs); ``lines`` itself when there is none (nearly every page)."""
    marks = [
        i
        for i, ln in enumerate(lines)
        if len(ln.text) <= MARKER_CHARS
        and ln.bbox.y1 > ln.bbox.y0
        and (MARKER.match(ln.text.strip()) or (ln.text.strip() in PICTOGRAPHS and not _text_before(lines, i)))
    ]
    # a marker set again at its left edge (a list's items, two or more): measured by its size; a
    # pictograph is a marker only so (alone, or after text on its row, it is a formula's sign)
    keys = {i: (lines[i].text.strip(), round(lines[i].bbox.x0)) for i in marks}
    column = collections.Counter(keys.values())
    listed = {i for i in marks if column[keys[i]] > 1}
    marks = [i for i in marks if i in listed or lines[i].text.strip() not in PICTOGRAPHS]
    counted = _counted(lines)
    marks += counted
    if not marks:
        return lines
    lone = set(marks)
    joined: dict[int, int] = {}  # the item's line -> its marker's
    for i in marks:
        j = _item_of(lines, i, lone, by_size=i in listed)
        # (a number counting items is no list's marker read alone: joined wherever it is read)
        if j is not None and (j != i + 1 or i in counted) and j not in joined:
            joined[j] = i
    if not joined:
        return lines
    moved = set(joined.values())
    out: list[TextLine] = []
    for k, line in enumerate(lines):
        if k in moved:
            continue
        out.append(_joined(lines[joined[k]], line) if k in joined else line)
    return out


#: Numbers alone without a stop are markers when they count an item each (see :func:`_counted`):
#: this many of them at least ...
COUNTED = 3
#: ... one above the other with left edges this close (points) ...
COUNT_EDGE = 2.0
#: ... counting up by one, or by two where the extractor gave an item's number with its text.
COUNT_STEP = 2
_BARE_NUMBER = re.compile(r"\d{1,2}")


def _counted(lines: Sequence[TextLine]) -> list[int]:
    """Lines that are a number alone without a stop (``1``, ``2`` ...) and count a list's items:
    COUNTED of them at least, one above the other at one left edge, counting up down the page
    from 1 or 2 (COUNT_STEP), each beside the line of its item (a big number hung left of each
    item, drawn after the items' text); or, the list going on from column to column, all of the
    page's such numbers, column by column from the left, counting up so."""
    bare = [i for i, ln in enumerate(lines) if _BARE_NUMBER.fullmatch(ln.text.strip()) and ln.bbox.y1 > ln.bbox.y0]
    if len(bare) < COUNTED:
        return []
    bare.sort(key=lambda i: (lines[i].bbox.x0, lines[i].bbox.y0))
    groups: list[list[int]] = []
    for i in bare:
        if groups and abs(lines[i].bbox.x0 - lines[groups[-1][0]].bbox.x0) <= COUNT_EDGE:
            groups[-1].append(i)
        else:
            groups.append([i])
    for group in groups:
        group.sort(key=lambda k: lines[k].bbox.y0)
    given = _given_numbers(lines, [lines[g[0]].bbox.x0 for g in groups])
    whole = [i for group in groups for i in group]
    if len(groups) > 1 and _counts(lines, whole, given):
        return whole
    return [i for group in groups if len(group) >= COUNTED and _counts(lines, group, given) for i in group]


#: A line opening with a number, then a word with a capital: an item the extractor gave with
#: its number.
_NUMBERED_LINE = re.compile(r"(\d{1,2}) [A-Z]")


def _given_numbers(lines: Sequence[TextLine], edges: Sequence[float]) -> set[int]:
    """The numbers of items the extractor gave with their text (``3 Go through the gate``),
    their lines starting at one of the bare numbers' left edges (``edges``): the list's numbers
    none of the bare ones stands for."""
    out: set[int] = set()
    for ln in lines:
        m = _NUMBERED_LINE.match(ln.text)
        if m and any(abs(ln.bbox.x0 - x) <= COUNT_EDGE for x in edges):
            out.add(int(m.group(1)))
    return out


def _counts(lines: Sequence[TextLine], numbers: list[int], given: set[int] | frozenset[int] = frozenset()) -> bool:
    """The numbers (line indexes, in reading order) count up from 1 or 2 by COUNT_STEP at most
    (numbers ``given`` with their items' text filling the steps between them),
    each beside its item's line and set no smaller than it unless set level with it or lower (a
    note's number set small and raised opens a note of its own, not a list's item; a small
    figure in a drawn circle, centred on the item's first rows, marks it)."""
    values = [int(lines[k].text) for k in numbers]

    def missing(a: int, b: int) -> int:
        return sum(1 for v in range(a + 1, b) if v not in given)

    if missing(0, values[0]) >= COUNT_STEP or not all(
        b > a and missing(a, b) < COUNT_STEP for a, b in itertools.pairwise(values)
    ):
        return False
    lone = set(numbers)
    for k in numbers:
        item = _item_of(lines, k, lone)
        if item is None or (lines[k].font_size < lines[item].font_size and _raised(lines[k].bbox, lines[item].bbox)):
            return False
    return True


#: A mark's middle this share of its item line's height above the line's middle is raised.
RAISED = 0.1


def _raised(mark: Box, line: Box) -> bool:
    """``mark`` is set above the middle of ``line`` (a superscript)."""
    return (mark.y0 + mark.y1) / 2 < (line.y0 + line.y1) / 2 - RAISED * (line.y1 - line.y0)


def _item_of(lines: Sequence[TextLine], i: int, lone: set[int], *, by_size: bool = False) -> int | None:
    """The line the marker ``lines[i]`` marks: on its row, starting right of it (MARKER_GAP,
    MARKER_OVERLAP), the nearest; not another marker. ``by_size``: its height taken as INK_SHARE
    of its size at least (a ring or a dot drawn within the x-height has a box that small)."""
    m = lines[i].bbox
    h = m.y1 - m.y0
    reach = MARKER_GAP * (max(h, INK_SHARE * lines[i].font_size) if by_size else h)
    best: tuple[float, int] | None = None
    for j, line in enumerate(lines):
        if j in lone:
            continue
        b = line.bbox
        gap = b.x0 - m.x1
        if gap < -MARKER_OVERLAP * h or gap > reach or b.x1 <= m.x1:
            continue
        if _shared(m, b) < SAME_ROW * min(h, b.y1 - b.y0):
            continue
        if best is None or gap < best[0]:
            best = (gap, j)
    return best[1] if best is not None else None


def _text_before(lines: Sequence[TextLine], i: int) -> bool:
    """A line on the row of ``lines[i]`` ends left of it, MARKER_GAP of its size away at most."""
    m = lines[i].bbox
    reach = MARKER_GAP * max(m.y1 - m.y0, INK_SHARE * lines[i].font_size)
    return any(
        j != i and 0 <= m.x0 - ln.bbox.x1 + MARKER_OVERLAP <= reach and _shared(m, ln.bbox) > 0
        for j, ln in enumerate(lines)
    )


def _shared(a: Box, b: Box) -> float:
    return min(a.y1, b.y1) - max(a.y0, b.y0)


def _joined(marker: TextLine, line: TextLine) -> TextLine:
    """The item's line with its marker in front: the marker's text, a space, the item's text;
    the box of both; the item's font facts (a size run's characters counted from the marker's)."""
    mark = marker.text.strip()
    if mark in PICTOGRAPHS:
        mark = PICTOGRAPH_BULLET  # (read as a list's bullet, as a drawn one is)
    runs = line.size_runs
    if runs:
        runs = ((runs[0][0] + len(mark), runs[0][1]), *runs[1:])
    return evolve(
        line,
        text=f"{mark} {line.text}",
        bbox=union((marker.bbox, line.bbox)),
        size_runs=runs,
    )
