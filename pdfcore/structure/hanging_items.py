"""Items of a list set with a hanging indent that the rows alone do not tell (a reference list).

:func:`pdfcore.structure.units.split_units` knows an item whose marker is lost by its hanging
indent: a first row that runs on, mid-sentence, to the row below set in from it. Some items of
such a list do not show it: an item of one row has no row below; an item whose first row ends
with a stop or a colon ("... In Proceedings of ACL, pp." over "1415–1425, 2014.") reads as a
paragraph's last row over the first-line indent of the next one (and is cut there); an item of
one row with no room left for the next item's first word runs on into it. Next to the list's
other items they read alike, so they are items too.

Units next to a hanging item (one right above or below it) are read again when their rows all
start at the item's left edge or at the indent its wrapped rows hang at, in its size and face:
the run of such units, consecutive, is cut into items at each row back at the left edge (a row
at the indent goes on with the item above it; with the row above it in another unit only when
that row closes its sentence and wrapped, leaving no room for its first word before its block's
right edge: a row that ended short was ended there; or when that row is an item's first and
leaves its sentence open with room for the word, in a run between two of the list's items: its
line was broken by hand), when

- it starts at the left edge (a row at the indent opens no item);
- each item of one row closes its sentence (a paragraph's rows, set at the list's left edge under
  it, run on mid-sentence), and the run stands between two of the list's items, or under one at
  the foot of the page or of its column (the unit after it starts higher up: the next column, or
  a running head or foot in the margin; a paragraph of one row that leads into a list, or
  follows it, is set at its left edge too);
- each item starts where the list's pitch puts it: the step from the row above (the last row of
  the item before) is the step between two hanging items of the list, within PITCH_SLACK of an
  em (a paragraph after the list, set apart by a wider gap, or a row of an item's text is none).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pdfcore.structure.markers import CLOSING, list_marker
from pdfcore.structure.rows import Row
from pdfcore.structure.unit import Unit
from pdfcore.structure.units import ALIGN_PT, SIZE_STEP

#: An item starts where the list's pitch puts it: its first row's top this many em from where the
#: step between two of the list's hanging items would put it at most.
PITCH_SLACK = 0.3


def hanging_items(units: list[Unit]) -> list[Unit]:
    """The page's units with the items of each hanging list that their rows do not tell made
    items (see the module docstring): ``hanging`` set, rows cut again where items start."""
    if sum(1 for u in units if _wrapped(u)) < 2:
        return units
    cut: dict[int, tuple[int, list[Unit]]] = {}  # the run's first unit: its end and its items
    taken: set[int] = set()
    rights: dict[int, float] = {}  # each block's right edge
    for u in units:
        for r in u.rows:
            rights[r.block] = max(rights.get(r.block, r.x1), r.x1)
    for k, item in enumerate(units):
        if not _wrapped(item):
            continue
        pitch = _pitch(units, item.first.x0, item.rows[1].x0)
        if pitch is None:
            continue  # no two of its list's items follow each other
        for step in (1, -1):  # the units right below the item, then those right above it
            ends = []
            j = k + step
            while 0 <= j < len(units) and j not in taken and _beside(units[j], item):
                ends.append(j)
                j += step
            # the longest run that reads as the list's items (a paragraph may follow the list)
            for m in range(len(ends), 0, -1):
                lo, hi = sorted((ends[0], ends[m - 1]))
                # between two of the list's items, or the last units of the page or of its column
                held = (
                    lo > 0
                    and _same_list(units[lo - 1], item)
                    and (hi + 1 == len(units) or _same_list(units[hi + 1], item) or _column_foot(units, hi))
                )
                items = _cut(list(units[lo : hi + 1]), item, pitch, rights, below=step == 1, held=held)
                if items is not None:
                    cut[lo] = (hi + 1, items)
                    taken.update(range(lo, hi + 1))
                    break
    if not cut:
        return units
    out: list[Unit] = []
    k = 0
    while k < len(units):
        if k in cut:
            end, items = cut[k]
            out.extend(items)
            k = end
        else:
            out.append(units[k])
            k += 1
    return out


def _column_foot(units: Sequence[Unit], k: int) -> bool:
    """``units[k]`` ends its column: the unit after it starts higher up the page (the next
    column, or a running head or foot set in the margin beside the text)."""
    return units[k + 1].first.y0 < units[k].first.y0


def _wrapped(unit: Unit) -> bool:
    """A hanging item that shows its indent: two rows or more."""
    return unit.hanging and len(unit.rows) > 1


def _same_list(unit: Unit, item: Unit) -> bool:
    """``unit`` is a hanging item of ``item``'s list: at its left edge, hanging at its indent."""
    return (
        _wrapped(unit)
        and abs(unit.first.x0 - item.first.x0) <= ALIGN_PT
        and abs(unit.rows[1].x0 - item.rows[1].x0) <= ALIGN_PT
    )


