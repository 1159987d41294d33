"""One pdfium line cut into the rows it holds: at a resolved hyphen whose word goes on on another
row, rows stacked one under the other, a block pdfium gives as one line on a turned page, runs
of another writing direction; and a line's font facts from its first and last characters.
"""

from __future__ import annotations

import ctypes
import itertools
import math
import re
from collections.abc import Sequence
from typing import Any

from adapters._pdfium import unchecked
from adapters._pdfium_accents import left_out
from adapters._pdfium_emphasis import bold_lead
from adapters._pdfium_fonts import line_fonts
from pdfcore.models import Box, TextLine

#: Characters a line may end with that are not part of its last word (hyphen marks, spaces).
LINE_END = " \t\r\ufffe\u00ad\x00"
#: A line's rects may show text set in another direction (see ``_rotated_run``) when a rect
#: taller than wide is this many times as tall as the tallest rect wider than tall: a run of
#: rotated text, not a narrow upright glyph (an ``l`` or a parenthesis drawn as its own text
#: object is at most about twice as tall as an ``m``).
ROTATED_RUN = 3.0


def text_line(raw: Any, words: str, bbox: Box, first: int, last: int, line_facts: Any) -> TextLine:
    """A text line with the font facts of its ``first`` character; bold and monospaced only
    when its ``last`` character is too (the whole line, not a bold first word (a run-in
    heading) or inline code); a line starting with a mark or digit (a superscript note number,
    a bullet in a smaller face) has the larger size of its first and last characters, and a
    line opening with a note's number set smaller has its last character's faces; where
    its size changes along it, its runs of words of one size (see :func:`size_runs`). A note's
    mark glued to the word it opens the row with is set apart (see :func:`_mark_apart`), a run
    of its own in the size runs."""
    if _GLYPH_BULLET.match(words) and _bullet(raw, words, first, line_facts):
        words = "\u2022" + words[1:]  # (before the facts: a bullet's size is no measure of the line's)
    points, bold, mono, italic, role, runs, head_bold = _facts(raw, words, first, last, line_facts)
    if _GLUED_MARK.match(words) and (sizes := _mark_apart(raw, first, line_facts)) is not None:
        words = words[0] + " " + words[1:]
        runs = _mark_run(sizes, runs, words)
        return TextLine(words, bbox, points, bold, mono, role, italic, runs)
    lead = "" if bold or mono or last <= first else bold_lead(raw, words, first, line_facts, head_bold=head_bold)
    return TextLine(words, bbox, points, bold, mono, role, italic, runs, lead)


#: A row opening with one character set apart from its text (a bullet maybe, see _bullet).
_GLYPH_BULLET = re.compile(r"[^\s\u2022] +\S")


def _bullet(raw: Any, words: str, first: int, line_facts: Any) -> bool:
    """The row's first character is a bullet drawn from a symbol font's glyph (see
    :meth:`adapters._pdfium_fonts.LineFonts.bullet`), read as ``•``."""
    fonts = line_fonts(line_facts)
    if fonts is None:
        return False
    word = words[1:].lstrip()
    return fonts.bullet(raw, first, first + len(words) - len(word), words[0], word)


#: A row opening with one letter or digit right before a capital ("aThere is ...", "1Adapted
#: from ..."): a note's mark glued to its text, when the mark is set smaller (see
#: :func:`_mark_apart`).
_GLUED_MARK = re.compile(r"[a-z0-9][A-Z]")
#: A mark set at this share of the next character's size or less is a note's (a superscript).
MARK_SIZE = 0.8


def _mark_apart(raw: Any, first: int, line_facts: Any) -> tuple[float, float] | None:
    """The sizes of the row's first character and the one after it when the first (a letter or
    digit before a capital) is set smaller: a note's mark (a footnote's ``a`` or ``1`` in
    superscript) that the text layer gives with no space before the note's first word (``aThere
    is a potential role ...``). The mark is read apart from the word (``a There is ...``); a
    word of one size (``eMusic``, ``iPhone``) is left alone (None)."""
    mark: float = line_facts(raw, first)[0]
    after: float = line_facts(raw, first + 1)[0]
    return (mark, after) if 0 < mark <= MARK_SIZE * after else None


