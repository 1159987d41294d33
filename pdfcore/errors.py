"""The one error tree of pdfcore.

Every failure a caller can act on is a :class:`PdfcoreError` with a class-level stable ``code``
(snake_case, part of the public API: branch on it, never on the message) and a ``recovery``
sentence naming the next call to make. Adapters translate third-party exceptions into these at
one boundary each; anything else escaping is a bug and surfaces as ``internal_error``.

::

    PdfcoreError
    ├── InvalidArgument                 invalid_argument
    │   ├── PageOutOfRange              page_out_of_range
    │   ├── InvalidCursor               invalid_cursor
    │   └── UnknownRef                  unknown_ref
    ├── StaleCursor                     stale_cursor
    ├── ResourceLimit                   resource_limit
    ├── PathError
    │   ├── PathOutsideRoot             path_outside_root
    │   ├── FileNotFound                file_not_found
    │   ├── NotAFile                    not_a_file
    │   ├── UnsupportedExtension        unsupported_extension
    │   └── FileTooLarge                file_too_large
    ├── FileChanged                     file_changed
    ├── UnsupportedForFormat            unsupported_for_format
    ├── UnsupportedPlatform             unsupported_platform
    ├── DocumentError
    │   ├── MalformedPdf                malformed_pdf
    │   ├── EncryptedPdf                encrypted_pdf
    │   │   ├── PasswordRequired        password_required
    │   │   └── PasswordIncorrect       password_incorrect
    │   └── ExtractionFailed            extraction_failed
    ├── OcrUnavailable                  ocr_unavailable
    ├── OcrFailed                       ocr_failed
    ├── UrlDenied                       url_denied
    ├── FetchFailed                     fetch_failed
    ├── BackendUnavailable              backend_unavailable
    ├── UnknownBackend                  unknown_backend
    ├── ConfigInvalid                   config_invalid
    └── InternalError                   internal_error

Messages never contain passwords, and never show a path outside the allowed roots.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pdfcore import nextcalls
from pdfcore.nextcalls import call, where

__all__ = [
    "ALL_CODES",
    "BackendUnavailable",
    "ConfigInvalid",
    "DocumentError",
    "EncryptedPdf",
    "ExtractionFailed",
    "FetchFailed",
    "FileChanged",
    "FileNotFound",
    "FileTooLarge",
    "InternalError",
    "InvalidArgument",
    "InvalidCursor",
    "MalformedPdf",
    "NotAFile",
    "OcrFailed",
    "OcrUnavailable",
    "PageOutOfRange",
    "PasswordIncorrect",
    "PasswordRequired",
    "PathError",
    "PathOutsideRoot",
    "PdfcoreError",
    "ResourceLimit",
    "StaleCursor",
    "UnknownBackend",
    "UnknownRef",
    "UnsupportedExtension",
    "UnsupportedForFormat",
    "UnsupportedPlatform",
    "UrlDenied",
]


class PdfcoreError(Exception):
    """Root of every error pdfcore raises on purpose.

    ``code`` and the default ``recovery`` are class attributes; an instance may carry a more
    specific recovery and structured ``details`` (JSON-safe values only) for the caller.
    """

    code: ClassVar[str] = "pdfcore_error"
    default_recovery: ClassVar[str] = "Check the arguments and try again."

    #: The surface the error was raised for, once a block answering it pinned one (see
    #: :func:`pdfcore.nextcalls.answering`); else it is said for the current surface.
    surface: str | None = None

    def __init__(
        self,
        message: str,
        *,
        recovery: str | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.raw_message = message
        self.raw_recovery = recovery if recovery is not None else self.default_recovery
        self.details: dict[str, Any] = dict(details or {})

    @property
    def message(self) -> str:
        """The message, its next calls said for the surface answering (see :mod:`pdfcore.nextcalls`)."""
        return nextcalls.render(self.raw_message, self.surface)

    @property
    def recovery(self) -> str:
        """The recovery sentence naming the next call, said for the surface answering."""
        return nextcalls.render(self.raw_recovery, self.surface)

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> dict[str, Any]:
        """The wire shape: ``{error, message, recovery}`` plus any details."""
        out: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.recovery:
            out["recovery"] = self.recovery
        if self.details:
            out["details"] = self.details
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross process boundaries (engine workers): keep recovery and details, their
        # next calls unsaid (the process that reports the error says them for its surface).
        return (_rebuild, (type(self), self.raw_message, self.raw_recovery, self.details))


def _rebuild(cls: type[PdfcoreError], message: str, recovery: str, details: dict[str, Any]) -> PdfcoreError:
    return cls(message, recovery=recovery, details=details)


class InvalidArgument(PdfcoreError):
    code = "invalid_argument"
    default_recovery = "Fix the argument named in the message and call again."


class PageOutOfRange(InvalidArgument):
    code = "page_out_of_range"
    default_recovery = f"Ask for pages inside 1..page_count ({call('info')} gives the page count)."


class InvalidCursor(InvalidArgument):
    code = "invalid_cursor"
    default_recovery = "Call the tool again without a cursor."


class UnknownRef(InvalidArgument):
    code = "unknown_ref"
    default_recovery = f"Run {call('search')} (or a full-page {call('render')}) again to get fresh refs."


class StaleCursor(PdfcoreError):
    code = "stale_cursor"
    default_recovery = "The document changed; start again without a cursor."


class ResourceLimit(PdfcoreError):
    code = "resource_limit"
    default_recovery = "Ask for less: a narrower page range, fewer pages or a smaller region."


class PathError(PdfcoreError):
    """A path could not be used; never echoes a path outside the allowed roots."""


class PathOutsideRoot(PathError):
    code = "path_outside_root"
    default_recovery = (
        "Use a path inside the allowed roots"
        + where(" (" + call("server_info") + " shows them)")
        + where("; call " + call("list_documents") + " to see readable files")
        + "."
    )


class FileNotFound(PathError):
    code = "file_not_found"
    default_recovery = "Check the path" + where("; call " + call("list_documents") + " to see readable files") + "."


class NotAFile(PathError):
    code = "not_a_file"
    default_recovery = (
        "Pass the path of a PDF file, not a directory" + where("; " + call("list_documents") + " lists them") + "."
    )


class UnsupportedExtension(PathError):
    code = "unsupported_extension"
    default_recovery = "Pass a file whose name ends in .pdf."


class FileTooLarge(PathError):
    code = "file_too_large"
    default_recovery = "Split the document or raise limits.max_file_bytes in the configuration."


class FileChanged(PdfcoreError):
    code = "file_changed"
    default_recovery = "The file changed while it was being read; call again to read the new version."


class UnsupportedForFormat(PdfcoreError):
    code = "unsupported_for_format"
    default_recovery = "Use a tool that supports this kind of document or content."


class UnsupportedPlatform(PdfcoreError):
    code = "unsupported_platform"
    default_recovery = "Reinstall pdfcore on a platform with a pypdfium2 wheel (Linux, macOS, Windows)."


class DocumentError(PdfcoreError):
    """The bytes are the problem, not the call."""


class MalformedPdf(DocumentError):
    code = "malformed_pdf"
    default_recovery = "The file is not a readable PDF (truncated or another format); supply a valid PDF."


class EncryptedPdf(DocumentError):
    code = "encrypted_pdf"
    default_recovery = "Pass the document's password in the password argument."


class PasswordRequired(EncryptedPdf):
    code = "password_required"
    default_recovery = "The document is encrypted: call again with its password in the password argument."


class PasswordIncorrect(EncryptedPdf):
    code = "password_incorrect"
    default_recovery = "The password was not accepted: call again with the correct password."


class ExtractionFailed(DocumentError):
    code = "extraction_failed"
    default_recovery = (
        "The PDF engine could not process this content; retrying the same call will not help. "
        f"Try {call('render')} to look at the page instead."
    )


class OcrUnavailable(PdfcoreError):
    code = "ocr_unavailable"
    default_recovery = (
        "Omit ocr to read the text layer alone, or install an OCR engine"
        + where(" (" + call("server_info") + " lists them)")
        + "."
    )


class OcrFailed(PdfcoreError):
    code = "ocr_failed"
    default_recovery = "The pages keep their needs-OCR marking; try fewer pages, or render them and read them visually."


class UrlDenied(PdfcoreError):
    code = "url_denied"
    default_recovery = "Only public https:// URLs allowed by the configuration can be fetched; download the file yourself and pass a local path."


class FetchFailed(PdfcoreError):
    code = "fetch_failed"
    default_recovery = "The download failed; check the URL or download the file and pass a local path."


class BackendUnavailable(PdfcoreError):
    code = "backend_unavailable"
    default_recovery = "Install the extra named in the message, or choose another backend in the configuration."


class UnknownBackend(PdfcoreError):
    code = "unknown_backend"
    default_recovery = "Choose one of the installed backends listed in the message."


class ConfigInvalid(PdfcoreError):
    code = "config_invalid"
    default_recovery = "Fix the configuration key named in the message and start again."


class InternalError(PdfcoreError):
    code = "internal_error"
    default_recovery = ""


def _all_codes() -> frozenset[str]:
    seen: set[str] = set()
    stack: list[type[PdfcoreError]] = [PdfcoreError]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.code != PdfcoreError.code:
            seen.add(cls.code)
    return frozenset(seen)


ALL_CODES: frozenset[str] = _all_codes()
