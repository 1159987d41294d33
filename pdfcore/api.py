"""The public Python API: one object, built by :func:`pdfcore.build`, one method per capability.

Every method takes the document as a local path (relative paths resolve under the first
configured root) or an ``https://`` URL, and an optional ``password``. Page numbers are 1-based.
Methods return frozen result objects (:mod:`pdfcore.results`); ``pdfcore.serde.unstructure``
turns them into the JSON shapes the MCP tools return. Errors are :class:`pdfcore.PdfcoreError`
subclasses with a stable ``code``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence
from typing import Any

from pdfcore import __version__
from pdfcore.charts import ChartResult, ChartService
from pdfcore.config import Settings, to_mapping
from pdfcore.errors import InvalidArgument
from pdfcore.geometry import parse_clip
from pdfcore.models import Clip, DocumentSource
from pdfcore.results import InfoResult, ReadAllResult, ReadPagesResult, RenderResult, TocResult
from pdfcore.services.documents import DocumentService
from pdfcore.services.info import InfoService
from pdfcore.services.quality import finish_page
from pdfcore.services.reading import ReadService
from pdfcore.services.rendering import RenderService
from pdfcore.services.sources import PathPolicy, SourceResolver
from ports.fetcher import Fetcher
from ports.renderer import Renderer
from ports.store import Store
from ports.text_extractor import TextExtractor

log = logging.getLogger(__name__)


def _check_password(password: object) -> str | None:
    if password is None:
        return None
    if not isinstance(password, str):
        raise InvalidArgument("password must be a string.")
    if len(password) > 1024 or "\x00" in password:
        raise InvalidArgument("password is not a usable password (too long or contains NUL).")
    return password


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name} must be true or false.")
    return value


class Pdfcore:
    """pdfcore's capabilities over a set of backends (see :func:`pdfcore.build`)."""

    def __init__(
        self,
        settings: Settings,
        *,
        text: TextExtractor,
        renderer: Renderer,
        store: Store | None = None,
        fetcher: Fetcher | None = None,
        backend_names: dict[str, str] | None = None,
        backend_problems: dict[str, str] | None = None,
        lifecycle: Sequence[Any] = (),
    ) -> None:
        self.settings = settings
        self.text = text
        self.renderer = renderer
        self.store = store
        self.fetcher = fetcher
        self.backend_names = dict(backend_names or {})
        self.backend_problems = dict(backend_problems or {})
        #: Resources with optional warm()/close() (engine worker pools, ...), owned by this object.
        self.lifecycle = list(lifecycle)
        self.policy = PathPolicy.from_settings(settings.paths)
        self.sources = SourceResolver(
            self.policy,
            max_file_bytes=settings.limits.max_file_bytes,
            store=store,
            fetcher=fetcher,
            urls=settings.urls,
            download_dir=os.path.join(settings.cache.dir, "downloads"),
        )
        self.documents = DocumentService(text, store, finish_page)
        self._info = InfoService(self.documents, injection_phrases=settings.content_trust.injection_phrases)
        self._reader = ReadService(
            self.documents,
            max_response_bytes=settings.limits.effective_response_bytes,
            max_pages_per_call=settings.limits.max_pages,
            parallelism=int(getattr(text, "parallelism", 1)),
        )
        self._renderer = RenderService(
            renderer,
            max_pages=settings.limits.max_render_pages,
            byte_budget=settings.limits.render_byte_budget,
        )

    # -- documents -------------------------------------------------------------------------

    def open(self, path: str, password: str | None = None) -> DocumentSource:
        """Resolve ``path`` (policy, existence, fingerprint) without reading pages."""
        return self.sources.resolve(path, _check_password(password))

    def info(
        self, path: str, *, password: str | None = None, detail: bool = False, content_trust: bool = False
    ) -> InfoResult:
        source = self.open(path, password)
        return self._info.info(
            source, detail=_check_bool("detail", detail), trust=_check_bool("content_trust", content_trust)
        )

    def toc(self, path: str, *, password: str | None = None) -> TocResult:
        return self._info.toc(self.open(path, password))

    def read_pages(self, path: str, pages: str | int, *, password: str | None = None) -> ReadPagesResult:
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self._reader.read_pages(source, facts, pages)

    def read_all(
        self, path: str, *, start_page: int = 1, max_pages: int = 50, password: str | None = None
    ) -> ReadAllResult:
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self._reader.read_all(source, facts, start_page=start_page, max_pages=max_pages)

    def render_pages(
        self,
        path: str,
        pages: str | int,
        *,
        dpi: float = 200,
        clip: Sequence[float] | Clip | None = None,
        password: str | None = None,
    ) -> RenderResult:
        region = clip if isinstance(clip, Clip) or clip is None else parse_clip(clip)
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self._renderer.render(source, facts, pages, dpi=dpi, clip=region)

    # -- charts ----------------------------------------------------------------------------

    def extract_chart(
        self,
        path: str,
        page: int,
        *,
        hints: Mapping[str, str] | None = None,
        max_points: int = 24,
        include_render: bool = False,
        password: str | None = None,
    ) -> ChartResult:
        """Data of the vector charts on ``page`` (1-based), calibrated against their tick labels."""
        if isinstance(page, bool) or not isinstance(page, int) or page < 1:
            raise InvalidArgument("page must be a page number (1 or more).")
        include = _check_bool("include_render", include_render)
        source = self.open(path, password)
        return self._charts().extract(source, page - 1, hints=hints, max_points=max_points, include_render=include)

    def _charts(self) -> ChartService:
        service: ChartService | None = getattr(self, "_chart_service", None)
        if service is None:
            from pdfcore.registry import load_class

            vectors = load_class("charts", getattr(self.settings.backends, "charts", "pdfium"))()
            service = ChartService(vectors, self.renderer, byte_budget=self.settings.limits.render_byte_budget)
            self._chart_service = service
        return service

    # -- the server ------------------------------------------------------------------------

    def server_info(self) -> dict[str, Any]:
        s = self.settings
        config = to_mapping(s)
        return {
            "version": __version__,
            "backends": dict(self.backend_names),
            "backend_problems": dict(self.backend_problems),
            "features": {
                "extraction": {
                    "text": {"available": True, "backend": self.backend_names.get("text", "?")},
                    "render": {"available": True, "backend": self.backend_names.get("renderer", "?")},
                },
            },
            "config": {
                "max_response_bytes": s.limits.effective_response_bytes,
                "cache_dir": s.cache.dir,
                "cache_ttl_hours": s.cache.ttl_hours,
                "roots": list(self.policy.roots),
                "effective": config,
            },
        }

    def warm(self) -> None:
        """Start engine workers and load engines now instead of on the first call."""
        specs = [getattr(self.text, "spec", None), getattr(self.renderer, "spec", None)]
        for item in self.lifecycle:
            warm = getattr(item, "warm", None)
            if callable(warm):
                warm(*[s for s in specs if s])

    def close(self) -> None:
        for item in [self.store, *self.lifecycle]:
            closer = getattr(item, "close", None)
            if callable(closer):
                closer()
