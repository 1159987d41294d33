"""Scores of structured Markdown against a ground truth: NID, TEDS and MHS.

Written from the definitions of opendataloader-bench (its README, section 3, and its evaluators),
so figures here can be set beside the ones it publishes. Every score is in [0, 1], higher is
better, and ``None`` where the truth holds nothing the metric looks at.

- **NID** (normalized indel distance, reading order): ``1 - indel(gt, pred) / (len(gt) + len(pred))``
  on the whole document with emphasis markers removed and whitespace collapsed; GFM pipe tables
  are first turned into HTML tables. **NID-S** is the same with every table removed, so it
  measures the narrative text and its order alone.
- **TEDS** (tree edit distance similarity, tables): the document's tables, in order, under one
  root; ``1 - APTED(gt, pred) / max(|gt|, |pred|)`` with ``|T|`` the number of table, row and
  cell nodes. Inserting or deleting a node costs 1; renaming costs 1 when the tags or a cell's
  ``colspan``/``rowspan`` differ, else the Levenshtein distance of the two cells' texts over the
  longer text's length. ``<th>`` counts as ``<td>``; ``<thead>``/``<tbody>``/``<tfoot>`` are
  transparent. **TEDS-S** compares structure only (cell texts ignored). 0 when the truth has a
  table and the prediction none.
- **MHS** (Markdown heading similarity): a tree whose root holds, in order, the text before the
  first heading and one node per heading (every level alike), each heading holding one node with
  the text of its section (tables as HTML); scored like TEDS, a heading's or a section's text
  renamed at its normalised Levenshtein distance. **MHS-S** ignores the texts (heading and section
  topology only). 0 when the truth has headings and the prediction none.

Two additions, reported beside the published metrics and never folded into them:

- **MHS-L**: MHS with the level in the heading's tag, so a heading at the wrong level costs as
  much as a missing one (the published MHS treats ``#`` and ``###`` alike).

Before scoring, both sides get the same light clean-up (deviations from the published
evaluators, none of which changes a score of identical texts): an image ``![alt](ref)`` becomes
its alt text (a ref is the engine's own name for the image, which no truth can know), HTML
comments are removed (page separators), and lines inside fenced code blocks are never headings.
NID-S is left undefined (``None``) for a truth with no text outside its tables (the published
evaluator scores such a document 0 whatever the engine does, 1 for an empty prediction).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser

from apted import APTED, Config
from rapidfuzz.distance import Indel, Levenshtein

# ---------------------------------------------------------------------------------------------
# Clean-up shared by every metric

_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_TABLE_HTML = re.compile(r"<table\b[^>]*>.*?</table\s*>", re.IGNORECASE | re.DOTALL)
# A run of emphasis markers around text that neither starts nor ends with a space.
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3}|~~)(?=\S)(.+?)(?<=\S)\1", re.DOTALL)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def prepare(markdown: str | None) -> str:
    """The clean-up every metric applies first: images to their alt text, comments removed,
    GFM pipe tables turned into HTML tables."""
    if not markdown:
        return ""
    text = _COMMENT.sub("", markdown)
    text = _IMAGE.sub(lambda m: m.group(1), text)
    return gfm_tables_to_html(text)


def collapse(text: str) -> str:
    return " ".join(text.split())


def strip_emphasis(text: str) -> str:
    """``**bold**``, ``*it*``, ``***both***``, ``__b__``, ``~~del~~`` -> their text (nested too)."""
    previous = None
    while previous != text:
        previous = text
        text = _EMPHASIS.sub(r"\2", text)
    return text


# ---------------------------------------------------------------------------------------------
# GFM pipe tables -> HTML


def _pipe_cells(line: str) -> list[str] | None:
    body = line.strip()
    if "|" not in body:
        return None
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells = re.split(r"(?<!\\)\|", body)
    return [c.strip().replace("\\|", "|") for c in cells]


def _is_delimiter_row(cells: list[str]) -> bool:
    return bool(cells) and all(re.fullmatch(r":?-{1,}:?", c.replace(" ", "")) for c in cells)


def _html_row(cells: Iterable[str], tag: str) -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(c, quote=False)}</{tag}>" for c in cells) + "</tr>"


def gfm_tables_to_html(markdown: str) -> str:
    """Every GFM pipe table (a header row, a delimiter row, body rows) as one HTML ``<table>`` line.

    Rows shorter than the header are padded with empty cells, longer ones cut (as GitHub renders
    them); a header of empty cells (a table without one) is dropped."""
    lines = markdown.split("\n")
    out: list[str] = []
    i = 0
    in_fence = False
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            in_fence = not in_fence
        header = None if in_fence or i + 1 >= len(lines) else _pipe_cells(line)
        delimiter = _pipe_cells(lines[i + 1]) if header is not None else None
        if header is None or delimiter is None or not _is_delimiter_row(delimiter):
            out.append(line)
            i += 1
            continue
        width = len(header)
        rows: list[list[str]] = []
        i += 2
        while i < len(lines):
            cells = _pipe_cells(lines[i])
            if cells is None or not lines[i].strip():
                break
            rows.append((cells + [""] * width)[:width])
            i += 1
        parts = ["<table>"]
        if any(header):
            parts.append(_html_row(header, "th"))
        parts.extend(_html_row(r, "td") for r in rows)
        parts.append("</table>")
        out.append("".join(parts))
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# NID / NID-S


def nid(gt: str | None, pred: str | None) -> tuple[float | None, float | None]:
    """(NID, NID-S); ``(None, None)`` when the truth has no text, NID-S ``None`` when it has no
    text outside its tables."""
    gt_html, pred_html = prepare(gt), prepare(pred)
    gt_all = collapse(strip_emphasis(gt_html))
    if not gt_all:
        return None, None
    pred_all = collapse(strip_emphasis(pred_html))
    gt_text = collapse(strip_emphasis(_TABLE_HTML.sub(" ", gt_html)))
    pred_text = collapse(strip_emphasis(_TABLE_HTML.sub(" ", pred_html)))
    full = Indel.normalized_similarity(gt_all, pred_all)
    return full, Indel.normalized_similarity(gt_text, pred_text) if gt_text else None


# ---------------------------------------------------------------------------------------------
# Trees for APTED


@dataclass(eq=False)
class Node:
    tag: str
    text: str = ""
    colspan: int = 1
    rowspan: int = 1
    children: list[Node] = field(default_factory=list)

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children)


def _text_distance(a: str, b: str) -> float:
    if a == b:
        return 0.0
    return Levenshtein.distance(a, b) / max(len(a), len(b))


class _Costs(Config):  # type: ignore[misc]
    valuecls = float

    def __init__(self, with_text: bool) -> None:
        self.with_text = with_text

    def rename(self, a: Node, b: Node) -> float:
        if a.tag != b.tag or a.colspan != b.colspan or a.rowspan != b.rowspan:
            return 1.0
        return _text_distance(a.text, b.text) if self.with_text else 0.0

    def children(self, node: Node) -> list[Node]:
        return node.children


def tree_similarity(gt: Node, pred: Node, *, with_text: bool, count_root: bool = True) -> float:
    """``1 - TED(gt, pred) / max(|gt|, |pred|)``, clamped to [0, 1]; the roots are matched
    (``count_root=False`` leaves them out of the sizes, as TEDS counts only the tables' nodes)."""
    costs = _Costs(with_text)
    # APTED (the apted package) returns, for some pairs of trees, a mapping costlier than the
    # best, and not the same one each way round. Both are valid edit scripts, so the cheaper
    # is the nearer to the tree edit distance, and the score is symmetric as the distance is.
    distance = min(
        float(APTED(gt, pred, costs).compute_edit_distance()),
        float(APTED(pred, gt, costs).compute_edit_distance()),
    )
    offset = 0 if count_root else 1
    size = max(gt.size() - offset, pred.size() - offset, 1)
    return min(1.0, max(0.0, 1.0 - distance / size))


# ---------------------------------------------------------------------------------------------
# TEDS / TEDS-S


class _TableParser(HTMLParser):
    """Tables, rows and cells of an HTML fragment; anything else inside a cell (a nested table
    too) is read as that cell's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("tables")
        self._table: Node | None = None
        self._row: Node | None = None
        self._cell: Node | None = None
        self._text: list[str] = []
        self._nested = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._cell is not None:
            if tag == "table":
                self._nested += 1
                return
            if self._nested or tag not in ("td", "th", "tr"):
                if tag == "br":
                    self._text.append(" ")
                return
            self._close_cell()
        if tag == "table" and self._table is None:
            self._table = Node("table")
            self.root.children.append(self._table)
        elif tag == "tr" and self._table is not None:
            self._row = Node("tr")
            self._table.children.append(self._row)
        elif tag in ("td", "th") and self._table is not None:
            if self._row is None:  # a cell outside any row opens one
                self.handle_starttag("tr", [])
            assert self._row is not None
            spans = dict(attrs)
            self._cell = Node("td", colspan=_span(spans.get("colspan")), rowspan=_span(spans.get("rowspan")))
            self._row.children.append(self._cell)

    def handle_endtag(self, tag: str) -> None:
        if self._cell is not None:
            if self._nested:
                self._nested -= tag == "table"
                return
            if tag not in ("td", "th", "tr", "table"):
                return
            self._close_cell()
        if tag in ("tr", "table"):
            self._row = None
        if tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._text.append(data)

    def _close_cell(self) -> None:
        if self._cell is not None:
            self._cell.text = collapse("".join(self._text))
        self._cell = None
        self._text = []

    def finish(self) -> None:
        self.close()
        self._close_cell()
        self._table = self._row = None
        self._nested = 0


def _span(raw: str | None) -> int:
    try:
        return max(1, int(raw or "1"))
    except ValueError:
        return 1


def table_tree(markdown_with_html: str) -> Node:
    """The tables of a prepared document, in order, under one root."""
    parser = _TableParser()
    for match in _TABLE_HTML.finditer(markdown_with_html):
        parser.feed(match.group(0))
        parser.finish()
    return parser.root


def teds(gt: str | None, pred: str | None) -> tuple[float | None, float | None]:
    """(TEDS, TEDS-S); ``(None, None)`` when the truth has no table."""
    gt_tree = table_tree(prepare(gt))
    if not gt_tree.children:
        return None, None
    pred_tree = table_tree(prepare(pred))
    if not pred_tree.children:
        return 0.0, 0.0
    return (
        tree_similarity(gt_tree, pred_tree, with_text=True, count_root=False),
        tree_similarity(gt_tree, pred_tree, with_text=False, count_root=False),
    )


# ---------------------------------------------------------------------------------------------
# MHS / MHS-S / MHS-L


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


def headings(markdown: str | None) -> list[Heading]:
    """The ATX headings of a document in order (lines inside fenced code are never headings)."""
    return [h for h, _ in _sections(prepare(markdown))[1]]


def _sections(prepared: str) -> tuple[str, list[tuple[Heading, str]]]:
    """(text before the first heading, [(heading, its section's text)])."""
    preamble: list[str] = []
    sections: list[tuple[Heading, list[str]]] = []
    in_fence = False
    for line in prepared.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
        match = None if in_fence else _HEADING.match(line)
        if match:
            sections.append((Heading(len(match.group(1)), collapse(match.group(2))), []))
        elif line.strip():
            (sections[-1][1] if sections else preamble).append(collapse(line))
    return " ".join(preamble), [(h, " ".join(body)) for h, body in sections]


def heading_tree(markdown: str | None, *, with_levels: bool = False) -> Node:
    preamble, sections = _sections(prepare(markdown))
    root = Node("document")
    if preamble:
        root.children.append(Node("content", preamble))
    for heading, body in sections:
        node = Node(f"h{heading.level}" if with_levels else "heading", heading.text)
        if body:
            node.children.append(Node("content", body))
        root.children.append(node)
    return root


def mhs(gt: str | None, pred: str | None) -> tuple[float | None, float | None, float | None]:
    """(MHS, MHS-S, MHS-L); ``(None, None, None)`` when the truth has no heading."""
    if not headings(gt):
        return None, None, None
    if not headings(pred):
        return 0.0, 0.0, 0.0
    gt_tree, pred_tree = heading_tree(gt), heading_tree(pred)
    return (
        tree_similarity(gt_tree, pred_tree, with_text=True),
        tree_similarity(gt_tree, pred_tree, with_text=False),
        tree_similarity(heading_tree(gt, with_levels=True), heading_tree(pred, with_levels=True), with_text=True),
    )


# ---------------------------------------------------------------------------------------------
# All of them


METRICS = ("nid", "nid_s", "teds", "teds_s", "mhs", "mhs_s", "mhs_l")


def score(gt: str, pred: str) -> dict[str, float | None]:
    """Every metric of one document; ``overall`` is the mean of NID, TEDS and MHS where defined
    (as opendataloader-bench's overall score)."""
    n, n_s = nid(gt, pred)
    t, t_s = teds(gt, pred)
    m, m_s, m_l = mhs(gt, pred)
    parts = [v for v in (n, t, m) if v is not None]
    return {
        "overall": sum(parts) / len(parts) if parts else None,
        "nid": n,
        "nid_s": n_s,
        "teds": t,
        "teds_s": t_s,
        "mhs": m,
        "mhs_s": m_s,
        "mhs_l": m_l,
    }
