from __future__ import annotations

from pathlib import Path

import pytest

from pdfcore.config import MAX_RESPONSE_BYTES, MIN_RESPONSE_BYTES, load_settings
from pdfcore.errors import ConfigInvalid


def _load(tmp_path: Path, toml: str = "", **env: str):  # type: ignore[no-untyped-def]
    cfg = tmp_path / "c.toml"
    cfg.write_text(toml)
    return load_settings(env={"PDFCORE_CONFIG": str(cfg), **env})


def test_defaults(tmp_path: Path) -> None:
    s = _load(tmp_path)
    assert s.limits.max_response_bytes == 200_000
    assert s.server.profile == "full"
    assert s.urls.allow_private_networks is False


def test_file_values(tmp_path: Path) -> None:
    s = _load(tmp_path, '[paths]\nroots = ["/data"]\ndeny = ["*.secret.pdf"]\n[limits]\nmax_response_bytes = 5000\n')
    assert s.paths.roots == ("/data",)
    assert s.limits.max_response_bytes == 5000


@pytest.mark.parametrize(
    ("toml", "needle"),
    [
        ("[paths]\nrots = []\n", "rots"),
        ("[limits]\nmax_response_bytes = 'big'\n", "max_response_bytes"),
        ("[bogus]\nx = 1\n", "bogus"),
        ("[cache]\nttl_hours = 99999\n", "ttl_hours"),
        ("[server]\nprofile = 'tiny'\n", "profile"),
        ("[paths]\nroots = '/data'\n", "roots"),
        ("not toml at all [", "TOML"),
    ],
)
def test_bad_file_names_the_key(tmp_path: Path, toml: str, needle: str) -> None:
    with pytest.raises(ConfigInvalid) as info:
        _load(tmp_path, toml)
    assert needle in info.value.message


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PDFCORE_CACHE_TTL", "24h"),
        ("PDFCORE_CACHE_TTL", "-1"),
        ("PDFCORE_CACHE_TTL", "9000"),
        ("PDFCORE_ALLOW_PRIVATE_NETWORKS", "maybe"),
        ("PDFCORE_MAX_RESPONSE_BYTES", "1e5"),
        ("PDFCORE_PROFILE", "tiny"),
        ("PDFCORE_NO_SUCH_SETTING", "1"),
    ],
)
def test_bad_env_names_the_variable(tmp_path: Path, name: str, value: str) -> None:
    with pytest.raises(ConfigInvalid) as info:
        _load(tmp_path, **{name: value})
    assert name in info.value.message or "profile" in info.value.message


def test_env_overrides_file(tmp_path: Path) -> None:
    s = _load(tmp_path, "[cache]\nttl_hours = 5\n", PDFCORE_CACHE_TTL="7")
    assert s.cache.ttl_hours == 7


def test_explicit_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigInvalid, match="not found"):
        load_settings(env={"PDFCORE_CONFIG": str(tmp_path / "missing.toml")})


def test_response_bytes_clamped(tmp_path: Path) -> None:
    assert _load(tmp_path, "[limits]\nmax_response_bytes = 10\n").limits.effective_response_bytes == MIN_RESPONSE_BYTES
    big = _load(tmp_path, "[limits]\nmax_response_bytes = 99000000\n")
    assert big.limits.effective_response_bytes == MAX_RESPONSE_BYTES


def test_every_registered_backend_has_a_key_and_a_variable(tmp_path: Path) -> None:
    """Each port of the registry is a [backends] key and a PDFCORE_BACKENDS_<PORT> variable, so
    every registered backend can be chosen (the strict config refuses keys it does not know)."""
    from pdfcore.registry import BACKENDS

    for port, table in BACKENDS.items():
        for name in table:
            from_file = _load(tmp_path, f'[backends]\n{port} = "{name}"\n')
            assert getattr(from_file.backends, port) == name
            from_env = _load(tmp_path, **{f"PDFCORE_BACKENDS_{port.upper()}": name})
            assert getattr(from_env.backends, port) == name


def test_backends_variables_cover_every_key(tmp_path: Path) -> None:
    s = _load(tmp_path, PDFCORE_BACKENDS_WORKERS="3", PDFCORE_BACKENDS_ISOLATION="none")
    assert (s.backends.workers, s.backends.isolation) == (3, "none")
    with pytest.raises(ConfigInvalid, match="PDFCORE_BACKENDS_WORKERS"):
        _load(tmp_path, PDFCORE_BACKENDS_WORKERS="many")


def test_two_variables_for_one_key_must_agree(tmp_path: Path) -> None:
    s = _load(tmp_path, PDFCORE_OCR_ENGINE="tesseract", PDFCORE_BACKENDS_OCR="tesseract")
    assert s.backends.ocr == "tesseract"
    with pytest.raises(ConfigInvalid) as info:
        _load(tmp_path, PDFCORE_OCR_ENGINE="tesseract", PDFCORE_BACKENDS_OCR="rapidocr")
    assert "PDFCORE_OCR_ENGINE" in info.value.message and "PDFCORE_BACKENDS_OCR" in info.value.message


def test_early_answers_switch(tmp_path: Path) -> None:
    assert _load(tmp_path).server.early_answers is True
    assert _load(tmp_path, "[server]\nearly_answers = false\n").server.early_answers is False
    assert _load(tmp_path, PDFCORE_SERVER_EARLY_ANSWERS="0").server.early_answers is False
    with pytest.raises(ConfigInvalid, match="early_answers"):
        _load(tmp_path, '[server]\nearly_answers = "no"\n')
