"""The use-case services behind the façade, each on fakes, and the capability report that
server_info is made from (a backend that is not there is never claimed)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

from mcp_adapter.server_info import server_info_answer
from pdfcore.api import Pdfcore
from pdfcore.assembly import Services
from pdfcore.config import Settings, load_settings
from pdfcore.errors import BackendUnavailable, InvalidArgument, UnknownRef
from pdfcore.models import Box, Table
from pdfcore.services.memo import Memo
from pdfcore.services.stores import DocumentStores
from tests.fakes.fake_embedder import FakeEmbedder
from tests.fakes.fake_extras import FakeDocumentExtras
from tests.fakes.fake_images import FakeImageProcessor
from tests.fakes.fake_ocr import FakeOcrEngine, words_from_lines
from tests.fakes.fake_renderer import FakeRenderer
from tests.fakes.fake_scorer import FakeVectorScorer
from tests.fakes.fake_store import FakeStore
from tests.fakes.fake_tables import FakeTableExtractor
from tests.fakes.fake_text import FakeDocument, FakeTextExtractor
from tests.fakes.fake_vectors import FakeVectorSource, PageBuilder

LONG = FakeDocument([f"Page {i} talks about topic {i}." for i in range(1, 26)])
SHORT = FakeDocument(["Alpha beta gamma.", "Delta epsilon zeta.", "Gamma again on page three."])


def _settings(tmp_path: Path) -> Settings:
    cfg = tmp_path / "config.toml"
    cfg.write_text("")
    return load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")})


def _core(tmp_path: Path, docs: dict[str, FakeDocument], **backends: Any) -> tuple[Pdfcore, dict[str, str]]:
    """A Pdfcore made directly from fakes (no composition root): only what ``backends`` gives."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    text = FakeTextExtractor()
    paths = {}
    for name, doc in docs.items():
        path = tmp_path / name
        path.write_bytes(b"%PDF-1.7 fake " + name.encode())
        text.documents[str(path.resolve())] = doc
        paths[name] = str(path)
    backends.setdefault("store", FakeStore())
    backends.setdefault("renderer", FakeRenderer())
    return Pdfcore(_settings(tmp_path), text=text, **backends), paths


# -- the one mechanism that builds services ------------------------------------------------------


def test_services_are_built_once_on_first_use_even_from_many_threads(tmp_path: Path) -> None:
    core, _ = _core(tmp_path, {})
    assert core.services.built("documents") is None and core.services.built("reading") is None
    seen: list[object] = []
    threads = [threading.Thread(target=lambda: seen.append(core.services.reading)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(s) for s in seen}) == 1
    assert core.services.built("documents") is core.services.reading.documents  # built in turn


def test_chart_service_is_built_like_the_others_and_refused_without_a_source(tmp_path: Path) -> None:
    core, _ = _core(tmp_path, {}, vectors=FakeVectorSource({0: PageBuilder().build()}))
    assert core.services.charts is core.services.charts
    bare, _ = _core(tmp_path / "bare", {})
    with pytest.raises(BackendUnavailable):
        _ = bare.services.charts
    assert bare.services.built("charts") is None
    bare.services.build_all()  # builds what it can, leaves the chart service unbuilt
    assert bare.services.built("corpus") is not None and bare.services.built("charts") is None


# -- stores and the memo ---------------------------------------------------------------------------


def test_documents_that_need_a_password_use_a_private_store_made_once() -> None:
    persistent, made = FakeStore(), []

    def private() -> FakeStore:
        made.append(FakeStore())
        return made[-1]

    stores = DocumentStores(persistent, private)
    assert stores.for_document(False) is persistent
    assert stores.for_document(True) is stores.for_document(True) is made[0] and len(made) == 1
    without_cache = DocumentStores(None, private)
    assert without_cache.for_document(False) is without_cache.for_document(True)
    with pytest.raises(BackendUnavailable):
        DocumentStores(None, None).for_document(False)


def test_memo_keeps_the_most_recent_and_reads_a_key_once_at_a_time() -> None:
    memo = Memo(capacity=2)
    memo.put(("a", "x"), 1)
    memo.put(("b", "x"), 2)
    assert memo.get(("a", "x")) == 1  # a use: now b is the oldest
    memo.put(("c", "x"), 3)
    assert memo.get(("b", "x")) is None and memo.get(("a", "x")) == 1
    reads: list[int] = []

    def slow() -> tuple[int, ...]:
        reads.append(1)
        time.sleep(0.2)
        return (42,)

    got: list[tuple[int, ...]] = []
    racers = [threading.Thread(target=lambda: got.append(memo.once(("d", "x"), tuple, slow))) for _ in range(4)]
    for t in racers:
        t.start()
    for t in racers:
        t.join()
    assert reads == [1] and got == [(42,)] * 4


