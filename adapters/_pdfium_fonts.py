"""What a text line looks like and what the document's tags call it: the effective font size,
weight, pitch and slant of its first character's font, and its structure-tree role on tagged pages.

Used by the pdfium text adapter only, always under PDFIUM_LOCK. The facts are read per text
object and cached for the page (a line's first character usually shares its object with many
other lines' characters), so a line costs one pdfium call when its object was seen before.
"""

from __future__ import annotations

import ctypes
import math
import re
from typing import Any

from adapters._font_names import BOLD_NAME
from adapters._pdfium import unchecked

#: Font names whose style part (after the family, past the last "-" or ",") names a face lighter
#: than bold: "Times-Roman", "NimbusRomNo9L-Regu", "Helvetica-Light", "Garamond-BookItalic". The
#: name is what the type designer called the face; the weight an embedded subset declares is often
#: wrong (a regular face declaring 695), so such a name outweighs it. Medium is not here: URW's
#: "-Medi" is the bold of its family.
_NOT_BOLD = re.compile(
    r"[-,](?:REGULAR|REGU|ROMAN|BOOK|NORMAL|PLAIN|LIGHT|EXTRALIGHT|ULTRALIGHT|SEMILIGHT|THIN|HAIRLINE)[A-Z]*$"
)
#: Font names of monospaced faces (code).
_MONO = re.compile(
    r"MONO|NIMBUSMON|COURIER|CONSOL|MENLO|INCONSOLATA|CMTT|SFTT|LMTT|TYPEWRITER|SOURCECODE|FIRACODE|CASCADIA|"
    r"LUCIDACONSOLE|ANDALE|MONACO|OCRA|OCRB|PTMONO|ROBOTOMONO|UBUNTUMONO|NOTOSANSMONO|COUSINE|LETTERGOTHIC"
)
#: Font names that mean an italic or oblique face (after the subset prefix): the usual words,
#: a weight word ending in "It" ("Minion-BoldIt"), TeX's text italics (CMTI, CMBXTI, SFTI, SFBI;
#: not CMMI, the math italic of variables).
_ITALIC = re.compile(
    r"ITALIC|OBLIQUE|KURSIV|(?<![A-Z])CM(?:BX)?TI\d|SFTI|SFBI|[-,_ ](?:IT|BOLDIT|BDIT|SEMIBOLDIT|LIGHTIT|MEDIUMIT|BLACKIT)\b"
)
#: pdfium font descriptor flags (PDF 32000-1, 9.8.2).
_FIXED_PITCH = 1
_ITALIC_FLAG = 1 << 6
_FORCE_BOLD = 1 << 18
#: A weight at least this is bold (when the font declares one).
_BOLD_WEIGHT = 600
#: Text render modes that fill the glyphs and stroke their outlines too (with or without adding
#: them to the clip): the outline drawn around each glyph makes it heavier than its face, the
#: way a layout program sets a face bold it has no bold of (PDF 32000-1, 9.3.6).
_FILL_AND_STROKE = (2, 6)
#: Structure elements read per page (bounds the work on a pathological tree).
_MAX_ELEMENTS = 20_000
_MAX_DEPTH = 64

_HEADING = re.compile(r"H[1-6]?")
#: Fonts of pictograms, whose glyphs' text is the letter their code stands for.
_DINGBATS = re.compile(r"(?i)wingding|webding|dingbat|zapf")
#: The last code point of the Latin letters (Latin Extended-B), the first of the East Asian
#: scripts (CJK radicals, kana, ideographs, halfwidth forms beyond).
_LATIN_END = 0x24F
_EAST_ASIAN = 0x2E80


def font_style(name: str, weight: int, flags: int, angle: int = 0) -> tuple[bool, bool, bool]:
    """(bold, monospaced, italic) for a font by its base name, declared weight, descriptor flags
    and italic angle (degrees, negative for type leaning right). A heavy declared weight counts
    only when the name does not call the face regular or lighter."""
    upper = name.split("+", 1)[-1].upper()
    heavy = weight >= _BOLD_WEIGHT and _NOT_BOLD.search(upper) is None
    bold = heavy or bool(flags & _FORCE_BOLD) or BOLD_NAME.search(upper) is not None
    mono = bool(flags & _FIXED_PITCH) or _MONO.search(upper) is not None
    italic = bool(flags & _ITALIC_FLAG) or angle != 0 or _ITALIC.search(upper) is not None
    return bold, mono, italic


