"""A book's index: entries one a row, sub-entries set in, long entries wrapped deeper."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import TextLine
from tests.unit.test_structure import LEFT, ln, markdown, page

STEP = 12.0
SUB = LEFT + 10.0
WRAP = LEFT + 20.0


def _index_markdown(rows: list[tuple[str, float]], above: Sequence[TextLine] = ()) -> str:
    """The Markdown of one page holding ``above`` and then ``rows`` (text, left edge), one row
    every STEP points from the top of the index."""
    lines = [*above, *(ln(text, 100 + k * STEP, x=x) for k, (text, x) in enumerate(rows))]
    (md,) = markdown([page(lines)])
    return md


def test_index_entries_closed_by_their_page_references_stay_apart() -> None:
    """A row ending with page references closes its entry; a row set in deeper goes on with it,
    and so does a cross reference under it; a sub-entry's rows are entries too."""
    rows = [
        ("Aibo robotic dog, 153–55, 156, 157, 160, 161, 162", LEFT),
        ("AIDS medications, 257–60", LEFT),
        ("air traffic, land ownership vs., 1–3", LEFT),
        ("archive.org, 112", LEFT),
        ("see also Internet Archive", SUB),
        ("archives, digital, 108–15, 173, 222, 226–27", LEFT),
        ("blogs (Web-logs), 41, 42–45, 310n-11n", LEFT),
        ("BMG, 162", LEFT),
        ("books:", LEFT),
        ("English copyright law developed for the booksellers of London,", SUB),
        ("85–94", WRAP),
        ("free on-line releases of, 72–73, 284–85", SUB),
        ("on Internet, 143, 144, 148–53", SUB),
        ("out of print, 72, 113, 134, 299, 317n", SUB),
        ("resales of, 72, 134, 299, 314n", SUB),
        ("Bunyan, John, 93", LEFT),
        ("Burdick, Quentin, 60", LEFT),
    ]
    md = _index_markdown(rows)
    paras = [p.lstrip().removeprefix("- ") for p in md.split("\n") if p]  # one entry an item
    assert "AIDS medications, 257–60" in paras
    assert "air traffic, land ownership vs., 1–3" in paras
    assert "archive.org, 112" in paras
    assert "see also Internet Archive" in paras
    assert "blogs (Web-logs), 41, 42–45, 310n-11n" in paras
    assert "BMG, 162" in paras
    assert "English copyright law developed for the booksellers of London, 85–94" in paras
    assert "on Internet, 143, 144, 148–53" in paras
    assert "resales of, 72, 134, 299, 314n" in paras
    assert "Bunyan, John, 93" in paras
    assert "Burdick, Quentin, 60" in paras


def test_index_reads_as_a_list_its_sub_entries_nested() -> None:
    """Every entry of an index is an item; sub-entries are nested under their head entry, and
    an entry wrapped to a deeper indent stays one item (whether its row runs to the column's
    edge or ends short of it, "... balanced with fair" over "compensation in, 75")."""
    rows = [
        ("Aibo robotic dog, 153–55, 156, 157, 160", LEFT),
        ("AIDS medications, 257–60", LEFT),
        ("archive.org, 112", LEFT),
        ("see also Internet Archive", SUB),
        ("books:", LEFT),
        ("innovative freedom balanced with fair", SUB),
        ("compensation in, 75, 77–79", WRAP),
        ("on Internet, 143, 144, 148–53", SUB),
        ("out of print, 72, 113, 134, 299, 317n", SUB),
        ("Bunyan, John, 93", LEFT),
        ("Burdick, Quentin, 60", LEFT),
    ]
    md = _index_markdown(rows)
    assert md.split("\n") == [
        "- Aibo robotic dog, 153–55, 156, 157, 160",
        "- AIDS medications, 257–60",
        "- archive.org, 112",
        "  - see also Internet Archive",
        "- books:",
        "  - innovative freedom balanced with fair compensation in, 75, 77–79",
        "  - on Internet, 143, 144, 148–53",
        "  - out of print, 72, 113, 134, 299, 317n",
        "- Bunyan, John, 93",
        "- Burdick, Quentin, 60",
    ]


def test_a_short_block_on_an_index_page_is_index_too() -> None:
    """A column's last entries, set apart from the rest by a gap, are entries as well: on a page
    that reads as an index, a block of two rows ending with page references is not one
    paragraph."""
    rows = [(f"entry number {k}, {10 + k}", LEFT) for k in range(8)]
    lines = [ln(text, 100 + k * STEP, x=x) for k, (text, x) in enumerate(rows)]
    lines += [ln("Bunyan, John, 93", 300), ln("Burdick, Quentin, 60", 300 + STEP)]
    (md,) = markdown([page(lines)])
    assert "- Bunyan, John, 93\n- Burdick, Quentin, 60" in md
    assert "Bunyan, John, 93 Burdick" not in md


