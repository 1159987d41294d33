"""Reading order of OCR lines (adapters._ocr_layout): pure geometry, no engine."""

from __future__ import annotations

from adapters._ocr_layout import Segment, build_result, even_words, segments_of_line

LH = 20.0  # line height used by the synthetic pages


def line(x: float, y: float, text: str, *, char_w: float = 10.0) -> list[Segment]:
    """One engine line starting at (x, y), words boxed at ``char_w`` per character."""
    bounds = (x, y, x + char_w * len(text), y + LH)
    return segments_of_line(even_words(text, 0.9, bounds), line_text=text)


def text_of(segments: list[Segment], width: int = 2000, height: int = 2000) -> str:
    return build_result("t", segments, width, height).text


def test_columns_are_read_one_after_the_other() -> None:
    segs = line(0, 0, "Title across the whole page width here")
    for i in range(3):
        segs += line(0, 40 + 25 * i, f"left {i} aaaa")
        segs += line(300, 40 + 25 * i, f"right {i} bbbb")
    order = [ln for ln in text_of(segs).splitlines() if ln.strip()]
    assert order == [
        "Title across the whole page width here",
        *(f"left {i} aaaa" for i in range(3)),
        *(f"right {i} bbbb" for i in range(3)),
    ]


def test_a_blank_band_crossing_both_columns_does_not_cut_them() -> None:
    # Left column: paragraph, gap, heading + paragraph; right column: paragraph, gap at the same
    # height. Read by bands, the top halves of both columns would come first.
    segs: list[Segment] = []
    for i in range(4):
        segs += line(0, 25 * i, f"L{i} left text")
        segs += line(300, 25 * i, f"R{i} right text")
    for i in range(4, 7):
        segs += line(0, 40 + 25 * i, f"L{i} left text")
        segs += line(300, 40 + 25 * i, f"R{i} right text")
    order = [ln.split()[0] for ln in text_of(segs).splitlines() if ln.strip()]
    assert order == [f"L{i}" for i in range(7)] + [f"R{i}" for i in range(7)]


def test_full_width_band_after_columns_stays_last() -> None:
    segs = line(0, 0, "a1 aaaa aaaa aaaa") + line(300, 0, "b1 bbbb bbbb bbbb")
    segs += line(0, 25, "a2 aaaa aaaa aaaa") + line(300, 25, "b2 bbbb bbbb bbbb")
    segs += line(0, 100, "closing line that spans both columns of the page")
    order = [ln.split()[0] for ln in text_of(segs).splitlines() if ln.strip()]
    assert order == ["a1", "a2", "b1", "b2", "closing"]


def test_a_line_is_cut_at_a_gutter_but_not_at_word_spaces() -> None:
    words = [("Revenue", 0.9, (0.0, 0.0, 70.0, 20.0)), ("grew", 0.9, (80.0, 0.0, 120.0, 20.0))]
    words += [("Costs", 0.9, (400.0, 0.0, 450.0, 20.0)), ("fell", 0.9, (460.0, 0.0, 500.0, 20.0))]
    segs = segments_of_line(words)
    assert [s.text for s in segs] == ["Revenue grew", "Costs fell"]
    assert segs[1].bounds == (400.0, 0.0, 500.0, 20.0)


def test_engine_line_text_is_kept_when_the_line_is_not_cut() -> None:
    chars = [(ch, 0.9, (10.0 * i, 0.0, 10.0 * i + 9, 20.0)) for i, ch in enumerate("日本語")]
    assert [s.text for s in segments_of_line(chars, line_text="日本語")] == ["日本語"]


def test_one_row_of_cells_reads_left_to_right_on_one_line() -> None:
    segs = line(0, 0, "Name") + line(400, 2, "Value") + line(800, 0, "Unit")
    assert text_of(segs) == "Name Value Unit"


def test_words_are_numbered_by_line_clipped_and_scored() -> None:
    segs = line(-5, 0, "edge words") + line(0, 30, "second line")
    result = build_result("t", segs, 60, 100)
    assert [w.line for w in result.words] == [0, 0, 1, 1]
    assert all(0 <= w.bbox.x0 <= w.bbox.x1 <= 60 for w in result.words)
    assert result.mean_confidence == 0.9
    assert result.text == "edge words\nsecond line"


def test_nothing_recognised() -> None:
    result = build_result("t", [], 10, 10)
    assert (result.words, result.text, result.mean_confidence) == ((), "", 0.0)