# -- reading, tables, charts, OCR ---------------------------------------------------------------


def test_reading_without_pages_gives_a_long_document_its_map_and_a_short_one_its_text(tmp_path: Path) -> None:
    core, paths = _core(tmp_path, {"long.pdf": LONG, "short.pdf": SHORT})
    reader = core.services.page_reader
    long_source = core.open(paths["long.pdf"])
    mapped = reader.read_pages(
        long_source, None, name="long.pdf", max_chars=10**6, max_chars_per_page=10**6, ocr=False, ocr_lang=None,
        detect_charts=False,
    )  # fmt: skip
    assert mapped.pages == () and mapped.document_map is not None and "25 pages" in mapped.notices[0]
    assert "'long.pdf'" in " ".join(mapped.document_map.next_calls)
    short = core.read_pages(paths["short.pdf"])
    assert [p.page for p in short.pages] == [1, 2, 3] and short.document_map is None


def test_read_pages_adds_tables_once_and_counts_charts(tmp_path: Path) -> None:
    grid = Table(header=("a", "b"), rows=(("1", "2"), ("3", "4")), bbox=Box(72, 72, 300, 200))
    tables = FakeTableExtractor({0: [grid]})
    chart_source = FakeVectorSource({0: PageBuilder().build(), 1: PageBuilder().build()}, page_count=2)
    core, paths = _core(tmp_path, {"t.pdf": SHORT}, tables=tables, vectors=chart_source)
    table_reader = core.services.tables
    source = core.open(paths["t.pdf"])
    facts, _ = core.documents.facts(source)
    page = core.documents.pages(source, [0], facts).pages[0]
    assert table_reader.page(source, facts, page).tables_checked
    assert core.documents.pages(source, [0], facts).pages[0].tables_checked  # cached with the page
    r = core.read_pages(paths["t.pdf"], "1-2", detect_charts=True)
    assert [p.charts_detected for p in r.pages] == [0, 0]  # a page without a plot frame holds no chart
    broken, paths2 = _core(tmp_path / "no-charts", {"t.pdf": SHORT})
    r = broken.read_pages(paths2["t.pdf"], "1", detect_charts=True)
    assert r.pages[0].charts_detected is None  # could not check: unknown, not chart-free


class _SharedTables(FakeTableExtractor):
    """A table engine run in several workers, whose first call on a document is costly."""

    parallelism = 2

    def __init__(self, tables: dict[int, list[Table]] | None = None) -> None:
        super().__init__(tables)
        self.prepared: list[str] = []
        self.ready = threading.Event()

    def prepare(self, source: Any) -> None:
        self.prepared.append(source.path)
        self.ready.set()


def test_a_markdown_read_prepares_the_table_engine_once_ahead(tmp_path: Path) -> None:
    grid = Table(header=("a", "b"), rows=(("1", "2"), ("3", "4")), bbox=Box(72, 72, 300, 200))
    tables = _SharedTables({0: [grid]})
    core, paths = _core(tmp_path, {"s.pdf": SHORT, "l.pdf": LONG, "r.pdf": SHORT}, tables=tables)
    core.read_all(paths["s.pdf"])  # text: no table is read
    core.read_pages(paths["s.pdf"], "1-2")  # text: tables are read, nothing is prepared
    assert tables.prepared == []
    core.read_all(paths["l.pdf"], format="markdown")
    assert tables.ready.wait(5)
    assert tables.prepared == [str(Path(paths["l.pdf"]).resolve())]
    core.read_all(paths["l.pdf"], format="markdown")
    core.read_pages(paths["l.pdf"], "3-4", format="markdown")
    time.sleep(0.05)
    assert len(tables.prepared) == 1  # once per document
    tables.ready.clear()
    core.read_pdf(paths["r.pdf"])  # the compact read answers Markdown
    assert tables.ready.wait(5)
    assert tables.prepared[-1] == str(Path(paths["r.pdf"]).resolve())