def _mark_run(
    sizes: tuple[float, float], runs: tuple[tuple[int, float], ...], words: str
) -> tuple[tuple[int, float], ...]:
    """The size runs of a line whose note's mark was set apart (``words`` with the space after
    it; ``sizes``: the mark's and the next character's): the mark a run of its own, the rest as
    they were (the word it was glued to, read whole, hid the change: one run, none kept)."""
    if not runs:
        return ((1, sizes[0]), (sum(len(w) for w in words.split()) - 1, sizes[1]))
    (n, size), *rest = runs
    return ((1, sizes[0]), (n - 1, size), *rest)


#: Sizes of neighbouring words this share of the larger apart or more are runs of their own
#: (the size change that starts a new unit in the Markdown).
RUN_STEP = 0.12


def _facts(
    raw: Any, words: str, first: int, last: int, line_facts: Any
) -> tuple[float, bool, bool, bool, str, tuple[tuple[int, float], ...], bool]:
    """(size, bold, mono, italic, role, size runs, whether its first character is bold) of a
    line from its first and last characters (see :func:`text_line`; italic like bold: from the
    first character to the last)."""
    points, bold, mono, italic, role = line_facts(raw, first)
    head_bold = bold
    first_points = points
    mark = not words.lstrip()[:1].isalpha()
    points_end = points
    if last > first:  # (one call: the last character's text object is mostly the first's)
        points_end, bold_end, mono_end, italic_end, _ = line_facts(raw, last)
        if points_end > points and words.lstrip()[:1].isdigit():
            # a note's number set smaller (a superscript) in the text's face or not: the
            # text's face is the line's (a footnote's address in a typewriter face)
            bold, mono, italic = bold_end, mono_end, italic_end
        else:
            bold, mono, italic = bold and bold_end, mono and mono_end, italic and italic_end
    if mark and points_end > points:
        points = points_end
    if mark and words.startswith("[") and words.endswith("]"):
        # "[33] six national parks,[34]": reference marks at both ends, the text's own
        # size after the first
        rest = words.split(None, 1)
        at = first + len(words) - len(rest[1]) if len(rest) == 2 else last
        if first < at < last:
            points = max(points, line_facts(raw, at)[0])
    runs: tuple[tuple[int, float], ...] = ()
    big = max(first_points, points_end)
    if big > 0 and abs(first_points - points_end) > RUN_STEP * big:
        runs = size_runs(raw, words.lstrip(), first, last, line_facts)
        if len(runs) == 1:
            # one size word by word: no size change. When the line starts with a word in
            # capitals, that is small capitals whose first letter is one too ("QUIRESSTACK.
            # These ...", the word broken at the line before); when it starts with a letter in
            # lower case, that is a subscript opening the row ("i=1. These are sent ..." under
            # "{q_i}^N"): the line is the words' size.
            head = words.lstrip()
            if head.split(None, 1)[0].isupper() or head[:1].islower():
                points = runs[0][1]
            runs = ()
    return points, bold, mono, italic, role, runs, head_bold


def size_runs(raw: Any, text: str, first: int, last: int, line_facts: Any) -> tuple[tuple[int, float], ...]:
    """Where a line's size changes (read when its first and last characters differ in size):
    (characters, size) of each run of words of one size (RUN_STEP), in order: one run when one
    size holds throughout, () when the text's offsets are not the page's. ``text`` starts at
    character ``first``. A word's size is the larger of its first and last characters' (a small
    capital's word is its capital's size, a word with a note number glued to it its own); a word
    in capitals set a size down inside running text counts at the text's (see _caps_size)."""
    if "\x00" in text:
        return ()  # characters left out of the text: its offsets are not the page's
    words: list[tuple[int, float, int]] = []  # characters, size, kind (_CAPITALS, _RUNNING or 0)
    for word in re.finditer(r"\S+", text[: last - first + 1]):
        a, b = word.span()
        size = line_facts(raw, first + a)[0]
        if b - a > 1:
            size = max(size, line_facts(raw, first + b - 1)[0])
        words.append((b - a, size, _word_kind(word.group())))
    runs: list[list[float]] = []  # [characters, size]
    for k, (n, size, kind) in enumerate(words):
        if kind == _CAPITALS:
            size = _caps_size(words, k, size)
        if runs and abs(runs[-1][1] - size) <= RUN_STEP * max(runs[-1][1], size):
            runs[-1][0] += n
        else:
            runs.append([n, size])
    return tuple((int(n), size) for n, size in runs) if len(runs) > 1 or not runs else ((len(text), runs[0][1]),)


