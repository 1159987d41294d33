"""Domain values shared by ports, services and adapters.

Units everywhere: PDF points (1/72 inch) in *page space*: the page as a reader sees it (after its
/Rotate), origin at the top-left corner of its crop box, y growing downwards. Page indexes are
0-based inside the library and 1-based at the user surface (API results, MCP, CLI).

Models are frozen attrs classes; collections are tuples. Serialization lives in
:mod:`pdfcore.serde`, never on the models.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from attrs import evolve, field, frozen

# --------------------------------------------------------------------------------------------
# Geometry


@frozen
class Box:
    """An axis-aligned rectangle in page space (points, top-left origin), x0 <= x1, y0 <= y1."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def __reduce__(self) -> tuple[type[Box], tuple[float, float, float, float]]:
        # Pickled by value (pages cross process boundaries by the thousand): half the time of
        # the generic slots state, and smaller.
        return type(self), (self.x0, self.y0, self.x1, self.y1)


@frozen
class Clip:
    """A region as fractions of the page's width and height, each in [0, 1], top-left origin."""

    x0: float
    y0: float
    x1: float
    y1: float


# --------------------------------------------------------------------------------------------
# Sources


@frozen
class Fingerprint:
    """Identity of a file's content: size and mtime (the fast path) and a SHA-256 digest."""

    size: int
    mtime_ns: int
    sha256: str


@frozen
class DocumentSource:
    """A local PDF a port may open. The password is kept out of repr and equality."""

    path: str
    fingerprint: Fingerprint
    password: str | None = field(default=None, repr=False, eq=False)
    #: What the user called it (a path relative to a root, or the URL it came from).
    display_name: str = ""


# --------------------------------------------------------------------------------------------
# Document structure


@frozen
class OutlineEntry:
    level: int
    title: str
    #: 1-based page the entry points to, or None when it has no resolvable destination.
    page: int | None


@frozen
class PageInfo:
    index: int
    #: Width and height in page space (after rotation), points.
    width: float
    height: float
    label: str | None = None


@frozen
class DocumentFacts:
    """What a document is, without reading its pages' text."""

    page_count: int
    metadata: tuple[tuple[str, str], ...]
    outline: tuple[OutlineEntry, ...]
    pages: tuple[PageInfo, ...]
    pdf_version: str | None = None
    encrypted: bool = False
    has_acroform: bool = False
    has_xfa: bool = False
    attachment_count: int = 0
    #: Opened with a password (a user password is needed): its text never enters the shared
    #: cache. An encrypted document that opens without one (owner-password restrictions only)
    #: is readable by anyone and cached like any other.
    needs_password: bool = False

    @property
    def private(self) -> bool:
        """Kept out of the shared cache and refs store (see ``needs_password``)."""
        return self.needs_password


# --------------------------------------------------------------------------------------------
# Page content


@frozen
class TextLine:
    """One line of text as the extractor found it.

    The font facts are those of the line's first character: ``font_size`` in points as
    displayed (the nominal size scaled by the text's matrix; the larger of the first and last
    characters' when the line starts with a mark or a digit, such as a superscript note
    number), ``bold`` and ``mono`` (a monospaced face: code). ``role`` is what a tagged PDF's structure tree calls the line's
    content ("H1".."H6", "H", "Title", "P", "LI", "Table", "Caption", "Code", "Note", "TOC",
    "Figure", "Artifact"); empty for untagged content. ``italic``: an italic or oblique face
    (like ``bold``, from the first character to the last). ``size_runs``: where the size
    changes along the line (a 9 pt form label and its 11 pt answer, an 80 pt logo beside an
    11 pt name), the characters (spaces not counted) and the size of each run of words of one
    size, in order; empty when one size holds throughout, as on nearly every line (or when the
    extractor does not tell). ``lead``: the words a line not bold throughout opens with in bold
    (after a list's marker): ``Policyholder:`` before a name; empty for most lines.
    """

    text: str
    bbox: Box
    font_size: float = 0.0
    bold: bool = False
    mono: bool = False
    role: str = ""
    italic: bool = False
    size_runs: tuple[tuple[int, float], ...] = ()
    lead: str = ""

    def __reduce__(
        self,
    ) -> tuple[type[TextLine], tuple[str, Box, float, bool, bool, str, bool, tuple[tuple[int, float], ...], str]]:
        return type(self), (
            self.text,
            self.bbox,
            self.font_size,
            self.bold,
            self.mono,
            self.role,
            self.italic,
            self.size_runs,
            self.lead,
        )


