"""Places and refs: search hits collapsed per line, visual regions, and durable short names.

A *place* is one line of a page (or one visual region). Hits in the same line collapse into one
place with a count (``×N``). Every place gets a short ref (``p47m1`` for matches, ``p5r2`` for
regions) that a render call can crop to. Refs are stored per source (the caller's name of the
document) and tied to the document's content digest: they survive restarts, and a ref into a
file that has changed since answers ``file_changed`` instead of cropping the wrong place.

Ref sets: a search replaces the source's set (even with zero hits); a full-page render that
lists regions replaces it; other renders (regions, refs) keep it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pdfcore.errors import FileChanged, UnknownRef
from pdfcore.geometry import union
from pdfcore.models import Box, DocumentSource, PageText, Ref, TextBlock
from pdfcore.nextcalls import call
from pdfcore.results.agent import Place
from pdfcore.services.search_excerpts import block_offsets, snippet
from pdfcore.structure import parse_figure_ref
from ports.store import Store

_SOFT_HYPHENS = str.maketrans({"\ufffe": None, "\u00ad": None})


def source_key(source: DocumentSource) -> str:
    """How refs name a document: the URL it came from, else its real path."""
    return source.display_name if "://" in source.display_name else source.path


def _line_starts(block: TextBlock, block_text: str) -> list[tuple[int, Box, str]]:
    """Approximate start offset (in the block text) of each raw line of the block."""
    out: list[tuple[int, Box, str]] = []
    cursor = 0
    for ln in block.lines:
        flat = " ".join(ln.text.split())
        probe = flat[:12]
        pos = block_text.find(probe, cursor) if probe else -1
        if pos < 0:
            pos = cursor
        out.append((pos, ln.bbox, ln.text))
        # the next line starts after this one (less a few characters a joined hyphen may take):
        # a line opening with words an earlier line holds ("results.") is not found there
        cursor = max(cursor, pos + max(1, len(flat) - 3))
    return out


def locate(page: PageText, start: int, end: int) -> tuple[tuple[int, int], Box, str]:
    """(place key, box, line text) of a character span of ``page.text``. A span past the text's
    end (a match the keyword index found where the page runs on into the next, see
    :mod:`pdfcore.services.seams`) is placed at the page's last line, where it starts."""
    if page.text and start >= len(page.text):
        start = len(page.text) - 1
    for b_start, b_end, idx in block_offsets(page):
        if b_start <= start < b_end or (start == b_end and idx == len(page.blocks) - 1):
            block = page.blocks[idx]
            if not block.lines:
                return (idx, 0), block.bbox, block.text[:200]
            starts = _line_starts(block, block.text)
            rel = start - b_start
            k = 0
            for j, (pos, _box, _t) in enumerate(starts):
                if pos <= rel:
                    k = j
            _pos, box, text = starts[k]
            return (idx, k), box, text
    return (-1, 0), Box(0.0, 0.0, 0.0, 0.0), ""


def page_places(page: PageText, spans: Sequence[tuple[int, int]]) -> list[Place]:
    """The places of one page's hits, in reading order; refs ``p{page}m{k}``. A place's text is
    its line (or, where no line holds the hit, the words around it), its count the hits in it,
    and ``terms`` the distinct words matched there."""
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    info: dict[tuple[int, int], tuple[Box, str]] = {}
    for a, b in spans:
        key, box, text = locate(page, a, b)
        if key[0] < 0:  # in no block: a place of its own, named by the words around it
            key = (-1, a)
            text = snippet(page.text, a, b, 40)
        groups.setdefault(key, []).append((a, b))
        info.setdefault(key, (box, text))
    places = []
    for k, key in enumerate(sorted(groups, key=lambda key: groups[key][0][0]), start=1):
        box, text = info[key]
        hits = groups[key]
        places.append(
            Place(
                ref=f"p{page.index + 1}m{k}",
                page=page.index,
                text=" ".join(text.translate(_SOFT_HYPHENS).split()),
                count=len(hits),
                bbox=box,
                terms=len({page.text[a:b].casefold() for a, b in hits}),
            )
        )
    return places


