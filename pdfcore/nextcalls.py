"""The next calls pdfcore's answers name, said for the surface that answers: the full MCP
profile, the compact one, or the command line. One table says what exists where.

Texts that name a call (an error's recovery, a truncation note, an info's ``next_calls``) are
written with :func:`call` markers instead of tool names, and :func:`render` says them for a
surface: ``call("read_pages", pages="3-5")`` is ``pdf_read_pages(path, pages='3-5')`` in the full
profile, ``read_pdf(source, pages='3-5')`` in the compact one and ``pdfcore read FILE --pages
3-5`` on the command line. A part of a text that only makes sense where a call exists is marked
with :func:`where` and left out on a surface that lacks the call (the compact profile has no
``pdf_list_documents``: "Check the path; call pdf_list_documents to see readable files." is
"Check the path." there).

The surface is the one a call is answered on: :data:`SURFACE` (a context variable; the MCP
server sets it per profile for each call, the command line for the process; the Python API is
the full profile's). Errors keep their texts with the markers and say them when they are read
(:class:`pdfcore.errors.PdfcoreError`), so an error raised in an engine worker process is said
for the surface that reports it; :func:`answering` also pins the surface on the errors a block
raises, for the errors read after it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

SURFACES = ("full", "compact", "cli")

#: The surface answering the current call.
SURFACE: ContextVar[str] = ContextVar("pdfcore_surface", default="full")

#: What each surface offers, by action: how to say the call there, or None where it does not
#: exist. ``{name}`` fields are the call's arguments (a missing one shows as its placeholder).
TABLE: Mapping[str, Mapping[str, str | None]] = {
    "info": {"full": "pdf_info({path})", "compact": "read_pdf({path})", "cli": "pdfcore info {path}"},
    "page_labels": {
        "full": "pdf_info({path}) (its page_labels)",
        "compact": "read_pdf({path}) (each page's first line, and the map, show its printed label)",
        "cli": "pdfcore info {path} (its labels line)",
    },
    "toc": {
        "full": "pdf_get_toc({path})",
        "compact": "read_pdf({path}) (the map's outline)",
        "cli": "pdfcore toc {path}",
    },
    "read_pages": {
        "full": "pdf_read_pages({path}, pages='{pages}')",
        "compact": "read_pdf({path}, pages='{pages}')",
        "cli": "pdfcore read {path} --pages {pages}",
    },
    "read_all": {
        "full": "pdf_read_all({path})",
        "compact": "read_pdf({path}, pages='1-')",
        "cli": "pdfcore read {path}",
    },
    "ocr": {
        "full": "pdf_read_pages({path}, pages='{pages}', ocr=true)",
        "compact": "read_pdf({path}, pages='{pages}', ocr=true)",
        "cli": "pdfcore read {path} --pages {pages} --ocr",
    },
    "render": {
        "full": "pdf_render_pages({path}, pages='{pages}')",
        "compact": "render_pdf({path}, pages='{pages}')",
        "cli": "pdfcore render {path} --pages {pages}",
    },
    "render_clip": {
        "full": "pdf_render_pages({path}, pages='{pages}', clip={clip})",
        "compact": "render_pdf({path}, pages='{pages}', region={clip})",
        "cli": "pdfcore render {path} --pages {pages} --clip {clip_csv}",
    },
    "render_dpi": {
        "full": "pdf_render_pages({path}, pages='{pages}', dpi={dpi})",
        "compact": None,
        "cli": "pdfcore render {path} --pages {pages} --dpi {dpi}",
    },
    "render_ref": {
        "full": "pdf_render_pages({path}, ref='{ref}')",
        "compact": "render_pdf({path}, ref='{ref}')",
        "cli": None,
    },
    "search": {
        "full": "pdf_search({path}, query='{query}')",
        "compact": "search_pdf({path}, query='{query}')",
        "cli": "pdfcore search {path} '{query}'",
    },
    "search_pages": {
        "full": "pdf_search({path}, query, pages='{pages}')",
        "compact": "search_pdf({path}, query, pages='{pages}')",
        "cli": "pdfcore search {path} QUERY --pages {pages}",
    },
    "verify": {
        "full": "pdf_verify_quote({path}, text)",
        "compact": "search_pdf({path}, query='\"a distinctive phrase of the quote\"')",
        "cli": "pdfcore verify {path} QUOTE",
    },
    "hidden_text": {
        "full": "pdf_info({path}, content_trust=true, detail=true)",
        "compact": None,
        "cli": "pdfcore info {path} --content-trust --detail",
    },
    "attachments": {"full": "pdf_attachments({path})", "compact": None, "cli": "pdfcore attachments {path}"},
    "attachment": {
        "full": "pdf_attachments({path}, attachment={which})",
        "compact": "read_pdf({path}, attachment='{which}')",
        "cli": "pdfcore attachments {path} --get {which}",
    },
    "save_attachment": {
        "full": "the command line: pdfcore attachments FILE --get {which} -o DIR",
        "compact": "the command line: pdfcore attachments FILE --get {which} -o DIR",
        "cli": "pdfcore attachments {path} --get {which} -o DIR",
    },
    "form_data": {"full": "pdf_annotations({path})", "compact": None, "cli": None},
    "chart": {"full": "pdf_extract_chart({path}, page={page})", "compact": None, "cli": "pdfcore chart {path} {page}"},
    "list_documents": {"full": "pdf_list_documents()", "compact": None, "cli": None},
    "server_info": {"full": "server_info()", "compact": None, "cli": None},
    "corpus_search": {
        "full": "pdf_corpus_search({folder}, query)",
        "compact": None,
        "cli": "pdfcore corpus-search {folder} QUERY",
    },
    "corpus_overview": {"full": "pdf_corpus_overview({folder})", "compact": None, "cli": None},
    "corpus_warm": {"full": "pdf_corpus_warm({folder})", "compact": None, "cli": "pdfcore warm {folder}"},
}

#: Placeholders for arguments a text does not give.
_DEFAULTS = {
    "pages": "N",
    "query": "...",
    "ref": "...",
    "which": "N",
    "page": "N",
    "dpi": "100",
    "clip": "[0, 0, 1, 0.5]",
}

_CALL_OPEN, _CALL_CLOSE = "\u27ea", "\u27eb"  # ⟪ ⟫
_PART_OPEN, _PART_CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧
_CALL = re.compile(_CALL_OPEN + r"(\w+)(?: (\{.*?\}))?" + _CALL_CLOSE)
_PART = re.compile(_PART_OPEN + "(.*?)" + _PART_CLOSE, re.S)


def call(action: str, **args: Any) -> str:
    """A marker for the call ``action`` with ``args``, said by :func:`render` for a surface."""
    if action not in TABLE:
        raise KeyError(f"unknown next call {action!r}")
    body = action + (" " + json.dumps(args, ensure_ascii=False, sort_keys=True) if args else "")
    return _CALL_OPEN + body + _CALL_CLOSE


def where(text: str) -> str:
    """``text`` kept only on surfaces that have every call it names."""
    return _PART_OPEN + text + _PART_CLOSE


def has(action: str, surface: str | None = None) -> bool:
    """Whether ``surface`` (default: the current one) has the call ``action``."""
    return TABLE[action].get(surface or SURFACE.get()) is not None


#: How each surface names the document (``path``) and a folder when a text does not.
_DOCUMENT = {"full": "path", "compact": "source", "cli": "FILE"}
_FOLDER = {"full": "folder", "compact": "folder", "cli": "DIR"}


def say(action: str, surface: str | None = None, **args: Any) -> str | None:
    """How ``surface`` (default: the current one) says the call; None where it does not exist."""
    surface = surface or SURFACE.get()
    template = TABLE[action].get(surface)
    if template is None:
        return None
    values = {
        **_DEFAULTS,
        "path": _DOCUMENT[surface],
        "folder": _FOLDER[surface],
        **{k: v for k, v in args.items() if v is not None},
    }
    if "clip" in args and isinstance(args["clip"], (list, tuple)):
        values["clip_csv"] = ",".join(str(v) for v in args["clip"])
    values.setdefault("clip_csv", "0,0,1,0.5")
    return template.format(**values)


def render(text: str, surface: str | None = None) -> str:
    """``text`` with its markers said for ``surface`` (default: the current one): parts naming a
    call the surface lacks are left out; a lone call the surface lacks is left out too (the
    tests hold every text to naming only calls each surface has, or marking them)."""
    if _CALL_OPEN not in text and _PART_OPEN not in text:
        return text
    surface = surface or SURFACE.get()

    def part(m: re.Match[str]) -> str:
        inner = m.group(1)
        if all(has(a, surface) for a, _ in _CALL.findall(inner)):
            return inner
        return ""

    def one(m: re.Match[str]) -> str:
        args = json.loads(m.group(2)) if m.group(2) else {}
        return say(m.group(1), surface, **args) or ""

    out = _CALL.sub(one, _PART.sub(part, text))
    return re.sub(r" {2,}", " ", out).replace(" .", ".").replace(" ,", ",").replace(" ;", ";")


def calls_named(text: str) -> list[str]:
    """The actions ``text`` marks (for the tests of the table)."""
    return [a for a, _ in _CALL.findall(text)]


@contextmanager
def answering(surface: str) -> Iterator[None]:
    """Answer the block for ``surface``: texts made meanwhile name its calls, and the errors it
    raises keep naming them when read later."""
    from pdfcore.errors import PdfcoreError

    if surface not in SURFACES:
        raise ValueError(f"unknown surface {surface!r}")
    token = SURFACE.set(surface)
    try:
        yield
    except PdfcoreError as exc:
        exc.surface = surface
        raise
    finally:
        SURFACE.reset(token)
