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
from pdfcore.extras import Attachment, FormField, PageAnnotations, XfaForm
from pdfcore.models import DocumentFacts, DocumentSource, PageText, PngImage
from pdfcore.nextcalls import call, render, where
from pdfcore.results.extras import (
    AnnotationsResult,
    AttachmentOut,
    AttachmentResult,
    AttachmentsResult,
    FormFieldOut,
    FormsResult,
    LinksResult,
    PageExtrasResult,
    XfaStatus,
)
from pdfcore.services.attachment_decoding import classify_attachment, decode_text, pair_listings
from pdfcore.services.documents import DocumentService
from pdfcore.services.extras_listing import (
    annotation_out,
    budgeted,
    cap,
    cut_note,
    group_fields,
    link_out,
    pdf_date,
)
from pdfcore.services.memo import Memo
from pdfcore.services.xfa import is_placeholder_text, xfa_values
from ports.attachment_reader import AttachmentReader
from ports.document_extras import DocumentExtras
from ports.image_processor import ImageProcessor

#: Longest image side returned for an image attachment, in pixels (larger images are scaled down).
IMAGE_MAX_SIDE = 1568
#: Images with more pixels than this are refused (decompression bombs).
IMAGE_MAX_PIXELS = 60_000_000

EXTRA_KINDS = ("links", "annotations", "form_fields")

BACKENDS_RECOVERY = (
    "Install the missing extra, or choose another backend in the configuration"
    + where("; " + call("server_info") + " lists the backends that could not be loaded and why")
    + "."
)

T = TypeVar("T")


