"""Where a page's units are read: a heading the text layer gives after its text, a band set
across the columns, a heading drawn after the table under it, each moved before what it stands
over; and which units are footnotes (kept after the body).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence

from pdfcore.models import Box
from pdfcore.structure.captions import caption_titles
from pdfcore.structure.heading_shape import text_below
from pdfcore.structure.placement import between, box_below
from pdfcore.structure.style import DocumentStyle
from pdfcore.structure.unit import Unit

#: Small print without a note mark is a footnote only below this share of the page height.
FOOT_ZONE = 0.6
#: Footnotes are set at most this share of the body size.
FOOTNOTE_SIZE = 0.92
_NOTE_MARK = re.compile(r"^(?:\d{1,3}|[*†‡§¶]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)\s*\S")


def headings_before_their_text(
    units: list[Unit], tables: Sequence[Box] = (), figures: Sequence[Box] = ()
) -> list[Unit]:
    """A heading the text layer gives after the text it introduces (some producers draw
    headings last) moves before that text: the unit right below it; a heading above everything
    on the page (tables and figures included) goes first. (A heading at the top of the right
    column, level with a figure opening the left one, is that column's: it stays where it is.)"""
    moves: dict[int, int] = {}  # heading position -> position of the unit it goes before
    for k, u in enumerate(units):
        if u.kind != "heading" or k == 0:
            continue
        if (
            all(u.y1 <= v.y0 + 1.0 for v in units if v is not u)
            and all(u.y1 <= b.y0 + 1.0 for b in tables)
            and all(u.y1 <= b.y0 + 1.0 for b in figures)
        ):
            moves[k] = 0  # above everything on the page (a title over the middle column)
            continue
        j = text_below(units, k, first_read=True)
        if j is not None and j < k:
            moves[k] = j
    if not moves:
        return units
    moved = {id(units[k]) for k in moves}
    before: dict[int, list[Unit]] = {}
    # bottom first, so a heading over a heading goes before it once that one has moved
    for k in sorted(moves, key=lambda k: -units[k].y0):
        target = units[moves[k]]
        before.setdefault(id(target), []).insert(0, units[k])
    out: list[Unit] = []

    def place(u: Unit) -> None:
        for h in before.pop(id(u), ()):
            place(h)
        out.append(u)

    for u in units:
        if id(u) not in moved:
            place(u)
    return out


def bands_before_what_is_below(units: list[Unit], tables: Sequence[Box] = ()) -> list[Unit]:
    """A block set across the page's columns on a band of its own (no other text beside it),
    which the text layer gives after text lying below it (a notice drawn last between an
    article's title and its columns), moves before the first of those: every unit read before
    it is then above or below it, and it spans at least two of the units below it that stand
    side by side (a table below it, ``tables``, counts among them where it stands beside one
    of those units: an infobox beside the text)."""
    k = len(units) - 1
    moves = 0
    # the lowest top of the units read before each (most units have none of them below)
    lowest = list(itertools.accumulate((v.y0 for v in units), max, initial=-math.inf))
    while k > 0:
        u = units[k]
        if u.kind in ("heading", "caption") or moves > len(units) or lowest[k] < u.y1 - 1.0:
            k -= 1
            continue
        earlier = units[:k]
        below = [j for j, v in enumerate(earlier) if v.y0 >= u.y1 - 1.0]
        if (
            below
            and all(v.y1 <= u.y0 + 1.0 or v.y0 >= u.y1 - 1.0 for v in units if v is not u)
            and _spans_columns(
                u, [*(earlier[j] for j in below), *_tables_beside(tables, u, [earlier[j] for j in below])]
            )
        ):
            first = below[0]
            units = [*units[:first], u, *units[first:k], *units[k + 1 :]]
            lowest = list(itertools.accumulate((v.y0 for v in units), max, initial=-math.inf))
            moves += 1
            continue  # the unit now at k was read before it: look at it too
        k -= 1
    return units


def _tables_beside(tables: Sequence[Box], unit: Unit, below: Sequence[Unit]) -> list[Box]:
    """The ``tables`` under ``unit`` that stand beside one of the units ``below`` it, level
    with it and clear of it (an infobox beside an article's first paragraphs)."""
    return [
        t
        for t in tables
        if t.y0 >= unit.y1 - 1.0
        and any(v.y0 < t.y1 and v.y1 > t.y0 and (v.x1 <= t.x0 + 1.0 or v.x0 >= t.x1 - 1.0) for v in below)
    ]


def _spans_columns(unit: Unit, others: Sequence[Unit | Box]) -> bool:
    """``unit`` overlaps horizontally two of ``others`` that stand side by side."""
    under = [v for v in others if v.x0 < unit.x1 - 1.0 and v.x1 > unit.x0 + 1.0]
    return any(a.x1 <= b.x0 + 1.0 or b.x1 <= a.x0 + 1.0 for a, b in itertools.combinations(under, 2))


def footnote_ids(units: list[Unit], style: DocumentStyle, page_height: float) -> set[int]:
    """Ids of the units that are footnotes (see the module docstring)."""
    body = style.body_size
    if body <= 0:
        return set()
    small = [u for u in units if u.kind in ("paragraph", "list_item") and 0 < u.size < FOOTNOTE_SIZE * body]
    if not small:
        return set()
    titles = caption_titles(units, style)  # a caption's title over its table is no body text
    big = [u for u in units if u.kind != "caption" and id(u) not in titles and u.size >= FOOTNOTE_SIZE * body]
    found = [u for u in small if not any(b.y0 >= u.y1 - 1.0 and b.x0 < u.x1 and b.x1 > u.x0 for b in big)]
    if not any(_NOTE_MARK.match(u.text) for u in found):
        # no note mark: only small print at the foot of a column right under its body text or
        # under such small print (a copyright block, a first-page footnote without a mark); not
        # the foot of a column of small print (a sidebar, an infobox)
        kept: set[int] = set()
        body_ids = {id(b) for b in big if b.kind != "heading"}
        zone = [u for u in found if page_height > 0 and u.y0 >= FOOT_ZONE * page_height]
        for u in sorted(zone, key=lambda u: u.y0):
            above = [v for v in units if v is not u and v.y1 <= u.y0 + 1.0 and v.x0 < u.x1 and v.x1 > u.x0]
            nearest = max(above, key=lambda v: v.y1, default=None)
            if nearest is not None and (id(nearest) in kept or id(nearest) in body_ids):
                kept.add(id(u))
        return kept
    return {id(u) for u in found}


def headings_over_tables(units: list[Unit], boxes: Sequence[Box], footnotes: set[int]) -> list[Unit]:
    """A heading right above a table that the text layer gives after what is below the table
    (a title drawn last) moves to just before the first unit below the table: the table
    follows it there."""
    for box in boxes:
        over = next(
            (k for k, u in enumerate(units) if u.kind == "heading" and box_below(u, [box], units) is not None), None
        )
        if over is None:
            continue
        _, hi = between(units, box, footnotes)
        if hi < over:
            units = [*units[:hi], units[over], *units[hi:over], *units[over + 1 :]]
    return units
