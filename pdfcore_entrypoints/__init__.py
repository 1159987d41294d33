"""The processes pdfcore starts: the ``pdfcore`` command line and the jobs its workers run.

Outermost layer, beside :mod:`mcp_adapter`: code here may call the composition root
(:func:`pdfcore.build`) and the MCP server; nothing in the domain, the ports or the adapters
imports it. The jobs are named by ``"module:function"`` in :mod:`pdfcore.registry` and handed
to the executors by the composition root, so a worker imports them by name.

- :mod:`pdfcore_entrypoints.cli`: ``pdfcore`` (the console script).
- :mod:`pdfcore_entrypoints.warm`: ``warm_document``, the unit of corpus warming, run in a
  :class:`~ports.executor.WarmExecutor`'s workers.
"""

#: Marker checked by ``import pdfcore`` so a foreign top-level ``pdfcore_entrypoints`` package is detected.
__pdfcore_component__ = "pdfcore_entrypoints"