def _beside(unit: Unit, item: Unit) -> bool:
    """``unit`` may be an item of ``item``'s list: no marker of its own, no hanging item, in its
    size, face and tagged role, its rows starting at its left edge or at the indent its wrapped
    rows hang at."""
    if unit.hanging or unit.mono or unit.bold != item.bold or (unit.role and unit.role != item.role):
        return False
    if list_marker(unit.text):
        return False
    if abs(unit.size - item.size) > SIZE_STEP * max(item.size, 1.0):
        return False
    left, indent = item.first.x0, item.rows[1].x0
    return all(abs(r.x0 - left) <= ALIGN_PT or abs(r.x0 - indent) <= ALIGN_PT for r in unit.rows)


def _cut(
    run: list[Unit], item: Unit, pitch: float, rights: dict[int, float], *, below: bool, held: bool
) -> list[Unit] | None:
    """``run`` (right ``below`` ``item``, else right above it; ``held`` between two of its list's
    items, or under one at the foot of the page or its column) cut into items of ``item``'s list (``pitch``: its
    step between items, see :func:`_pitch`; ``rights``: each block's right edge), or None when
    its rows do not read as such (see the module docstring)."""
    left, indent = item.first.x0, item.rows[1].x0
    em = max(item.size, 1.0)
    rows = [r for u in run for r in u.rows]
    owner = [k for k, u in enumerate(run) for _ in u.rows]
    if abs(rows[0].x0 - left) > ALIGN_PT:
        return None
    pieces: list[list[int]] = []
    for k, r in enumerate(rows):
        if abs(r.x0 - left) <= ALIGN_PT:
            pieces.append([k])
        elif abs(r.x0 - indent) <= ALIGN_PT and (
            owner[k] == owner[k - 1]
            or _wraps(rows[k - 1], r, rights[rows[k - 1].block])
            or (held and len(pieces[-1]) == 1 and _broken(rows[k - 1], r, rights[rows[k - 1].block]))
        ):
            pieces[-1].append(k)
        else:
            return None
    # the step into the run from the item beside it, and between the run's items
    steps = [rows[0].y0 - item.last.y0 if below else item.first.y0 - rows[-1].y0]
    steps += [rows[p[0]].y0 - rows[p[0] - 1].y0 for p in pieces[1:]]
    if any(abs(s - pitch) > PITCH_SLACK * em for s in steps):
        return None
    if any(len(p) == 1 and not (held and rows[p[0]].text.endswith(CLOSING)) for p in pieces):
        return None
    out: list[Unit] = []
    for p in pieces:
        u = Unit([rows[i] for i in p], run[0].join, run[0].lexicon)
        u.hanging = True
        out.append(u)
    return out


def _wraps(row: Row, below: Row, right: float) -> bool:
    """``row``, closing its sentence, left no room before ``right`` (its block's right edge) for
    the first word of ``below`` (at its average character width): it wrapped, and ``below`` goes
    on with it. (The rows were cut there for the stop or colon, read as a paragraph's end over
    the next one's first-line indent; a row that ended short was ended there, and one that
    leaves its sentence open was cut for another reason, or broken by hand: see :func:`_broken`.)"""
    return row.text.endswith(CLOSING) and not _room(row, below, right)


def _broken(row: Row, below: Row, right: float) -> bool:
    """``row``, an item's first row leaving its sentence open, ended with room before ``right``
    for the first word of ``below``: its line was broken by hand ("... Security Capabilities in"
    over "Customer Premises Equipment ..."), and ``below`` goes on with it. (One that runs to
    the edge over a shorter row centred under it was read as the two rows of a centred head.)"""
    return not row.text.endswith(CLOSING) and _room(row, below, right)


def _room(row: Row, below: Row, right: float) -> bool:
    """``row`` ends with room before ``right`` for the first word of ``below`` (at its average
    character width)."""
    word = below.text.find(" ")
    chars = (word if word >= 0 else len(below.text)) + 1
    return right - row.x1 > (row.x1 - row.x0) / max(len(row.text), 1) * chars + ALIGN_PT


def _pitch(units: Sequence[Unit], left: float, indent: float) -> float | None:
    """The step from the last row of one hanging item to the first row of the next in the list
    whose items start at ``left`` and hang at ``indent`` (the middle one of the page's), None
    when no two of its items follow each other."""
    steps = sorted(
        b.first.y0 - a.last.y0
        for a, b in itertools.pairwise(units)
        if _wrapped(a)
        and _wrapped(b)
        and abs(a.first.x0 - left) <= ALIGN_PT
        and abs(b.first.x0 - left) <= ALIGN_PT
        and abs(a.rows[1].x0 - indent) <= ALIGN_PT
        and abs(b.rows[1].x0 - indent) <= ALIGN_PT
        and b.first.y0 > a.last.y0
    )
    return steps[len(steps) // 2] if steps else None
