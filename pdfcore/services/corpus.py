"""Folders of PDFs: listing, warming within a time budget, overview cards, cross-document search.

Scale: nothing here holds more than one document's pages at a time; listings and cards are
paged (``offset``/``limit``); uncached files are never hashed just to be listed (their digest is
looked up by path, size and mtime). Warming runs through a WarmExecutor (local worker processes
or a Dask cluster), smallest files first, and resumes where an earlier budget stopped because
warmed documents come from the cache.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from attrs import frozen

from pdfcore.errors import InvalidArgument, PdfcoreError
from pdfcore.models import DocumentFacts, DocumentSource, Fingerprint, KeywordOutcome, WarmJob, WarmOutcome
from pdfcore.results.corpus import (
    CorpusMatch,
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
from pdfcore.services.documents import DocumentService
from pdfcore.services.embedding_jobs import EmbeddingJobs
from pdfcore.services.semantic import SemanticIndex
from pdfcore.services.sources import PathPolicy, SourceResolver, list_pdfs
from ports.executor import WarmExecutor
from ports.store import Store

BUDGET_RANGE = (1, 300)
MAX_LIMIT = 1000
IN_PROCESS_BELOW = 3
#: Paths listed per list field of a corpus answer (docs, unprocessed, skipped); the full counts
#: are given beside them, so an answer stays small on a corpus of any size.
MAX_LISTED = 100
MAX_FAILED_REMEMBERED = 100_000
_PLACEHOLDER_TITLE = re.compile(r"^(untitled|pdf document|microsoft word - .*|document\d*|___.*)$", re.IGNORECASE)


@frozen
class CorpusFile:
    path: str  # as shown (relative to its root when roots are configured)
    real: str
    size: int
    digest: str | None
    mtime_ns: int = 0


def _truncated(*lists: Sequence[object]) -> bool | None:
    """True when a list field of a corpus answer was cut to MAX_LISTED (else omitted)."""
    return True if any(len(x) > MAX_LISTED for x in lists) else None


def _envelope(unprocessed: Sequence[str], skipped: Sequence[Skipped], *other: Sequence[object]) -> dict[str, Any]:
    """The shared list fields of a corpus answer: at most MAX_LISTED paths each, whole counts
    beside them, and ``lists_truncated`` when any list (``other`` included) was cut."""
    return {
        "unprocessed": tuple(unprocessed[:MAX_LISTED]),
        "skipped": tuple(skipped[:MAX_LISTED]),
        "unprocessed_count": len(unprocessed),
        "skipped_count": len(skipped),
        "lists_truncated": _truncated(unprocessed, skipped, *other),
    }


#: Seconds of a corpus search's budget kept for the search after indexing (the executor may
#: take up to its grace past the indexing deadline, ranking and excerpts take the rest).
SEARCH_RESERVE_S = 1.5


def clamp_budget(budget: object) -> int:
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise InvalidArgument("budget_seconds must be a number (1-300).")
    return int(min(BUDGET_RANGE[1], max(BUDGET_RANGE[0], budget)))


def usable_title(metadata: dict[str, str], path: str) -> str:
    title = (metadata.get("title") or "").strip()
    if not title or _PLACEHOLDER_TITLE.match(title):
        return os.path.splitext(os.path.basename(path))[0]
    return title


class CorpusService:
    """Resolves, warms, lists and searches folders of documents.

    ``warm_one(path, embeddings)`` warms one document in this process (few documents, or no
    executor); more go to the WarmExecutor ``executor_factory`` makes, as jobs carrying
    ``job_settings`` (the settings as a mapping)."""

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
        #: The background embedding queue: a search never embeds inside the call.
        self.jobs = jobs
        self.policy = policy
        self.sources = sources
        self.documents = documents
        self.store = store
        self.semantic = semantic
        self.semantic_problem = semantic_problem
        self.warm_one = warm_one
        self.job_settings = job_settings
        self.executor_factory = executor_factory
        self.max_file_bytes = max_file_bytes
        self.confidence_threshold = confidence_threshold
        self._executor: WarmExecutor | None = None
        #: Documents that failed to warm, by (real path, size, mtime): not retried on every call
        #: while unchanged (a password-protected or engine-crashing file), reported as failed.
        self._failed: dict[tuple[str, int, int], WarmOutcome] = {}
        self._failed_lock = threading.Lock()

    # -- resolution ------------------------------------------------------------------------

    def resolve(self, paths: str | Sequence[str], *, recursive: bool) -> tuple[list[CorpusFile], list[Skipped]]:
        if isinstance(paths, str):
            items = [paths]
            single = True
        elif isinstance(paths, (list, tuple)) and all(isinstance(p, str) for p in paths):
            items = list(paths)
            single = False
        else:
            raise InvalidArgument("paths must be a folder or a list of PDF paths.")
        if not items:
            raise InvalidArgument("paths is empty; pass a folder or a list of PDF paths.")
        files: list[CorpusFile] = []
        skipped: list[Skipped] = []
        seen: set[str] = set()
        for item in items:
            if "://" in item[:16]:
                skipped.append(
                    Skipped(
                        item,
                        "url_denied: corpus tools take local paths; fetch the URL with a single-document tool first",
                    )
                )
                continue
            try:
                real = self.policy.resolve(item)
            except PdfcoreError as exc:
                if single:
                    raise
                skipped.append(Skipped(item, f"{exc.code}: {exc.message}"))
                continue
            folder = os.path.isdir(real)
            candidates = list_pdfs(real, recursive=recursive) if folder else [real]
            for cand in candidates:
                if cand in seen:
                    continue
                seen.add(cand)
                try:
                    # A folder's files come from a walk of its real path that follows no links:
                    # one that is not itself a link is already real, so only the policy's
                    # rules are checked (no realpath per file).
                    resolved = folder and not os.path.islink(cand)
                    real_c, shown, size, mtime, digest = self.sources.peek(cand, resolved=resolved)
                except PdfcoreError as exc:
                    if single and not folder:
                        raise
                    skipped.append(Skipped(self.policy.display(cand), f"{exc.code}: {exc.message}"))
                    continue
                if size > self.max_file_bytes:
                    skipped.append(Skipped(shown, "file_too_large: over limits.max_file_bytes"))
                    continue
                files.append(CorpusFile(path=shown, real=real_c, size=size, digest=digest, mtime_ns=mtime))
        if single and not files and not skipped:
            raise InvalidArgument(
                "The folder holds no PDF files.", recovery="Pass a folder with .pdf files, or recursive=true."
            )
        return files, skipped

    def _is_warm(self, f: CorpusFile, embeddings: bool) -> bool:
        if f.digest is None:
            return False
        store = self.store
        if store is None or not store.is_indexed(f.digest):
            return False
        if embeddings:
            index = self.semantic
            return index is not None and store.load_vectors(f.digest, index.key) is not None
        return True

    # -- warming ---------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the executor's workers, when it was started."""
        closer = getattr(self._executor, "close", None)  # an optional hook of the executor
        if callable(closer):
            closer()

    def _executor_for(self) -> WarmExecutor | None:
        if self._executor is None and self.executor_factory is not None:
            self._executor = self.executor_factory()
        return self._executor

    def warm_files(
        self,
        files: list[CorpusFile],
        *,
        budget_seconds: float,
        embeddings: bool,
        progress: Callable[[int, int, str], None] | None = None,
    ) -> tuple[dict[str, WarmOutcome], list[str], int]:
        """Warm what is not warm yet, smallest first, until the budget ends.

        Returns the outcome per real path (cached files included), the paths left unprocessed,
        and how many were warmed in this call.
        """
        deadline = time.monotonic() + budget_seconds
        outcomes: dict[str, WarmOutcome] = {}
        todo: list[CorpusFile] = []
        for f in files:
            with self._failed_lock:
                failed = self._failed.get((f.real, f.size, f.mtime_ns))
            if failed is not None:
                outcomes[f.real] = failed
            elif self._is_warm(f, embeddings):
                outcomes[f.real] = WarmOutcome(path=f.real, status="cached")
            else:
                todo.append(f)
        sizes = {f.real: (f.size, f.mtime_ns) for f in todo}
        todo.sort(key=lambda f: (f.size, f.real))
        total = len(todo)
        finished = 0

        def on_done(o: WarmOutcome) -> None:
            nonlocal finished
            finished += 1
            outcomes[o.path] = o
            if o.status == "failed" and o.error != "resource_limit" and o.path in sizes:
                with self._failed_lock:
                    if len(self._failed) >= MAX_FAILED_REMEMBERED:
                        self._failed.clear()
                    self._failed[(o.path, *sizes[o.path])] = o
            if progress is not None:
                progress(finished, total, o.path)

        executor = self._executor_for() if len(todo) >= IN_PROCESS_BELOW else None
        if executor is not None:
            settings = self.job_settings
            jobs = [WarmJob(path=f.real, settings=settings, embeddings=embeddings) for f in todo]
            executor.run(jobs, deadline=deadline, on_done=on_done)
        else:
            for f in todo:
                if time.monotonic() >= deadline:
                    break
                start = time.monotonic()
                try:
                    res = self.warm_one(f.real, embeddings)
                    o = WarmOutcome(
                        path=f.real,
                        status=res["status"],
                        pages=res["pages"],
                        embeddings_cached=res["embeddings_cached"],
                        seconds=time.monotonic() - start,
                    )
                except PdfcoreError as exc:
                    o = WarmOutcome(path=f.real, status="failed", error=exc.code, message=exc.message)
                on_done(o)
        unprocessed = [f.path for f in todo if f.real not in outcomes]
        warmed = sum(1 for f in todo if f.real in outcomes and outcomes[f.real].status == "warmed")
        return outcomes, unprocessed, warmed

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
        outcomes, unprocessed, warmed = self.warm_files(
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
                pages, emb = self._cached_state(f, embeddings)
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
            executor=self._executor.name if self._executor is not None else "in-process",
            status_counts=counts,
            **_envelope(unprocessed, skipped, docs),
        )

    def _cached_state(self, f: CorpusFile, embeddings: bool) -> tuple[int, bool]:
        store = self.store
        facts = store.load_facts(f.digest) if (store is not None and f.digest) else None
        pages = facts.page_count if facts is not None else 0
        index = self.semantic
        emb = bool(index is not None and store is not None and f.digest and store.load_vectors(f.digest, index.key))
        return pages, emb

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
        offset, limit = _page_args(offset, limit)
        files, skipped = self.resolve(paths, recursive=recursive)
        files.sort(key=lambda f: f.path)
        window = files[offset : offset + limit]
        outcomes, unprocessed, warmed = self.warm_files(window, budget_seconds=budget, embeddings=False)
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
            **_envelope(unprocessed, skipped),
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
        offset, limit = _page_args(offset, limit)
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

    def _without_repeats(self, outcome: KeywordOutcome, source: DocumentSource) -> KeywordOutcome:
        """A document's keyword outcome without the hits only found where a page runs on into a
        next page that matches by itself (see
        :func:`pdfcore.services.keyword_index.without_run_on_repeats`)."""
        from pdfcore.services.keyword_index import page_texts, without_run_on_repeats

        facts, _ = self.documents.facts(source)
        return without_run_on_repeats(outcome, page_texts(self.documents, source, facts))

    def _queue_vectors(
        self,
        by_digest: Mapping[str, tuple[CorpusFile, DocumentSource]],
        kw_lists: Mapping[str, list[tuple[int, float]]],
        *,
        wait_until: float | None,
    ) -> set[str]:
        """The documents (digests) whose vectors are not complete, after handing them to the
        background queue: those with keyword hits run first (the most hits first), their hit
        pages first. With ``wait_until`` (``mode="semantic"``), waits for them until then."""
        semantic = self.semantic
        assert semantic is not None
        missing: dict[str, tuple[DocumentSource, DocumentFacts]] = {}
        for digest, (_f, src) in by_digest.items():
            facts, _ = self.documents.facts(src)
            if not semantic.has_vectors(src, facts):
                missing[digest] = (src, facts)
        jobs = self.jobs
        if not missing or jobs is None:
            return set(missing)
        documents = self.documents
        # The queue runs the document asked for last first.
        order = sorted(missing, key=lambda d: (d in kw_lists, len(kw_lists.get(d, ()))))
        for digest in order:
            src, facts = missing[digest]

            def pages_for(indexes: Sequence[int], src: DocumentSource = src, facts: DocumentFacts = facts) -> Any:
                return documents.pages(src, list(indexes), facts).pages

            jobs.request(src, facts, pages_for, first=[page for page, _ in kw_lists.get(digest, [])])
        if wait_until is not None:
            for digest in reversed(order):
                left = wait_until - time.monotonic()
                if left <= 0:
                    break
                jobs.wait(*missing[digest], seconds=left)
        return {d for d, (src, facts) in missing.items() if not semantic.has_vectors(src, facts)}

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
            self._search(paths, query, mode, top_k, excerpt_style, context_chars, budget_seconds, recursive, progress),
            max_tokens,
        )

    def _search(
        self,
        paths: str | Sequence[str],
        query: str,
        mode: str,
        top_k: int,
        excerpt_style: str,
        context_chars: int,
        budget_seconds: object,
        recursive: bool,
        progress: Callable[[int, int, str], None] | None = None,
    ) -> CorpusSearchResult:
        from pdfcore.services.rank_fusion import fuse_ranks
        from pdfcore.services.search_excerpts import paragraph, run_on_match, snippet
        from pdfcore.services.search_query import content_query, parse_query, relaxed_query

        if mode not in ("auto", "keyword", "semantic"):
            raise InvalidArgument("mode must be one of auto, keyword, semantic.")
        if excerpt_style not in ("snippet", "paragraph"):
            raise InvalidArgument("excerpt_style must be 'snippet' or 'paragraph'.")
        if isinstance(top_k, bool) or not isinstance(top_k, int):
            raise InvalidArgument("top_k must be an integer (1-100).")
        top_k = min(100, max(1, top_k))
        context_chars = min(2000, max(50, int(context_chars)))
        parsed = parse_query(query)
        semantic = self.semantic
        use_semantic = mode == "semantic" or (mode == "auto" and semantic is not None)
        if mode == "semantic" and semantic is None:
            from pdfcore.errors import BackendUnavailable

            raise BackendUnavailable(
                f"Semantic search is not available: {self.semantic_problem}",
                recovery="Use mode='keyword'.",
            )
        budget = clamp_budget(budget_seconds)
        deadline = time.monotonic() + budget
        files, skipped = self.resolve(paths, recursive=recursive)
        # The keyword index only: vectors are made by the background queue, never inside the
        # call (embedding a document takes longer than most budgets; auto never waits for them).
        in_call = use_semantic and self.jobs is None
        # Indexing stops early enough for the search itself to answer within the budget.
        reserve = min(SEARCH_RESERVE_S, 0.3 * budget)
        outcomes, unprocessed, warmed = self.warm_files(
            files, budget_seconds=budget - reserve, embeddings=in_call, progress=progress
        )
        ready: list[tuple[CorpusFile, DocumentSource]] = []
        for f in files:
            o = outcomes.get(f.real)
            if o is None or o.status == "failed":
                if o is not None:
                    skipped.append(Skipped(f.path, f"{o.error}: {o.message}"))
                continue
            if f.digest is not None and o.status == "cached":
                # Checked by the policy and fingerprinted in this call (resolve): no second look.
                fp = Fingerprint(size=f.size, mtime_ns=f.mtime_ns, sha256=f.digest)
                ready.append((f, DocumentSource(path=f.real, fingerprint=fp, display_name=f.path)))
                continue
            try:
                ready.append((f, self.sources.resolve(f.real)))
            except PdfcoreError as exc:
                skipped.append(Skipped(f.path, f"{exc.code}: {exc.message}"))
        by_digest = {src.fingerprint.sha256: (f, src) for f, src in ready}
        store = self.store

        # keyword arm: one index query per term over the whole corpus, ranked per document
        kw_lists: dict[str, list[tuple[int, float]]] = {}
        doc_counts: dict[str, int] = {}
        if mode in ("auto", "keyword") and store is not None:
            many = store.search_keyword_many(list(by_digest), content_query(parsed), limit=top_k)
            for digest, out in many.items():
                out = self._without_repeats(out, by_digest[digest][1])
                kw_lists[digest] = [(h.page, h.score) for h in out.hits]
                doc_counts[digest] = len(out.page_match_counts)
        relaxed = False
        ranked_by = content_query(parsed)  # the query whose matches the keyword arm ranked (for the excerpts)
        if mode in ("auto", "keyword") and not kw_lists and len(parsed.terms) >= 3 and store is not None:
            # No page of any document has every term: pages with any, ranked (as in pdf_search).
            ranked_by = relaxed_query(parsed)
            for digest, out in store.search_keyword_many(list(by_digest), ranked_by, limit=top_k).items():
                out = self._without_repeats(out, by_digest[digest][1])
                kw_lists[digest] = [(h.page, h.score) for h in out.hits]
                doc_counts[digest] = len(out.page_match_counts)
            relaxed = bool(kw_lists)
        # semantic arm: cosine is comparable across documents
        sem_scores: dict[tuple[str, int], tuple[float, Any]] = {}
        semantic_unprocessed: list[str] = []
        if use_semantic and semantic is not None:
            # semantic waits for vectors until the reserve kept for ranking and excerpts.
            wait_until = deadline - reserve if mode == "semantic" else None
            missing = self._queue_vectors(by_digest, kw_lists, wait_until=wait_until)
            # The model is loaded (and, the first time, written) only when some vectors exist.
            qv = semantic.query_vector(query) if len(missing) < len(by_digest) else None
            ranked: list[tuple[float, str, Any]] = []
            for digest, (f, src) in by_digest.items():
                if digest in missing or qv is None:
                    semantic_unprocessed.append(f.path)
                    continue
                facts, _ = self.documents.facts(src)
                matrix, vs = semantic.vectors(src, facts, lambda: {})
                for ps in semantic.rank(matrix, vs, qv)[:top_k]:
                    ranked.append((ps.score, digest, ps))
            ranked.sort(key=lambda t: -t[0])
            sem_ranked = ranked[: top_k * 4]
            for score, digest, ps in sem_ranked:
                sem_scores[(digest, ps.page)] = (score, ps)
            sem_doc_counts: dict[str, int] = {}
            for _s, digest, _ps in ranked[:top_k]:
                sem_doc_counts[digest] = sem_doc_counts.get(digest, 0) + 1
            for d, n in sem_doc_counts.items():
                # a document with keyword matches is counted by them (as pdf_search counts it)
                doc_counts.setdefault(d, n)
        # fuse by rank: the keyword arm by shared-statistics BM25, the semantic arm by cosine
        kw_global = sorted((-score, digest, page) for digest, lst in kw_lists.items() for page, score in lst)
        fused = fuse_ranks(
            [(digest, page) for _neg, digest, page in kw_global],
            sorted(sem_scores, key=lambda k: -sem_scores[k][0]),
        )
        order = sorted(fused, key=lambda k: (-fused[k], k))[:top_k]
        kw_pages = {(d, p) for d, lst in kw_lists.items() for p, _ in lst}
        threshold = self.confidence_threshold
        matches = []
        for digest, page_no in order:
            f, src = by_digest[digest]
            facts, _ = self.documents.facts(src)
            page = self.documents.pages(src, [page_no], facts).pages[page_no]
            info = facts.pages[page_no]
            sem = sem_scores.get((digest, page_no))
            end_page: int | None = None
            if (digest, page_no) in kw_pages:
                hit = store.search_keyword(digest, ranked_by, pages=[page_no], limit=1) if store is not None else None
                spans = hit.hits[0].spans if hit is not None and hit.hits else ()
                run_on = run_on_match(self.documents, src, facts, page, spans, context_chars)
                if run_on is not None:
                    text, pos, _ = run_on
                    end_page = page_no + 2
                elif excerpt_style == "paragraph" and spans:
                    text, pos, _b, _c = paragraph(page, spans, info.width, info.height)
                else:
                    text, pos = "", spans[0][0] if spans else 0
                if not text:
                    a, b = spans[0] if spans else (0, 0)
                    text = snippet(page.text, a, b, context_chars)
                low = False
            else:
                best = sem[1] if sem else None
                pos = best.chunk.start if best else 0
                text = snippet(page.text, pos, best.chunk.end if best else 0, context_chars) if best else ""
                text = text[: 2 * context_chars + 200]
                low = bool(sem and sem[0] < threshold)
            matches.append(
                CorpusMatch(
                    path=f.path,
                    doc_title=usable_title(dict(facts.metadata), f.real),
                    page=page_no + 1,
                    label=info.label if info.label and info.label != str(page_no + 1) else None,
                    excerpt=text,
                    position=pos,
                    score=round(fused[(digest, page_no)], 4),
                    source=page.source,
                    hidden_text=bool(page.hidden),
                    semantic_score=round(sem[0], 4) if (use_semantic and sem) else (0.0 if use_semantic else None),
                    low_confidence=low if use_semantic else None,
                    end_page=end_page,
                )
            )
        counts_named = {by_digest[d][0].path: n for d, n in sorted(doc_counts.items(), key=lambda kv: -kv[1])}
        truncated = len(counts_named) > 500
        if truncated:
            counts_named = dict(list(counts_named.items())[:500])
        search_mode = (
            "hybrid" if (mode == "auto" and semantic is not None) else ("semantic" if mode == "semantic" else "keyword")
        )
        if search_mode == "hybrid" and by_digest and len(semantic_unprocessed) == len(by_digest):
            search_mode = "keyword"  # no document has its vectors yet: the keyword ranking alone
        return CorpusSearchResult(
            matches=tuple(matches),
            total_matches=len(matches),
            doc_match_counts=counts_named,
            search_mode=search_mode,
            excerpt_style=excerpt_style,
            coverage={"searched": len(ready), "corpus": len(files)},
            hidden_text_detected=any(m.hidden_text for m in matches),
            **_envelope(unprocessed, skipped, semantic_unprocessed if use_semantic else ()),
            relaxed_to_or=True if relaxed else None,
            corpus_size=len(files),
            warmed_this_call=warmed,
            budget_exhausted=bool(unprocessed),
            semantic_unprocessed=tuple(semantic_unprocessed[:MAX_LISTED]) if use_semantic else None,
            semantic_pending=True if (use_semantic and semantic_unprocessed and self.jobs is not None) else None,
            all_results_low_confidence=(bool(matches) and all(m.low_confidence for m in matches))
            if use_semantic
            else None,
            confidence_threshold=threshold if use_semantic else None,
            model_name=semantic.embedder.model_name if (use_semantic and semantic is not None) else None,
            semantic_unavailable=True if (mode == "auto" and semantic is None) else None,
            semantic_unavailable_reason=self.semantic_problem if (mode == "auto" and semantic is None) else None,
            doc_match_counts_truncated=True if truncated else None,
        )


def _page_args(offset: object, limit: object) -> tuple[int, int]:
    for name, v in (("offset", offset), ("limit", limit)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise InvalidArgument(f"{name} must be an integer.")
    assert isinstance(offset, int) and isinstance(limit, int)
    return max(0, offset), min(MAX_LIMIT, max(1, limit))
