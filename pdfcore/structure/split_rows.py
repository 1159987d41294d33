"""One visual row the layout cut into two blocks, made one row again.

The layout starts a block where the text jumps, and pdfium starts a line where the baseline
moves. Two cases leave one printed row in two blocks, so in two paragraphs:

* a superscript set after a short word with no ascender: ``x`` alone, then ``2 = 9 means ...``
  (the raised ``2`` lifts the top of the rest of the row, which then looks like a row of its
  own beside the block of ``x``);
* a footnote the content stream draws right after its reference mark (word processors do):
  ``... four existing router standards1``, the note's rows at the foot of the page, then
  ``(i.e., items 1 through 4 ...`` where the sentence goes on, on the same row as the mark.

A block's first row *continues* an earlier block's last row when the two meet on one row (the
last piece of the first and the first piece of the second that print text share half the
height of the shorter; the pieces of a tall bracket stretch a row's box over several rows, and a
mark raised at the end of the first, "ⓘ" or "[12]", is left out), in the same weight and about
the same size, the second starting at most GAP_EM em right of where the first ends; every row
read between them is set smaller and stands below them, apart by its own height at least (a
note at the foot of the page, not a bar set under a letter; a formula set in pieces is one row
already: :mod:`~pdfcore.structure.formulas` reads it first). The two rows become one (no space
before punctuation closing on the word before it), and the rest of the second block follows it
in the first block: the paragraph reads on, and the rows that stood between (the note) come
after it. Rows side by side with a wider gap (a table's cells, a form's label and its answer,
two columns) never join.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.layout.blocks import SIZE_CHANGE
from pdfcore.layout.hyphens import Lexicon
from pdfcore.models import TextLine
from pdfcore.structure.glue import glue
from pdfcore.structure.rows import DELIMITER_PIECES, MARK_SIZE, Row, joined_row

#: The second row starts at most this many ems right of the end of the first (a word space,
#: widened in justified text; the gutter between two columns is wider).
GAP_EM = 1.0
#: ... and at most this many points left of it (glyph boxes touching).
OVERLAP_PT = 1.0
#: Punctuation that closes on the word before it: the second row starting with it follows the
#: first with no space.
CLOSERS = frozenset(",.;:!?)]}%")
#: Rows read between the two are set at most this share of the second row's size (a footnote).
SMALLER = 0.9


def join_split_rows(
    rows: Sequence[Row], join_hyphenation: bool = True, lexicon: Lexicon | None = None
) -> Sequence[Row]:
    """``rows`` (a page's, in reading order) with each row cut in two blocks made one (see the
    module docstring); the rows themselves when there is none (most pages). The first row is
    kept (the same object, its text and box now the whole row's)."""
    out: list[Row] | None = None
    cur: Sequence[Row] = rows
    j = 1
    while j < len(cur):
        row = cur[j]
        if cur[j - 1].block == row.block:
            j += 1
            continue
        i = _continued(cur, j)
        if i is None:
            j += 1
            continue
        if out is None:
            out = list(cur)
        end = j + 1
        while end < len(out) and out[end].block == row.block:
            end += 1
        first = out[i]
        rest = out[j + 1 : end]
        for r in rest:
            r.block = first.block
        _absorb(first, row, join_hyphenation, lexicon)
        out = [*out[: i + 1], *rest, *out[i + 1 : j], *out[end:]]
        cur = out
        j = i + 1 + len(rest)
    return rows if out is None else out


def _continued(rows: Sequence[Row], j: int) -> int | None:
    """The index of the earlier block's last row that ``rows[j]`` (a block's first row) carries
    on, or None. Looks back past rows below it set smaller (a note) only."""
    row = rows[j]
    for k in range(j - 1, -1, -1):
        r = rows[k]
        if (k == j - 1 or rows[k + 1].block != r.block) and _carries_on(r, row):
            return k
        if not (r.y0 >= row.y1 + r.height and 0 < r.size <= SMALLER * row.size):
            return None
    return None


def _carries_on(a: Row, b: Row) -> bool:
    """``b`` stands on ``a``'s row, right after its end, in the same weight and about the same size."""
    if a.ends or a.bold != b.bold or not a.size or not b.size or not a.pieces or not b.pieces:
        return False
    big = max(a.size, b.size)
    if abs(a.size - b.size) > SIZE_CHANGE * big:
        return False
    # where the two meet: the pieces that print text (the pieces of a tall bracket stretch a
    # row's box over the rows of a formula), the row's own type for the height (a mark raised
    # at the end of the first, "ⓘ" or "[12]", stands off its row)
    ends = _printing(a)
    starts = _printing(b)
    if not ends or not starts:
        return False
    if not -OVERLAP_PT <= min(q.bbox.x0 for q in starts) - max(p.bbox.x1 for p in ends) <= GAP_EM * big:
        return False
    p = max(_in_type(ends, a.size), key=lambda ln: ln.bbox.x1).bbox
    q = min(_in_type(starts, b.size), key=lambda ln: ln.bbox.x0).bbox
    overlap = min(p.y1, q.y1) - max(p.y0, q.y0)
    return overlap > 0 and overlap >= 0.5 * min(p.y1 - p.y0, q.y1 - q.y0)


def _printing(row: Row) -> list[TextLine]:
    """The row's pieces that print text (not only pieces of a tall bracket)."""
    return [ln for ln in row.pieces if DELIMITER_PIECES.sub("", ln.text).strip()]


def _in_type(pieces: list[TextLine], size: float) -> list[TextLine]:
    """The pieces set in the row's type, not smaller (a mark); all of them when none is."""
    kept = [ln for ln in pieces if ln.font_size > MARK_SIZE * size]
    return kept or pieces


def _absorb(first: Row, second: Row, join_hyphenation: bool, lexicon: Lexicon | None) -> None:
    """``first`` becomes the row of both (kept as the same object: a table's place among the rows
    is found by the row before it)."""
    both = joined_row([*first.pieces, *second.pieces], first.block, join_hyphenation, lexicon)
    # the text is the two rows' own (a row may have left out pieces: a formula's accents)
    glued = both.text == first.text + second.text or second.text[:1] in CLOSERS  # "backend³" ", mobile"
    both.text = first.text + ("" if glued else glue(first.text, second.text)) + second.text
    role, underlined = first.role, first.underlined and second.underlined
    for name in Row.__slots__:
        setattr(first, name, getattr(both, name))
    first.role = role or second.role
    first.underlined = underlined
