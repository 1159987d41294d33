"""The pages of an open pdfplumber document, built one at a time: the page tree is walked once
per document, in pdfminer's own order, instead of building every page first."""

from __future__ import annotations

import weakref
from typing import Any

from pdfcore.errors import PageOutOfRange


def page_at(pdf: Any, index: int) -> Any:
    """Page ``index`` (0-based) of an open pdfplumber document, built alone. The page tree is
    walked once per open document (:func:`page_refs`, kept while the document is) instead of
    building every page first (``pdf.pages`` also resolves each page's resources and contents
    and its label: 0.13 s on a 352-page book against 0.09 s for the walk alone); a document
    without a ``/Pages`` tree is left to ``pdf.pages`` (pdfminer then scans its objects)."""
    refs = REFS.get(pdf)
    if refs is None:
        refs = page_refs(pdf.doc)
        REFS[pdf] = refs
    if refs is None:
        pages = pdf.pages
        count = len(pages)
    else:
        count = len(refs)
    if not 0 <= index < count:
        raise PageOutOfRange(
            f"Page {index + 1} does not exist; the document has {count} page(s).",
            details={"page_count": count},
        )
    if refs is None:
        return pages[index]
    from pdfminer.pdfpage import PDFPage

    from adapters._plumber_chars import LeanPage

    objid, attributes = refs[index]
    return LeanPage(pdf, PDFPage(pdf.doc, objid, attributes, None), page_number=index + 1)


#: The page tree of each open document, walked once (:func:`page_at`).
REFS: weakref.WeakKeyDictionary[Any, list[tuple[int, dict[Any, Any]]] | None] = weakref.WeakKeyDictionary()


def page_refs(doc: Any) -> list[tuple[int, dict[Any, Any]]] | None:
    """The object number and attributes (the inherited ones filled in) of every page, in the
    order of pdfminer's own walk of the page tree (depth first, a node met again skipped, the
    same inheritance and type rules), without building the pages; None when the catalog has
    no ``/Pages`` (pdfminer then scans the document's objects for pages)."""
    from pdfminer import settings
    from pdfminer.pdfpage import LITERAL_PAGE, LITERAL_PAGES, PDFPage
    from pdfminer.pdftypes import dict_value, list_value

    if "Pages" not in doc.catalog:
        return None
    out: list[tuple[int, dict[Any, Any]]] = []
    visited: set[Any] = set()
    stack: list[tuple[Any, dict[Any, Any]]] = [(doc.catalog["Pages"], doc.catalog)]
    while stack:
        obj, parent = stack.pop()
        if isinstance(obj, int):
            objid, node = obj, dict(dict_value(doc.getobj(obj)))
        else:
            objid, node = obj.objid, dict(dict_value(obj))
        if objid in visited:
            continue
        visited.add(objid)
        for key, value in parent.items():
            if key in PDFPage.INHERITABLE_ATTRS and key not in node:
                node[key] = value
        kind = node.get("Type")
        if kind is None and not settings.STRICT:
            kind = node.get("type")
        if kind is LITERAL_PAGES and "Kids" in node:
            stack.extend((kid, node) for kid in reversed(list_value(node["Kids"])))
        elif kind is LITERAL_PAGE:
            out.append((objid, node))
    return out
