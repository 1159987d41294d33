"""Fetcher: a remote PDF downloaded safely to a local file."""

from __future__ import annotations

from typing import Protocol

from pdfcore.models import FetchedFile


class Fetcher(Protocol):
    """Downloads an ``https://`` URL to a file under ``dest_dir``.

    Contract:

    - Every hop (including redirects) is resolved and every resolved address is checked against
      the deny list before connecting; the checked address is the one connected to.
    - At most ``max_bytes`` are read; a Content-Type on the deny list is refused before any body
      byte is read; a body that does not start with ``%PDF`` is refused unless the Content-Type
      says PDF.
    - The returned file is content-addressed (named by its SHA-256).

    Errors that may escape: ``url_denied``, ``fetch_failed``, ``file_too_large``,
    ``malformed_pdf``.
    """

    def fetch(self, url: str, *, dest_dir: str, max_bytes: int) -> FetchedFile: ...
