"""A VectorScorer in plain Python (the same rules as the numpy one, row by row)."""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence

from pdfcore.models import Embeddings, VectorSet
from ports.vector_scorer import VectorScorer


def rows(data: bytes, count: int, dimension: int) -> list[tuple[float, ...]]:
    values = struct.unpack(f"<{count * dimension}f", data[: 4 * count * dimension])
    return [values[i * dimension : (i + 1) * dimension] for i in range(count)]


def dot(a: Sequence[float], b: Sequence[float]) -> float:
    return math.fsum(x * y for x, y in zip(a, b, strict=True))


class FakeVectorScorer(VectorScorer):
    name = "fake"

    def __init__(self) -> None:
        self.prepared = 0

    def prepare(self, vectors: VectorSet) -> object:
        self.prepared += 1
        return vectors, rows(vectors.data, len(vectors.spans), vectors.dimension)

    def best_per_page(
        self, prepared: object, query: Embeddings, *, pages: Sequence[int] | None = None
    ) -> dict[int, tuple[float, int]]:
        assert isinstance(prepared, tuple)
        vectors, matrix = prepared
        q = rows(query.data, query.count, query.dimension)[0]
        by_page: dict[int, list[int]] = {}
        for i, span in enumerate(vectors.spans):
            if pages is None or span.page in pages:
                by_page.setdefault(span.page, []).append(i)
        best: dict[int, tuple[float, int]] = {}
        for page, members in by_page.items():
            score, row = max(((dot(matrix[i], q), i) for i in members), key=lambda sr: (sr[0], -sr[1]))
            if len(members) > 1:
                mean = [math.fsum(matrix[i][d] for i in members) / len(members) for d in range(len(q))]
                norm = math.sqrt(math.fsum(v * v for v in mean))
                if norm > 0 and dot(mean, q) / norm > score:
                    score, row = dot(mean, q) / norm, members[0]
            best[page] = (score, row)
        return best
