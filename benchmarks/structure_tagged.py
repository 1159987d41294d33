"""Ground truth from tagged PDFs: the structure tree read as Markdown.

A tagged PDF (``/MarkInfo /Marked true`` and a ``/StructTreeRoot`` in its catalog) says, element
by element and in reading order, what its content is. Read here with pdfplumber (benchmark code
only; pdfcore never depends on it): each marked-content sequence's text is the text of the
characters carrying its MCID on its page, and the tree is walked in order:

- ``Title`` and ``H1``-``H6`` become ``#``-``######`` headings (``H`` takes the depth of its
  enclosing ``Sect``s, at least 1);
- ``LI`` becomes a ``-`` item (its ``Lbl`` printed as it is, so ``1.`` stays), nested by the
  list's depth;
- ``Table`` becomes an HTML table from its ``TR``/``TH``/``TD`` (``RowSpan``/``ColSpan`` kept);
- every other element holding only text runs (``P``, ``Caption``, a ``Div`` of ``NonStruct``s) is
  a paragraph; runs (``Span``, ``Link``, generic wrappers without blocks) join their neighbours;
- elements without ``/Pg`` are found page by page (through each page's ``/StructParents``);
- ``/ActualText`` replaces an element's content; ``Figure``s and ``Formula``s without it are
  left out (their glyphs, if any, are not text a reader sees as such).

Artifacts (running heads, page numbers) are outside the tree, hence outside the truth. The truth
is used for reading order (NID, NID-S) and headings (MHS); tables too (TEDS), reported apart,
since taggers often get tables wrong.
"""

from __future__ import annotations

import csv
import html
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HEADINGS = {"Title": 1, **{f"H{n}": n for n in range(1, 7)}}
BLOCKS = {
    "P",
    "H",
    *HEADINGS,
    "L",
    "LI",
    "Table",
    "Caption",
    "BlockQuote",
    "Note",
    "TOC",
    "TOCI",
    "Index",
    "Figure",
    "Formula",
    "Form",
    "Aside",
    "FENote",
}
SKIPPED = {"Figure", "Formula", "Artifact"}
TABLE_PARTS = {"THead", "TBody", "TFoot"}
BULLETS = {"•", "◦", "▪", "‣", "-", "–", "*", "·", "o", "§"}
_ORDERED = re.compile(r"(\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)])\s")


@dataclass
class TaggedTruth:
    path: Path
    pages: int
    markdown: str
    headings: int
    tables: int


def is_tagged(path: Path) -> bool:
    """``/MarkInfo /Marked true`` and a ``/StructTreeRoot`` in the catalog (pypdf)."""
    from pypdf import PdfReader

    try:
        root = PdfReader(str(path)).trailer["/Root"]
        marked = root.get("/MarkInfo", {}).get("/Marked", False)
        return bool(marked) and "/StructTreeRoot" in root
    except Exception:  # noqa: BLE001 - an unreadable file is not a candidate
        return False