def test_rows_ending_with_numbers_are_no_index_without_enough_of_them() -> None:
    """A paragraph whose few rows happen to end with a comma and a number is running text."""
    rows = [
        "The survey counted the answers of the first group, 12",
        "of whom said yes; the second group said no and the",
        "third could not be reached before the deadline passed.",
    ]
    lines = [ln(text, 100 + k * STEP, x1=None if k == 2 else 540.0) for k, text in enumerate(rows)]
    (md,) = markdown([page(lines)])
    assert not md.startswith("- ")


#: Entries closed by their page references, leading a test's rows: enough of them for an index.
LEAD = [(f"Eintrag {k}, {10 + k}", LEFT) for k in range(6)]


def test_a_cross_reference_closes_its_entry_unless_it_wraps() -> None:
    """An entry that only refers to another (``Aktion, siehe Gruppenoperation``) ends on its row
    when the row below starts at its left edge; one wrapped to a deeper indent goes on."""
    rows = [
        *LEAD,
        ("Aktion, siehe Gruppenoperation", LEFT),
        ("Anordnungsaxiome, 66", LEFT),
        ("CTEA, see Sonny Bono Copyright Term", LEFT),
        ("Extension Act", WRAP),
        ("Atlas, 24", LEFT),
    ]
    md = _index_markdown(rows)
    items = md.split("\n")
    assert "- Aktion, siehe Gruppenoperation" in items
    assert "- Anordnungsaxiome, 66" in items
    assert "- CTEA, see Sonny Bono Copyright Term Extension Act" in items
    assert "- Atlas, 24" in items


def test_a_see_also_under_the_sub_entries_is_an_item_of_its_own() -> None:
    """A head entry's cross reference, set at its sub-entries' indent under the last of them,
    is an item beside them, not the end of that sub-entry."""
    rows = [(f"entry {k}, {10 + k}", LEFT) for k in range(6)]
    rows += [
        ("creative property:", LEFT),
        ("other property rights vs., 117–24, 140", SUB),
        ("see also intellectual property rights", SUB),
        ("creativity:", LEFT),
    ]
    md = _index_markdown(rows)
    assert "  - other property rights vs., 117–24, 140\n  - see also intellectual property rights" in md


def test_an_index_page_is_no_table_of_contents_its_title_a_heading() -> None:
    """The rows of an index end with page numbers, as a table of contents' do; but an index is
    none, so its title is a heading by the outline entry naming it."""
    from pdfcore.models import OutlineEntry
    from tests.unit.test_structure import facts

    lines = [ln("INDEX", 60, x=200, size=15.0)]
    lines += [ln(f"entry number {k}, {10 + k}", 100 + k * STEP) for k in range(10)]
    (md,) = markdown([page(lines)], facts(1, [OutlineEntry(0, "INDEX", 1)]))
    assert md.startswith("# INDEX\n\n- entry number 0, 10\n")


def test_a_head_entry_without_a_colon_heads_its_sub_entries() -> None:
    """A head entry that closes none and ends with no colon ("Abbildung", "peer-to-peer file
    sharing (cont.)") is an item of its own over its first sub-entry when that sub-entry's first
    word would have fit on its row; a row ending with a comma (a page list wrapped) or a cross
    reference still goes on into the row set in under it."""
    rows = [
        *LEAD,
        ("Abbildung", LEFT),
        ("affine, 107", SUB),
        ("differenzierbare, 29", SUB),
        ("peer-to-peer file sharing (cont.)", LEFT),
        ("four types of, 68–69, 296–97", SUB),
        ("composers, copyright protections of,", LEFT),
        ("55–59, 74", WRAP),
        ("RPI, see Rensselaer Polytechnic", LEFT),
        ("Institute", WRAP),
        ("Atlas, 24 and a long row that sets the column's width", LEFT),
    ]
    md = _index_markdown(rows)
    items = md.split("\n")
    assert "- Abbildung\n  - affine, 107\n  - differenzierbare, 29" in md
    assert "- peer-to-peer file sharing (cont.)\n  - four types of, 68–69, 296–97" in md
    assert "- composers, copyright protections of, 55–59, 74" in items
    assert "- RPI, see Rensselaer Polytechnic Institute" in items


def test_a_title_over_an_index_opening_with_a_head_entry_is_a_heading() -> None:
    """An index's first entry may be a one-row head entry ("Abbildung" over its sub-entries):
    the title above it still introduces text, the index."""
    lines = [ln("Stichwortverzeichnis", 60, size=20.0, bold=True)]
    rows = [("Abbildung", LEFT), ("affine, 107", SUB), ("differenzierbare, 29", SUB)]
    rows += [(f"Eintrag {k}, {10 + k}", LEFT) for k in range(8)]
    md = _index_markdown(rows, above=lines)
    assert md.startswith("# Stichwortverzeichnis\n\n- Abbildung\n  - affine, 107\n")
