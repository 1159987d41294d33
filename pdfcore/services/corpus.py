"""Folders of PDFs: listing, warming within a time budget, overview cards, cross-document search.

Scale: nothing here holds more than one document's pages at a time; listings and cards are
paged (``offset``/``limit``); uncached files are never hashed just to be listed (their digest is
looked up by path, size and mtime). Warming runs through a WarmExecutor (local worker processes
or a Dask cluster), smallest files first, and resumes where an earlier budget stopped because
warmed documents come from the cache.

The parts: ``corpus_files`` (paths and folders resolved into files, the caps and list fields
of every answer), ``corpus_warming`` (the warming), ``corpus_search`` (the search); here the
service the API calls, with the overview and the listing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pdfcore.errors import InvalidArgument, PdfcoreError
from pdfcore.results.corpus import (
    CorpusSearchResult,
    DocCard,
    ListedDocument,
    ListResult,
    OverviewResult,
    Skipped,
    WarmDoc,
    WarmResult,
)
from pdfcore.services.budgets import check_max_tokens, matches_within
from pdfcore.services.corpus_files import (
    MAX_LISTED,
    CorpusFile,
    clamp_budget,
    envelope,
    page_args,
    resolve_files,
    usable_title,
)
from pdfcore.services.corpus_search import CorpusSearch
from pdfcore.services.corpus_warming import CorpusWarmer
from pdfcore.services.documents import DocumentService
from pdfcore.services.embedding_jobs import EmbeddingJobs
from pdfcore.services.semantic import SemanticIndex
from pdfcore.services.sources import PathPolicy, SourceResolver, list_pdfs
from ports.executor import WarmExecutor
from ports.store import Store


class CorpusService:
    """Resolves, warms, lists and searches folders of documents.

    ``warm_one(path, embeddings)`` warms one document in this process (few documents, or no
    executor); more go to the WarmExecutor ``executor_factory`` makes, as jobs carrying
    ``job_settings`` (the settings as a mapping): see :class:`CorpusWarmer`. ``jobs`` is the
    background embedding queue: a search never embeds inside the call."""

    def __init__(
        self,
        policy: PathPolicy,
        sources: SourceResolver,
        documents: DocumentService,
        store: Store | None,
        *,
        semantic: SemanticIndex | None,
        semantic_problem: str,
        warm_one: Callable[[str, bool], Mapping[str, Any]],
        job_settings: dict[str, Any],
        executor_factory: Callable[[], WarmExecutor] | None,
        max_file_bytes: int,
        confidence_threshold: float,
        jobs: EmbeddingJobs | None = None,
    ) -> None:
        self.policy = policy
        self.sources = sources
        self.documents = documents
        self.store = store
        self.semantic = semantic
        self.semantic_problem = semantic_problem
        self.max_file_bytes = max_file_bytes
        self.warmer = CorpusWarmer(
            store,
            semantic=semantic,
            warm_one=warm_one,
            job_settings=job_settings,
            executor_factory=executor_factory,
        )
        self.searcher = CorpusSearch(
            self.resolve,
            self.warmer,
            sources,
            documents,
            store,
            semantic=semantic,
            semantic_problem=semantic_problem,
            confidence_threshold=confidence_threshold,
            jobs=jobs,
        )

    # -- resolution ------------------------------------------------------------------------

    def resolve(self, paths: str | Sequence[str], *, recursive: bool) -> tuple[list[CorpusFile], list[Skipped]]:
        return resolve_files(self.policy, self.sources, paths, recursive=recursive, max_file_bytes=self.max_file_bytes)

    # -- warming ---------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the executor's workers, when it was started."""
        self.warmer.close()

    def warm(
        self,
        paths: str | Sequence[str],
        *,
        budget_seconds: object = 45,
        recursive: bool = False,
        embeddings: bool = False,
        progress: Callable[[int, int, str], None] | None = None,
    ) -> WarmResult:
        budget = clamp_budget(budget_seconds)
        if embeddings and self.semantic is None:
            from pdfcore.errors import BackendUnavailable

            raise BackendUnavailable(
                f"Embeddings were asked for but semantic search is unavailable: {self.semantic_problem}",
                recovery="Warm without embeddings, or install pdfcore[semantic].",
            )
        files, skipped = self.resolve(paths, recursive=recursive)
        outcomes, unprocessed, warmed = self.warmer.warm_files(
            files, budget_seconds=budget, embeddings=embeddings, progress=progress
        )
        docs = []
        for f in files:
            o = outcomes.get(f.real)
            if o is None:
                continue
            if o.status == "failed":
                skipped.append(Skipped(f.path, f"{o.error}: {o.message}"))
                continue
            pages, emb = o.pages, o.embeddings_cached
            if o.status == "cached":
                pages, emb = self.warmer.cached_state(f, embeddings)
            docs.append(WarmDoc(path=f.path, status=o.status, pages=pages, embeddings_cached=emb))
        counts: dict[str, int] = {}
        for d in docs:
            counts[d.status] = counts.get(d.status, 0) + 1
        failed = sum(1 for o in outcomes.values() if o.status == "failed")
        if failed:
            counts["failed"] = failed
        docs.sort(key=lambda d: (d.status != "warmed", d.path))
        return WarmResult(
            docs=tuple(docs[:MAX_LISTED]),
            corpus_size=len(files),
            warmed_this_call=warmed,
            budget_exhausted=bool(unprocessed),
            budget_seconds=budget,
            executor=self.warmer.executor_name,
            status_counts=counts,
            **envelope(unprocessed, skipped, docs),
        )

    # -- overview --------------------------------------------------------------------------

    def overview(
        self,
        paths: str | Sequence[str],
        *,
        budget_seconds: object = 45,
        recursive: bool = False,
        offset: int = 0,
        limit: int = 100,
    ) -> OverviewResult:
        budget = clamp_budget(budget_seconds)
        offset, limit = page_args(offset, limit)
        files, skipped = self.resolve(paths, recursive=recursive)
        files.sort(key=lambda f: f.path)
        window = files[offset : offset + limit]
        outcomes, unprocessed, warmed = self.warmer.warm_files(window, budget_seconds=budget, embeddings=False)
        cards = []
        for f in window:
            o = outcomes.get(f.real)
            if o is None:
                continue
            if o.status == "failed":
                skipped.append(Skipped(f.path, f"{o.error}: {o.message}"))
                continue
            try:
                source = self.sources.resolve(f.real)
                facts, _ = self.documents.facts(source)
                pages = self.documents.pages(source, list(range(facts.page_count)), facts).pages
            except PdfcoreError as exc:
                skipped.append(Skipped(f.path, f"{exc.code}: {exc.message}"))
                continue
            with_text = sum(1 for p in pages.values() if p.char_count >= 20)
            coverage = "full" if with_text == facts.page_count else ("none" if with_text == 0 else "partial")
            top = tuple(e.title.strip() for e in facts.outline if e.level == 1 and e.title.strip())[:8]
            cards.append(
                DocCard(
                    path=f.path,
                    title=usable_title(dict(facts.metadata), f.real),
                    pages=facts.page_count,
                    toc_top=top,
                    has_toc=any(e.title.strip() for e in facts.outline),
                    text_coverage=coverage,
                    size_bytes=f.size,
                    from_cache=o.status == "cached",
                )
            )
        nxt = offset + limit if offset + limit < len(files) else None
        return OverviewResult(
            docs=tuple(cards),
            **envelope(unprocessed, skipped),
            corpus_size=len(files),
            warmed_this_call=warmed,
            budget_exhausted=bool(unprocessed),
            offset=offset,
            next_offset=nxt,
        )

    # -- listing ---------------------------------------------------------------------------

    def list_documents(
        self, folder: str | None = None, *, recursive: bool = True, offset: int = 0, limit: int = 100
    ) -> ListResult:
        offset, limit = page_args(offset, limit)
        roots = list(self.policy.roots)
        if folder is None:
            if not roots:
                raise InvalidArgument(
                    "No roots are configured, so there is nothing to list by default.",
                    recovery="Pass a folder, or start the server with --root.",
                )
            folders = roots
        else:
            folders = [self.policy.resolve(folder)]
        reals: list[str] = []
        for d in folders:
            if os.path.isdir(d):
                reals.extend(list_pdfs(d, recursive=recursive))
        reals = sorted(set(reals))
        docs = []
        store = self.store
        for real in reals[offset : offset + limit]:
            try:
                _real, shown, size, _m, digest = self.sources.peek(real)
            except PdfcoreError:
                continue
            facts = store.load_facts(digest) if (store is not None and digest) else None
            docs.append(
                ListedDocument(
                    path=shown,
                    size_bytes=size,
                    cached=facts is not None,
                    indexed=bool(store is not None and digest and store.is_indexed(digest)),
                    pages=facts.page_count if facts is not None else None,
                    title=usable_title(dict(facts.metadata), real) if facts is not None else None,
                )
            )
        nxt = offset + limit if offset + limit < len(reals) else None
        return ListResult(
            documents=tuple(docs),
            total=len(reals),
            offset=offset,
            next_offset=nxt,
            roots=tuple(self.policy.display(r) for r in roots),
        )

    # -- search ----------------------------------------------------------------------------

    def search(
        self,
        paths: str | Sequence[str],
        query: str,
        *,
        mode: str = "auto",
        top_k: int = 10,
        excerpt_style: str = "snippet",
        context_chars: int = 200,
        budget_seconds: object = 45,
        recursive: bool = False,
        max_tokens: int | None = None,
        progress: Callable[[int, int, str], None] | None = None,
    ) -> CorpusSearchResult:
        """Search a folder (or a list of files); with ``max_tokens`` the matches cut to that many
        estimated tokens (the first always kept, ``matches_cut_by_tokens`` counts the rest);
        ``progress(done, total, path)`` hears of each document indexed within ``budget_seconds``."""
        check_max_tokens(max_tokens)
        return matches_within(
            self.searcher.search(
                paths, query, mode, top_k, excerpt_style, context_chars, budget_seconds, recursive, progress
            ),
            max_tokens,
        )
