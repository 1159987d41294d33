"""The pages of an open pdfplumber document, built one at a time: the page tree is walked in
pdfminer's own order, once per document and only as far as the pages asked for, instead of
building every page first."""

from __future__ import annotations

import re
import weakref
from typing import Any

from pdfcore.errors import PageOutOfRange
from pdfcore.models import DocumentSource


def page_at(pdf: Any, index: int, source: DocumentSource | None = None) -> Any:
    """Page ``index`` (0-based) of an open pdfplumber document, built alone. The page tree is
    walked as far as that page (:class:`PageWalk`, kept while the document is open, so each
    node is read once) instead of building every page first (``pdf.pages`` also resolves each
    page's resources and contents and its label: 0.13 s on a 352-page book, against 0.09 s for
    the whole walk alone); a document without a ``/Pages`` tree is left to ``pdf.pages``
    (pdfminer then scans its objects). With ``source`` (the same document), the page's objects
    are read by pdfium (:class:`adapters._plumber_pdfium.PdfiumPage`) when pdfium's page count
    is the page tree's (so the same page at ``index``)."""
    walk = walk_of(pdf)
    if walk is None:
        pages = pdf.pages
        if not 0 <= index < len(pages):
            raise _out_of_range(index, len(pages))
        return pages[index]
    if index < 0 or not walk.reach(index):
        walk.reach(-1)  # to the end: the page count
        raise _out_of_range(index, len(walk.refs))
    from pdfminer.pdfpage import PDFPage

    from adapters._plumber_chars import LeanPage

    objid, attributes = walk.ref(index)
    page = PDFPage(pdf.doc, objid, attributes, None)
    if source is not None:
        from adapters._plumber_pdfium import PdfiumPage, same_pages

        if same_pages(source, pdf.doc):
            return PdfiumPage(pdf, page, index + 1, source)
    return LeanPage(pdf, page, page_number=index + 1)


def _out_of_range(index: int, count: int) -> PageOutOfRange:
    return PageOutOfRange(
        f"Page {index + 1} does not exist; the document has {count} page(s).",
        details={"page_count": count},
    )


def walk_of(pdf: Any) -> PageWalk | None:
    """The walk of this open document's page tree (started now the first time), or None when
    its catalog has no ``/Pages``."""
    if pdf in WALKS:
        return WALKS[pdf]
    walk = PageWalk(pdf.doc) if "Pages" in pdf.doc.catalog else None
    WALKS[pdf] = walk
    return walk


#: The walk of the page tree of each open document (:func:`page_at`).
WALKS: weakref.WeakKeyDictionary[Any, PageWalk | None] = weakref.WeakKeyDictionary()


class PageWalk:
    """pdfminer's walk of a page tree (depth first, a node met again skipped, the same
    inheritance and type rules), made as far as asked and resumed from there: the object
    number and attributes (the inherited ones filled in) of each page found, in order.

    A page met on the way to the one asked for is told by its bytes where they tell (see
    :func:`_told_page`), not parsed: pdfminer's parse of a page dictionary costs about a
    millisecond, and the walk to page 300 of a book passes 300 of them. Its attributes are read
    when it is asked for (:meth:`ref`); a page told by its bytes that its parse then does not
    confirm makes the walk start again, parsing every node (the page count before it could be
    wrong)."""

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        #: Each page's object number and attributes; None for a page told by its bytes whose
        #: attributes are not read yet (its parent's are in ``_parents``).
        self.refs: list[tuple[int, dict[Any, Any] | None]] = []
        self._parents: dict[int, dict[Any, Any]] = {}
        self._visited: set[Any] = set()
        self._stack: list[tuple[Any, dict[Any, Any]]] = [(doc.catalog["Pages"], doc.catalog)]
        self._by_bytes = True

    def reach(self, index: int) -> bool:
        """Walk on until page ``index`` is found (-1: to the end); whether it exists."""
        from pdfminer import settings
        from pdfminer.pdfpage import LITERAL_PAGE, LITERAL_PAGES
        from pdfminer.pdftypes import dict_value, list_value

        doc, stack, visited, out = self.doc, self._stack, self._visited, self.refs
        while stack and (index < 0 or len(out) <= index):
            obj, parent = stack.pop()
            objid = obj if isinstance(obj, int) else obj.objid
            if objid in visited:
                continue
            if self._by_bytes and len(out) != index and _told_page(doc, objid):
                visited.add(objid)
                out.append((objid, None))
                self._parents[objid] = parent
                continue
            node = dict(dict_value(doc.getobj(obj) if isinstance(obj, int) else obj))
            visited.add(objid)
            _inherit(node, parent)
            kind = node.get("Type")
            if kind is None and not settings.STRICT:
                kind = node.get("type")
            if kind is LITERAL_PAGES and "Kids" in node:
                stack.extend((kid, node) for kid in reversed(list_value(node["Kids"])))
            elif kind is LITERAL_PAGE:
                out.append((objid, node))
        return 0 <= index < len(out)

    def ref(self, index: int) -> tuple[int, dict[Any, Any]]:
        """The object number and attributes of page ``index``, found already (:meth:`reach`)."""
        objid, node = self.refs[index]
        if node is not None:
            return objid, node
        from pdfminer.pdfpage import LITERAL_PAGE
        from pdfminer.pdftypes import dict_value

        node = dict(dict_value(self.doc.getobj(objid)))
        if node.get("Type") is not LITERAL_PAGE or "Kids" in node:
            # its bytes told wrong: walk again, every node parsed
            self.refs, self._parents, self._visited = [], {}, set()
            self._stack = [(self.doc.catalog["Pages"], self.doc.catalog)]
            self._by_bytes = False
            if not self.reach(index):
                self.reach(-1)
                raise _out_of_range(index, len(self.refs))
            return self.ref(index)
        _inherit(node, self._parents.pop(objid))
        self.refs[index] = (objid, node)
        return objid, node