#: Kinds of words for _caps_size: in capitals (two capital letters or more, nothing else but
#: punctuation around them: ``FOR``, ``CONTACT:``; not a code, ``ANNUAL-REPORT-2009``, nor one
#: letter, a symbol font's icon drawn as ``Þ``), or running text (holding a small letter).
_CAPITALS, _RUNNING = 1, 2


def _word_kind(word: str) -> int:
    core = word.strip("()[],.:;'\"‘’“”")
    if len(core) >= 2 and core.isalpha() and core.isupper():
        return _CAPITALS
    return _RUNNING if any(ch.islower() for ch in word) else 0


def _caps_size(words: list[tuple[int, float, int]], k: int, size: float) -> float:
    """The size word ``k``, in capitals, counts at: the size of the nearest word of running text
    (one holding a small letter) before it, else after it, when it is set smaller but CAPS_SIZE
    of that or more (a name or a section's title set in capitals a size down inside running
    text, ``in the FOR FURTHER INFORMATION CONTACT section``: no size change); its own
    otherwise (a running head in capitals beside its page number keeps its size)."""
    for j in [*range(k - 1, -1, -1), *range(k + 1, len(words))]:
        if words[j][2] == _RUNNING:
            near = words[j][1]
            return near if CAPS_SIZE * near <= size < near else size
    return size


#: Words in capitals set at this share of the text's size or more are the text's (see _caps_size).
CAPS_SIZE = 0.7


def _range_box(tp: Any, first: int, count: int) -> tuple[float, float, float, float] | None:
    """The box (left, bottom, right, top; user space) of the rects pdfium gives for ``count``
    characters from ``first``; None when nothing of them is drawn."""
    return _rects_box(_range_rects(tp, first, count))


def _rects_box(rects: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float] | None:
    """The box of the rects (left, bottom, right, top), None when there are none."""
    if not rects:
        return None
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))


def _range_rects(tp: Any, first: int, count: int) -> list[tuple[float, float, float, float]]:
    """The rects (left, bottom, right, top; user space) pdfium gives for ``count`` characters
    from ``first``."""
    fast = unchecked()
    left, top, right, bottom = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    out_l, out_t, out_r, out_b = ctypes.byref(left), ctypes.byref(top), ctypes.byref(right), ctypes.byref(bottom)
    out = []
    for k in range(fast.count_rects(tp, first, count)):
        if fast.get_rect(tp, k, out_l, out_t, out_r, out_b):
            out.append((left.value, bottom.value, right.value, top.value))
    return out


def rows_at_hyphens(
    raw: Any,
    tp: Any,
    start: int,
    body: str,
    to_box: Any,
    line_facts: Any,
    rects: list[tuple[float, float, float, float]] | None = None,
) -> list[TextLine] | None:
    """One pdfium line cut where it goes on on another row after a resolved hyphen, or None.

    pdfium joins the halves of a word hyphenated at a line end into one line, the hyphen marked
    U+FFFE, so the line spans two rows. The next row is usually the next line of the paragraph,
    but it may be anything the content stream holds next: a running foot ("a di" + U+FFFE +
    "22 FREE CULTURE" at the foot of a book page), a column's top, a footnote. Each row becomes
    a line of its own (the mark ends the first one; the layout joins the word again inside a
    paragraph), so furniture, columns and blocks see every row where it is.

    ``rects`` are the line's rects (left, bottom, right, top), in text order, when the caller
    has them: rows told apart there need no more pdfium calls (the common case: each mark ends
    a row). Otherwise each piece between marks is measured, and cut where it stands on rows set
    apart (see _piece_rows).
    """
    if rects is not None:
        upended = any(t - b > 1.5 * (r - lft) for lft, b, r, t in rects)
        if upended and (_rotated_run(rects) or not any(r - lft > 1.5 * (t - b) for lft, b, r, t in rects)):
            return None  # rotated text: its rows are not told apart by height
        rows = row_boxes(rects)
        if len(rows) == 1:
            return None
        if len(rows) == body.count("\ufffe") + 1:
            return _row_lines(raw, start, body, to_box, line_facts, rows)
    pieces: list[tuple[int, int, float, float, float, float]] = []  # start, end, left, bottom, right, top
    a = lead = 0  # lead: where the next piece starts (text with nothing drawn goes with the next)
    while a < len(body):
        end = body.find("\ufffe", a)
        end = len(body) if end < 0 else end + 1
        for b, drawn in _piece_rows(tp, start, body, a, end):
            if drawn is not None:
                x0, y0, x1, y1 = drawn
                if y1 - y0 > 1.5 * (x1 - x0):
                    return None  # rotated text: its rows are not told apart by height
                last = pieces[-1] if pieces else None
                if last is not None and abs(y0 + y1 - last[3] - last[5]) < max(y1 - y0, last[5] - last[3], 1.0):
                    s, _, l0, b0, r0, t0 = last  # centres within half a line: the same row, one line
                    pieces[-1] = (s, b, min(l0, x0), min(b0, y0), max(r0, x1), max(t0, y1))
                else:
                    pieces.append((lead, b, x0, y0, x1, y1))
                lead = b
            elif pieces:  # nothing drawn (spaces): it goes with the piece before
                s, _, l0, b0, r0, t0 = pieces[-1]
                pieces[-1] = (s, b, l0, b0, r0, t0)
                lead = b
        a = end
    if len(pieces) < 2:
        return None
    return _row_lines(
        raw, start, body, to_box, line_facts, [(x0, y0, x1, y1) for _, _, x0, y0, x1, y1 in pieces], pieces
    )