def candidates(corpus: Path) -> list[str]:
    """The corpus files ``MANIFEST.tsv`` lists as tagged (checked again by ``is_tagged``)."""
    with open(corpus / "MANIFEST.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [r["file"] for r in rows if "tagged" in (r.get("detected") or "").split(", ")]


class _Walker:
    def __init__(self, pdf: Any) -> None:
        self.pdf = pdf
        self._texts: dict[int, dict[int, str]] = {}
        self.blocks: list[str] = []
        self.headings = 0
        self.tables = 0
        self.heading_lines: set[str] = set()
        self.default_page: int | None = None  # the page of elements without /Pg (per-page walk)

    def mcid_text(self, page_number: int | None, mcid: int) -> str:
        page_number = page_number or self.default_page
        if page_number is None:
            return ""
        if page_number not in self._texts:
            from pdfplumber.utils import extract_text

            groups: dict[int, list[dict[str, Any]]] = defaultdict(list)
            for ch in self.pdf.pages[page_number - 1].chars:
                if ch.get("mcid") is not None:
                    groups[int(ch["mcid"])].append(ch)
            self._texts[page_number] = {k: " ".join(extract_text(v, y_tolerance=5).split()) for k, v in groups.items()}
        return self._texts[page_number].get(mcid, "")

    def text(self, el: Any) -> str:
        """All the text of an element, in order (its own MCIDs, then its kids')."""
        if el.actual_text:
            return " ".join(el.actual_text.split())
        if el.type in SKIPPED:
            return ""
        parts = [self.mcid_text(el.page_number, m) for m in el.mcids or ()]
        parts += [self.text(c) for c in el.children]
        return " ".join(p for p in parts if p)

    def walk(self, el: Any, sect_depth: int = 0, list_depth: int = 0) -> None:
        kind = el.type
        if kind in HEADINGS or kind == "H":
            level = HEADINGS.get(kind, min(6, max(1, sect_depth)))
            text = self.text(el)
            if text:
                line = "#" * level + " " + text
                self.blocks.append(line)
                self.heading_lines.add(line)
                self.headings += 1
            return
        if kind == "Table":
            table = self.table(el)
            if table:
                self.blocks.append(table)
                self.tables += 1
            return
        if kind == "LI":
            self.item(el, sect_depth, list_depth)
            return
        if kind in SKIPPED and not el.actual_text:
            return
        if kind in ("L",):
            for c in el.children:
                self.walk(c, sect_depth, list_depth)
            return
        if el.actual_text or not any(_has_block(c) for c in el.children):
            text = self.text(el)  # a paragraph, or a container of inline runs only
            if text:
                self.blocks.append(text)
            return
        pending = [self.mcid_text(el.page_number, m) for m in el.mcids or ()]
        for c in el.children:
            if not _has_block(c):  # an inline run (Span, Link, a generic wrapper of text...)
                pending.append(self.text(c))
                continue
            if any(pending):
                self.blocks.append(" ".join(p for p in pending if p))
            pending = []
            self.walk(c, sect_depth + (kind == "Sect"), list_depth)
        if any(pending):
            self.blocks.append(" ".join(p for p in pending if p))

    def item(self, el: Any, sect_depth: int, list_depth: int) -> None:
        """A list item: its label and body on one ``-`` (or ``1.``, ``a)``) line, its nested lists
        below it, one level deeper."""
        label = " ".join(self.text(c) for c in el.children if c.type == "Lbl")
        body: list[str] = [self.mcid_text(el.page_number, m) for m in el.mcids or ()]
        nested: list[Any] = []

        def absorb(node: Any) -> None:
            if node.type == "L":
                nested.append(node)
            elif node.type == "LBody" and any(c.type == "L" for c in node.children):
                body.extend(self.mcid_text(node.page_number, m) for m in node.mcids or ())
                for c in node.children:
                    absorb(c)
            else:
                body.append(self.text(node))

        for c in el.children:
            if c.type != "Lbl":
                absorb(c)
        text = " ".join(p for p in body if p)
        printed = _ORDERED.match(text)
        if _ORDERED.fullmatch(label + " "):
            marker = label
        elif not label and printed:  # the number is printed in the body (no Lbl element)
            marker, text = printed.group(1), text[printed.end() :]
        else:
            marker, text = "-", " ".join(p for p in (label if label not in BULLETS else "", text) if p)
        if text or label:
            self.blocks.append("  " * list_depth + f"{marker} {text}".rstrip())
        for c in nested:
            self.walk(c, sect_depth, list_depth + 1)

    def table(self, el: Any) -> str:
        rows = []
        for row in _rows(el):
            cells = []
            for cell in row.children:
                if cell.type not in ("TH", "TD"):
                    continue
                attrs = cell.attributes or {}
                spans = "".join(
                    f' {name.lower()}="{int(attrs[name])}"'
                    for name in ("ColSpan", "RowSpan")
                    if isinstance(attrs.get(name), int | float) and int(attrs[name]) > 1
                )
                cells.append(f"<td{spans}>{html.escape(self.text(cell), quote=False)}</td>")
            if cells:
                rows.append("<tr>" + "".join(cells) + "</tr>")
        return "<table>" + "".join(rows) + "</table>" if rows else ""


def _rows(el: Any) -> Iterator[Any]:
    for c in el.children:
        if c.type == "TR":
            yield c
        elif c.type in TABLE_PARTS:
            yield from _rows(c)


def _lacks_page(el: Any) -> bool:
    if el.mcids and el.page_number is None:
        return True
    return any(_lacks_page(c) for c in el.children)


def _has_block(el: Any) -> bool:
    """Whether an element is, or holds, a block: a paragraph, heading, list, table, caption,
    figure... Generic elements (``Div``, ``NonStruct``, ``Sect``...) that hold only text runs
    are runs themselves (browsers tag the pieces of a paragraph so)."""
    return el.type in BLOCKS or any(_has_block(c) for c in el.children)


def read_truth(path: Path) -> TaggedTruth:
    """The structure tree of ``path`` as Markdown (one block per paragraph, blank lines between)."""
    import pdfplumber
    from pdfplumber.structure import PDFStructTree

    with pdfplumber.open(str(path)) as pdf:
        walker = _Walker(pdf)
        roots = list(PDFStructTree(pdf))
        if any(_lacks_page(el) for el in roots):
            # Elements without /Pg (allowed: a page's /StructParents entry in the parent tree
            # names them): walk each page's own tree, whose elements are that page's.
            for page in pdf.pages:
                walker.default_page = page.page_number
                try:
                    page_roots = list(PDFStructTree(pdf, page))
                except Exception:  # noqa: BLE001 - a page outside the tree (no /StructParents)
                    continue
                for el in page_roots:
                    walker.walk(el)
        else:
            for el in roots:
                walker.walk(el)
        pages = len(pdf.pages)
    # A paragraph's text that starts with "#" is escaped: it is not a heading.
    blocks = [("\\" + b if b.startswith("#") and b not in walker.heading_lines else b) for b in walker.blocks]
    markdown = "\n\n".join(b for b in blocks if b.strip()) + "\n"
    # A list's items stay together (one block per item would put blank lines between them).
    markdown = re.sub(r"\n\n(?=\s*(?:-|\(?\w{1,3}[.)]) )", "\n", markdown)
    return TaggedTruth(path, pages, markdown, walker.headings, walker.tables)
