"""Reading order, hyphenation and page furniture on synthetic lines (pdfcore.layout,
pdfcore.services.furniture)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pdfcore.layout import assemble, group_lines
from pdfcore.layout.blocks import continuations
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.services import folios, furniture
from pdfcore.services.profile import learn_profile
from pdfcore.services.quality import finish_page
from tests.fakes import FakeDocument, fake_core

WORDS = [
    "the",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "the",
    "lazy",
    "dog",
    "while",
    "seven",
    "wise",
    "owls",
    "watch",
    "from",
    "old",
    "oak",
    "trees",
]


def prose(tag: str, k: int, page: int = 0) -> str:
    """A line of running text (about 45 characters) naming its column and line; the words vary
    with the line and the page."""
    words = [WORDS[(k * 3 + page * 5 + i * (1 + page % 3)) % len(WORDS)] for i in range(7)]
    return f"{tag}{k} " + " ".join(words)


def line(text: str, x0: float, y0: float, x1: float, *, h: float = 10.0, size: float = 10.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + h), size)


def column(tag: str, x0: float, x1: float, top: float, n: int, pitch: float = 12.0) -> list[TextLine]:
    return [line(prose(tag, k), x0, top + k * pitch, x1) for k in range(n)]


def page_of(lines: list[TextLine], index: int = 0) -> PageText:
    return PageText(index=index, text="", lines=tuple(lines))


def order_of(text: str, tags: list[str]) -> list[str]:
    """The given line tags sorted by where they first appear in the text."""
    return sorted(tags, key=lambda t: text.index(t + " "))


# --------------------------------------------------------------------------------------------
# Columns


def test_two_columns_read_left_then_right_whatever_the_stream_order() -> None:
    left = column("L", 50, 290, 100, 20)
    right = column("R", 310, 550, 100, 20)
    # The extractor gave the right column first.
    out = assemble(page_of(right + left))
    tags = [f"L{k}" for k in range(20)] + [f"R{k}" for k in range(20)]
    assert order_of(out.text, tags) == tags
    assert all(b.bbox.x1 <= 290 or b.bbox.x0 >= 310 for b in out.blocks)


def test_interleaved_stream_with_offset_baselines_is_untangled() -> None:
    left = column("L", 50, 290, 100, 20)
    right = column("R", 310, 550, 106, 20)  # baselines half a line lower than the left's
    stream = [ln for pair in zip(left, right, strict=True) for ln in pair]
    out = assemble(page_of(stream))
    tags = [f"L{k}" for k in range(20)] + [f"R{k}" for k in range(20)]
    assert order_of(out.text, tags) == tags


def test_three_columns_under_a_full_width_title_and_above_a_full_width_footnote() -> None:
    title = line("A Study of Three Columns and the Order of Their Reading", 50, 40, 550, h=18, size=18)
    cols = [column(t, x0, x0 + 150, 100, 15) for t, x0 in (("A", 50), ("B", 225), ("C", 400))]
    foot = line(prose("F", 0) + " " + prose("F", 1) + " and a long tail of words", 50, 300, 550)
    # Stream: footnote, third column, title, first, second.
    out = assemble(page_of([foot, *cols[2], title, *cols[0], *cols[1]]))
    text = out.text
    assert text.startswith("A Study of Three Columns")
    tags = [f"{t}{k}" for t in "ABC" for k in range(15)] + ["F0"]
    assert order_of(text, tags) == tags


def test_a_band_of_columns_between_full_width_paragraphs_keeps_its_place() -> None:
    top = [line(prose("T", k) + " " + prose("T", k + 1), 50, 40 + 12 * k, 550) for k in range(3)]
    left = column("L", 50, 290, 90, 8)
    right = column("R", 310, 550, 90, 8)
    bottom = [line(prose("Z", k) + " " + prose("Z", k + 1), 50, 200 + 12 * k, 550) for k in range(3)]
    out = assemble(page_of(top + right + bottom + left))
    tags = ["T0", "T1", "T2", *[f"L{k}" for k in range(8)], *[f"R{k}" for k in range(8)], "Z0", "Z1", "Z2"]
    assert order_of(out.text, tags) == tags


#: Two columns of eight lines each, under full-width paragraphs set above them.
UNDER_SPANS = [*column("L", 50, 290, 130, 8), *column("R", 310, 550, 130, 8)]


def _over_columns(
    first: Callable[[int], str], first_x: float, last: Callable[[int], str], last_x: float, last_x1: float
) -> PageText:
    """Three full-width paragraphs of two rows over UNDER_SPANS (paragraph ``k``: its first row
    ``first(k)`` set at ``first_x``, its second ``last(k)`` at ``last_x`` to ``last_x1``),
    assembled; the columns still read left, then right."""
    rows = []
    for k in range(3):
        y = 40.0 + 26 * k
        rows.append(line(first(k), first_x, y, 550))
        rows.append(line(last(k), last_x, y + 12, last_x1))
    out = assemble(page_of(rows + UNDER_SPANS))
    tags = [*[f"L{k}" for k in range(8)], *[f"R{k}" for k in range(8)]]
    assert order_of(out.text, tags) == tags
    return out


def test_the_rows_of_a_full_width_list_item_hang_past_its_marker_and_stay_with_it() -> None:
    # A bulleted list across the page over two columns: an item's second row, short and set in
    # past the bullet, crosses no gutter, yet it ends the item, not a column of its own.
    out = _over_columns(
        lambda k: "\u2022 " + prose("I", k) + " " + prose("J", k), 50, lambda k: f"W{k} wraps the item", 62, 200
    )
    for k in range(3):
        block = next(b for b in out.blocks if f"I{k} " in b.text)
        assert f"W{k} wraps the item" in block.text, [b.text[:30] for b in out.blocks]


def test_the_last_row_of_a_full_width_note_set_in_goes_back_to_the_margin_and_stays_with_it() -> None:
    # Notes across the page over two columns, each note's first row set in (its mark) and its
    # short last row back at the margin: the row ends the note, not a column of its own. A
    # row closing its sentence above it, or ending on a figure, does not lead on to it.
    out = _over_columns(
        lambda k: f"{k + 1} " + prose("N", k) + " " + prose("M", k) + " from", 62, lambda k: f"W{k} (1996).", 50, 110
    )
    for k in range(3):
        block = next(b for b in out.blocks if f"N{k} " in b.text)
        assert f"W{k} (1996)." in block.text, [b.text[:30] for b in out.blocks]
    for end in (".", " 18 13 8"):  # a sentence closed, a table's row of figures
        closed = [line("1 " + prose("N", 0) + " " + prose("M", 0) + end, 62, 40, 550), line("W0 (1996).", 50, 52, 110)]
        out = assemble(page_of(closed + UNDER_SPANS))
        assert not any("N0 " in b.text and "W0 " in b.text for b in out.blocks), [b.text[:30] for b in out.blocks]


def test_a_heading_under_the_first_column_heads_the_full_width_text_below_the_columns() -> None:
    # The first column runs a line longer than the second: a heading, set apart from the
    # column's text above it and right over the full-width paragraphs that follow the columns.
    left = column("L", 50, 290, 40, 8)
    right = column("R", 310, 550, 40, 8)
    heading = line("H0 Additional Features", 50, 150, 150)
    bottom = [line(prose("Z", k) + " " + prose("Z", k + 1), 50, 166 + 12 * k, 550) for k in range(3)]
    out = assemble(page_of([*left, heading, *right, *bottom]))
    tags = [*[f"L{k}" for k in range(8)], *[f"R{k}" for k in range(8)], "H0", "Z0", "Z1", "Z2"]
    assert order_of(out.text, tags) == tags


def test_the_last_lines_of_a_longer_first_column_stay_in_it() -> None:
    # Columns of unequal length: the first column's last lines, below the second's, go on from
    # the lines above them (no gap): they are read before the second column.
    left = column("L", 50, 290, 40, 10)
    right = column("R", 310, 550, 40, 8)
    bottom = [line(prose("Z", k) + " " + prose("Z", k + 1), 50, 180 + 12 * k, 550) for k in range(3)]
    out = assemble(page_of(left + right + bottom))
    tags = [*[f"L{k}" for k in range(10)], *[f"R{k}" for k in range(8)], "Z0", "Z1", "Z2"]
    assert order_of(out.text, tags) == tags


def test_single_column_page_keeps_the_extractors_order() -> None:
    body = [line(prose("P", k) + " and more words to fill the line", 72, 100 + 12 * k, 540) for k in range(30)]
    # A caption the extractor gives after the body, out of position (above it): kept where it was.
    caption = line("Figure 1: a caption placed at the top", 72, 60, 300)
    out = assemble(page_of([*body, caption]))
    assert out.text.endswith("Figure 1: a caption placed at the top")
    assert out.text.index("P0 ") < out.text.index("P29 ")
    # The body drawn after a caption under it: the body's block is read where it stands, over
    # the caption (see pdfcore.layout.drawn_late).
    caption = line("Figure 1: a caption placed at the bottom", 72, 500, 300)
    out = assemble(page_of([caption, *body]))
    assert out.text.endswith("Figure 1: a caption placed at the bottom")


def test_table_with_two_text_columns_is_not_read_as_columns() -> None:
    # Label / description rows far apart (a table), given row by row: no column split.
    lines = []
    for k in range(12):
        y = 100 + 30 * k
        lines.append(line(f"Item number {k} with a long descriptive label", 50, y, 290))
        lines.append(line(f"Description {k} of the item in several plain words", 310, y, 550))
    out = assemble(page_of(lines))
    rows = [f"Item number {k} " for k in range(12)]
    assert out.text.index("Description 0 ") < out.text.index(rows[1])


def test_ruled_table_is_not_read_as_columns() -> None:
    left = column("L", 50, 290, 100, 20, pitch=12.0)
    right = column("R", 310, 550, 100, 20, pitch=12.0)
    stream = [ln for pair in zip(left, right, strict=True) for ln in pair]
    rules = tuple(Box(40, 99 + 12 * k - 0.5, 560, 99 + 12 * k + 0.5) for k in range(21))
    out = assemble(PageText(index=0, text="", lines=tuple(stream), rules=rules))
    assert out.text.index("R0 ") < out.text.index("L1 ")


def ballot_rows(tag: str, x0: float, x1: float, top: float, n: int) -> list[TextLine]:
    """Short rows of a list (an office, then its names and votes), no prose: MIN_SIDE_CHARS
    and the words of running text are out of reach."""
    return [line(f"{tag}{k} NAME {k * 7}", x0, top + 10 * k, x1, h=6.0, size=6.0) for k in range(n)]


def test_a_gutter_rule_between_columns_parts_them_whatever_their_text() -> None:
    # Two columns of short rows (no prose), drawn row by row, with a rule down between them that
    # the extractor found standing as a gutter: the rule, not the text, says these are columns.
    left = ballot_rows("A", 34, 150, 90, 12)
    right = ballot_rows("B", 217, 330, 90, 12)
    stream = [ln for pair in zip(left, right, strict=True) for ln in pair]
    rule = Box(212.0, 80.0, 213.0, 220.0)
    out = assemble(PageText(index=0, text="", lines=tuple(stream), rules=(rule,), gutters=(rule,)))
    tags = [f"A{k}" for k in range(12)] + [f"B{k}" for k in range(12)]
    assert order_of(out.text, tags) == tags
    # a rule that is no gutter (only among the page's rules) leaves the rows as drawn
    plain = assemble(PageText(index=0, text="", lines=tuple(stream), rules=(rule,)))
    assert plain.text.index("B0 ") < plain.text.index("A1 ")


# --------------------------------------------------------------------------------------------
# Vertical writing


def vertical(text: str, x0: float, top: float, size: float = 10.0) -> TextLine:
    return TextLine(text, Box(x0, top, x0 + size, top + size * len(text)), size)


def test_tategaki_columns_read_right_to_left_in_bands() -> None:
    upper = ["わたくしといふ現象は", "仮定された有機交流電燈の", "ひとつの青い照明です"]
    lower = ["これらは二十二箇月の", "過去とかんずる方角から"]
    # Columns 17 pt apart, right to left; the extractor lists them left to right.
    cols = [vertical(t, 500 - 17 * k, 50) for k, t in enumerate(upper)]
    cols += [vertical(t, 500 - 17 * k, 300) for k, t in enumerate(lower)]
    out = assemble(page_of(sorted(cols, key=lambda c: c.bbox.x0)))
    assert out.text == "\n".join(upper) + "\n\n" + "\n".join(lower)
    assert [len(b.lines) for b in out.blocks] == [3, 2]


def test_tategaki_column_broken_into_pieces_is_joined() -> None:
    whole = vertical("ひとつの青い照明です", 400, 50)
    pieces = [vertical(ch, 500, 50 + 10 * k) for k, ch in enumerate("風景やみんな")]
    out = assemble(page_of([whole, *pieces]))
    assert out.text.split("\n\n") == ["風景やみんな", "ひとつの青い照明です"]


def test_tategaki_beside_horizontal_headings() -> None:
    heading = line("Heading above the vertical text", 100, 20, 520)
    cols = [vertical("あのイーハトーヴォの", 500 - 40 * k, 60) for k in range(3)]
    out = assemble(page_of([*cols, heading]))
    assert out.text.startswith("Heading above")
    assert out.text.count("あのイーハトーヴォの") == 3


def test_rotated_latin_lines_are_not_tategaki() -> None:
    stamp = TextLine("arXiv:1801.05147v1 [cs.CL] 16 Jan 2018", Box(18, 200, 35, 560), 20)
    body = [line(prose("P", k), 72, 100 + 12 * k, 540) for k in range(5)]
    out = assemble(page_of([*body, stamp]))
    assert out.text.endswith("arXiv:1801.05147v1 [cs.CL] 16 Jan 2018")


# --------------------------------------------------------------------------------------------
# Hyphenation


def block_text(*texts: str, join: bool = True) -> str:
    lines = [line(t, 72, 100 + 12 * k, 400) for k, t in enumerate(texts)]
    return assemble(page_of(lines), join_hyphenation=join).text


@pytest.mark.parametrize(
    ("texts", "joined"),
    [
        (("an exam-", "ple of it"), "an example\nof it"),
        (("an exam-", "ple"), "an example"),
        (("the state-of-the-", "art method"), "the state-of-the-art\nmethod"),
        (("a well-", "known fact"), "a wellknown\nfact"),  # the documented compound trade-off
        (("see Smith-", "Jones here"), "see Smith-Jones\nhere"),  # capital: a name, its hyphen kept
        (("range 10-", "20 units"), "range 10-20\nunits"),  # a range: joined, its hyphen kept
        (("an em dash —", "follows"), "an em dash —\nfollows"),
        (("soft exam\u00ad", "ple rest"), "soft example\nrest"),
        (("pdfium devi\ufffeousness here",), "pdfium deviousness here"),
        (("pdfium exam\ufffe", "ple rest"), "pdfium example\nrest"),
        (("state-of-the\ufffeart here",), "state-of-the-art here"),
    ],
)
def test_hyphenation_joined(texts: tuple[str, ...], joined: str) -> None:
    assert block_text(*texts) == joined


def test_hyphenation_kept_when_joining_is_off() -> None:
    assert block_text("an exam-", "ple of it", join=False) == "an exam-\nple of it"
    assert block_text("pdfium devi\ufffeousness", join=False) == "pdfium devi-ousness"
    assert "\u00ad" not in block_text("soft exam\u00ad", "ple", join=False)


def test_pdfium_hyphen_joins_only_the_row_pdfium_found_the_rest_on() -> None:
    """A sidebar line read between a word pdfium hyphenated and its rest (the rest on the next
    row, the sidebar's line beside it): the sidebar's word is not joined to the fragment, which
    keeps its printed hyphen."""
    lines = [
        line("the growth can be attributed to an in\ufffe", 165, 655, 358),
        line("crease in the number of workers", 165, 668, 361),
        line("Richard Henderson is an", 100, 657, 200, h=6),
        line("economist in the Division", 100, 666, 204, h=6),
    ]
    # read by rows (as columns may be): the sidebar's line comes between the two rows
    blocks = group_lines([lines[0], lines[3], lines[1]], after=continuations(lines))
    text = "\n\n".join(b.text for b in blocks)
    assert "ineconomist" not in text and "an in-\neconomist" in text
    assert assemble(page_of(lines[:2])).text == "the growth can be attributed to an increase\nin the number of workers"


def test_pdfium_hyphen_at_a_block_end_keeps_its_hyphen_or_joins_the_next_block() -> None:
    """The rest of the word far below (another block: the next page's text, say) keeps the
    hyphen; the rest starting the next block in reading order (the next column) is joined."""
    far = [line("a paragraph that ends with a di\ufffe", 72, 500, 300), line("22 A FOOT LINE", 72, 700, 150)]
    assert assemble(page_of(far)).text == "a paragraph that ends with a di-\n\n22 A FOOT LINE"
    body = [line(f"left column line {k} of prose text", 50, 100 + 12 * k, 290) for k in range(3)]
    body.append(line("and the column ends with a contin\ufffe", 50, 136, 290))
    body.append(line("uation of it in a new block", 50, 180, 290))
    text = assemble(page_of(body)).text
    assert "a continuation\n\nof it in a new block" in text


def test_assemble_contracts() -> None:
    lines = column("L", 50, 290, 100, 12) + column("R", 310, 550, 100, 12) + [line("exam-", 50, 300, 90)]
    lines.append(line("ple ends it", 50, 312, 120))
    out = assemble(page_of(lines))
    assert out.lines == ()
    assert out.text == "\n\n".join(b.text for b in out.blocks)
    for b in out.blocks:
        assert b.text in out.text
        assert b.lines
        assert b.bbox.x0 <= min(ln.bbox.x0 for ln in b.lines) and b.bbox.y1 >= max(ln.bbox.y1 for ln in b.lines)
    assert "example" in out.text


# --------------------------------------------------------------------------------------------
# Running heads and feet, line numbers


def facts_for(n: int, labels: list[str | None] | None = None) -> DocumentFacts:
    labels = labels or [None] * n
    pages = tuple(PageInfo(index=i, width=612.0, height=792.0, label=labels[i]) for i in range(n))
    return DocumentFacts(page_count=n, metadata=(), outline=(), pages=pages)


def book_page(i: int, first_number: int = 1) -> PageText:
    """A page with a running head (changing with the chapter), body, and a numbered foot."""
    chapter = "INTRODUCTION" if i < 20 else "THE LAW"
    number = i + first_number
    head = line(f"{chapter} {number}" if i % 2 else f"{number} FREE CULTURE", 72, 36, 540, h=9, size=9)
    body = [line(prose("B", k, i), 72, 90 + 14 * k, 540) for k in range(40)]
    foot = line("<http://free-culture.org/get-it>", 200, 750, 400, h=8, size=8)
    return page_of([head, *body, foot] if i % 2 == 0 else [head, *body], index=i)


def test_running_heads_learnt_across_pages_and_stripped_with_their_page_numbers() -> None:
    n = 60
    facts = facts_for(n)
    pages = [book_page(i) for i in range(n)]
    profile = learn_profile([pages[i] for i in furniture.sample_indexes(n)], facts)
    assert profile.furniture.patterns
    for i in (0, 7, 33, 59):  # in and out of the sample, both chapters, both sides
        done = finish_page(pages[i], facts, profile)
        first = done.text.split("\n", 1)[0]
        assert first.startswith("B0 "), first
        assert "running_heads_stripped" in done.warnings
        assert any(str(i + 1) in f for f in done.furniture)
        assert ("<http://free-culture.org/get-it>" in done.furniture) == (i % 2 == 0)
        assert "<http://free-culture" not in done.text


def test_a_running_head_set_a_few_points_higher_on_left_pages_is_learnt() -> None:
    """The same title over every page, on the right of right pages and the left of left ones,
    the left pages' 6 points higher (a report's facing layouts): one running head."""
    n = 12
    facts = facts_for(n)
    pages = []
    for i in range(n):
        left = i % 2 == 1
        x0, top = (72.0, 30.0) if left else (340.0, 36.0)
        head = line("Plan directeur de transport actif de Chelsea", x0, top, x0 + 200, h=8.5, size=9)
        body = [line(prose("B", k, i), 72, 90 + 14 * k, 540) for k in range(40)]
        pages.append(page_of([head, *body], index=i))
    profile = learn_profile([pages[i] for i in furniture.sample_indexes(n)], facts)
    for i in (2, 3):
        done = finish_page(pages[i], facts, profile)
        assert done.text.startswith("B0 "), done.text[:60]
        assert done.furniture == ("Plan directeur de transport actif de Chelsea",)


def test_running_heads_flagged_stay_in_the_text() -> None:
    n = 12
    facts = facts_for(n)
    pages = [book_page(i) for i in range(n)]
    profile = learn_profile(pages, facts)
    done = finish_page(pages[3], facts, profile, running_heads="flag")
    assert "running_heads_flagged" in done.warnings and "running_heads_stripped" not in done.warnings
    assert done.furniture == ("INTRODUCTION 4",)
    assert done.text.startswith("INTRODUCTION 4")


STAMP = (
    "Printed by A. Reader on 1/27/2021 2:08:24 PM. For personal use only. Not approved for "
    "distribution. Copyright 2021 The Network, Inc., All Rights Reserved."
)
NOTICE = (
    "Version 2.2020, 07/15/20 (c) 2020 The Network, All rights reserved. These guidelines and this "
    "illustration may not be reproduced in any form without the express written permission of the Network."
)


def test_a_long_notice_repeated_at_every_pages_edge_is_furniture() -> None:
    """A printing stamp at every page's top and a copyright notice at its foot, each longer than
    a running head: the same text at the same place on every sample page, so furniture (listed,
    out of the text)."""
    n = 12
    facts = facts_for(n)
    pages = []
    for i in range(n):
        lines = [line(STAMP, 16, 5, 600, h=7, size=7)]
        lines += [line(prose("B", k, i), 72, 90 + 14 * k, 540) for k in range(40)]
        lines.append(line(NOTICE, 24, 770, 600, h=6, size=6))
        pages.append(page_of(lines, index=i))
    assert len(STAMP) > furniture.MAX_FURNITURE_CHARS and len(NOTICE) > furniture.MAX_FURNITURE_CHARS
    profile = learn_profile(pages, facts)
    done = finish_page(pages[5], facts, profile)
    assert STAMP in done.furniture and NOTICE in done.furniture
    assert "Printed by" not in done.text and "Version 2.2020" not in done.text
    assert done.text.startswith("B0 ")


def test_body_lines_at_the_edge_are_not_furniture() -> None:
    n = 12
    facts = facts_for(n)
    pages = []
    for i in range(n):
        lines = [line(f"Chapter text {i} begins {WORDS[i]} here with words", 72, 36 + 3 * i, 540)]
        lines += [line(prose("B", k, i), 72, 90 + 14 * k, 540) for k in range(40)]
        lines.append(line(f"see the {WORDS[i]} table {i * 7 % 11}", 72, 740, 300))
        pages.append(page_of(lines, index=i))
    profile = learn_profile(pages, facts)
    assert profile.furniture.patterns == ()
    assert finish_page(pages[5], facts, profile).furniture == ()


def test_a_lone_page_number_at_the_foot_is_furniture_in_a_document_too_short_to_learn() -> None:
    # two pages: no profile; each page's number stands alone at its foot, 10 % above the edge
    facts = facts_for(2)
    pages = []
    for i in range(2):
        lines = [line(prose("B", k, i), 72, 90 + 14 * k, 540) for k in range(30)]
        lines.append(line(str(13 + i), 300, 709, 310))
        pages.append(page_of(lines, index=i))
    profile = learn_profile(pages, facts)
    done = finish_page(pages[1], facts, profile)
    assert done.furniture == ("14",) and "running_heads_stripped" in done.warnings
    assert "14" not in done.text.split()
    # a number ending a paragraph's block, a number set large (a chapter's), and a chart's top
    # tick on a figure-sized page stay
    lines = [line(prose("B", k), 72, 600 + 14 * k, 540) for k in range(7)] + [line("14", 300, 698, 310)]
    assert finish_page(page_of(lines), facts, profile).furniture == ()
    big = [line(prose("B", k), 72, 200 + 14 * k, 540) for k in range(20)] + [line("3", 290, 40, 320, h=40, size=40)]
    assert finish_page(page_of(big), facts, profile).furniture == ()
    chart = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=360.0, height=288.0),))
    ticks = [
        line("80", 26, 31, 37, h=8, size=8),
        *[line(str(60 - 20 * k), 26, 80 + 50 * k, 37, h=8, size=8) for k in range(4)],
    ]
    assert finish_page(page_of(ticks), chart, None).furniture == ()


def test_a_page_number_right_under_text_that_ends_anywhere_is_learnt_and_stripped() -> None:
    # a web page printed to PDF: each page ends where its text does, its number centred right
    # under it, so the number stands at a different height on every page, mid-page
    n = 20
    facts = facts_for(n)

    def printed(i: int, number: int) -> PageText:
        rows = 8 + (i * 7) % 23
        lines = [line(prose("B", k, i), 24, 30 + 11 * k, 560) for k in range(rows)]
        lines.append(line(str(number), 300, 30 + 11 * rows + 16, 306))
        return page_of(lines, index=i)

    pages = [printed(i, i - 2) for i in range(n)]
    profile = learn_profile([pages[i] for i in furniture.sample_indexes(n)], facts)
    for i in (3, 8, 19):
        done = finish_page(pages[i], facts, profile)
        assert done.furniture == (str(i - 2),), (i, done.furniture)
    # the same last lines counting otherwise (a list's numbers, a table's totals) stay text
    others = [printed(i, (i * 37) % 50 + 1) for i in range(n)]
    profile = learn_profile([others[i] for i in furniture.sample_indexes(n)], facts)
    assert finish_page(others[8], facts, profile).furniture == ()


def test_a_page_number_over_a_page_break_drawn_mid_sheet_is_furniture() -> None:
    # a filing printed from one web page: its page ends mid-sheet with its number centred over a
    # rule across the page, in a document whose numbers keep no step with its sheets (no profile)
    facts = facts_for(12)
    body = [line(prose("B", k, 9), 72, 80 + 14 * k, 540) for k in range(12)]
    rule = Box(72.0, 280.0, 540.0, 281.0)

    def sheet(number: str, rules: tuple[Box, ...] = (rule,), index: int = 9) -> PageText:
        lines = [*body, line(number, 300, 262, 310)]
        return PageText(index=index, text="", lines=tuple(lines), rules=rules)

    done = finish_page(sheet("4"), facts, None)
    assert done.furniture == ("4",) and "running_heads_stripped" in done.warnings
    assert done.text.split()[-1] != "4"
    assert finish_page(sheet("F-3"), facts, None).furniture == ("F-3",)
    # no rule under it, a rule too short or too far below, or a number past the sheet's own
    # (a total, a year): it stays text
    assert finish_page(sheet("4", ()), facts, None).furniture == ()
    assert finish_page(sheet("4", (Box(250.0, 280.0, 360.0, 281.0),)), facts, None).furniture == ()
    assert finish_page(sheet("4", (Box(72.0, 320.0, 540.0, 321.0),)), facts, None).furniture == ()
    assert finish_page(sheet("11"), facts, None).furniture == ()


def test_a_page_number_with_a_parts_letter_is_a_page_number() -> None:
    # a filing's financial pages are numbered F-1, F-2, ...; a lowercase letter is no part's
    facts = facts_for(2)
    for folio, kept in (("F-14", False), ("A - 3", False), ("e-3", True), ("ABC-3", True)):
        lines = [line(prose("B", k), 72, 90 + 14 * k, 540) for k in range(30)]
        lines.append(line(folio, 300, 709, 318))
        done = finish_page(page_of(lines, index=1), facts, None)
        assert (done.furniture == ()) == kept, (folio, done.furniture)
    assert folios.folio_numbers("F-14") == {14}


def test_a_front_matters_roman_page_number_alone_at_the_foot_is_furniture() -> None:
    facts = facts_for(2)
    body = [line(prose("B", k), 72, 90 + 14 * k, 540) for k in range(30)]
    for folio in ("xiii", "- iv -"):
        done = finish_page(page_of([*body, line(folio, 300, 709, 320)]), facts, None)
        assert done.furniture == (folio,), folio
    # on a trade book's page (396 points wide) too
    book = DocumentFacts(
        page_count=2, metadata=(), outline=(), pages=(PageInfo(index=0, width=396.0, height=594.0),) * 2
    )
    narrow = [line(prose("B", k), 54, 60 + 14 * k, 348) for k in range(30)]
    assert finish_page(page_of([*narrow, line("xiii", 330, 541, 347)]), book, None).furniture == ("xiii",)
    # beside its part's name in capitals too
    for folio in ("xvi PREFACE", "PREFACE xv"):
        assert finish_page(page_of([*narrow, line(folio, 250, 541, 347)]), book, None).furniture == (folio,)
    # a roman numeral among words in lowercase, or letters that are no numeral, stay
    for other in ("xiv Preface", "ivy", "civil WAR"):
        assert finish_page(page_of([*body, line(other, 300, 709, 330)]), facts, None).furniture == ()


def test_a_small_line_over_a_one_page_document_is_its_running_head() -> None:
    # one page: no profile; a short line set smaller than the text, centred at the top and
    # standing apart from it, is the running head
    facts = facts_for(1)
    body = [line(prose("B", k), 72, 90 + 14 * k, 540, h=12, size=12) for k in range(30)]
    head = line("Official - Subject to Final Review", 250, 38, 390, h=9, size=10)
    done = finish_page(page_of([head, *body]), facts, None)
    assert done.furniture == ("Official - Subject to Final Review",)
    assert "running_heads_stripped" in done.warnings and "Official" not in done.text
    # a title (set larger), a sentence, a line close over the text, small print at the foot stay
    for other in (
        [line("A Title Over The Page", 200, 38, 420, h=16, size=16), *body],
        [line("This notice is part of the text.", 250, 38, 400, h=9, size=10), *body],
        [line("Official - Subject to Final Review", 250, 76, 390, h=9, size=10), *body],
        [*body, line("Official - Subject to Final Review", 250, 760, 390, h=9, size=10)],
    ):
        assert finish_page(page_of(other), facts, None).furniture == ()
    # a longer document learns its heads across pages instead
    assert finish_page(page_of([head, *body]), facts_for(3), None).furniture == ()


def test_a_small_line_flush_right_over_a_short_documents_page_is_its_running_head() -> None:
    """A leaflet's second page under a line set smaller than its text, flush with the text's
    right edge (its left end short of the page's outer quarter, so neither centred nor in the
    quarter): the running head. Before, it stayed in the text. Flush with neither edge, it stays."""
    facts = facts_for(2)
    body = [line(prose("B", k), 60, 90 + 14 * k, 535, h=12, size=12) for k in range(30)]
    head = line("Castlegate Community Pharmacy | Services leaflet", 327, 56, 536, h=8, size=8)
    done = finish_page(page_of([head, *body], index=1), facts, None)
    assert done.furniture == ("Castlegate Community Pharmacy | Services leaflet",), done.furniture
    # its right end a few points short of the text's justified edge (glyphs standing past it)
    short = line("Castlegate Community Pharmacy | Services leaflet", 324, 56, 532, h=8, size=8)
    assert finish_page(page_of([short, *body], index=1), facts, None).furniture == (short.text,)
    loose = line("Castlegate Community Pharmacy | Services leaflet", 300, 56, 509, h=8, size=8)
    assert finish_page(page_of([loose, *body], index=1), facts, None).furniture == ()


def test_a_small_line_set_out_past_the_texts_left_edge_over_a_short_documents_page_is_its_head() -> None:
    """An italic running head over a two-page document's second page, its first glyph 6 points
    left of the text's edge (its centre just past the page's outer quarter): the running head.
    Before, it stayed in the text. Set in from the edge, it stays."""
    facts = facts_for(2)
    body = [line(prose("B", k), 68.5, 90 + 14 * k, 526.7, h=12, size=12) for k in range(30)]
    head = line("Fernhill Allotment Society - Rules for Plot Holders", 62.1, 27, 244.7, h=8, size=8)
    done = finish_page(page_of([head, *body], index=1), facts, None)
    assert done.furniture == (head.text,), done.furniture
    inset = line("Fernhill Allotment Society - Rules for Plot Holders", 90, 27, 272.6, h=8, size=8)
    assert finish_page(page_of([inset, *body], index=1), facts, None).furniture == ()


def test_page_labels_mark_roman_page_numbers() -> None:
    n = 8
    labels: list[str | None] = ["i", "ii", "iii", "iv", "v", "1", "2", "3"]
    facts = facts_for(n, labels)
    pages = []
    for i in range(n):
        lines = [line(prose("B", k, i), 72, 90 + 14 * k, 540) for k in range(40)]
        lines.append(line(f"Preface {labels[i]}", 280, 750, 340))
        pages.append(page_of(lines, index=i))
    profile = learn_profile(pages, facts)
    assert finish_page(pages[2], facts, profile).furniture == ("Preface iii",)


def transcript(numbers: range, *, left: float = 90.0) -> list[TextLine]:
    lines = []
    for k, n in enumerate(numbers):
        y = 68 + 25.8 * k
        lines.append(line(str(n), left + (6 if n < 10 else 0), y, left + 12, h=7.5))
        lines.append(line(f"JUSTICE SPEAKER {k}: {prose('T', k)}", 126, y, 500, h=7.5))
    lines.append(line("1", 321, 726, 326))  # the page number is not a line number (a lone page number)
    return lines


def test_line_numbers_stripped_and_reported() -> None:
    done = finish_page(page_of(transcript(range(1, 26))), facts_for(1))
    assert "line_numbers_stripped" in done.warnings and "running_heads_stripped" in done.warnings
    assert done.furniture == (*(str(n) for n in range(1, 26)), "1")  # the page number last, at the foot
    assert done.text.split("\n", 1)[0].startswith("JUSTICE SPEAKER 0:")
    assert "\n1\n" not in "\n" + done.text.rsplit("\n\n", 1)[0] + "\n"


def test_line_numbers_flagged() -> None:
    done = finish_page(page_of(transcript(range(1, 26))), facts_for(1), running_heads="flag")
    assert "line_numbers_flagged" in done.warnings
    assert done.text.startswith("1 JUSTICE SPEAKER 0:")  # the number stays, on its text line
    assert len(done.furniture) == 26  # 25 line numbers and the page number


def test_a_stamp_set_sideways_in_the_outer_margin_is_furniture() -> None:
    """An arXiv identifier up the left edge of a paper's first page (a line four times as tall
    as wide, clear of the text) is taken out of the text and listed; a short label set sideways
    (a chart's axis) and a sideways line within the text's width stay."""
    body = column("B", 70, 540, 100, 12)
    stamp = TextLine("arXiv:2001.03131v1 [cs.CL] 9 Jan 2020", Box(18, 250, 35, 425), 20.0)
    label = TextLine("Test Loss", Box(580, 300, 590, 350), 10.0)
    inside = TextLine("A caption set sideways in the text", Box(300, 300, 310, 480), 10.0)
    done = finish_page(page_of([*body, stamp, label, inside]), facts_for(1))
    assert done.furniture == ("arXiv:2001.03131v1 [cs.CL] 9 Jan 2020",)
    assert "margin_stamps_stripped" in done.warnings
    assert "arXiv" not in done.text and "Test Loss" in done.text and "caption set sideways" in done.text
    flagged = finish_page(page_of([*body, stamp]), facts_for(1), running_heads="flag")
    assert "margin_stamps_flagged" in flagged.warnings and "arXiv:2001.03131v1" in flagged.text


def test_every_fifth_line_numbered() -> None:
    lines = []
    for k in range(45):
        y = 60 + 15 * k
        lines.append(line(prose("T", k), 100, y, 520))
        if (k + 1) % 5 == 0:
            lines.append(line(str(k + 1), 70, y, 82))
    done = finish_page(page_of(lines), facts_for(1))
    assert done.furniture == tuple(str(n) for n in range(5, 46, 5))


def test_short_numbered_list_is_not_line_numbers() -> None:
    lines = []
    for k in range(6):
        lines.append(line(str(k + 1), 72, 100 + 14 * k, 80))
        lines.append(line(f"step {k + 1}: do the thing carefully", 90, 100 + 14 * k, 400))
    done = finish_page(page_of(lines), facts_for(1))
    assert done.furniture == () and not any("line_numbers" in w for w in done.warnings)


def test_table_row_numbers_on_the_right_are_not_line_numbers() -> None:
    lines = []
    for k in range(12):
        lines.append(line(f"party list number {k} with votes", 300, 100 + 40 * k, 500))
        lines.append(line(str(k + 1), 560, 100 + 40 * k, 566))
    assert finish_page(page_of(lines), facts_for(1)).furniture == ()


# --------------------------------------------------------------------------------------------
# Through the document service: one profile per document, whatever the order of reads


def book(n: int) -> FakeDocument:
    pages = []
    for i in range(n):
        body = "\n".join(prose("B", k, i) for k in range(6))
        pages.append(f"QUARTERLY REPORT {i + 1}\n\n{body}")
    return FakeDocument(pages)


def test_pages_finished_one_at_a_time_match_a_whole_read(tmp_path: Path) -> None:
    n = 30
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    alone, _ = fake_core(tmp_path / "a", {"r.pdf": book(n)})
    whole, _ = fake_core(tmp_path / "b", {"r.pdf": book(n)})
    one = alone.read_pages(str(tmp_path / "a" / "r.pdf"), "17").pages[0]
    every = whole.read_pages(str(tmp_path / "b" / "r.pdf"), f"1-{n}").pages
    assert one.text == every[16].text
    assert one.furniture == every[16].furniture == ("QUARTERLY REPORT 17",)
    assert "running_heads_stripped" in one.warnings
    assert all(p.text.startswith("B0 ") for p in every)


def test_flag_setting_reaches_the_pages(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"r.pdf": book(12)}, extraction={"running_heads": "flag"})
    page = core.read_pages(str(tmp_path / "r.pdf"), "5").pages[0]
    assert page.text.startswith("QUARTERLY REPORT 5")
    assert page.furniture == ("QUARTERLY REPORT 5",)
    assert "running_heads_flagged" in page.warnings


# --------------------------------------------------------------------------------------------
# Text drawn twice


def test_lines_drawn_again_at_their_place_are_read_once() -> None:
    """A producer that draws part of a page a second time later in the stream (a duplicate
    layer, an invisible copy): each line once, where it first stands; the same words elsewhere
    on the page stay."""
    first = [line("Chapter Five", 72, 72, 200), *column("a", 72, 300, 100, 4)]
    again = [line("Chapter Five", 72.3, 72.2, 200.4), line(prose("a", 1), 72, 112.5, 300)]
    elsewhere = line("Chapter Five", 72, 400, 200)  # a repeat somewhere else is text of its own
    page = assemble(page_of([*first, *again, elsewhere]))
    assert page.text.count("Chapter Five") == 2
    assert page.text.count(prose("a", 1)) == 1
    assert page.text.index("Chapter Five") < page.text.index(prose("a", 0))


def test_a_reference_mark_raised_after_a_word_stays_on_its_row() -> None:
    """The engine gives "[30][31][32]", set smaller and raised after "Oklahoma.", a line of its
    own whose top is above the word's: it is read after the word, on its row, in a column
    beside another (where the rows are sorted by their tops) as in a page of one column."""
    body = [
        line("pine forests cover northeastern", 34.8, 392.7, 417.5, h=9.5, size=10.25),
        line("Oklahoma.", 34.8, 406.9, 79.0, h=7.3, size=10.25),
        line("[30][31][32]", 80.3, 403.9, 120.0, h=6.8, size=8.2),
        line("The state holds populations of deer", 34.6, 430.5, 417.5, h=9.5, size=10.25),
    ]
    alone = assemble(page_of(body)).text
    assert "northeastern\nOklahoma. [30][31][32]\n" in alone
    beside = column("r", 440, 580, 380, 8)  # a column of text beside: the page is read by columns
    page = assemble(page_of([*body[:3], *beside, body[3]]))
    assert "northeastern\nOklahoma. [30][31][32]" in page.text
    assert page.text.index("Oklahoma.") < page.text.index("The state holds")


def test_punctuation_set_apart_after_a_mark_closes_its_word() -> None:
    """A period the engine puts on a line of its own (lower than the row's top, after a raised
    mark) ends the row's sentence without a space."""
    row = [
        line("Theorem 1", 303.7, 603.6, 356.4, h=6.8, size=0.0),
        line("(Sequential composition)", 362.7, 603.1, 467.0, h=9.6, size=0.0),
        line(".", 468.8, 608.8, 470.3, h=1.5, size=0.0),
    ]
    assert assemble(page_of(row)).text == "Theorem 1 (Sequential composition)."


def test_a_column_set_smaller_beside_the_text_is_no_mark() -> None:
    """A sidebar's lines in smaller type, a few points right of the text column and at other
    heights, are no superscripts of the text's rows: each stays a line of its own."""
    main = [line(f"main text line number {k} of the article", 34, 100 + 14 * k, 290, h=10) for k in range(6)]
    side = [line(f"sidebar note {k} here", 294, 104 + 14 * k, 380, h=7, size=8.0) for k in range(6)]
    text = assemble(page_of([ln for pair in zip(main, side, strict=True) for ln in pair])).text
    for k in range(6):
        assert f"main text line number {k} of the article sidebar" not in text


def test_rows_of_capitals_one_under_the_other_are_one_block() -> None:
    # a cover's subtitle in capitals at 10 pt on a 14 pt leading: the glyph boxes (no
    # descenders) are 7.3 pt tall, so the 6.7 pt between them looked like a paragraph's gap
    rows = ["HOW BIG MEDIA USES TECHNOLOGY AND", "THE LAW TO LOCK DOWN CULTURE", "AND CONTROL CREATIVITY"]
    lines = [line(t, 63, 427 + 14 * k, 63 + 6 * len(t), h=7.3) for k, t in enumerate(rows)]
    assert [[ln.text for ln in b.lines] for b in group_lines(lines)] == [rows]
    # a paragraph's gap at that size still parts them
    lines = [line(t, 63, 427 + 20 * k, 63 + 6 * len(t), h=7.3) for k, t in enumerate(rows)]
    assert len(group_lines(lines)) == 3


def test_a_note_mark_opening_a_row_does_not_cut_the_paragraph() -> None:
    """A note's number set small before the rest of a row of running text ("²such as clauses
    ...", a mark placed where the sentence wrapped) is judged with the row it opens: its size
    and height do not start a block in the middle of the paragraph."""
    lines = [
        line("since they simply cannot segment the text into", 72.6, 337.8, 289.9, h=9.8, size=10.9),
        line("meaningful discourse units or discourse arguments", 72.2, 351.4, 289.8, h=9.8, size=10.9),
        line("2", 72.2, 363.0, 75.8, h=5.4, size=8.0),
        line("such as clauses or sentences rather than random", 80.1, 364.9, 290.2, h=7.6, size=10.9),
        line("consecutive token sequences or specific word tokens.", 72.3, 378.5, 289.7, h=9.8, size=10.9),
    ]
    blocks = group_lines(lines)
    assert len(blocks) == 1
    assert "arguments\n2 such as clauses" in blocks[0].text
    # a note at the foot of the column, its text set small after its mark, is a block of its own
    note = [
        *lines[:2],
        line("2", 72.2, 380.0, 75.8, h=5.4, size=6.0),
        line("Each note text.", 76.0, 381.0, 200.0, h=7.0, size=8.0),
    ]
    assert len(group_lines(note)) == 2


def test_the_rest_of_a_row_after_a_superscript_over_a_subscript_stays_in_the_paragraph() -> None:
    """A superscript set over a subscript ("{q_i}^N_{i=1}. These ..."): the row's rest, which
    starts under the superscript (not after it), is the same visual line, and the paragraph's
    next row (left of that rest) goes on in the same block."""
    lines = [
        line("generates a set of reformulations {qi}", 108.3, 272.1, 257.8, h=10.0, size=10.0),
        line("N", 259.0, 271.2, 265.3, h=4.8, size=7.0),
        line("i=1. These are sent to the environment which returns answers", 258.9, 272.8, 503.6, h=9.5, size=10.0),
        line("{ai} and picks the best from these candidates.", 108.7, 284.1, 400.0, h=10.0, size=10.0),
    ]
    blocks = group_lines(lines)
    assert len(blocks) == 1


def test_a_row_opening_with_a_subscript_has_the_size_of_its_words() -> None:
    """A row whose first character is a subscript ("i=1. These are sent ...") and whose words are
    one size word by word (a word's size is the larger of its first and last characters') has
    that size, not its first character's."""
    from adapters._pdfium_rows import _facts

    words = "i=1. These are sent"
    sizes = [7.0 if k < 3 else 10.0 for k in range(len(words))]

    def facts(raw: object, k: int) -> tuple[float, bool, bool, bool, str]:
        return sizes[k], False, False, False, ""

    assert _facts(None, words, 0, len(words) - 1, facts)[0] == 10.0
    # a row whose words differ in size keeps its first character's size and its runs
    sizes = [7.0 if k < 5 else 10.0 for k in range(len(words))]
    size, *_, runs, _ = _facts(None, words, 0, len(words) - 1, facts)
    assert size == 7.0 and len(runs) == 2


def test_a_page_foot_drawn_first_is_read_last_and_a_head_drawn_last_first() -> None:
    """On a page without columns the extractor's order holds, except for a block standing below
    every other (above every other), apart from them, that the content stream draws before
    (after) the rest: a page's foot (head), read where it stands."""
    foot = line("www.example.org | Safety World | October 2006 | 41", 72, 750, 400)
    head = line("FLIGHT OPS", 450, 40, 540)
    body = [
        line("Appendix of accidents and incidents", 72, 90, 300),
        line("The aircraft was on a charter flight from one city to another when it", 72, 120, 540),
        line("lost radio contact and went on flying on a northwesterly heading.", 72, 132, 500),
        line("Sources: the boards that investigated the accidents.", 72, 700, 400),
    ]
    text = assemble(page_of([foot, *body, head])).text
    parts = text.split("\n\n")
    assert parts[0] == "FLIGHT OPS" and parts[-1].startswith("www.example.org")
    assert parts[1].startswith("Appendix") and parts[-2].startswith("Sources")
    # a block beside another at the foot is no foot of its own: it stays before the block
    # beside it (the text above, drawn after it, is read first: see drawn_late)
    beside = line("Page 41", 450, 700, 540)
    parts = assemble(page_of([beside, *body])).text.split("\n\n")
    assert parts[-2] == "Page 41" and parts[-1].startswith("Sources")
    # the last item of a list, a paragraph of its rows at the bottom, drawn before a box of
    # text set beside the first item, keeps its place: no page's foot
    item = [
        line("Launched a new catalog that provides a better interface to", 72, 600, 540),
        line("help citizens find data.", 72, 612, 300),
    ]
    boxed = line("Communities are able to aggregate content.", 330, 100, 540)
    parts = assemble(page_of([*body[:3], *item, boxed])).text.split("\n\n")
    assert parts[-1] == "Communities are able to aggregate content."


def test_notes_each_opening_with_a_raised_mark_stay_blocks_of_their_own() -> None:
    """Notes set under a table, each opening with a raised letter and a capital ("ᵃ In Alaska
    ..." over "ᵇ Missouri's ..."): each mark starts a block, as the mark's size says."""
    lines = [
        line("a", 72.0, 500.0, 75.0, h=5.0, size=6.0),
        line(
            "In Alaska, Delaware, Indiana, and Nebraska, no districts exceeded the cap.",
            76.0,
            501.0,
            400.0,
            h=8.0,
            size=8.0,
        ),
        line("b", 72.0, 510.0, 75.0, h=5.0, size=6.0),
        line(
            "Missouri's alternate assessment is not based on alternate standards.", 76.0, 511.0, 380.0, h=8.0, size=8.0
        ),
    ]
    assert len(group_lines(lines)) == 2
    # notes holding a web address each, in lower case after the mark
    urls = [
        line("1", 72.0, 500.0, 75.0, h=5.0, size=6.0),
        line("https://code.example.org/archive/p/word2vec", 76.0, 501.0, 300.0, h=8.0, size=8.0),
        line("2", 72.0, 510.0, 75.0, h=5.0, size=6.0),
        line("http://www.example.org/software/crfsuite/", 76.0, 511.0, 290.0, h=8.0, size=8.0),
    ]
    assert len(group_lines(urls)) == 2
