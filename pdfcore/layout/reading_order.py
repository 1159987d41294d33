"""A page's lines in reading order: :func:`assemble` fills a page's blocks and text.

The lines are split by orientation first: horizontal lines are read in columns and bands
(:mod:`~pdfcore.layout.columns`) when the page has them, in the extractor's order otherwise;
vertical CJK columns are read by :mod:`~pdfcore.layout.vertical`; rotated lines (margin
stamps, rotated labels) stay where the extractor put them on a page without columns and come
after the columns on a page with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import evolve

from pdfcore.layout.blocks import VERTICAL_RATIO, continuations, group_lines, join_across_blocks
from pdfcore.layout.columns import MIN_SIDE_LINES, column_regions
from pdfcore.layout.drawn_late import bands_in_place
from pdfcore.layout.hyphens import Lexicon
from pdfcore.layout.list_marks import markers_in_place
from pdfcore.layout.margin_heads import heads_apart, margin_heads_in_place
from pdfcore.layout.scripts import CJK, has_cjk
from pdfcore.layout.vertical import merge_vertical, vertical_bands
from pdfcore.models import Box, PageText, TextBlock, TextLine

if TYPE_CHECKING:
    from ports.word_list import WordList


def assemble(
    page: PageText,
    *,
    join_hyphenation: bool = True,
    words: frozenset[str] = frozenset(),
    common: WordList | None = None,
) -> PageText:
    """Order ``page.lines``, group them into blocks and fill ``text``; pages without lines pass through.

    ``words``: the document's vocabulary (:func:`~pdfcore.layout.hyphens.vocabulary` of its
    sample pages); with the page's own words it decides whether a word broken at a hyphen keeps
    it, and where neither knows the word, the ``common`` words of English do (see
    :func:`~pdfcore.layout.hyphens.keep_hyphen`). Contracts other code relies on: ``text`` is
    the blocks' texts joined by a blank line (so each ``blocks[i].text`` appears verbatim in
    it), block boxes are in page space, and ``lines`` is emptied (the lines live on in their
    blocks).
    """
    if not page.lines:
        if page.blocks and not page.text:
            text = render_text(page.blocks)
            return evolve(page, text=text, char_count=count_chars(text))
        return evolve(page, char_count=count_chars(page.text)) if page.text and not page.char_count else page
    lines, heads = heads_apart(markers_in_place(drawn_once(page.lines)), page.gaps)
    lexicon = Lexicon(words, lines, common=common) if join_hyphenation else None
    blocks = order_blocks(
        lines,
        join_hyphenation=join_hyphenation,
        rules=page.rules,
        gutters=page.gutters,
        lexicon=lexicon,
        art=[d.bbox for d in page.drawings],
        ends=heads,
    )
    text = render_text(blocks)
    return evolve(page, blocks=blocks, lines=(), text=text, char_count=count_chars(text))


#: A line whose box overlaps an earlier line of the same text by at least this share (of the
#: union of the two boxes) is that line drawn again.
SAME_PLACE = 0.8


def drawn_once(lines: Sequence[TextLine]) -> Sequence[TextLine]:
    """``lines`` without the repeats of a line drawn twice at its place (the same text, nearly
    the same box): some producers draw a page's text, or parts of it, a second time later in
    the page (a duplicate layer, an invisible copy over visible text); the reader sees it once,
    and the text layer gives it once here. The first of the two is kept."""
    keys = [line.text.strip() for line in lines]
    if len(set(keys)) == len(keys):
        return lines  # no two lines of the same text (most pages): none is drawn twice
    seen: dict[str, list[Box]] = {}
    kept: list[TextLine] = []
    for line, key in zip(lines, keys, strict=True):
        b = line.bbox
        earlier = seen.get(key) if key else None
        if earlier is not None and any(_overlap_share(b, e) >= SAME_PLACE for e in earlier):
            continue
        if key:
            seen.setdefault(key, []).append(b)
        kept.append(line)
    return kept if len(kept) < len(lines) else lines


def _overlap_share(a: Box, b: Box) -> float:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    if w <= 0 or h <= 0:
        return 0.0
    both = w * h
    union = (a.x1 - a.x0) * (a.y1 - a.y0) + (b.x1 - b.x0) * (b.y1 - b.y0) - both
    return both / union if union > 0 else 0.0


def count_chars(text: str) -> int:
    """Non-whitespace characters (done in C: this runs on every page).

    Spaces and line breaks are the only whitespace of most pages: every other whitespace
    character is unprintable, so a page that prints whole once its line breaks are spaces is
    counted without splitting it into words (which costs twice as much)."""
    spaced = text.replace("\n", " ")
    if spaced.isprintable():
        return len(text) - spaced.count(" ")
    return len("".join(text.split()))


def render_text(blocks: Sequence[TextBlock]) -> str:
    return "\n\n".join(b.text for b in blocks if b.text)


def order_blocks(
    lines: Sequence[TextLine],
    *,
    join_hyphenation: bool = True,
    rules: Sequence[Box] = (),
    gutters: Sequence[Box] = (),
    lexicon: Lexicon | None = None,
    art: Sequence[Box] = (),
    ends: frozenset[int] = frozenset(),
) -> tuple[TextBlock, ...]:
    """The page's blocks in reading order (columns, bands, vertical writing).

    ``rules`` are the page's ruling lines: a gutter crossed by horizontal rules is the space
    between table columns, not between text columns. ``gutters``: vertical rules that stand
    between columns (see :func:`pdfcore.rule_gutters.rule_gutters`). ``art``: the page's regions
    of vector art (a chart's labels in one are no side's prose, see :func:`column_regions`).
    ``ends``: the ids of lines that end their block (side heads cut from their paragraph's
    first line, see :func:`~pdfcore.layout.margin_heads.heads_apart`).
    """
    flow, vertical, rotated = _split_orientation(lines)
    regions = column_regions(flow, rules, gutters, art) if len(flow) >= 2 * MIN_SIDE_LINES else None
    # Where pdfium found the rest of each word it hyphenated (only pages with such words).
    after = continuations(lines) if join_hyphenation and any(ln.text.endswith("\ufffe") for ln in lines) else None
    blocks: list[TextBlock] = []
    if regions is None:
        # No columns: the extractor's order, rotated lines where they were.
        if vertical:
            skip = {id(ln) for ln in vertical}
            kept = [ln for ln in lines if id(ln) not in skip]
        else:
            kept = list(lines)
        blocks.extend(
            edges_in_place(
                bands_in_place(
                    group_lines(kept, join_hyphenation=join_hyphenation, after=after, lexicon=lexicon, ends=ends)
                )
            )
        )
    else:
        for region in regions:
            blocks.extend(
                group_lines(region, join_hyphenation=join_hyphenation, after=after, lexicon=lexicon, ends=ends)
            )
        blocks.extend(group_lines(rotated, join_hyphenation=join_hyphenation, after=after, lexicon=lexicon))
    if vertical:
        blocks = merge_vertical(blocks, vertical_bands(vertical))
    if after:
        blocks = join_across_blocks(blocks, after, lexicon)
    return tuple(margin_heads_in_place(blocks))


#: A page's foot (head) stands apart from the text above (below) it by this many of its
#: heights at least.
EDGE_GAP = 1.5


def edges_in_place(blocks: Sequence[TextBlock]) -> list[TextBlock]:
    """Blocks in the extractor's order, with the page's foot last and its head first: a block of
    one line standing below every other (above every other), apart from them by EDGE_GAP of its
    height, that the content stream draws before the rest (after it) is read where it stands
    ("www.example.org | Magazine | October 2006 | 41" drawn first, at the bottom)."""
    out = list(blocks)
    if len(out) < 3:
        return out
    low = max(range(len(out)), key=lambda k: out[k].bbox.y0)
    if low != len(out) - 1 and _apart(out, low, below=True):
        out.append(out.pop(low))
    high = min(range(len(out)), key=lambda k: out[k].bbox.y1)
    if high != 0 and _apart(out, high, below=False):
        out.insert(0, out.pop(high))
    return out


def _apart(blocks: Sequence[TextBlock], k: int, *, below: bool) -> bool:
    """Block ``k``, one line, stands below (above) every other block by EDGE_GAP of its height."""
    b = blocks[k]
    if len(b.lines) > 1 or "\n" in b.text:
        return False
    gap = EDGE_GAP * max(b.bbox.y1 - b.bbox.y0, 1.0)
    if below:
        return all(o.bbox.y1 + gap <= b.bbox.y0 for j, o in enumerate(blocks) if j != k)
    return all(o.bbox.y0 >= b.bbox.y1 + gap for j, o in enumerate(blocks) if j != k)


# --------------------------------------------------------------------------------------------
# Orientation


def _split_orientation(lines: Sequence[TextLine]) -> tuple[list[TextLine], list[TextLine], list[TextLine]]:
    """(horizontal, vertical CJK, rotated) lines, each in the extractor's order.

    On a page with vertical CJK columns, short CJK lines (one or two characters, about as tall
    as wide) are pieces of a column the extractor broke up, and join the vertical ones.
    """
    flow: list[TextLine] = []
    vertical: list[TextLine] = []
    rotated: list[TextLine] = []
    for ln in lines:
        b = ln.bbox
        if b.y1 - b.y0 > VERTICAL_RATIO * (b.x1 - b.x0) and len(ln.text) > 1:
            (vertical if has_cjk(ln.text) else rotated).append(ln)
        else:
            flow.append(ln)
    if vertical:
        pieces = {id(ln) for ln in flow if _is_cjk_piece(ln)}
        if pieces:
            flow = [ln for ln in flow if id(ln) not in pieces]
            pieces.update(id(ln) for ln in vertical)
            vertical = [ln for ln in lines if id(ln) in pieces]
    return flow, vertical, rotated


def _is_cjk_piece(line: TextLine) -> bool:
    text = line.text.strip()
    b = line.bbox
    return 0 < len(text) <= 2 and b.y1 - b.y0 >= 0.6 * (b.x1 - b.x0) and all(CJK.match(c) for c in text)
