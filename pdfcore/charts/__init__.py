"""Reading data from born-digital vector charts.

The page's drawing (from a :class:`~ports.vector_source.VectorSource`) is searched for plot
panels with tick-labelled axes (:mod:`.panels`), the plotted geometry is sorted into series
(:mod:`.series`) and calibrated against the tick labels (:mod:`.calibration`); ambiguity is
resolved by geometry, then text, then the caller's closed-enum hints (:mod:`.hints`), or the
chart declines. :class:`ChartService` adds the renders a caller needs to check a reading.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pdfcore._lazy import lazy_attributes

if TYPE_CHECKING:
    from pdfcore.charts.service import ChartService
    from pdfcore.results.charts import ChartResult

__all__ = ["ChartResult", "ChartService"]

# The engine loads on first use: importing the result classes (for schemas) stays light.
_LAZY = {"ChartResult": "pdfcore.results.charts", "ChartService": "pdfcore.charts.service"}


__getattr__ = lazy_attributes(__name__, _LAZY)
