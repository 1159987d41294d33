"""Lines into paragraph-like blocks, and a block's lines into its text.

Consecutive lines (in reading order) stay in one block unless a paragraph-sized gap, a jump
upwards, a line beside the block or a change of font size parts them. Inside a block, pieces
of one visual line are joined with a space, and words broken at line ends are joined
(:mod:`~pdfcore.layout.hyphens`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence

from attrs import evolve

from pdfcore.layout.hyphens import HYPHENS, Lexicon, clean_line, ends_hyphenated, hyphen_join
from pdfcore.models import Box, TextBlock, TextLine

_FIRST_WORD = re.compile(r"\s*(\S+)[ \t]*\n?")

#: A vertical gap larger than this many line heights starts a new block.
GAP_FACTOR = 0.8
#: A row in capitals is taken to be this share of its type size tall when the gap to the next
#: such row of the same size is measured (its glyph boxes stand lower: no descenders).
EM_BOX = 0.9
#: Characters reaching below the baseline: a row holding none has its glyph box's foot there.
_DESCENDERS = re.compile(r"[gjpqyQJ,;()\[\]{}|/@$µßçþ]")
#: A font size change larger than this ratio starts a new block.
SIZE_CHANGE = 0.2
#: A line this many times taller than wide is vertical (a tategaki column, or rotated text).
VERTICAL_RATIO = 1.5


def group_lines(
    lines: Sequence[TextLine],
    *,
    join_hyphenation: bool = True,
    after: Mapping[int, TextLine] | None = None,
    lexicon: Lexicon | None = None,
    ends: frozenset[int] = frozenset(),
) -> tuple[TextBlock, ...]:
    """Consecutive lines (in the given order) grouped into paragraph-like blocks.

    ``after`` maps each line ending in pdfium's hyphen mark (by ``id``) to the line that
    followed it in the extractor's order (see :func:`continuations`): only that line is joined
    to it. Without it, the next line of the block is. ``lexicon``: the words that decide
    whether a broken word keeps its hyphen (see :func:`~pdfcore.layout.hyphens.keep_hyphen`).
    ``ends``: the ids of lines that end their block whatever follows them.
    """
    blocks: list[list[TextLine]] = []
    x0 = x1 = 0.0  # horizontal extent of the current block, kept incrementally
    prev: TextLine | None = None
    for k, line in enumerate(lines):
        b = line.bbox
        if (
            prev is None
            or (ends and id(prev) in ends)
            or (_starts_block(prev, _row_of(prev, line, lines, k), x0, x1) and not _continues_word(prev, line))
        ):
            blocks.append([line])
            x0, x1 = b.x0, b.x1
        else:
            blocks[-1].append(line)
            if b.x0 < x0:
                x0 = b.x0
            if b.x1 > x1:
                x1 = b.x1
        prev = line
    return tuple(_block(ls, join_hyphenation, after, lexicon) for ls in blocks)


def _starts_block(prev: TextLine, line: TextLine, x0: float, x1: float) -> bool:
    """Whether ``line`` starts a new block after ``prev``, the last line of a block spanning
    [x0, x1] horizontally. Runs for every line of every page: plain arithmetic."""
    p, b = prev.bbox, line.bbox
    h = p.y1 - p.y0
    hc = b.y1 - b.y0
    if hc > h:
        h = hc
    if h < 1.0:
        h = 1.0
    fp, fc = prev.font_size, line.font_size
    # Same visual line (a continuation the engine split, a superscript after a word, the rest of
    # the row after a superscript set over a subscript, "{q_i}^N_{i=1}. These ..."): never a
    # new block.
    after = b.x0 >= p.x1 - 1 or (0 < fp <= SCRIPT_SIZE * fc and b.x0 >= p.x0 - 1)
    if after and (abs(b.y0 - p.y0) < 0.3 * h or same_band(prev, line)):
        return False
    if b.y0 - p.y1 > GAP_FACTOR * h and not (
        # rows in capitals have low glyph boxes (no descenders): their gap is measured against
        # their type size (a title's rows in capitals one under the other); so is the gap under
        # a row of running text whose letters have no descender ("commuters to leave their cars
        # at home."; a short line so set, a title's or an address's, keeps its gap)
        fp
        and fp == fc
        and b.y0 - p.y1 <= GAP_FACTOR * EM_BOX * fp
        and (
            (_capitals(prev.text) and _capitals(line.text))
            or (not _DESCENDERS.search(prev.text) and prev.text.count(" ") + 1 >= RUNNING_WORDS)
        )
    ):
        return True
    if b.y1 < p.y0 - 0.5 * h:  # jumped upwards: a new column or region
        return True
    if b.x1 < x0 or b.x0 > x1:  # no horizontal overlap with the block
        return True
    return bool(fp and fc and abs(fp - fc) > SIZE_CHANGE * (fp if fp > fc else fc))


#: A row of running text holds this many words at least.
RUNNING_WORDS = 4
#: What a row closing its sentence ends with.
_SENTENCE_END = (".", "!", "?", ":", ";", ")", "]", '"', "”")


def _row_of(prev: TextLine, line: TextLine, lines: Sequence[TextLine], k: int) -> TextLine:
    """``line`` as its row's start is judged after ``prev``: a mark set small that opens a row
    going on in lower case, under a row of running text that leaves its sentence open (a note's
    number raised before the rest of a sentence, "²such as clauses ...") stands for the row,
    its size and box those of the line that goes on after it on the same row. (A note at the
    foot of a page starts with a capital, or follows a note closed or short: it starts a
    block.)"""
    if k + 1 >= len(lines) or prev.text.rstrip().endswith(_SENTENCE_END):
        return line
    if len(prev.text.split()) < RUNNING_WORDS:
        return line
    after = lines[k + 1]
    fa, fb = line.font_size, after.font_size
    if not fa or not fb or fa > SCRIPT_SIZE * fb or after.bbox.x0 < line.bbox.x1 - 1:
        return line
    if after.bbox.x0 - line.bbox.x1 > fb or not after.text[:1].islower() or not same_band(line, after):
        return line  # (a note's text starts a sentence: "ᵇ Missouri's assessment ...")
    box = line.bbox
    o = after.bbox
    return evolve(after, bbox=Box(min(box.x0, o.x0), min(box.y0, o.y0), max(box.x1, o.x1), max(box.y1, o.y1)))


def _capitals(text: str) -> bool:
    """Letters in capitals alone (no lower-case letter, some upper-case one)."""
    return not any(c.islower() for c in text) and any(c.isupper() for c in text)


#: Punctuation that closes the word before it (joined to it without a space) ...
_CLOSERS = frozenset(",.;:!?)]")
#: ... and a line holding nothing else (one or two such marks).
_CLOSING = re.compile(r"\s*[,.;:!?)\]]{1,2}\s*")
#: A piece set at most this share of the size of the text beside it is a superscript or a
#: subscript (a reference mark, an exponent, a note mark) when it overlaps that text's row.
SCRIPT_SIZE = 0.85
#: ... and holds at most this many words and characters ("[30][31][32]", "th", "2").
SCRIPT_WORDS = 2
SCRIPT_CHARS = 12


def same_band(a: TextLine, b: TextLine) -> bool:
    """One of the two is a superscript or subscript of the other's row though its top is not the
    row's: set smaller (``SCRIPT_SIZE``) and overlapping the other vertically by more than half
    of its own height (a citation mark "[12]" raised after a word, an exponent, a footnote mark
    before its note). Callers check that ``b`` stands right after ``a`` (the engine splits a
    visual line where the baseline moves). A mark is short (``SCRIPT_WORDS``, ``SCRIPT_CHARS``):
    a line of a narrow column set smaller beside the text is not one. Punctuation alone after a
    mark ("Mandelin∗" then ",") goes on the row too."""
    fa, fb = a.font_size, b.font_size
    if not _CLOSING.fullmatch(b.text):
        if not fa or not fb or SCRIPT_SIZE * max(fa, fb) < min(fa, fb):
            return False
        mark = (b if fb < fa else a).text.split()
        if len(mark) > SCRIPT_WORDS or sum(len(w) for w in mark) > SCRIPT_CHARS:
            return False  # a line of a column set smaller beside the text, not a mark
    p, q = a.bbox, b.bbox
    overlap = (p.y1 if p.y1 < q.y1 else q.y1) - (p.y0 if p.y0 > q.y0 else q.y0)
    return overlap > 0.5 * max(min(p.y1 - p.y0, q.y1 - q.y0), 1.0)


def _continues_word(prev: TextLine, line: TextLine) -> bool:
    """``line`` holds the rest of a word pdfium found hyphenated at the end of ``prev`` (which
    ends in its mark, U+FFFE) and is the next row of the paragraph: just below it (within one
    and a half of its own height: glyph boxes of a row without ascenders are low), overlapping
    it horizontally. Tight glyph boxes or a first character in another font (a caption after a
    figure's labels) would otherwise start a new block in the middle of the word."""
    if not prev.text.endswith("\ufffe"):
        return False
    p, b = prev.bbox, line.bbox
    gap = b.y0 - p.y1
    return -0.5 * (b.y1 - b.y0) <= gap <= 1.5 * max(b.y1 - b.y0, 1.0) and b.x0 < p.x1 and b.x1 > p.x0


def _block(
    lines: list[TextLine],
    join_hyphenation: bool = True,
    after: Mapping[int, TextLine] | None = None,
    lexicon: Lexicon | None = None,
) -> TextBlock:
    text_lines: list[str] = []
    before: TextLine | None = None  # the line before ``ln``
    marked: TextLine | None = None  # the previous line, when it ended in pdfium's hyphen mark
    broken = ""  # how the previous line ended: "" (whole word), "soft" (U+00AD), "hyphen" (U+FFFE)
    first = lines[0].bbox
    x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
    for ln in lines:
        b = ln.bbox
        x0 = b.x0 if b.x0 < x0 else x0
        y0 = b.y0 if b.y0 < y0 else y0
        x1 = b.x1 if b.x1 > x1 else x1
        y1 = b.y1 if b.y1 > y1 else y1
        raw = ln.text
        if "\u00ad" in raw or "\ufffe" in raw:
            text, ends = clean_line(raw, join_hyphenation, lexicon)
        else:
            text, ends = raw.strip(), ""
        joinable = join_hyphenation
        if broken == "hyphen" and after is not None and marked is not None and after.get(id(marked)) is not ln:
            # Not the rest of the word pdfium hyphenated (a sidebar's line read in between, say):
            # the printed hyphen stays, and nothing is joined to it.
            text_lines[-1] += "-"
            broken = ""
            joinable = False
        last = before.bbox if before is not None else None
        level = last is not None and abs(b.y0 - last.y0) < 0.3 * max(last.y1 - last.y0, 1.0)
        if (
            before is not None
            and last is not None
            and text_lines
            and (level or (b.x0 >= last.x1 - 1 and same_band(before, ln)))
        ):
            if broken == "hyphen":
                text_lines[-1] += "-"
            # punctuation the engine set on a line of its own after a raised mark joins the word
            # it closes
            glued = not level and text[:1] in _CLOSERS and b.x0 - last.x1 < 0.25 * max(last.y1 - last.y0, 1.0)
            text_lines[-1] = text_lines[-1] + ("" if glued else " ") + text
        elif (
            joinable
            and text_lines
            and text
            and (broken or (text_lines[-1][-1:] in HYPHENS and ends_hyphenated(text_lines[-1], text)))
        ):
            head, _, rest = text.partition(" ")
            text_lines[-1] = hyphen_join(text_lines[-1], head, broken, lexicon)
            if rest.strip():
                text_lines.append(rest.strip())
        else:
            if broken == "hyphen" and text_lines:
                text_lines[-1] += "-"
            text_lines.append(text)
        broken = ends
        marked = ln if ends == "hyphen" else None
        before = ln
    if broken == "hyphen" and text_lines:
        # A word pdfium found hyphenated at the block's last line end goes on elsewhere (the next
        # column, the next page): the printed hyphen stays.
        text_lines[-1] += "-"
    return TextBlock(text="\n".join(t for t in text_lines if t), bbox=Box(x0, y0, x1, y1), lines=tuple(lines))


def continuations(lines: Sequence[TextLine]) -> dict[int, TextLine]:
    """For each line ending in pdfium's hyphen mark (U+FFFE), by ``id``, the line after it in the
    extractor's order: where pdfium found the rest of the word."""
    return {id(a): b for a, b in itertools.pairwise(lines) if a.text.endswith("\ufffe")}


def join_across_blocks(
    blocks: list[TextBlock], after: Mapping[int, TextLine], lexicon: Lexicon | None = None
) -> list[TextBlock]:
    """Join a word pdfium found hyphenated at the end of a block with its rest at the start of
    the next block, when that block starts with the very line that followed the hyphen in the
    extractor's order (the word goes on in the next column, or after a figure). The rest of the
    word moves up, as inside a block; the next block keeps its other words."""
    marked = [k for k, b in enumerate(blocks[:-1]) if b.lines and b.lines[-1].text.endswith("\ufffe")]
    if not marked:
        return blocks
    out = list(blocks)
    for k in marked:
        a, b = out[k], out[k + 1]
        if not b.lines or after.get(id(a.lines[-1])) is not b.lines[0] or not a.text.endswith("-"):
            continue
        head, rest = _first_word(b.text)
        box = b.lines[0].bbox
        if not head[:1].isalpha() or box.height > VERTICAL_RATIO * box.width:
            continue  # not a word, or a rotated line (a margin stamp the content stream holds next)
        out[k] = evolve(a, text=hyphen_join(a.text[:-1], head, "hyphen", lexicon))
        out[k + 1] = evolve(b, text=rest)
    return out


def _first_word(text: str) -> tuple[str, str]:
    """The first word of ``text`` and what follows it (the space or line break after it dropped)."""
    m = _FIRST_WORD.match(text)
    return (m.group(1), text[m.end() :]) if m else ("", text)
