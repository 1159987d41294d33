"""Reading order on real corpus files: columns, vertical Japanese, running heads, line numbers.

The expected orders were read off page renders (``pdfcore render FILE --pages N``): for a
two-column page, the first sentences of the left column must be followed by the rest of that
column, then by the right column; never by the neighbouring column's lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cores import temp_core

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("order"), env={"PDFCORE_ISOLATION": "none"}, fetcher=None) as c:
        yield c


def page(core: Any, path: Path, number: int) -> Any:
    return core.read_pages(str(path), str(number)).pages[0]


def assert_in_order(text: str, *snippets: str) -> None:
    positions = []
    for s in snippets:
        assert s in text, f"missing: {s!r}"
        positions.append(text.index(s))
    assert positions == sorted(positions), list(zip(snippets, positions, strict=True))


# --------------------------------------------------------------------------------------------
# Two columns


def test_tracemonkey_first_page_columns(core: Any, corpus: Path) -> None:
    text = page(core, corpus / "pdfjs/tracemonkey.pdf", 1).text
    assert_in_order(
        text,
        "Trace-based Just-in-Time Type Specialization for Dynamic",
        "Dynamic languages such as JavaScript are more difficult to compile",  # left column
        "1. Introduction",
        "example, is the de facto standard for client-side web programming",  # its last line
        "and is used for the application logic of browser-based productivity",  # right column
        "or that the same types will occur in subsequent loop iterations.",
    )


def test_acl_paper_columns(core: Any, corpus: Path) -> None:
    text = page(core, corpus / "uda-benchmark/paper_docs/1809.01202.pdf", 2).text
    assert_in_order(
        text,
        "In this paper, we introduce causal explanation",
        "analysis and its subtasks of detecting the presence",
        "better than the LSTM classifier for the causality",  # bottom of the left column
        "detection, while the LSTM classifier outperforms",  # top of the right column
        "Identifying causal explanations in documents can",
    )


def test_magazine_page_with_title_abstract_and_margin_note(core: Any, corpus: Path) -> None:
    # The extractor's own order puts the page footer first and the opening body line before the
    # title; the page is read title, abstract, left column, right column, footer.
    text = page(core, corpus / "camelot/files/tabula/labor.pdf", 1).text
    assert_in_order(
        text,
        "Industry employment and output",
        "decline over the period",  # last line of the full-width abstract
        "This release of the Bureau of Labor",
        "Statistics (BLS) projections, which",
        "are published every 2 years, is the",
        "will add 19.7 million jobs and is expected to",  # bottom of the left column
        "reach 150.2 million in 2020.",  # top of the right column
        "the 1.1-percent annual rate of decline expe-",
        "Monthly Labor Review • January 2012 65",
    )


def test_rules_document_columns(core: Any, corpus: Path) -> None:
    text = page(core, corpus / "camelot/files/diesel_engines.pdf", 1).text
    assert_in_order(
        text,
        "SECTION 2 DIESEL ENGINES",
        "1.1.1 Diesel engines listed below are to be designed",
        "a) main propulsion engines",
        "and the engine certification process (ECP) may be performed",  # hyphen joined
        "b) Engines to be installed in specific applications may",
        "g) The engine builder/licensee assembles the engine, tests",
    )


# --------------------------------------------------------------------------------------------
# Vertical Japanese (tategaki)

#: The lines of jo.pdf in the order of the poem they come from (Miyazawa Kenji, "Haru to
#: Shura", preface): the page holds two bands of vertical columns, each read right to left.
#: Its Japanese fonts are not embedded, and how many of its lines pdfium reads differs between
#: machines (a machine with fewer fonts installed read only the lines of JO_ALWAYS). Whatever
#: comes out must be in poem order, and the lines of JO_ALWAYS always come out.
JO_POEM = [
    "序",
    "わたくしといふ現象は",
    "假定された有機交流電燈の",
    "ひとつの青い照明です",
    "（あらゆる透明な幽霊の複合体）",
    "風景やみんなといっしょに",
    "せはしくせはしく明滅しながら",
    "いかにもたしかにともりつづける",
    "因果交流電燈の",
    "ひとつの青い照明です",
    "（ひかりはたもち、その電燈は失はれ）",
    "これらは二十二箇月の",
    "過去とかんずる方角から",
    "紙と鑛質インクをつらね",
    "（すべてわたくしと明滅し",
    "みんなが同時に感ずるもの）",
    "ここまでたもちつゞけられた",
    "かげとひかりのひとくさりづつ",
    "そのとほりの心象スケッチです",
    "これらについて人や銀河や修羅や海膽は",
    "宇宙塵をたべ、または空気や塩水を呼吸しながら",
    "それぞれ新鮮な本体論もかんがへませうが",
    "それらも畢竟こゝろのひとつの風物です",
    "たゞたしかに記録されたこれらのけしきは",
    "記録されたそのとほりのこのけしきで",
    "それが虚無ならば虚無自身がこのとほりで",
    "ある程度まではみんなに共通いたします",
    "（すべてがわたくしの中のみんなであるやうに",
    "みんなのおのおののなかのすべてですから）",
    "けれどもこれら新世代沖積世の",
    "巨大に明るい時間の集積のなかで",
    "正しくうつされた筈のこれらのことばが",
    "わづかその一點にも均しい明暗のうちに",
    "（あるひは修羅の十億年）",
    "すでにはやくもその組立や質を變じ",
    "しかもわたくしも印刷者も",
    "それを変らないとして感ずることは",
    "傾向としてはあり得ます",
    "けだしわれわれがわれわれの感官や",
    "風景や人物をかんずるやうに",
    "そしてたゞ共通に感ずるだけであるやうに",
    "記録や歴史、あるひは地史といふものも",
    "それのいろいろの論料といっしょに",
    "（因果の時空的制約のもとに）",
    "われわれがかんじてゐるのに過ぎません",
    "おそらくこれから二千年もたったころは",
    "それ相當のちがった地質學が流用され",
    "相當した證據もまた次次過去から現出し",
    "みんなは二千年ぐらゐ前には",
    "青ぞらいっぱいの無色な孔雀が居たとおもひ",
    "新進の大學士たちは気圏のいちばんの上層",
    "きらびやかな氷窒素のあたりから",
    "すてきな化石を發堀したり",
    "あるひは白堊紀砂岩の層面に",
    "透明な人類の巨大な足跡を",
    "発見するかもしれません",
    "すべてこれらの命題は",
    "心象や時間それ自身の性質として",
    "第四次延長のなかで主張されます",
    "大正十三年一月廿日　　宮澤賢治",
]

JO_ALWAYS = [
    "（あらゆる透明な幽霊の複合体）",
    "風景やみんなといっしょに",
    "（ひかりはたもち、その電燈は失はれ）",
    "（すべてわたくしと明滅し",
    "みんなが同時に感ずるもの）",
    "そのとほりの心象スケッチです",
    "宇宙塵をたべ、または空気や塩水を呼吸しながら",
    "（すべてがわたくしの中のみんなであるやうに",
    "みんなのおのおののなかのすべてですから）",
    "（あるひは修羅の十億年）",
    "記録や歴史、あるひは地史といふものも",
    "それのいろいろの論料といっしょに",
    "（因果の時空的制約のもとに）",
    "おそらくこれから二千年もたったころは",
    "それ相當のちがった地質學が流用され",
    "青ぞらいっぱいの無色な孔雀が居たとおもひ",
]


def _is_subsequence(part: list[str], whole: list[str]) -> bool:
    it = iter(whole)
    return all(line in it for line in part)


def test_jo_vertical_columns_in_poem_order(core: Any, corpus: Path) -> None:
    text = page(core, corpus / "pdfminer/samples/jo.pdf", 1).text
    lines = [ln for ln in text.split("\n") if ln.strip()]
    assert _is_subsequence(lines, JO_POEM), lines
    assert _is_subsequence(JO_ALWAYS, lines), lines


def test_issue6387_vertical_columns_each_on_its_own_line(core: Any, corpus: Path) -> None:
    text = page(core, corpus / "pdfjs/issue6387.pdf", 1).text
    lines = [ln for ln in text.split("\n") if ln.strip()]
    assert lines[0].startswith("tracking")  # the horizontal headings above the columns
    column = "あのイーハトーヴォのすきとおった風"
    # Nine columns; pdfium hands the first character of the rightmost one to its neighbour.
    assert sum(1 for ln in lines if ln == column) >= 7
    assert "のイーハトーヴォのすきとおった風" in lines
    assert all(len(ln) <= len(column) + 1 for ln in lines[2:])  # no columns glued together


# --------------------------------------------------------------------------------------------
# Running heads and line numbers


def test_conference_running_head_stripped_and_reported(core: Any, corpus: Path) -> None:
    pdf = corpus / "uda-benchmark/paper_docs/1705.07830.pdf"
    for number in (2, 7):
        p = page(core, pdf, number)
        assert "Published as a conference paper at ICLR 2018" not in p.text
        assert "Published as a conference paper at ICLR 2018" in p.furniture
        assert str(number) in p.furniture  # the page number at the foot
        assert "running_heads_stripped" in p.warnings


def test_book_feet_with_chapter_names_and_page_numbers(core: Any, corpus: Path) -> None:
    pdf = corpus / "pdfjs/freeculture.pdf"
    verso, recto = page(core, pdf, 102), page(core, pdf, 101)
    assert verso.furniture == ("90 FREE CULTURE", "<http://free-culture.org/get-it>")
    assert recto.furniture == ("“PROPERTY” 89",)
    assert "FREE CULTURE" not in verso.text and "<http://free-culture.org/get-it>" not in verso.text


def test_transcript_line_numbers(core: Any, corpus: Path) -> None:
    p = page(core, corpus / "pdfplumber/pdfs/scotus-transcript-p1.pdf", 1)
    # the running head over the page (one page: found on the page alone), then the line numbers
    assert p.furniture == ("Official - Subject to Final Review", *(str(n) for n in range(1, 26)))
    assert "line_numbers_stripped" in p.warnings and "running_heads_stripped" in p.warnings
    assert p.text.startswith("IN THE SUPREME COURT OF THE UNITED STATES")
    assert_in_order(p.text, "IN THE SUPREME COURT OF THE UNITED STATES", "Washington, D.C.", "of the Respondent.")


# --------------------------------------------------------------------------------------------
# Columns set apart by vertical rules


def test_bulletin_columns_parted_by_vertical_rules(core: Any, corpus: Path) -> None:
    # Four columns of short rows, a rule down between each two, drawn row by row.
    text = page(core, corpus / "pdfplumber/pdfs/la-precinct-bulletin-2014-p1.pdf", 1).text
    assert "NEEL KASHKARI 247 REP NO 142" not in text
    assert_in_order(
        text,
        "GOVERNOR",
        "TOM LACKEY",  # the first column's last row
        "AJ-SUPREME CT-G. LIU",  # the second's first
        "PJ 2D APP DV7-D. PERLUSS",
        "AJ 2D APP DV8-L. RUBIN",  # the third's first
        "STATE MEASURE 48",  # the fourth's first
    )


def test_checklist_parted_by_its_column_of_checkboxes(core: Any, corpus: Path) -> None:
    text = page(core, corpus / "pdfplumber/pdfs/issue-13-151201DSP-Fond-581-90D.pdf", 2).text
    assert_in_order(
        text,
        "Screening of Access report",
        "Protective plan implemented",
        "Placement with relatives",
        "Attempted or successful reunification",
        "Referral to services",
        "Case closed by agency",
    )


def extracted(path: Path, number: int) -> Any:
    """The pdfium text adapter's page (1-based ``number``)."""
    from adapters.pdfium_text import PdfiumTextExtractor
    from pdfcore.models import DocumentSource, Fingerprint

    source = DocumentSource(str(path), Fingerprint(path.stat().st_size, path.stat().st_mtime_ns, "x" * 64))
    (found,) = PdfiumTextExtractor().extract(source, [number - 1])
    return found


