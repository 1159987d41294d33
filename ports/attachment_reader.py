"""AttachmentReader: the files embedded in a PDF."""

from __future__ import annotations

from typing import Protocol

from pdfcore.extras import Attachment
from pdfcore.models import DocumentSource


class AttachmentReader(Protocol):
    """Lists and reads the files embedded in a document.

    Contract:

    - ``attachments`` lists document-level embedded files first (EmbeddedFiles name-tree order),
      then the files of file-attachment annotations in page order (0-based ``page``);
      ``Attachment.index`` is the position in that listing and is what ``attachment_data``
      takes. ``size`` is the decoded size, or None when the file's data cannot be read.
    - ``attachment_data`` returns the decoded (and, in an encrypted document, decrypted) bytes of
      one file. An index outside the listing raises ``invalid_argument``; a file whose data
      cannot be read raises ``extraction_failed`` — never bytes that are still encoded or
      encrypted.
    - Results are plain frozen values (picklable: implementations may run in another process).
    - Implementations are safe to call from several threads.

    Errors that may escape: ``password_required``, ``password_incorrect``, ``malformed_pdf``,
    ``extraction_failed``, ``invalid_argument``, ``file_changed``, ``file_not_found``.
    """

    def attachments(self, source: DocumentSource) -> tuple[Attachment, ...]: ...

    def attachment_data(self, source: DocumentSource, index: int) -> bytes: ...
