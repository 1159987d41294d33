"""Items numbered without a stop: ``1 Register your child ...``, ``2 Agree your regular
sessions ...``, the numbers set apart from their text (white figures on drawn circles). Three
paragraphs or more on a page opening with 1, 2, 3 ... in turn, each number then a word in
capitals first, at the body's size and one left edge (or going on at the top of the next
column), in the running face, their first rows not
ending with a number (a table of contents' chapters and pages), are a numbered list's items;
so are items known by their rows hanging from such a number."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore.structure.unit import Unit
from pdfcore.structure.units import ALIGN_PT

#: A number alone, then a word opening with a capital.
_BARE = re.compile(r"(\d{1,2})\s+(?=[A-Z][a-z])")
#: A row ending with a number: a table of contents' entry and its page.
_PAGE_NUMBER = re.compile(r"\s\d{1,4}$")
#: A page sets this many such items at least, numbered from 1.
MIN_ITEMS = 3
#: Their size is the body's within this share of it (a page's notes are set smaller).
SIZE_SLACK = 0.08


def bare_numbered_items(units: Sequence[Unit], body_size: float) -> None:
    """Paragraphs opening with 1, 2, 3 ... without a stop (see the module's docstring) made
    items of a numbered list (their marker the number)."""
    if body_size <= 0:
        return
    numbered: list[tuple[int, Unit]] = []
    for u in units:
        m = _BARE.match(u.text) if (u.kind == "paragraph" or _hung(u)) and not u.bold else None
        if m and abs(u.size - body_size) <= SIZE_SLACK * body_size and not _PAGE_NUMBER.search(u.rows[0].text):
            numbered.append((int(m.group(1)), u))
    run: list[Unit] = []
    for n, u in numbered:
        if n == 1:
            _make_items(run)
            run = [u]
        elif run and n == len(run) + 1 and (abs(u.x0 - run[-1].x0) <= ALIGN_PT or _next_column(run[-1], u)):
            run.append(u)
        else:
            _make_items(run)
            run = []
    _make_items(run)


def _next_column(last: Unit, unit: Unit) -> bool:
    """``unit`` opens the next column: right of ``last``, starting higher up the page (the list
    going on from column to column)."""
    return unit.x0 > last.x1 and unit.y0 < last.y0


def _hung(unit: Unit) -> bool:
    """An item known by its hanging indent alone (its rows hang from the number)."""
    return unit.kind == "list_item" and unit.hanging and unit.marker == "•"


def _make_items(run: list[Unit]) -> None:
    if len(run) < MIN_ITEMS:
        return
    for k, u in enumerate(run, 1):
        u.kind, u.marker = "list_item", str(k)
