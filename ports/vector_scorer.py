"""VectorScorer: cosine similarity of a query against a document's chunk vectors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pdfcore.models import Embeddings, VectorSet


class VectorScorer(Protocol):
    """Scores a document's chunk vectors against a query vector, page by page.

    Contract:

    - Vectors are L2-normalised float32 rows (:class:`VectorSet`, :class:`Embeddings`), so a dot
      product is their cosine similarity.
    - ``prepare(vectors)`` readies one document's vectors for scoring and returns a value only
      this scorer reads; callers keep it while they keep the document's vectors.
    - ``best_per_page(prepared, query, pages=)`` returns, for every page (0-based) holding a
      chunk (only those in ``pages`` when given), ``(score, row)``: the page's best score and
      the row of the chunk it names. A page's score is the best of its chunks' similarities and
      of its page-level vector's (the mean of its chunks' vectors, normalised; named by the
      page's first chunk) when the page has more than one chunk. ``query`` holds one vector.
    - Thread-safe; heavy libraries are imported on first use.

    Errors that may escape: none (a dimension mismatch is a caller's bug).
    """

    def prepare(self, vectors: VectorSet) -> object: ...

    def best_per_page(
        self, prepared: object, query: Embeddings, *, pages: Sequence[int] | None = None
    ) -> dict[int, tuple[float, int]]: ...