def test_the_bulletins_three_column_rules_are_its_gutters(corpus: Path) -> None:
    found = extracted(corpus / "pdfplumber/pdfs/la-precinct-bulletin-2014-p1.pdf", 1)
    assert len(found.gutters) == 3
    assert not any("AJ-SUPREME" in ln.text and "GOVERNOR" in ln.text for ln in found.lines)


@pytest.mark.parametrize(
    ("name", "number"),
    [
        # a flowchart: one line joined across a bracket's vertical stroke
        ("pypdf/resources/issue-604.pdf", 27),
        # a table's column rule, drawn piece by piece between the rules under its row groups
        ("uda-benchmark/paper_docs/1705.07830.pdf", 13),
        # a formula's vertical bar
        ("py-pdf_sample-files/009-pdflatex-geotopo/GeoTopo-komprimiert.pdf", 33),
        # a table's rows drawn across its column rules: figures right of them, labels left
        ("camelot/files/budget.pdf", 1),
        # a table ruled down only: its frame's sides as long as its column rules
        ("pdfplumber/pdfs/issue-466-example.pdf", 1),
        # a table's column rule with its cells' dashes sitting on it, nothing joined across
        ("uda-benchmark/tat_docs/inpixon_2019.pdf", 71),
    ],
)
def test_vertical_rules_that_stand_as_no_gutter_part_no_line(corpus: Path, name: str, number: int) -> None:
    found = extracted(corpus / name, number)
    assert found.gutters == ()