class LineFonts:
    """Per-page cache: text object address -> (effective size, bold, mono, italic, structure role)."""

    __slots__ = (
        "_dingbats",
        "_fonts",
        "_matrix",
        "_matrix_out",
        "_matrix_value",
        "_objects",
        "_render_mode",
        "_roles",
        "_size",
        "_text_font",
        "_text_object",
        "_tp",
    )

    def __init__(self, textpage: Any, roles: dict[int, str]) -> None:
        import pypdfium2.raw as raw

        fast = unchecked()
        self._tp = textpage
        self._text_object = fast.text_object
        self._size = fast.font_size
        self._text_font = fast.text_font
        self._matrix = fast.object_matrix
        self._render_mode = fast.render_mode
        self._matrix_value = raw.FS_MATRIX()  # the out-parameter, allocated once per page
        self._matrix_out = ctypes.byref(self._matrix_value)
        self._objects: dict[int, tuple[float, bool, bool, bool, str]] = {}
        self._fonts: dict[int, tuple[bool, bool, bool]] = {}
        self._dingbats: dict[int, bool] = {}
        self._roles = roles

    def facts(self, raw: Any, index: int) -> tuple[float, bool, bool, bool, str]:
        """(font size in points as displayed, bold, monospaced, italic, role) of character ``index``.

        Runs for most lines of every page (a line is usually a text object of its own), so the
        first read of an object is inline: its matrix, the character's size, its font.
        """
        tp = self._tp
        address = self._text_object(tp, index)
        if not address:  # a generated character (no text object): the size pdfium reports
            return round(self._size(tp, index), 2), False, False, False, ""
        got = self._objects.get(address)
        if got is not None:
            return got
        obj = ctypes.c_void_p(address)
        scale = 1.0
        if self._matrix(obj, self._matrix_out):
            matrix = self._matrix_value
            det = abs(matrix.a * matrix.d - matrix.b * matrix.c)
            if det > 0:
                scale = math.sqrt(det)
        size = round(self._size(tp, index) * scale, 2)
        font = self._text_font(obj) or 0
        style = self._fonts.get(font)
        if style is None:
            style = _style(raw, ctypes.cast(font, raw.FPDF_FONT)) if font else (False, False, False)
            self._fonts[font] = style
        role = ""
        if self._roles:
            mcid = raw.FPDFPageObj_GetMarkedContentID(ctypes.cast(address, raw.FPDF_PAGEOBJECT))
            role = self._roles.get(mcid, "") if mcid >= 0 else ""
        # text filled and stroked round is drawn bold, whatever its face
        bold = style[0] or self._render_mode(obj) in _FILL_AND_STROKE
        got = (size, bold, style[1], style[2], role)
        self._objects[address] = got
        return got

    def bullet(self, raw: Any, index: int, after: int, mark: str, word: str) -> bool:
        """Whether character ``index`` (``mark``, opening a line, a space and ``word`` at
        ``after`` following it) is a bullet drawn from another font's glyph, its text a stand-in:
        from a font of dingbats whose text is a Latin letter or sign (Wingdings' ``h`` for an
        arrowhead, ``¢`` for a square), or an East Asian letter before a Latin word, from
        another font (a text font's own bullet mapped to ``ｴ``; a Greek letter there is a
        variable, ``π heißt ...``)."""
        tp = self._tp
        a, b = self._text_object(tp, index), self._text_object(tp, after)
        if not a or not b:
            return False
        font = self._text_font(ctypes.c_void_p(a)) or 0
        if not font or font == (self._text_font(ctypes.c_void_p(b)) or 0):
            return False
        if ord(mark) <= _LATIN_END:
            return self._of_dingbats(raw, font)  # (a pictogram's own code point, ``●``, is read as it is)
        return mark.isalpha() and ord(mark) >= _EAST_ASIAN and word[:1].isalpha() and ord(word[0]) <= _LATIN_END

    def lone_bullet(self, raw: Any, index: int, mark: str) -> bool:
        """Whether character ``index`` (``mark``), a line of its own, is a bullet drawn from a
        font of dingbats whose text is the Latin letter or sign it stands on (see :meth:`bullet`)."""
        if ord(mark) > _LATIN_END or not mark.isprintable() or mark.isspace():
            return False  # (a glyph whose text is a space or a control character is left out as such)
        a = self._text_object(self._tp, index)
        font = (self._text_font(ctypes.c_void_p(a)) or 0) if a else 0
        return bool(font) and self._of_dingbats(raw, font)

    def _of_dingbats(self, raw: Any, font: int) -> bool:
        dingbats = self._dingbats.get(font)
        if dingbats is None:
            dingbats = _DINGBATS.search(base_name(raw, ctypes.cast(font, raw.FPDF_FONT))) is not None
            self._dingbats[font] = dingbats
        return dingbats


