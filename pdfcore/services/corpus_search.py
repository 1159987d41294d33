"""Searching a corpus: one keyword index query per term over every document (BM25 with the
statistics of the documents searched together), the semantic arm over the documents whose
vectors exist (the others queued for the background embedder), the two fused by rank, and an
excerpt for each match. Documents not indexed yet are indexed first, within the budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pdfcore.errors import InvalidArgument, PdfcoreError
from pdfcore.models import DocumentFacts, DocumentSource, Fingerprint, KeywordOutcome
from pdfcore.results.corpus import CorpusMatch, CorpusSearchResult, Skipped
from pdfcore.services.corpus_files import MAX_LISTED, CorpusFile, clamp_budget, envelope, usable_title
from pdfcore.services.corpus_warming import CorpusWarmer
from pdfcore.services.documents import DocumentService
from pdfcore.services.embedding_jobs import EmbeddingJobs
from pdfcore.services.semantic import SemanticIndex
from pdfcore.services.sources import SourceResolver
from ports.store import Store

#: Seconds of a corpus search's budget kept for the search after indexing (the executor may
#: take up to its grace past the indexing deadline, ranking and excerpts take the rest).
SEARCH_RESERVE_S = 1.5


class CorpusSearch:
    """Searches the files ``resolve(paths, recursive=...)`` names, warmed by ``warmer``."""

    def __init__(
        self,
        resolve: Callable[..., tuple[list[CorpusFile], list[Skipped]]],
        warmer: CorpusWarmer,
        sources: SourceResolver,
        documents: DocumentService,
        store: Store | None,
        *,
        semantic: SemanticIndex | None,
        semantic_problem: str,
        confidence_threshold: float,
        jobs: EmbeddingJobs | None,
    ) -> None:
        self.resolve = resolve
        self.warmer = warmer
        self.sources = sources
        self.documents = documents
        self.store = store
        self.semantic = semantic
        self.semantic_problem = semantic_problem
        self.confidence_threshold = confidence_threshold
        #: The background embedding queue: a search never embeds inside the call.
        self.jobs = jobs

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
        outcomes, unprocessed, warmed = self.warmer.warm_files(
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
            **envelope(unprocessed, skipped, semantic_unprocessed if use_semantic else ()),
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
