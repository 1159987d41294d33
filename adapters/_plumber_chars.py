"""pdfplumber pages that describe their characters and lines with less work.

pdfplumber turns every object pdfminer lays out into a dict (``Page.process_object``): it
passes each attribute through ``resolve_all`` (which follows references inside lists and dicts),
decodes the colour space's name and matches a regular expression against the class name. On a
page full of text or drawn rules that is about a third of the time spent parsing it, nearly all
of it on values that are plain numbers and strings already. :class:`LeanPage` builds the same
dict for characters, lines, rectangles and curves (the same keys in the same order, equal
values: ``tests/contract/test_table_engine_pages.py`` compares them on real documents) and
leaves every other kind of object (figures, images, annotations) to pdfplumber.

Imported only where a page is built (it imports pdfplumber).
"""

from __future__ import annotations

from typing import Any
from unicodedata import normalize as normalize_unicode

from pdfminer.layout import LTChar, LTCurve, LTLine, LTRect
from pdfplumber.page import ALL_ATTRS, Page, fix_fontname_bytes
from pdfplumber.utils.pdfinternals import resolve_all, resolve_and_decode

#: Values ``resolve_all`` gives back unchanged.
_PLAIN = frozenset((float, int, str, bool, type(None)))
#: The kinds built here, by exact class (a subclass may carry more).
_KINDS: dict[type, str] = {LTChar: "char", LTLine: "line", LTRect: "rect", LTCurve: "curve"}


class LeanPage(Page):
    """A pdfplumber page whose characters and drawn lines become dicts without pdfplumber's
    generic walk over their attributes."""

    def process_object(self, obj: Any) -> Any:
        kind = _KINDS.get(type(obj))
        if kind is None:
            return super().process_object(obj)
        attr = {key: _resolved(value) for key, value in obj.__dict__.items() if key in ALL_ATTRS}
        attr["object_type"] = kind
        attr["page_number"] = self.page_number
        for space in ("ncs", "scs"):
            if hasattr(obj, space):
                attr[space] = _space_name(getattr(obj, space).name)
        if kind == "char":
            text = obj.get_text()
            norm = self.pdf.unicode_norm
            attr["text"] = normalize_unicode(norm, text) if norm is not None else text
            state = obj.graphicstate
            attr["stroking_color"] = state.scolor if isinstance(state.scolor, tuple) else (state.scolor,)
            attr["non_stroking_color"] = state.ncolor if isinstance(state.ncolor, tuple) else (state.ncolor,)
            if isinstance(attr["fontname"], bytes):
                attr["fontname"] = fix_fontname_bytes(attr["fontname"])
        else:
            to_page = self.point2coord
            attr["pts"] = [to_page(pt) for pt in attr["pts"]]
            attr["path"] = [(cmd, *map(to_page, pts)) for cmd, *pts in obj.original_path]
            attr["dash"] = obj.dashing_style
        mb_x0, mb_top = self.mediabox[:2]
        if "y0" in attr:
            attr["top"] = (self.height - attr["y1"]) + mb_top
            attr["bottom"] = (self.height - attr["y0"]) + mb_top
            attr["doctop"] = self.initial_doctop + attr["top"]
        if "x0" in attr and mb_x0 != 0:
            attr["x0"] = attr["x0"] + mb_x0
            attr["x1"] = attr["x1"] + mb_x0
        return attr


def _resolved(value: Any) -> Any:
    """``resolve_all(value)`` without its checks where the value is plain, or a list or tuple
    of plain values (a point, a colour, a matrix)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        if _PLAIN.issuperset(map(type, value)):
            return value if kind is tuple else list(value)  # a tuple is never changed: no copy
        return kind(_resolved(item) for item in value)
    return resolve_all(value)


_SPACE_NAMES: dict[str, Any] = {}


def _space_name(name: Any) -> Any:
    """A colour space's name decoded as pdfplumber decodes it, once per name."""
    if type(name) is not str:
        return resolve_and_decode(name)
    decoded = _SPACE_NAMES.get(name)
    if decoded is None:
        decoded = _SPACE_NAMES[name] = resolve_and_decode(name)
    return decoded
