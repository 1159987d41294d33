"""Embedded files, form fields, links, annotations and the XFA status, as an agent reads them.

- Attachments are listed by the document-extras backend; when it cannot read a file (a file
  specification pdfium does not follow, an embedded file with its own crypt filter in an
  encrypted document) a second attachment reader, when configured, supplies the data. Text-like
  files (XML, JSON, CSV, TXT...) come back as text — a Factur-X / ZUGFeRD invoice's XML is the
  invoice's data — images as PNG, anything else is refused with ``unsupported_for_format``.
- Form fields are grouped by field name (a radio group is one field); a dynamic XFA form's data
  (its ``datasets`` packet) is listed too, since its pages often show only a placeholder.
- Links and annotations are read per page and kept in memory per document.
- Every result carries the document's XFA status; :meth:`ExtrasService.xfa_placeholder_pages`
  tells the read and search services which pages only show an XFA viewer placeholder
  ("Please wait...", "To view the full contents of this document, you need a later version of
  the PDF viewer").
"""

from __future__ import annotations

import io
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from attrs import evolve

from pdfcore import pagespec
from pdfcore.errors import (
    BackendUnavailable,
    ExtractionFailed,
    InvalidArgument,
    PdfcoreError,
    ResourceLimit,
    UnsupportedForFormat,
)
from pdfcore.extras import Annotation, Attachment, FormField, Link, PageAnnotations, XfaForm
from pdfcore.geometry import to_clip
from pdfcore.models import DocumentFacts, DocumentSource, PageText
from pdfcore.results.extras import (
    AnnotationOut,
    AnnotationsResult,
    AttachmentOut,
    AttachmentResult,
    AttachmentsResult,
    FormFieldOut,
    FormsResult,
    LinkOut,
    LinksResult,
    PageExtrasResult,
    XfaStatus,
)
from pdfcore.serde import unstructure
from pdfcore.services.documents import DocumentService
from ports.attachment_reader import AttachmentReader
from ports.document_extras import DocumentExtras

IMAGE_MAX_SIDE = 1568
#: Images with more pixels than this are refused (decompression bombs).
IMAGE_MAX_PIXELS = 60_000_000
#: Most values read from an XFA datasets packet.
MAX_XFA_VALUES = 5000
#: Longest string of one listed item (values, contents, anchor texts) on the wire.
MAX_ITEM_CHARS = 4000
#: Page text shorter than this (non-space characters) can be an XFA placeholder page.
PLACEHOLDER_MAX_CHARS = 1500

# Phrases of the pages an XFA form shows to viewers without an XFA processor. A page that holds
# one of them, little else, in a document with an XFA form, is a placeholder and not the form.
_PLACEHOLDER_PHRASES = (
    "to view the full contents of this document, you need a later version of the pdf viewer",
    "the document you are trying to load requires adobe reader",
    "your pdf viewer may not be able to display this type of document",
    "if this message is not eventually replaced by the proper contents of the document",
    "you can upgrade to the latest version of adobe reader",
)
_PLEASE_WAIT = "please wait"

# fmt: off
_TEXT_EXTENSIONS = frozenset((
    "txt", "text", "csv", "tsv", "xml", "json", "jsonld", "ndjson", "geojson", "md", "markdown", "html", "htm",
    "xhtml", "yaml", "yml", "toml", "ini", "cfg", "conf", "log", "ics", "vcf", "svg", "xsd", "xsl", "xslt", "xbrl",
    "rdf", "gml", "kml", "sql", "tex", "rst", "properties", "edi", "eml",
))
_TEXT_MIMES = frozenset((
    "application/xml", "application/json", "application/csv", "application/x-yaml", "application/yaml",
    "application/sql", "application/x-tex", "application/rtf", "application/javascript", "application/ld+json",
    "message/rfc822",
))
_IMAGE_EXTENSIONS = frozenset(("png", "jpg", "jpeg", "gif", "bmp", "tif", "tiff", "webp"))
# fmt: on
_IMAGE_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"BM", "image/bmp"),
    (b"II*\x00", "image/tiff"),
    (b"MM\x00*", "image/tiff"),
)

EXTRA_KINDS = ("links", "annotations", "form_fields")


# --------------------------------------------------------------------------------------------
# Small pure helpers (tested directly)


