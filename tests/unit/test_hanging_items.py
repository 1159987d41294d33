"""Items of a list set with a hanging indent whose own rows do not show it (a reference list)."""

from __future__ import annotations

from pdfcore.models import TextLine
from tests.unit.test_structure import LEFT, LOREM, RIGHT, ln, markdown, page

INDENT = LEFT + 10.0
#: Rows of one reference, and the step from one reference's last row to the next one's first.
LEADING = 11.0
PITCH = 19.0


def references(entries: list[list[str]], y: float = 100.0, pitch: float = PITCH) -> list[TextLine]:
    """References set with a hanging indent: each entry's first row at the left edge, the rows it
    wraps to set in; every row but the last runs to the right margin."""
    lines = []
    for rows in entries:
        for k, text in enumerate(rows):
            last = k == len(rows) - 1
            lines.append(ln(text, y, x=LEFT if k == 0 else INDENT, x1=None if last else RIGHT))
            y += LEADING if not last else pitch
    return lines


WRAPPED = [
    ["Ricardo Baeza-Yates and Berthier Ribeiro-Neto. Modern Information Retrieval. Addison", "Wesley, 1999."],
    ["Denny Britz, Anna Goldie and Quoc Le. Massive exploration of neural machine", "translation. In EMNLP, 2017."],
    ["Jonathan Clark, Chris Dyer and Noah Smith. Better hypothesis testing for statistical", "translation, 2011."],
    ["Steve Cronen-Townsend and Bruce Croft. Predicting query performance. In the", "Proceedings of SIGIR, 2002."],
]


def test_references_whose_rows_do_not_hang_read_like_their_neighbours() -> None:
    """A reference whose first row closes with a stop or a colon ("... In Proceedings of ACL,
    pp." over "1415–1425, 2014.") is one item, not a paragraph cut before its second row set
    in; a reference of one row between the list's items, or at its end, is an item too."""
    entries = [
        WRAPPED[0],
        WRAPPED[1],
        ["Jonathan Berant and Percy Liang. Semantic parsing via paraphrasing. In Proceedings of ACL, pp.", "1415-25."],
        ["Noam Chomsky. Aspects of the Theory of Syntax. The MIT Press, 1965."],
        WRAPPED[2],
        WRAPPED[3],
        ["Chen Liang, Jonathan Berant and Ni Lao. Neural symbolic machines:", "Learning semantic parsers, 2017."],
        ["Gary Marchionini. Exploratory search: From finding to understanding. ACM, 2006."],
    ]
    (md,) = markdown([page(references(entries))])
    items = md.split("\n")
    assert [i[:2] for i in items] == ["- "] * len(entries)
    assert items[2].endswith("In Proceedings of ACL, pp. 1415-25.")
    assert items[3] == "- Noam Chomsky. Aspects of the Theory of Syntax. The MIT Press, 1965."
    assert items[6].endswith("Neural symbolic machines: Learning semantic parsers, 2017.")
    assert items[7].startswith("- Gary Marchionini.")


def test_a_reference_of_one_row_does_not_run_into_the_next() -> None:
    """References set without a gap between them: one of a single row, with no room left for the
    next one's first word, ends where the next reference starts back at the left edge (a row
    that closes its sentence, so no hanging indent of its own tells it)."""
    entries = [
        WRAPPED[0],
        WRAPPED[1],
        ["[31] https://github.com/LCSL/GURLS (Accessed on July 2019). See also its manual."],
        ["Andrea Tacchetti and Lorenzo Rosasco. GURLS: a least squares library for learning.", "(2013). JMLR."],
        WRAPPED[2],
    ]
    lines = references(entries, pitch=LEADING)
    lines[4] = ln(lines[4].text, lines[4].bbox.y0, x1=RIGHT - 12.0)
    (md,) = markdown([page(lines)])
    assert md.split("\n") == [
        "- " + " ".join(WRAPPED[0]),
        "- " + " ".join(WRAPPED[1]),
        "- [31] https://github.com/LCSL/GURLS (Accessed on July 2019). See also its manual.",
        "- Andrea Tacchetti and Lorenzo Rosasco. GURLS: a least squares library for learning. (2013). JMLR.",
        "- " + " ".join(WRAPPED[2]),
    ]


def test_a_paragraph_after_a_hanging_list_stays_a_paragraph() -> None:
    """Text at the list's left edge after it is no item: a paragraph set apart by a wider gap, and
    rows that run on mid-sentence even at the list's pitch; nor is a row of its own that leads
    into the list at its pitch, closing with a colon."""
    lines = [ln("The works cited are listed below:", 100), *references(WRAPPED[:3], y=100 + PITCH)]
    (md,) = markdown([page(lines)])
    assert md.split("\n")[:3] == ["The works cited are listed below:", "", "- " + " ".join(WRAPPED[0])]
    after = references(WRAPPED[:3])
    y = after[-1].bbox.y0 + PITCH + 12.0
    lines = [*after, ln("The references above are listed in the order of the authors' names.", y)]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n")[-1] == "The references above are listed in the order of the authors' names."
    y = after[-1].bbox.y0 + PITCH
    lines = [
        *after,
        ln("The references above are listed in the order of the names of their", y, x1=RIGHT),
        ln("authors, and then of the years.", y + LEADING),
    ]
    (md,) = markdown([page(lines)])
    assert md.split("\n\n")[-1] == (
        "The references above are listed in the order of the names of their authors, and then of the years."
    )


