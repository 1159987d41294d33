from __future__ import annotations

import re

from pdfcore import errors

REFERENCE_CODES = {
    "invalid_argument",
    "invalid_cursor",
    "stale_cursor",
    "resource_limit",
    "path_outside_root",
    "file_not_found",
    "not_a_file",
    "unsupported_extension",
    "file_too_large",
    "file_changed",
    "unsupported_for_format",
    "unsupported_platform",
    "malformed_pdf",
    "encrypted_pdf",
    "extraction_failed",
    "ocr_unavailable",
    "ocr_failed",
    "internal_error",
}
OURS = {
    "password_required",
    "password_incorrect",
    "url_denied",
    "fetch_failed",
    "backend_unavailable",
    "unknown_backend",
    "config_invalid",
    "page_out_of_range",
}


def _classes() -> list[type[errors.PdfcoreError]]:
    out, stack = [], [errors.PdfcoreError]
    while stack:
        cls = stack.pop()
        out.append(cls)
        stack.extend(cls.__subclasses__())
    return out


def test_reference_and_own_codes_exist() -> None:
    assert REFERENCE_CODES | OURS <= errors.ALL_CODES


def test_codes_unique_and_snake_case() -> None:
    concrete = [c for c in _classes() if c.code != errors.PdfcoreError.code]
    codes = [c.code for c in concrete]
    assert len(codes) == len(set(codes))
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", c) for c in codes)


def test_every_code_but_internal_has_a_recovery() -> None:
    for cls in _classes():
        if cls.code in (errors.PdfcoreError.code, "internal_error"):
            continue
        assert cls.default_recovery.strip(), cls


def test_wire_shape() -> None:
    exc = errors.PasswordIncorrect("nope")
    d = exc.to_dict()
    assert d["error"] == "password_incorrect" and d["message"] == "nope" and d["recovery"]
    assert isinstance(exc, errors.EncryptedPdf)


def test_docs_list_every_code() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "errors.md").read_text()
    missing = [c for c in errors.ALL_CODES if f"`{c}`" not in doc]
    assert not missing, missing