def pdf_date(value: str | None) -> str | None:
    """A PDF date (``D:YYYYMMDDHHmmSSOHH'mm'``, any prefix of it) as ISO 8601; other text as is."""
    if not value:
        return None
    m = re.match(
        r"^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*([Zz]|[+-]\d{2}'?(?:\d{2})?'?)?", value.strip()
    )
    if not m:
        return value.strip() or None
    year, month, day, hour, minute, second, tz = m.groups()
    out = year + "-" + (month or "01") + "-" + (day or "01")
    if hour:
        out += f"T{hour}:{minute or '00'}:{second or '00'}"
        if tz:
            if tz in ("Z", "z"):
                out += "Z"
            else:
                digits = tz.replace("'", "")
                out += f"{digits[:3]}:{digits[3:5] or '00'}"
    return out


def is_placeholder_text(text: str) -> bool:
    """True when page text is (only) an XFA viewer placeholder message."""
    flat = " ".join(text.split()).lower()
    if not flat or len(flat.replace(" ", "")) > PLACEHOLDER_MAX_CHARS:
        return False
    if any(p in flat for p in _PLACEHOLDER_PHRASES):
        return True
    return _PLEASE_WAIT in flat and ("viewer" in flat or "reader" in flat or len(flat) < 40)


def classify_attachment(name: str, mime_type: str | None, head: bytes = b"") -> str:
    """text | image | pdf | binary, from the name, the declared type and (when given) the first bytes."""
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    mime = (mime_type or "").lower()
    if head:
        if head.startswith(b"%PDF-"):
            return "pdf"
        if _image_type(head):
            return "image"
        if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
            return "image"
    if ext == "pdf" or mime == "application/pdf":
        return "pdf"
    if ext in _IMAGE_EXTENSIONS or (mime.startswith("image/") and mime != "image/svg+xml"):
        return "image"
    if (
        ext in _TEXT_EXTENSIONS
        or mime.startswith("text/")
        or mime in _TEXT_MIMES
        or mime.endswith("+xml")
        or mime.endswith("+json")
    ):
        return "text"
    if head:
        return "text" if decode_text(head, declared_text=False, partial=True) is not None else "binary"
    return "binary"


def _image_type(head: bytes) -> str | None:
    for sig, mime in _IMAGE_SIGNATURES:
        if head.startswith(sig):
            return mime
    return None


def decode_text(data: bytes, *, declared_text: bool, partial: bool = False) -> tuple[str, str] | None:
    """(text, encoding) when ``data`` is text: UTF-8 (with or without BOM), UTF-16 with a BOM,
    or — for files that say they are text — Windows-1252 when nearly all of it is printable."""
    if data.startswith(b"\xef\xbb\xbf"):
        data, bom = data[3:], "utf-8-sig"
    else:
        bom = ""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            return None
    if b"\x00" in data[:8192]:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if partial and exc.start >= len(data) - 3:  # a sample cut inside a character
            text = data[: exc.start].decode("utf-8")
        elif declared_text:
            text = data.decode("cp1252", errors="replace")
            if _control_fraction(text) > 0.02 or text.count("\ufffd") > len(text) // 100:
                return None
            return text, "cp1252"
        else:
            return None
    if _control_fraction(text) > 0.02:
        return None
    return text, bom or "utf-8"


def _control_fraction(text: str) -> float:
    if not text:
        return 0.0
    bad = sum(1 for ch in text[:65536] if ord(ch) < 32 and ch not in "\t\n\r\f")
    return bad / min(len(text), 65536)