def line_fonts(line_facts: Any) -> LineFonts | None:
    """The page's LineFonts a line reader's ``line_facts`` (its bound ``facts``) belongs to; None
    for another callable (a test's own facts)."""
    fonts = getattr(line_facts, "__self__", None)
    return fonts if isinstance(fonts, LineFonts) else None


def base_name(raw: Any, font: Any) -> str:
    """The font's base name as the PDF gives it (a PDF name holds 127 bytes at most)."""
    buf = ctypes.create_string_buffer(128)
    n = raw.FPDFFont_GetBaseFontName(font, buf, 128)
    return buf.value.decode("latin-1", "replace") if 0 < n <= 128 else ""


def _style(raw: Any, font: Any) -> tuple[bool, bool, bool]:
    name = base_name(raw, font)
    weight = raw.FPDFFont_GetWeight(font)
    flags = raw.FPDFFont_GetFlags(font)
    angle = ctypes.c_int(0)
    if not raw.FPDFFont_GetItalicAngle(font, ctypes.byref(angle)):
        angle.value = 0
    return font_style(name, weight, flags, angle.value)


# --------------------------------------------------------------------------------------------
# Structure tree


def page_roles(raw: Any, doc: Any, page: Any) -> dict[int, str]:
    """Marked-content id -> role of the page's content in a tagged document ({} otherwise).

    The role is what a reader of the Markdown needs from the tag path of a piece of content:
    the innermost heading ("H1".."H6", "H", "Title"), else "Table", "LI" (anything inside a
    list), "Caption", "Code", "Note" (footnotes), "TOC", "Figure", "Artifact", else "P". pdfium
    resolves the document's role map, so custom tag names arrive as standard ones.
    """
    if not raw.FPDFCatalog_IsTagged(doc.raw):
        return {}
    tree = raw.FPDF_StructTree_GetForPage(page.raw)
    if not tree:
        return {}
    roles: dict[int, str] = {}
    budget = [_MAX_ELEMENTS]
    try:
        for k in range(raw.FPDF_StructTree_CountChildren(tree)):
            _walk(raw, raw.FPDF_StructTree_GetChildAtIndex(tree, k), (), roles, budget, 0)
    finally:
        raw.FPDF_StructTree_Close(tree)
    return roles


def _walk(raw: Any, element: Any, path: tuple[str, ...], roles: dict[int, str], budget: list[int], depth: int) -> None:
    if not element or budget[0] <= 0 or depth > _MAX_DEPTH:
        return
    budget[0] -= 1
    path = (*path, _element_type(raw, element))
    count = raw.FPDF_StructElement_GetMarkedContentIdCount(element)
    if count > 0:
        role = _role(path)
        for k in range(count):
            mcid = raw.FPDF_StructElement_GetMarkedContentIdAtIndex(element, k)
            if mcid >= 0:
                roles[mcid] = role
    for k in range(max(0, raw.FPDF_StructElement_CountChildren(element))):
        child = raw.FPDF_StructElement_GetChildAtIndex(element, k)
        if child:
            _walk(raw, child, path, roles, budget, depth + 1)
        else:
            mcid = raw.FPDF_StructElement_GetChildMarkedContentID(element, k)
            if mcid >= 0:
                roles[mcid] = _role(path)


def _element_type(raw: Any, element: Any) -> str:
    buf = ctypes.create_string_buffer(64)
    n = raw.FPDF_StructElement_GetType(element, buf, 64)
    if n <= 2 or n > 64:
        return ""
    return buf.raw[: n - 2].decode("utf-16-le", "replace")


def _role(path: tuple[str, ...]) -> str:
    for t in reversed(path):
        if _HEADING.fullmatch(t) or t == "Title":
            return t
    kinds = set(path)
    for role, tags in _ROLES:
        if kinds & tags:
            return role
    return "P"


#: Roles below headings, in priority order, and the tags on a content's path that give them.
_ROLES = (
    ("Table", frozenset({"Table", "TR", "TH", "TD", "THead", "TBody", "TFoot"})),
    ("LI", frozenset({"L", "LI", "Lbl", "LBody"})),
    ("Caption", frozenset({"Caption"})),
    ("Code", frozenset({"Code"})),
    ("Note", frozenset({"Note", "FENote"})),
    ("TOC", frozenset({"TOC", "TOCI"})),
    ("Figure", frozenset({"Figure", "Formula"})),
    ("Artifact", frozenset({"Artifact"})),
)
