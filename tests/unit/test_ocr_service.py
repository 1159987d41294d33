"""OcrService on fakes: reading order, pages side by side, orientation, noise, budget and cap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.geometry import turn_box
from pdfcore.models import Box, OcrWord
from pdfcore.services.ocr import OcrService
from tests.fakes import FakeDocument, fake_core
from tests.fakes.fake_ocr import FakeOcrEngine, words_from_lines
from tests.fakes.fake_renderer import FakeRenderer

#: The fake engine's resolution: page points times this are its pixels.
PX = 150 / 72
LEFT = [f"left column line {i} reads on with several more words" for i in range(1, 8)]
RIGHT = [f"right column line {i} carries on with other words" for i in range(1, 8)]
TITLE = "A Title Across The Whole Page Above Both Columns Of Text Here"


def _line(text: str, x: float, y: float) -> list[tuple[str, Box]]:
    """Words of a line of 10 pt text starting at (x, y) points, boxed in the engine's pixels."""
    out = []
    for word in text.split():
        w = 5.0 * len(word)
        out.append((word, Box(x * PX, y * PX, (x + w) * PX, (y + 10) * PX)))
        x += w + 4
    return out


def two_column_lines() -> list[list[tuple[str, Box]]]:
    """A title, then two columns of seven lines, numbered column by column (reading order)."""
    lines = [_line(TITLE, 60, 60)]
    lines += [_line(t, 60, 100 + 13 * i) for i, t in enumerate(LEFT)]
    lines += [_line(t, 320, 100 + 13 * i) for i, t in enumerate(RIGHT)]
    return lines


