"""TableExtractor on pdfplumber: the tables inside given regions of a page, in page space.

Each region is cropped out of the page and read one of two ways (without regions, the whole
page is searched for ruled tables only):

- ruled: pdfplumber's ``lines`` strategy (cells from the drawn rulings). A grid that misses
  its row rules (cells stacking several figures) or its column rules (cells whose lines hold
  wide blanks) is read from its text instead when that reads fuller; a frame around a block of
  text (one cell holding most of it) is not a table.
- unruled, where the region has no grid: columns from text alignment. Words are grouped into
  visual rows; column separators are the x-ranges left blank by (nearly) every row; each word
  goes to the column holding its centre, so a heading spanning several columns stays whole.

Text turned a quarter (a table printed sideways) is read in its own direction and the grid is
turned back, so rows are rows as the table reads.

pdfplumber reports positions top-left, in the media box as turned by /Rotate; page space is the
displayed page relative to its crop box (:mod:`adapters._plumber_space` maps both ways). A page
is built alone, from one walk of the document's page tree (:mod:`adapters._plumber_pages`).

pdfplumber objects are not thread-safe: every use holds one lock. Open documents are kept in a
small LRU keyed by path, content digest and a salted hash of the password. Pages with more than
``MAX_CONTENT_BYTES`` of drawing are refused (``resource_limit``): pdfminer would take tens of
seconds on them.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import os
import statistics
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from adapters._plumber_pages import page_at, walk_of
from adapters._plumber_space import PageTransform, rect
from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table
from pdfcore.errors import (
    ExtractionFailed,
    FileChanged,
    FileNotFound,
    MalformedPdf,
    PasswordIncorrect,
    PasswordRequired,
    PdfcoreError,
    ResourceLimit,
)
from pdfcore.geometry import thin_stretches
from pdfcore.models import BodySpan, Box, DocumentSource, HeaderCell, Table
from pdfcore.nextcalls import call
from ports.table_extractor import TableExtractor

log = logging.getLogger(__name__)

_MAX_OPEN = 4
_SALT = os.urandom(16)

#: Space between characters (points) above which pdfplumber starts a new word, and the one
#: used when reading cell text (small enough to keep the spaces between words).
WORD_X_TOL = 2.0
CELL_X_TOL = 1.5
#: A column separator must be at least this wide (points) ...
MIN_SEPARATOR = 2.5
#: ... and may be crossed by this share of the rows (headers spanning several columns).
SPAN_SHARE = 0.15


def _password_key(password: str | None) -> str:
    if password is None:
        return ""
    return hashlib.blake2b(password.encode("utf-8"), key=_SALT, digest_size=16).hexdigest()


class PlumberTableExtractor(TableExtractor):
    """Finds tables with pdfplumber, restricted to candidate regions when given."""

    name = "plumber"

    def __init__(self, *, max_open: int = _MAX_OPEN) -> None:
        # The engine is loaded with the adapter (~0.08 s): in an engine worker that is at its
        # start-up, not in the first read that asks for a page's tables.
        import pdfplumber  # noqa: F401

        self._lock = threading.Lock()
        self._docs: OrderedDict[tuple[str, str, str], Any] = OrderedDict()
        self._max_open = max(1, max_open)

    def extract_tables(self, source: DocumentSource, page: int, *, regions: tuple[Box, ...] = ()) -> tuple[Table, ...]:
        with self._lock:
            try:
                plumber_page = page_at(self._document(source), page)
                _check_size(plumber_page)
                try:
                    return _page_tables(plumber_page, regions)
                finally:
                    plumber_page.close()
            except PdfcoreError:
                raise
            except Exception as exc:
                self._forget(source.path)
                raise _translate(exc, source) from exc

    def prepare(self, source: DocumentSource) -> None:
        """Open the document now (~0.01 s for a 352-page book), so that the first
        ``extract_tables`` on it does not pay for it. (Its page tree is walked by the table
        calls, as far as their pages: 0.09 s for the whole tree of that book.)"""
        with self._lock:
            try:
                walk_of(self._document(source))
            except PdfcoreError:
                raise
            except Exception as exc:
                self._forget(source.path)
                raise _translate(exc, source) from exc

    def close(self) -> None:
        with self._lock:
            for key in list(self._docs):
                self._close(self._docs.pop(key))

    # -- open documents (call with the lock held) --------------------------------------------

    def _document(self, source: DocumentSource) -> Any:
        _check_unchanged(source)
        key = (source.path, source.fingerprint.sha256, _password_key(source.password))
        pdf = self._docs.get(key)
        if pdf is not None:
            self._docs.move_to_end(key)
            return pdf
        import pdfplumber

        pdf = pdfplumber.open(source.path, password=source.password)
        self._docs[key] = pdf
        while len(self._docs) > self._max_open:
            _, old = self._docs.popitem(last=False)
            self._close(old)
        return pdf

    def _forget(self, path: str) -> None:
        for key in [k for k in self._docs if k[0] == path]:
            self._close(self._docs.pop(key))

    @staticmethod
    def _close(pdf: Any) -> None:
        try:
            pdf.close()
        except Exception:  # closing a stale handle must not fail a call
            log.debug("closing a cached pdfplumber document failed", exc_info=True)


def _check_size(page: Any) -> None:
    """Refuse pages whose drawing is too large to parse in reasonable time (pdfminer reads
    every operator: a page of 20 000 vector strokes takes tens of seconds)."""
    from pdfminer.pdftypes import resolve1

    size = 0
    for ref in page.page_obj.contents:
        stream = resolve1(ref)
        data = stream.get_data() if hasattr(stream, "get_data") else b""
        size += len(data)
    if size > MAX_CONTENT_BYTES:
        raise ResourceLimit(
            f"Page {page.page_number} draws {size // 1000} kB of content; tables are not read on pages over "
            f"{MAX_CONTENT_BYTES // 1000} kB.",
            recovery=f"Render the page ({call('render', pages=page.page_number)}) and read the table from the image.",
        )


#: Pages with more content than this (decoded bytes) are not searched for tables.
MAX_CONTENT_BYTES = 1_000_000


def _check_unchanged(source: DocumentSource) -> None:
    try:
        st = os.stat(source.path)
    except FileNotFoundError as exc:
        raise FileNotFound("The file no longer exists.") from exc
    if st.st_size != source.fingerprint.size or st.st_mtime_ns != source.fingerprint.mtime_ns:
        raise FileChanged("The file changed after it was opened.")


def _translate(exc: Exception, source: DocumentSource) -> PdfcoreError:
    """The one boundary where pdfplumber / pdfminer exceptions become pdfcore errors."""
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psexceptions import PSException
    from pdfplumber.utils.exceptions import MalformedPDFException, PdfminerException

    cause: BaseException = exc
    if isinstance(exc, PdfminerException) and exc.args and isinstance(exc.args[0], BaseException):
        cause = exc.args[0]
    if isinstance(cause, PDFPasswordIncorrect):
        if source.password:
            return PasswordIncorrect("The password does not open this document.")
        return PasswordRequired("The document is encrypted and needs a password.")
    if isinstance(cause, PDFEncryptionError):
        return ExtractionFailed("The document uses an unsupported security handler.")
    if isinstance(cause, (PDFSyntaxError, PSException, MalformedPDFException)):
        return MalformedPdf("The table engine could not parse this document.")
    if isinstance(cause, FileNotFoundError):
        return FileNotFound("The file could not be opened.")
    engine_failures = (
        PdfminerException,
        ValueError,
        KeyError,
        TypeError,
        IndexError,
        AssertionError,
        RecursionError,
        OSError,
        zlib.error,
        struct.error,
    )
    if isinstance(cause, engine_failures):
        log.debug("table extraction failed", exc_info=exc)
        return ExtractionFailed("The table engine failed on this page's content.")
    # Anything else is a defect here, not a property of the file: let it surface as such.
    raise exc


# --------------------------------------------------------------------------------------------
# Reading one page


def _page_tables(page: Any, regions: Sequence[Box]) -> tuple[Table, ...]:
    transform = PageTransform(page)
    px0, ptop, px1, pbottom = (float(v) for v in page.bbox)
    if not regions:
        # The whole visible page (the crop box, never the printer's margin around it), by its
        # rulings only: reading columns from text alignment needs a region that holds a table.
        w, h = _page_size(page)
        x0, top, x1, bottom = transform.to_plumber(Box(0.0, 0.0, w, h))
        crop = page.crop((max(x0, px0), max(top, ptop), min(x1, px1), min(bottom, pbottom)), strict=False)
        found = _ruled(crop, _direction(crop)) or []
        return tuple(_table(cells, transform.to_page(bbox)) for bbox, cells in found)
    out: list[Table] = []
    for region in regions:
        x0, top, x1, bottom = transform.to_plumber(region)
        x0, top, x1, bottom = max(x0, px0), max(top, ptop), min(x1, px1), min(bottom, pbottom)
        if x1 - x0 < 1.0 or bottom - top < 1.0:
            continue
        crop = page.crop((x0, top, x1, bottom), strict=False)
        if _chart(crop):
            continue
        table = _layout_table(crop, _direction(crop))
        if table is not None:
            bbox, header, rows, cells, spans = table
            out.append(
                Table(header=header, rows=rows, bbox=transform.to_page(bbox), header_cells=cells, body_spans=spans)
            )
    return tuple(out)


def _layout_table(
    crop: Any, direction: str
) -> (
    tuple[
        tuple[float, float, float, float],
        tuple[str, ...],
        tuple[tuple[str, ...], ...],
        tuple[HeaderCell, ...],
        tuple[BodySpan, ...],
    ]
    | None
):
    """The region's table read from its glyphs and rulings in the table's own reading frame."""
    upright = direction in ("ltr", "rtl")
    glyphs = []
    for seq, c in enumerate(crop.chars):
        if bool(c["upright"]) != upright or (
            direction in ("ltr", "rtl") and (c["matrix"][0] < 0) != (direction == "rtl")
        ):
            continue
        x0, y0, x1, y1 = _frame_box((c["x0"], c["top"], c["x1"], c["bottom"]), direction)
        font = str(c.get("fontname") or "")
        glyphs.append(Glyph(x0, y0, x1, y1, str(c["text"]), float(c["size"]), _BOLD in font.lower(), seq))
    if direction == "ltr":
        glyphs.extend(_turned_cells(crop, glyphs))
    rules = [Rule(*_frame_box(box, direction)) for box in _rulings(crop)]
    found = read_table(glyphs, rules)
    if found is None:
        return None
    bbox = _unframe_box(found.bbox, direction)
    width = max([len(found.header), *(len(r) for r in found.rows)])
    header = tuple(found.header) + ("",) * (width - len(found.header)) if found.header else ()
    rows = tuple(tuple(r) + ("",) * (width - len(r)) for r in found.rows)
    cells = tuple(
        HeaderCell(text, row, column, n_rows, n_cols) for row, column, n_rows, n_cols, text in found.header_cells
    )
    spans = tuple(BodySpan(*span) for span in found.body_spans)
    return bbox, header, rows, cells, spans


_BOLD = "bold"

#: Turned characters one above the other at most this many ems apart are one cell's text ...
TURNED_GAP = 1.0
#: ... and a gap wider than this many ems between two of them is a space; a turned text needs
#: this many letters or digits to be a cell's.
WORD_SPACE = 0.2
TURNED_MIN_CHARS = 3
#: Turned texts level with each other (itself included) that make a row of turned headings.
TURNED_ROW = 3


def _turned_cells(crop: Any, upright: Sequence[Glyph]) -> list[Glyph]:
    """The texts of an upright table's cells set turned (column headings written up or down the
    page, to keep narrow columns narrow), each as one glyph over its box, when they stand in a
    band of their own: three of them level with each other at least, and upright text level
    with one of them on one line at most (a heading set at the foot of the band); a turned label
    beside rows of upright cells (a group's name down the side) is left out."""
    chars = [c for c in crop.chars if not c["upright"]]
    if not any(c["text"].strip() for c in chars):
        return []
    down = sum(1 for c in chars if c["matrix"][1] < 0)
    ttb = 2 * down > len(chars)  # turned clockwise: reads down the page
    # The characters of one cell's text share a column (their x-range) and follow each other
    # along it, top down or bottom up.
    chars.sort(key=lambda c: (float(c["x0"]), float(c["top"])))
    columns: list[list[dict[str, Any]]] = []
    for c in chars:
        em = float(c["size"]) or 1.0
        if columns and abs(float(columns[-1][0]["x0"]) - float(c["x0"])) <= 0.3 * em:
            columns[-1].append(c)
        else:
            columns.append([c])
    runs: list[list[dict[str, Any]]] = []
    for column in columns:
        column.sort(key=lambda c: float(c["top"]), reverse=not ttb)
        start = len(runs)
        for c in column:
            em = float(c["size"]) or 1.0
            last = runs[-1][-1] if len(runs) > start else None
            gap = (
                (float(c["top"]) - float(last["bottom"]) if ttb else float(last["top"]) - float(c["bottom"]))
                if last is not None
                else 0.0
            )
            if last is not None and gap <= TURNED_GAP * em:
                runs[-1].append(c)
            else:
                runs.append([c])
    out = []
    for run in runs:
        text = ""
        for prev, c in zip([None, *run], run, strict=False):
            if prev is not None and text and not text.endswith(" "):
                gap = float(c["top"]) - float(prev["bottom"]) if ttb else float(prev["top"]) - float(c["bottom"])
                if gap > WORD_SPACE * (float(c["size"]) or 1.0):
                    text += " "
            text += str(c["text"])
        text = " ".join(text.split())
        if sum(ch.isalnum() for ch in text) < TURNED_MIN_CHARS:
            continue  # a turned mark or symbol (a superscript, a formula's arrow), not a heading
        x0 = min(float(c["x0"]) for c in run)
        x1 = max(float(c["x1"]) for c in run)
        top = min(float(c["top"]) for c in run)
        bottom = max(float(c["bottom"]) for c in run)
        level = sorted(
            ((g.y0 + g.y1) / 2, g.size) for g in upright if g.text.strip() and top < (g.y0 + g.y1) / 2 < bottom
        )
        if any(b[0] - a[0] > 0.5 * max(a[1], b[1]) for a, b in itertools.pairwise(level)):
            continue  # rows of upright text beside it: a label down the side of a table's rows
        out.append(Glyph(x0, top, x1, bottom, text, statistics.median(float(c["size"]) for c in run)))
    # Headings set turned stand in a row: each level with two others at least (a word or two
    # turned on its own, a label down the side, a note in the margin, is not read as a cell).
    return [
        g
        for g in out
        if sum(1 for o in out if min(g.y1, o.y1) - max(g.y0, o.y0) >= 0.5 * min(g.y1 - g.y0, o.y1 - o.y0)) >= TURNED_ROW
    ]


def _frame_box(box: Sequence[float], direction: str) -> tuple[float, float, float, float]:
    """A box (x0, top, x1, bottom) in the reading frame of ``direction``."""
    x0, top, x1, bottom = (float(v) for v in box)
    if direction == "ttb":
        return (top, -x1, bottom, -x0)
    if direction == "btt":
        return (-bottom, x0, -top, x1)
    if direction == "rtl":
        return (-x1, -bottom, -x0, -top)
    return (x0, top, x1, bottom)


def _unframe_box(box: Sequence[float], direction: str) -> tuple[float, float, float, float]:
    fx0, fy0, fx1, fy1 = (float(v) for v in box)
    if direction == "ttb":
        return (-fy1, fx0, -fy0, fx1)
    if direction == "btt":
        return (fy0, -fx1, fy1, -fx0)
    if direction == "rtl":
        return (-fx1, -fy1, -fx0, -fy0)
    return (fx0, fy0, fx1, fy1)


#: A filled shape thinner than this (points) is a ruling; a wider one is shading, not a ruling.
RULE_THICKNESS = 2.0


def _rulings(crop: Any) -> list[tuple[float, float, float, float]]:
    """Rulings in ``crop`` (x0, top, x1, bottom): stroked lines, the edges of stroked
    rectangles, thin filled bars. The edges of shaded rows and cells are not rulings."""
    out = []
    for ln in crop.lines:
        out.append((ln["x0"], ln["top"], ln["x1"], ln["bottom"]))
    for r in crop.rects:
        x0, top, x1, bottom = r["x0"], r["top"], r["x1"], r["bottom"]
        if min(x1 - x0, bottom - top) <= RULE_THICKNESS:
            out.append((x0, top, x1, bottom))
        elif r.get("stroke"):
            out.extend(((x0, top, x1, top), (x0, bottom, x1, bottom), (x0, top, x0, bottom), (x1, top, x1, bottom)))
    return out


def _white(color: Any) -> bool:
    """A fill colour that is white or nearly (a table's cell background, not a bar)."""
    if color is None:
        return False
    values = color if isinstance(color, (list, tuple)) else (color,)
    try:
        nums = [float(v) for v in values]
    except (TypeError, ValueError):
        return False
    if len(nums) == 4:  # CMYK
        return all(v <= 0.05 for v in nums)
    return bool(nums) and all(v >= 0.95 for v in nums)


#: Bars of a chart: at least this many filled shapes standing on one baseline.
CHART_BARS = 3


def _chart(crop: Any) -> bool:
    """The region holds a chart: filled bars standing apart on a common baseline with different
    heights (or lengths, for horizontal bars), or a drawn polyline of several points across it.
    (Shading drawn as tiles touching each other is no bar.)"""
    width = float(crop.width)
    height = float(crop.height)
    bars = [
        (float(r["x0"]), float(r["top"]), float(r["x1"]), float(r["bottom"]))
        for r in crop.rects
        if r.get("fill")
        and not _white(r.get("non_stroking_color"))
        and min(r["x1"] - r["x0"], r["bottom"] - r["top"]) > RULE_THICKNESS
        and (r["x1"] - r["x0"]) < 0.5 * width
        and (r["bottom"] - r["top"]) < 0.9 * height
    ]
    # Vertical bars: (baseline, start, end, length); horizontal bars the same, turned.
    for items in (
        [(b[3], b[0], b[2], b[3] - b[1]) for b in bars],
        [(b[0], b[1], b[3], b[2] - b[0]) for b in bars],
    ):
        groups: dict[int, list[tuple[float, float, float]]] = {}
        for base, a, z, length in items:
            groups.setdefault(round(base), []).append((a, z, length))
        for members in groups.values():
            members.sort()
            apart: list[tuple[float, float, float]] = []
            for a, z, length in members:
                if apart and a - apart[-1][1] < 1.0:
                    prev = apart[-1]
                    apart[-1] = (prev[0], max(prev[1], z), max(prev[2], length))
                else:
                    apart.append((a, z, length))
            sizes = [length for _, _, length in apart]
            if len(apart) < CHART_BARS or max(sizes) - min(sizes) <= 0.2 * max(sizes):
                continue
            widths = sorted(z - a for a, z, _ in apart)
            gaps = [b[0] - a[1] for a, b in itertools.pairwise(apart)]
            # Bars stand apart (cells of a shaded table touch), at several different lengths.
            if min(gaps) >= 0.25 * widths[len(widths) // 2] and len({round(x) for x in sizes}) >= CHART_BARS:
                return True
    for c in crop.curves:
        pts = c.get("pts") or []
        if len(pts) >= 4 and (c["x1"] - c["x0"]) >= 0.3 * width and not c.get("fill"):
            ys = [p[1] for p in pts]
            if max(ys) - min(ys) > 0.1 * height:
                return True
    return False


def _page_size(page: Any) -> tuple[float, float]:
    crop = page.page_obj.cropbox if page.page_obj.cropbox is not None else page.page_obj.mediabox
    cl, cb, cr, ct = rect(crop)
    w, h = cr - cl, ct - cb
    return (h, w) if int(page.rotation) % 360 in (90, 270) else (w, h)


def _table(cells: Sequence[Sequence[str | None]], bbox: Box) -> Table:
    """A ruled grid as a table (its first row taken for the header)."""
    rows = [[" ".join((c or "").split()) for c in row] for row in cells]
    width = max((len(r) for r in rows), default=0)
    rows = [r + [""] * (width - len(r)) for r in rows]
    header = tuple(rows[0]) if rows else ()
    return Table(header=header, rows=tuple(tuple(r) for r in rows[1:]), bbox=bbox)


# Reading direction of a region's text: "ltr" upright; "ttb" turned clockwise (reads down the
# page, lines stacked right to left); "btt" turned counter-clockwise (reads up the page, lines
# stacked left to right); "rtl" upside down. pdfplumber's text options for each:
_DIRECTIONS: dict[str, dict[str, str]] = {
    "ltr": {},
    "ttb": {"char_dir_rotated": "ttb", "line_dir_rotated": "rtl"},
    "btt": {"char_dir_rotated": "btt", "line_dir_rotated": "ltr"},
    "rtl": {"char_dir": "rtl", "line_dir": "btt", "char_dir_render": "ltr", "line_dir_render": "ttb"},
}

Grid = list[list[str]]
_Found = list[tuple[tuple[float, float, float, float], Grid]]


def _direction(crop: Any) -> str:
    counts = {"ltr": 0, "ttb": 0, "btt": 0, "rtl": 0}
    for c in crop.chars:
        if not c["text"].strip():
            continue
        if c["upright"]:
            counts["rtl" if c["matrix"][0] < 0 else "ltr"] += 1
        elif c["matrix"][1] < 0:
            counts["ttb"] += 1
        else:
            counts["btt"] += 1
    return max(counts, key=lambda k: counts[k])


def _turn(cells: Sequence[Sequence[str | None]], direction: str) -> Grid:
    """The grid as the table reads (pdfplumber lays turned tables out as they sit on the page)."""
    grid = [[c or "" for c in row] for row in cells]
    if direction == "ltr" or not grid:
        return grid
    n_rows, n_cols = len(grid), max(len(r) for r in grid)
    grid = [r + [""] * (n_cols - len(r)) for r in grid]
    if direction == "ttb":  # the table's top is the page's right edge
        return [[grid[j][n_cols - 1 - i] for j in range(n_rows)] for i in range(n_cols)]
    if direction == "btt":  # the table's top is the page's left edge
        return [[grid[n_rows - 1 - j][i] for j in range(n_rows)] for i in range(n_cols)]
    return [list(reversed(row)) for row in reversed(grid)]


def _ruled(crop: Any, direction: str) -> _Found | None:
    """Tables from the rulings inside ``crop``; None when the rulings make no grid (read the
    region from its text then), empty when they frame a text box rather than a table."""
    edges = crop.edges
    if sum(1 for e in edges if e["orientation"] == "v") < 2 or sum(1 for e in edges if e["orientation"] == "h") < 2:
        return None
    out: _Found = []
    framed = False
    for t in crop.find_tables({"vertical_strategy": "lines", "horizontal_strategy": "lines"}):
        cells = _cell_texts(crop, t, x_tolerance=CELL_X_TOL, **_DIRECTIONS[direction])
        coarse = _coarse(cells)
        if not coarse and _framed_text(cells):
            framed = True
            continue
        if not coarse and (len(cells) < 2 or max((len(r) for r in cells), default=0) < 2):
            continue
        grid = _turn(cells, direction)
        if coarse:
            # Rules around the table but not between its rows: read it from the text, when
            # that gives a well-filled table (a chart's frame around stacks of tick labels
            # does not).
            text = _unruled(crop.crop(t.bbox, strict=False), direction)
            if text and _fill(text[0][1]) >= WELL_FILLED:
                out.extend(text)
            else:
                framed = True
            continue
        if direction == "ltr" and _merged_columns(t.rows, crop):
            # Rules between the rows but not between the columns: read it from the text,
            # unless that reads worse (justified text also leaves wide blanks in cells).
            text = _unruled(crop.crop(t.bbox, strict=False), direction)
            if text and _fill(text[0][1]) > _fill(grid):
                out.extend(text)
                continue
        out.append((tuple(t.bbox), grid))
    return out if out or framed else None


def _cell_texts(crop: Any, table: Any, **options: Any) -> list[list[str | None]]:
    """``table.extract(**options)``, over the characters whose middle is inside the table only:
    no other can be in one of its cells (pdfplumber's own test), and each row then looks at
    the table's characters instead of every character of the page."""
    from pdfplumber.table import Table as PlumberTable

    x0, top, x1, bottom = table.bbox

    def inside(obj: dict[str, Any]) -> bool:
        if obj["object_type"] != "char":
            return False
        h_mid: float = (obj["x0"] + obj["x1"]) / 2
        v_mid: float = (obj["top"] + obj["bottom"]) / 2
        return bool(x0 <= h_mid < x1 and top <= v_mid < bottom)

    cells: list[list[str | None]] = PlumberTable(crop.filter(inside), table.cells).extract(**options)
    return cells


def _covers_little(found: _Found, crop: Any) -> bool:
    """The tables found hold less than half of the words in ``crop``."""
    words = crop.extract_words(x_tolerance=WORD_X_TOL)
    if not words:
        return False
    inside = sum(
        1
        for w in words
        if any(
            b[0] <= (w["x0"] + w["x1"]) / 2 <= b[2] and b[1] <= (w["top"] + w["bottom"]) / 2 <= b[3] for b, _ in found
        )
    )
    return inside < 0.5 * len(words)


def _fill(grid: Grid) -> float:
    """Share of filled cells, empty rows and columns left out."""
    rows = [r for r in grid if any(c.strip() for c in r)]
    if not rows:
        return 0.0
    cols = [k for k in range(max(len(r) for r in rows)) if any(k < len(r) and r[k].strip() for r in rows)]
    filled = sum(1 for r in rows for k in cols if k < len(r) and r[k].strip())
    return filled / (len(rows) * len(cols))


def _merged_columns(rows: Sequence[Any], crop: Any) -> bool:
    """Many rows have a cell whose lines hold a wide blank: several columns share a cell
    because the rulings between columns are missing."""
    words = [w for w in crop.extract_words(x_tolerance=WORD_X_TOL) if w["upright"]]
    filled = merged = 0
    for row in rows:
        boxes = [c for c in row.cells if c is not None]
        in_row = False
        for x0, top, x1, bottom in boxes:
            inside = [
                w
                for w in words
                if x0 <= (w["x0"] + w["x1"]) / 2 <= x1 and top <= (w["top"] + w["bottom"]) / 2 <= bottom
            ]
            if inside:
                in_row = True
                if _has_wide_blank(inside):
                    merged += 1
                    break
        filled += in_row
    return filled > 0 and merged >= MERGED_SHARE * filled


def _has_wide_blank(words: list[dict[str, Any]]) -> bool:
    for line in _word_rows([_frame(w, "ltr") for w in words]):
        line.sort(key=lambda w: w[0])
        height = max(w[3] - w[1] for w in line)
        # A bullet or list marker is followed by a wide blank in ordinary text.
        start = 1 if len(line) > 1 and not any(ch.isalnum() for ch in line[0][4]) else 0
        if any(b[0] - a[2] >= WIDE_GAP * height for a, b in itertools.pairwise(line[start:])):
            return True
    return False


#: A blank this many line heights wide inside a cell's line separates two columns ...
WIDE_GAP = 1.5
#: ... and a grid is missing column rules when this share of its rows has one.
MERGED_SHARE = 0.3


def _framed_text(cells: Sequence[Sequence[str | None]]) -> bool:
    """One cell holds most of the text, many lines of it: a framed text box (a listing, a
    note), not a table."""
    sizes = [(len(c), c.count("\n") + 1) for row in cells for c in row if c and c.strip()]
    if not sizes:
        return True
    chars, lines = max(sizes)
    return lines >= FRAMED_LINES and chars >= FRAMED_SHARE * sum(n for n, _ in sizes)


#: A cell with this many lines and this share of the text makes a framed text box.
FRAMED_LINES = 5
FRAMED_SHARE = 0.6


def _coarse(cells: Sequence[Sequence[str | None]]) -> bool:
    """Many cells hold a stack of figures, one per line: the grid is missing its row rules.

    (Cells of wrapped text are fine: ruled tables of prose are read by their rules.)
    """
    filled = [c for row in cells for c in row if c and c.strip()]
    if not filled:
        return False
    stacked = 0
    for c in filled:
        lines = [ln for ln in c.split("\n") if ln.strip()]
        if len(lines) >= COARSE_LINES and sum(1 for ln in lines if any(ch.isdigit() for ch in ln)) >= 0.7 * len(lines):
            stacked += 1
    return stacked >= COARSE_SHARE * len(filled)


#: Share of filled cells a table read from text needs to replace a grid that is too coarse or
#: holds little of its region's text.
WELL_FILLED = 0.6
#: A ruled grid is too coarse when this share of its filled cells stacks this many figures.
COARSE_LINES = 3
COARSE_SHARE = 0.3

# A word: (x0, y0, x1, y1, text) in the reading frame (text runs left to right, lines top down).
_Word = tuple[float, float, float, float, str]


def _unruled(crop: Any, direction: str) -> _Found:
    """One table from text alignment inside ``crop``, or nothing."""
    upright = direction in ("ltr", "rtl")
    raw = [
        w
        for w in crop.extract_words(x_tolerance=WORD_X_TOL, extra_attrs=["upright"], **_DIRECTIONS[direction])
        if bool(w["upright"]) == upright and w["text"].strip()
    ]
    if len(raw) < 4:
        return []
    words = [_frame(w, direction) for w in raw]
    rows = _word_rows(words)
    if len(rows) < 2:
        return []
    columns = _columns(rows)
    if len(columns) < 2:
        return []
    cells: Grid = []
    for row in rows:
        texts: list[list[str]] = [[] for _ in columns]
        for w in sorted(row, key=lambda w: w[0]):
            centre = (w[0] + w[2]) / 2
            k = next((i for i, z in enumerate(columns) if centre <= z), len(columns) - 1)
            texts[k].append(w[4])
        cells.append([" ".join(t) for t in texts])
    bbox = (
        min(w["x0"] for w in raw),
        min(w["top"] for w in raw),
        max(w["x1"] for w in raw),
        max(w["bottom"] for w in raw),
    )
    return [(bbox, cells)]


def _frame(w: dict[str, Any], direction: str) -> _Word:
    x0, top, x1, bottom, text = float(w["x0"]), float(w["top"]), float(w["x1"]), float(w["bottom"]), str(w["text"])
    if direction == "ttb":
        return (top, -x1, bottom, -x0, text)
    if direction == "btt":
        return (-bottom, x0, -top, x1, text)
    if direction == "rtl":
        return (-x1, -bottom, -x0, -top, text)
    return (x0, top, x1, bottom, text)


def _word_rows(words: list[_Word]) -> list[list[_Word]]:
    """Words grouped into visual rows (vertical overlap of at least half a word height)."""
    rows: list[list[_Word]] = []
    top = bottom = 0.0
    for w in sorted(words, key=lambda w: (w[1] + w[3]) / 2):
        h = w[3] - w[1]
        if rows and min(bottom, w[3]) - max(top, w[1]) >= 0.5 * min(h, bottom - top):
            rows[-1].append(w)
            top, bottom = min(top, w[1]), max(bottom, w[3])
        else:
            rows.append([w])
            top, bottom = w[1], w[3]
    return rows


def _columns(rows: list[list[_Word]]) -> list[float]:
    """Right edges of the columns: split where (nearly) every row leaves the same x-range blank."""
    allowed = int(SPAN_SHARE * len(rows)) if len(rows) >= 5 else 0
    spans: list[tuple[float, float]] = []
    for row in rows:
        merged: list[list[float]] = []
        for a, z in sorted((w[0], w[2]) for w in row):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], z)
            else:
                merged.append([a, z])
        spans.extend((a, z) for a, z in merged)
    left, right = min(a for a, _ in spans), max(z for _, z in spans)
    cuts = [
        (blank_from + x) / 2
        for blank_from, x in thin_stretches(spans, allowed)
        if x - blank_from >= MIN_SEPARATOR and left < blank_from and x < right
    ]
    return [*cuts, right]
