"""The unit of corpus warming, run inside an executor's worker: one document end to end.

``warm_document`` builds (once per worker process) a pdfcore pipeline from the job's settings
through the composition root, with engine isolation off (the worker is the isolation), then
extracts every page, indexes the document and, when asked, computes its vectors: all written to
the shared cache. Its outcome is a small picklable value; the caller reads the results from the
cache. The composition root hands this function to the executor by name
(:data:`pdfcore.registry.WARM_JOB`).
"""

from __future__ import annotations

import json
import time
from typing import Any

from pdfcore.bootstrap import build
from pdfcore.config import settings_from_mapping
from pdfcore.errors import PdfcoreError
from pdfcore.models import WarmJob, WarmOutcome

_CORES: dict[str, Any] = {}


def _core(settings: dict[str, object]) -> Any:
    key = json.dumps(settings, sort_keys=True, default=str)
    core = _CORES.get(key)
    if core is None:
        data = json.loads(key)
        data.setdefault("backends", {})["isolation"] = "none"
        core = build(settings_from_mapping(data, origin="warm job settings"), fetcher=None)
        _CORES[key] = core
    return core


def warm_document(job: WarmJob) -> WarmOutcome:
    start = time.monotonic()
    try:
        core = _core(job.settings)
        outcome = core.services.warm_one(job.path, embeddings=job.embeddings)
    except PdfcoreError as exc:
        return WarmOutcome(
            path=job.path, status="failed", error=exc.code, message=exc.message, seconds=time.monotonic() - start
        )
    return WarmOutcome(
        path=job.path,
        status=outcome["status"],
        pages=outcome["pages"],
        embeddings_cached=outcome["embeddings_cached"],
        seconds=time.monotonic() - start,
    )
