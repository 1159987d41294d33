"""A title set large in a typewriter face (a print shop's Courier title), wrapped onto a second
row with open leading, is one heading: its rows, a block each, join as any heading's do. Before,
a monospaced face kept them apart (as code's rows are), the first row read as a paragraph."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, RIGHT, ln, markdown, page, para

TITLE = ["Inkwell Print Co. Price List and Artwork", "Guidelines"]


def test_a_large_monospaced_title_wrapped_over_two_blocks_is_one_heading() -> None:
    rows = [
        ln(TITLE[0], 60, size=17, bold=True, mono=True, x1=RIGHT - 60),
        ln(TITLE[1], 92, size=17, bold=True, mono=True),  # 15 pt under the first: a block of its own
        *para(LOREM, 135, size=11),
        ln("Price List", 190, size=14, bold=True),
        *para(LOREM, 215, size=11),
    ]
    (md,) = markdown([page(rows)])
    assert md.startswith(f"# {' '.join(TITLE)}\n"), md


def test_code_rows_at_the_body_size_stay_apart() -> None:
    rows = [
        *para(LOREM, 60, size=11),
        ln("def main():", 110, size=11, mono=True),
        ln("return run(sys.argv)", 128, size=11, mono=True),
        *para(LOREM, 160, size=11),
    ]
    (md,) = markdown([page(rows)])
    assert "def main(): return run(sys.argv)" not in md, md