def setup(
    tmp_path: Path, engine: FakeOcrEngine, pages: int = 1, size: tuple[float, float] = (612.0, 792.0), **kw: Any
) -> tuple[Any, OcrService, Any, Any]:
    """A core on fakes with a document of ``pages`` scanned pages (no text layer), and an
    OcrService on the fake engine."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    core, _ = fake_core(tmp_path, {"scan.pdf": FakeDocument([""] * pages, size=size)})
    service = OcrService(core.documents, FakeRenderer(size=size), lambda: engine, **kw)
    source = core.open(str(tmp_path / "scan.pdf"))
    facts, _ = core.documents.facts(source)
    return core, service, source, facts


def page_text(core: Any, source: Any, facts: Any, index: int = 0) -> Any:
    return core.documents.pages(source, [index], facts).pages[index]


def test_columns_read_in_the_engines_order(tmp_path: Path) -> None:
    engine = FakeOcrEngine(words_from_lines(two_column_lines()))
    core, service, source, facts = setup(tmp_path, engine)
    try:
        report = service.run(source, facts, [0])
        assert report.pages_recognised == (1,)
        text = page_text(core, source, facts).text
        order = [text.index(s) for s in [TITLE, *LEFT, *RIGHT]]
        assert order == sorted(order), text
        page = page_text(core, source, facts)
        assert page.source == "ocr" and page.ocr_confidence == pytest.approx(0.95)
        # the lines keep their boxes in page space (points), as native lines do
        first = page.blocks[0].lines[0]
        assert first.text == TITLE and first.bbox.x0 == pytest.approx(60.0) and first.bbox.y0 == pytest.approx(60.0)
    finally:
        core.close()


def test_pages_are_read_side_by_side_and_timed(tmp_path: Path) -> None:
    engine = FakeOcrEngine(words_from_lines(two_column_lines()), seconds=0.3, parallelism=2)
    core, service, source, facts = setup(tmp_path, engine, pages=4)
    try:
        from pdfcore import telemetry

        with telemetry.collect() as stats:
            report = service.run(source, facts, [0, 1, 2, 3])
        assert report.pages_recognised == (1, 2, 3, 4)
        assert engine.most_at_once == 2 and report.pages_at_once == 2
        # the call's statistics count the pages' time under "ocr", though threads of their own read them
        assert stats.phases_ms()["ocr"] >= 2 * 300
        assert [t.page for t in report.page_times] == [1, 2, 3, 4]
        assert all(t.recognise_seconds >= 0.3 and t.seconds >= t.recognise_seconds for t in report.page_times)
        assert all(t.turned == 0 and t.readings == 1 for t in report.page_times)
        assert report.seconds is not None and report.seconds < 4 * 0.3  # not one after the other
    finally:
        core.close()


def test_one_page_at_a_time_when_the_engine_says_so(tmp_path: Path) -> None:
    engine = FakeOcrEngine(words_from_lines(two_column_lines()), seconds=0.05)
    core, service, source, facts = setup(tmp_path, engine, pages=3)
    try:
        report = service.run(source, facts, [0, 1, 2])
        assert engine.most_at_once == 1 and report.pages_at_once == 1
    finally:
        core.close()


def test_an_upright_page_is_read_once(tmp_path: Path) -> None:
    engine = FakeOcrEngine(words_from_lines(two_column_lines()), detects=True)
    core, service, source, facts = setup(tmp_path, engine)
    try:
        service.run(source, facts, [0])
        assert engine.turns == [0] and engine.detections == 0
    finally:
        core.close()


@pytest.mark.parametrize("turned", [90, 180, 270])
@pytest.mark.parametrize("detects", [True, False])
def test_a_turned_page_is_read_upright(tmp_path: Path, turned: int, detects: bool) -> None:
    # The scan shows the page turned clockwise by ``turned``: a quarter turn makes it landscape.
    size = (792.0, 612.0) if turned in (90, 270) else (612.0, 792.0)
    engine = FakeOcrEngine(words_from_lines(two_column_lines()), turned=turned, detects=detects)
    core, service, source, facts = setup(tmp_path, engine, size=size)
    try:
        report = service.run(source, facts, [0])
        upright = (360 - turned) % 360
        assert report.page_times[0].turned == upright
        if detects:
            assert engine.detections == 1 and engine.turns == [0, upright]
        else:  # tried: 270 then 90 for vertical lines, 180 for lines upside down
            assert upright in engine.turns and engine.turns[0] == 0
        page = page_text(core, source, facts)
        assert "ocr_low_confidence" not in page.warnings and page.ocr_confidence == pytest.approx(0.95)
        order = [page.text.index(s) for s in [TITLE, *LEFT, *RIGHT]]
        assert order == sorted(order), page.text
        # boxes are in page space: the title's box is where the turned page shows it
        words = _line(TITLE, 60, 60)
        upright_box = Box(60.0, 60.0, words[-1][1].x1 / PX, 70.0)
        expected = turn_box(upright_box, turned, 612.0, 792.0)
        title = page.blocks[0].lines[0].bbox
        assert [round(v, 3) for v in (title.x0, title.y0, title.x1, title.y1)] == [
            round(v, 3) for v in (expected.x0, expected.y0, expected.x1, expected.y1)
        ]
    finally:
        core.close()


@pytest.mark.parametrize("turned", [90, 270])
def test_a_quarter_turn_read_as_level_pieces_is_read_upright(tmp_path: Path, turned: int) -> None:
    # An engine without orientation detection that reads a page turned by a quarter as short level
    # pieces (EasyOCR): the half turn leaves it unsure, so the quarter turns are tried too.
    size = (792.0, 612.0)
    engine = FakeOcrEngine(words_from_lines(two_column_lines()), turned=turned, level_pieces=True)
    core, service, source, facts = setup(tmp_path, engine, size=size)
    try:
        report = service.run(source, facts, [0])
        upright = (360 - turned) % 360
        assert engine.turns[:2] == [0, 180] and engine.turns[-1] == upright
        assert report.page_times[0].turned == upright
        page = page_text(core, source, facts)
        assert "ocr_low_confidence" not in page.warnings and page.ocr_confidence == pytest.approx(0.95)
        order = [page.text.index(s) for s in [TITLE, *LEFT, *RIGHT]]
        assert order == sorted(order), page.text
    finally:
        core.close()


def test_a_page_read_surely_after_the_half_turn_tries_no_quarter_turn(tmp_path: Path) -> None:
    engine = FakeOcrEngine(words_from_lines(two_column_lines()), turned=180, level_pieces=True)
    core, service, source, facts = setup(tmp_path, engine)
    try:
        service.run(source, facts, [0])
        assert engine.turns == [0, 180]
    finally:
        core.close()


def test_noise_keeps_no_text_and_is_not_indexed(tmp_path: Path) -> None:
    lines = [
        [("zqx", Box(100, 100 + 40 * i, 160, 125 + 40 * i)), ("vvkj", Box(170, 100 + 40 * i, 240, 125 + 40 * i))]
        for i in range(6)
    ]
    engine = FakeOcrEngine(words_from_lines(lines, confidence=0.2))
    core, service, source, facts = setup(tmp_path, engine)
    try:
        report = service.run(source, facts, [0])
        assert report.pages_unreadable == (1,) and report.pages_recognised == ()
        assert report.unreadable_note is not None and "ocr_lang" in report.unreadable_note
        page = page_text(core, source, facts)
        assert page.text == "" and page.char_count == 0 and page.source == "ocr"
        assert "ocr_low_confidence" in page.warnings and {"no_text", "likely_scanned"} & set(page.warnings)
        assert not core.search(str(tmp_path / "scan.pdf"), "zqx", mode="keyword").matches
        # asked again with the same engine and languages: not read again
        calls = len(engine.calls)
        again = service.run(source, facts, [0])
        assert len(engine.calls) == calls and again.pages_from_cache == (1,) and again.pages_unreadable == (1,)
        # another language may read it: it is read again
        engine.languages = frozenset({"eng", "fra"})
        service.run(source, facts, [0], languages="fra")
        assert len(engine.calls) > calls
    finally:
        core.close()


def test_a_poor_reading_is_flagged_but_kept(tmp_path: Path) -> None:
    engine = FakeOcrEngine(words_from_lines(two_column_lines(), confidence=0.5))
    core, service, source, facts = setup(tmp_path, engine)
    try:
        report = service.run(source, facts, [0])
        assert report.pages_recognised == (1,) and report.pages_unreadable == ()
        page = page_text(core, source, facts)
        assert "ocr_low_confidence" in page.warnings and LEFT[0] in page.text
        assert [m.page for m in core.search(str(tmp_path / "scan.pdf"), "carries", mode="keyword").matches] == [1]
    finally:
        core.close()


def test_time_budget_leaves_the_rest_for_the_next_call(tmp_path: Path) -> None:
    engine = FakeOcrEngine(words_from_lines(two_column_lines()), seconds=0.3)
    core, service, source, facts = setup(tmp_path, engine, pages=3, call_seconds=0.1)
    try:
        report = service.run(source, facts, [0, 1, 2])
        assert report.pages_recognised == (1,) and report.pages_not_done == "2-3"
        assert report.reason_not_done == "the time budget ran out"
        assert report.next_call == "pdf_read_pages(path, pages='2-3', ocr=true)"
    finally:
        core.close()


def test_cap_names_the_next_range(tmp_path: Path) -> None:
    engine = FakeOcrEngine(words_from_lines(two_column_lines()))
    core, service, source, facts = setup(tmp_path, engine, pages=3, max_pages=2)
    try:
        report = service.run(source, facts, [0, 1, 2])
        assert report.pages_recognised == (1, 2) and report.pages_not_done == "3"
        assert report.reason_not_done == "at most 2 pages are recognised per call"
        again = service.run(source, facts, [0, 1, 2])
        assert again.pages_from_cache == (1, 2) and again.pages_recognised == (3,)
    finally:
        core.close()


def test_failures_invent_no_text(tmp_path: Path) -> None:
    core, service, source, facts = setup(tmp_path, FakeOcrEngine(fail=True), pages=2)
    try:
        with pytest.raises(OcrFailed, match="no text was invented"):
            service.run(source, facts, [0, 1])
        page = page_text(core, source, facts)
        assert page.source == "extracted" and "no_text" in page.warnings
    finally:
        core.close()
    core, service, source, facts = setup(tmp_path / "b", FakeOcrEngine(available=False))
    try:
        with pytest.raises(OcrUnavailable):
            service.run(source, facts, [0])
    finally:
        core.close()


def test_pages_with_usable_text_are_left_alone(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["a page with a perfectly usable text layer", ""])})
    engine = FakeOcrEngine(words_from_lines(two_column_lines()))
    service = OcrService(core.documents, FakeRenderer(), lambda: engine)
    try:
        source = core.open(str(tmp_path / "a.pdf"))
        facts, _ = core.documents.facts(source)
        report = service.run(source, facts, [0, 1])
        assert report.pages_with_usable_text == (1,) and report.pages_recognised == (2,)
        assert len(engine.calls) == 1
    finally:
        core.close()


def test_turn_box_round_trip() -> None:
    box = Box(10.0, 20.0, 30.0, 60.0)
    for turn in (0, 90, 180, 270):
        turned = turn_box(box, turn, 100.0, 200.0)
        width, height = (200.0, 100.0) if turn in (90, 270) else (100.0, 200.0)
        assert 0 <= turned.x0 < turned.x1 <= width and 0 <= turned.y0 < turned.y1 <= height
        assert turn_box(turned, (360 - turn) % 360, width, height) == box
    assert turn_box(box, 90, 100.0, 200.0) == Box(140.0, 10.0, 180.0, 30.0)  # the top-left goes top-right


def test_words_of_one_line_share_its_box() -> None:
    from pdfcore.services.ocr import lines_of

    words = [
        OcrWord("b", Box(300, 0, 320, 10), 0.9, line=1),
        OcrWord("a", Box(0, 0, 20, 10), 0.9, line=0),
        OcrWord("c", Box(330, 0, 350, 10), 0.9, line=1),
    ]
    lines = lines_of(words, 0.5)
    assert [ln.text for ln in lines] == ["a", "b c"]
    assert lines[1].bbox == Box(150.0, 0.0, 175.0, 5.0)


def test_a_paragraph_stays_one_block_whatever_its_lines_reach(tmp_path: Path) -> None:
    # Recognised boxes reach from the tallest letter to the lowest: a line without descenders
    # ("causal relations are also more difficult in social") or a short last line ("programs.")
    # is lower than its neighbours, but set in the same font. A heading is taller.
    def line(text: str, y: float, height: float) -> list[tuple[str, Box]]:
        return [(w, Box(b.x0, y * PX, b.x1, (y + height) * PX)) for w, b in _line(text, 72, y)]

    rows = [line("A Heading Set Large Above The Text", 60, 16)]
    body = [
        ("the first line of the paragraph with descenders", 10),
        ("causal relations are also more difficult in social", 7.6),
        ("another line reaching both up and down properly", 10),
        ("programs.", 6.5),
    ]
    rows += [line(text, 84 + 12 * i, h) for i, (text, h) in enumerate(body)]
    engine = FakeOcrEngine(words_from_lines(rows))
    core, service, source, facts = setup(tmp_path, engine)
    try:
        service.run(source, facts, [0])
        page = page_text(core, source, facts)
        assert [len(b.lines) for b in page.blocks] == [1, 4], page.text
        heading, first = page.blocks[0].lines[0], page.blocks[1].lines[0]
        assert heading.font_size > first.font_size
        assert {ln.font_size for ln in page.blocks[1].lines} == {first.font_size}
    finally:
        core.close()


@pytest.mark.parametrize("turned", [180, 270])
def test_an_engine_sure_of_its_misreadings_is_not_trusted_below_its_sure_confidence(
    tmp_path: Path, turned: int
) -> None:
    # RapidOCR scores the letters it makes of upside-down text 0.6-0.75: above min_confidence,
    # below the confidence it reads upright text with. Such a reading is tried turned, and a
    # turn that reads upside down again is not taken for the answer.
    size = (792.0, 612.0) if turned in (90, 270) else (612.0, 792.0)
    engine = FakeOcrEngine(words_from_lines(two_column_lines()), turned=turned, misread_confidence=0.7)
    core, service, source, facts = setup(tmp_path, engine, size=size)
    try:
        report = service.run(source, facts, [0])
        assert report.page_times[0].turned == (360 - turned) % 360
        assert page_text(core, source, facts).ocr_confidence == pytest.approx(0.95)
    finally:
        core.close()
