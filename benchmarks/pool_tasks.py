"""Tasks for bench_worker_pool.py, importable by name in every pool's workers.

Each worker imports ``pdfcore.errors`` (as every engine worker must, to send our errors back),
so the pools start from the same baseline.
"""

from __future__ import annotations

import ctypes
import os
import time

import pdfcore.errors  # noqa: F401 - the baseline every engine worker loads


def echo(value: object) -> object:
    return value


def pid(_: object = None) -> int:
    return os.getpid()


def sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def segfault(_: object = None) -> None:
    """Dies as pdfium does on a hostile file: a segmentation fault in C."""
    ctypes.string_at(0)


def hang(_: object = None) -> None:
    while True:
        time.sleep(1)
