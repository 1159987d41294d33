"""An in-memory TextExtractor: documents are dicts of page texts keyed by path."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pdfcore.errors import MalformedPdf, PageOutOfRange, PasswordIncorrect, PasswordRequired
from pdfcore.models import Box, DocumentFacts, DocumentSource, OutlineEntry, PageInfo, PageText, TextLine
from ports.text_extractor import TextExtractor


class FakeDocument:
    def __init__(
        self,
        pages: Sequence[str],
        *,
        password: str | None = None,
        outline: Sequence[OutlineEntry] = (),
        labels: Sequence[str | None] = (),
        metadata: dict[str, str] | None = None,
        size: tuple[float, float] = (612.0, 792.0),
        styles: dict[int, Sequence[tuple[float, bool, bool] | tuple[float, bool, bool, str]]] | None = None,
    ) -> None:
        self.pages = list(pages)
        #: Per page index, (font size, bold, mono[, bold lead-in]) of each non-blank row in order
        #: (default 12 pt regular).
        self.styles = dict(styles or {})
        self.password = password
        self.outline = tuple(outline)
        self.labels = list(labels) or [None] * len(self.pages)
        self.metadata = dict(metadata or {})
        self.size = size


class FakeTextExtractor(TextExtractor):
    """Lines are laid out top to bottom, 14 pt apart, one per text line; blank lines split blocks."""

    name = "fake"

    def __init__(self, documents: dict[str, FakeDocument] | None = None, *, broken: set[str] | None = None) -> None:
        self.documents = dict(documents or {})
        self.broken = set(broken or ())
        self.extracted: list[tuple[str, int]] = []
        self.calls: list[list[int]] = []
        self.inspected = 0

    def _doc(self, source: DocumentSource) -> FakeDocument:
        if source.path in self.broken or source.path not in self.documents:
            raise MalformedPdf("The file is not a readable PDF (damaged, truncated or another format).")
        doc = self.documents[source.path]
        if doc.password is not None:
            if not source.password:
                raise PasswordRequired("The document is encrypted and needs a password.")
            if source.password != doc.password:
                raise PasswordIncorrect("The password does not open this document.")
        return doc

    def inspect(self, source: DocumentSource) -> DocumentFacts:
        self.inspected += 1
        doc = self._doc(source)
        w, h = doc.size
        return DocumentFacts(
            page_count=len(doc.pages),
            metadata=tuple(doc.metadata.items()),
            outline=doc.outline,
            pages=tuple(PageInfo(index=i, width=w, height=h, label=doc.labels[i]) for i in range(len(doc.pages))),
            encrypted=doc.password is not None,
            needs_password=doc.password is not None,
        )

    def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
        doc = self._doc(source)
        self.calls.append(list(pages))
        for i in pages:
            if not 0 <= i < len(doc.pages):
                raise PageOutOfRange(f"Page {i + 1} does not exist; the document has {len(doc.pages)} page(s).")
            self.extracted.append((source.path, i))
            lines = []
            y = 72.0
            styles = list(doc.styles.get(i, ()))
            for row in doc.pages[i].split("\n"):
                if row.strip():
                    size, bold, mono, *lead = styles.pop(0) if styles else (12.0, False, False)
                    box = Box(72.0, y, 72.0 + 0.5 * size * len(row), y + size)
                    lines.append(TextLine(text=row, bbox=box, font_size=size, bold=bold, mono=mono, lead="".join(lead)))
                    y += size + 2.0
                else:
                    y += 28.0
            yield PageText(index=i, text="", lines=tuple(lines))
