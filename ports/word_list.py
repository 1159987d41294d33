"""WordList: the common words of English, for telling a compound's hyphen from a word's break."""

from __future__ import annotations

from typing import Protocol


class WordList(Protocol):
    """Whether a word is a common word of written English.

    Contract:

    - ``knows(word)``: ``word`` is lowercase letters (no spaces, digits or hyphens); the answer
      is whether it is one of the common words of English as written (inflected forms included:
      ``sourced``, ``scoring``), not whether it is a word at all. A rare word may be unknown.
    - The list loads on the first call (cheap to construct); ``warm()`` loads it early.
    - Thread-safe once loaded; loading happens once, under a lock.

    Errors that may escape: ``backend_unavailable`` (the list's data is missing), from the
    constructor or the first call.
    """

    def knows(self, word: str) -> bool: ...