class ExtrasService:
    """Embedded files, form fields, links, annotations and XFA of a document, read through the
    DocumentExtras backend (and a second AttachmentReader for files it cannot read); image
    attachments are converted by the ImageProcessor."""

    def __init__(
        self,
        extras: DocumentExtras | None,
        documents: DocumentService,
        *,
        attachment_reader: AttachmentReader | None = None,
        images: ImageProcessor | None = None,
        max_response_bytes: int = 200_000,
    ) -> None:
        self.extras = extras
        self.reader = attachment_reader
        self.images = images
        self.documents = documents
        self.max_response_bytes = max_response_bytes
        self._memo = Memo()
        #: What searches derive from a document's extras (its search items, its annotated pages),
        #: so that a warm search does not rebuild them per query.
        self._derived = Memo(capacity=16)

    @property
    def available(self) -> bool:
        """Whether a document-extras backend is loaded (attachments, forms, links, annotations)."""
        return self.extras is not None

    def _backend(self) -> DocumentExtras:
        if self.extras is None:
            raise BackendUnavailable(
                "Reading attachments, forms, links and annotations is not available on this server.",
                recovery=BACKENDS_RECOVERY,
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
                "the pages"
                + where(": read the form's data with " + call("form_data") + " (form_fields, source 'xfa')")
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
            note=render(note),
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
        partners = pair_listings(listed, other)
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
                calls.append(render(f"{call('attachment', which=o.index)} returns {o.name!r} as {o.kind}"))
        return AttachmentsResult(
            attachments=outs, count=len(outs), xfa=self.xfa_status(source, facts), next_calls=tuple(calls)
        )

    def resolve_attachment(self, listed: Sequence[Attachment], name_or_index: str | int) -> Attachment:
        """The attachment a user means: a 1-based number, or a name (exact, then ignoring case)."""
        if isinstance(name_or_index, bool):
            raise InvalidArgument("attachment must be a name or a 1-based number.")
        if not listed:
            raise InvalidArgument(
                "This document has no embedded files.",
                recovery="Ask only documents with attachments"
                + where(f" ({call('info')} reports attachment_count)")
                + ".",
            )
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
            recovery="Pass one of the listed names or numbers" + where(f" ({call('attachments')} lists them)") + ".",
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
                partner = pair_listings(listed, other).get(entry.index)
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
            image = self._image_png(data, number)
            original = image.source_size
            return AttachmentResult(
                kind="image",
                png=image.png,
                width=image.width,
                height=image.height,
                scaled_from=original if original not in (None, (image.width, image.height)) else None,
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
                            f"whole file with {render(call('save_attachment', which=number))}."
                        ),
                        **common,
                    )
                return AttachmentResult(kind="text", text=text, encoding=encoding, chars=len(text), **common)
            kind = "binary"
        what = "an embedded PDF" if kind == "pdf" else f"a binary file ({entry.mime_type or 'unknown type'})"
        recovery = f"Save it with {call('save_attachment', which=number)}" + (
            f" and open the saved PDF with {call('info', path='FILE')}."
            if kind == "pdf"
            else " and use a tool made for that format."
        )
        raise UnsupportedForFormat(
            f"Attachment {number} ({entry.name!r}, {len(data)} bytes) is {what}; only text files (XML, JSON, "
            "CSV, TXT...) and images are returned.",
            recovery=recovery,
        )

    def _image_png(self, data: bytes, number: int) -> PngImage:
        save = f"Save it with {call('save_attachment', which=number)}."
        if self.images is None:
            raise BackendUnavailable(
                "Image attachments cannot be converted on this server: no image backend is loaded.",
                recovery=save + " " + BACKENDS_RECOVERY,
            )
        try:
            return self.images.to_png(data, max_side=IMAGE_MAX_SIDE, max_pixels=IMAGE_MAX_PIXELS)
        except ResourceLimit as exc:
            raise ResourceLimit(f"Attachment {number}: {exc.message}", recovery=save) from exc
        except ExtractionFailed as exc:
            raise ExtractionFailed("The image attachment could not be decoded.") from exc

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
                    FormFieldOut(name=name, type="xfa", value=cap(value)[0], source="xfa") for name, value in values
                )
        filled = sum(1 for f in fields if f.value not in (None, "", "Off"))
        kept, cut = budgeted(fields, self.max_response_bytes)
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
        kept, cut = budgeted(outs, self.max_response_bytes)
        return LinksResult(
            links=tuple(kept),
            link_count=len(outs),
            pages=pagespec.format_ranges([i + 1 for i in scope]),
            xfa=self.xfa_status(source, facts),
            truncated=True if cut else None,
            truncation_note=cut_note(len(outs) - len(kept), kept, "link") if cut else None,
        )

    def annotations(
        self, source: DocumentSource, facts: DocumentFacts, pages: str | int | None = None
    ) -> AnnotationsResult:
        scope = self._scope(facts, pages)
        items = self.page_annotations(source, facts, scope)
        outs = [annotation_out(a, facts) for i in scope for a in items[i].annotations if i in items]
        kept, cut = budgeted(outs, self.max_response_bytes)
        return AnnotationsResult(
            annotations=tuple(kept),
            annotation_count=len(outs),
            pages=pagespec.format_ranges([i + 1 for i in scope]),
            xfa=self.xfa_status(source, facts),
            truncated=True if cut else None,
            truncation_note=cut_note(len(outs) - len(kept), kept, "annotation") if cut else None,
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
                kept, cut = budgeted(links, budget)
                out.update(links=tuple(kept), link_count=len(links))
                if cut:
                    notes.append(cut_note(len(links) - len(kept), kept, "link"))
            if "annotations" in kinds:
                notes_out = [annotation_out(a, facts) for i in scope if i in items for a in items[i].annotations]
                kept, cut = budgeted(notes_out, budget)
                out.update(annotations=tuple(kept), annotation_count=len(notes_out))
                if cut:
                    notes.append(cut_note(len(notes_out) - len(kept), kept, "annotation"))
        if "form_fields" in kinds:
            forms = self.forms(source, facts, pages)
            kept_fields, cut = budgeted(list(forms.fields), budget)
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
