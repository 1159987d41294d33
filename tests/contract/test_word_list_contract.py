"""The fake and the wordfreq word list against the same assertions."""

from __future__ import annotations

import pytest

from adapters.wordfreq_words import WordfreqWordList
from ports.word_list import WordList
from tests.fakes.fake_words import FakeWordList

#: Words any list of common English holds, and strings none does.
COMMON = ("outside", "sole", "sourced", "cross", "domain", "interest", "the", "continue")
NOT_WORDS = ("solesourced", "crossdomain", "tinue", "", "Outside", "out-side")


@pytest.fixture(params=["fake", "wordfreq"])
def words(request: pytest.FixtureRequest) -> WordList:
    if request.param == "fake":
        return FakeWordList(COMMON)
    return WordfreqWordList()


@pytest.mark.parametrize("word", COMMON)
def test_common_words_are_known(words: WordList, word: str) -> None:
    assert words.knows(word)


@pytest.mark.parametrize("word", NOT_WORDS)
def test_joined_compounds_fragments_and_other_forms_are_not(words: WordList, word: str) -> None:
    # lowercase letters only are asked: a capital or a hyphen is never a hit
    assert not words.knows(word)


def test_warm_loads_and_answers_stay_the_same(words: WordList) -> None:
    before = words.knows("outside")
    getattr(words, "warm", lambda: None)()
    assert words.knows("outside") is before is True
