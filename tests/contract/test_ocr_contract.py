"""The OcrEngine contract, run against the fake and every OCR engine installed here.

One small image is drawn with Pillow (a title, two columns of three lines, a closing line), so
the position of every word is known. Each engine recognises it once (EasyOCR takes seconds even
for this, hence ``slow``); the assertions below are the same for all of them.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pytest

from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.models import Box, OcrResult, RasterImage
from pdfcore.registry import load_class, missing_modules
from ports.ocr_engine import OcrEngine
from tests.fakes.fake_ocr import FakeOcrEngine, words_from_lines

TITLE = "Quarterly Report Summary"
LEFT = ("Revenue grew strongly", "across every region", "during this year")
RIGHT = ("Costs fell slightly", "in the third quarter", "after the merger")
CLOSING = "Total amount 4213 dollars"
EXPECTED = {"quarterly", "report", "revenue", "strongly", "region", "costs", "slightly", "quarter", "merger", "4213"}


@dataclass(frozen=True)
class Drawn:
    image: RasterImage
    #: Each drawn line as (word, box) pairs, in reading order.
    lines: tuple[tuple[tuple[str, Box], ...], ...]

    def box_of(self, word: str) -> Box:
        return next(box for line in self.lines for text, box in line if text == word)


def _draw() -> Drawn:
    from PIL import Image, ImageDraw, ImageFont

    width, height = 1000, 420
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    body, big = ImageFont.load_default(size=30), ImageFont.load_default(size=40)
    placed: list[tuple[tuple[str, Box], ...]] = []

    def put(x: float, y: float, line: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> None:
        words: list[tuple[str, Box]] = []
        for word in line.split(" "):
            x0, y0, x1, y1 = draw.textbbox((x, y), word, font=font)
            draw.text((x, y), word, font=font, fill=0)
            words.append((word, Box(float(x0), float(y0), float(x1), float(y1))))
            x = x1 + draw.textlength(" ", font=font)
        placed.append(tuple(words))

    put(40, 30, TITLE, big)
    for i, line in enumerate(LEFT):
        put(40, 120 + 50 * i, line, body)
    for i, line in enumerate(RIGHT):
        put(560, 120 + 50 * i, line, body)
    put(40, 330, CLOSING, body)
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return Drawn(RasterImage(png=buf.getvalue(), width=width, height=height), tuple(placed))


def _shown_turned(image: RasterImage, turn: int) -> RasterImage:
    """The image as a scan would show it turned clockwise by ``turn`` degrees."""
    from PIL import Image

    with Image.open(io.BytesIO(image.png)) as opened:
        turned = opened.transpose(
            {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}[turn]
        )
    buf = io.BytesIO()
    turned.save(buf, format="PNG")
    return RasterImage(png=buf.getvalue(), width=turned.width, height=turned.height)


def _blank(width: int = 400, height: int = 200) -> RasterImage:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("L", (width, height), 255).save(buf, format="PNG")
    return RasterImage(png=buf.getvalue(), width=width, height=height)


def _norm(word: str) -> str:
    return re.sub(r"[^\w]", "", word.lower())


@pytest.fixture(scope="module")
def drawn() -> Drawn:
    return _draw()


@pytest.fixture(
    scope="module",
    params=[
        "fake",
        "tesseract",
        "rapidocr",
        pytest.param("easyocr", marks=pytest.mark.slow),
        "isolated-tesseract",
    ],
)
def engine(request: pytest.FixtureRequest, drawn: Drawn) -> OcrEngine:
    name = request.param
    if name == "fake":
        return FakeOcrEngine(words_from_lines(drawn.lines))
    isolated = name.startswith("isolated-")
    name = name.removeprefix("isolated-")
    if missing_modules("ocr", name):
        pytest.skip(f"{name} is not installed")
    real: OcrEngine = load_class("ocr", name)()
    try:
        real.check()
    except OcrUnavailable as exc:
        pytest.skip(f"{name} cannot run here: {exc.message}")
    if isolated:  # the same engine in the engine workers, behind the proxy the server uses
        from adapters.process_isolation import isolated as isolate
        from pdfcore.registry import spec

        pool = request.getfixturevalue("engine_pool")
        proxy: OcrEngine = isolate(OcrEngine, spec("ocr", name), pool, name=name)
        return proxy
    return real


@pytest.fixture(scope="module")
def result(engine: OcrEngine, drawn: Drawn) -> OcrResult:
    return engine.recognize(drawn.image, languages=("eng",))


def test_identity(engine: OcrEngine, result: OcrResult) -> None:
    assert result.engine == engine.name
    assert isinstance(engine.preferred_dpi, int) and 72 <= engine.preferred_dpi <= 600


def test_recognises_the_drawn_words(result: OcrResult) -> None:
    found = {_norm(w.text) for w in result.words}
    assert found >= EXPECTED, f"missing {sorted(EXPECTED - found)}"
    text_words = {_norm(w) for w in result.text.split()}
    assert text_words >= EXPECTED


def test_boxes_are_inside_the_image_and_on_their_words(result: OcrResult, drawn: Drawn) -> None:
    width, height = drawn.image.width, drawn.image.height
    for word in result.words:
        b = word.bbox
        assert 0 <= b.x0 <= b.x1 <= width and 0 <= b.y0 <= b.y1 <= height, word
        assert b.x1 > b.x0 and b.y1 > b.y0, word
    for expected in ("Revenue", "slightly", "4213", "Quarterly"):
        target = drawn.box_of(expected)
        pad = target.height
        hits = [w for w in result.words if _norm(w.text) == _norm(expected)]
        assert hits, expected
        cx, cy = (hits[0].bbox.x0 + hits[0].bbox.x1) / 2, (hits[0].bbox.y0 + hits[0].bbox.y1) / 2
        assert target.x0 - pad <= cx <= target.x1 + pad and target.y0 - pad <= cy <= target.y1 + pad, (
            expected,
            hits[0].bbox,
            target,
        )


def test_confidences_are_in_range(result: OcrResult) -> None:
    assert result.words
    assert all(0.0 <= w.confidence <= 1.0 for w in result.words)
    assert 0.0 <= result.mean_confidence <= 1.0
    assert result.mean_confidence > 0.5  # clean, large, black-on-white text
    mean = sum(w.confidence for w in result.words) / len(result.words)
    assert result.mean_confidence == pytest.approx(mean, abs=1e-6)


def test_text_follows_reading_order(result: OcrResult) -> None:
    lowered = result.text.lower()
    # Title, then the left column top to bottom, then the right column, then the closing line.
    # (Substrings, not words: an engine may drop a space, as in "Totalamount".)
    order = ["quarterly", "revenue", "across", "during", "costs", "third", "merger", "total"]
    positions = [lowered.find(w) for w in order]
    assert -1 not in positions, list(zip(order, positions))
    assert positions == sorted(positions), list(zip(order, positions))
    lines = lowered.splitlines()
    assert any("revenue" in ln and "strongly" in ln for ln in lines)
    assert not any("revenue" in ln and "costs" in ln for ln in lines)


def test_words_carry_line_numbers_in_reading_order(result: OcrResult) -> None:
    numbers = [w.line for w in result.words]
    assert numbers == sorted(numbers)
    by_text = {_norm(w.text): w.line for w in result.words}
    assert by_text["revenue"] == by_text["strongly"]
    assert by_text["revenue"] != by_text["costs"]
    assert by_text["revenue"] < by_text["across"] < by_text["costs"]


def test_a_turned_image_is_read_upright_with_the_turn_that_sets_it_upright(engine: OcrEngine, drawn: Drawn) -> None:
    shown = _shown_turned(drawn.image, 90)  # a landscape scan of the portrait page
    if isinstance(engine, FakeOcrEngine):
        engine = FakeOcrEngine(engine.words, turned=90)
    out = engine.recognize(shown, languages=("eng",), turn=270)
    found = {_norm(w.text) for w in out.words}
    assert found >= EXPECTED, f"missing {sorted(EXPECTED - found)}"
    # boxes in the turned (upright) image: as wide as the drawn page, not as the scan
    width, height = drawn.image.width, drawn.image.height
    for word in out.words:
        assert 0 <= word.bbox.x0 < word.bbox.x1 <= width and 0 <= word.bbox.y0 < word.bbox.y1 <= height, word
    target = drawn.box_of("Revenue")
    hit = next(w for w in out.words if _norm(w.text) == "revenue")
    cx, cy = (hit.bbox.x0 + hit.bbox.x1) / 2, (hit.bbox.y0 + hit.bbox.y1) / 2
    pad = target.height
    assert target.x0 - pad <= cx <= target.x1 + pad and target.y0 - pad <= cy <= target.y1 + pad, (hit, target)
    lowered = out.text.lower()
    assert lowered.find("revenue") < lowered.find("costs") < lowered.find("total")
    assert out.mean_confidence > 0.5


def test_orientation_is_a_turn_or_unknown(engine: OcrEngine, drawn: Drawn) -> None:
    if isinstance(engine, FakeOcrEngine):
        engine = FakeOcrEngine(engine.words, turned=180, detects=True)
        assert engine.detect_orientation(_shown_turned(drawn.image, 180)) == 180
        return
    assert engine.detect_orientation(drawn.image) in (None, 0)
    assert engine.detect_orientation(_shown_turned(drawn.image, 180)) in (None, 180)
    assert engine.detect_orientation(_shown_turned(drawn.image, 90)) in (None, 270)


def test_unknown_language_is_unavailable(engine: OcrEngine, drawn: Drawn) -> None:
    with pytest.raises(OcrUnavailable) as info:
        engine.recognize(drawn.image, languages=("zzz",))
    assert info.value.code == "ocr_unavailable"
    assert "zzz" in info.value.message


def test_undecodable_image_fails(engine: OcrEngine) -> None:
    with pytest.raises(OcrFailed) as info:
        engine.recognize(RasterImage(png=b"this is not a PNG", width=10, height=10), languages=("eng",))
    assert info.value.code == "ocr_failed"


def test_blank_image_has_no_words(engine: OcrEngine) -> None:
    if isinstance(engine, FakeOcrEngine):
        pytest.skip("the fake returns the words it was given, whatever the image")
    out = engine.recognize(_blank(), languages=("eng",))
    assert out.words == ()
    assert out.text.strip() == ""
    assert out.mean_confidence == 0.0


def test_fake_clips_words_to_the_image_and_records_calls() -> None:
    fake = FakeOcrEngine(words_from_lines([[("inside", Box(10, 10, 50, 30)), ("outside", Box(500, 500, 600, 520))]]))
    out = fake.recognize(_blank(100, 100), languages=("eng",))
    assert [w.text for w in out.words] == ["inside"]
    assert fake.calls == [(100, 100, ("eng",))]
    with pytest.raises(OcrUnavailable):
        FakeOcrEngine(available=False).check()
    with pytest.raises(OcrFailed):
        FakeOcrEngine(fail=True).recognize(_blank(), languages=())
