"""Defaults of call arguments shared by the API and its services (a light module: the API's
signatures need them before any service is imported)."""

from __future__ import annotations

#: read_pages: characters per call, and per page, before the text is cut (with a notice).
DEFAULT_MAX_CHARS = 200_000
DEFAULT_MAX_CHARS_PER_PAGE = 50_000
#: read_pages / read_all: the formats a page is returned in (the first is the default).
READ_FORMATS = ("text", "markdown")
#: read_pages without pages: documents longer than this get their map instead of their text.
MAP_THRESHOLD_PAGES = 20
