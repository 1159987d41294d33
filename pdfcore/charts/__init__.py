"""Reading data from born-digital vector charts.

The page's drawing (from a :class:`~ports.vector_source.VectorSource`) is searched for
candidate plot boxes (:mod:`.candidates`) that become panels (:mod:`.panels`) when tick labels
sit along their edges (:mod:`.axes`, calibrated by :mod:`.calibration`); inside a panel the
drawing is grouped into units (:mod:`.units`), a legend (:mod:`.legend`) and series
(:mod:`.series`). Each panel is read by :mod:`.panel_reader`: which y axis a series belongs to
(:mod:`.assignment`: geometry, then text, then the caller's closed-enum hints, :mod:`.hints`,
or a question), its values (:mod:`.values`), the results written out (:mod:`.outputs`); a
chart that cannot be read declines. :mod:`.engine` reads a page; :class:`ChartService` adds the
renders a caller needs to check a reading (the halo of a hint render: :mod:`.halo`).
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