@frozen
class TextBlock:
    """A paragraph-like group of lines in reading order."""

    text: str
    bbox: Box
    lines: tuple[TextLine, ...] = ()


@frozen
class ImageInfo:
    """A distinct embedded raster image on a page (deduplicated by PDF object)."""

    index: int
    width_px: int
    height_px: int
    #: First placement; None for inline/mask images with no retrievable rect.
    bbox: Box | None
    placements: tuple[Box, ...] = ()
    filter: str | None = None


@frozen
class Drawing:
    """A region of vector art on a page: painted paths (bars, curves, markers, shapes; not
    ruling lines) lying close together, ``paths`` of them, within ``bbox`` (page space).
    ``on_fills``: the text lines with a letter set on a filled rectangle of the region smaller
    than half of it (a table's shaded cells, a text box; not a bar's value label, not on a chart's
    background panel)."""

    bbox: Box
    paths: int
    on_fills: int = 0


@frozen
class HiddenSpan:
    """A run of text a human reader cannot see, and why."""

    page: int
    reasons: tuple[str, ...]
    text: str
    bbox: Box
    font_size: float
    opacity: float
    #: The boxes of the text runs it joins (page space, one per text object), within ``bbox``:
    #: they tell it from visible text printed over or beside it (a knocked-out copy of a title
    #: under the title itself).
    parts: tuple[Box, ...] = ()


@frozen
class Link:
    """A link annotation: where it is and where it goes."""

    page: int
    bbox: Box
    #: One of :data:`LINK_KINDS`.
    kind: str
    uri: str | None = None
    #: 0-based target page in this document (kind "goto"), when it resolves.
    target_page: int | None = None
    #: The file a "remote_goto" or "launch" link names.
    file_path: str | None = None
    #: The page text under the link's rectangle (the anchor text).
    text: str = ""


@frozen
class Annotation:
    """A markup annotation (note, highlight, stamp, free text...); links, form widgets and
    pop-ups are not annotations here (links and fields have their own listings; a pop-up only
    shows its parent's text)."""

    page: int
    #: The PDF subtype name: Text, FreeText, Highlight, Underline, StrikeOut, Squiggly, Stamp,
    #: Ink, Line, Square, Circle, Polygon, PolyLine, Caret, FileAttachment, Redact, ...
    subtype: str
    bbox: Box
    author: str | None = None
    contents: str | None = None
    subject: str | None = None
    modified: str | None = None
    #: For text markup (Highlight, Underline, StrikeOut, Squiggly): the page text it marks.
    marked_text: str | None = None
    #: The annotation is flagged hidden or invisible: a viewer does not show it.
    hidden: bool = False


@frozen
class PageAnnotations:
    """What one page carries on top of its content: links and annotations."""

    page: int
    links: tuple[Link, ...] = ()
    annotations: tuple[Annotation, ...] = ()