def test_nothing_is_prepared_for_tables_already_read_or_without_a_worker_to_spare(tmp_path: Path) -> None:
    tables = _SharedTables()
    core, paths = _core(tmp_path, {"s.pdf": SHORT}, tables=tables)
    core.read_pages(paths["s.pdf"], "1-2")  # the first page's tables are read (and cached)
    core.read_pages(paths["s.pdf"], "1", format="markdown")
    core.read_all(paths["s.pdf"], format="markdown")
    one = FakeTableExtractor()
    lone, paths2 = _core(tmp_path / "one", {"s.pdf": SHORT}, tables=one)
    prepared: list[object] = []
    one.prepare = prepared.append  # type: ignore[method-assign]
    lone.read_all(paths2["s.pdf"], format="markdown")
    time.sleep(0.05)
    assert tables.prepared == [] and prepared == []


def test_a_page_read_as_a_neighbour_is_not_read_again_when_handed_in_as_it_was(tmp_path: Path) -> None:
    figures = "\n".join(f"{10 + k} {20 + k} {30 + k} {40 + k}" for k in range(6))
    tables = FakeTableExtractor()
    core, paths = _core(tmp_path, {"f.pdf": FakeDocument([figures, figures])}, tables=tables)
    reader = core.services.tables
    source = core.open(paths["f.pdf"])
    facts, _ = core.documents.facts(source)
    held = core.documents.pages(source, [0, 1], facts).pages  # as a read loop holds its batch
    first = reader.page(source, facts, held[1])  # as the neighbour of page 1
    assert len(tables.calls) == 1 and first.tables_checked
    assert core.documents.pages(source, [1], facts).pages[1].tables_checked  # the cache has it
    assert reader.page(source, facts, held[1]) == first  # the loop's own copy, from before
    assert len(tables.calls) == 1
    reader.page(source, facts, held[0])
    assert [page for page, _ in tables.calls] == [1, 0]


class _SlowTables(_SharedTables):
    """A table engine in two workers whose calls take a while, counting how many run at once."""

    def __init__(self, tables: dict[int, list[Table]] | None = None) -> None:
        super().__init__(tables)
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0

    def extract_tables(self, source: Any, page: int, *, regions: tuple[Box, ...] = ()) -> tuple[Table, ...]:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            time.sleep(0.15)
            return super().extract_tables(source, page, regions=regions)
        finally:
            with self.lock:
                self.running -= 1


def test_a_markdown_read_reads_the_tables_of_its_pages_side_by_side(tmp_path: Path) -> None:
    figures = "\n".join(f"{10 + k} {20 + k} {30 + k} {40 + k}" for k in range(6))
    grid = Table(header=("a", "b"), rows=(("1", "2"), ("3", "4")), bbox=Box(72, 72, 140, 156))  # over the lines
    tables = _SlowTables({2: [grid]})
    core, paths = _core(tmp_path, {"f.pdf": FakeDocument([figures] * 4)}, tables=tables)
    core.services.text.parallelism = 2  # the pages come in batches, as from two engine workers
    r = core.read_all(paths["f.pdf"], format="markdown")
    assert sorted(page for page, _ in tables.calls) == [0, 1, 2, 3]  # each page's tables read once
    assert tables.most == 2  # two at a time, one per worker
    one = FakeTableExtractor({2: [grid]})
    again, paths2 = _core(tmp_path / "one", {"f.pdf": FakeDocument([figures] * 4)}, tables=one)
    assert again.read_all(paths2["f.pdf"], format="markdown").markdown == r.markdown  # as read one by one
    got = core.read_pages(paths["f.pdf"], "1-4").pages
    assert [len(p.tables) for p in got] == [0, 0, 1, 0]  # from the cache, read once
    assert [p.tables for p in got] == [p.tables for p in again.read_pages(paths2["f.pdf"], "1-4").pages]
    assert len(tables.calls) == 4


