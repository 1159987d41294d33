"""pdfplumber pages whose objects pdfium reads: the table reader's characters, lines,
rectangles, curves and images taken from pdfium's parse of the page instead of pdfminer's.

pdfminer interprets a page's content stream in Python: on a page of a few thousand characters
and a few hundred rulings that is most of the time a table read takes (0.1-0.5 s a page), ten
to fifty times what pdfium needs to parse the same page. :class:`PdfiumPage` is a pdfplumber
page (cropping, pdfplumber's table finder and word grouping work on it unchanged) whose
``objects`` are built from pdfium, in pdfminer's geometry:

- a character's box is pdfminer's: from its origin along the text matrix, its advance, the
  font's descent and the font size (``x0``/``x1``/``y0`` are pdfium's loose box; pdfminer's top
  is the descent plus the font size, not the font's ascent), in pdfminer's page space (the
  media box turned by /Rotate, see :func:`page_matrix`) and then pdfplumber's (top-left
  origin); its ``matrix``, ``upright``, ``size``, ``adv`` and ``fontname`` are pdfminer's. The
  characters are pdfium's text page less the ones pdfium makes up (spaces and line breaks it
  infers); a glyph standing for several characters (a ligature) is one character per letter,
  each with the glyph's box;
- a path is cut into its subpaths and each is a ``line`` (one segment), a ``rect`` (four sides
  along the axes, closed) or a ``curve`` (anything else), as pdfminer tells them, with the
  points, fill, stroke, line width and colours of the path (:mod:`adapters._plumber_pdfium_drawing`);
- colours are pdfium's, as red, green and blue from 0 to 1 (a grey as one value), whatever
  colour space the page used.

Runs with pdfium's lock held (:func:`adapters._pdfium.pdfium_document`); pdfplumber's own lock
is the caller's.
"""

from __future__ import annotations

import ctypes
import logging
import weakref
from typing import Any, NamedTuple
from unicodedata import normalize as normalize_unicode

from adapters._pdfium import pdfium_document, unchecked
from adapters._pdfium_fonts import base_name
from adapters._pdfium_objects import Matrix
from adapters._plumber_chars import LeanPage
from adapters._plumber_pdfium_drawing import MAX_DEPTH, Drawings, rgb
from pdfcore.errors import ExtractionFailed, MalformedPdf
from pdfcore.models import DocumentSource

log = logging.getLogger(__name__)


class _Facts(NamedTuple):
    """What a character's text object tells: its font's name (pdfminer's), colours, marked
    content id, ascent and descent per point of size, the font's handle as a number, and
    whether the font maps its glyphs to text (a ``/ToUnicode`` map: pdfium's reading of a glyph
    it flags as unmapped is then the map's, else its guess from the glyph's code)."""

    fontname: str
    ncolor: Any
    scolor: Any
    mcid: int | None
    asc: float
    desc: float
    font: int
    mapped: bool


class PdfiumPage(LeanPage):
    """A pdfplumber page (its size, boxes and rotation from pdfminer's page dictionary) whose
    objects are read by pdfium from the same document (``source``, page ``index``)."""

    def __init__(self, pdf: Any, page_obj: Any, page_number: int, source: DocumentSource) -> None:
        super().__init__(pdf, page_obj, page_number=page_number)
        self._source = source

    def parse_objects(self) -> dict[str, list[dict[str, Any]]]:
        """The page's objects read by pdfium; by pdfminer where pdfium fails on the page or its
        page tree does not reach it (pdfminer read the document, and may read the page)."""
        try:
            with pdfium_document(self._source) as doc:
                if self.page_number <= len(doc):
                    page = doc[self.page_number - 1]
                    try:
                        return _Reader(self, page).read()
                    finally:
                        page.close()
        except (ExtractionFailed, MalformedPdf):
            log.debug("pdfium could not read page %d for its tables", self.page_number, exc_info=True)
        return super().parse_objects()