def xfa_values(datasets: str) -> tuple[tuple[str, str], ...] | None:
    """(dotted name, value) of the leaf elements under ``xfa:data``; None when it is not XML."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(datasets)
    except ET.ParseError:
        return None
    data = None
    for el in root.iter():
        if el.tag.rsplit("}", 1)[-1] == "data":
            data = el
            break
    if data is None:
        data = root
    out: list[tuple[str, str]] = []

    def walk(el: Any, path: str, depth: int) -> None:
        if len(out) >= MAX_XFA_VALUES or depth > 64:
            return
        children = list(el)
        if not children:
            value = (el.text or "").strip()
            if value:
                out.append((path, value))
            return
        counts: dict[str, int] = {}
        for child in children:
            tag = child.tag.rsplit("}", 1)[-1] if isinstance(child.tag, str) else ""
            if not tag:
                continue
            n = counts.get(tag, 0)
            counts[tag] = n + 1
            name = tag if n == 0 else f"{tag}[{n}]"
            walk(child, f"{path}.{name}" if path else name, depth + 1)

    walk(data, "", 0)
    return tuple(out)


def _cap(text: str | None, limit: int = MAX_ITEM_CHARS) -> tuple[str | None, bool]:
    if text is None or len(text) <= limit:
        return text, False
    return text[:limit], True


def _label(facts: DocumentFacts, index: int) -> str | None:
    if 0 <= index < len(facts.pages):
        label = facts.pages[index].label
        return label if label and label != str(index + 1) else None
    return None


def _page_size(facts: DocumentFacts, index: int) -> tuple[float, float]:
    if 0 <= index < len(facts.pages):
        return facts.pages[index].width, facts.pages[index].height
    return 612.0, 792.0


def _budgeted(items: Sequence[Any], budget: int) -> tuple[list[Any], bool]:
    """The longest prefix of ``items`` whose JSON fits ``budget`` bytes (at least one item)."""
    out: list[Any] = []
    used = 0
    for item in items:
        size = len(json.dumps(unstructure(item), ensure_ascii=False)) + 1
        if out and used + size > budget:
            return out, True
        used += size
        out.append(item)
    return out, False


# --------------------------------------------------------------------------------------------
# The service


T = TypeVar("T")


class _Memo:
    """A small LRU keyed by document digest (what the backend found is immutable per content)."""

    def __init__(self, capacity: int = 64) -> None:
        self.capacity = capacity
        self.items: OrderedDict[tuple[str, str], Any] = OrderedDict()
        self.lock = threading.Lock()
        self._reading: OrderedDict[tuple[str, str], threading.Lock] = OrderedDict()

    def reading(self, key: tuple[str, str]) -> threading.Lock:
        """The lock held while ``key``'s value is read from the backend: a caller that comes
        meanwhile (a search whose prefetch is still reading) waits for that read and uses it,
        instead of reading the same pages again beside it."""
        with self.lock:
            found = self._reading.get(key)
            if found is None:
                found = self._reading[key] = threading.Lock()
                while len(self._reading) > 4 * self.capacity:
                    self._reading.popitem(last=False)
            return found

    def get(self, key: tuple[str, str]) -> Any:
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def once(self, key: tuple[str, str], kind: type[T], read: Callable[[], T]) -> T:
        """``key``'s value, read with ``read`` the first time (one reader at a time: see :meth:`reading`)."""
        with self.reading(key):
            hit = self.get(key)
            if isinstance(hit, kind):
                return hit
            value = read()
            self.put(key, value)
            return value

    def put(self, key: tuple[str, str], value: Any) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.capacity:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


