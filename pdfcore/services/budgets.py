"""Token budgets of answers that are lists of matches (``max_tokens`` of the search tools).

A match costs the estimated tokens of its JSON (the form a client reads it in: keys, excerpt,
geometry); matches are kept in rank order while they fit, the first one always. What was left
out is counted in ``matches_cut_by_tokens``, so an agent knows to ask again with a larger budget
or a narrower query.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import attrs

from pdfcore import telemetry
from pdfcore.errors import InvalidArgument
from pdfcore.serde import unstructure
from pdfcore.tokens import estimate_tokens

R = TypeVar("R")


def check_max_tokens(max_tokens: int | None) -> int | None:
    if max_tokens is None:
        return None
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1:
        raise InvalidArgument("max_tokens must be a positive integer (or omitted).")
    return max_tokens


def match_tokens(match: Any) -> int:
    """The estimated tokens of one match as a client receives it (its JSON)."""
    return estimate_tokens(json.dumps(unstructure(match), ensure_ascii=False, separators=(",", ":")))


def matches_within(result: R, max_tokens: int | None, *, field: str = "matches") -> R:
    """``result`` with its ``field`` list cut to ``max_tokens`` (None: unchanged)."""
    limit = check_max_tokens(max_tokens)
    if limit is None:
        return result
    matches: tuple[Any, ...] = getattr(result, field)
    kept: list[Any] = []
    used = 0
    for match in matches:
        cost = match_tokens(match)
        if kept and used + cost > limit:
            break
        kept.append(match)
        used += cost
    if len(kept) == len(matches):
        return result
    telemetry.cut("max_tokens")
    changes = {field: tuple(kept), "matches_cut_by_tokens": len(matches) - len(kept)}
    return attrs.evolve(result, **changes)  # type: ignore[misc]
