"""Shared plumbing of the pdfium adapters: the one lock, open documents, error translation,
and the conversion from pdfium's coordinates to page space.

pdfium is not thread-safe: every call into it, from any adapter, holds :data:`PDFIUM_LOCK`.
Open documents are kept in a small LRU keyed by path, content digest and a salted hash of the
password, so consecutive calls do not re-parse the file (the password itself is never a key).
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pdfcore.errors import (
    ExtractionFailed,
    FileChanged,
    FileNotFound,
    MalformedPdf,
    PageOutOfRange,
    PasswordIncorrect,
    PasswordRequired,
    PdfcoreError,
    UnsupportedPlatform,
)
from pdfcore.models import Box, DocumentSource

log = logging.getLogger(__name__)

#: The process-wide lock around every pdfium call.
PDFIUM_LOCK = threading.RLock()

_MAX_OPEN = 8
_SALT = os.urandom(16)


def _pdfium() -> Any:
    try:
        import pypdfium2
    except ImportError as exc:  # pragma: no cover - depends on the platform's wheel
        raise UnsupportedPlatform(f"pypdfium2 cannot be imported here: {exc.__class__.__name__}") from exc
    return pypdfium2


def load_engine() -> None:
    """Import pypdfium2 and its raw bindings now (~0.05 s) rather than in the first engine call."""
    _pdfium()
    import pypdfium2.raw  # noqa: F401


class Unchecked:
    """pdfium functions for the hot loops, called without ctypes' per-argument conversion.

    pypdfium2's bindings declare each function's argument types, so every call converts and
    checks each argument (about half of a call's cost here: ~3.3 against ~1.7 us for
    ``FPDFText_GetRect``). These are the same C functions with only their return type declared:
    callers pass ctypes handles, ``ctypes.byref`` out-parameters and ints that fit a C int,
    nothing else. Built once per process; on 32-bit platforms (where a calling convention could
    differ) they are the checked functions.
    """

    def __init__(self) -> None:
        import ctypes
        import sys

        import pypdfium2.raw as raw

        def bare(fn: Any, restype: Any = ctypes.c_int) -> Any:
            if sys.maxsize <= 2**32:
                return fn
            address = ctypes.cast(fn, ctypes.c_void_p).value
            if not address:
                return fn
            return ctypes.CFUNCTYPE(restype)(address)

        self.count_rects = bare(raw.FPDFText_CountRects)
        self.get_rect = bare(raw.FPDFText_GetRect)
        self.font_size = bare(raw.FPDFText_GetFontSize, ctypes.c_double)
        self.object_type = bare(raw.FPDFPageObj_GetType)
        self.object_bounds = bare(raw.FPDFPageObj_GetBounds)
        self.fill_color = bare(raw.FPDFPageObj_GetFillColor)
        self.render_mode = bare(raw.FPDFTextObj_GetTextRenderMode)
        self.char_angle = bare(raw.FPDFText_GetCharAngle, ctypes.c_float)
        self.text_object = bare(raw.FPDFText_GetTextObject, ctypes.c_void_p)
        self.object_matrix = bare(raw.FPDFPageObj_GetMatrix)
        self.text_object_size = bare(raw.FPDFTextObj_GetFontSize)
        self.text_font = bare(raw.FPDFTextObj_GetFont, ctypes.c_void_p)
        self.page_object = bare(raw.FPDFPage_GetObject, raw.FPDF_PAGEOBJECT)
        self.form_object = bare(raw.FPDFFormObj_GetObject, raw.FPDF_PAGEOBJECT)
        self.is_generated = bare(raw.FPDFText_IsGenerated)
        self.unicode = bare(raw.FPDFText_GetUnicode, ctypes.c_uint)
        self.char_matrix = bare(raw.FPDFText_GetMatrix)
        self.char_origin = bare(raw.FPDFText_GetCharOrigin)
        self.loose_box = bare(raw.FPDFText_GetLooseCharBox)
        self.map_error = bare(raw.FPDFText_HasUnicodeMapError)


_UNCHECKED: Unchecked | None = None


def unchecked() -> Unchecked:
    """The process's :class:`Unchecked` functions (call under PDFIUM_LOCK, like any pdfium call)."""
    global _UNCHECKED
    if _UNCHECKED is None:
        _UNCHECKED = Unchecked()
    return _UNCHECKED


def _password_key(password: str | None) -> str:
    if password is None:
        return ""
    return hashlib.blake2b(password.encode("utf-8"), key=_SALT, digest_size=16).hexdigest()


class _OpenDocuments:
    """LRU of open pdfium documents. Use only while holding PDFIUM_LOCK."""

    def __init__(self) -> None:
        self._docs: OrderedDict[tuple[str, str, str], Any] = OrderedDict()

    def get(self, source: DocumentSource) -> Any:
        key = (source.path, source.fingerprint.sha256, _password_key(source.password))
        doc = self._docs.get(key)
        if doc is not None:
            # pdfium reads an open file lazily: a file changed since must not mix into the answer.
            self.verify_unchanged(source)
            self._docs.move_to_end(key)
            return doc
        doc = _open(source)
        self._docs[key] = doc
        while len(self._docs) > _MAX_OPEN:
            _, old = self._docs.popitem(last=False)
            try:
                old.close()
            except Exception:
                log.debug("closing a cached pdfium document failed", exc_info=True)
        return doc

    def verify_unchanged(self, source: DocumentSource) -> None:
        try:
            check_unchanged(source)
        except PdfcoreError:
            self.forget(source.path)
            raise

    def close_all(self) -> None:
        with PDFIUM_LOCK:
            while self._docs:
                _, doc = self._docs.popitem()
                with contextlib.suppress(Exception):  # shutting down
                    doc.close()

    def forget(self, path: str) -> None:
        for key in [k for k in self._docs if k[0] == path]:
            try:
                self._docs.pop(key).close()
            except Exception:
                log.debug("closing a cached pdfium document failed", exc_info=True)


