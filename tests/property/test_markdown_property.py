"""Markdown shape properties of the structure engine, on random pages and tables."""

from __future__ import annotations

import itertools
import re

from attrs import evolve
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, Table, TextLine
from pdfcore.structure import learn, page_structure, render_page, render_table
from pdfcore.structure.formulas import _ACCENTS

FACTS = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=612.0, height=792.0),))

_WORDS = st.sampled_from(
    ["alpha", "Beta", "gamma", "1.", "2)", "•", "-", "#", "##", "Table", "Figure", "3:", "|", "*", ">", "x", "END."]
)
_TEXT = st.lists(_WORDS, min_size=1, max_size=9).map(" ".join)


@st.composite
def pages(draw: st.DrawFn) -> PageText:
    n = draw(st.integers(1, 25))
    lines = []
    y = 40.0
    for _ in range(n):
        size = draw(st.sampled_from([7.0, 9.0, 10.0, 10.0, 10.0, 12.0, 16.0, 24.0]))
        x = draw(st.sampled_from([72.0, 72.0, 84.0, 100.0, 320.0]))
        text = draw(_TEXT)
        width = draw(st.floats(0.2, 1.0)) * (540.0 - x)
        y += draw(st.sampled_from([0.0, 1.1, 1.2, 1.2, 2.5])) * size
        lines.append(
            TextLine(text, Box(x, y, x + max(width, 1.0), y + size), size, draw(st.booleans()), draw(st.booleans()))
        )
    return assemble(PageText(index=0, text="", lines=tuple(lines)))


def _touching(*rows: tuple[str, float, float]) -> PageText:
    """A page of lines on one row: (text, left edge, size)."""
    lines = tuple(TextLine(t, Box(x, 40.0, x + 7.0 * len(t), 40.0 + size), size, False, False) for t, x, size in rows)
    return assemble(PageText(index=0, text="", lines=lines))


@settings(max_examples=150, deadline=None)
@given(pages())
@example(_touching(("##", 72.0, 12.0), ("x", 84.0, 10.0)))  # read as one word "##x": text, no heading
def test_every_heading_line_has_one_to_six_hashes_and_no_word_is_lost(page: PageText) -> None:
    """A line that CommonMark reads as a heading (one to six ``#`` then a blank or its end) is
    a heading with its text; a line merely opening with ``#`` (``##x``) is text."""
    md = render_page(page_structure(page, FACTS, learn([page], FACTS)))
    in_code = False
    for line in md.split("\n"):
        if line.startswith(("```", "~~~")):
            in_code = not in_code
            continue
        if not in_code and re.match(r"^#{1,6}(?:\s|$)", line):
            assert re.match(r"^#{1,6} \S", line), line
    # every word of the page's text is in the Markdown (markers may be rewritten: "•" -> "-";
    # a mark such as "|" in smaller type over a word is an accent of a formula: no text)
    have = md.split()
    for word in page.text.split():
        if word in ("•", "-", "*", "1.", "2)") or set(word) <= _ACCENTS:
            continue
        assert word in have or any(word in w for w in have), word


def _lines(*rows: tuple[str, float, float]) -> PageText:
    """A page of 10 pt lines: (text, left edge, top)."""
    lines = tuple(TextLine(t, Box(x, y, x + 6.0 * len(t), y + 10.0), 10.0, False, False) for t, x, y in rows)
    return assemble(PageText(index=0, text="", lines=lines))


def _outside_fences(blocks: list[str]) -> list[str]:
    """The blocks that are not in a fenced code block (a fence may hold blank lines: its text
    then spans several blocks)."""
    out: list[str] = []
    fenced = False
    for block in blocks:
        fences = sum(1 for line in block.split("\n") if line.startswith(("```", "~~~")))
        if not fenced and fences == 0:
            out.append(block)
        fenced = fenced != (fences % 2 == 1)
    return out


@settings(max_examples=200, deadline=None)
@given(pages())
@example(
    _lines(("Some words of a paragraph here.", 72.0, 40.0), ("1. alpha beta", 110.0, 70.0), ("3. gamma", 72.0, 82.0))
)
def test_no_block_reads_as_indented_code(page: PageText) -> None:
    """Outside fences no block starts indented, and a list line is indented at most to where
    the text of the item before it starts (its indentation, marker and space): further would
    read as an indented code block inside that item."""
    md = render_page(page_structure(page, FACTS, learn([page], FACTS)))
    for block in _outside_fences(re.split(r"\n\n(?![ ])", md)):
        lines = block.split("\n")
        assert not lines[0].startswith(" "), block
        for before, line in itertools.pairwise(lines):
            indent = len(line) - len(line.lstrip(" "))
            item = _ITEM.match(before)
            most = len(item.group(1)) + len(item.group(2)) + 1 if item else len(before) - len(before.lstrip(" "))
            assert indent <= most, block


@settings(max_examples=200, deadline=None)
@given(pages())
@example(
    _lines(("Some words of a paragraph here.", 72.0, 40.0), ("1. alpha beta", 110.0, 70.0), ("3. gamma", 72.0, 82.0))
)
def test_a_list_item_s_level_is_the_depth_the_markdown_sets_it_at(page: PageText) -> None:
    built = page_structure(page, FACTS, learn([page], FACTS))
    levels = [el.level for el in (*built.elements, *built.footnotes) if el.kind == "list_item"]
    shown = []
    in_code = False
    columns: list[int] = []  # where the text of each open item starts, as CommonMark nests
    for line in render_page(built).split("\n"):
        if line.startswith(("```", "~~~")):
            in_code = not in_code
        elif not in_code and (m := _ITEM.match(line)):
            indent = len(m.group(1))
            while columns and indent < columns[-1]:
                columns.pop()
            shown.append(len(columns))
            columns.append(indent + len(m.group(2)) + 1)
    assert shown == levels


