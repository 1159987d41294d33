"""pdfcore: complete, fast, safe and honest access to PDFs for LLM agents.

    >>> import pdfcore
    >>> core = pdfcore.build()
    >>> core.info("paper.pdf").page_count

``pdfcore.build(settings=None, **overrides)`` assembles the library from configured backends;
every method of the returned :class:`~pdfcore.api.Pdfcore` raises :class:`PdfcoreError`
subclasses with stable ``code`` values on failure.
"""

from __future__ import annotations

__version__ = "0.1.0"

from pdfcore._layout_check import check_components as _check_components

_check_components()

from pdfcore.api import Pdfcore  # noqa: E402
from pdfcore.bootstrap import build  # noqa: E402
from pdfcore.config import Settings, load_settings  # noqa: E402
from pdfcore.errors import PdfcoreError  # noqa: E402

__all__ = ["Pdfcore", "PdfcoreError", "Settings", "__version__", "build", "load_settings"]