@frozen
class PageText:
    """Everything the text extractor learned about one page."""

    index: int
    text: str
    blocks: tuple[TextBlock, ...] = ()
    #: Raw lines in content-stream order, as an extractor found them. The layout step turns
    #: them into ``blocks`` and ``text`` (reading order) and then drops them.
    lines: tuple[TextLine, ...] = ()
    char_count: int = 0
    image_count: int = 0
    images: tuple[ImageInfo, ...] = ()
    hidden: tuple[HiddenSpan, ...] = ()
    #: Stable quality warning codes (see :mod:`pdfcore.services.quality`).
    warnings: tuple[str, ...] = ()
    #: "extracted" for the native text layer, "ocr" for recognised text.
    source: str = "extracted"
    ocr_confidence: float | None = None
    #: Annotations on the page (links, notes, widgets...): a cheap hint of where extras live.
    annotation_count: int = 0
    #: The page's links and annotations, when the extractor read them with the text (pdfium
    #: does, for pages with few enough annotations); ``None``: not read, ask the extras port.
    annotations: PageAnnotations | None = None
    #: Tables found on the page, once ``tables_checked`` (table reading runs on demand).
    tables: tuple[Table, ...] = ()
    tables_checked: bool = False
    #: Ruling lines drawn on the page (stroked or thin filled segments, edges of filled
    #: rectangles), merged and capped: each box is thin in one dimension. Table evidence.
    rules: tuple[Box, ...] = ()
    #: Wide horizontal gaps inside text lines (x-range of the gap, y-range of its line), capped:
    #: the whitespace between cells of a table row. Table evidence.
    gaps: tuple[Box, ...] = ()
    #: Regions of vector art (charts, diagrams, shapes), merged and capped, largest first:
    #: figure evidence (see :mod:`pdfcore.structure.vector_figures`).
    drawings: tuple[Drawing, ...] = ()
    #: Small dark filled shapes about as tall as wide (squares, discs of 2-8 points), capped:
    #: list bullets drawn as art rather than as text (see :mod:`pdfcore.structure.drawn_bullets`).
    marks: tuple[Box, ...] = ()
    #: Vertical ruling lines that stand as gutters between columns of text drawn row by row
    #: (the extractor parted its lines at them): the column finder's gutters whatever the text
    #: beside them (see :mod:`pdfcore.rule_gutters`).
    gutters: tuple[Box, ...] = ()
    #: Running heads/feet, page numbers and line numbers found on the page (top to bottom), in
    #: the page text or stripped from it per ``extraction.running_heads`` (warnings say which).
    furniture: tuple[str, ...] = ()


@frozen
class RenderedImage:
    png: bytes
    width: int
    height: int
    dpi: float
    #: The image is one colour: nothing was drawn (None: not checked).
    blank: bool | None = None
    #: With ``blank``: the fonts of the page's text that the PDF does not embed (base names).
    fonts_not_embedded: tuple[str, ...] = ()


@frozen
class PngImage:
    """A PNG and its size in pixels; ``source_size``: (width, height) of the image it was made
    from, before scaling (None when it was not scaled from another image)."""

    png: bytes = field(repr=False)
    width: int
    height: int
    source_size: tuple[int, int] | None = None


#: Shapes a :class:`Mark` draws.
MARK_KINDS = ("line", "rectangle", "ellipse")


@frozen
class Mark:
    """A shape drawn over an image, in its pixels (top-left origin).

    ``line``: a stroke through ``points`` with rounded joints; ``rectangle`` and ``ellipse``: the
    outline of the shape whose bounding box has the two corners ``points``. ``rgba``: colour and
    opacity (0-255 each); ``width``: the stroke width in pixels."""

    kind: str
    points: tuple[tuple[float, float], ...]
    rgba: tuple[int, int, int, int]
    width: int


# --------------------------------------------------------------------------------------------
# Tables, OCR, embeddings, fetching


@frozen
class HeaderCell:
    """One cell of a table's header as printed: ``text`` on header row ``row`` (0 = the top
    one) in column ``column`` (0-based), over ``columns`` columns and ``rows`` header rows (a
    heading over a group of columns; a column heading set once beside two levels)."""

    text: str
    row: int
    column: int
    rows: int = 1
    columns: int = 1


@frozen
class BodySpan:
    """A cell of a table's body set once over several rows or columns: it stands at body row
    ``row`` (0-based, in ``rows``), column ``column``, over ``rows`` rows and ``columns``
    columns. Its text is in its first cell; the cells it covers hold ``""``."""

    row: int
    column: int
    rows: int = 1
    columns: int = 1


@frozen
class Table:
    """A table as a reader transcribes it.

    ``header`` is the merged header row (each column's header rows joined top to bottom; empty
    when no header row was recognised); every row has as many cells as the widest row (and the
    header, when there is one). ``header_cells``: the header as printed, cell by cell with their
    spans, when it has spanning cells or several levels (empty when ``header`` says it all).
    ``bbox`` is in page space; ``page`` the 0-based page index (None until the table is placed
    on a page). ``low_confidence``: the structure may be wrong (sparse or run-together cells);
    the cells' text is still the page's. ``continued_from`` / ``continued_on``: the 0-based page
    the same table comes from / goes on to. ``body_spans``: the body's cells over several rows
    (a ruled grid's merged cells), empty when every cell is one row high.
    """

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    bbox: Box
    page: int | None = None
    low_confidence: bool = False
    continued_from: int | None = None
    continued_on: int | None = None
    header_cells: tuple[HeaderCell, ...] = ()
    body_spans: tuple[BodySpan, ...] = ()

    def texts(self) -> Iterator[str]:
        """Every cell's text: the header's, the rows', the header's as printed."""
        yield from self.header
        for row in self.rows:
            yield from row
        for cell in self.header_cells:
            yield cell.text

    def with_texts(self, text: Callable[[str], str]) -> Table:
        """The table with ``text`` applied to each cell's text (all of :meth:`texts`)."""
        return evolve(
            self,
            header=tuple(text(c) for c in self.header),
            rows=tuple(tuple(text(c) for c in row) for row in self.rows),
            header_cells=tuple(evolve(h, text=text(h.text)) for h in self.header_cells),
        )