#: A list line: its indentation and its marker.
_ITEM = re.compile(r"^( *)(-|\d{1,9}[.)]) ")


_CELL = st.text(alphabet=st.sampled_from(list("ab|c \n12*#<>&")), max_size=8)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_CELL, max_size=5),
    st.lists(st.lists(_CELL, min_size=1, max_size=5), max_size=6),
)
def test_a_rendered_table_has_the_structured_table_s_rows(header: list[str], rows: list[list[str]]) -> None:
    table = Table(header=tuple(header), rows=tuple(tuple(r) for r in rows), bbox=Box(0, 0, 10, 10))
    md = render_table(table)
    expected = len(rows) + (1 if header else 0)
    if not header and not rows:
        assert md == ""
        return
    if md.startswith("<table>"):
        assert md.count("<tr>") == expected
        assert md.count("<table>") == 1 and md.endswith("</table>")
    else:
        lines = md.split("\n")
        assert re.fullmatch(r"\|( --- \|)+", lines[1])
        assert len(lines) - 1 == expected  # the delimiter row is not a row of the table
        widths = {len(re.findall(r"(?<!\\)\|", line)) for line in lines}
        assert len(widths) == 1  # every row has the header's cells


@given(st.text(max_size=40) | st.text(alphabet=" \t\n\xa0\u2003ab|", max_size=20))
def test_one_line_is_the_text_split_on_whitespace_and_joined(text: str) -> None:
    from pdfcore.structure.render import _cell, _one_line

    assert _one_line(text) == " ".join(text.split())
    assert _cell(text) == " ".join(text.split()).replace("|", "\\|")


def test_a_page_rendered_again_is_the_same_markdown_and_the_document_reuses_it() -> None:
    from attrs import evolve

    from pdfcore.structure import Element, PageStructure, render_document
    from pdfcore.structure.render import render_elements

    first = PageStructure(0, (Element("paragraph", "It runs", open_end=True, size=10.0),))
    second = PageStructure(
        1, (Element("paragraph", "on here.", open_start=True, size=10.0), Element("list_item", "an item", marker="-"))
    )
    assert render_page(first) == "It runs"
    changed = evolve(first, elements=(Element("heading", "Other", level=2),))
    assert render_page(changed) == "## Other"  # another page object: never the kept Markdown
    assert render_page(first) == "It runs"
    assert render_document([first, second], [None, None]) == (
        "<!-- page 1 -->\n\nIt runs on here.\n\n<!-- page 2 -->\n\n- an item\n"
    )
    assert render_elements(list(second.elements)) == render_page(second)


@given(st.text(alphabet="(ivxlcIVX1234567890aZé.) •-*▪\t\xa0", max_size=12) | st.text(max_size=12))
@example("(xviii) the longest numeral")
@example("(123) a number")
@example("•word")
@example("b) an item")
@example("(a) (b)")
def test_a_list_marker_is_what_the_patterns_find(text: str) -> None:
    from pdfcore.structure.markers import BULLET as _BULLET
    from pdfcore.structure.markers import ENUM as _ENUM
    from pdfcore.structure.markers import LABEL, list_marker

    bullet, enum = _BULLET.match(text), _ENUM.match(text)
    labels_only = (
        enum is not None
        and LABEL.match(enum.group(1)) is not None
        and all(LABEL.match(w) for w in text[enum.end() :].split())
    )
    assert list_marker(text) == (bullet.group(1) if bullet else enum.group(1) if enum and not labels_only else "")


@settings(max_examples=150, deadline=None)
@given(pages(), st.data())
def test_a_bold_lead_in_only_adds_its_marks(page: PageText, data: st.DataObject) -> None:
    """Leads given to lines (each its line's first words, after a list's marker) change
    nothing in the Markdown but ``**`` set around them: without the marks, it is the page's
    Markdown without leads; and the marks come in pairs, none in a heading or a table. (A lead
    closed by a colon is a term opening its description: after a closed sentence it opens a
    paragraph, by design; so does a lead of a few words before a capital, two such on the page
    at least: run-in headings, see :mod:`pdfcore.structure.run_in`. Neither is drawn here.)"""
    leads = []
    for block in page.blocks:
        for ln in block.lines:
            words = ln.text.split()
            k = data.draw(st.integers(0, len(words)))
            lead = " ".join(words[:k]) if "*" not in words[:k] else ""
            if lead.endswith(":") or (lead and k < len(words) and words[k][:1].isupper()):
                lead = ""
            leads.append(evolve(ln, lead=lead))
    it = iter(leads)
    led = evolve(page, blocks=tuple(evolve(b, lines=tuple(next(it) for _ in b.lines)) for b in page.blocks))
    plain = render_page(page_structure(page, FACTS, learn([page], FACTS)))
    marked = render_page(page_structure(led, FACTS, learn([led], FACTS)))
    assert marked.replace("**", "") == plain.replace("**", "")
    assert (marked.count("**") - plain.count("**")) % 2 == 0
    plain_lines = set(plain.split("\n"))
    for line in marked.split("\n"):
        if line.startswith(("#", "|", "<")):
            assert line in plain_lines, line
