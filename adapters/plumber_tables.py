"""TableExtractor on pdfplumber: the tables inside given regions of a page, in page space.

This module is the adapter: its open documents, its lock, the page size it refuses, and the one
boundary where pdfplumber's and pdfminer's exceptions become pdfcore errors. A page is read by:

- :mod:`adapters._plumber_table_page`: each region is cropped out of the page and its table
  read from its glyphs and rulings (:mod:`adapters._table_layout` does the geometry); a region
  holding a chart is skipped. Without regions, the whole page is searched for ruled tables only.
- :mod:`adapters._plumber_table_ruled`: pdfplumber's ``lines`` strategy (cells from the drawn
  rulings). A grid that misses its row rules (cells stacking several figures) or its column
  rules (cells whose lines hold wide blanks) is read from its text instead when that reads
  fuller; a frame around a block of text (one cell holding most of it) is not a table.
- :mod:`adapters._plumber_table_unruled`: columns from text alignment. Words are grouped into
  visual rows; column separators are the x-ranges left blank by (nearly) every row; each word
  goes to the column holding its centre, so a heading spanning several columns stays whole.
- :mod:`adapters._plumber_table_direction`: text turned a quarter (a table printed sideways)
  is read in its own direction and the grid is turned back, so rows are rows as the table
  reads; headings set turned in an upright table are read as its cells.

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
import logging
import os
import struct
import threading
import zlib
from collections import OrderedDict
from typing import Any

from adapters._plumber_pages import page_at, walk_of
from adapters._plumber_table_page import page_tables
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
from pdfcore.models import Box, DocumentSource, Table
from pdfcore.nextcalls import call
from ports.table_extractor import TableExtractor

log = logging.getLogger(__name__)

_MAX_OPEN = 4
_SALT = os.urandom(16)


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
                plumber_page = page_at(self._document(source), page, source)
                _check_size(plumber_page)
                try:
                    return page_tables(plumber_page, regions)
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
