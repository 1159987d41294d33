"""Formulas set in pieces: the pieces of one line of mathematics made one row again.

TeX and its kin set a display formula (and some inline mathematics) as many pieces: a
fraction's numerator above its denominator, a sum's limits above and below its sign, a bar or
a dot set over a letter. The layout reads each piece as a line (often a block) of its own, so
one formula would come out as a paragraph a piece: ``≈`` / ``1`` / ``N`` / ``X`` / ``i=1``.

A *band* is a run of rows in reading order that stand on one line, in one face, none larger
than BODY_STEP times the body text: each row after the first overlaps the band's height (a
row of a few signs, ``≈`` or a comma, stands in an em about its middle), or is set in smaller
type (an index, a limit) at most STACK_GAP em over or under a sign or a letter of the band
(or the band's marks stand over it); read from left to right with at most GAP_EM em between
them (an equation number ``(2)`` at the right margin may stand farther); no row starting a
list item, none printed within the width of a row of text it overlaps (a label). The row just
left of the band on its line goes in too (a band found from a mark over its first letter).
A band is a formula's, and becomes one row, when one of its rows holds a sign of mathematics,
one is raised or dropped by more than OFFSET of the height of the band's main row (the one
holding most characters), no two rows of text stand one over the other, and none reaches into
the row before or after the band (a table's cell beside the two rows of the next one). Rows
side by side on one line (a table's cells, a form's label and its answer) are never a band.

The row's text gives the pieces from left to right: a piece on the line with the pieces set
over and under it (a sum's sign and its limits) from top to bottom, pieces off the line (a
fraction) those above it before those under it; the equation number (a number in parentheses
right of every other piece) comes last. Marks set over or under a letter in smaller type (a
bar, a dot, an arrow: ``|x|`` drawn as bars above and below) carry no text and are dropped.
The row belongs to the block of its first piece; the rows after it of the block its last
piece came from (a paragraph whose first row held the end of the formula) join that block
too; a list item's formula under a row of its block starts a block of its own.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from attrs import evolve

from pdfcore.layout.hyphens import Lexicon
from pdfcore.models import TextLine
from pdfcore.structure.markers import list_marker
from pdfcore.structure.rows import DELIMITER_PIECES, Row, joined_row

#: A piece in smaller type set at most this many ems above or below the band joins it.
STACK_GAP = 0.5
#: Smaller type: at most this share of the band's size.
SMALL = 0.85
#: A piece set in smaller type over or under another holds at most this many characters.
STACK_CHARS = 12
#: Pieces of one formula stand at most this many ems apart, left to right.
GAP_EM = 1.5
#: A piece is raised or dropped when its middle is this share of the main row's height off
#: the main row's middle.
OFFSET = 0.3
#: Pieces set one above the other share this much of the narrower one's width ...
STACK_SHARE = 0.5
#: ... and neither is this many times as wide as the other (a letter and the row it stands in
#: are not one stack).
STACK_WIDTH = 3.0

#: A piece of a band reaching more than this many points into the row before or after it
#: belongs to no formula.
REACH = 1.0

#: A row lower than this many ems holds signs only (``≈``, ``=``, a comma): it stands in an em
#: about its middle.
LOW = 0.5
#: A row holding this many words with letters or more is a row of text: two of them, one
#: above the other, are two lines, never one formula.
TEXT_WORDS = 3

#: Rows of a band are set at most this share larger than the body text (no heading's row).
BODY_STEP = 1.15
#: A row whose middle stands this many points left of the band's start is on no band (a band is
#: read from left to right).
ALIGN_PT = 2.0
#: A row of signs (see LOW) holds at most this many characters.
SIGN_CHARS = 6

#: A mathematical sign (relations, operators, arrows, a vertical bar) or a Greek letter: some
#: piece of a formula's band holds one.
_MATH = re.compile("[=<>+|~\u00ac\u00b1\u00d7\u00f7\u0391-\u03c9\u03d1\u03d5\u03f5\u2190-\u22ff\u27e8-\u27ef]")

#: An equation number: "(2)", "(3.1)", "(4a)".
_NUMBER = re.compile(r"\(\d{1,3}(?:\.\d{1,3})?[a-z]?\)")
#: Marks set over or under a letter that carry no text of their own.
_ACCENTS = frozenset("|‖¯ˉ‾˙·.^ˆ˜~→←¨´`")


def join_formula_bands(
    rows: Sequence[Row], body_size: float, join_hyphenation: bool = True, lexicon: Lexicon | None = None
) -> Sequence[Row]:
    """``rows`` (a page's, in reading order) with each formula's band made one row (see the
    module docstring); the rows themselves when there is none (most pages). ``body_size``: the
    document's body text size; ``lexicon``: see :func:`~pdfcore.structure.units.join_rows`."""
    if body_size <= 0 or not any(_MATH.search(r.text) for r in rows):
        return rows  # (a band is a formula only with a sign of mathematics in it: most pages)
    out: list[Row] | None = None
    k = 0
    n = len(rows)
    taken = -1  # the last row merged into a band
    fresh = max((r.block for r in rows), default=0)  # the last block number given
    while k < n:
        end = _band_end(rows, k, body_size)
        start = k
        if end - k >= 2 and k - 1 > taken and _leads(rows[k - 1], rows[k:end]):
            start = k - 1  # the row the band's first piece was set over or under
        if end - k >= 2 and _formula(
            rows[start:end], rows[start - 1] if start else None, rows[end] if end < n else None
        ):
            if out is None:
                out = list(rows[:start])
            elif start < k:
                out.pop()
            merged = _merge(rows[start:end], join_hyphenation, lexicon)
            taken = end - 1
            first, last = merged.block, rows[end - 1].block
            if out and out[-1].block == first and list_marker(merged.text):
                # a list item's formula under text of its block: a block of its own, and the
                # rest of the block with it (the pieces after the first gave no row to
                # tell the item from a sentence wrapped before "b)")
                fresh += 1
                merged.block = fresh
            out.append(merged)
            if merged.block != first or last != first:  # the rest of the block(s) go on in it
                for r in rows[end:]:
                    if r.block in (first, last):
                        r.block = merged.block
            k = end
            continue
        if out is not None:
            out.append(rows[k])
        k += 1
    return rows if out is None else out


def _leads(row: Row, band: Sequence[Row]) -> bool:
    """``row`` stands on the band's line, left of it: it shares half the height of a row of the
    band (after the first) and ends at most GAP_EM em before the band starts (a band found from a
    mark set over its first letter), in the same face; the band starts no list item."""
    if not row.pieces or row.size <= 0 or row.bold != band[0].bold or list_marker(band[0].text):
        return False
    top, bottom = _extent(row)
    x0 = min(r.x0 for r in band)
    return (
        row.x1 <= x0 + GAP_EM * row.size
        and x0 - row.x1 <= GAP_EM * row.size
        and any(min(bottom, r.y1) - max(top, r.y0) > 0.5 * min(bottom - top, r.y1 - r.y0) for r in band[1:])
    )


def _band_end(rows: Sequence[Row], start: int, body_size: float) -> int:
    """The end (exclusive) of the band that starts at ``start``."""
    first = rows[start]
    big = BODY_STEP * body_size
    if not first.pieces or not 0 < first.size <= big:
        return start + 1
    em = first.size
    y0, y1 = _extent(first)
    x0, x1 = first.x0, first.x1
    k = start + 1
    while k < len(rows):
        r = rows[k]
        if not r.pieces or not 0 < r.size <= big or (r.x0 + r.x1) / 2 < x0 - ALIGN_PT or r.bold != first.bold:
            break  # (a band is read from left to right, in one face)
        top, bottom = _extent(r)
        over = min(y1, bottom) - max(y0, top) > 0
        # a row in smaller type over or under a piece of the band, or a row the band's marks
        # (all of them smaller) stand over or under
        marks = all(q.size < SMALL * r.size for q in rows[start:k])
        stacked = not over and any(
            _stacked_pair(p, s) and (marks or s.font_size < p.font_size)
            for q in rows[start:k]
            for p in q.pieces
            for s in r.pieces
        )
        if not (over or stacked) or list_marker(r.text):
            break  # (a row starting a list item starts no piece of a formula)
        if over and any(_inside(r, q) or _inside(q, r) for q in rows[start:k]):
            break  # (a label printed over a row of text: no piece of it)
        near = r.x0 - x1 <= GAP_EM * em and x0 - r.x1 <= GAP_EM * em
        if not near and not (_NUMBER.fullmatch(r.text) and r.x0 > x1):
            break
        y0, y1, x0, x1 = min(y0, top), max(y1, bottom), min(x0, r.x0), max(x1, r.x1)
        em = max(em, r.size)
        k += 1
    return k


def _stacked_pair(a: TextLine, b: TextLine) -> bool:
    """One of two pieces is set in smaller type over or under the other (an index, a limit, a
    bar): at most STACK_CHARS characters, at most STACK_GAP em above or below it, its middle
    within the width of a sign or a letter (a piece at most STACK_WIDTH em wide) or within an em
    of either end of a wider piece (the sign ending ``πθ(q|q0) = Π``: not a row's superscript
    under a line of text above it)."""
    small, big = (a, b) if a.font_size < b.font_size else (b, a)
    em = big.font_size
    if not 0 < small.font_size < SMALL * em or len(small.text.strip()) > STACK_CHARS:
        return False
    s, g = small.bbox, big.bbox
    mid = (s.x0 + s.x1) / 2
    if not g.x0 <= mid <= g.x1 or max(s.y0 - g.y1, g.y0 - s.y1) > STACK_GAP * em:
        return False
    return g.x1 - g.x0 <= STACK_WIDTH * em or mid - g.x0 <= em or g.x1 - mid <= em


def _inside(row: Row, text: Row) -> bool:
    """``row`` stands within the width of ``text``, a row of text (TEXT_WORDS words with
    letters or more)."""
    return text.x0 < row.x0 and row.x1 < text.x1 and _words(text) >= TEXT_WORDS


def _words(row: Row) -> int:
    return sum(1 for w in row.text.split() if any(c.isalpha() for c in w))


def _extent(row: Row) -> tuple[float, float]:
    """The height a row stands in: its box, or an em about its middle for a row of a few signs
    (SIGN_CHARS at most, no letter or digit) lower than LOW em (``≈``, ``=``, a comma: the box
    of their ink alone)."""
    if row.y1 - row.y0 >= LOW * row.size or len(row.text) > SIGN_CHARS or any(c.isalnum() for c in row.text):
        return row.y0, row.y1
    mid = (row.y0 + row.y1) / 2
    return min(row.y0, mid - row.size / 2), max(row.y1, mid + row.size / 2)


def _formula(band: Sequence[Row], before: Row | None, after: Row | None) -> bool:
    """The band's rows do not all sit on one line (see the module docstring), and none reaches
    into the row before the band or the row after it, unless that row is in smaller type (a
    table's cell set beside the two rows of the cell next to it, in the middle of their height;
    not a mark left out of the band)."""
    size = max(m.size for m in band)
    for r in (before, after):
        if r is not None and r.size >= SMALL * size and any(min(r.y1, m.y1) - max(r.y0, m.y0) > REACH for m in band):
            return False
    if not any(_MATH.search(r.text) for r in band):
        return False  # (no sign of mathematics: labels, a table's cells)
    lines = [r for r in band if _words(r) >= TEXT_WORDS]
    for a, b in itertools.combinations(lines, 2):
        if min(a.y1, b.y1) - max(a.y0, b.y0) < 0.5 * min(a.y1 - a.y0, b.y1 - b.y0):
            return False  # two lines of text, one over the other
    main = max(band, key=lambda r: len(r.text))
    h = main.y1 - main.y0
    mid = (main.y0 + main.y1) / 2
    for r in band:
        if r is main or _NUMBER.fullmatch(r.text):
            continue
        if abs((r.y0 + r.y1) / 2 - mid) > OFFSET * h:
            return True
    return False


def _merge(band: Sequence[Row], join_hyphenation: bool, lexicon: Lexicon | None) -> Row:
    """One row of the band's pieces, in reading order (see the module docstring)."""
    main = max(band, key=lambda r: len(r.text))
    pieces = [_drawn_out(p) for r in band for p in r.pieces]
    pieces = [p for p in pieces if p.text.strip()]
    kept = [p for p in pieces if not _accent(p, pieces, main.size)]
    # an equation number stands right of every other piece
    numbers = [
        p
        for p in kept
        if _NUMBER.fullmatch(p.text.strip()) and all(p.bbox.x0 >= q.bbox.x1 - 1.0 for q in kept if q is not p)
    ]
    stacks = _stacks([p for p in kept if not any(p is q for q in numbers)], main)
    if numbers:
        stacks.append(numbers)
    ordered = [p for s in stacks for p in s] or pieces
    row = joined_row(ordered, band[0].block, join_hyphenation, lexicon)
    row.role = main.role
    # pieces one after the other join as a row's pieces do (a mark glued to its letter, a comma
    # to the word before it); pieces set one over another, with a space
    parts: list[str] = []
    run: list[TextLine] = []
    for s in stacks:
        if len(s) == 1 and s is not numbers:
            run.append(s[0])
            continue
        if run:
            parts.append(joined_row(run, 0, join_hyphenation, lexicon).text)
            run = []
        parts.extend(" ".join(p.text.split()) for p in s)
    if run:
        parts.append(joined_row(run, 0, join_hyphenation, lexicon).text)
    if parts:
        row.text = " ".join(t for t in parts if t)
    return row


def _drawn_out(piece: TextLine) -> TextLine:
    """The piece without the private-use pieces of big delimiters (see rows.page_rows)."""
    if not DELIMITER_PIECES.search(piece.text):
        return piece
    return evolve(piece, text=" ".join(DELIMITER_PIECES.sub(" ", piece.text).split()))


def _accent(piece: TextLine, pieces: Sequence[TextLine], size: float) -> bool:
    """A mark in smaller type set over or under another piece (a bar, a dot): no text."""
    t = piece.text.strip()
    if not t or any(c not in _ACCENTS for c in t) or not 0 < piece.font_size < SMALL * size:
        return False
    b = piece.bbox
    mid = (b.x0 + b.x1) / 2
    return any(
        o is not piece
        and o.bbox.x0 <= mid <= o.bbox.x1
        and (
            b.y1 <= (o.bbox.y0 + o.bbox.y1) / 2
            or b.y0 >= (o.bbox.y0 + o.bbox.y1) / 2
            or (b.y0 < o.bbox.y0 and b.y1 > o.bbox.y1)  # (marks above and below as one piece)
        )
        and any(c.isalnum() for c in o.text)
        for o in pieces
    )


def _stacks(pieces: Sequence[TextLine], main: Row) -> list[list[TextLine]]:
    """The pieces in reading order, in stacks: a piece on the band's line (across the middle of
    its main row) with the pieces set over and under it (a sum's sign and its limits, top to
    bottom); pieces off the line between them (a fraction's numerator and denominator), those
    above the line left to right, then those under it; from left to right by their middles."""
    mid = (main.y0 + main.y1) / 2
    reach = OFFSET / 2 * (main.y1 - main.y0)
    on = [p for p in pieces if p.bbox.y0 <= mid + reach and p.bbox.y1 >= mid - reach]
    on_ids = {id(p) for p in on}
    over: dict[int, list[TextLine]] = {id(p): [] for p in on}
    loose: list[TextLine] = []
    for p in pieces:
        if id(p) in on_ids:
            continue
        sign = next((q for q in on if _stacked(p, q)), None)
        if sign is not None:
            over[id(sign)].append(p)
        else:
            loose.append(p)
    units: list[tuple[float, list[TextLine]]] = []
    for q in on:
        stack = sorted([*over[id(q)], q], key=lambda p: p.bbox.y0)
        units.append(((q.bbox.x0 + q.bbox.x1) / 2, stack))
    region: list[TextLine] = []
    for p in sorted(loose, key=lambda p: p.bbox.x0):
        if region and p.bbox.x0 > max(r.bbox.x1 for r in region) + 1.0:
            units.append(_region(region, mid))
            region = []
        region.append(p)
    if region:
        units.append(_region(region, mid))
    units.sort(key=lambda u: u[0])
    return [u for _, u in units]


def _region(pieces: list[TextLine], mid: float) -> tuple[float, list[TextLine]]:
    """Pieces off the band's line side by side or one over another: those above it left to
    right, then those under it; with the middle of their span."""
    x0 = min(p.bbox.x0 for p in pieces)
    x1 = max(p.bbox.x1 for p in pieces)

    def middle(p: TextLine) -> float:
        return (p.bbox.x0 + p.bbox.x1) / 2

    above = sorted((p for p in pieces if (p.bbox.y0 + p.bbox.y1) / 2 < mid), key=middle)
    under = sorted((p for p in pieces if (p.bbox.y0 + p.bbox.y1) / 2 >= mid), key=middle)
    return (x0 + x1) / 2, [*above, *under]


def _stacked(a: TextLine, b: TextLine) -> bool:
    wa, wb = a.bbox.x1 - a.bbox.x0, b.bbox.x1 - b.bbox.x0
    narrow = min(wa, wb)
    if narrow <= 0 or max(wa, wb) > STACK_WIDTH * narrow:
        return False
    share = min(a.bbox.x1, b.bbox.x1) - max(a.bbox.x0, b.bbox.x0)
    return share > STACK_SHARE * narrow and (a.bbox.y1 <= b.bbox.y0 + 1 or b.bbox.y1 <= a.bbox.y0 + 1)