def _piece_rows(
    tp: Any, start: int, body: str, a: int, b: int
) -> list[tuple[int, tuple[float, float, float, float] | None]]:
    """The text from ``a`` to ``b`` of a line, as the rows it stands on: each row's end and box
    (left, bottom, right, top; None when nothing is drawn). Mostly one row; a piece between two
    hyphen marks may open with text the content stream drew elsewhere before the paragraph (a
    figure's label before its caption): it is cut where a word stands on a row set apart
    (ROWS_APART) from the words before it."""
    rects = _range_rects(tp, start + a, b - a)
    box = _rects_box(rects)
    if box is None or len(row_boxes(rects)) < 2 or len(body[a:b].split()) < 2:
        return [(b, box)]
    rows: list[tuple[int, tuple[float, float, float, float]]] = []  # each row's start and box
    for word in re.finditer(r"\S+", body[a:b]):
        drawn = _range_box(tp, start + a + word.start(), word.end() - word.start())
        if drawn is None:
            continue
        if rows:
            at, (x0, y0, x1, y1) = rows[-1]
            apart = ROWS_APART * min(y1 - y0, drawn[3] - drawn[1])
            if not (drawn[1] >= y1 + apart or drawn[3] <= y0 - apart):
                rows[-1] = (at, (min(x0, drawn[0]), min(y0, drawn[1]), max(x1, drawn[2]), max(y1, drawn[3])))
                continue
        rows.append((a + word.start() if rows else a, drawn))
    if len(rows) < 2:
        return [(b, box)]
    return [(rows[k + 1][0] if k + 1 < len(rows) else b, row) for k, (_, row) in enumerate(rows)]


#: A line this many times as tall as its tallest rect of text may hold rows one under the other.
STACKED_ROWS = 1.8
#: Rows apart by this share of the lower one's height at least are rows of their own, each of
#: this many words at least (a formula's parts stacked one word each are not cut apart; see
#: :func:`row_words`).
ROWS_APART = 0.25
ROW_WORDS = 2
#: Characters of scripts written without spaces between words (CJK ideographs, kana, hangul).
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


#: A run of this many characters or more without a space, two thirds of them letters, is no
#: formula part: it counts as ROW_WORDS words (a note's web address alone on its row).
LONG_TOKEN = 16


def row_words(text: str) -> int:
    """A row's words: its runs of non-space characters, each character of a script written
    without spaces (Chinese, Japanese, Korean) counted as a word of its own (a sentence of
    fourteen ideographs is no one-word formula part), a long run mostly of letters (LONG_TOKEN)
    as ROW_WORDS."""
    n = 0
    for token in text.split():
        k = len(_UNSPACED.findall(token))
        if not k and len(token) >= LONG_TOKEN and 3 * sum(c.isalpha() for c in token) >= 2 * len(token):
            k = ROW_WORDS
        n += max(1, k)
    return n


