"""Adapters of pdfcore: one module per technology and port (``<tech>_<role>.py``).

Modules starting with an underscore are shared plumbing of one technology (e.g. the pdfium lock).
Nothing here is imported until the composition root asks for it by name.
"""

#: Marker checked by ``import pdfcore`` so a foreign top-level ``adapters`` package is detected.
__pdfcore_component__ = "adapters"
