"""Reciprocal rank fusion: the keyword and semantic rankings of pages made one (hybrid search)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

#: Reciprocal rank fusion: an item scores sum(1 / (RRF_K + rank)) over the rankings. With the
#: customary 60, a page both arms place anywhere in their first 60 outscores either arm's first;
#: with 10, only pages both place in their first 11 do. Measured on the DEV question sets
#: (docs/benchmarks.md, Search): hybrid R@5 single/folder 85.0/75.0 at 60, 86.7/75.0 at 20,
#: 90.0/83.3 at 10 and at 5.
RRF_K = 10
FUSION_DEPTH = 50
K = TypeVar("K")


def fuse_ranks(*rankings: Sequence[K]) -> dict[K, float]:
    """Reciprocal rank fusion of best-first rankings (an item may be missing from some)."""
    fused: dict[K, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            fused[item] = fused.get(item, 0.0) + 1.0 / (RRF_K + rank)
    return fused


def hybrid_order(keyword: Sequence[int], semantic: Sequence[int]) -> list[int]:
    """Pages ranked by hybrid search: the first FUSION_DEPTH of each best-first ranking fused by
    reciprocal rank fusion, best first (ties by page)."""
    fused = fuse_ranks(list(keyword[:FUSION_DEPTH]), list(semantic[:FUSION_DEPTH]))
    return sorted(fused, key=lambda p: (-fused[p], p))