def same_pages(source: DocumentSource, doc: Any) -> bool:
    """Whether pdfium counts as many pages in ``source`` as the ``/Count`` of the page tree
    pdfminer walks (``doc``, pdfminer's open document): both then read the same tree, and page
    ``index`` is the same page to both. Asked once per open document."""
    known = _SAME.get(doc)
    if known is None:
        from pdfminer.pdftypes import resolve1

        try:
            count = int(resolve1(resolve1(doc.catalog["Pages"])["Count"]))
        except (KeyError, TypeError, ValueError, AttributeError):
            count = -1
        try:
            with pdfium_document(source) as pdf:
                known = count == len(pdf)
        except (ExtractionFailed, MalformedPdf):
            known = False
        _SAME[doc] = known
    return known


_SAME: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()


def _unprefixed(name: str) -> str:
    """A font's name without its subset tag (``ABCDEF+``)."""
    head, plus, rest = name.partition("+")
    return rest if plus and len(head) == 6 and head.isupper() else name


def font_metrics(page: Any) -> dict[str, tuple[str, float, bool]]:
    """pdfminer's name and descent (per point of size) of each font of the page and of the
    forms it draws, and whether it maps its glyphs to text (a ``/ToUnicode`` map), by the
    font's name without its subset tag: pdfminer takes the descent from the font's descriptor
    (or its metrics, for the standard fonts), pdfium from the font program where it has one,
    and the two differ on some fonts (a maths font's descent of a whole em). A font pdfminer
    cannot load is left out (pdfium's descent stands)."""
    from pdfminer.pdftypes import PDFObjRef, dict_value, resolve1
    from pdfminer.psparser import LIT

    LITERAL_FORM = LIT("Form")

    out: dict[str, tuple[str, float, bool]] = {}
    manager = page.pdf.rsrcmgr
    seen: set[int] = set()

    def visit(resources: Any, depth: int) -> None:
        resources = resolve1(resources)
        if not isinstance(resources, dict) or depth > MAX_DEPTH:
            return
        fonts = resolve1(resources.get("Font"))
        for spec in fonts.values() if isinstance(fonts, dict) else ():
            objid = spec.objid if isinstance(spec, PDFObjRef) else None
            try:
                spec = dict_value(spec)
                font = manager.get_font(objid, spec)
                name = font.fontname if isinstance(font.fontname, str) else str(font.fontname)
                out.setdefault(_unprefixed(name), (name, float(font.get_descent()), "ToUnicode" in spec))
            except Exception:  # noqa: BLE001 - a font pdfminer cannot read: pdfium's metrics stand
                continue
        forms = resolve1(resources.get("XObject"))
        for ref in forms.values() if isinstance(forms, dict) else ():
            key = ref.objid if isinstance(ref, PDFObjRef) else id(ref)
            if key in seen:
                continue
            seen.add(key)
            form = resolve1(ref)
            attrs = getattr(form, "attrs", None)
            if isinstance(attrs, dict) and resolve1(attrs.get("Subtype")) is LITERAL_FORM:
                visit(attrs.get("Resources"), depth + 1)

    visit(page.page_obj.resources, 0)
    return out


def page_matrix(mediabox: Any, rotate: int) -> Matrix:
    """pdfminer's page matrix: the PDF's user space to its layout space (the media box turned
    by /Rotate, its lower-left corner at the origin)."""
    x0, y0, x1, y1 = (float(v) for v in mediabox)
    if rotate == 90:
        return (0.0, -1.0, 1.0, 0.0, -y0, x1)
    if rotate == 180:
        return (-1.0, 0.0, 0.0, -1.0, x1, y1)
    if rotate == 270:
        return (0.0, 1.0, -1.0, 0.0, y1, -x0)
    return (1.0, 0.0, 0.0, 1.0, -x0, -y0)


#: The widest gap (a share of the row's height) a space pdfium puts in is kept for.
SPACE_GAP = 0.6


