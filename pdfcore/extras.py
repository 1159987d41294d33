"""What a PDF carries besides its page text: embedded files, form fields, links, annotations and
XFA forms.

Same conventions as :mod:`pdfcore.models`: geometry in page space (PDF points, top-left origin of
the page as displayed), page indexes 0-based. Dates are the raw PDF date strings
(``D:YYYYMMDDHHmmSS+HH'mm'``); the services turn them into ISO 8601. Strings are whatever the
document says: untrusted content.
"""

from __future__ import annotations

from attrs import frozen

from pdfcore.models import Annotation as Annotation  # defined with the page models
from pdfcore.models import Box
from pdfcore.models import Link as Link
from pdfcore.models import PageAnnotations as PageAnnotations

#: Form field types (``FormField.field_type``).
FIELD_TYPES = ("text", "checkbox", "radio", "combobox", "listbox", "pushbutton", "signature", "unknown")

#: Link kinds (``Link.kind``): a web or mail address, a page of this document, a page of another
#: file, a file to open, a page of an embedded file, or an action the engine does not describe.
LINK_KINDS = ("uri", "goto", "remote_goto", "launch", "embedded_goto", "unsupported")

#: Form types (``XfaForm.form_type``): no form, an AcroForm, XFA drawn entirely by an XFA
#: processor (dynamic: the PDF pages are often only a placeholder), or XFA with AcroForm pages
#: (static: the pages and their widgets hold the form).
FORM_TYPES = ("none", "acroform", "xfa_full", "xfa_foreground")


@frozen
class Attachment:
    """A file embedded in the document."""

    #: 0-based position in the listing: the document's EmbeddedFiles first (in name-tree order),
    #: then file-attachment annotations in page order.
    index: int
    name: str
    #: Decoded size in bytes; None when the engine cannot read the file's data.
    size: int | None
    #: The declared MIME type (``/Subtype``), when there is one.
    mime_type: str | None = None
    description: str | None = None
    created: str | None = None
    modified: str | None = None
    #: ``/AFRelationship`` of PDF/A-3 associated files (Source, Data, Alternative, ...).
    relationship: str | None = None
    #: 0-based page of a file-attachment annotation; None for document-level files.
    page: int | None = None


@frozen
class FormField:
    """One widget of an AcroForm field (a radio group has one widget per button)."""

    name: str
    #: One of :data:`FIELD_TYPES`.
    field_type: str
    #: The field's value (``/V``); for check boxes and radio buttons the on-state name or "Off".
    value: str | None
    page: int
    bbox: Box
    #: Option labels of a combo box or list box.
    options: tuple[str, ...] = ()
    #: Selected option labels of a combo box or list box.
    selected: tuple[str, ...] = ()
    #: The value a check box or radio widget takes when it is on.
    export_value: str | None = None
    checked: bool | None = None
    read_only: bool = False
    required: bool = False
    #: The tooltip / user-facing name (``/TU``).
    alternate_name: str | None = None
    multiline: bool = False
    flags: int = 0


@frozen
class XfaForm:
    """The document's form technology and, for XFA, the packets that carry the form."""

    #: One of :data:`FORM_TYPES`.
    form_type: str
    #: Names of the XFA packets (template, datasets, config, ...), in document order.
    packets: tuple[str, ...] = ()
    #: The ``datasets`` packet (XML; where an XFA form keeps its data), capped in size.
    datasets: str | None = None
    #: True when ``datasets`` was cut at the size cap.
    datasets_truncated: bool = False
