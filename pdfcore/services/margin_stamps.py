"""Stamps set sideways in a page's outer margin, clear of its upright text (an arXiv identifier
up the left edge, a proof's printing stamp): furniture, found on each page alone (see
:mod:`pdfcore.services.furniture`)."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.geometry import SIDEWAYS, sideways
from pdfcore.models import TextLine

#: A stamp set sideways in the page's outer margin (an arXiv identifier, a proof's "printed
#: by" line): a line set sideways (``pdfcore.geometry.sideways``), of STAMP_CHARS characters or
#: more, within STAMP_EDGE points of the page's left or right edge and clear of the page's
#: upright text by STAMP_CLEAR points, on a page of STAMP_BODY upright lines or more (a short
#: label beside a chart's axis is no stamp).
STAMP_CHARS = 12
STAMP_EDGE = 45.0
STAMP_CLEAR = 1.0
STAMP_BODY = 5


def margin_stamps(lines: Sequence[TextLine], width: float) -> list[TextLine]:
    """Lines set sideways in the page's outer margin, clear of its upright text (see
    ``STAMP_CHARS``): an arXiv identifier up the left edge, a proof's printing stamp."""
    stamps = [ln for ln in lines if sideways(ln.bbox) and len(ln.text.strip()) >= STAMP_CHARS]
    if not stamps:
        return []  # the common case, told before the upright text's extent is measured
    upright = [ln for ln in lines if ln.bbox.y1 - ln.bbox.y0 < SIDEWAYS * (ln.bbox.x1 - ln.bbox.x0)]
    if len(upright) < STAMP_BODY or width <= 0:
        return []
    left = min(ln.bbox.x0 for ln in upright)
    right = max(ln.bbox.x1 for ln in upright)
    return [
        ln
        for ln in stamps
        if (ln.bbox.x1 <= STAMP_EDGE and ln.bbox.x1 <= left - STAMP_CLEAR)
        or (ln.bbox.x0 >= width - STAMP_EDGE and ln.bbox.x0 >= right + STAMP_CLEAR)
    ]
