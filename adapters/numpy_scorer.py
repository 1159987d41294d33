"""VectorScorer on numpy: a document's chunk vectors as one float32 matrix.

numpy is imported on first use. ``prepare`` views the stored bytes as a matrix (no copy) and
lists each page's rows once; ``best_per_page`` is one matrix-vector product per query.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from pdfcore.models import Embeddings, VectorSet
from ports.vector_scorer import VectorScorer


@frozen
class _Prepared:
    matrix: Any  # numpy float32, one row per chunk
    page_rows: dict[int, Any]  # page -> numpy row indexes, in chunk order
    page_means: dict[int, tuple[Any, float]]  # page of several chunks -> (mean vector, its norm)


class NumpyVectorScorer(VectorScorer):
    name = "numpy"

    def prepare(self, vectors: VectorSet) -> object:
        import numpy as np

        if not vectors.spans:
            return _Prepared(np.zeros((0, max(1, vectors.dimension)), dtype="<f4"), {}, {})
        matrix = np.frombuffer(vectors.data, dtype="<f4").reshape(len(vectors.spans), vectors.dimension)
        pages = np.fromiter((s.page for s in vectors.spans), dtype=np.int64, count=len(vectors.spans))
        rows = {int(p): np.nonzero(pages == p)[0] for p in np.unique(pages).tolist()}
        means = {}
        for page, page_rows in rows.items():
            if len(page_rows) > 1:
                mean = matrix[page_rows].mean(axis=0)
                means[page] = (mean, float(np.linalg.norm(mean)))
        return _Prepared(matrix, rows, means)

    def best_per_page(
        self, prepared: object, query: Embeddings, *, pages: Sequence[int] | None = None
    ) -> dict[int, tuple[float, int]]:
        import numpy as np

        if not isinstance(prepared, _Prepared):
            raise TypeError("best_per_page takes what this scorer's prepare returned")
        if not prepared.page_rows:
            return {}
        vector = np.frombuffer(query.data, dtype="<f4").reshape(query.count, query.dimension)[0]
        sims = prepared.matrix @ vector
        allowed = set(pages) if pages is not None else None
        best: dict[int, tuple[float, int]] = {}
        for page, rows in prepared.page_rows.items():
            if allowed is not None and page not in allowed:
                continue
            top = int(rows[int(np.argmax(sims[rows]))])
            score, row = float(sims[top]), top
            if page in prepared.page_means:  # the page-level vector: the normalised mean of its chunks
                mean, norm = prepared.page_means[page]
                if norm > 0:
                    page_score = float(mean @ vector) / norm
                    if page_score > score:
                        score, row = page_score, int(rows[0])
            best[page] = (score, row)
        return best