def _inherit(node: dict[Any, Any], parent: dict[Any, Any]) -> None:
    from pdfminer.pdfpage import PDFPage

    for key, value in parent.items():
        if key in PDFPage.INHERITABLE_ATTRS and key not in node:
            node[key] = value


#: A page dictionary is told by its bytes (:func:`_told_page`) when it ends within this many.
TOLD_BYTES = 4096
_OBJECT_HEAD = re.compile(rb"\s*(\d+)\s+\d+\s+obj\b")
_TYPE_NAME = re.compile(rb"/Type\s*/([A-Za-z]+)")
#: Bytes a page dictionary told by its bytes holds none of: a page tree's node (``/Kids``), a
#: stream, a string or a comment (where a name may stand that is no key of the dictionary; a
#: hex string, a ``<`` not of ``<<``, is looked for apart).
_UNTOLD = (b"/Kids", b"stream", b"(", b"%")


def _told_page(doc: Any, objid: int) -> bool:
    """Whether object ``objid`` of pdfminer's open document ``doc`` is a page dictionary, told
    from its bytes without parsing it: an object the document's first cross-reference section
    that holds it places at an offset in the file (not in an object stream), its bytes there
    opening with its own number and ending (``endobj``) within TOLD_BYTES, naming ``/Type
    /Page`` once and neither ``/Pages`` nor ``/Kids`` nor a stream. False where its bytes do
    not tell (it is parsed then); an object parsed already is not looked at."""
    cached, parser = getattr(doc, "_cached_objs", None), getattr(doc, "_parser", None)
    if cached is None or parser is None or objid in cached:
        return False
    for xref in doc.xrefs:
        try:
            stream, pos, _ = xref.get_pos(objid)
        except KeyError:
            continue
        break
    else:
        return False
    if stream is not None or not isinstance(pos, int):
        return False
    fp = parser.fp
    here = fp.tell()
    try:
        fp.seek(pos)
        data: bytes = fp.read(TOLD_BYTES)
    finally:
        fp.seek(here)
    head = _OBJECT_HEAD.match(data)
    if head is None or int(head[1]) != objid:
        return False
    end = data.find(b"endobj", head.end())
    if end < 0:
        return False
    body = data[head.end() : end]
    if not body.lstrip().startswith(b"<<") or any(mark in body for mark in _UNTOLD):
        return False
    if b"<" in body.replace(b"<<", b"").replace(b">>", b""):
        return False
    found = [(m.start(), m[1]) for m in _TYPE_NAME.finditer(body)]
    if [name for _, name in found] != [b"Page"]:
        return False
    before = body[: found[0][0]]
    return before.count(b"<<") - before.count(b">>") == 1  # the dictionary's own /Type


def page_refs(doc: Any) -> list[tuple[int, dict[Any, Any]]] | None:
    """The object number and attributes of every page, in the order of pdfminer's own walk of
    the page tree (:class:`PageWalk` to the end), without building the pages; None when the
    catalog has no ``/Pages`` (pdfminer then scans the document's objects for pages)."""
    if "Pages" not in doc.catalog:
        return None
    walk = PageWalk(doc)
    walk.reach(-1)
    return [walk.ref(i) for i in range(len(walk.refs))]