def _with_spaces(chars: list[dict[str, Any]], spaces: list[int]) -> list[dict[str, Any]]:
    """``chars`` with a space put in before each character numbered in ``spaces``, spanning the
    gap from the character before on its row: where pdfium sees a word break the text does not
    draw (words set apart by a move) or draws as a space it leaves out (the second of two, a
    space ending a line), as pdfminer's space characters split words. Only a narrow gap on one
    row gets one (at most SPACE_GAP of the row's height): a wider one parts words anyway, and a
    break between characters far apart is no word space (text drawn out of order, a letter
    drawn twice over itself for weight), nor is a gap some other character is drawn in (a
    letter pdfium reads apart from its word: ``54`` and ``5`` with the point drawn later)."""
    rows: dict[int, list[tuple[float, float]]] = {}  # the characters' extents across, by row
    for c in chars:
        rows.setdefault(round(c["bottom"]), []).append((c["x0"], c["x1"]))
    out: list[dict[str, Any]] = []
    at = 0
    for k in spaces:
        if 0 < k < len(chars):
            out.extend(chars[at:k])
            at = k
            before, after = chars[k - 1], chars[k]
            row = before["bottom"] - before["top"]
            if (
                before["upright"]
                and after["upright"]
                and 0 < after["x0"] - before["x1"] <= SPACE_GAP * row
                and abs(after["bottom"] - before["bottom"]) < 0.5 * row
                and not _drawn_in(rows, round(before["bottom"]), before["x1"], after["x0"])
            ):
                space = dict(before)
                space["text"] = " "
                space["x0"], space["x1"] = before["x1"], after["x0"]
                space["width"] = after["x0"] - before["x1"]
                space["adv"] = space["width"]
                space["matrix"] = (*before["matrix"][:4], before["matrix"][4] + before["width"], before["matrix"][5])
                out.append(space)
    out.extend(chars[at:])
    return out


def _drawn_in(rows: dict[int, list[tuple[float, float]]], row: int, x0: float, x1: float) -> bool:
    """Whether a character of row ``row`` (or a row next to it) reaches into ``x0``..``x1``."""
    for key in (row - 1, row, row + 1):
        for a, b in rows.get(key, ()):
            if a < x1 and b > x0 and min(b, x1) - max(a, x0) > 0.5 * (x1 - x0):
                return True
    return False


#: The loose box's advance between these shares of the font's width for the character: the
#: width is the glyph's (a glyph's box is narrower than its advance, ``W``, or reaches past it,
#: an italic ``f``); outside them the glyph is another the font maps to the same character.
WIDTH_FITS = (0.5, 1.6)


#: Characters from here on (Hebrew, Arabic, the scripts of India and beyond) are drawn in forms
#: their font has several glyphs for, one character each: the font's width for the character
#: is one form's, not the glyph's. Below it (Latin, Greek, Cyrillic) and among the general
#: signs (punctuation, currency, arrows, symbols), a character has one glyph.
SHAPED_FROM = 0x0590
GENERAL_SIGNS = (0x2000, 0x2C00)


def _width(raw: Any, font: int, code: int, out: Any) -> float:
    """The font's width of the character ``code`` (its advance per point of size), 0 when the
    font does not tell it."""
    ok = raw.FPDFFont_GetGlyphWidth(ctypes.cast(font, raw.FPDF_FONT), code, ctypes.c_float(1.0), out)
    return float(out.value) if ok else 0.0


def _proportional(raw: Any, font: int, out: Any) -> bool:
    """Whether the font tells its widths by character: an ``i`` narrower than a ``W``. (pdfium
    finds the width through the character's code; where it finds no code, a font whose text
    comes from a ToUnicode map alone, it gives every character one default width.)"""
    return 0 < _width(raw, font, ord("i"), out) < _width(raw, font, ord("W"), out)