def test_a_list_hanging_its_rows_by_less_than_half_an_em_is_a_list() -> None:
    """References whose rows hang by 4 pt under 10 pt type ("[2015] Dyer, C.; ..." over "and Smith,
    N. A. ..."): a whole block of items, each opening at the left edge over rows set in and each
    closing its sentence, is a list; no item runs into the next one. Paragraphs set with a first-
    line indent as narrow stay paragraphs."""
    narrow = LEFT + 4.0
    entries = [
        [
            "[2015] Dyer, C.; Ballesteros, M.; Ling, W.; Matthews, A.; and Smith,",
            "N. A. 2015. Transition-based dependency parsing with stack long",
            "short-term memory. In ACL, 334-343.",
        ],
        [
            "[2015] Felt, P.; Black, K.; Ringger, E. K.; Seppi, K. D.; and Haertel,",
            "R. 2015. Early gains matter: A case for preferring generative",
            "models. In HLT-NAACL, 882-891.",
        ],
        [
            "[2016] Ganin, Y.; Ustinova, E.; Ajakan, H.; Germain, P.; and Lempitsky,",
            "V. 2016. Domain-adversarial training of neural networks. Journal",
            "of Machine Learning Research 17(59):1-35.",
        ],
        [
            "[2014] Goodfellow, I.; Pouget-Abadie, J.; Mirza, M.; Xu, B.; and Bengio,",
            "Y. 2014. Generative adversarial nets. In NIPS, 2672-2680.",
        ],
    ]
    lines, y = [], 100.0
    for rows in entries:
        for k, text in enumerate(rows):
            # every row full to the margin: no row ends short of the next one's first word
            lines.append(ln(text, y, x=LEFT if k == 0 else narrow, x1=RIGHT - 3.0))
            y += LEADING
    (md,) = markdown([page(lines)])
    assert md.split("\n") == ["- " + " ".join(rows) for rows in entries]
    paragraphs, y = [], 100.0
    for rows in (LOREM, LOREM):
        for k, text in enumerate(rows):
            last = k == len(rows) - 1
            paragraphs.append(ln(text, y, x=narrow if k == 0 else LEFT, x1=None if last else RIGHT))
            y += LEADING
    (md,) = markdown([page(paragraphs)])
    assert "- " not in md
    assert md.split("\n\n") == [" ".join(LOREM)] * 2


def test_a_hanging_items_address_in_a_typewriter_face_stays_in_it() -> None:
    """A reference whose web address is set on a row of its own in a monospaced face, at the
    list's indent, is one item with it (not an item over a code block)."""
    lines = references(
        [WRAPPED[0], ["[16] Guillaume Genthial. Sequence Tagging with Tensorflow. 2017.", "x"], WRAPPED[1]]
    )
    url = lines[3]
    lines[2] = ln(lines[2].text, lines[2].bbox.y0, x1=RIGHT)
    lines[3] = ln("https://guillaumegenthial.github.io/", url.bbox.y0, x=INDENT, mono=True)
    (md,) = markdown([page(lines)])
    assert md.split("\n")[1] == (
        "- [16] Guillaume Genthial. Sequence Tagging with Tensorflow. 2017. https://guillaumegenthial.github.io/"
    )


def test_a_reference_whose_first_row_ends_short_mid_sentence_is_one_item() -> None:
    """Between two of the list's items, a reference whose first row ends short of the margin
    mid-sentence ("... Security Capabilities in" over "Customer Premises Equipment ...", set
    ragged) goes on at the list's indent below it: one item."""
    entry = [
        "[RFC6092] Woodyatt, J, Editor (2011) Recommended Simple Capabilities in",
        "Customer Premises Equipment (CPE) for Providing Residential Service.",
    ]
    entries = [WRAPPED[0], WRAPPED[1], entry, WRAPPED[2], WRAPPED[3]]
    lines = references(entries, pitch=LEADING)  # one block: its right edge
    lines[4] = ln(entry[0], lines[4].bbox.y0, x1=RIGHT - 60.0)
    (md,) = markdown([page(lines)])
    assert md.split("\n") == ["- " + " ".join(e) for e in entries]


def test_the_last_reference_of_a_column_before_a_running_foot_is_an_item() -> None:
    """A reference of one row closing its sentence at the foot of the list's column is an item,
    even with a running foot printed in the margin after it (higher up the page)."""
    last = "Lazarus, R.S. and Folkman, S. (1984), Stress, Appraisal and Coping, Springer, New York."
    lines = references([*WRAPPED[:3], [last]])
    lines.append(ln("Shift work interventions", 90.0, x=RIGHT + 20.0, x1=RIGHT + 60.0, size=13.0))
    (md,) = markdown([page(lines)])
    assert "- " + last in md.split("\n")
