"""A WordList over a fixed set of words (the contract's rules, no data file)."""

from __future__ import annotations

from collections.abc import Iterable

from ports.word_list import WordList


class FakeWordList(WordList):
    name = "fake"

    def __init__(self, words: Iterable[str] = ()) -> None:
        self.words = frozenset(words)
        self.asked = 0
        self.warmed = 0

    def knows(self, word: str) -> bool:
        self.asked += 1
        return word in self.words

    def warm(self) -> None:
        self.warmed += 1
