"""A page's footnotes one by one, in their numbering order.

Notes set one under the other, each as long as the next, give no short last row to tell where
one ends: the layout reads them as one block, and its rows as one paragraph. A row that opens
with a note's own mark (a number or a letter set small, or a superscript digit) starts a note
of its own (:func:`split_notes`). Some producers draw a page's notes from the bottom up (``3``,
then ``2``, then ``1``): a run of notes whose numbers count down, each set above the one read
before it, is read in its numbering order (:func:`numbered_order`). Only footnotes (see
:func:`pdfcore.structure.reading.footnote_ids`) are asked: stacked lines of the body, a list,
a formula or a figure's labels keep the order they have.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from pdfcore.structure.rows import MARK_SIZE, Row, small_opening
from pdfcore.structure.unit import Unit

#: A note's mark is a number of at most this many digits, or one letter.
MARK_DIGITS = 3
#: A note's number set right against its first word, no space between (``1A restricted fund``).
_GLUED = re.compile(rf"^(\d{{1,{MARK_DIGITS}}})(?=[^\W\d])")
#: A note lies above the one read before it when it ends at most this many points below the
#: other's top (rows of one size touch or overlap a little).
STACK_SLACK = 1.0


def note_mark(row: Row) -> str:
    """The note's mark the row opens with ("" for none): its first word, a number of up to
    MARK_DIGITS digits or one letter, with more words after it, set at most MARK_SIZE of the
    size of the words after it (as the size runs of the row's leftmost line tell, or as a line
    of its own set that small before them); or a run of superscript digits (``¹``)."""
    word, _, rest = row.text.partition(" ")
    if not rest.strip() or not word:
        return ""
    if all(unicodedata.category(c) == "No" and unicodedata.digit(c, -1) >= 0 for c in word):
        return word  # superscript digits: raised whatever their size
    glued = _GLUED.match(word)
    if glued and small_opening(row, len(glued.group(1))):
        return glued.group(1)  # a small number set right against the note's first word: "1A restricted"
    if not ((word.isdecimal() and len(word) <= MARK_DIGITS) or (len(word) == 1 and word.isalpha())):
        return ""
    if not row.pieces:
        return ""
    small = small_opening(row, len(word))
    if small is not None:
        return word if small else ""
    first = min(row.pieces, key=lambda ln: ln.bbox.x0)
    if len(row.pieces) > 1 and first.text.strip() == word:
        return word if 0 < first.font_size <= MARK_SIZE * row.size else ""
    return ""


def mark_number(mark: str) -> int | None:
    """The number a note's mark counts (``3``, ``³``), None for a letter."""
    if not mark or not all(unicodedata.digit(c, -1) >= 0 for c in mark):
        return None
    return int("".join(str(unicodedata.digit(c)) for c in mark))


def split_notes(units: list[Unit], footnotes: set[int]) -> tuple[list[Unit], set[int]]:
    """The page's units with each footnote paragraph cut before every row (but its first) that
    opens with a note's mark (see :func:`note_mark`): notes set one under the other, read as
    one block, each a paragraph of its own. The footnotes' ids are those of the pieces."""
    out: list[Unit] = []
    found = set(footnotes)
    for u in units:
        if id(u) not in footnotes or u.kind != "paragraph" or len(u.rows) < 2:
            out.append(u)
            continue
        cuts = [k for k in range(1, len(u.rows)) if note_mark(u.rows[k])] or _counted(u.rows)
        if not cuts:
            out.append(u)
            continue
        found.discard(id(u))
        for a, b in zip([0, *cuts], [*cuts, len(u.rows)], strict=True):
            piece = Unit(u.rows[a:b], u.join, u.lexicon)
            out.append(piece)
            found.add(id(piece))
    return out, found


def _counted(rows: Sequence[Row]) -> list[int]:
    """The rows (but the first) that open with a number set right against a word (``2Unrestricted
    running costs``, the text extractor telling no size for the number) counting on from the
    number the first row opens with the same way: notes numbered one by one."""
    first = _GLUED.match(rows[0].text) if rows else None
    if first is None:
        return []
    expected, cuts = int(first.group(1)) + 1, []
    for k in range(1, len(rows)):
        m = _GLUED.match(rows[k].text)
        if m is not None and int(m.group(1)) == expected:
            cuts.append(k)
            expected += 1
    return cuts


def numbered_order(units: list[Unit], footnotes: set[int]) -> list[Unit]:
    """The page's units with each run of footnotes read one after the other whose marks count
    down by one (``3``, ``2``, ``1``), each note set above the one read before it (drawn from
    the bottom up), put in their numbering order (``1``, ``2``, ``3``). The notes keep the
    places the run held among the page's units."""
    at = [k for k, u in enumerate(units) if id(u) in footnotes]
    numbers = [mark_number(note_mark(units[k].first)) for k in at]
    out = list(units)
    start = 0
    while start < len(at):
        end = start + 1
        while end < len(at) and _counts_down(units, at, numbers, end):
            end += 1
        if end - start > 1:
            run = [units[k] for k in at[start:end]]
            for k, u in zip(at[start:end], reversed(run), strict=True):
                out[k] = u
        start = end
    return out


def _counts_down(units: Sequence[Unit], at: Sequence[int], numbers: Sequence[int | None], k: int) -> bool:
    """The ``k``-th footnote goes on a run counting down from the one before it: its number one
    less, and it stands above that note, in its column."""
    before, number = numbers[k - 1], numbers[k]
    if before is None or number is None or number != before - 1:
        return False
    u, prev = units[at[k]], units[at[k - 1]]
    return u.y1 <= prev.y0 + STACK_SLACK and u.x0 < prev.x1 and prev.x0 < u.x1
