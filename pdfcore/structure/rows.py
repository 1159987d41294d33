"""A page's lines as visual rows, in reading order, with what the Markdown needs of them.

The layout hands over blocks in reading order; pdfium may split one visual row into several
lines (a font change, a superscript, a bullet set apart from its text). A :class:`Row` is one
visual row of one block: its pieces joined with a space, its box, the font facts of the piece
holding most of its characters, and how its text ends (for hyphen joining).

Rows never hold text a reader cannot see (hidden spans are cut out of them) nor furniture
(running heads, page numbers, line numbers) left in the page text in "flag" mode.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from pdfcore.geometry import SIDEWAYS
from pdfcore.layout.hyphens import Lexicon, clean_line
from pdfcore.models import Box, HiddenSpan, Link, PageText, TextLine

#: Share of a line's box inside a hidden span's box for the line to hold (part of) it.
HIDDEN_OVERLAP = 0.5
#: Running heads and feet sit in this share of the page height at the top or the bottom.
FURNITURE_ZONE = 0.15


class Row:
    """One visual row of a block (mutable while it is built; read-only afterwards)."""

    __slots__ = (
        "block",
        "bold",
        "end_size",
        "ends",
        "italic",
        "mono",
        "outsized",
        "pieces",
        "role",
        "size",
        "text",
        "underlined",
        "x0",
        "x1",
        "y0",
        "y1",
    )

    def __init__(
        self,
        text: str,
        ends: str,
        box: Box,
        size: float,
        bold: bool,
        mono: bool,
        role: str,
        block: int,
        italic: bool = False,
    ) -> None:
        self.text = text
        #: How the text ends: "" (a whole word), "soft" (a soft hyphen), "hyphen" (pdfium's mark).
        self.ends = ends
        self.x0, self.y0, self.x1, self.y1 = box.x0, box.y0, box.x1, box.y1
        self.size = size
        #: The size its text ends in where a line's size changes along it (a form's 9 pt label
        #: and the 11 pt answer after it): its last run of words (see TextLine.size_runs).
        self.end_size = size
        #: A word or a few set far larger than the rest of its line, which holds most of its
        #: characters (a logo's name beside the office under it): no heading's row.
        self.outsized = False
        self.bold = bold
        self.mono = mono
        self.role = role
        self.italic = italic
        #: A rule runs under the row from its first character to its last (see _underline).
        self.underlined = False
        #: Index of the layout block the row comes from.
        self.block = block
        #: The lines it was joined from (empty for a block without lines).
        self.pieces: tuple[TextLine, ...] = ()

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def box(self) -> Box:
        return Box(self.x0, self.y0, self.x1, self.y1)

    def __repr__(self) -> str:  # for test failures
        return f"Row({self.text!r}, size={self.size}, bold={self.bold}, block={self.block})"


def page_rows(
    page: PageText,
    *,
    join_hyphenation: bool = True,
    page_height: float = 0.0,
    roles: bool = True,
    lexicon: Lexicon | None = None,
) -> list[Row]:
    """The page's visible rows in reading order (see the module docstring); ``roles=False``
    leaves the tagged roles out (a structure tree ignored). ``lexicon``: the page's words
    (``Lexicon(text=page.text)``, made here when not given)."""
    furniture = _furniture_texts(page)
    # the page's words, for a name in camel case pdfium hyphenated at a line end
    if lexicon is None and join_hyphenation:
        lexicon = Lexicon(text=page.text)
    height = page_height or max((b.bbox.y1 for b in page.blocks), default=0.0)
    rows: list[Row] = []
    pieces: list[TextLine] = []
    base: TextLine | None = None  # the row's last piece that is not a mark beside it
    at = 0  # the block of the row being built
    for k, block in enumerate(page.blocks):
        lines = block.lines
        if not lines:
            if pieces:
                rows.append(_row(pieces, at, join_hyphenation, lexicon))
                pieces, base = [], None
            if block.text.strip():
                rows.append(Row(" ".join(block.text.split()), "", block.bbox, 0.0, False, False, "", k))
            continue
        for ln in lines:
            if furniture and _is_furniture(ln, furniture, height):
                continue
            seen = _visible_part(ln, page.hidden) if page.hidden else ln
            if seen is None:
                continue
            after_mark = base is not None and base is not pieces[-1] and _same_row(base, seen)
            if pieces and (
                # a mark the layout set in a block of its own joins its row, and so does the
                # rest of the row after it
                _mark_beside(pieces[-1], seen) or after_mark or (at == k and _same_row(pieces[-1], seen))
            ):
                pieces.append(seen)
                if base is None or not _mark_beside(base, seen):
                    base = seen
                continue
            if pieces:
                rows.append(_row(pieces, at, join_hyphenation, lexicon))
            pieces, base, at = [seen], seen, k
    if pieces:
        rows.append(_row(pieces, at, join_hyphenation, lexicon))
    rows = _join_mark_rows(rows, join_hyphenation, lexicon)
    if page.rules and (page.annotations is not None or not page.annotation_count):
        # underlines are known only where the links are (a link's underline is no emphasis)
        _underline(rows, page.rules, page.annotations.links if page.annotations is not None else ())
    if not roles:
        for r in rows:
            r.role = ""
    for r in rows:
        if DELIMITER_PIECES.search(r.text):
            r.text = " ".join(DELIMITER_PIECES.sub(" ", r.text).split())
    return [r for r in rows if r.text]


def row_without(row: Row, pieces: list[TextLine], join_hyphenation: bool, lexicon: Lexicon | None = None) -> Row:
    """The row made again of some of its pieces (the others taken out: a figure's labels the
    layout set in one row with the text beside the figure), its role and underline kept."""
    out = _row(pieces, row.block, join_hyphenation, lexicon)
    out.role, out.underlined = row.role, row.underlined
    if DELIMITER_PIECES.search(out.text):
        out.text = " ".join(DELIMITER_PIECES.sub(" ", out.text).split())
    return out


def _same_row(prev: TextLine, line: TextLine) -> bool:
    a, b = prev.bbox, line.bbox
    h = a.y1 - a.y0
    if h < 1.0:
        h = 1.0
    if -0.3 * h < b.y0 - a.y0 < 0.3 * h:
        return True
    if b.y0 >= a.y1 or b.x0 < a.x1 - 1.0:
        return False
    # a superscript or subscript beside the text (footnote marks, exponents)
    overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
    return overlap > 0.5 * min(h, max(b.y1 - b.y0, 1.0))


#: A mark (a note or affiliation number, an asterisk, a dagger) is at most this many characters
#: set at most this share of the size of the text it marks.
MARK_CHARS = 4
MARK_SIZE = 0.85


def small_opening(row: Row, chars: int) -> bool | None:
    """Whether the row's first ``chars`` characters are set at most MARK_SIZE of the size of
    the words after them (a note's mark), as the size runs of its leftmost line tell: None when
    those runs do not open with a run of just that many characters."""
    if not row.pieces:
        return None
    runs = min(row.pieces, key=lambda ln: ln.bbox.x0).size_runs
    if len(runs) < 2 or runs[0][0] != chars:
        return None
    return 0 < runs[0][1] <= MARK_SIZE * runs[1][1]


def _mark_beside(prev: TextLine, line: TextLine) -> bool:
    """One of the two is a mark raised above (or dropped below) the other's row and set right
    against it: "Martin" and its affiliation's "1", or a note's "2" and its first word. The
    layout may give such a mark a line of its own when it stands clear of the row's box."""
    a, b = prev.bbox, line.bbox
    if b.x0 < a.x0:
        return False
    for mark, text in ((line, prev), (prev, line)):
        if not 0 < mark.font_size < MARK_SIZE * text.font_size:
            continue  # (asked first: most lines are no smaller than their neighbour)
        m = mark.text.strip()
        if not 0 < len(m) <= MARK_CHARS or " " in m:
            continue
        em = max(text.font_size, 1.0)
        if not -1.0 <= b.x0 - a.x1 <= 0.3 * em:
            return False
        mb, tb = mark.bbox, text.bbox
        h = max(tb.y1 - tb.y0, 1.0)
        return mb.y1 >= tb.y0 - 0.1 * h and mb.y0 <= tb.y1 + 0.1 * h
    return False


#: The pieces of big delimiters and extenders a symbol font maps into the private use area
#: (the top, middle, extension and bottom of a tall parenthesis, bracket or brace, a radical's
#: or an arrow's extension): drawing, no text.
DELIMITER_PIECES = re.compile("[\uf8e5-\uf8e7\uf8eb-\uf8fe]")

#: Reference marks in brackets, one or several in a run: "[12]", "[12][13]", "[note 2]".
_REFERENCES = re.compile(r"(?:\[[^\[\]]{1,40}\])+")


def joined_row(
    pieces: Sequence[TextLine], block: int, join_hyphenation: bool = True, lexicon: Lexicon | None = None
) -> Row:
    """One row of ``pieces``, in the order given, in ``block`` (see :func:`page_rows`)."""
    return _row(list(pieces), block, join_hyphenation, lexicon)


def _row(pieces: list[TextLine], block: int, join_hyphenation: bool, lexicon: Lexicon | None = None) -> Row:
    if len(pieces) == 1:  # most rows
        ln = pieces[0]
        raw = ln.text
        if "\u00ad" in raw or "\ufffe" in raw:
            text, ends = clean_line(raw, join_hyphenation, lexicon)
        else:
            text, ends = raw.strip(), ""
        row = Row(text, ends, ln.bbox, ln.font_size, ln.bold, ln.mono, ln.role, block, ln.italic)
        row.pieces = (ln,)
        if ln.size_runs:
            _sizes_along(row, ln, ln)
        return row
    joined = ""
    ends = ""
    prev: TextLine | None = None
    for ln in pieces:
        raw = ln.text
        if "\u00ad" in raw or "\ufffe" in raw:
            text, ends = clean_line(raw, join_hyphenation, lexicon)
        else:
            text, ends = raw.strip(), ""
        if text:
            joined = (
                text if not joined else joined + ("" if prev is not None and _glued(prev, ln, text) else " ") + text
            )
            prev = ln
    # the row's type is its main text's: the piece with most characters, reference marks
    # ("[12][13]" raised after a word) not counted
    main = max(pieces, key=lambda ln: len(_REFERENCES.sub("", ln.text)))
    x0 = min(ln.bbox.x0 for ln in pieces)
    y0 = min(ln.bbox.y0 for ln in pieces)
    x1 = max(ln.bbox.x1 for ln in pieces)
    y1 = max(ln.bbox.y1 for ln in pieces)
    chars = sum(len(ln.text) for ln in pieces) or 1
    bold = sum(len(ln.text) for ln in pieces if ln.bold) * 2 > chars
    mono = sum(len(ln.text) for ln in pieces if ln.mono) * 2 > chars
    italic = sum(len(ln.text) for ln in pieces if ln.italic) * 2 > chars
    role = next((ln.role for ln in pieces if ln.role and ln.role[0] in "HT"), "") or main.role
    row = Row(joined, ends, Box(x0, y0, x1, y1), main.font_size, bold, mono, role, block, italic)
    row.pieces = tuple(pieces)
    if main.size_runs or pieces[-1].size_runs:
        _sizes_along(row, main, pieces[-1])
    return row


#: A line's last run of words gives the size its row ends in when it holds this many
#: characters or more (not a note number set apart at the end).
END_RUN_CHARS = 3
#: A run of words this many times the size of the line's main run is outsized (see Row.outsized).
OUTSIZED = 2.0


def _sizes_along(row: Row, main: TextLine, last: TextLine) -> None:
    """A row whose size changes along a line: its size is the size most of its main line's
    characters are set in (an 80 pt logo's one word beside a 20 pt name is a 20 pt row; a 9 pt
    label before a longer 11 pt answer an 11 pt one), its ``end_size`` the size of its last
    line's last run of words; ``outsized`` when a run OUTSIZED times that size stands beside
    the words holding most of the line's characters."""
    if main.size_runs:
        chars, row.size = max(main.size_runs, key=lambda run: run[0])
        big = max(size for _, size in main.size_runs)
        total = sum(n for n, _ in main.size_runs)
        row.outsized = big >= OUTSIZED * row.size and chars * 2 > total
    row.end_size = row.size
    if last.size_runs and last.size_runs[-1][0] >= END_RUN_CHARS:
        row.end_size = last.size_runs[-1][1]


#: Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms):
#: their rows are not put in left-to-right order.
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def _is_mark_row(row: Row) -> bool:
    text = row.text
    return 0 < len(text) <= MARK_CHARS + 1 and bool(row.pieces) and not any(c.isalpha() for c in text)


def _holds_mark(row: Row, mark: Row) -> bool:
    """``mark`` (a row of marks) sits inside ``row``: smaller type, its centre within the row's
    width and at most a third of the row's height above or below it."""
    if not 0 < mark.size < MARK_SIZE * row.size or _RTL.search(row.text):
        return False
    cx, cy = (mark.x0 + mark.x1) / 2, (mark.y0 + mark.y1) / 2
    slack = (row.y1 - row.y0) / 3
    return row.x0 <= cx <= row.x1 and row.y0 - slack <= cy <= row.y1 + slack


def _join_mark_rows(rows: list[Row], join_hyphenation: bool, lexicon: Lexicon | None = None) -> list[Row]:
    """Rows of marks only (note and affiliation numbers, the commas between them) that the
    layout set apart from the row they sit in, a few rows away in reading order, join it at
    their place along it: "University1,2,3, Yerevan", not "University" with "2" and ", ," as
    paragraphs of their own."""
    if not any(map(_is_mark_row, rows)):
        return rows
    out = list(rows)
    k = 0
    while k < len(out):
        mark = out[k]
        if _is_mark_row(mark):
            near = (k - 1, k + 1, k - 2, k + 2, k - 3, k + 3)
            j = next(
                (
                    j
                    for j in near
                    if 0 <= j < len(out) and not _is_mark_row(out[j]) and out[j].pieces and _holds_mark(out[j], mark)
                ),
                None,
            )
            if j is not None:
                row = out[j]
                pieces = sorted([*row.pieces, *mark.pieces], key=lambda ln: ln.bbox.x0)
                joined = _row(pieces, row.block, join_hyphenation, lexicon)
                joined.role = row.role
                out[j] = joined
                del out[k]
                continue
        k += 1
    return out


#: An underline: a horizontal rule at most this thick, from the row's middle to this share of
#: its height below it, covering the row's width but for UNDERLINE_SLACK of it at each end and
#: running past it by at most UNDERLINE_PAST em; a rule of a grid is none (another rule as
#: long within UNDERLINE_ALONE row heights, or a rule across it: a table's rows), nor is the
#: underline of a link (a row half inside a link annotation's box).
UNDERLINE_THICK = 2.0
UNDERLINE_BELOW = 0.5
UNDERLINE_SLACK = 0.05
UNDERLINE_PAST = 1.0
UNDERLINE_ALONE = 3.0


def _underline(rows: list[Row], rules: Sequence[Box], links: Sequence[Link]) -> None:
    """Mark the rows a rule underlines (see Row.underlined)."""
    flat = [r for r in rules if r.y1 - r.y0 <= UNDERLINE_THICK and r.x1 - r.x0 > 2 * (r.y1 - r.y0)]
    if not flat:
        return
    upright = [r for r in rules if r.x1 - r.x0 <= UNDERLINE_THICK and r.y1 - r.y0 > 2 * (r.x1 - r.x0)]
    # the rules by the height of their middle: a row looks only at those in its band
    below = sorted(((r.y0 + r.y1) / 2, k) for k, r in enumerate(flat))
    mids = [y for y, _ in below]
    first, last = mids[0], mids[-1]
    for row in rows:
        h = row.y1 - row.y0
        width = row.x1 - row.x0
        if h <= 0 or width <= 0:
            continue
        top, bottom = row.y0 + 0.5 * h, row.y1 + UNDERLINE_BELOW * h
        if bottom < first or top > last:
            continue  # above or below every rule (a page's rules are few: a rule under its head)
        lo = bisect.bisect_left(mids, top)
        hi = bisect.bisect_right(mids, bottom)
        if lo >= hi:
            continue
        em = max(row.size, h, 1.0)
        if any(_overlap(row.box, link.bbox) >= 0.5 * width * h for link in links):
            continue
        for _, k in below[lo:hi]:
            r = flat[k]
            if (
                r.x0 <= row.x0 + UNDERLINE_SLACK * width
                and r.x1 >= row.x1 - UNDERLINE_SLACK * width
                and r.x0 >= row.x0 - UNDERLINE_PAST * em
                and r.x1 <= row.x1 + UNDERLINE_PAST * em
                and not _in_grid(r, flat, upright, UNDERLINE_ALONE * h)
            ):
                row.underlined = True
                break


def _overlap(a: Box, b: Box) -> float:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return w * h if w > 0 and h > 0 else 0.0


def _in_grid(rule: Box, flat: Sequence[Box], upright: Sequence[Box], reach: float) -> bool:
    """A horizontal rule with another as long near it (a table's rows) or a rule across it."""
    y = (rule.y0 + rule.y1) / 2
    for o in flat:
        if (
            o is not rule
            and abs(o.x0 - rule.x0) <= 2.0
            and abs(o.x1 - rule.x1) <= 2.0
            and abs((o.y0 + o.y1) / 2 - y) <= reach
        ):
            return True
    return any(rule.x0 - 1.0 <= v.x0 <= rule.x1 + 1.0 and v.y0 - 1.0 <= y <= v.y1 + 1.0 for v in upright)


#: Several note or affiliation marks in one run, set as one piece: "1,2,3", "*,†".
_MARK_LIST = re.compile(r"[0-9*\u2020\u2021\u00a7]{1,3}(?:,[0-9*\u2020\u2021\u00a7]{1,3}){1,5}")
#: Marks that close on the word before them ("Zhang¹, Lina" drawn as "Zhang1" and ", Lina").
_CLOSES = frozenset(",.;:!?)]}%")


#: Punctuation closing on the word before it stands at most this many ems from it.
CLOSE_GAP = 0.25


def _glued(left: TextLine, right: TextLine, text: str) -> bool:
    """``right`` (whose text is ``text``) continues ``left``'s last word with no space: it
    starts with punctuation closing on that word, or it is a superscript or subscript mark
    (smaller type off the baseline) set right after it."""
    gap = right.bbox.x0 - left.bbox.x1
    em = max(left.font_size, 1.0)
    if text[0] in ",.)]}" and gap <= CLOSE_GAP * em:
        # (a comma after a note's mark set raised: its box starts a hair further on; French
        # sets a space before a colon, a semicolon, a question or an exclamation mark)
        return True
    if gap > 0.2 * em:
        return False
    if text[0] in _CLOSES:
        return True
    a, b = left.bbox, right.bbox
    small = 0 < right.font_size < 0.85 * left.font_size
    return (
        small
        and (len(text) <= 4 or _MARK_LIST.fullmatch(text) is not None)
        and (b.y1 < a.y1 - 0.15 * (a.y1 - a.y0) or b.y0 > a.y0 + 0.3 * (a.y1 - a.y0))
    )


# --------------------------------------------------------------------------------------------
# Furniture left in the text ("flag" mode) and hidden text


def _furniture_texts(page: PageText) -> frozenset[str]:
    if not page.furniture or not any(w.endswith("_flagged") for w in page.warnings):
        return frozenset()  # stripped already (or none found)
    return frozenset(" ".join(t.split()) for t in page.furniture)


def _is_furniture(line: TextLine, furniture: frozenset[str], height: float) -> bool:
    if " ".join(line.text.split()) not in furniture:
        return False
    if height <= 0:
        return True
    b = line.bbox
    # running heads and feet at the edges; line numbers (short integers) anywhere in the margin;
    # a stamp set sideways in the margin anywhere along it
    return (
        b.y1 <= FURNITURE_ZONE * height
        or b.y0 >= (1 - FURNITURE_ZONE) * height
        or line.text.strip().isdigit()
        or b.y1 - b.y0 >= SIDEWAYS * (b.x1 - b.x0)
    )


def _visible_part(line: TextLine, hidden: Sequence[HiddenSpan]) -> TextLine | None:
    """The line without the hidden text it holds; None when nothing visible is left."""
    b = line.bbox
    area = max((b.x1 - b.x0) * (b.y1 - b.y0), 1e-9)
    text = line.text
    for span in hidden:
        s = span.bbox
        w = min(b.x1, s.x1) - max(b.x0, s.x0)
        h = min(b.y1, s.y1) - max(b.y0, s.y0)
        # how much of the line the span's own runs cover (its box alone also takes in visible
        # text between or beside them: a title printed over a hidden copy of itself)
        inside = (w * h) / area if w > 0 and h > 0 else 0.0
        if span.parts and inside > 0:
            inside = min(1.0, sum(_overlap(b, band) for band in _part_rows(span.parts)) / area)
        covers_span = w > 0 and h > 0 and (w * h) >= HIDDEN_OVERLAP * max((s.x1 - s.x0) * (s.y1 - s.y0), 1e-9)
        if inside < HIDDEN_OVERLAP and not covers_span and not _offpage(b, s):
            continue
        hidden_text = " ".join(span.text.split())
        flat = " ".join(text.split())
        if not hidden_text:
            continue
        if flat == hidden_text or (inside >= HIDDEN_OVERLAP and flat in hidden_text):
            return None
        if hidden_text in flat:
            text = flat.replace(hidden_text, " ")
    if text is line.text:
        return line
    if not text.strip():
        return None
    from attrs import evolve

    return evolve(line, text=" ".join(text.split()))


def _part_rows(parts: Sequence[Box]) -> list[Box]:
    """A hidden span's runs on one row merged, across the blanks between them: one box a row."""
    rows: list[Box] = []
    for p in sorted(parts, key=lambda r: (r.y0 + r.y1) / 2):
        last = rows[-1] if rows else None
        if last is not None and abs((p.y0 + p.y1) - (last.y0 + last.y1)) / 2 < 0.5 * min(
            p.y1 - p.y0, last.y1 - last.y0
        ):
            rows[-1] = Box(min(last.x0, p.x0), min(last.y0, p.y0), max(last.x1, p.x1), max(last.y1, p.y1))
        else:
            rows.append(p)
    return rows


def _offpage(line: Box, span: Box) -> bool:
    """The same box (an off-page run and the line pdfium made of it)."""
    return abs(line.x0 - span.x0) < 1 and abs(line.y0 - span.y0) < 1 and abs(line.x1 - span.x1) < 1
