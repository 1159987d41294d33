"""pdfcore ships five top-level packages; make sure the four besides ``pdfcore`` are ours.

``ports``, ``adapters`` and ``mcp_adapter`` are names other distributions also use
(``pdfcore_entrypoints`` is checked too, so an incomplete install is named). If one of
them is shadowed by a foreign package (earlier on sys.path, or installed over ours), importing
pdfcore fails at once with a message naming the conflict instead of failing obscurely later.
"""

from __future__ import annotations

import importlib

COMPONENTS = ("ports", "adapters", "mcp_adapter", "pdfcore_entrypoints")


class LayoutConflictError(ImportError):
    pass


def check_components() -> None:
    for name in COMPONENTS:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            raise LayoutConflictError(
                f"pdfcore is incomplete: its top-level package {name!r} cannot be imported ({exc}). Reinstall pdfcore."
            ) from exc
        marker = getattr(module, "__pdfcore_component__", None)
        if marker != name:
            where = getattr(module, "__file__", None) or "an unknown location"
            raise LayoutConflictError(
                f"The top-level package {name!r} imported from {where} is not pdfcore's: another "
                f"installed distribution or a folder on sys.path shadows it. Uninstall the conflicting "
                f"package, rename the folder, or run pdfcore in its own virtual environment."
            )