def test_lines_of_a_skewed_scan_stay_whole_and_in_order() -> None:
    # Five lines sloping down by 0.05 (about 3 degrees): across the 900 px width each line drops
    # 45 px, almost two line pitches, so the lines' boxes overlap their neighbours'.
    segs: list[Segment] = []
    for n in range(5):
        words = []
        for k in range(6):
            x = 150.0 * k
            y = 25.0 * n + 0.05 * x
            words.append((f"w{n}{k}", 0.9, (x, y, x + 135.0, y + 16.0)))
        segs += segments_of_line(words)
    assert all(s.slope is not None and abs(s.slope - 0.05) < 1e-9 for s in segs)
    lines = build_result("t", segs, 1200, 400).text.splitlines()
    assert lines == [" ".join(f"w{n}{k}" for k in range(6)) for n in range(5)]


def test_list_bullets_stay_with_their_items() -> None:
    # A bullet far left of its text is cut off as a segment of its own, but a column of bullets
    # is too narrow to be a text column: each item is read with its bullet.
    segs: list[Segment] = []
    for i in range(4):
        segs += segments_of_line(
            [("•", 0.9, (0.0, 25.0 * i, 8.0, 25.0 * i + 20)), (f"item{i}", 0.9, (80.0, 25.0 * i, 400.0, 25.0 * i + 20))]
        )
    assert len(segs) == 8  # each line cut at the wide gap after its bullet
    assert text_of(segs).splitlines() == [f"• item{i}" for i in range(4)]


def test_columns_found_without_blank_bands_around_them() -> None:
    # Engines that pad their boxes leave no blank band between lines: the two-column run is
    # found by its gutter and cut out of the full-width text above and below it.
    def padded(x: float, y: float, text: str) -> list[Segment]:
        return segments_of_line(even_words(text, 0.9, (x, y - 3, x + 10.0 * len(text), y + LH + 3)), line_text=text)

    segs = padded(0, 0, "intro line one spanning the full width of the page") + padded(
        0, 22, "intro line two also full width"
    )
    for i in range(4):
        segs += padded(0, 44 + 22 * i, f"left{i} text text") + padded(300, 44 + 22 * i, f"right{i} text text")
    segs += padded(0, 132, "closing line spanning the full width of the page")
    order = [ln.split()[0] for ln in text_of(segs).splitlines() if ln.strip()]
    assert order == ["intro", "intro"] + [f"left{i}" for i in range(4)] + [f"right{i}" for i in range(4)] + ["closing"]


def test_a_table_is_read_row_by_row() -> None:
    # Columns of figures beside a column of labels, gutters between them: not running text, so
    # each row is read across (a label with its figures), not each column down.
    segs: list[Segment] = []
    for i, label in enumerate(("All ages", "With a disability", "Severe disability", "Aged 6 and older")):
        y = 30.0 * i
        segs += line(0, y, label) + line(400, y, f"{291 + i},099") + line(600, y, f"{54 + i}.5") + line(800, y, "(X)")
    rows = text_of(segs).splitlines()
    assert rows == [
        "All ages 291,099 54.5 (X)",
        "With a disability 292,099 55.5 (X)",
        "Severe disability 293,099 56.5 (X)",
        "Aged 6 and older 294,099 57.5 (X)",
    ]


def test_a_rotated_stamp_is_read_apart_in_the_engines_order() -> None:
    # A margin stamp read upwards (words stacked bottom to top) beside a column of text: it
    # does not join the text's rows, and its words keep the engine's order.
    segs: list[Segment] = []
    for i in range(4):
        segs += line(100, 30.0 * i, f"body line {i} with several words in it")
    stamp = [("arXiv:1601", 0.9, (10.0, 60.0, 30.0, 120.0)), ("[cs.CV]", 0.9, (12.0, 0.0, 30.0, 50.0))]
    segs += segments_of_line(stamp)
    lines = [ln for ln in text_of(segs, 1000, 1000).splitlines() if ln.strip()]
    assert lines == [f"body line {i} with several words in it" for i in range(4)] + ["arXiv:1601 [cs.CV]"]


def test_a_column_holding_a_figure_s_labels_is_still_a_column() -> None:
    # Beside a column of text, a figure: short labels (more segments than the caption's lines,
    # but far fewer characters) over its caption. The right-hand side is running text and is
    # read after the left, not row by row with it.
    segs: list[Segment] = []
    for i in range(8):
        segs += line(0, 25.0 * i, f"left {i} running text of the first column")
    for i in range(5):
        segs += line(500, 25.0 * i, f"x{i}") + line(600, 25.0 * i, f"w{i}")
    for i in range(5, 8):
        segs += line(500, 25.0 * i, f"caption {i} of the figure above")
    lines = [ln for ln in text_of(segs).splitlines() if ln.strip()]
    assert lines[:8] == [f"left {i} running text of the first column" for i in range(8)]
    assert lines[-3:] == [f"caption {i} of the figure above" for i in range(5, 8)]
