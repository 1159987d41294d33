"""A malformed configuration file or ``PDFCORE_*`` value stops ``pdfcore-mcp`` before it serves:
non-zero exit, one line on stderr naming the key, nothing on stdout (the protocol channel)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _command() -> list[str]:
    script = Path(sys.executable).with_name("pdfcore-mcp")
    return [str(script)] if script.exists() else [sys.executable, "-m", "mcp_adapter"]


def _start(
    tmp_path: Path, toml: str | None, env: dict[str, str], args: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    base["PDFCORE_CACHE_DIR"] = str(tmp_path / "cache")
    if toml is not None:
        cfg = tmp_path / "config.toml"
        cfg.write_text(toml)
        base["PDFCORE_CONFIG"] = str(cfg)
    base.update(env)
    return subprocess.run(
        [*_command(), *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=base, timeout=120
    )


CASES = [
    ("toml-syntax", "[limits\n", {}, ["not valid TOML"]),
    ("unknown-key", "[limits]\nmax_foo = 1\n", {}, ["max_foo", "limits"]),
    ("unknown-section", "[limitz]\nx = 1\n", {}, ["limitz"]),
    ("not-a-table", "server = 1\n", {}, ["[server]"]),
    ("wrong-type", '[limits]\ncall_timeout_seconds = "x"\n', {}, ["call_timeout_seconds"]),
    ("out-of-range", "[limits]\nmax_concurrent_calls = 0\n", {}, ["max_concurrent_calls"]),
    ("list-expected", '[paths]\nroots = "/tmp"\n', {}, ["roots"]),
    ("bad-choice", '[server]\nlog_level = "verbose"\n', {}, ["log_level"]),
    ("bool-expected", '[cache]\nenabled = "yes"\n', {}, ["enabled"]),
    ("env-number", "", {"PDFCORE_CALL_TIMEOUT": "abc"}, ["PDFCORE_CALL_TIMEOUT"]),
    ("env-range", "", {"PDFCORE_MAX_CONCURRENT_CALLS": "1000"}, ["PDFCORE_MAX_CONCURRENT_CALLS"]),
    ("env-log-level", "", {"PDFCORE_LOG_LEVEL": "bogus"}, ["PDFCORE_LOG_LEVEL", "log_level"]),
    ("env-choice", "", {"PDFCORE_ISOLATION": "thread"}, ["PDFCORE_ISOLATION"]),
    ("env-bool", "", {"PDFCORE_CACHE_ENABLED": "maybe"}, ["PDFCORE_CACHE_ENABLED"]),
    ("env-empty", "", {"PDFCORE_ROOTS": ""}, ["PDFCORE_ROOTS"]),
    ("env-unknown", "", {"PDFCORE_MAX_QUEUE": "3"}, ["PDFCORE_MAX_QUEUE"]),
    ("missing-file", None, {"PDFCORE_CONFIG": "/no/such/pdfcore.toml"}, ["configuration file not found"]),
]


@pytest.mark.parametrize(("toml", "env", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_malformed_configuration_stops_startup(
    tmp_path: Path, toml: str | None, env: dict[str, str], expected: list[str]
) -> None:
    out = _start(tmp_path, toml, env)
    assert out.returncode != 0
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pdfcore-mcp: config_invalid: "), out.stderr
    for word in expected:
        assert word in lines[0]


def test_bad_file_named_by_flag(tmp_path: Path) -> None:
    bad = tmp_path / "flag.toml"
    bad.write_text("[limits]\nmax_pages = -1\n")
    out = _start(tmp_path, "", {}, ("--config", str(bad)))
    assert out.returncode != 0 and out.stdout == ""
    assert "max_pages" in out.stderr and "config_invalid" in out.stderr


def test_valid_configuration_starts(tmp_path: Path) -> None:
    """The control: the same launch with a valid file serves until stdin closes, then exits 0."""
    out = _start(tmp_path, "[limits]\nmax_concurrent_calls = 2\n", {"PDFCORE_LOG_LEVEL": "warning"})
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""
