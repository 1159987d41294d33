"""An in-memory Store with the port's semantics (digest keys, TTL, facts before pages)."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterable, Sequence

from pdfcore import matching
from pdfcore.models import DocumentFacts, KeywordHit, KeywordOutcome, KeywordQuery, PageText, Ref, StoreStats, VectorSet
from ports.store import Store

_WORD = re.compile(r"\w+")


def stem(word: str) -> str:
    """A crude stemmer with the behaviour the contract asks for (runs/running -> run)."""
    w = word.lower()
    for suffix in ("ning", "ing", "es", "ed", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return w[: -len(suffix)]
    return w


class FakeStore(Store):
    name = "fake"

    def __init__(self, ttl_seconds: int = 3600) -> None:
        self.ttl_seconds = ttl_seconds
        self.paths: dict[str, tuple[int, int, str]] = {}
        self.facts: dict[str, tuple[DocumentFacts, float]] = {}
        self.pages: dict[tuple[str, int], PageText] = {}

    def recall_path(self, path: str, size: int, mtime_ns: int) -> str | None:
        hit = self.paths.get(path)
        return hit[2] if hit and hit[0] == size and hit[1] == mtime_ns else None

    def remember_path(self, path: str, size: int, mtime_ns: int, digest: str) -> None:
        self.paths[path] = (size, mtime_ns, digest)

    def _expired(self, written: float) -> bool:
        return self.ttl_seconds > 0 and time.time() - written > self.ttl_seconds

    def load_facts(self, digest: str) -> DocumentFacts | None:
        hit = self.facts.get(digest)
        if hit is None or self._expired(hit[1]):
            return None
        return hit[0]

    def save_facts(self, digest: str, facts: DocumentFacts) -> None:
        self.facts[digest] = (facts, time.time())

    def load_pages(self, digest: str, indexes: Sequence[int]) -> dict[int, PageText]:
        hit = self.facts.get(digest)
        if hit is None or self._expired(hit[1]):
            return {}
        return {i: self.pages[(digest, i)] for i in indexes if (digest, i) in self.pages}

    def save_pages(self, digest: str, pages: Sequence[PageText]) -> None:
        if digest not in self.facts:
            return
        for p in pages:
            self.pages[(digest, p.index)] = p

    def index_document(self, digest: str, pages: Iterable[PageText]) -> None:
        if digest not in self.facts:
            return
        self.indexed = getattr(self, "indexed", {})
        self.indexed[digest] = {p.index: p.text for p in pages}

    def is_indexed(self, digest: str) -> bool:
        return digest in getattr(self, "indexed", {})

    def search_keyword(
        self, digest: str, query: KeywordQuery, *, pages: Sequence[int] | None = None, limit: int = 10
    ) -> KeywordOutcome:
        texts: dict[int, str] = getattr(self, "indexed", {}).get(digest, {})
        scope = [p for p in sorted(texts) if pages is None or p in set(pages)]
        scored: list[tuple[float, int, list[tuple[int, int]]]] = []
        counts: dict[int, int] = {}
        for p in scope:
            text = texts[p]
            low = text.lower()
            per_term: list[list[tuple[int, int]]] = []
            for t in query.terms:
                words = _WORD.findall(t.text)
                if t.substring:
                    found = [(m.start(), m.end()) for m in re.finditer(re.escape(t.text.lower()), low)]
                elif t.phrase or len(words) > 1:
                    # word for word, whatever stands between the words (as the index tokenizes)
                    pattern = r"\W+".join(rf"\b{re.escape(w.lower())}\b" for w in words)
                    found = [(m.start(), m.end()) for m in re.finditer(pattern, low)]
                else:
                    target = stem(t.text)
                    found = [(m.start(), m.end()) for m in _WORD.finditer(text) if stem(m.group()) == target]
                per_term.append(matching.verified(text, t, found))
            present = [bool(x) for x in per_term]
            if not (all(present) if query.mode == "and" else any(present)):
                continue
            spans = sorted({s for x in per_term for s in x})
            counts[p] = len(spans)
            scored.append((sum(math.log1p(len(x)) for x in per_term), p, spans))
        scored.sort(key=lambda t: (-t[0], t[1]))
        hits = tuple(
            KeywordHit(page=p, score=round(sc, 4), spans=tuple(sp), match_count=counts[p])
            for sc, p, sp in scored[: max(1, limit)]
        )
        return KeywordOutcome(hits=hits, page_match_counts=tuple(sorted(counts.items())), searched_pages=len(scope))

    def search_keyword_many(
        self, digests: Sequence[str], query: KeywordQuery, *, limit: int = 10
    ) -> dict[str, KeywordOutcome]:
        out = {}
        for d in digests:
            if self.is_indexed(d):
                o = self.search_keyword(d, query, limit=limit)
                if o.hits:
                    out[d] = o
        return out

    def replace_refs(self, source: str, refs: Sequence[Ref]) -> None:
        self.refs = getattr(self, "refs", {})
        self.refs[source] = {r.ref: r for r in refs}

    def load_ref(self, source: str, ref: str) -> Ref | None:
        found: Ref | None = getattr(self, "refs", {}).get(source, {}).get(ref)
        return found

    def save_vectors(self, digest: str, vectors: VectorSet) -> None:
        if digest in self.facts:
            self.vectors = getattr(self, "vectors", {})
            self.vectors[(digest, vectors.key)] = vectors

    def load_vectors(self, digest: str, key: str) -> VectorSet | None:
        hit = self.facts.get(digest)
        if hit is None or self._expired(hit[1]):
            return None
        found: VectorSet | None = getattr(self, "vectors", {}).get((digest, key))
        return found

    def stats(self) -> StoreStats:
        return StoreStats(
            total_files=len(self.facts),
            total_pages=len(self.pages),
            total_images=sum(p.image_count for p in self.pages.values()),
            total_embeddings=0,
            total_ocr_pages=sum(1 for p in self.pages.values() if p.source == "ocr"),
            size_bytes=0,
            path=":memory:",
        )

    def clear(self, *, expired_only: bool) -> int:
        victims = [d for d, (_, t) in self.facts.items() if not expired_only or self._expired(t)]
        for d in victims:
            del self.facts[d]
            getattr(self, "indexed", {}).pop(d, None)
            for key in [k for k in getattr(self, "vectors", {}) if k[0] == d]:
                del self.vectors[key]
            for key in [k for k in self.pages if k[0] == d]:
                del self.pages[key]
        if not expired_only:
            self.paths.clear()
        return len(victims)
