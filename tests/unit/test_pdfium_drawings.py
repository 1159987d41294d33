"""Regions of vector art: painted paths merged where they lie close, sparse pages left empty."""

from __future__ import annotations

from adapters._pdfium_drawings import drawing_regions
from pdfcore.models import Box, Drawing


def test_bars_close_together_make_one_region_and_a_far_shape_another() -> None:
    bars = [Box(100 + 20 * k, 300 - 10 * k, 112 + 20 * k, 400) for k in range(6)]
    far = [Box(400, 600, 440, 640), Box(445, 600, 480, 640)]
    found = drawing_regions([*bars, *far], 612, 792)
    assert found == (Drawing(Box(100, 250, 212, 400), 6), Drawing(Box(400, 600, 480, 640), 2))


def test_few_paths_backgrounds_and_small_marks_make_no_region() -> None:
    assert drawing_regions([Box(10, 10, 50, 50), Box(52, 10, 90, 50)], 612, 792) == ()
    page = Box(0, 0, 612, 792)  # a background fill, and bullets
    bullets = [Box(72, 100 + 14 * k, 76, 104 + 14 * k) for k in range(5)]
    assert drawing_regions([page, *bullets], 612, 792) == ()


def test_a_box_reaching_far_off_the_page_is_left_out_and_others_are_clamped() -> None:
    curve = Box(300, -2000, 320, 3000)  # a curve's control points far off the page
    art = [Box(-5, 700, 40, 760), Box(42, 700, 80, 790), Box(42, 650, 80, 698)]
    assert drawing_regions([curve, *art], 612, 792) == (Drawing(Box(0, 650, 80, 790), 3),)


def test_words_on_bare_shaded_cells_count_and_labels_on_a_plot_panel_or_numbers_do_not() -> None:
    from adapters._pdfium_drawings import text_on_fills
    from adapters._pdfium_objects import FillRun
    from pdfcore.models import TextLine

    grey = (200, 200, 200, 255)
    cells = [FillRun(k, Box(100, 100 + 20 * k, 300, 118 + 20 * k), grey, None, 1.0) for k in range(4)]
    panel = FillRun(9, Box(320, 100, 420, 160), grey, None, 1.0)  # a plot's background, a curve on it
    curve = Box(330, 110, 410, 150)
    lines = [TextLine(f"Region {k}", Box(110, 104 + 20 * k, 160, 114 + 20 * k)) for k in range(4)]
    lines += [TextLine("42", Box(200, 104, 212, 114)), TextLine("Legend entry", Box(330, 140, 380, 148))]
    region = Drawing(Box(100, 100, 420, 180), 6)
    (found,) = text_on_fills((region,), [*cells, panel], [*(c.box for c in cells), panel.box, curve], lines)
    assert found.on_fills == 4


def test_a_region_is_cut_at_a_figure_caption_lying_across_it() -> None:
    from pdfcore.models import TextLine

    upper = [Box(200 + 20 * k, 100, 215 + 20 * k, 180) for k in range(4)]
    lower = [Box(200 + 20 * k, 260, 215 + 20 * k, 340) for k in range(4)]
    # a rail left of the art, its stroke's bounds blown up at a sharp corner, across the caption
    spike = Box(190, 0, 196, 300)
    caption = TextLine("Figure 5. The upper figure's caption.", Box(150, 200, 400, 210))
    merged = drawing_regions([*upper, *lower, spike], 612, 792)
    assert merged == (Drawing(Box(190, 0, 275, 340), 9),)
    found = drawing_regions([*upper, *lower, spike], 612, 792, [caption])
    # each side keeps the rail's width within the rows of its own art
    assert found == (Drawing(Box(190, 100, 275, 180), 5), Drawing(Box(190, 260, 275, 340), 5))
    # a caption beside the art, or with art on one side only, cuts nothing
    beside = TextLine("Figure 5. A caption in the next column.", Box(300, 200, 550, 210))
    assert drawing_regions([*upper, *lower, spike], 612, 792, [beside]) == merged
    assert drawing_regions([*upper, spike], 612, 792, [caption]) == (Drawing(Box(190, 0, 275, 300), 5),)


def test_a_region_is_cut_at_a_caption_led_by_any_figure_word() -> None:
    from pdfcore.models import TextLine

    upper = [Box(200 + 20 * k, 100, 215 + 20 * k, 180) for k in range(4)]
    lower = [Box(200 + 20 * k, 260, 215 + 20 * k, 340) for k in range(4)]
    spike = Box(190, 0, 196, 300)  # joins the two figures' art into one region
    art = [*upper, *lower, spike]
    for text in ("Abbildung 3.3: Beispiele für Wege", "Abb. 2 Kreis", "Figura 4. Dos caminos"):
        caption = TextLine(text, Box(150, 200, 400, 210))
        found = drawing_regions(art, 612, 792, [caption])
        assert found == (Drawing(Box(190, 100, 275, 180), 5), Drawing(Box(190, 260, 275, 340), 5)), text
    # a table's caption across the art is no figure's: the region stays whole
    table = TextLine("Tabelle 3: Werte", Box(150, 200, 400, 210))
    assert drawing_regions(art, 612, 792, [table]) == (Drawing(Box(190, 0, 275, 340), 9),)