OPEN_DOCUMENTS = _OpenDocuments()
atexit.register(OPEN_DOCUMENTS.close_all)


def check_unchanged(source: DocumentSource) -> None:
    """Raise ``file_changed`` if the file's size or mtime no longer match its fingerprint."""
    try:
        st = os.stat(source.path)
    except FileNotFoundError as exc:
        raise FileNotFound("The file no longer exists.") from exc
    if st.st_size != source.fingerprint.size or st.st_mtime_ns != source.fingerprint.mtime_ns:
        raise FileChanged("The file changed after it was opened.")


def _open(source: DocumentSource) -> Any:
    pdfium = _pdfium()
    check_unchanged(source)
    try:
        return pdfium.PdfDocument(source.path, password=source.password)
    except pdfium.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        raw = pdfium.raw
        if code == raw.FPDF_ERR_PASSWORD:
            if source.password:
                raise PasswordIncorrect("The password does not open this document.") from exc
            raise PasswordRequired("The document is encrypted and needs a password.") from exc
        if code == raw.FPDF_ERR_FORMAT:
            raise MalformedPdf("The file is not a readable PDF (damaged, truncated or another format).") from exc
        if code == raw.FPDF_ERR_FILE:
            raise FileNotFound("The file could not be opened.") from exc
        if code == raw.FPDF_ERR_SECURITY:
            raise ExtractionFailed("The document uses an unsupported security handler.") from exc
        raise ExtractionFailed("The PDF engine could not open this document.") from exc
    except OSError as exc:
        raise FileNotFound("The file could not be opened.") from exc


@contextmanager
def pdfium_document(source: DocumentSource) -> Iterator[Any]:
    """Hold the pdfium lock and yield the open document; translate engine errors."""
    with PDFIUM_LOCK:
        try:
            yield OPEN_DOCUMENTS.get(source)
        except PdfcoreError:
            raise
        except (RuntimeError, ValueError, OSError, AssertionError, IndexError) as exc:
            # pypdfium2 raises PdfiumError (a RuntimeError) and assertion/value errors on
            # damaged content; a damaged handle must not be reused.
            OPEN_DOCUMENTS.forget(source.path)
            raise ExtractionFailed("The PDF engine failed on this document's content.") from exc
        # Written to while pdfium was reading it: what was read may mix two versions.
        OPEN_DOCUMENTS.verify_unchanged(source)


def check_page(doc: Any, index: int) -> None:
    n = len(doc)
    if not 0 <= index < n:
        raise PageOutOfRange(
            f"Page {index + 1} does not exist; the document has {n} page(s) (valid range 1-{n}).",
            details={"page_count": n},
        )


class PageSpace:
    """Converts pdfium user-space points (bottom-left origin) to page space.

    Page space is the page as displayed after /Rotate, origin at the crop box's top-left corner,
    y downwards, in points.
    """

    __slots__ = ("bottom", "crop", "height", "left", "media", "right", "rotation", "top", "width")

    def __init__(self, page: Any) -> None:
        # get_bbox() is the visible area (crop box within the media box), inheritance from the
        # page tree included; pdfium's get_cropbox/get_mediabox ignore inherited boxes.
        left, bottom, right, top = page.get_bbox()
        self.left, self.bottom, self.right, self.top = float(left), float(bottom), float(right), float(top)
        self.rotation = int(page.get_rotation()) % 360
        w, h = self.right - self.left, self.top - self.bottom
        if self.rotation in (90, 270):
            w, h = h, w
        self.width, self.height = w, h
        media = page.get_mediabox(fallback_ok=False)
        ml, mb, mr, mt = media if media is not None else (left, bottom, right, top)
        # The media box in page space: text beyond it is off the page entirely; text between it
        # and the crop box is in the printer's margin (crop marks, slugs).
        self.media = self.box(float(ml), float(mb), float(mr), float(mt))
        #: The crop box in page space (the visible page).
        self.crop = Box(0.0, 0.0, w, h)

    def point(self, x: float, y: float) -> tuple[float, float]:
        r = self.rotation
        if r == 0:
            return x - self.left, self.top - y
        if r == 90:
            return y - self.bottom, x - self.left
        if r == 180:
            return self.right - x, y - self.bottom
        return self.top - y, self.right - x

    def box(self, left: float, bottom: float, right: float, top: float) -> Box:
        """A pdfium rect (any corner order) in page space. Hot path: no intermediate tuples."""
        if left > right:
            left, right = right, left
        if bottom > top:
            bottom, top = top, bottom
        r = self.rotation
        if r == 0:
            return Box(left - self.left, self.top - top, right - self.left, self.top - bottom)
        if r == 90:
            return Box(bottom - self.bottom, left - self.left, top - self.bottom, right - self.left)
        if r == 180:
            return Box(self.right - right, bottom - self.bottom, self.right - left, top - self.bottom)
        return Box(self.top - top, self.right - right, self.top - bottom, self.right - left)