def test_a_page_is_settled_once_its_tables_are_read_and_none_was_found(tmp_path: Path) -> None:
    """``settled``: building the page would wait for nothing (no engine call, no neighbour)."""
    figures = "\n".join(f"{10 + k} {20 + k} {30 + k} {40 + k}" for k in range(6))
    grid = Table(header=("a", "b"), rows=(("1", "2"), ("3", "4")), bbox=Box(72, 72, 140, 156))
    tables = _SlowTables({2: [grid]})
    core, paths = _core(tmp_path, {"f.pdf": FakeDocument([figures, figures, figures, "Plain words."])}, tables=tables)
    reader = core.services.tables
    source = core.open(paths["f.pdf"])
    facts, _ = core.documents.facts(source)
    held = core.documents.pages(source, [0, 1, 2, 3], facts).pages
    assert not any(reader.settled(source, held[i]) for i in range(4))  # nothing asked for yet
    reader.ahead(source, facts, [held[i] for i in range(4)])
    assert reader.settled(source, held[3])  # no place where a table may be: none asked for
    assert not reader.settled(source, held[0])  # its read is on its way
    for i in range(3):
        assert reader.ready(source, held[i], 5.0)
    assert reader.settled(source, held[0]) and reader.settled(source, held[1])  # read, none found
    assert not reader.settled(source, held[2])  # a table: its neighbours may be read
    other = attrs.evolve(held[1], text=held[1].text + " ")
    assert not reader.settled(source, other)  # asked for another copy of the page
    read = reader.page(source, facts, held[1])
    assert reader.settled(source, read) and reader.settled(source, held[1])  # read from this very page


@pytest.mark.parametrize("format", ["text", "markdown"])
def test_read_pages_reads_the_tables_of_its_pages_side_by_side(tmp_path: Path, format: str) -> None:
    figures = "\n".join(f"{10 + k} {20 + k} {30 + k} {40 + k}" for k in range(6))
    tables = _SlowTables()
    core, paths = _core(tmp_path, {"f.pdf": FakeDocument([figures] * 4)}, tables=tables)
    r = core.read_pages(paths["f.pdf"], "1-4", format=format)
    assert len(r.pages) == 4 and sorted(page for page, _ in tables.calls) == [0, 1, 2, 3]
    assert tables.most == 2


def test_read_pages_with_ocr_runs_the_engine_first_and_reports(tmp_path: Path) -> None:
    engine = FakeOcrEngine()
    core, paths = _core(tmp_path, {"s.pdf": SHORT}, ocr_engine=lambda: engine)
    r = core.read_pages(paths["s.pdf"], "1", ocr=True)
    assert r.ocr is not None and r.ocr["pages_with_usable_text"] == [1]  # native text kept, not OCRed
    with pytest.raises(InvalidArgument):
        core.read_pages(paths["s.pdf"], "1", ocr="yes")  # type: ignore[arg-type]


# -- rendering ---------------------------------------------------------------------------------


def test_render_pages_by_number_before_the_document_is_inspected(tmp_path: Path) -> None:
    core, paths = _core(tmp_path, {"s.pdf": SHORT})
    source = core.open(paths["s.pdf"])
    r = core.services.page_renderer.render_pages(source, "2", dpi=72, clip=None, ref=None)
    assert r.pages_rendered == (2,) and core.documents.known_facts(source) is None
    with pytest.raises(InvalidArgument):
        core.render_pages(paths["s.pdf"], "1", ref="p1m1")
    with pytest.raises(UnknownRef):
        core.render_pages(paths["s.pdf"], ref="p1m1")  # no search made refs yet


def test_a_search_ref_renders_the_place_it_names(tmp_path: Path) -> None:
    core, paths = _core(tmp_path, {"s.pdf": SHORT})
    found = core.search(paths["s.pdf"], "gamma", mode="keyword")
    refs = [m.ref for m in found.matches]
    assert refs and all(r and r.startswith("p") for r in refs)
    page = found.matches[0].page
    assert core.render_pages(paths["s.pdf"], ref=refs[0]).pages_rendered == (page,)


# -- search ------------------------------------------------------------------------------------


def test_search_checks_its_arguments_before_opening_the_document(tmp_path: Path) -> None:
    core, _ = _core(tmp_path, {})
    with pytest.raises(InvalidArgument, match="mode"):
        core.search(str(tmp_path / "missing.pdf"), "x", mode="fuzzy")
    with pytest.raises(InvalidArgument, match="granularity"):
        core.search(str(tmp_path / "missing.pdf"), "x", granularity="book")


