"""WordList on wordfreq's English list: the ~29,000 words of English seen at least once in a
million words of text (Zipf frequency 3 and over), across the sources wordfreq pools.

Only the list's data file is read (gzip-compressed msgpack: a header, then the words in bands
of falling frequency), found through the package's import spec: importing ``wordfreq`` itself
would load its tokenizers and language tables (about 0.25 s), for nothing used here. Loading
the list takes a few milliseconds, once, on the first look-up.
"""

from __future__ import annotations

import gzip
import importlib.util
import itertools
import threading
from pathlib import Path

from pdfcore.errors import BackendUnavailable
from ports.word_list import WordList

#: The data file of the list read: English, the "small" list (the common words only).
DATA_FILE = ("data", "small_en.msgpack.gz")
#: The list's header as this reader knows it (the format's name and version).
FORMAT = {"format": "cB", "version": 1}


class WordfreqWordList(WordList):
    name = "wordfreq"

    def __init__(self) -> None:
        self._path = _data_path()
        self._words: frozenset[str] | None = None
        self._lock = threading.Lock()

    def knows(self, word: str) -> bool:
        words = self._words
        if words is None:
            words = self._load()
        return word in words

    def warm(self) -> None:
        self._load()

    def _load(self) -> frozenset[str]:
        with self._lock:
            if self._words is None:
                self._words = _read(self._path)
            return self._words


def _data_path() -> Path:
    spec = importlib.util.find_spec("wordfreq")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in folders:
        path = Path(folder).joinpath(*DATA_FILE)
        if path.is_file():
            return path
    raise BackendUnavailable(
        "The English word list (the wordfreq package's data) is not installed.",
        recovery='Reinstall pdfcore (pip install pdfcore installs wordfreq), or set [backends] words = "none".',
    )


def _read(path: Path) -> frozenset[str]:
    import msgpack

    try:
        bands = msgpack.unpackb(gzip.decompress(path.read_bytes()), raw=False)
    except (OSError, ValueError, msgpack.UnpackException) as exc:
        raise BackendUnavailable(f"The English word list could not be read ({type(exc).__name__}).") from exc
    if not isinstance(bands, list) or not bands or bands[0] != FORMAT:
        raise BackendUnavailable("The English word list is in a format this version does not read.")
    return frozenset(itertools.chain.from_iterable(bands[1:]))
