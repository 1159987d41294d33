"""pdfcore: complete, fast, safe and honest access to PDFs for LLM agents.

    >>> import pdfcore
    >>> core = pdfcore.build()
    >>> core.info("paper.pdf").page_count

``pdfcore.build(settings=None, **overrides)`` assembles the library from configured backends;
every method of the returned :class:`~pdfcore.api.Pdfcore` raises :class:`PdfcoreError`
subclasses with stable ``code`` values on failure.
"""

from __future__ import annotations

from pdfcore._layout_check import check_components as _check_components
from pdfcore._version import __version__

_check_components()

from typing import TYPE_CHECKING  # noqa: E402

from pdfcore._lazy import lazy_attributes  # noqa: E402
from pdfcore.errors import PdfcoreError  # noqa: E402

if TYPE_CHECKING:
    from pdfcore.api import Pdfcore
    from pdfcore.bootstrap import build
    from pdfcore.config import Settings, load_settings

__all__ = ["Pdfcore", "PdfcoreError", "Settings", "__version__", "build", "load_settings"]

# The API and its services load on first use, so that importing a light module of the package
# (pdfcore.errors, pdfcore.models: what engine worker processes need) stays cheap.
_LAZY = {
    "Pdfcore": "pdfcore.api",
    "build": "pdfcore.bootstrap",
    "Settings": "pdfcore.config",
    "load_settings": "pdfcore.config",
}


__getattr__ = lazy_attributes(__name__, _LAZY)