def test_search_modes_follow_what_loaded(tmp_path: Path) -> None:
    plain, paths = _core(tmp_path, {"s.pdf": SHORT})
    auto = plain.search(paths["s.pdf"], "gamma")
    assert auto.search_mode == "keyword" and auto.semantic_unavailable
    assert auto.semantic_unavailable_reason == "no embedding backend is configured"
    with pytest.raises(BackendUnavailable, match="no embedding backend"):
        plain.search(paths["s.pdf"], "gamma", mode="semantic")
    assert plain.search(paths["s.pdf"], "(?i)g.mma", mode="regex").total_matches == 2
    semantic, paths = _core(tmp_path / "sem", {"s.pdf": SHORT}, embedder=FakeEmbedder(), scorer=FakeVectorScorer())
    first = semantic.search(paths["s.pdf"], "gamma")  # no vectors yet: keyword now, vectors in the background
    assert first.search_mode == "keyword" and first.semantic_pending
    assert semantic.search(paths["s.pdf"], "epsilon", mode="semantic", budget_seconds=30).matches[0].page == 2
    assert semantic.search(paths["s.pdf"], "gamma").search_mode == "hybrid"
    unscored, paths = _core(tmp_path / "noscore", {"s.pdf": SHORT}, embedder=FakeEmbedder())
    with pytest.raises(BackendUnavailable, match="no vector scorer"):
        unscored.search(paths["s.pdf"], "gamma", mode="semantic")


def test_warm_one_indexes_once_and_reports_cached_after(tmp_path: Path) -> None:
    core, paths = _core(tmp_path, {"s.pdf": SHORT}, embedder=FakeEmbedder(), scorer=FakeVectorScorer())
    first = core.services.warm_one(paths["s.pdf"], embeddings=True)
    assert first == {"status": "warmed", "pages": 3, "embeddings_cached": True}
    assert core.services.warm_one(paths["s.pdf"], embeddings=True)["status"] == "cached"


# -- cache ---------------------------------------------------------------------------------------


def test_clearing_everything_drops_the_private_store_and_what_services_remember(tmp_path: Path) -> None:
    private = FakeStore()
    core, paths = _core(tmp_path, {"s.pdf": FakeDocument(["secret"], password="pw")}, ephemeral_store=lambda: private)
    core.search(paths["s.pdf"], "secret", password="pw")
    source = core.open(paths["s.pdf"], password="pw")
    assert private.is_indexed(source.fingerprint.sha256)
    assert core.cache_stats()["total_files"] == 0  # the persistent store holds nothing of it
    core.cache_clear(expired_only=False)
    assert not private.is_indexed(source.fingerprint.sha256)
    assert core.documents.known_facts(source) is None


# -- what the server can do ------------------------------------------------------------------------


def test_capabilities_name_only_the_backends_that_loaded(tmp_path: Path) -> None:
    bare, paths = _core(
        tmp_path, {"s.pdf": SHORT}, backend_problems={"extras": "backend_unavailable: pdfium is broken"}
    )
    caps = bare.capabilities()
    assert not caps.extras and not caps.images and not caps.tables and not caps.charts
    assert caps.search_modes == ("keyword", "regex", "auto") and caps.embedding_model is None
    assert not caps.ocr.available and caps.ocr.reason
    info = server_info_answer(bare)
    assert info["features"]["agent"]["attachments"]["available"] is False
    assert info["features"]["agent"]["forms_links_annotations"]["available"] is False
    assert info["backend_problems"]["extras"] == "backend_unavailable: pdfium is broken"
    with pytest.raises(BackendUnavailable):
        bare.attachments(paths["s.pdf"])

    full, _ = _core(
        tmp_path / "full",
        {},
        extras=FakeDocumentExtras(),
        images=FakeImageProcessor(),
        tables=FakeTableExtractor(),
        embedder=FakeEmbedder(),
        scorer=FakeVectorScorer(),
        ocr_engine=FakeOcrEngine,
        vectors=FakeVectorSource(),
    )
    caps = full.capabilities()
    assert caps.extras and caps.images and caps.tables and caps.charts and caps.ocr.available
    assert "semantic" in caps.search_modes and caps.embedding_model == "fake-bow" and caps.semantic_problem is None
    info = server_info_answer(full)
    assert info["features"]["agent"]["attachments"] == {"available": True}
    assert info["features"]["search"]["embedding_model"] == "fake-bow"


def test_an_embedder_without_a_scorer_is_not_claimed(tmp_path: Path) -> None:
    core, _ = _core(tmp_path, {}, embedder=FakeEmbedder(), backend_problems={"scorer": "disabled"})
    caps = core.capabilities()
    assert "semantic" not in caps.search_modes and caps.semantic_problem == "disabled"
    assert "embedding_model" not in server_info_answer(core)["features"]["search"]


def test_services_see_ports_only(tmp_path: Path) -> None:
    """The façade hands services narrow dependencies: none of them holds the façade."""
    core, _ = _core(tmp_path, {}, extras=FakeDocumentExtras(), vectors=FakeVectorSource())
    core.services.build_all()
    for name in vars(core.services):
        service = core.services.built(name)
        if service is None or isinstance(service, (dict, list, str, Services)):
            continue
        held = getattr(service, "__dict__", {}).values()
        assert not any(isinstance(v, Pdfcore) for v in held), name