def stacked_rows(
    raw: Any,
    tp: Any,
    start: int,
    body: str,
    to_box: Any,
    line_facts: Any,
    rects: list[tuple[float, float, float, float]],
) -> list[TextLine] | None:
    """One pdfium line cut into its rows, when it holds text on rows one under the other, set
    apart (a title's last line and the headings of a table under it, which pdfium joins when
    the content stream draws them one after the other); None when its rects stand on one row,
    or go back to a row they left (a fraction's numerator and denominator between text on the
    line), or when a row holds one word only (a formula's parts stacked). Each word goes to the
    row holding its middle."""
    rows = row_boxes(rects)
    if len(rows) < 2:
        return None
    down = rows[1][1] < rows[0][1]
    for (_, b0, _, t0), (_, b1, _, t1) in itertools.pairwise(rows):
        gap = b0 - t1 if down else b1 - t0
        if gap < ROWS_APART * min(t0 - b0, t1 - b1):
            return None
    fast = unchecked()
    count_rects, get_rect = fast.count_rects, fast.get_rect
    left, top, right, bottom = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    out_l, out_t, out_r, out_b = ctypes.byref(left), ctypes.byref(top), ctypes.byref(right), ctypes.byref(bottom)
    spans: list[tuple[int, int]] = []
    row_of: list[int] = []
    for word in re.finditer(r"\S+", body):
        a, b = word.span()
        y = None
        for k in range(count_rects(tp, start + a, b - a)):
            if get_rect(tp, k, out_l, out_t, out_r, out_b):
                y = (bottom.value + top.value) / 2
                break
        if y is None:
            continue
        row = next((i for i, (_, rb, _, rt) in enumerate(rows) if rb <= y <= rt), None)
        if row is None:
            return None
        if row_of and row_of[-1] == row:
            spans[-1] = (spans[-1][0], b)
        else:
            if row_of and row != row_of[-1] + 1:
                return None
            if spans:
                spans[-1] = (spans[-1][0], a)
            spans.append((a, b))
            row_of.append(row)
    if len(spans) != len(rows) or any(row_words(body[a:b]) < ROW_WORDS for a, b in spans):
        return None
    spans[0] = (0, spans[0][1])
    spans[-1] = (spans[-1][0], len(body))
    return _row_lines(
        raw, start, body, to_box, line_facts, rows, [(a, b, *rows[k]) for (a, b), k in zip(spans, row_of, strict=True)]
    )