class _Reader(Drawings):
    """One page's objects as pdfplumber's dicts."""

    def __init__(self, plumber: PdfiumPage, page: Any) -> None:
        self.plumber = plumber
        self.page = page
        self.ctm = page_matrix(plumber.page_obj.mediabox, int(plumber.page_obj.rotate) % 360)
        mb_x0, mb_top = (float(v) for v in plumber.mediabox[:2])
        self.mb_x0, self.mb_top = mb_x0, mb_top
        self.height = float(plumber.height)
        self.doctop = float(plumber.initial_doctop)
        self.number = plumber.page_number
        self.out: dict[str, list[dict[str, Any]]] = {}
        self.fonts = font_metrics(plumber)

    def read(self) -> dict[str, list[dict[str, Any]]]:
        import pypdfium2.raw as raw

        self._chars(raw)
        self._walk(raw)
        return self.out

    # -- characters ------------------------------------------------------------------------

    def _chars(self, raw: Any) -> None:
        textpage = self.page.get_textpage()
        try:
            self._read_chars(raw, textpage.raw)
        finally:
            textpage.close()

    def _read_chars(self, raw: Any, tp: Any) -> None:
        n = raw.FPDFText_CountChars(tp)
        if n <= 0:
            return
        fast = unchecked()
        text_object, font_size, is_generated, unicode = (
            fast.text_object,
            fast.font_size,
            fast.is_generated,
            fast.unicode,
        )
        char_matrix, char_origin, loose_box = fast.char_matrix, fast.char_origin, fast.loose_box
        map_error = fast.map_error
        rect, m = raw.FS_RECTF(), raw.FS_MATRIX()
        ox, oy = ctypes.c_double(), ctypes.c_double()
        rect_out, m_out, ox_out, oy_out = ctypes.byref(rect), ctypes.byref(m), ctypes.byref(ox), ctypes.byref(oy)
        fr, fg, fb, fa = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
        objects: dict[int, _Facts] = {}
        widths: dict[tuple[int, int], float] = {}  # the fonts' widths of characters, per point of size
        proportional: dict[int, bool] = {}  # whether each font tells its widths by character
        out = ctypes.c_float()
        norm = self.plumber.pdf.unicode_norm
        chars: list[dict[str, Any]] = []
        last: tuple[int, float, float] | None = None  # the last character's text object and origin
        loose = 0.0  # its advance from its loose box
        spaces: list[int] = []  # the spaces pdfium puts between words, by the next character's number
        for i in range(n):
            code = unicode(tp, i)
            if is_generated(tp, i) == 1:
                if code == 0x20:
                    spaces.append(len(chars))
                continue
            if code in (0x02, 0xFFFE) and raw.FPDFText_IsHyphen(tp, i):
                text, code = "-", 0x2D  # a hyphen pdfium marked as ending its line
            elif (0x20 <= code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF) or code in (0x09, 0x0A, 0x0D):
                text = chr(code)
            else:
                text = "\ufffd"  # a glyph its font maps to no character (pdfium's control codes)
            if text in "\r\n":
                continue
            if norm is not None:
                text = normalize_unicode(norm, text)
            address = text_object(tp, i) or 0
            facts = objects.get(address)
            if facts is None:
                facts = self._text_facts(raw, address, tp, i, (fr, fg, fb, fa))
                objects[address] = facts
            fontname, ncolor, scolor, mcid, asc, desc, font, mapped = facts
            if not mapped and map_error(tp, i) == 1:
                text = "\ufffd"  # a glyph of a font without a map to text pdfium guessed (a sum sign)
            size = font_size(tp, i)
            char_matrix(tp, i, m_out)
            char_origin(tp, i, ox_out, oy_out)
            loose_box(tp, i, rect_out)
            a, b, c, d = m.a, m.b, m.c, m.d
            up, down = asc * size, desc * size
            # the advance: the font's width of the character (pdfium's matrix carries the
            # horizontal scaling) when the loose box (the glyph's box from descent to ascent
            # along the matrix, narrower or wider than the advance) is about as wide; else the
            # loose box's (the width is looked up by the character, and a glyph a font maps to
            # a letter it is not, a ligature read as ``i``, gets that letter's; so does a
            # letter of a script set in shaped forms, Arabic or Devanagari: the glyph's own box)
            if abs(a) >= abs(b):
                adv = ((rect.right - rect.left) - abs(c) * (up - down)) / abs(a) if a else 0.0
            else:
                adv = ((rect.top - rect.bottom) - abs(d) * (up - down)) / abs(b)
            x, y = ox.value, oy.value
            if chars and (address, x, y) == last:
                # a glyph standing for several characters (a ligature): one character, as
                # pdfminer reads it, as wide as the glyph (its loose box)
                glyph = chars[-1]
                glyph["text"] += text
                if glyph["adv"] != loose:
                    self._char_box(glyph, loose, size, down, (a, b, c, d), x, y)
                continue
            last, loose = (address, x, y), adv
            key = (font, code)
            width = widths.get(key)
            if width is None:
                trusted = proportional.get(font)
                if trusted is None:
                    trusted = proportional[font] = bool(font) and _proportional(raw, font, out)
                alphabetic = code < SHAPED_FROM or GENERAL_SIGNS[0] <= code < GENERAL_SIGNS[1]
                width = widths[key] = _width(raw, font, code, out) if trusted and alphabetic else 0.0
            if width > 0 and WIDTH_FITS[0] * width * size <= adv <= WIDTH_FITS[1] * width * size:
                adv = width * size
            attr: dict[str, Any] = {"fontname": fontname}
            self._char_box(attr, adv, size, down, (a, b, c, d), x, y)
            attr["mcid"] = mcid
            attr["tag"] = None
            attr["object_type"] = "char"
            attr["page_number"] = self.number
            attr["text"] = text
            attr["stroking_color"] = scolor
            attr["non_stroking_color"] = ncolor
            chars.append(attr)
        if chars:
            self.out["char"] = _with_spaces(chars, spaces)

    def _char_box(
        self,
        attr: dict[str, Any],
        adv: float,
        size: float,
        down: float,
        matrix: tuple[float, float, float, float],
        x: float,
        y: float,
    ) -> None:
        """Set a character's box, ``matrix``, ``adv``, ``upright`` and ``size`` as pdfminer
        does from its advance, font size and descent, its text matrix and origin (user space)."""
        a, b, c, d = matrix
        pa, pb, pc, pd, pe, pf = self.ctm
        # pdfminer's two corners: (0, descent) and (advance, descent + size) in text space
        ux0, uy0 = x + c * down, y + d * down
        ux1, uy1 = x + a * adv + c * (down + size), y + b * adv + d * (down + size)
        lx0, ly0 = pa * ux0 + pc * uy0 + pe, pb * ux0 + pd * uy0 + pf
        lx1, ly1 = pa * ux1 + pc * uy1 + pe, pb * ux1 + pd * uy1 + pf
        # the text matrix in layout space, at the character's origin (pdfminer's ``matrix``)
        ma, mb_ = a * pa + b * pc, a * pb + b * pd
        mc, md = c * pa + d * pc, c * pb + d * pd
        me, mf = pa * x + pc * y + pe, pb * x + pd * y + pf
        attr["matrix"] = (ma, mb_, mc, md, me, mf)
        attr["adv"] = adv
        attr["upright"] = ma * md > 0 and mb_ * mc <= 0
        self._place(attr, lx0, ly0, lx1, ly1)
        attr["size"] = attr["height"]

    def _text_facts(self, raw: Any, address: int, tp: Any, index: int, color: tuple[Any, Any, Any, Any]) -> _Facts:
        """The facts of the text object drawing character ``index``."""
        r, g, b, a = color
        ncolor = rgb(r.value, g.value, b.value) if raw.FPDFText_GetFillColor(tp, index, r, g, b, a) else (0.0,)
        scolor = rgb(r.value, g.value, b.value) if raw.FPDFText_GetStrokeColor(tp, index, r, g, b, a) else (0.0,)
        if not address:
            return _Facts("", ncolor, scolor, None, 1.0, 0.0, 0, True)
        obj = ctypes.cast(address, raw.FPDF_PAGEOBJECT)
        font = raw.FPDFTextObj_GetFont(obj)
        name, asc, desc, mapped = "", 1.0, 0.0, True
        if font:
            name = base_name(raw, font)
            out = ctypes.c_float()
            if raw.FPDFFont_GetAscent(font, ctypes.c_float(1.0), out):
                asc = out.value
            if raw.FPDFFont_GetDescent(font, ctypes.c_float(1.0), out):
                desc = out.value
            known = self.fonts.get(_unprefixed(name))
            if known is not None:  # pdfminer's name (its subset tag kept) and descent
                name, desc, mapped = known
        mcid = raw.FPDFPageObj_GetMarkedContentID(obj)
        handle = (ctypes.cast(font, ctypes.c_void_p).value or 0) if font else 0
        return _Facts(name, ncolor, scolor, (mcid if mcid >= 0 else None), asc, desc, handle, mapped)
