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
from pdfcore.nextcalls import call

MAX_SPEC_LENGTH = 2000
LABEL_RECOVERY = f"Use physical page numbers (1-based) or a printed label as {call('page_labels')} lists them."
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
    """Sorted, de-duplicated 0-based indexes for ``spec`` on a document of ``page_count`` pages.

    How a term is read (``labels``: the printed label of each page, None where it has none):

    - a number alone (``"7"``) and a range of two numbers (``"3-5"``, ``"40-"``) are physical
      pages, whatever the labels say;
    - a term that is exactly one page's printed label (``"iii"``, ``"A-3"``) is that page; a
      label two pages share is refused (the message names the pages) rather than guessed;
    - a range with a printed label at either end (``"iv-2"``, ``"ii-iii"``) is read in labels at
      both ends: a number there is a printed label too, never a physical page. The end is the
      page with that label at or after the start (the start, the one at or before the end); when
      several pages qualify, or none does, the range is refused with the pages that carry the
      label, so that the caller can write physical numbers instead.
    """
    terms = parse(spec)
    out: set[int] = set()
    where: dict[str, list[int]] = {}
    for i, lab in enumerate(labels):
        if lab:
            where.setdefault(lab, []).append(i)
    for t in terms:
        if t.raw in where and not _NUM.match(t.raw) and not _NUM_RANGE.match(t.raw):
            out.add(_one_label(t.raw, where, spec))
        elif t.is_range and _labelled(t):
            a, b = _label_range(t, where, page_count, spec)
            out.update(range(a, b + 1))
        elif t.is_range:
            a = _number(t.start, page_count, spec) if t.start is not None else 1
            b = _number(t.end, page_count, spec) if t.end is not None else page_count
            if a > b:
                raise InvalidArgument(f"pages {spec!r}: range {a}-{b} runs backwards; write {b}-{a}.")
            out.update(range(a - 1, b))
        else:
            out.add(_number(t.start, page_count, spec) - 1)
    return sorted(out)


_NUM_RANGE = re.compile(r"^\s*\d{1,9}\s*-\s*(\d{1,9})?\s*$")


def _labelled(t: Term) -> bool:
    """Whether a range names a printed label (a non-number, non-``last`` end) at either end."""
    return any(isinstance(x, str) and x != "last" for x in (t.start, t.end))


def _pages_text(indexes: Sequence[int]) -> str:
    return ", ".join(str(i + 1) for i in indexes[:10]) + (" ..." if len(indexes) > 10 else "")


def _one_label(label: str, where: dict[str, list[int]], spec: str | int) -> int:
    found = where[label]
    if len(found) > 1:
        raise InvalidArgument(
            f"pages {spec!r}: the printed label {label!r} is on several pages (physical pages "
            f"{_pages_text(found)}); name the page by its physical number.",
            recovery=LABEL_RECOVERY,
            details={"label": label, "pages": [i + 1 for i in found]},
        )
    return found[0]


def _label_range(t: Term, where: dict[str, list[int]], page_count: int, spec: str | int) -> tuple[int, int]:
    """0-based (first, last) of a range read in printed labels (see :func:`resolve`)."""

    def pages_of(label: str) -> list[int]:
        if label not in where:
            raise InvalidArgument(
                f"pages {spec!r}: {label!r} is not a printed page label of this document. In a range with a "
                f"printed label both ends are labels (a number there is not a physical page).",
                recovery=LABEL_RECOVERY,
            )
        return where[label]

    if t.start == "last" or t.end == "last":
        raise InvalidArgument(
            f"pages {spec!r}: 'last' is a physical page; a range with a printed label takes labels at both ends.",
            recovery=LABEL_RECOVERY,
        )
    raw_start, raw_end = (x.strip() for x in t.raw.split("-", 1))
    starts = pages_of(raw_start)
    ends = pages_of(raw_end) if raw_end else [page_count - 1]
    if len(starts) == 1:
        first = starts[0]
        after = [e for e in ends if e >= first]
        if len(after) == 1:
            return first, after[0]
        side, label, found = "end", raw_end, after
    elif len(ends) == 1:
        last = ends[0]
        before = [s for s in starts if s <= last]
        if len(before) == 1:
            return before[0], last
        side, label, found = "start", raw_start, before
    else:
        side, label, found = "start", raw_start, starts
    if not found:
        raise InvalidArgument(
            f"pages {spec!r}: no page labelled {label!r} comes "
            f"{'after' if side == 'end' else 'before'} the other end of the range (the label is on physical "
            f"page(s) {_pages_text(where[label])}).",
            recovery=LABEL_RECOVERY,
        )
    raise InvalidArgument(
        f"pages {spec!r}: the range is ambiguous: its {side}, the printed label {label!r}, names physical pages "
        f"{_pages_text(found)}. Write the range in physical page numbers.",
        recovery=LABEL_RECOVERY,
        details={"label": label, "pages": [i + 1 for i in found]},
    )


def _number(atom: int | str | None, page_count: int, spec: str | int) -> int:
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
    raise InvalidArgument(
        f"pages {spec!r}: {atom!r} is not a page number or a printed page label of this document.",
        recovery=LABEL_RECOVERY,
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
