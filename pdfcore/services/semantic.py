"""Semantic ranking: chunk vectors per document, cosine similarity, page-level scores.

Chunks are overlapping word windows of a page's text (``CHUNK_WORDS`` words, ``OVERLAP`` shared
with the next window); a page-level vector is the normalised mean of its windows, so a page is
scored by the best of its windows and of itself. Vectors are computed on the first semantic query
of a document (or by corpus warming) and kept in the store under ``model|chunking``.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

from attrs import frozen

from pdfcore.models import ChunkSpan, DocumentFacts, DocumentSource, Embeddings, PageText, VectorSet
from ports.embedder import Embedder
from ports.store import Store
from ports.vector_scorer import VectorScorer

CHUNK_WORDS = 160
OVERLAP = 40
CHUNKING = f"w{CHUNK_WORDS}o{OVERLAP}v1"
_WORD = re.compile(r"\S+")
#: CJK text has no spaces: windows of this many characters instead.
CJK_CHARS = 240
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def chunk_page(page: PageText) -> list[ChunkSpan]:
    text = page.text
    if not text.strip():
        return []
    words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    cjk_heavy = len(_CJK.findall(text)) > len(text) / 3
    if cjk_heavy:
        step = CJK_CHARS - CJK_CHARS // 4
        return [ChunkSpan(page.index, a, min(len(text), a + CJK_CHARS)) for a in range(0, len(text), step)]
    spans: list[ChunkSpan] = []
    step = CHUNK_WORDS - OVERLAP
    for i in range(0, len(words), step):
        window = words[i : i + CHUNK_WORDS]
        spans.append(ChunkSpan(page.index, window[0][0], window[-1][1]))
        if i + CHUNK_WORDS >= len(words):
            break
    return spans


@frozen
class PageScore:
    page: int
    score: float
    chunk: ChunkSpan


class SemanticIndex:
    """A document's chunk vectors (made by the Embedder, kept in the Store, scored by the
    VectorScorer); the last ``memory_docs`` documents' vectors stay ready in memory."""

    def __init__(
        self,
        embedder: Embedder,
        store_for: Callable[[DocumentFacts], Store],
        scorer: VectorScorer,
        *,
        memory_docs: int = 32,
    ):
        self.embedder = embedder
        self.store_for = store_for
        self.scorer = scorer
        self._matrices: OrderedDict[tuple[str, str], tuple[object, VectorSet]] = OrderedDict()
        self._lock = threading.Lock()
        self._memory_docs = memory_docs

    @property
    def key(self) -> str:
        return f"{self.embedder.vector_space}|{CHUNKING}"

    @property
    def partial_key(self) -> str:
        """Where the vectors of a document being embedded in the background are kept until the
        last page (see :mod:`pdfcore.services.embedding_jobs`)."""
        return f"{self.key}|partial"

    def has_vectors(self, source: DocumentSource, facts: DocumentFacts) -> bool:
        with self._lock:
            if (source.fingerprint.sha256, self.key) in self._matrices:
                return True
        return self.store_for(facts).load_vectors(source.fingerprint.sha256, self.key) is not None

    def forget(self) -> None:
        """Drop the vectors kept in memory (the cache they came from is being cleared)."""
        with self._lock:
            self._matrices.clear()

    def build(self, pages: Sequence[PageText]) -> VectorSet:
        spans = [s for p in pages for s in chunk_page(p)]
        by_page = {p.index: p for p in pages}
        texts = [by_page[s.page].text[s.start : s.end] for s in spans]
        emb = self.embedder.embed(texts)
        return VectorSet(key=self.key, dimension=emb.dimension, spans=tuple(spans), data=emb.data)

    def vectors(
        self, source: DocumentSource, facts: DocumentFacts, all_pages: Callable[[], dict[int, PageText]]
    ) -> tuple[object, VectorSet]:
        """The document's vectors, ready for :meth:`rank` (made and stored on first use)."""
        cache_key = (source.fingerprint.sha256, self.key)
        with self._lock:
            hit = self._matrices.get(cache_key)
            if hit is not None:
                self._matrices.move_to_end(cache_key)
                return hit
        store = self.store_for(facts)
        vs = store.load_vectors(source.fingerprint.sha256, self.key)
        if vs is None:
            pages = all_pages()
            vs = self.build([pages[i] for i in sorted(pages)])
            store.save_vectors(source.fingerprint.sha256, vs)
        prepared = self.scorer.prepare(vs)
        with self._lock:
            self._matrices[cache_key] = (prepared, vs)
            while len(self._matrices) > self._memory_docs:
                self._matrices.popitem(last=False)
        return prepared, vs

    def query_vector(self, query: str) -> Embeddings:
        return self.embedder.embed_query(query)

    def rank(
        self,
        prepared: object,
        vs: VectorSet,
        query: Embeddings,
        *,
        pages: Sequence[int] | None = None,
    ) -> list[PageScore]:
        """Pages by their best score: the best window, or the page-level (mean) vector."""
        if not vs.spans:
            return []
        best = self.scorer.best_per_page(prepared, query, pages=pages)
        ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))
        return [PageScore(page=p, score=round(s, 4), chunk=vs.spans[i]) for p, (s, i) in ranked]
