"""Elements to Markdown (CommonMark with GitHub's pipe tables).

- Headings: ``#`` to ``######``. Paragraphs: one line each, a blank line between blocks.
- List items: ``-`` or ``3.``, a nested item indented to where the text of the item it nests
  in starts (two spaces under ``-``, three under ``3.``, four under ``10.``: CommonMark's
  rule, under which a fixed width fails a wide marker; ``Element.indent``); ``level``: the
  page's structure keeps each at most one level below the item before it, a list's first
  item at level 0; consecutive items form one list.
- Code: fenced with backticks (tildes when the code holds a backtick fence).
- Tables: a pipe table when every row has as many cells as the header and no header cell
  spans; otherwise an HTML ``<table>``: a header printed over several rows or with cells over
  several columns is given as printed (``colspan`` / ``rowspan``), so are the body's cells
  over several rows or columns (``body_spans``), and short rows end in a cell spanning the
  columns left. The caption (if any) stands above as its own paragraph, or under the table
  when it is printed under it.
- Figures: ``![caption](ref)``, the ref renderable with ``pdf_render_pages(ref=...)``.
- A paragraph, a list item's text or a table's caption that would read as Markdown syntax (a
  leading ``#``, ``>``, a list marker or a fence) has that first character escaped, or the
  period or parenthesis of an ordered item's number (``1\\.``); nothing else is escaped (text
  stays text). The bold words a paragraph or list item opens with (``Element.lead``, a
  term before its meaning, a run-in heading) are set in ``**``; one set in italic throughout
  (``Element.slanted``; words, not a formula set in a mathematical italic) in ``*``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence

from pdfcore.models import BodySpan, HeaderCell, Table
from pdfcore.structure.model import Element, PageStructure, RenderedMarkdown

_BLOCK_SYNTAX = re.compile(r"^(?:#{1,6}(?:\s|$)|>|[-+*](?:\s|$)|\d{1,9}[.)](?:\s|$)|```|~~~|={3,}\s*$|-{3,}\s*$|\|)")
_INDENT = "  "


def render_page(page: PageStructure) -> str:
    """A page's Markdown: its body, then its footnotes."""
    return _rendered(page).text


def rendered_elements(page: PageStructure) -> dict[int, str]:
    """The Markdown of each of the page's elements, by id (see :func:`render_elements`)."""
    texts = _rendered(page).elements
    return {id(el): text for el, text in zip([*page.elements, *page.footnotes], texts, strict=True)}


def _rendered(page: PageStructure) -> RenderedMarkdown:
    """The page's Markdown, rendered the first time it is asked for and kept with the page (two
    threads rendering it at once both keep the same Markdown)."""
    if page.rendered:
        return page.rendered[0]
    elements = [*page.elements, *page.footnotes]
    texts = [render_element(el) for el in elements]
    got = RenderedMarkdown(_joined(elements, texts), texts)
    page.rendered.append(got)
    return got


def render_elements(elements: Sequence[Element], known: Mapping[int, str] | None = None) -> str:
    """The elements' Markdown. ``known``: the Markdown of elements rendered before, by id
    (their objects alive, so an id names one element), used for those."""
    if known is None:
        return _joined(elements, [render_element(el) for el in elements])
    texts = []
    for el in elements:
        text = known.get(id(el))
        texts.append(render_element(el) if text is None else text)
    return _joined(elements, texts)


def _joined(elements: Sequence[Element], texts: Sequence[str]) -> str:
    """The elements' Markdown (``texts``, each element's) as blocks: a blank line between
    them, consecutive list items one list; empty ones left out. Each list item is set at its
    ``level``, which the page's structure keeps at most one level below the item before it
    (:func:`pdfcore.structure.elements.nest_items`)."""
    parts: list[str] = []
    previous: Element | None = None
    for el, text in zip(elements, texts, strict=True):
        if not text:
            continue
        in_list = parts and previous is not None and previous.kind == "list_item"
        if in_list and el.kind == "list_item":
            parts[-1] += "\n" + text
        else:
            parts.append(text)
        previous = el
    return "\n\n".join(parts)


def render_element(el: Element) -> str:
    kind = el.kind
    if kind == "heading":
        text = _one_line(el.text)
        return f"{'#' * max(1, min(6, el.level))} {text}" if text else ""
    if kind == "list_item":
        indent = " " * el.indent if el.indent >= 0 else _INDENT * el.level
        return f"{indent}{el.marker or '-'} {_text(el)}"
    if kind == "code":
        fence = "~~~" if "```" in el.text else "```"
        return f"{fence}\n{el.text}\n{fence}"
    if kind == "table" and el.table is not None:
        table = render_table(el.table)
        if not el.caption:
            return table
        caption = _escape(_one_line(el.caption))
        return f"{table}\n\n{caption}" if el.caption_below else f"{caption}\n\n{table}"
    if kind == "figure":
        caption = _one_line(el.caption).replace("[", "\\[").replace("]", "\\]")
        return f"![{caption}]({el.ref})"
    return _text(el)


def _text(el: Element) -> str:
    """A paragraph's or list item's text, escaped, its bold lead-in in ``**``, all of it in
    ``*`` when it is set in italic (see the module docstring; a text escaped opens with a
    backslash, not with its lead-in, and is left so)."""
    text = _escape(_one_line(el.text))
    lead = el.lead
    if lead and text.startswith(lead):
        text = f"**{lead}**{text[len(lead) :]}"
    return f"*{text}*" if el.slanted and text[:1] not in ("", "\\") and _words(text) else text


