"""The full profile's tools for what a PDF holds beside its text: embedded files, links and
annotations, and the check of a quote against the document.
"""

from __future__ import annotations

from typing import Annotated, Literal

from mcp_types import CallToolResult
from pydantic import Field

from mcp_adapter.full_args import (
    UNTRUSTED,
    PasswordArg,
    PathArg,
)
from mcp_adapter.full_replies import (
    attachment_blocks,
    attachment_summary,
    ok,
)
from mcp_adapter.toolset import READ_ONLY_OPEN, ToolSet, fail
from pdfcore.errors import PdfcoreError


def build_extras(ts: ToolSet) -> None:
    core = ts.core

    async def pdf_attachments(
        path: PathArg,
        attachment: Annotated[
            str | int | None,
            Field(
                description="Return this embedded file (its name or 1-based number) instead of the list: text "
                "files (XML, JSON, CSV, TXT, e.g. a Factur-X/ZUGFeRD invoice's XML) inline, images as an image block."
            ),
        ] = None,
        password: PasswordArg = None,
    ) -> CallToolResult:
        try:
            if attachment is None:
                listing = await ts.call(lambda: core.attachments(path, password=password))
                return ok(listing)
            res = await ts.call(lambda: core.attachment(path, attachment, password=password))
        except PdfcoreError as exc:
            return fail(exc)
        return ok(attachment_summary(res), attachment_blocks(res))

    ts.add(
        pdf_attachments,
        name="pdf_attachments",
        title="Files embedded in a PDF",
        description=(
            "Lists the files embedded in a PDF (name, size, type, description, dates, the page of a file-attachment "
            "annotation), or returns one (attachment=name or number): text files inline (an e-invoice's XML is its "
            "real data), images as image blocks; other binaries are refused with unsupported_for_format and how to "
            "save them. Also reports whether the document is an XFA form. " + UNTRUSTED
        ),
        output="attachments",
        annotations=READ_ONLY_OPEN,
    )

    async def pdf_annotations(
        path: PathArg,
        pages: Annotated[
            str | int | None, Field(description="Pages, 1-based ('5', '1-10', 'last'...); default: the whole document.")
        ] = None,
        include: Annotated[
            list[Literal["links", "annotations", "form_fields"]] | None,
            Field(description="What to list; default: links, annotations and form_fields."),
        ] = None,
        password: PasswordArg = None,
    ) -> CallToolResult:
        kinds = tuple(include) if include else ("links", "annotations", "form_fields")
        return await ts.answer(lambda: core.page_extras(path, pages=pages, include=kinds, password=password), ok)

    ts.add(
        pdf_annotations,
        name="pdf_annotations",
        title="Links, annotations and form fields of a PDF",
        description=(
            "What a PDF carries on top of its page text, for selected pages or the whole document: links (web "
            "addresses, or the page they go to, with their anchor text), annotations (notes, highlights with the "
            "text they mark, stamps: author, contents, date) and form fields (name, type, value, options, "
            "read-only/required), each with page, bbox and clip for pdf_render_pages. A dynamic XFA form whose "
            "pages only say 'Please wait...' is reported in xfa, with the form's data as form_fields. " + UNTRUSTED
        ),
        output="page_extras",
        annotations=READ_ONLY_OPEN,
    )

    async def pdf_verify_quote(
        path: PathArg,
        text: Annotated[str, Field(description="The passage to check, as quoted (up to 5000 characters).")],
        pages: Annotated[
            str | int | None, Field(description="Only look in these pages (1-based); default: the whole document.")
        ] = None,
        password: PasswordArg = None,
    ) -> CallToolResult:
        return await ts.answer(lambda: core.verify_quote(path, text, pages=pages, password=password), ok)

    ts.add(
        pdf_verify_quote,
        name="pdf_verify_quote",
        title="Check that a quote is in a PDF",
        description=(
            "Whether a passage occurs in the document before you cite it: status exact (identical once case, "
            "whitespace, line-end hyphenation, accents and quote/dash characters are ignored), fuzzy (a passage "
            "at least `threshold` similar: compare matched_text with your quote), mismatch (a similar passage "
            "writes a number, date or name otherwise: `differences` lists them; do not cite the quote) or "
            "not_found. Gives the page, "
            "printed label, start/end offsets in the pdf_read_pages text, bbox and clip of the passage, and other "
            "exact occurrences. Pages without usable text are named: a miss there is not evidence of absence. "
            + UNTRUSTED
        ),
        output="quote",
        annotations=READ_ONLY_OPEN,
    )
