"""AttachmentReader on pdfminer.six: embedded files read straight from the object tree.

It reads what pdfium's attachment API cannot: file specifications whose ``/EF`` keys do not match
their name keys (``/UF`` named, only ``/F`` embedded), and embedded files encrypted with their own
crypt filter (``/EFF``, ``/Filter /Crypt``), decrypted with the document's key. Pure Python; it
only opens the object tree (no page content is parsed).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pdfcore.errors import (
    ExtractionFailed,
    FileChanged,
    FileNotFound,
    InvalidArgument,
    MalformedPdf,
    PasswordIncorrect,
    PasswordRequired,
    PdfcoreError,
)
from pdfcore.extras import Attachment
from pdfcore.models import DocumentSource
from pdfcore.nextcalls import call, where
from ports.attachment_reader import AttachmentReader

log = logging.getLogger(__name__)

MAX_ITEMS = 10_000
_MAX_DEPTH = 32
#: Keys of an /EF dictionary, in the order a reader prefers them.
_EF_KEYS = ("UF", "F", "DOS", "Mac", "Unix")


class PdfminerAttachmentReader(AttachmentReader):
    """Reads embedded files with pdfminer.six (object tree only)."""

    name = "pdfminer"

    def attachments(self, source: DocumentSource) -> tuple[Attachment, ...]:
        with _document(source) as doc:
            return tuple(_describe(doc, spec, k, page) for k, (spec, page) in enumerate(_file_specs(doc)))

    def attachment_data(self, source: DocumentSource, index: int) -> bytes:
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise InvalidArgument("attachment index must be a non-negative integer.")
        with _document(source) as doc:
            specs = _file_specs(doc)
            if index >= len(specs):
                raise InvalidArgument(
                    f"There is no attachment {index + 1} in this document.",
                    recovery="Pick a name or number the attachments list holds"
                    + where(" (" + call("attachments") + ")")
                    + ".",
                )
            stream = _stream(specs[index][0])
            if stream is None:
                raise ExtractionFailed(
                    "This embedded file has no data stream.",
                    recovery="Other attachments may still be readable"
                    + where("; list them with " + call("attachments"))
                    + ".",
                )
            return _decode(doc, stream)


# ---------------------------------------------------------------------------------------------
# Opening, with errors translated at this one boundary


@contextmanager
def _document(source: DocumentSource) -> Iterator[Any]:
    from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfparser import PDFParser
    from pdfminer.psexceptions import PSException

    _check_unchanged(source)
    try:
        with open(source.path, "rb") as fh:
            try:
                doc = PDFDocument(PDFParser(fh), password=source.password or "")
            except PDFPasswordIncorrect as exc:
                if source.password:
                    raise PasswordIncorrect("The password does not open this document.") from exc
                raise PasswordRequired("The document is encrypted and needs a password.") from exc
            except PDFEncryptionError as exc:
                raise ExtractionFailed("The document uses an unsupported security handler.") from exc
            yield doc
    except PdfcoreError:
        raise
    except OSError as exc:
        raise FileNotFound("The file could not be opened.") from exc
    except PSException as exc:
        raise MalformedPdf("The file is not a readable PDF (damaged, truncated or another format).") from exc
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, AssertionError, RecursionError) as exc:
        # pdfminer raises plain Python errors on damaged object trees.
        raise ExtractionFailed("The embedded files of this document could not be read.") from exc
    except Exception as exc:  # pdfminer's own exception classes (PDFException...)
        raise ExtractionFailed("The embedded files of this document could not be read.") from exc


def _check_unchanged(source: DocumentSource) -> None:
    try:
        st = os.stat(source.path)
    except FileNotFoundError as exc:
        raise FileNotFound("The file no longer exists.") from exc
    if st.st_size != source.fingerprint.size or st.st_mtime_ns != source.fingerprint.mtime_ns:
        raise FileChanged("The file changed after it was opened.")


# ---------------------------------------------------------------------------------------------
# Finding the file specifications


def _file_specs(doc: Any) -> list[tuple[dict[str, Any], int | None]]:
    """(file specification, page) of every embedded file: name tree first, then annotations."""
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdftypes import resolve1

    out: list[tuple[dict[str, Any], int | None]] = []
    names = resolve1(doc.catalog.get("Names"))
    if isinstance(names, dict):
        tree = resolve1(names.get("EmbeddedFiles"))
        if isinstance(tree, dict):
            for spec in _name_tree_values(tree, 0, set()):
                if isinstance(spec, dict):
                    out.append((spec, None))
                if len(out) >= MAX_ITEMS:
                    return out
    for page_index, page in enumerate(PDFPage.create_pages(doc)):
        annots = resolve1(page.annots)
        if not isinstance(annots, list):
            continue
        for ref in annots:
            annot = resolve1(ref)
            if not isinstance(annot, dict) or _name(annot.get("Subtype")) != "FileAttachment":
                continue
            spec = resolve1(annot.get("FS"))
            if isinstance(spec, dict):
                out.append((spec, page_index))
                if len(out) >= MAX_ITEMS:
                    return out
    return out


def _name_tree_values(node: dict[str, Any], depth: int, seen: set[int]) -> Iterator[Any]:
    from pdfminer.pdftypes import resolve1

    if depth > _MAX_DEPTH or id(node) in seen:
        return
    seen.add(id(node))
    pairs = resolve1(node.get("Names"))
    if isinstance(pairs, list):
        for k in range(1, len(pairs), 2):
            yield resolve1(pairs[k])
    kids = resolve1(node.get("Kids"))
    if isinstance(kids, list):
        for kid in kids:
            child = resolve1(kid)
            if isinstance(child, dict):
                yield from _name_tree_values(child, depth + 1, seen)


def _stream(spec: dict[str, Any]) -> Any:
    from pdfminer.pdftypes import PDFStream, resolve1

    ef = resolve1(spec.get("EF"))
    if not isinstance(ef, dict):
        return None
    for key in _EF_KEYS:
        stream = resolve1(ef.get(key))
        if isinstance(stream, PDFStream):
            return stream
    return None


# ---------------------------------------------------------------------------------------------
# Describing and decoding


def _describe(doc: Any, spec: dict[str, Any], index: int, page: int | None) -> Attachment:
    from pdfminer.pdftypes import resolve1

    stream = _stream(spec)
    params = resolve1(stream.attrs.get("Params")) if stream is not None else None
    params = params if isinstance(params, dict) else {}
    size: int | None = None
    if stream is not None:
        declared = resolve1(params.get("Size"))
        if isinstance(declared, int) and declared >= 0 and not _crypt_filter(stream):
            size = declared
        else:
            try:
                size = len(_decode(doc, stream))
            except Exception:  # an unreadable file is listed with no size
                log.debug("embedded file %d cannot be decoded", index, exc_info=True)
    name = _text(spec.get("UF")) or _text(spec.get("F")) or f"attachment-{index + 1}"
    return Attachment(
        index=index,
        name=name,
        size=size,
        mime_type=_name(stream.attrs.get("Subtype")) if stream is not None else None,
        description=_text(spec.get("Desc")),
        created=_text(params.get("CreationDate")),
        modified=_text(params.get("ModDate")),
        relationship=_name(spec.get("AFRelationship")),
        page=page,
    )


def _crypt_filter(stream: Any) -> tuple[int, str] | None:
    """(position, crypt filter name) when the stream has its own /Crypt filter."""
    filters = stream.get_filters()
    for k, (f, params) in enumerate(filters):
        if _name(f) == "Crypt":
            name = _name(params.get("Name")) if isinstance(params, dict) else None
            return k, name or "Identity"
    return None


def _decode(doc: Any, stream: Any) -> bytes:
    """The stream's decoded bytes; a /Crypt filter is applied with the document's key."""
    from pdfminer.pdftypes import PDFStream

    crypt = _crypt_filter(stream)
    if crypt is None:
        data: bytes = stream.get_data()
        return data
    position, filter_name = crypt
    if position != 0:
        raise ExtractionFailed("This embedded file's filters are in an order no reader supports.")
    raw_data = stream.get_rawdata()
    if raw_data is None:
        raw_data = b""
    if filter_name != "Identity":
        handler = getattr(doc.decipher, "__self__", None) if doc.decipher else None
        methods = getattr(handler, "cfm", None)
        method = methods.get(filter_name) if isinstance(methods, dict) else None
        if method is None:
            raise ExtractionFailed(
                f"This embedded file is encrypted with a crypt filter ({filter_name}) that cannot be applied here.",
                recovery="Other attachments may still be readable"
                + where("; list them with " + call("attachments"))
                + ".",
            )
        raw_data = method(stream.objid, stream.genno, raw_data)
    # The remaining filters, on a copy of the stream without the crypt filter.
    filters = stream.get_filters()[1:]
    attrs = {k: v for k, v in stream.attrs.items() if k not in ("Filter", "F", "DecodeParms", "DP", "Length")}
    if filters:
        attrs["Filter"] = [f for f, _ in filters]
        attrs["DecodeParms"] = [p if p is not None else {} for _, p in filters]
    rest = PDFStream(attrs, raw_data, None)
    data = rest.get_data()
    return bytes(data)


def _name(value: Any) -> str | None:
    from pdfminer.pdftypes import resolve1
    from pdfminer.psparser import PSLiteral

    value = resolve1(value)
    if isinstance(value, PSLiteral):
        name = value.name
        text = name.decode("latin-1") if isinstance(name, bytes) else str(name)
        return text.replace("#2F", "/").replace("#2f", "/") or None
    return None


def _text(value: Any) -> str | None:
    from pdfminer.pdftypes import resolve1
    from pdfminer.utils import decode_text

    value = resolve1(value)
    if isinstance(value, bytes):
        return decode_text(value) or None
    if isinstance(value, str):
        return value or None
    return None
