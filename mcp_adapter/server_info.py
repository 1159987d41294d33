"""The ``server_info`` tool's answer: what this server can do, assembled from the domain's
capability report (:meth:`pdfcore.api.Pdfcore.capabilities`) and the effective settings.

Nothing here decides availability: a feature is available exactly when the report says its
backend loaded, so a backend that failed or was turned off is never claimed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pdfcore.config import to_mapping

if TYPE_CHECKING:
    from pdfcore.api import Pdfcore
    from pdfcore.results.capabilities import OcrCapability

#: The MCP resources the server serves (see mcp_adapter/resources.py).
RESOURCES = ["pdf://info/{+path}", "pdf://text/{page}/{+path}", "pdf://image/{page}/{+path}"]
CORPUS_TOOLS = ["pdf_corpus_warm", "pdf_corpus_overview", "pdf_corpus_search", "pdf_list_documents"]


def _ocr(ocr: OcrCapability) -> dict[str, Any]:
    if not ocr.available:
        return {"available": False, "reason": ocr.reason, "install": ocr.install}
    return {"available": True, "engine": ocr.engine, "languages": ocr.languages}


def server_info_answer(core: Pdfcore) -> dict[str, Any]:
    caps = core.capabilities()
    s = core.settings
    semantic = "semantic" in caps.search_modes
    return {
        "version": caps.version,
        "backends": dict(caps.backends),
        "backend_problems": dict(caps.backend_problems),
        "features": {
            "extraction": {
                "text": {"available": True, "backend": caps.backends.get("text", "?")},
                "render": {"available": True, "backend": caps.backends.get("renderer", "?")},
                "hidden_text": {
                    "available": True,
                    "description": "invisible, tiny, transparent, white-on-white and off-page text is "
                    "flagged on every read (pdf_info content_trust=true for the report)",
                },
                "ocr": _ocr(caps.ocr),
                "tables": {"available": caps.tables},
                "charts": {"available": caps.charts},
                "column_aware": {"available": True},
                "vertical_aware": {"available": True},
                "crash_isolation": {
                    "available": caps.crash_isolation,
                    "description": "the PDF engine runs in worker processes; a crash or hang answers "
                    "extraction_failed and the worker is replaced",
                },
            },
            "agent": {
                "profiles": ["full", "compact"],
                "refs": "durable (stored with the document's content digest)",
                "resources": list(RESOURCES),
                "attachments": {"available": caps.extras},
                "forms_links_annotations": {"available": caps.extras},
                "quote_verification": {"available": True},
                "page_labels": {"available": True},
            },
            "corpus": {
                "tools": list(CORPUS_TOOLS),
                "max_files": None,
                "budget_seconds_range": [1, 300],
                "executor": caps.executor,
                "modes_available": [m for m in caps.search_modes if m != "regex"],
            },
            "search": {
                "modes_available": list(caps.search_modes),
                "default_mode": "auto",
                "granularities": ["page", "section"],
                "cjk_keyword": True,
                "regex": {"page_seconds": 0.5, "call_seconds": 5.0},
                "index": "persistent" if caps.persistent_index else "per-process",
                **(
                    {"embedding_model": caps.embedding_model, "auto": "hybrid (keyword + semantic, RRF)"}
                    if semantic
                    else {"semantic_unavailable_reason": caps.semantic_problem, "auto": "keyword"}
                ),
            },
        },
        "config": {
            "max_response_bytes": s.limits.effective_response_bytes,
            "cache_dir": s.cache.dir,
            "cache_ttl_hours": s.cache.ttl_hours,
            "roots": list(caps.roots),
            "effective": to_mapping(s),
        },
    }
