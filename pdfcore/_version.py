"""The version of pdfcore (a module of its own: the API reads it without importing the package's
``__init__``, whose lazy names reach the composition root)."""

__version__ = "0.1.0"