@frozen
class OcrWord:
    text: str
    #: In the coordinates of the image the engine was given (pixels, top-left origin).
    bbox: Box
    confidence: float
    line: int = 0


@frozen
class OcrResult:
    engine: str
    words: tuple[OcrWord, ...]
    text: str
    mean_confidence: float


@frozen
class RasterImage:
    """An 8-bit greyscale or RGB image handed to an OCR engine (PNG-encoded)."""

    png: bytes
    width: int
    height: int


@frozen
class FetchedFile:
    path: str
    sha256: str
    size: int
    url: str
    final_url: str
    content_type: str | None


@frozen
class Embeddings:
    """``count`` float32 vectors of ``dimension`` values, row-major, little-endian bytes."""

    dimension: int
    count: int
    data: bytes


# --------------------------------------------------------------------------------------------
# Cache bookkeeping


@frozen
class StoreStats:
    total_files: int
    total_pages: int
    total_images: int
    total_embeddings: int
    total_ocr_pages: int
    size_bytes: int
    path: str
    #: Rows per table of the store (its own names), for operators sizing a cache.
    rows_by_table: tuple[tuple[str, int], ...] = ()


# --------------------------------------------------------------------------------------------
# Keyword search


@frozen
class QueryTerm:
    """A word (stemmed by the index) or an exact phrase; ``substring`` terms (CJK) match anywhere."""

    text: str
    phrase: bool = False
    substring: bool = False


@frozen
class KeywordQuery:
    terms: tuple[QueryTerm, ...]
    #: "and": a page must contain every term; "or": any term.
    mode: str = "and"


@frozen
class KeywordHit:
    page: int
    score: float
    #: Character spans of the matches in the page's text, in order.
    spans: tuple[tuple[int, int], ...]
    match_count: int


@frozen
class KeywordOutcome:
    hits: tuple[KeywordHit, ...]
    #: Matches per page for every matching page (not only the returned hits), 0-based keys.
    page_match_counts: tuple[tuple[int, int], ...]
    searched_pages: int


# --------------------------------------------------------------------------------------------
# Semantic search


@frozen
class ChunkSpan:
    """A chunk of a page's text: characters ``start..end`` of page ``page`` (0-based)."""

    page: int
    start: int
    end: int


@frozen
class VectorSet:
    """One document's chunk vectors for one model and chunking: ``len(spans)`` float32 rows."""

    key: str
    dimension: int
    spans: tuple[ChunkSpan, ...]
    data: bytes


# --------------------------------------------------------------------------------------------
# Corpus warming


@frozen
class WarmJob:
    """Warm one document: extract and index it (and embed it) into the cache at ``cache_dir``.

    ``settings`` is the plain mapping of the caller's settings (picklable, JSON-safe), so a worker
    builds the same pipeline.
    """

    path: str
    settings: dict[str, object]
    embeddings: bool = False


@frozen
class WarmOutcome:
    path: str
    status: str  # "warmed" | "cached" | "failed"
    pages: int = 0
    embeddings_cached: bool = False
    error: str | None = None
    message: str | None = None
    seconds: float = 0.0


# --------------------------------------------------------------------------------------------
# Refs: short names for places on pages


@frozen
class Ref:
    """A place a caller can render by name (``p47m1``: a search hit; ``p5r2``: a visual region).

    Tied to the content digest of the document it points into.
    """

    ref: str
    digest: str
    page: int  # 0-based
    bbox: Box
    kind: str  # "match" | "figure" | "table" | "form" | ...
    text: str = ""
