"""Page selectors: ``"1-5,10,15-20"``, open ranges (``"5-"``), ``"last"``, and printed labels.

Parsing is separate from resolution: :func:`parse` checks the syntax, :func:`resolve` checks
against a document (page count and labels) and returns sorted 0-based indexes without
duplicates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import frozen

from pdfcore.errors import InvalidArgument, PageOutOfRange

MAX_SPEC_LENGTH = 2000
_NUM = re.compile(r"^\d{1,9}$")


@frozen
class Term:
    """One comma-separated term: a number, a range, ``last`` or a label."""

    start: int | str | None
    end: int | str | None
    is_range: bool
    raw: str = ""


def parse(spec: str | int) -> tuple[Term, ...]:
    if isinstance(spec, bool):
        raise InvalidArgument("pages must be a string like '1-5,10' or a page number.")
    if isinstance(spec, int):
        spec = str(spec)
    if not isinstance(spec, str):
        raise InvalidArgument("pages must be a string like '1-5,10' or a page number.")
    s = spec.strip()
    if not s:
        raise InvalidArgument("pages is empty; pass e.g. '1', '1-5' or '1-5,10,15-20'.")
    if len(s) > MAX_SPEC_LENGTH:
        raise InvalidArgument(f"pages is longer than {MAX_SPEC_LENGTH} characters; ask for fewer ranges.")
    terms: list[Term] = []
    for raw in s.split(","):
        part = raw.strip()
        if not part:
            raise InvalidArgument(f"pages {spec!r} has an empty term; write e.g. '1-5,10'.")
        if part.startswith("-"):
            raise InvalidArgument(f"pages {spec!r}: '{part}' is not a page; pages are 1-based, e.g. '1-5'.")
        if "-" in part:
            a, b = (x.strip() for x in part.split("-", 1))
            terms.append(Term(_atom(a, spec), _atom(b, spec) if b else None, True, part))
        else:
            terms.append(Term(_atom(part, spec), None, False, part))
    return tuple(terms)


def _atom(token: str, spec: str) -> int | str:
    if _NUM.match(token):
        n = int(token)
        if n < 1:
            raise PageOutOfRange(f"pages {spec!r}: page {n} does not exist; pages are numbered from 1.")
        return n
    if token.lower() == "last":
        return "last"
    if re.fullmatch(r"[\w.\-]{1,40}", token):
        return token  # a printed page label, resolved against the document
    raise InvalidArgument(f"pages {spec!r}: '{token}' is neither a page number nor a page label.")


def single_page(spec: object) -> int | None:
    """The 0-based index when ``spec`` is exactly one page number (``"7"`` or ``7``), else None
    (a range, a list, ``last``, a label, or anything :func:`parse` refuses)."""
    if not isinstance(spec, (str, int)):
        return None
    try:
        terms = parse(spec)
    except (InvalidArgument, PageOutOfRange):
        return None
    if len(terms) != 1 or terms[0].is_range or not isinstance(terms[0].start, int):
        return None
    return terms[0].start - 1


def resolve(spec: str | int, page_count: int, labels: Sequence[str | None] = ()) -> list[int]:
    """Sorted, de-duplicated 0-based indexes for ``spec`` on a document of ``page_count`` pages."""
    terms = parse(spec)
    out: set[int] = set()
    label_index = {lab: i for i, lab in reversed(list(enumerate(labels))) if lab}
    for t in terms:
        if t.raw in label_index and not _NUM.match(t.raw):
            out.add(label_index[t.raw])
        elif t.is_range:
            a = _number(t.start, page_count, label_index, spec) if t.start is not None else 1
            b = _number(t.end, page_count, label_index, spec) if t.end is not None else page_count
            if a > b:
                raise InvalidArgument(f"pages {spec!r}: range {a}-{b} runs backwards; write {b}-{a}.")
            out.update(range(a - 1, b))
        else:
            out.add(_number(t.start, page_count, label_index, spec) - 1)
    return sorted(out)


def _number(atom: int | str | None, page_count: int, labels: dict[str, int], spec: str | int) -> int:
    if atom == "last":
        if page_count < 1:
            raise PageOutOfRange("The document has no pages.")
        return page_count
    if isinstance(atom, int):
        if atom > page_count:
            raise PageOutOfRange(
                f"pages {spec!r}: page {atom} does not exist; the document has {page_count} page(s) "
                f"(valid range 1-{page_count}).",
                details={"page_count": page_count},
            )
        return atom
    if isinstance(atom, str) and atom in labels:
        return labels[atom] + 1
    raise InvalidArgument(
        f"pages {spec!r}: {atom!r} is not a page number or a printed page label of this document.",
        recovery="Use physical page numbers (1-based) or a label listed by pdf_info's page_labels.",
    )


def format_ranges(pages: Sequence[int]) -> str:
    """1-based page numbers folded into a spec: [1,2,3,7] -> '1-3,7'."""
    nums = sorted(set(pages))
    parts: list[str] = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        parts.append(str(nums[i]) if i == j else f"{nums[i]}-{nums[j]}")
        i = j + 1
    return ",".join(parts)