#: Share of a text's characters (spaces aside) that are letters at least, for it to be words:
#: a formula set in a mathematical italic (``x,y ∈D d(x,y)=1``) is no emphasis.
SLANTED_LETTERS = 0.6


def _words(text: str) -> bool:
    chars = [c for c in text if not c.isspace() and c != "*"]
    return sum(c.isalpha() for c in chars) >= SLANTED_LETTERS * len(chars)


def render_table(table: Table) -> str:
    """A pipe table when rectangular, else an HTML table (see the module docstring)."""
    header = list(table.header)
    rows = [list(r) for r in table.rows]
    if (table.header_cells and header) or table.body_spans:
        width = max([len(header), *(len(r) for r in rows)])
        if table.header_cells and header:
            head = _html_header(table.header_cells, width)
        else:
            head = [_html_row(header, width, "th")] if header else []
        body = (
            _html_body(rows, table.body_spans, width) if table.body_spans else [_html_row(r, width, "td") for r in rows]
        )
        return "\n".join(["<table>", *head, *body, "</table>"])
    if not header and rows:
        header, rows = rows[0], rows[1:]
    width = max([len(header), *(len(r) for r in rows)], default=0)
    if width == 0:
        return ""
    if len(header) == width and all(len(r) == width for r in rows):
        lines = [_pipe_row(header), "|" + "|".join(" --- " for _ in range(width)) + "|"]
        lines.extend(_pipe_row(r) for r in rows)
        return "\n".join(lines)
    return _html_table(header, rows, width)


def _pipe_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _cell(text: str) -> str:
    return _one_line(text).replace("|", "\\|")


def _html_table(header: list[str], rows: list[list[str]], width: int) -> str:
    out = ["<table>"]
    if header:
        out.append(_html_row(header, width, "th"))
    out.extend(_html_row(r, width, "td") for r in rows)
    out.append("</table>")
    return "\n".join(out)


def _html_header(cells: Sequence[HeaderCell], width: int) -> list[str]:
    """The header's rows as printed, each cell with its spans, and an empty cell wherever no
    heading stands (over the row labels, say): a browser fills a row's cells into its first free
    places, so a place left out would move every heading after it one column to the left."""
    out = []
    n_rows = max(c.row + c.rows for c in cells)
    width = max(width, *(c.column + 1 for c in cells))
    taken = [[False] * width for _ in range(n_rows)]
    for c in cells:
        for r in range(c.row, min(c.row + c.rows, n_rows)):
            for k in range(c.column, min(c.column + c.columns, width)):
                taken[r][k] = True
    for row in range(max(c.row for c in cells) + 1):
        starts = {c.column: c for c in cells if c.row == row}
        parts = []
        for k in range(width):
            cell = starts.get(k)
            if cell is not None:
                attr = (f' colspan="{cell.columns}"' if cell.columns > 1 else "") + (
                    f' rowspan="{cell.rows}"' if cell.rows > 1 else ""
                )
                parts.append(f"<th{attr}>{html.escape(' '.join(cell.text.split()), quote=False)}</th>")
            elif not taken[row][k]:
                parts.append("<th></th>")
        out.append("<tr>" + "".join(parts) + "</tr>")
    return out


def _html_body(rows: list[list[str]], spans: Sequence[BodySpan], width: int) -> list[str]:
    """The body's rows with its cells over several rows or columns given once (``rowspan`` /
    ``colspan``), the places they cover left out."""
    starts = {(s.row, s.column): s for s in spans}
    covered = {
        (r, k)
        for s in spans
        for r in range(s.row, s.row + s.rows)
        for k in range(s.column, s.column + s.columns)
        if (r, k) != (s.row, s.column)
    }
    out = []
    for i, row in enumerate(rows):
        cells = row + [""] * (width - len(row))
        parts = []
        for k, text in enumerate(cells):
            if (i, k) in covered:
                continue
            span = starts.get((i, k))
            attr = ""
            if span is not None:
                attr = (f' colspan="{span.columns}"' if span.columns > 1 else "") + (
                    f' rowspan="{span.rows}"' if span.rows > 1 else ""
                )
            parts.append(f"<td{attr}>{html.escape(' '.join(text.split()), quote=False)}</td>")
        out.append("<tr>" + "".join(parts) + "</tr>")
    return out


def _html_row(cells: list[str], width: int, tag: str) -> str:
    parts = []
    for k, c in enumerate(cells):
        span = width - len(cells) + 1 if k == len(cells) - 1 and len(cells) < width else 1
        attr = f' colspan="{span}"' if span > 1 else ""
        parts.append(f"<{tag}{attr}>{html.escape(' '.join(c.split()), quote=False)}</{tag}>")
    return "<tr>" + "".join(parts) + "</tr>"


def _one_line(text: str) -> str:
    """The text with each run of whitespace one space, none at its ends."""
    # most text is so already; every whitespace character but the space is unprintable
    if text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
        return text
    return " ".join(text.split())


def _escape(text: str) -> str:
    m = _BLOCK_SYNTAX.match(text)
    if m is None:
        return text
    if text[:1].isdigit():  # an ordered item's marker: a backslash before a digit escapes nothing
        at = len(m.group(0).rstrip()) - 1
        return text[:at] + "\\" + text[at:]
    return "\\" + text