def collapse(
    pages: dict[int, PageText], spans_by_page: Sequence[tuple[int, Sequence[tuple[int, int]]]], *, limit: int
) -> tuple[list[Place], int]:
    """Places for hits, in page order; refs ``p{page}m{k}``. Returns (places, places omitted)."""
    places: list[Place] = []
    omitted = 0
    for page_index, spans in sorted(spans_by_page, key=lambda x: x[0]):
        for place in page_places(pages[page_index], spans):
            if len(places) >= limit:
                omitted += 1
                continue
            places.append(place)
    return places, omitted


def regions(
    page: PageText,
    table_boxes: Sequence[Box] = (),
    form_boxes: Sequence[Box] = (),
    drawings: Mapping[str, Box] | None = None,
) -> list[Place]:
    """Visual regions of a page: figures (images, and the vector figures ``drawings`` names by
    their Markdown refs, ``p3v1``), tables, form areas; refs ``p{page}r{k}``."""
    found: list[tuple[str, Box, str]] = []
    for img in page.images:
        for box in img.placements or ((img.bbox,) if img.bbox else ()):
            if box.width > 20 and box.height > 20:
                found.append(("figure", box, f"image {img.width_px}x{img.height_px}px"))
    for ref, box in (drawings or {}).items():
        found.append(("figure", box, f"vector drawing (chart or diagram; {ref} in the page's Markdown)"))
    for box in table_boxes:
        found.append(("table", box, "table"))
    if form_boxes:
        found.append(("form", union(form_boxes), f"{len(form_boxes)} form field(s)"))
    found.sort(key=lambda f: (f[1].y0, f[1].x0))
    return [
        Place(ref=f"p{page.index + 1}r{k}", page=page.index, text=caption, count=1, bbox=box, kind=kind, origin=kind)
        for k, (kind, box, caption) in enumerate(found, start=1)
    ]


class RefBook:
    """Stores and resolves refs through a Store (durable) — or a private one for encrypted files.

    Figure refs (``p3f1``, ``p3v1``, from a page's Markdown) are not stored: they name a page's
    figures in a fixed order (:func:`pdfcore.structure.figure_refs`), so ``figures`` (source,
    0-based page -> the page's figure boxes by ref) resolves them in any later call.
    """

    def __init__(
        self, store_for_source: object, figures: Callable[[DocumentSource, int], Mapping[str, Box]] | None = None
    ) -> None:
        self.store_for_source = store_for_source  # (source, encrypted) -> Store
        self.figures = figures

    def _store(self, source: DocumentSource, encrypted: bool) -> Store:
        store: Store = self.store_for_source(source, encrypted)  # type: ignore[operator]
        return store

    def replace(self, source: DocumentSource, places: Sequence[Place], *, encrypted: bool) -> None:
        refs = [
            Ref(ref=p.ref, digest=source.fingerprint.sha256, page=p.page, bbox=p.bbox, kind=p.kind, text=p.text)
            for p in places
        ]
        self._store(source, encrypted).replace_refs(source_key(source), refs)

    def resolve(self, source: DocumentSource, ref: str, *, encrypted: bool) -> Ref:
        figure = parse_figure_ref(ref)
        if figure is not None and self.figures is not None:
            page, k = figure
            boxes = self.figures(source, page)
            box = boxes.get(ref.strip())
            if box is None:
                raise UnknownRef(
                    f"{ref!r} names figure {k + 1} of page {page + 1}, which has no such figure "
                    f"(its figures: {', '.join(boxes) or 'none'}).",
                    recovery="Read the page with format='markdown' to see its figures and their refs.",
                )
            return Ref(ref=ref.strip(), digest=source.fingerprint.sha256, page=page, bbox=box, kind="figure")
        found = self._store(source, encrypted).load_ref(source_key(source), ref.strip())
        if found is None:
            raise UnknownRef(
                f"{ref!r} is not a ref of this document's current set (refs come from the latest "
                f"{call('search')}, or the latest full-page render that listed regions)."
            )
        if found.digest != source.fingerprint.sha256:
            raise FileChanged(
                f"The document changed since {ref!r} was made, so it may point at the wrong place.",
                recovery=f"Run {call('search')} again to get refs for the current version.",
            )
        return found
