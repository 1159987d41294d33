"""A corpus's files: folders and lists of paths resolved into the PDFs a corpus call works on,
and the caps and list fields every corpus answer shares.

A folder is walked without following links and each file checked by the path policy; an
uncached file is never hashed just to be listed (its digest is looked up by path, size and
mtime). Answers that grow with a corpus list at most ``MAX_LISTED`` paths per field with the
whole counts beside them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from pdfcore.errors import InvalidArgument, PdfcoreError
from pdfcore.results.corpus import Skipped
from pdfcore.services.sources import PathPolicy, SourceResolver, list_pdfs

BUDGET_RANGE = (1, 300)
MAX_LIMIT = 1000
#: Paths listed per list field of a corpus answer (docs, unprocessed, skipped); the full counts
#: are given beside them, so an answer stays small on a corpus of any size.
MAX_LISTED = 100
_PLACEHOLDER_TITLE = re.compile(r"^(untitled|pdf document|microsoft word - .*|document\d*|___.*)$", re.IGNORECASE)


@frozen
class CorpusFile:
    path: str  # as shown (relative to its root when roots are configured)
    real: str
    size: int
    digest: str | None
    mtime_ns: int = 0


def _truncated(*lists: Sequence[object]) -> bool | None:
    """True when a list field of a corpus answer was cut to MAX_LISTED (else omitted)."""
    return True if any(len(x) > MAX_LISTED for x in lists) else None


def envelope(unprocessed: Sequence[str], skipped: Sequence[Skipped], *other: Sequence[object]) -> dict[str, Any]:
    """The shared list fields of a corpus answer: at most MAX_LISTED paths each, whole counts
    beside them, and ``lists_truncated`` when any list (``other`` included) was cut."""
    return {
        "unprocessed": tuple(unprocessed[:MAX_LISTED]),
        "skipped": tuple(skipped[:MAX_LISTED]),
        "unprocessed_count": len(unprocessed),
        "skipped_count": len(skipped),
        "lists_truncated": _truncated(unprocessed, skipped, *other),
    }


def clamp_budget(budget: object) -> int:
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise InvalidArgument("budget_seconds must be a number (1-300).")
    return int(min(BUDGET_RANGE[1], max(BUDGET_RANGE[0], budget)))


def usable_title(metadata: dict[str, str], path: str) -> str:
    title = (metadata.get("title") or "").strip()
    if not title or _PLACEHOLDER_TITLE.match(title):
        return os.path.splitext(os.path.basename(path))[0]
    return title


def page_args(offset: object, limit: object) -> tuple[int, int]:
    for name, v in (("offset", offset), ("limit", limit)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise InvalidArgument(f"{name} must be an integer.")
    assert isinstance(offset, int) and isinstance(limit, int)
    return max(0, offset), min(MAX_LIMIT, max(1, limit))


def resolve_files(
    policy: PathPolicy,
    sources: SourceResolver,
    paths: str | Sequence[str],
    *,
    recursive: bool,
    max_file_bytes: int,
) -> tuple[list[CorpusFile], list[Skipped]]:
    """The PDFs ``paths`` (one folder or file, or a list of them) name, and the paths skipped
    with the reason. A single path that cannot be used raises its error; in a list it is skipped."""
    if isinstance(paths, str):
        items = [paths]
        single = True
    elif isinstance(paths, (list, tuple)) and all(isinstance(p, str) for p in paths):
        items = list(paths)
        single = False
    else:
        raise InvalidArgument("paths must be a folder or a list of PDF paths.")
    if not items:
        raise InvalidArgument("paths is empty; pass a folder or a list of PDF paths.")
    files: list[CorpusFile] = []
    skipped: list[Skipped] = []
    seen: set[str] = set()
    for item in items:
        if "://" in item[:16]:
            skipped.append(
                Skipped(
                    item,
                    "url_denied: corpus tools take local paths; fetch the URL with a single-document tool first",
                )
            )
            continue
        try:
            real = policy.resolve(item)
        except PdfcoreError as exc:
            if single:
                raise
            skipped.append(Skipped(item, f"{exc.code}: {exc.message}"))
            continue
        folder = os.path.isdir(real)
        candidates = list_pdfs(real, recursive=recursive) if folder else [real]
        for cand in candidates:
            if cand in seen:
                continue
            seen.add(cand)
            try:
                # A folder's files come from a walk of its real path that follows no links:
                # one that is not itself a link is already real, so only the policy's
                # rules are checked (no realpath per file).
                resolved = folder and not os.path.islink(cand)
                real_c, shown, size, mtime, digest = sources.peek(cand, resolved=resolved)
            except PdfcoreError as exc:
                if single and not folder:
                    raise
                skipped.append(Skipped(policy.display(cand), f"{exc.code}: {exc.message}"))
                continue
            if size > max_file_bytes:
                skipped.append(Skipped(shown, "file_too_large: over limits.max_file_bytes"))
                continue
            files.append(CorpusFile(path=shown, real=real_c, size=size, digest=digest, mtime_ns=mtime))
    if single and not files and not skipped:
        raise InvalidArgument(
            "The folder holds no PDF files.", recovery="Pass a folder with .pdf files, or recursive=true."
        )
    return files, skipped