def test_the_compact_surface_reads_searches_and_renders_a_ref(tmp_path: Path) -> None:
    core, paths = _core(tmp_path, {"s.pdf": SHORT})
    body = core.read_pdf(paths["s.pdf"], "1-2")
    assert "<!-- page 1 -->" in body and "<!-- page 2 -->" in body and "Delta epsilon" in body
    with pytest.raises(InvalidArgument, match="ocr must be"):
        core.read_pdf(str(tmp_path / "missing.pdf"), ocr=3)  # type: ignore[arg-type]  # before the file is opened
    found = core.search_pdf(paths["s.pdf"], "gamma")
    assert "| p1m1 |" in found and "| p3m1 |" in found
    view = core.render_pdf(paths["s.pdf"], ref="p3m1")
    assert [im.page for im in view.images] == [3]


def test_compact_read_hints_ocr_and_ocr_without_pages_reads_a_short_scan(tmp_path: Path) -> None:
    """A page without a text layer says to use ``ocr`` where it stands; ``ocr: true`` without
    pages on a short document recognises the pages that need it; a long one asks for pages."""
    engine = FakeOcrEngine(words_from_lines([[("Recognised", Box(72, 72, 160, 86)), ("words", Box(165, 72, 210, 86))]]))
    scan = FakeDocument(["Alpha beta gamma.", "", "Gamma again on page three."])
    long_scan = FakeDocument([""] * 25)
    core, paths = _core(tmp_path, {"scan.pdf": scan, "long.pdf": long_scan}, ocr_engine=lambda: engine)
    plain = core.read_pdf(paths["scan.pdf"])
    assert "no usable text layer" in plain and "read_pdf(source, pages='2', ocr=true)" in plain
    assert "Recognised" not in plain and not engine.calls
    read = core.read_pdf(paths["scan.pdf"], ocr=True)
    assert "Recognised words" in read and "recognised pages 2" in read
    assert len(engine.calls) == 1  # only the page without text, the others keep their native text
    assert "no usable text layer" not in read
    clean, clean_paths = _core(tmp_path / "clean", {"s.pdf": SHORT}, ocr_engine=lambda: engine)
    assert "nothing to recognise" in clean.read_pdf(clean_paths["s.pdf"], ocr=True) and len(engine.calls) == 1
    with pytest.raises(InvalidArgument, match="needs pages") as refused:
        core.read_pdf(paths["long.pdf"], ocr=True)
    assert "read_pdf(source, pages=" in (refused.value.recovery or "")


def test_the_facade_stays_thin() -> None:
    """The façade checks arguments, opens documents and delegates: it stays short (parameters
    and their one-line hand-over are all it grows by), and imports no service at module level
    (logic belongs in the capability's use-case service)."""
    import pdfcore.api

    source = Path(pdfcore.api.__file__).read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 400
    top_level = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert not any("pdfcore.services" in line for line in top_level)


def test_a_page_with_text_that_renders_blank_says_why(tmp_path: Path) -> None:
    """A page whose render shows nothing though it has text (fonts neither embedded nor
    available) is rendered with a warning naming the fonts, in both profiles; a blank page
    without text is not."""
    doc = FakeDocument(["序 わたくしといふ現象は 假定された有機交流電燈の ひとつの青い照明です", ""])
    blank = FakeRenderer(page_count=2, blank_pages=frozenset({0, 1}), fonts_not_embedded=("Ryumin-Light",))
    core, paths = _core(tmp_path, {"jo.pdf": doc}, renderer=blank)
    r = core.render_pages(paths["jo.pdf"], "1-2", dpi=72)
    assert r.pages_rendered == (1, 2) and len(r.render_warnings or ()) == 1
    (warning,) = r.render_warnings or ()
    assert warning.startswith("Page 1 renders blank though it has") and "(Ryumin-Light) are not embedded" in warning
    assert "pdf_read_pages(path, pages='1')" in warning
    view = core.render_pdf(paths["jo.pdf"], pages="1")
    assert "_Warning: Page 1 renders blank" in view.markdown and "read_pdf(source, pages='1')" in view.markdown
    assert "Page 2" not in core.render_pdf(paths["jo.pdf"], pages="2").markdown