class ExtrasService:
    def __init__(
        self,
        extras: DocumentExtras | None,
        documents: DocumentService,
        *,
        attachment_reader: AttachmentReader | None = None,
        max_response_bytes: int = 200_000,
    ) -> None:
        self.extras = extras
        self.reader = attachment_reader
        self.documents = documents
        self.max_response_bytes = max_response_bytes
        self._memo = _Memo()
        #: What searches derive from a document's extras (its search items, its annotated pages),
        #: so that a warm search does not rebuild them per query.
        self._derived = _Memo(capacity=16)

    def _backend(self) -> DocumentExtras:
        if self.extras is None:
            raise BackendUnavailable(
                "Reading attachments, forms, links and annotations is not available on this server.",
                recovery="server_info lists the backends that could not be loaded and why.",
            )
        return self.extras

    def forget(self) -> None:
        self._memo.clear()
        self._derived.clear()

    def derived(self, key: tuple[str, str], kind: type[T], compute: Callable[[], T]) -> T:
        """``compute()``, kept per key: for values that follow from a document's content alone."""
        return self._derived.once(key, kind, compute)

    def annotated_pages(self, source: DocumentSource, facts: DocumentFacts) -> frozenset[int] | None:
        """0-based pages holding any annotation, from the cached page texts; ``None`` while a page
        is not cached (its count is not known yet)."""
        key = (source.fingerprint.sha256, "annotated")
        hit = self._derived.get(key)
        if isinstance(hit, frozenset):
            return hit
        pages = self.documents.cached_pages(source, range(facts.page_count), facts)
        if len(pages) < facts.page_count:
            return None
        found = frozenset(i for i, p in pages.items() if p.annotation_count > 0)
        self._derived.put(key, found)
        return found

    # -- XFA -------------------------------------------------------------------------------------

    def xfa_form(self, source: DocumentSource, facts: DocumentFacts) -> XfaForm:
        if not facts.has_acroform and not facts.has_xfa:
            return XfaForm(form_type="none")
        return self._memo.once((source.fingerprint.sha256, "xfa"), XfaForm, lambda: self._backend().xfa(source))

    def xfa_placeholder_pages(
        self, source: DocumentSource, facts: DocumentFacts, pages: dict[int, PageText] | None = None
    ) -> frozenset[int]:
        """0-based pages that only show an XFA viewer placeholder (empty unless the document has
        an XFA form; cheap then: no backend call). ``pages`` may pass page texts already read."""
        if not facts.has_xfa:
            return frozenset()
        key = (source.fingerprint.sha256, "placeholders")
        hit = self._memo.get(key)
        if isinstance(hit, frozenset):
            return hit
        texts = dict(pages or {})
        missing = [i for i in range(facts.page_count) if i not in texts]
        if missing:
            texts.update(self.documents.pages(source, missing, facts).pages)
        full = False
        try:
            full = self.xfa_form(source, facts).form_type == "xfa_full"
        except PdfcoreError:
            full = False
        found = frozenset(i for i, p in texts.items() if is_placeholder_text(p.text) or (full and not p.text.strip()))
        self._memo.put(key, found)
        return found

    def xfa_status(self, source: DocumentSource, facts: DocumentFacts) -> XfaStatus:
        if not facts.has_xfa:
            return XfaStatus(form_type="acroform" if facts.has_acroform else "none", xfa=False, dynamic=False)
        form = self.xfa_form(source, facts)
        placeholders = sorted(self.xfa_placeholder_pages(source, facts))
        values = xfa_values(form.datasets) if form.datasets else None
        dynamic = form.form_type == "xfa_full"
        spec = pagespec.format_ranges([i + 1 for i in placeholders]) if placeholders else None
        if dynamic or placeholders:
            note = (
                "This is a dynamic XFA form: the PDF pages"
                + (f" ({spec})" if spec else "")
                + " only show a viewer placeholder (e.g. 'Please wait...'), not the form. Its text is not in "
                "the pages: read the form's data with pdf_annotations (form_fields, source 'xfa')"
                + ("." if values else "; this document's XFA data holds no values.")
                + " A miss in search or reading there is not evidence of absence."
            )
        else:
            note = "XFA form over AcroForm pages: the pages and their form fields show the form."
        return XfaStatus(
            form_type=form.form_type,
            xfa=True,
            dynamic=dynamic,
            placeholder_pages=spec,
            data_values=len(values) if values else None,
            note=note,
        )

    # -- attachments -----------------------------------------------------------------------------

    def _attachments(self, source: DocumentSource, facts: DocumentFacts) -> tuple[Attachment, ...]:
        key = (source.fingerprint.sha256, "attachments")
        hit = self._memo.get(key)
        if isinstance(hit, tuple):
            return hit
        listed = self._backend().attachments(source)
        if self.reader is not None and listed and (facts.encrypted or any(a.size is None for a in listed)):
            listed = self._merge_reader_listing(source, listed)
        if not facts.private:
            self._memo.put(key, listed)
        return listed

    def _merge_reader_listing(self, source: DocumentSource, listed: tuple[Attachment, ...]) -> tuple[Attachment, ...]:
        assert self.reader is not None
        try:
            other = self.reader.attachments(source)
        except PdfcoreError:
            return listed
        partners = _pair(listed, other)
        out = []
        for a in listed:
            b = partners.get(a.index)
            if b is None:
                out.append(a)
                continue
            out.append(
                evolve(
                    a,
                    size=b.size if b.size is not None else a.size,
                    mime_type=a.mime_type or b.mime_type,
                    description=a.description or b.description,
                    created=a.created or b.created,
                    modified=a.modified or b.modified,
                    relationship=a.relationship or b.relationship,
                )
            )
        return tuple(out)

    def attachments(self, source: DocumentSource, facts: DocumentFacts) -> AttachmentsResult:
        listed = self._attachments(source, facts)
        outs = tuple(
            AttachmentOut(
                index=a.index + 1,
                name=a.name,
                kind=classify_attachment(a.name, a.mime_type),
                readable=a.size is not None,
                size=a.size,
                mime_type=a.mime_type,
                description=a.description,
                created=pdf_date(a.created),
                modified=pdf_date(a.modified),
                relationship=a.relationship,
                page=a.page + 1 if a.page is not None else None,
            )
            for a in listed
        )
        calls: list[str] = []
        for o in outs[:3]:
            if o.kind in ("text", "image"):
                calls.append(f"pdf_attachments(attachment={o.index}) returns {o.name!r} as {o.kind}")
        return AttachmentsResult(
            attachments=outs, count=len(outs), xfa=self.xfa_status(source, facts), next_calls=tuple(calls)
        )

    def resolve_attachment(self, listed: Sequence[Attachment], name_or_index: str | int) -> Attachment:
        """The attachment a user means: a 1-based number, or a name (exact, then ignoring case)."""
        if isinstance(name_or_index, bool):
            raise InvalidArgument("attachment must be a name or a 1-based number.")
        if not listed:
            raise InvalidArgument("This document has no embedded files.", recovery="pdf_info reports attachment_count.")
        index: int | None = None
        if isinstance(name_or_index, int):
            index = name_or_index
        elif isinstance(name_or_index, str):
            key = name_or_index.strip()
            if not key:
                raise InvalidArgument("attachment is empty; pass a name or a 1-based number.")
            exact = [a for a in listed if a.name == key]
            if exact:
                return exact[0]
            folded = [a for a in listed if a.name.casefold() == key.casefold()]
            if folded:
                return folded[0]
            if key.isdigit():
                index = int(key)
        else:
            raise InvalidArgument("attachment must be a name or a 1-based number.")
        if index is not None and 1 <= index <= len(listed):
            return listed[index - 1]
        names = ", ".join(f"{a.index + 1}: {a.name}" for a in listed[:20])
        raise InvalidArgument(
            f"No attachment {name_or_index!r}; this document has {len(listed)}: {names}"
            + (" ..." if len(listed) > 20 else "")
            + ".",
            recovery="Pass one of the listed names or numbers (pdf_attachments lists them).",
        )

    def attachment_bytes(
        self, source: DocumentSource, facts: DocumentFacts, name_or_index: str | int
    ) -> tuple[Attachment, bytes]:
        listed = self._attachments(source, facts)
        entry = self.resolve_attachment(listed, name_or_index)
        return entry, self._data(source, facts, listed, entry)

    def _data(
        self, source: DocumentSource, facts: DocumentFacts, listed: Sequence[Attachment], entry: Attachment
    ) -> bytes:
        backend = self._backend()
        # In an encrypted document an embedded file may have its own crypt filter, which a backend
        # may hand back still encrypted: the attachment reader (which applies it) goes first there.
        order: list[Callable[[], bytes]] = []
        reader = self.reader
        if reader is not None:

            def from_reader() -> bytes:
                other = reader.attachments(source)
                partner = _pair(listed, other).get(entry.index)
                if partner is None:
                    raise ExtractionFailed("The second attachment reader does not see this file.")
                return reader.attachment_data(source, partner.index)

            order.append(from_reader)
        primary: Callable[[], bytes] = lambda: backend.attachment_data(source, entry.index)  # noqa: E731
        if facts.encrypted or entry.size is None:
            order.append(primary)
        else:
            order.insert(0, primary)
        if facts.encrypted and reader is not None:
            order = order[:1]  # never fall back to bytes that may still be encrypted
        error: PdfcoreError | None = None
        for attempt in order:
            try:
                return attempt()
            except ExtractionFailed as exc:
                error = exc
        raise error if error is not None else ExtractionFailed("This embedded file cannot be read.")

    def attachment(self, source: DocumentSource, facts: DocumentFacts, name_or_index: str | int) -> AttachmentResult:
        entry, data = self.attachment_bytes(source, facts, name_or_index)
        kind = classify_attachment(entry.name, entry.mime_type, data[:4096])
        number = entry.index + 1
        common: dict[str, Any] = {
            "index": number,
            "name": entry.name,
            "size": len(data),
            "mime_type": entry.mime_type,
            "description": entry.description,
        }
        if kind == "image":
            png, width, height, original = _to_png(data)
            return AttachmentResult(
                kind="image",
                png=png,
                width=width,
                height=height,
                scaled_from=original if original != (width, height) else None,
                **common,
            )
        if kind == "text":
            decoded = decode_text(data, declared_text=True)
            if decoded is not None:
                text, encoding = decoded
                budget = max(1000, self.max_response_bytes - 2000)
                raw = text.encode("utf-8")
                if len(raw) > budget:
                    cut = raw[:budget].decode("utf-8", errors="ignore")
                    return AttachmentResult(
                        kind="text",
                        text=cut,
                        encoding=encoding,
                        chars=len(text),
                        truncated=True,
                        truncation_note=(
                            f"The file has {len(text)} characters; the first {len(cut)} are returned. Save the "
                            f"whole file with the command line: pdfcore attachments FILE --get {number} -o DIR."
                        ),
                        **common,
                    )
                return AttachmentResult(kind="text", text=text, encoding=encoding, chars=len(text), **common)
            kind = "binary"
        what = "an embedded PDF" if kind == "pdf" else f"a binary file ({entry.mime_type or 'unknown type'})"
        recovery = f"Save it with the command line (pdfcore attachments FILE --get {number} -o DIR)" + (
            " and open the saved PDF with pdf_info." if kind == "pdf" else " and use a tool made for that format."
        )
        raise UnsupportedForFormat(
            f"Attachment {number} ({entry.name!r}, {len(data)} bytes) is {what}; only text files (XML, JSON, "
            "CSV, TXT...) and images are returned.",
            recovery=recovery,
        )

    # -- forms -----------------------------------------------------------------------------------

    def form_widgets(self, source: DocumentSource, facts: DocumentFacts) -> tuple[FormField, ...]:
        if not facts.has_acroform:
            return ()
        fields: tuple[FormField, ...] = self._memo.once(
            (source.fingerprint.sha256, "fields"), tuple, lambda: self._backend().form_fields(source)
        )
        return fields

    def forms(self, source: DocumentSource, facts: DocumentFacts, pages: str | int | None = None) -> FormsResult:
        scope = self._scope(facts, pages)
        wanted = set(scope) if pages not in (None, "") else None
        widgets = [w for w in self.form_widgets(source, facts) if wanted is None or w.page in wanted]
        fields = group_fields(widgets, facts)
        xfa = self.xfa_status(source, facts)
        if xfa.xfa and pages in (None, ""):
            form = self.xfa_form(source, facts)
            values = xfa_values(form.datasets) if form.datasets else None
            if values and (xfa.dynamic or not fields):
                fields.extend(
                    FormFieldOut(name=name, type="xfa", value=_cap(value)[0], source="xfa") for name, value in values
                )
        filled = sum(1 for f in fields if f.value not in (None, "", "Off"))
        kept, cut = _budgeted(fields, self.max_response_bytes)
        return FormsResult(
            fields=tuple(kept),
            field_count=len(fields),
            filled_count=filled,
            xfa=xfa,
            truncated=True if cut else None,
            truncation_note=(
                f"{len(fields) - len(kept)} more field(s) did not fit the response size; ask for fewer pages "
                f"(pages='...')."
                if cut
                else None
            ),
        )

    # -- links and annotations -------------------------------------------------------------------

    def _scope(self, facts: DocumentFacts, pages: str | int | None) -> list[int]:
        if pages is None or pages == "":
            return list(range(facts.page_count))
        return pagespec.resolve(pages, facts.page_count, [p.label for p in facts.pages])

    def page_annotations(
        self, source: DocumentSource, facts: DocumentFacts, indexes: Sequence[int]
    ) -> dict[int, PageAnnotations]:
        """Links and annotations of the given 0-based pages (read once per document and page).

        Pages whose text is cached answer from it when the text extractor read them with the
        text (``PageText.annotations``); the others are read by the extras backend."""
        key = (source.fingerprint.sha256, "annotations")
        with self._memo.reading(key):
            known = self._memo.get(key)
            if not isinstance(known, dict):
                known = {}
                self._memo.put(key, known)
            found: dict[int, PageAnnotations] = {i: known[i] for i in indexes if i in known}
            missing = [i for i in indexes if i not in found]
            if missing:
                for i, page in self.documents.cached_pages(source, missing, facts).items():
                    if page.annotations is not None:
                        found[i] = known[i] = page.annotations
                missing = [i for i in missing if i not in found]
            if missing:
                for item in self._backend().page_annotations(source, missing):
                    found[item.page] = item
                    known[item.page] = item  # one dict per document, filled as pages are read
            return found

    def links(self, source: DocumentSource, facts: DocumentFacts, pages: str | int | None = None) -> LinksResult:
        scope = self._scope(facts, pages)
        items = self.page_annotations(source, facts, scope)
        outs = [link_out(link, facts) for i in scope for link in items[i].links if i in items]
        kept, cut = _budgeted(outs, self.max_response_bytes)
        return LinksResult(
            links=tuple(kept),
            link_count=len(outs),
            pages=pagespec.format_ranges([i + 1 for i in scope]),
            xfa=self.xfa_status(source, facts),
            truncated=True if cut else None,
            truncation_note=_cut_note(len(outs) - len(kept), kept, "link") if cut else None,
        )

    def annotations(
        self, source: DocumentSource, facts: DocumentFacts, pages: str | int | None = None
    ) -> AnnotationsResult:
        scope = self._scope(facts, pages)
        items = self.page_annotations(source, facts, scope)
        outs = [annotation_out(a, facts) for i in scope for a in items[i].annotations if i in items]
        kept, cut = _budgeted(outs, self.max_response_bytes)
        return AnnotationsResult(
            annotations=tuple(kept),
            annotation_count=len(outs),
            pages=pagespec.format_ranges([i + 1 for i in scope]),
            xfa=self.xfa_status(source, facts),
            truncated=True if cut else None,
            truncation_note=_cut_note(len(outs) - len(kept), kept, "annotation") if cut else None,
        )

    def page_extras(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        pages: str | int | None = None,
        include: Sequence[str] = EXTRA_KINDS,
    ) -> PageExtrasResult:
        """Links, annotations and form fields of the selected pages, sharing one response budget."""
        kinds = list(dict.fromkeys(include or EXTRA_KINDS))
        unknown = [k for k in kinds if k not in EXTRA_KINDS]
        if unknown:
            raise InvalidArgument(f"include may hold {', '.join(EXTRA_KINDS)}; not {', '.join(unknown)}.")
        scope = self._scope(facts, pages)
        budget = max(2000, self.max_response_bytes // len(kinds))
        out: dict[str, Any] = {}
        notes: list[str] = []
        if "links" in kinds or "annotations" in kinds:
            items = self.page_annotations(source, facts, scope)
            if "links" in kinds:
                links = [link_out(link, facts) for i in scope if i in items for link in items[i].links]
                kept, cut = _budgeted(links, budget)
                out.update(links=tuple(kept), link_count=len(links))
                if cut:
                    notes.append(_cut_note(len(links) - len(kept), kept, "link"))
            if "annotations" in kinds:
                notes_out = [annotation_out(a, facts) for i in scope if i in items for a in items[i].annotations]
                kept, cut = _budgeted(notes_out, budget)
                out.update(annotations=tuple(kept), annotation_count=len(notes_out))
                if cut:
                    notes.append(_cut_note(len(notes_out) - len(kept), kept, "annotation"))
        if "form_fields" in kinds:
            forms = self.forms(source, facts, pages)
            kept_fields, cut = _budgeted(list(forms.fields), budget)
            out.update(form_fields=tuple(kept_fields), field_count=forms.field_count, filled_count=forms.filled_count)
            if cut or forms.truncated:
                notes.append(
                    f"{forms.field_count - len(kept_fields)} more form field(s) did not fit; ask for fewer pages."
                )
        return PageExtrasResult(
            pages=pagespec.format_ranges([i + 1 for i in scope]),
            xfa=self.xfa_status(source, facts),
            truncated=True if notes else None,
            truncation_note=" ".join(notes) or None,
            **out,
        )


def _cut_note(omitted: int, kept: Sequence[Any], what: str) -> str:
    last = kept[-1].page if kept else 1
    return (
        f"{omitted} more {what}(s) did not fit the response size; continue with pages='{last + 1}-' "
        f"or ask for fewer pages."
    )


def _pair(listed: Sequence[Attachment], other: Sequence[Attachment]) -> dict[int, Attachment]:
    """Match two listings of the same document's files: by page, name and occurrence."""

    def keyed(items: Sequence[Attachment]) -> dict[tuple[int | None, str, int], Attachment]:
        seen: dict[tuple[int | None, str], int] = {}
        out: dict[tuple[int | None, str, int], Attachment] = {}
        for a in items:
            n = seen.get((a.page, a.name), 0)
            seen[(a.page, a.name)] = n + 1
            out[(a.page, a.name, n)] = a
        return out

    mine, theirs = keyed(listed), keyed(other)
    return {a.index: theirs[k] for k, a in mine.items() if k in theirs}


def _to_png(data: bytes) -> tuple[bytes, int, int, tuple[int, int]]:
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            original = (int(im.width), int(im.height))
            if im.width * im.height > IMAGE_MAX_PIXELS:
                raise ResourceLimit(
                    f"The image attachment is {im.width}x{im.height} pixels, more than this server decodes.",
                    recovery="Save it with the command line (pdfcore attachments FILE --get N -o DIR).",
                )
            im.seek(0)
            frame = im.convert("RGBA" if "A" in im.getbands() or im.mode == "P" else "RGB")
    except PdfcoreError:
        raise
    except Image.DecompressionBombError as exc:
        raise ResourceLimit(
            "The image attachment has more pixels than this server decodes.",
            recovery="Save it with the command line (pdfcore attachments FILE --get N -o DIR).",
        ) from exc
    except Exception as exc:  # Pillow raises many kinds of errors on bad images
        raise ExtractionFailed("The image attachment could not be decoded.") from exc
    side = max(frame.width, frame.height)
    if side > IMAGE_MAX_SIDE:
        scale = IMAGE_MAX_SIDE / side
        frame = frame.resize((max(1, round(frame.width * scale)), max(1, round(frame.height * scale))))
    buf = io.BytesIO()
    frame.save(buf, format="PNG")
    return buf.getvalue(), frame.width, frame.height, original


def group_fields(widgets: Sequence[FormField], facts: DocumentFacts) -> list[FormFieldOut]:
    """One entry per field name, in order of first appearance (a radio group's buttons are one
    field: its options are the buttons' export values)."""
    groups: dict[str, list[FormField]] = {}
    for w in widgets:
        groups.setdefault(w.name, []).append(w)
    out: list[FormFieldOut] = []
    for name, ws in groups.items():
        first = ws[0]
        width, height = _page_size(facts, first.page)
        value, cut = _cap(first.value)
        options: tuple[str, ...] = first.options
        checked: bool | None = first.checked
        export: str | None = first.export_value
        if len(ws) > 1 and first.field_type in ("radio", "checkbox"):
            exports = tuple(dict.fromkeys(w.export_value for w in ws if w.export_value))
            options = exports
            checked = None
            export = None
        out.append(
            FormFieldOut(
                name=name,
                type=first.field_type,
                value=value,
                page=first.page + 1,
                label=_label(facts, first.page),
                bbox=first.bbox,
                clip=to_clip(first.bbox, width, height),
                options=options or None,
                selected=first.selected or None,
                checked=checked,
                export_value=export,
                description=first.alternate_name,
                read_only=True if first.read_only else None,
                required=True if first.required else None,
                multiline=True if first.multiline else None,
                widgets=len(ws) if len(ws) > 1 else None,
                value_truncated=True if cut else None,
            )
        )
    return out


def link_out(link: Link, facts: DocumentFacts) -> LinkOut:
    width, height = _page_size(facts, link.page)
    target = link.target_page
    return LinkOut(
        page=link.page + 1,
        label=_label(facts, link.page),
        kind=link.kind,
        text=_cap(link.text, 500)[0] or "",
        uri=_cap(link.uri, 2000)[0],
        target_page=target + 1 if target is not None else None,
        target_label=_label(facts, target) if target is not None else None,
        file=link.file_path,
        bbox=link.bbox,
        clip=to_clip(link.bbox, width, height),
    )


def annotation_out(a: Annotation, facts: DocumentFacts) -> AnnotationOut:
    width, height = _page_size(facts, a.page)
    return AnnotationOut(
        page=a.page + 1,
        label=_label(facts, a.page),
        subtype=a.subtype,
        author=a.author,
        contents=_cap(a.contents)[0],
        subject=a.subject,
        modified=pdf_date(a.modified),
        marked_text=_cap(a.marked_text)[0],
        hidden=True if a.hidden else None,
        bbox=a.bbox,
        clip=to_clip(a.bbox, width, height),
    )


__all__ = [
    "ExtrasService",
    "classify_attachment",
    "decode_text",
    "is_placeholder_text",
    "pdf_date",
    "xfa_values",
]
