"""pdfcore attachments and pdfcore verify on generated PDFs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import extrasgen as g
from tests.pdfgen import simple_document


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PDFCORE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PDFCORE_ISOLATION", "none")
    config = tmp_path / "c.toml"
    config.write_text("")
    monkeypatch.setenv("PDFCORE_CONFIG", str(config))
    return tmp_path


def test_cli_attachments_list_print_and_save(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pdfcore_entrypoints.cli import main

    pdf = str(g.extras_document(env / "inv.pdf"))
    assert main(["attachments", pdf, "--root", "/"]) == 0
    out = capsys.readouterr().out
    assert "1. invoice.xml (232 bytes, text, text/xml) - Factur-X invoice data" in out
    assert "6. note.txt" in out and "page 2" in out
    assert main(["attachments", pdf, "--root", "/", "--get", "invoice.xml"]) == 0
    assert capsys.readouterr().out == g.INVOICE_XML.decode()
    assert main(["attachments", pdf, "--root", "/", "--get", "4"]) == 2  # binary: not printed
    assert "unsupported_for_format" in capsys.readouterr().err
    out_dir = env / "out"
    assert main(["attachments", pdf, "--root", "/", "--get", "4", "-o", str(out_dir)]) == 0
    assert (out_dir / "blob.bin").read_bytes() == g.BINARY
    capsys.readouterr()
    assert main(["attachments", pdf, "--root", "/", "-o", str(out_dir), "--json"]) == 0
    saved = json.loads(capsys.readouterr().out)
    assert [s["attachment"] for s in saved] == [1, 2, 3, 4, 5, 6]
    assert sorted(p.name for p in out_dir.iterdir()) == sorted([*(e[0] for e in g.EMBEDDED), g.ANNOT_FILE[0]])
    assert (out_dir / "photo.png").read_bytes() == g.PHOTO_PNG


def test_cli_saved_names_stay_in_the_folder(env: Path) -> None:
    from pdfcore_entrypoints.cli import _safe_filename

    assert _safe_filename("../../etc/passwd", 1) == "passwd"
    assert _safe_filename("..\\..\\evil.txt", 2) == "evil.txt"
    assert _safe_filename("", 3) == "attachment-3"
    assert _safe_filename("...", 4) == "attachment-4"


def test_cli_verify(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pdfcore_entrypoints.cli import main

    pdf = str(simple_document(env / "s.pdf", 3))
    assert main(["verify", pdf, "unique marker token003 appears on this page only", "--root", "/"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("exact: page 3")
    assert main(["verify", pdf, "nothing of the sort is written anywhere here", "--root", "/", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["status"] == "not_found"
    # one month changed: similar, but not what the page says
    dated = str(simple_document(env / "d.pdf", 2, words=("", "The committee first met in May of that year in Paris.")))
    assert main(["verify", dated, "The committee first met in May of that year in Paris.", "--root", "/"]) == 0
    capsys.readouterr()
    assert main(["verify", dated, "The committee first met in June of that year in Paris.", "--root", "/"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("mismatch: page 2") and "differs: quote 'June', document 'May'" in out


def test_cli_warm_shows_progress_and_counts(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pdfcore warm DIR`: progress on stderr (plain lines: stderr is not a terminal here), the
    whole counts on stdout; again: all cached."""
    from pdfcore_entrypoints.cli import main

    folder = env / "docs"
    folder.mkdir()
    for i in range(4):
        simple_document(folder / f"d{i}.pdf", 2, words=(f"walrus{i}",))
    (folder / "broken.pdf").write_bytes(b"%PDF-1.4 broken")
    assert main(["warm", str(folder), "--root", "/"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert [line.split()[1] for line in lines if line.startswith("warm ")] == ["1/5", "2/5", "3/5", "4/5", "5/5"]
    assert "docs/s" in lines[-1] and "ETA 0:00:00" in lines[-1]
    assert "\r" not in captured.err and "\x1b" not in captured.err  # no bar codes off a terminal
    assert "5 PDF(s): 4 warmed now, 0 already cached, 1 skipped" in captured.out
    assert main(["warm", str(folder), "--root", "/"]) == 0
    assert "5 PDF(s): 0 warmed now, 4 already cached, 1 skipped" in capsys.readouterr().out


def test_cli_read_json_is_one_shape_with_or_without_pages(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pdfcore read --json`: pages[] whether or not --pages is given (it gave full_text without)."""
    from pdfcore_entrypoints.cli import main

    pdf = str(simple_document(env / "r.pdf", 3))
    assert main(["read", pdf, "--root", "/", "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert main(["read", pdf, "--root", "/", "--json", "--pages", "1-3"]) == 0
    named = json.loads(capsys.readouterr().out)
    assert sorted(whole) == sorted(named) and "full_text" not in whole
    assert [p["page"] for p in whole["pages"]] == [1, 2, 3]
    assert [p["text"] for p in whole["pages"]] == [p["text"] for p in named["pages"]]
    assert "token003" in whole["pages"][2]["text"] and whole["total_chars"] == named["total_chars"]
    assert main(["read", pdf, "--root", "/"]) == 0  # the human output reads the document whole
    assert "--- page 3 ---" in capsys.readouterr().out


def test_cli_verify_a_number_glued_to_a_word(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """token007 is on no page: the comparison reads its digits as a footnote mark, yet it is not
    token001 (it verified exact); token003 is found on its own page, not on the first page that reads alike."""
    from pdfcore_entrypoints.cli import main

    pdf = str(simple_document(env / "s.pdf", 3))
    assert main(["verify", pdf, "unique marker token007 appears on this page only", "--root", "/", "--json"]) == 1
    r = json.loads(capsys.readouterr().out)
    assert r["status"] == "mismatch" and r["differences"][0]["quote"] == "007"
    assert main(["verify", pdf, "Unique Marker token003 appears on this page only", "--root", "/", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["status"] == "exact" and r["page"] == 3