def row_boxes(rects: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Consecutive rects (left, bottom, right, top) on one row merged: a row's box each."""
    rows: list[tuple[float, float, float, float]] = []
    for lv, bv, rv, tv in rects:
        if rows:
            l0, b0, r0, t0 = rows[-1]
            if abs(bv + tv - b0 - t0) < max(tv - bv, t0 - b0, 1.0):  # centres within half a line
                rows[-1] = (min(l0, lv), min(b0, bv), max(r0, rv), max(t0, tv))
                continue
        rows.append((lv, bv, rv, tv))
    return rows


def _row_lines(
    raw: Any,
    start: int,
    body: str,
    to_box: Any,
    line_facts: Any,
    rows: list[tuple[float, float, float, float]],
    spans: list[tuple[int, int, float, float, float, float]] | None = None,
) -> list[TextLine]:
    """One line per row (left, bottom, right, top): the text cut after each U+FFFE mark (one
    mark per row change), or at the given ``spans`` (start, end, ...)."""
    out: list[TextLine] = []
    a = 0
    for k, (x0, y0, x1, y1) in enumerate(rows):
        if spans is not None:
            a, b = spans[k][0], spans[k][1]
        else:
            b = body.find("\ufffe", a)
            b = len(body) if b < 0 else b + 1
        text = body[a:b]
        words = left_out(text)
        if words:
            first = start + a + len(text) - len(text.lstrip())
            last = start + a + len(text.rstrip(LINE_END)) - 1
            out.append(text_line(raw, words, to_box(x0, y0, x1, y1), first, max(first, last), line_facts))
        a = b
    return out


def split_rows(raw: Any, tp: Any, start: int, body: str, to_box: Any, line_facts: Any, rotation: int) -> list[TextLine]:
    """One pdfium line cut into the lines it holds on the displayed page: text set across
    (each character's angle with the page's ``rotation``, in quarter turns) is a line of its
    own, and text set along the page starts a new row where a character's box (display space)
    does not overlap the current row's band (text set across: its column's). Spaces go with
    the row they are in."""
    loose = raw.FS_RECTF()
    get_box = raw.FPDFText_GetLooseCharBox  # the font's ascent to descent: one band per row
    char_angle = unchecked().char_angle
    spans: list[tuple[int, int, float, float, float, float]] = []  # start, end, box of each row
    s = 0
    turn = -1  # the current row's quarter turns on the display
    bx0 = by0 = float("inf")
    bx1 = by1 = float("-inf")
    for k, ch in enumerate(body):
        if ch.isspace() or not get_box(tp, start + k, loose):
            continue
        lft, rgt, btm, top = loose.left, loose.right, loose.bottom, loose.top
        if rgt <= lft and top <= btm:
            continue
        b = to_box(lft, btm, rgt, top)
        q = round((math.degrees(char_angle(tp, start + k)) + rotation) / 90) % 4
        across = q % 2 == 1
        if bx0 != float("inf") and (
            q != turn or (b.x0 >= bx1 or b.x1 <= bx0 if across else b.y0 >= by1 or b.y1 <= by0)
        ):
            spans.append((s, k, bx0, by0, bx1, by1))
            s = k
            bx0 = by0 = float("inf")
            bx1 = by1 = float("-inf")
        turn = q
        bx0, by0, bx1, by1 = min(bx0, b.x0), min(by0, b.y0), max(bx1, b.x1), max(by1, b.y1)
    if bx0 != float("inf"):
        spans.append((s, len(body), bx0, by0, bx1, by1))
    return [
        piece_line(raw, body[a:e], start + a, Box(x0, y0, x1, y1), line_facts)
        for a, e, x0, y0, x1, y1 in spans
        if body[a:e].strip()
    ]


def piece_line(raw: Any, text: str, at: int, box: Box, line_facts: Any) -> TextLine:
    """The line of ``text``, a piece of a pdfium line starting at the page's character ``at``
    and drawn in ``box`` (display space), with the font facts of its first and last characters
    but spaces (see :func:`text_line`)."""
    lead = len(text) - len(text.lstrip())
    last = len(text.rstrip()) - 1
    size, bold, mono, italic, role, runs, _ = _facts(raw, text, at + lead, at + max(lead, last), line_facts)
    return TextLine(left_out(text), box, size, bold, mono, role, italic, runs)


def in_row(piece: Box, row: Box) -> bool:
    """Whether a rect (display space) stands in a row's band."""
    mid = (piece.y0 + piece.y1) / 2
    return row.y0 <= mid <= row.y1


def _rotated_run(rects: Sequence[tuple[float, float, float, float]]) -> bool:
    """Whether a line's rects (left, bottom, right, top), in text order, may hold text set in
    another direction (the test ``read_lines`` makes as it reads them): some are taller than wide
    and some wider than tall, and either a tall one is ``ROTATED_RUN`` times as tall as the
    tallest wide one (a rotated run beside upright text) or two rects in a row stand one above
    the other, overlapping across more than half the narrower one's width (rotated glyphs drawn
    one object each). Upright glyphs drawn one object each (a narrow ``l`` is taller than
    wide, an ``m`` wider than tall) stand side by side."""
    tall = wide = 0.0
    stacked = False
    for k, (lft, b, r, t) in enumerate(rects):
        h = t - b
        if h > 1.5 * (r - lft):
            tall = max(tall, h)
        elif r - lft > 1.5 * h:
            wide = max(wide, h)
        if k:
            pl, pb, pr, pt = rects[k - 1]
            if b >= pt or t <= pb:
                stacked = stacked or min(r, pr) - max(lft, pl) > 0.5 * min(r - lft, pr - pl)
    return bool(tall and wide) and (stacked or tall > ROTATED_RUN * wide)


def split_by_angle(raw: Any, tp: Any, start: int, body: str, to_box: Any, line_facts: Any) -> list[TextLine]:
    """Cut one pdfium line where the characters' rotation changes (spaces follow their run)."""
    runs: list[tuple[int, int]] = []
    first = 0
    angle: float | None = None
    char_angle = unchecked().char_angle
    for k, ch in enumerate(body):
        if ch.isspace():
            continue
        a = round(char_angle(tp, start + k), 2)
        if angle is not None and a != angle:
            runs.append((first, k))
            first = k
        angle = a
    runs.append((first, len(body)))
    out: list[TextLine] = []
    for s, e in runs:
        text = body[s:e]
        if not text.strip():
            continue
        drawn = _range_box(tp, start + s, e - s)
        if drawn is None:
            continue
        x0, y0, x1, y1 = drawn
        rows = rows_at_hyphens(raw, tp, start + s, text, to_box, line_facts) if "\ufffe" in text else None
        if rows is not None:
            out.extend(rows)
            continue
        out.append(piece_line(raw, text, start + s, to_box(x0, y0, x1, y1), line_facts))
    return out
