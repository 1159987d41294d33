"""Progress of a long command on stderr (``pdfcore warm``), drawn by ``rich``.

On a terminal: a live bar with the document being finished, ``done/total``, the rate in
documents per second, the time elapsed and the estimated time left. When stderr is not a
terminal (a log file, a pipe, CI): one plain line per finished document with the same figures,
and no control codes (no carriage returns, no colours). Rate and estimate are rich's (a moving
window of the recent steps).
"""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import IO, Any


def _rate(speed: float | None, unit: str = "docs") -> str:
    return f"{speed:.1f} {unit}/s" if speed else f"- {unit}/s"


def _eta(seconds: float | None) -> str:
    if seconds is None:
        return "ETA -"
    whole = round(seconds)
    return f"ETA {whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class WarmProgress:
    """A context manager whose :meth:`update` is the ``progress`` callback of
    ``Pdfcore.corpus_warm`` (``done, total, path``)."""

    def __init__(self, stream: IO[str] | None = None, *, unit: str = "docs", verb: str = "warm") -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        self.unit, self.verb = unit, verb

        class RateColumn(ProgressColumn):
            def render(self, task: Any) -> Text:
                return Text(_rate(task.speed, unit))

        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        #: A live bar (stderr is a terminal), or plain lines.
        self.live = bool(callable(isatty) and isatty())
        console = Console(file=self.stream, force_terminal=self.live, stderr=stream is None)
        self._progress = Progress(
            TextColumn("{task.description}", markup=False),
            BarColumn(),
            MofNCompleteColumn(),
            RateColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
            disable=not self.live,
            transient=False,
        )
        self._task: Any = None

    def __enter__(self) -> WarmProgress:
        self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._progress.stop()

    def update(self, done: int, total: int, path: str) -> None:
        name = os.path.basename(path)[:40]
        if self._task is None:
            self._task = self._progress.add_task(name, total=total)
        self._progress.update(self._task, completed=done, total=total, description=name)
        if not self.live:
            task = self._progress.tasks[0]
            eta = 0.0 if done >= total else task.time_remaining
            self.stream.write(f"{self.verb} {done}/{total} {name} ({_rate(task.speed, self.unit)}, {_eta(eta)})\n")
            self.stream.flush()
