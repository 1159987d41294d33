"""Keyword search over the index: candidate pages from FTS5, BM25 ranking, match spans.

Ranking is BM25 computed here from the document's own statistics (per-page term counts taken
from the index's tokenizer at index time), so a page's rank never depends on what else is
cached; documents searched together share their statistics so that scores compare.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Sequence

from adapters._sqlite_db import chunks
from adapters._sqlite_index import PAGE_BITS, KeywordIndex, page_rowid
from pdfcore import matching
from pdfcore.models import KeywordHit, KeywordOutcome, KeywordQuery, QueryTerm

BM25_K1 = 1.2
BM25_B = 0.75
_MARK_OPEN, _MARK_CLOSE = "\x02", "\x03"


def _fts_string(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


class KeywordSearch(KeywordIndex):
    """Searches one document, or many at once, in the keyword index."""

    def search_keyword(
        self, digest: str, query: KeywordQuery, *, pages: Sequence[int] | None = None, limit: int = 10
    ) -> KeywordOutcome:
        conn = self._conn()
        doc_no = self._doc_no(conn, digest)
        if doc_no is None or not query.terms:
            return KeywordOutcome(hits=(), page_match_counts=(), searched_pages=0)
        lo, hi = page_rowid(doc_no, 0), page_rowid(doc_no + 1, 0) - 1
        # Candidate pages per term (exact tokenizer semantics via FTS5), then AND/OR.
        texts: dict[int, str] = {}
        per_term: list[set[int]] = [
            self._substring_pages(conn, t.text, lo, hi, texts)
            if t.substring
            else self._fts_pages(conn, "pages_fts", _fts_string(t.text), lo, hi)
            for t in query.terms
        ]
        return self._rank(conn, digest, doc_no, query, per_term, texts, pages, limit)

    def search_keyword_many(
        self, digests: Sequence[str], query: KeywordQuery, *, limit: int = 10
    ) -> dict[str, KeywordOutcome]:
        """The same search in many documents with one index query per term (not one per document)."""
        conn = self._conn()
        if not query.terms or not digests:
            return {}
        doc_nos: dict[int, str] = {}
        for chunk in chunks(list(digests), 500):
            marks = ",".join("?" * len(chunk))
            for d, n in conn.execute(
                f"SELECT digest, doc_no FROM documents JOIN doc_index USING(digest) WHERE digest IN ({marks})", chunk
            ):
                doc_nos[int(n)] = str(d)
        mask = (1 << PAGE_BITS) - 1
        per_doc_terms: dict[int, list[set[int]]] = {n: [set() for _ in query.terms] for n in doc_nos}
        for k, t in enumerate(query.terms):
            if t.substring and len(t.text) < 3:
                rows = conn.execute("SELECT rowid, text FROM pages_tri").fetchall()
                hits = [r for r, text in rows if t.text.lower() in str(text).lower()]
            else:
                table = "pages_tri" if t.substring else "pages_fts"
                try:
                    hits = [
                        r
                        for (r,) in conn.execute(
                            f"SELECT rowid FROM {table} WHERE {table} MATCH ?", (_fts_string(t.text),)
                        )
                    ]
                except sqlite3.OperationalError:
                    hits = []
            for rowid in hits:
                n = int(rowid) >> PAGE_BITS
                if n in per_doc_terms:
                    per_doc_terms[n][k].add(int(rowid) & mask)
        # Statistics of the documents searched together, so that scores compare across them.
        stats = {n: self._doc_stats(conn, d) for n, d in doc_nos.items()}
        total_pages = sum(st[0] for st in stats.values() if st is not None)
        total_length = sum(st[0] * st[1] for st in stats.values() if st is not None)
        shared = (
            (
                total_pages,
                total_length / total_pages,
                [sum(len(t[k]) for t in per_doc_terms.values()) for k in range(len(query.terms))],
            )
            if total_pages
            else None
        )
        out: dict[str, KeywordOutcome] = {}
        for n, per_term in per_doc_terms.items():
            if not any(per_term):
                continue
            outcome = self._rank(conn, doc_nos[n], n, query, per_term, {}, None, limit, shared, stats[n])
            if outcome.hits:
                out[doc_nos[n]] = outcome
        return out

    def _rank(
        self,
        conn: sqlite3.Connection,
        digest: str,
        doc_no: int,
        query: KeywordQuery,
        per_term: list[set[int]],
        texts: dict[int, str],
        pages: Sequence[int] | None,
        limit: int,
        shared: tuple[int, float, list[int]] | None = None,
        stats: tuple[int, float] | None = None,
    ) -> KeywordOutcome:
        """Combine per-term candidate pages (AND/OR) and rank them with BM25: document-local,
        or with ``shared`` (pages, mean page length, pages per term) of a set of documents
        searched together. ``stats``: this document's (pages, mean page length), when the
        caller has them already."""
        stats = stats or self._doc_stats(conn, digest)
        if stats is None:
            return KeywordOutcome(hits=(), page_match_counts=(), searched_pages=0)
        n_pages, avgdl = stats
        searched_here = n_pages
        if shared is not None:
            n_pages, avgdl = shared[0], shared[1]
        allowed = set(pages) if pages is not None else None
        searched = len(allowed) if allowed is not None else searched_here
        if not per_term:
            return KeywordOutcome(hits=(), page_match_counts=(), searched_pages=searched)
        stems_by_term = [self.stem(t.text) if not t.substring else [] for t in query.terms]
        # Terms whose occurrences are counted from their spans (each checked: numbers as numbers,
        # see pdfcore.matching): phrases, words the tokenizer splits ("432,148", "e-mail"),
        # terms holding digits, CJK substrings. A one-token word is counted from the page's
        # term counts, which give the number of its spans without reading the page.
        by_spans = [
            k
            for k, (t, stems) in enumerate(zip(query.terms, stems_by_term, strict=True))
            if t.substring or t.phrase or len(stems) != 1 or matching.has_number(t)
        ]
        term_spans: dict[int, dict[int, list[tuple[int, int]]]] = {}
        if by_spans:
            within = _combine(per_term, query.mode, allowed)
            for k in by_spans:
                pages_k = per_term[k] & within if query.mode != "or" else per_term[k]
                if allowed is not None:
                    pages_k &= allowed
                term_spans[k] = self._term_spans(conn, doc_no, query.terms[k], pages_k, texts)
                per_term[k] = {p for p, found in term_spans[k].items() if found}
        candidates = _combine(per_term, query.mode, allowed)
        if not candidates:
            return KeywordOutcome(hits=(), page_match_counts=(), searched_pages=searched)

        # Document-local BM25; a term's frequency on a page is its number of matches there.
        word_stems = [s for k, stems in enumerate(stems_by_term) if k not in term_spans for s in stems]
        tf_rows = self._page_tf(conn, digest, candidates, word_stems)
        scores: dict[int, float] = {}
        counts: dict[int, int] = {}
        for page in candidates:
            length, tf = tf_rows.get(page, (0, {}))
            score = 0.0
            matches = 0
            counted: set[str] = set()  # a stem two words share ("runs running") counts once
            for k, (stems, term_pages) in enumerate(zip(stems_by_term, per_term, strict=True)):
                if k in term_spans:
                    f = len(term_spans[k].get(page, ()))
                else:
                    f = sum(tf.get(s, 0) for s in stems if s not in counted)
                    counted.update(stems)
                dfi = len(term_pages)
                if f <= 0:
                    continue
                if shared is not None:
                    dfi = shared[2][k]
                matches += f
                idf = math.log(1.0 + (n_pages - dfi + 0.5) / (dfi + 0.5))
                norm = 1.0 - BM25_B + BM25_B * (length / avgdl if avgdl > 0 else 1.0)
                score += idf * (f * (BM25_K1 + 1.0)) / (f + BM25_K1 * norm)
            scores[page] = score
            counts[page] = max(1, matches)
        ranked = sorted(candidates, key=lambda p: (-scores[p], p))[: max(1, limit)]
        spans = self._spans(conn, doc_no, query, ranked, term_spans)
        for p in ranked:  # a hit's count is its number of spans, whatever the counts above said
            counts[p] = len(spans.get(p, ())) or counts[p]
        hits = tuple(
            KeywordHit(page=p, score=round(scores[p], 4), spans=spans.get(p, ()), match_count=counts[p]) for p in ranked
        )
        return KeywordOutcome(
            hits=hits,
            page_match_counts=tuple(sorted(counts.items())),
            searched_pages=searched,
        )

    def _term_spans(
        self, conn: sqlite3.Connection, doc_no: int, term: QueryTerm, pages: set[int], texts: dict[int, str]
    ) -> dict[int, list[tuple[int, int]]]:
        """The spans of one term's matches on each of ``pages`` (numbers checked as numbers)."""
        out: dict[int, list[tuple[int, int]]] = {}
        if not pages:
            return out
        if term.substring:
            for p in pages:
                text = texts.get(p)
                if text is None:
                    text = texts[p] = self._page_text(conn, page_rowid(doc_no, p))
                out[p] = matching.verified(text, term, _substring_spans(text, term.text))
            return out
        mask = (1 << PAGE_BITS) - 1
        for chunk in chunks(sorted(pages), 500):
            rowids = [page_rowid(doc_no, p) for p in chunk]
            marks = ",".join("?" * len(rowids))
            try:
                rows = conn.execute(
                    f"SELECT rowid, highlight(pages_fts, 0, '{_MARK_OPEN}', '{_MARK_CLOSE}') FROM pages_fts "
                    f"WHERE pages_fts MATCH ? AND rowid IN ({marks})",
                    (_fts_string(term.text), *rowids),
                ).fetchall()
            except sqlite3.OperationalError:
                rows = []
            for rowid, marked in rows:
                text = str(marked).replace(_MARK_OPEN, "").replace(_MARK_CLOSE, "")
                out[int(rowid) & mask] = matching.verified(text, term, _marked_spans(str(marked)))
        return out

    def _fts_pages(self, conn: sqlite3.Connection, table: str, match: str, lo: int, hi: int) -> set[int]:
        try:
            rows = conn.execute(
                f"SELECT rowid FROM {table} WHERE {table} MATCH ? AND rowid BETWEEN ? AND ?", (match, lo, hi)
            ).fetchall()
        except sqlite3.OperationalError:
            return set()
        mask = (1 << PAGE_BITS) - 1
        return {int(r[0]) & mask for r in rows}

    def _substring_pages(
        self, conn: sqlite3.Connection, needle: str, lo: int, hi: int, texts: dict[int, str]
    ) -> set[int]:
        mask = (1 << PAGE_BITS) - 1
        if len(needle) >= 3:
            return self._fts_pages(conn, "pages_tri", _fts_string(needle), lo, hi)
        # Trigrams cannot index 1-2 character terms: scan this document's CJK pages.
        found: set[int] = set()
        low = needle.lower()
        for rowid, text in conn.execute("SELECT rowid, text FROM pages_tri WHERE rowid BETWEEN ? AND ?", (lo, hi)):
            if low in str(text).lower():
                page = int(rowid) & mask
                found.add(page)
                texts[page] = str(text)
        return found

    def _page_text(self, conn: sqlite3.Connection, rowid: int) -> str:
        row = conn.execute("SELECT text FROM pages_fts WHERE rowid=?", (rowid,)).fetchone()
        return str(row[0]) if row else ""

    def _page_tf(
        self, conn: sqlite3.Connection, digest: str, pages: set[int], terms: Sequence[str]
    ) -> dict[int, tuple[int, dict[str, int]]]:
        """Lengths and the counts of ``terms`` only (json_extract parses in C; no full decode)."""
        out: dict[int, tuple[int, dict[str, int]]] = {}
        terms = list(dict.fromkeys(terms))
        if not terms:
            return {p: (0, {}) for p in pages}
        paths = ", ".join("?" for _ in terms)
        args = ['$."' + t.replace('"', "") + '"' for t in terms]
        for chunk in chunks(sorted(pages), 500):
            marks = ",".join("?" * len(chunk))
            for row in conn.execute(
                f"SELECT page, length, json_extract(tf, {paths}) FROM page_terms WHERE digest=? AND page IN ({marks})",
                (*args, digest, *chunk),
            ):
                page, length, value = row
                if len(terms) == 1:
                    counts = {terms[0]: int(value or 0)}
                else:
                    values = json.loads(value) if value else [None] * len(terms)
                    counts = {t: int(v or 0) for t, v in zip(terms, values, strict=True)}
                out[int(page)] = (int(length), counts)
        return out

    def _spans(
        self,
        conn: sqlite3.Connection,
        doc_no: int,
        query: KeywordQuery,
        pages: list[int],
        term_spans: dict[int, dict[int, list[tuple[int, int]]]],
    ) -> dict[int, tuple[tuple[int, int], ...]]:
        """Character spans of every term's matches in each page's text: the one-token words'
        from one highlight query, the others' as :meth:`_term_spans` found them."""
        out: dict[int, list[tuple[int, int]]] = {p: [] for p in pages}
        word_terms = [t for k, t in enumerate(query.terms) if k not in term_spans]
        if word_terms and pages:
            match = " OR ".join(_fts_string(t.text) for t in word_terms)
            rowids = [page_rowid(doc_no, p) for p in pages]
            marks = ",".join("?" * len(rowids))
            mask = (1 << PAGE_BITS) - 1
            for rowid, marked in conn.execute(
                f"SELECT rowid, highlight(pages_fts, 0, '{_MARK_OPEN}', '{_MARK_CLOSE}') FROM pages_fts "
                f"WHERE pages_fts MATCH ? AND rowid IN ({marks})",
                (match, *rowids),
            ):
                out[int(rowid) & mask].extend(_marked_spans(str(marked)))
        for found in term_spans.values():
            for p in pages:
                out[p].extend(found.get(p, ()))
        return {p: tuple(sorted(set(s))) for p, s in out.items()}


def _marked_spans(marked: str) -> list[tuple[int, int]]:
    """Spans in the unmarked text of every ``\\x02...\\x03`` region of ``highlight()`` output."""
    spans: list[tuple[int, int]] = []
    offset = 0  # markers seen so far (each shifts later positions by one)
    i = marked.find(_MARK_OPEN)
    while i >= 0:
        j = marked.find(_MARK_CLOSE, i)
        if j < 0:
            break
        start = i - offset
        end = j - offset - 1
        spans.append((start, end))
        offset += 2
        i = marked.find(_MARK_OPEN, j)
    return spans


def _combine(per_term: Sequence[set[int]], mode: str, allowed: set[int] | None) -> set[int]:
    """Pages holding every term ("and") or any ("or"), within ``allowed`` when given."""
    pages = set().union(*per_term) if mode == "or" else set.intersection(*per_term)
    return pages & allowed if allowed is not None else pages


def _substring_spans(text: str, needle: str) -> list[tuple[int, int]]:
    low, needle = text.lower(), needle.lower()
    out: list[tuple[int, int]] = []
    start = low.find(needle)
    while start >= 0 and needle:
        out.append((start, start + len(needle)))
        start = low.find(needle, start + len(needle))
    return out
